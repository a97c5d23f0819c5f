"""The values the command line accepts, each checked as argparse parses it (exit code 2)."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from typing import Any

from mimesis_model.errors import SchemaError
from mimesis_model.formats import schema


def add_verbose(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """-v/--verbose; subcommands default to SUPPRESS so they keep a --verbose given before them."""
    parser.add_argument(
        "-v", "--verbose", action="store_true", default=default,
        help="print the stack trace of an error",
    )  # fmt: skip


def add_overwrite(parser: argparse.ArgumentParser, what: str) -> None:
    """--overwrite: without it, an output the user names that holds something is refused."""
    parser.add_argument(
        "--overwrite", action="store_true",
        help=f"replace {what} if it exists (refused without this option)",
    )  # fmt: skip


def whole(text: str, minimum: int = 1, what: str = "whole number") -> int:
    """TEXT as an int of at least MINIMUM."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a {what}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{value}: must be at least {minimum}")
    return value


def number(text: str) -> float:
    """TEXT as a finite float."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def positive(text: str) -> float:
    value = number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


def fraction(text: str) -> float:
    """A number strictly between 0 and 1."""
    value = number(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


def add_run_option(parser: argparse.ArgumentParser, field: str, command: str) -> None:
    """Adds the benchmark run's option FIELD (e.g. 'timeScale') to COMMAND's PARSER, with the flag,
    help, default and checks that profiles/schema/RunOptions.avsc gives it, where its `modeler`
    names COMMAND: one definition for both languages (the Java side's RunOptionsParser)."""
    spec = schema.field_declaration(schema.RUN_OPTIONS, field)
    if command not in spec.get("modeler", []):
        raise SchemaError(f"RunOptions.avsc: {field} is not an option of {command} (its `modeler`)")
    repeated = isinstance(spec["type"], dict)  # a map (j=f,...) or an array (j,...): repeatable
    default = [] if repeated else spec["default"]
    parser.add_argument(
        f"--{spec['option']}", type=run_option_type(field), default=default,
        action="extend" if repeated else "store", metavar=spec.get("arg"),
        help=f"{spec['doc']} (as a run's --{spec['option']}"
        + ("" if repeated else f"; default {spec['default']}") + ")",
    )  # fmt: skip


def run_option_type(field: str) -> Callable[[str], Any]:
    """The argparse type of the run option FIELD, as RunOptions.avsc declares it: a bounded number
    (double), J=F,... pairs (a map of doubles, its keys matching `keys`) or J,... (an array of
    ints); each mistake an argparse error naming the value."""
    spec = schema.field_declaration(schema.RUN_OPTIONS, field)
    declared = spec["type"]
    if declared == "double":
        return lambda text: _bounded(spec, text, text, "")
    if isinstance(declared, dict) and declared.get("type") == "map":
        return lambda text: [_pair(spec, part, text) for part in _parts(text)]
    if isinstance(declared, dict) and declared.get("type") == "array":
        return lambda text: [_index(spec, part, text) for part in _parts(text)]
    raise SchemaError(f"RunOptions.avsc: {field}: no command-line form for {declared}")


def _parts(text: str) -> list[str]:
    """TEXT split at commas; none at all is refused (leaving the option out means its default)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise argparse.ArgumentTypeError(f"{text!r}: empty (leave the option out for its default)")
    return parts


def _bounded(spec: dict[str, Any], text: str, shown: str, what: str) -> float:
    """TEXT as a finite number within the field's bounds (run_option_problem); SHOWN names it."""
    value = number(text)
    problem = schema.run_option_problem(spec["name"], value)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{shown.strip()}: {what}{problem}")
    return value


def _pair(spec: dict[str, Any], part: str, text: str) -> tuple[str, float]:
    """J=F with J matching the field's `keys` (a type: j, dj or all), spelled one way (03 is 3)."""
    key, _, factor = part.partition("=")
    key = key.strip().lower()
    if not factor or not re.fullmatch(spec["keys"], key):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected j=f, dj=f or all=f, e.g. 3=2, d1=2 or all=0.01"
        )
    prefix = "d" if key.startswith("d") else ""
    name = key if key == "all" else f"{prefix}{int(key[len(prefix) :])}"
    return name, _bounded(spec, factor, part, "the factor ")


def _index(spec: dict[str, Any], part: str, text: str) -> int:
    """A type's number: a whole number of at least the field's `minimum`."""
    value = int(part) if re.fullmatch(r"[+-]?[0-9]+", part) else -1
    if value < spec.get("minimum", 0):
        raise argparse.ArgumentTypeError(f"{text!r}: {part!r} is not a type number (0, 1, ...)")
    return value
