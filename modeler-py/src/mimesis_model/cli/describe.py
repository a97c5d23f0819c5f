"""`describe`: plot a profile and tabulate its file types."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.profile import Profile
from mimesis_model.model.describe import (
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
        "--out", default=None, help="folder to write (default PROFILE_DIR/describe)"
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    options.add_overwrite(parser, "the plots in a given --out")


def run(args: argparse.Namespace) -> int:
    profile = Profile.read(args.profile_dir)
    trace_dir = args.trace if args.trace is not None else default_trace_dir(profile)
    trace = None if trace_dir is None else read_for_fitting(trace_dir)
    out = Path(args.out) if args.out is not None else Path(args.profile_dir) / "describe"
    if args.out is not None:  # the default folder is this command's own
        refuse_replacing(out, "--out", args.overwrite)
    check_writable(out, "--out" if args.out is not None else None)  # before the plots are drawn
    index = describe(
        profile, trace=trace, out_dir=out, random_state=args.seed,
        option="--out" if args.out is not None else None,
    )  # fmt: skip
    print(render_type_table(profile))
    print(render_workload(profile))
    print(f"{index}: plots of {'trace and model' if trace else 'the model (no trace)'}")
    return OK
