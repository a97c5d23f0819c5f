"""The `mimesis-model` command: its commands, each a module of this package, and the one path
every error takes to the user."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Final, Protocol

from mimesis_model import __version__
from mimesis_model.cli import (
    compare,
    describe,
    fidelity,
    fit,
    import_mimesis,
    options,
    report,
    scale,
    summary,
    sweep,
    validate,
)
from mimesis_model.cli.exit_codes import BAD_INPUT, FAILED, OK
from mimesis_model.errors import MimesisModelError

PROG: Final = "mimesis-model"


class Command(Protocol):
    """A command module: its help line, its description, its arguments and what it runs."""

    @property
    def HELP(self) -> str: ...

    @property
    def DESCRIPTION(self) -> str: ...

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


# Every command by name, in the order --help lists them.
COMMANDS: Final[dict[str, Command]] = {
    "summary": summary,
    "fit": fit,
    "validate": validate,
    "scale": scale,
    "describe": describe,
    "import-mimesis": import_mimesis,
    "sweep": sweep,
    "fidelity": fidelity,
    "compare": compare,
    "report": report,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ARGV (default sys.argv[1:]); return the exit code."""
    args = build_parser().parse_args(
        compare.sides_marked(list(sys.argv[1:] if argv is None else argv))
    )
    try:
        code: int = args.run(args)
        return code
    except MimesisModelError as error:
        if args.verbose:
            traceback.print_exc()
        print(f"{PROG}: {error}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours, and nothing left to say.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except OSError as error:
        # A path the library did not check (unreadable, vanished, a full disk): the user's to fix.
        if args.verbose:
            traceback.print_exc()
        where = "" if error.filename is None else f"{os.fsdecode(error.filename)}: "
        print(f"{PROG}: {where}{error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    except Exception as error:
        # A failure of ours: one line as the Java side prints it, the traceback with --verbose.
        if args.verbose:
            traceback.print_exc()
        print(f"{PROG}: failed: {type(error).__name__}: {error}", file=sys.stderr)
        if not args.verbose:
            print("(run again with --verbose for the traceback)", file=sys.stderr)
        return FAILED


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line: each command of COMMANDS a subcommand."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="Fit MimesisBench workload profiles from HDFS namespace traces."
    )
    options.add_verbose(parser, default=False)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for name, command in COMMANDS.items():
        subparser = commands.add_parser(name, help=command.HELP, description=command.DESCRIPTION)
        options.add_verbose(subparser)
        command.add_arguments(subparser)
        subparser.set_defaults(run=command.run)
    return parser
