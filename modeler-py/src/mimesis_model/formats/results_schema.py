"""The JSON Schemas of the results files (profiles/schema/*.schema.json), read in place as the
Avro schemas are, and the check of a results file against its schema: what every results
reader (run_summary, sweep_file, capacity_file, parse_report_file, namespace_report_file,
fidelity_file) runs
before it reads a key."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from mimesis_model.errors import MimesisModelError, SchemaError
from mimesis_model.formats.schema import schema_dir

SUMMARY: Final = "summary"
SWEEP: Final = "sweep"
PARSE_REPORT: Final = "parse-report"
NAMESPACE_REPORT: Final = "namespace-report"
FIDELITY: Final = "fidelity"
COUNTERS: Final = "counters"
CAPACITY: Final = "capacity"


def load(name: str) -> dict[str, Any]:
    """The JSON Schema NAME (e.g. 'summary') from the schema folder."""
    return dict(_load(schema_dir().resolve(), name).schema)


def problem(name: str, document: Any) -> str | None:
    """Why DOCUMENT is not a NAME file, in a line naming where in it (None: it is one)."""
    error = best_match(_load(schema_dir().resolve(), name).iter_errors(document))
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path) or "the top level"
    return f"at {where}: {error.message}"


def check(name: str, document: Any, path: Path, error: type[MimesisModelError]) -> None:
    """Raise ERROR (one line naming PATH) when DOCUMENT is not a NAME file."""
    found = problem(name, document)
    if found is not None:
        raise error(
            f"{path}: not a {name}.json as profiles/schema/{name}.schema.json says: {found}"
        )


def read_json(path: Path, name: str, error: type[MimesisModelError]) -> Any:
    """PATH's JSON, checked against the schema NAME; ERROR (one line naming PATH) if it is not."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except (OSError, ValueError) as failure:
        raise error(f"{path}: not JSON: {failure}") from failure
    refuse_non_finite(document, path, error)
    check(name, document, path, error)
    return document


def refuse_non_finite(document: Any, path: Path, error: type[MimesisModelError]) -> None:
    """Raise ERROR naming PATH and the key when DOCUMENT holds NaN or an infinity (Python's json
    reads them): a results file never holds one, and a comparison of it would print nonsense."""
    where = _non_finite(document, "")
    if where is not None:
        key, value = where
        raise error(f"{path}: {key or 'the top level'} is {value}, not a finite number")


def _non_finite(value: Any, key: str) -> tuple[str, float] | None:
    """The first key (a/b/0/c) in VALUE holding a NaN or infinite number, with it."""
    if isinstance(value, float) and not math.isfinite(value):
        return key, value
    if isinstance(value, dict):
        inner: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, list):
        inner = enumerate(value)
    else:
        return None
    for name, item in inner:
        found = _non_finite(item, f"{key}/{name}" if key else str(name))
        if found is not None:
            return found
    return None


@cache
def _load(folder: Path, name: str) -> Draft202012Validator:
    path = folder / f"{name}.schema.json"
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except (OSError, ValueError) as failure:
        raise SchemaError(f"{path}: {failure}") from failure
    except Exception as failure:  # jsonschema's SchemaError: the schema itself is malformed
        raise SchemaError(f"{path}: not a valid JSON Schema: {failure}") from failure
    return Draft202012Validator(schema)
