"""`describe`: plot a profile and tabulate its file types."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.profile import Profile
from mimesis_model.model.describe import (
    INDEX_FILE,
    default_trace_dir,
    describe,
    render_type_table,
    render_workload,
)
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.output import check_writable, refuse_replacing

HELP: Final = "plot a profile and tabulate its file types"
DESCRIPTION: Final = (
    "Print a table of the profile's file types, its directory types, each "
    "type's other calls and probes, the cluster calls and the commands it does not "
    "reproduce, and write PNG plots (popularity "
    "of trace vs model, per-type access interarrival and active span CDFs, the k search) "
    "with an index.html showing them. "
    "Example: mimesis-model describe profile/ --trace trace/ --out report/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile_dir", metavar="PROFILE_DIR")
    parser.add_argument(
        "--trace", metavar="TRACE_DIR", default=None,
        help="trace to compare popularity with (default: the profile's source, if it exists)",
    )  # fmt: skip
    parser.add_argument(
        "--out", default=None,
        help="folder to write (default: <the profile folder's name>-describe in the current "
        "folder; never into the profile's own folder)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    options.add_overwrite(parser, "the plots in a given --out")


def default_out(profile_dir: Path) -> Path:
    """Where describe writes without --out: PROFILE-describe in the current folder."""
    return Path(f"{profile_dir.resolve().name}-describe")


def run(args: argparse.Namespace) -> int:
    profile = Profile.read(args.profile_dir)
    trace_dir = args.trace if args.trace is not None else default_trace_dir(profile)
    trace = None if trace_dir is None else read_for_fitting(trace_dir)
    # a profile's folder may be a shipped one: the plots go beside the user, not into it
    out = Path(args.out) if args.out is not None else default_out(Path(args.profile_dir))
    if args.out is not None or not (out / INDEX_FILE).is_file():
        # a folder not an earlier describe's own is replaced only when asked
        refuse_replacing(
            out, "--out" if args.out is not None else "describe's folder", args.overwrite
        )
    check_writable(out, "--out" if args.out is not None else None)  # before the plots are drawn
    index = describe(
        profile, trace=trace, out_dir=out, random_state=args.seed,
        option="--out" if args.out is not None else None,
    )  # fmt: skip
    print(render_type_table(profile))
    print(render_workload(profile))
    print(f"{index}: plots of {'trace and model' if trace else 'the model (no trace)'}")
    return OK
