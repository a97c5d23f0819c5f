"""`summary`: print what a trace holds."""

from __future__ import annotations

import argparse
import json
from typing import Final

from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.trace import Trace
from mimesis_model.formats.trace_summary import render_text, summarize

HELP: Final = "print what a trace holds"
DESCRIPTION: Final = (
    "Print the counts of a trace: events by op, time range, files, "
    "accesses by kind, and the namespace snapshot if there is one."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace_dir", metavar="TRACE_DIR", help="folder written by `parse`")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    summary = summarize(Trace.read(args.trace_dir))
    if args.json:
        print(json.dumps(summary))
    else:
        print(render_text(summary))
    return OK
