"""The Avro schemas of the trace, loaded from the repository's profiles/schema/.

That folder is the single source of truth for the Java and the Python side, so
the package reads it in place instead of keeping a copy.
"""

from __future__ import annotations

import json
import math
import os
from functools import cache
from pathlib import Path
from typing import Any, Final

from fastavro.schema import load_schema
from fastavro.types import Schema

from mimesis_model.errors import SchemaError

SCHEMA_DIR_ENV: Final = "MIMESIS_SCHEMA_DIR"
"""Environment variable naming the folder of .avsc files, overriding the search."""

AUDIT_EVENT: Final = "AuditEvent"
FILE_TIMELINE: Final = "FileTimeline"
DIRECTORY_TIMELINE: Final = "DirectoryTimeline"
CLUSTER_EVENT: Final = "ClusterEvent"
AUDIT_COMMAND: Final = "AuditCommand"
NAMESPACE_ENTRY: Final = "NamespaceEntry"
PROFILE: Final = "Profile"
RUN_OPTIONS: Final = "RunOptions"

# A folder holding this file is taken for the schema folder.
_MARKER: Final = f"{AUDIT_EVENT}.avsc"
_IN_REPOSITORY: Final = Path("profiles", "schema")


def schema_dir() -> Path:
    """The folder of .avsc files: $MIMESIS_SCHEMA_DIR, else profiles/schema/ above this file."""
    override = os.environ.get(SCHEMA_DIR_ENV)
    if override:
        folder = Path(override)
        if not (folder / _MARKER).is_file():
            raise SchemaError(f"{SCHEMA_DIR_ENV}={override}: no {_MARKER} in that folder")
        return folder
    here = Path(__file__).resolve().parent
    for ancestor in here.parents:
        folder = ancestor / _IN_REPOSITORY
        if (folder / _MARKER).is_file():
            return folder
    raise SchemaError(
        f"no {_IN_REPOSITORY}/ folder above {here}; "
        f"set {SCHEMA_DIR_ENV} to the folder holding {_MARKER}"
    )


def load(name: str) -> Schema:
    """The parsed schema NAME (e.g. 'AuditEvent') from the schema folder."""
    return _load(schema_dir().resolve(), name)


def declaration(name: str) -> dict[str, Any]:
    """The .avsc of NAME as written, with the attributes Avro itself ignores (e.g. a field's
    `option`: RunOptions.avsc defines the run's command-line options for Java and Python)."""
    path = schema_dir().resolve() / f"{name}.avsc"
    try:
        declared: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SchemaError(f"{path}: {error}") from error
    return declared


def field_declaration(name: str, field: str) -> dict[str, Any]:
    """The field FIELD of NAME's .avsc as written (e.g. Profile's formatVersion, whose `current`
    is the format version both languages write and read)."""
    for declared in declaration(name).get("fields", []):
        if declared.get("name") == field:
            return dict(declared)
    raise SchemaError(f"{schema_dir() / name}.avsc: no field {field!r}")


def full_name(schema: Schema) -> str:
    """The namespace-qualified record name, e.g. 'org.mimesisbench.trace.AuditEvent'."""
    if isinstance(schema, dict) and isinstance(schema.get("name"), str):
        return str(schema["name"])
    return "a non-record schema"


def field_names(schema: Schema) -> list[str]:
    """The record's field names, in schema order."""
    if not isinstance(schema, dict):
        return []
    return [str(field["name"]) for field in schema.get("fields", [])]


@cache
def _load(folder: Path, name: str) -> Schema:
    path = folder / f"{name}.avsc"
    if not path.is_file():
        raise SchemaError(f"{path}: no such schema file")
    try:
        return load_schema(str(path))
    except Exception as error:  # fastavro raises several types for a malformed .avsc
        raise SchemaError(f"{path}: not a valid Avro schema: {error}") from error


def run_option_problem(field: str, value: float) -> str | None:
    """Why VALUE is out of the bounds RunOptions.avsc gives FIELD (its `minimum` or
    `exclusiveMinimum`; a number must be finite), or None when it is within them."""
    spec = field_declaration(RUN_OPTIONS, field)
    if not math.isfinite(value):
        return "not a finite number"
    if "minimum" in spec and not value >= spec["minimum"]:
        return f"must be >= {spec['minimum']}"
    bound = spec.get("exclusiveMinimum")
    if bound is not None and not value > bound:
        return "must be positive" if bound == 0 else f"must be > {bound}"
    return None
