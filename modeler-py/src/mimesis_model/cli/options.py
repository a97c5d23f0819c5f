"""The values the command line accepts, each checked as argparse parses it (exit code 2)."""

from __future__ import annotations

import argparse
import math
from typing import Any

from mimesis_model.formats import schema


def add_verbose(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """-v/--verbose; subcommands default to SUPPRESS so they keep a --verbose given before them."""
    parser.add_argument(
        "-v", "--verbose", action="store_true", default=default,
        help="print the stack trace of an error",
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


def non_negative(text: str) -> float:
    value = number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
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


def type_index(text: str) -> int:
    """A file type's number: types are numbered from 0."""
    return whole(text, minimum=0, what="type number")


def type_factor(text: str) -> tuple[int, float]:
    """J=F: type J's files multiplied by F."""
    index, _, factor = text.partition("=")
    if not factor:
        raise argparse.ArgumentTypeError(f"{text!r} is not J=F (e.g. 0=2)")
    return type_index(index), non_negative(factor)


def type_list(text: str) -> list[int]:
    """J,K,...: type numbers; none at all is refused (leaving the option out means every type)."""
    types = [type_index(part) for part in text.split(",") if part.strip()]
    if not types:
        raise argparse.ArgumentTypeError(f"{text!r}: no type numbers (leave it out for every type)")
    return types


def named_type(text: str) -> str:
    """A type as the command line names it: J (a file type), dJ (a directory type) or all."""
    from mimesis_model.model.scaling import type_name

    try:
        kind, index = type_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return kind if index is None else f"{'d' if kind == 'directory' else ''}{index}"


def named_type_factor(text: str) -> tuple[str, float]:
    """J=F, dJ=F or all=F: that type's (every type's) files or directories multiplied by F."""
    name, _, factor = text.partition("=")
    if not factor:
        raise argparse.ArgumentTypeError(f"{text!r} is not J=F (e.g. 0=2, d1=2 or all=2)")
    return named_type(name), non_negative(factor)


def named_type_list(text: str) -> list[str]:
    """J,dK,...: file and directory types."""
    return [named_type(part) for part in text.split(",") if part.strip()]


def add_run_option(parser: argparse.ArgumentParser, field: str, value_type: Any) -> None:
    """Adds the benchmark run's option FIELD (e.g. 'timeScale') to PARSER, with the flag, help
    and default that profiles/schema/RunOptions.avsc gives it: one definition for both languages."""
    declared = schema.declaration(schema.RUN_OPTIONS)
    spec = next(f for f in declared["fields"] if f["name"] == field)
    parser.add_argument(
        f"--{spec['option']}", type=value_type, default=spec["default"],
        help=f"{spec['doc']} (as a run's --{spec['option']}; default {spec['default']})",
    )  # fmt: skip
