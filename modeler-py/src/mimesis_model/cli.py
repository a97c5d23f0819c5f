"""The `mimesis-model` command: a thin layer over the library, one subcommand each."""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from typing import Final

from mimesis_model import __version__
from mimesis_model.errors import MimesisModelError
from mimesis_model.summary import render_text, summarize
from mimesis_model.trace import Trace

PROG: Final = "mimesis-model"

# The same codes as the Java side's org.mimesisbench.cli.ExitCodes.
OK: Final = 0
FAILED: Final = 1
BAD_INPUT: Final = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ARGV (default sys.argv[1:]); return the exit code."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except MimesisModelError as error:
        if args.verbose:
            traceback.print_exc()
        print(f"{PROG}: {error}", file=sys.stderr)
        return BAD_INPUT


def _summary(args: argparse.Namespace) -> int:
    summary = summarize(Trace.read(args.trace_dir))
    if args.json:
        print(json.dumps(summary))
    else:
        print(render_text(summary))
    return OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Fit MimesisBench workload profiles from HDFS namespace traces."
    )
    _add_verbose(parser, default=False)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    summary = commands.add_parser(
        "summary", help="print what a trace holds",
        description="Print the counts of a trace: events by op, time range, files, "
        "accesses by kind, and the namespace snapshot if there is one.",
    )  # fmt: skip
    _add_verbose(summary, default=argparse.SUPPRESS)
    summary.add_argument("trace_dir", metavar="TRACE_DIR", help="folder written by `parse`")
    summary.add_argument("--json", action="store_true", help="print one JSON object")
    summary.set_defaults(run=_summary)
    return parser


def _add_verbose(parser: argparse.ArgumentParser, default: object) -> None:
    # Subcommands default to SUPPRESS so they keep a --verbose given before them.
    parser.add_argument(
        "-v", "--verbose", action="store_true", default=default,
        help="print the stack trace of an error",
    )  # fmt: skip
