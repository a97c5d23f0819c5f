"""`report`: one HTML page of a run's results."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.output import check_writable, refuse_replacing
from mimesis_model.runs.run_report import REPORT_FILE, write_report
from mimesis_model.runs.run_results import RunResults

HELP: Final = "one HTML page of a run's results"
DESCRIPTION: Final = (
    "Write one self-contained HTML page (PNG plots embedded) of a run's results "
    "folder: throughput over time by op, service and response time percentiles by op, ops "
    "per file type, the "
    "fidelity scores (if `fidelity` has written fidelity.json), lateness, the options, "
    "target and notes; a replay's page shows its scores against its trace; with --beside, "
    "another run's results next to these (a replay beside a run of the profile fitted on "
    "its trace). Example: mimesis-model report results/run1/; mimesis-model report "
    "results/replay1/ --beside results/run1/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results_dir", metavar="RESULTS_DIR")
    parser.add_argument(
        "--beside", default=None, metavar="RESULTS_DIR",
        help="another run's results shown next to this one (a replay of the trace beside a run "
        "of the profile fitted on it)",
    )  # fmt: skip
    parser.add_argument(
        "--out",
        default=None,
        metavar="HTML",
        help=f"page to write (default RESULTS_DIR/{REPORT_FILE})",
    )
    options.add_overwrite(parser, "a given --out page")


def run(args: argparse.Namespace) -> int:
    results = RunResults.read(args.results_dir)
    beside = None if args.beside is None else RunResults.read(args.beside)
    out = Path(args.out) if args.out is not None else results.directory / REPORT_FILE
    if args.out is not None:  # the default page is this command's own
        refuse_replacing(out, "--out", args.overwrite, is_file=True)
    check_writable(out, "--out" if args.out is not None else None, is_file=True)
    print(write_report(results, out, "--out" if args.out is not None else None, beside))
    return OK
