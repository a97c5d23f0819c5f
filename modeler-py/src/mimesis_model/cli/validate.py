"""`validate`: compare a profile's synthetic workload with a trace."""

from __future__ import annotations

import argparse
import json
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.profile import Profile
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.model.validation import render_validation, validate

HELP: Final = "compare a profile's synthetic workload with a trace"
DESCRIPTION: Final = (
    "Synthesize the profile's workload with the reference generator and print "
    "the Kolmogorov-Smirnov distance to the trace per dimension (popularity, access "
    "interarrival, active span, create interarrival, files per depth) and the op mix's "
    "total variation distance, overall and per type; then the whole workload: every "
    "audited command of the trace, allowed and denied, against the model's, their command "
    "mix's total variation, the coverage (the model's calls over the trace's) and the "
    "commands the model never issues. "
    "Example: mimesis-model validate profile/ trace/ --json"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile_dir", metavar="PROFILE_DIR")
    parser.add_argument("trace_dir", metavar="TRACE_DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options.add_run_option(parser, "timeScale", "validate")
    options.add_run_option(parser, "spanScale", "validate")
    parser.add_argument(
        "--replicas", type=options.positive, default=None,
        help="copies of the model synthesized (default: enough for 50,000 files)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")


def run(args: argparse.Namespace) -> int:
    profile = Profile.read(args.profile_dir)
    report = validate(
        profile, read_for_fitting(args.trace_dir), time_scale=args.time_scale,
        span_scale=args.span_scale, replicas=args.replicas, random_state=args.seed,
    )  # fmt: skip
    print(json.dumps(report) if args.json else render_validation(report))
    return OK
