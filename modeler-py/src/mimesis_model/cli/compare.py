"""`compare`: compare repeated runs of two setups (A/B), telling noise apart."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.errors import MimesisModelError
from mimesis_model.formats.capacity_file import CAPACITY_FILE, CapacityFile
from mimesis_model.output import check_writable, refuse_replacing, write_file
from mimesis_model.runs.capacity_comparison import (
    compare_capacities,
    render_capacity_comparison,
)
from mimesis_model.runs.run_comparison import compare_runs, plot_comparison, render_comparison
from mimesis_model.runs.run_results import RunResults

HELP: Final = "compare repeated runs of two setups (A/B), telling noise apart"
DESCRIPTION: Final = (
    "Compare the results folders of side A with those of side B (after '--'): "
    "throughput overall and per op, latency p50 and p99 per op; per side the mean and "
    "coefficient of variation, and a 95 % confidence interval of the difference (Welch's "
    "t). A difference whose interval holds 0 is within noise. Repeat runs on each side (3 "
    "or more). Example: mimesis-model compare results/a1 results/a2 results/a3 -- "
    "results/b1 results/b2 results/b3 --plot ab.png. Given one capacity search's folder "
    "(capacity.json) on each side, compares the two capacities: mimesis-model compare "
    "results/cap-a -- results/cap-b"
)

B_OPTION: Final = "--b"


def sides_marked(argv: list[str]) -> list[str]:
    """ARGV with the '--' between A's and B's folders of `compare` made the option --b, which
    argparse can tell apart (it drops a bare '--' from positionals)."""
    if "compare" not in argv or "--" not in argv:
        return argv
    command, separator = argv.index("compare"), argv.index("--")
    if separator < command:
        return argv
    return [*argv[:separator], B_OPTION, *argv[separator + 1 :]]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("side_a", nargs="+", metavar="RESULTS_A", help="A's results folders")
    parser.add_argument(
        B_OPTION, dest="side_b", nargs="+", required=True, metavar="RESULTS_B",
        help="B's results folders (after '--' or after this option)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--all", action="store_true", dest="every",
        help="list every metric (default: the throughput, the differences beyond noise and, "
        "with too few runs to tell, the largest differences)",
    )  # fmt: skip
    parser.add_argument("--plot", metavar="PNG", default=None, help="write a plot of both sides")
    options.add_overwrite(parser, "the --plot file")


def run(args: argparse.Namespace) -> int:
    folders = [*args.side_a, *args.side_b]
    if any((Path(folder) / CAPACITY_FILE).is_file() for folder in folders):
        return _capacities(args)
    if args.plot is not None:
        refuse_replacing(Path(args.plot), "--plot", args.overwrite, is_file=True)
        check_writable(Path(args.plot), "--plot", is_file=True)  # before the comparison's work
    report = compare_runs(
        [RunResults.read(run) for run in args.side_a],
        [RunResults.read(run) for run in args.side_b],
    )
    if args.plot is not None:
        write_file(Path(args.plot), plot_comparison(report), "--plot")
    print(json.dumps(report) if args.json else render_comparison(report, args.every))
    return OK


def _capacities(args: argparse.Namespace) -> int:
    """Two capacity searches' results, one on each side."""
    if len(args.side_a) != 1 or len(args.side_b) != 1 or args.plot is not None:
        raise MimesisModelError(
            "compare: capacity searches are compared one against one (A -- B), without --plot"
        )
    a, b = Path(args.side_a[0]), Path(args.side_b[0])
    report = compare_capacities(CapacityFile.read(a), CapacityFile.read(b), a, b)
    print(json.dumps(report) if args.json else render_capacity_comparison(report))
    return OK
