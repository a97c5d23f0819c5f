"""Cross-language test vectors: a trace written by the Java parser, read by Python.

audit-parsers writes a small real trace to profiles/vectors/trace/ (override
with MIMESIS_VECTORS_DIR): events.avro, files.avro, optionally namespace.avro,
and expected.json, which lists every record those files hold. These tests
read the folder with Trace.read and with the package's record reader and
compare every field of every record.

A missing folder fails the tests; with MIMESIS_VECTORS_OPTIONAL=1 it skips them.

expected.json, format 2 (UTF-8 JSON, one object):

    {
      "format": 2,
      "comment": "free text, optional",
      "events":      [ {<AuditEvent fields>}, ... ],
      "files":       [ {<FileTimeline fields>}, ... ],
      "directories": [ {<DirectoryTimeline fields>}, ... ]  or  null
      "cluster":     [ {<ClusterEvent fields>}, ... ]  or  null
      "namespace":   [ {<NamespaceEntry fields>}, ... ]  or  null
    }

- "format", "events", "files", "directories", "cluster" and "namespace" are required; no
  other key but "comment" is allowed.
- "events" lists every record of events.avro, in file order; "files" every
  record of files.avro; "directories" every record of dirs.avro, or null when
  the trace has none (written before directory timelines); "cluster" every record of
  cluster.avro (the events without a path), or null (written before it); "namespace" every
  record of namespace.avro, or null when the trace has no namespace.avro
  (parsed without --fsimage).
- Each record is an object with exactly the fields of its .avsc in
  profiles/schema/, named as there (camelCase), none omitted even when null.
- Values are plain JSON: long and int as integers (never 1.0 or 1e12);
  boolean as true/false; string as a string (any Unicode, JSON-escaped);
  a ["null", X] union as null or the plain X value (not Avro's JSON
  encoding {"string": "..."}); accessTimes as an array of integers;
  accessKinds as the string of letters, e.g. "OOLG".

Example record of "files":
    {"id": 0, "path": "/a/f", "finalPath": "/b/f", "depth": 2, "preExisting": false,
     "createTime": 1700000000000, "deleteTime": null, "renames": 1,
     "accessTimes": [1700000000500, 1700000001000], "accessKinds": "OL"}
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fastavro
import numpy as np
import pytest

from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.trace import (
    CLUSTER_FILE,
    DIRS_FILE,
    EVENTS_FILE,
    FILES_FILE,
    NAMESPACE_FILE,
    NO_TIME,
    Trace,
)
from tracefiles import small_trace

VECTORS_DIR_ENV = "MIMESIS_VECTORS_DIR"
OPTIONAL_ENV = "MIMESIS_VECTORS_OPTIONAL"
REPOSITORY_VECTORS = Path(__file__).resolve().parents[2] / "profiles" / "vectors" / "trace"
EXPECTED_FILE = "expected.json"
FORMAT = 2

# expected.json key -> (Avro file, schema name)
TABLES = {
    "events": (EVENTS_FILE, schema.AUDIT_EVENT),
    "files": (FILES_FILE, schema.FILE_TIMELINE),
    "directories": (DIRS_FILE, schema.DIRECTORY_TIMELINE),
    "cluster": (CLUSTER_FILE, schema.CLUSTER_EVENT),
    "namespace": (NAMESPACE_FILE, schema.NAMESPACE_ENTRY),
}
# tables a trace may lack: null in expected.json
OPTIONAL_TABLES = {"directories", "cluster", "namespace"}
# Trace.namespace attribute -> NamespaceEntry field
NAMESPACE_COLUMNS = {
    "path": "path", "is_dir": "isDir", "depth": "depth", "size": "size",
    "mtime": "mtime", "atime": "atime", "replication": "replication",
}  # fmt: skip
# Shown in a failure; the rest are counted.
MAX_SHOWN = 20

Record = dict[str, Any]


@pytest.fixture(scope="module")
def vectors_dir() -> Path:
    folder = Path(os.environ.get(VECTORS_DIR_ENV) or REPOSITORY_VECTORS)
    if not (folder / EXPECTED_FILE).is_file():
        message = f"no Java test vectors: {folder / EXPECTED_FILE} is missing"
        if os.environ.get(OPTIONAL_ENV) == "1":
            pytest.skip(message)
        pytest.fail(f"{message} (set {OPTIONAL_ENV}=1 to skip)")
    return folder


@pytest.fixture(scope="module")
def expected(vectors_dir: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((vectors_dir / EXPECTED_FILE).read_text("utf-8"))
    return loaded


def test_expected_json_is_format_2(expected: dict[str, Any]) -> None:
    _assert_none(format_problems(expected))


def test_records_match_expected(vectors_dir: Path, expected: dict[str, Any]) -> None:
    _assert_none(record_mismatches(vectors_dir, expected))


def test_trace_columns_match_expected(vectors_dir: Path, expected: dict[str, Any]) -> None:
    _assert_none(column_mismatches(Trace.read(vectors_dir), expected))


# --- the checks, as plain functions so that they are tested below on Python-written vectors


def format_problems(expected: dict[str, Any]) -> list[str]:
    """What in EXPECTED breaks format 2, beyond the values themselves."""
    problems = []
    if expected.get("format") != FORMAT:
        problems.append(f"format is {expected.get('format')!r}, expected {FORMAT}")
    missing = {"format", *TABLES} - expected.keys()
    unknown = expected.keys() - {"format", "comment", *TABLES}
    problems += [f"missing key {key!r}" for key in sorted(missing)]
    problems += [f"unknown key {key!r}" for key in sorted(unknown)]
    for table, (_, schema_name) in TABLES.items():
        records = expected.get(table)
        if records is None and table in OPTIONAL_TABLES:
            continue
        if not isinstance(records, list) or not records:
            problems.append(f"{table} is not a non-empty list")
            continue
        fields = schema.field_names(schema.load(schema_name))
        for index, record in enumerate(records):
            if not isinstance(record, dict) or set(record) != set(fields):
                keys = list(record) if isinstance(record, dict) else record
                problems.append(f"{table}[{index}] has keys {keys}, expected {fields}")
    return problems


def record_mismatches(trace_dir: Path, expected: dict[str, Any]) -> list[str]:
    """Every field of every record, read through our schemas, against EXPECTED."""
    problems = []
    for table, (file_name, schema_name) in TABLES.items():
        path = trace_dir / file_name
        wanted = expected.get(table)
        if wanted is None:
            if path.exists():
                problems.append(f"{table}: {file_name} exists but expected.json says null")
            continue
        found = list(read_records(path, schema.load(schema_name)))
        if len(found) != len(wanted):
            problems.append(f"{table}: {len(found)} records in {file_name}, {len(wanted)} expected")
        for index, (record, wanted_record) in enumerate(zip(found, wanted, strict=False)):
            for field in schema.field_names(schema.load(schema_name)):
                if _typed(record.get(field)) != _typed(wanted_record.get(field)):
                    problems.append(
                        f"{table}[{index}].{field}: file has {record.get(field)!r}, "
                        f"expected {wanted_record.get(field)!r}"
                    )
    return problems


def column_mismatches(trace: Trace, expected: dict[str, Any]) -> list[str]:
    """The NumPy columns of TRACE against the columns EXPECTED's records make."""
    events, files, namespace = expected["events"], expected["files"], expected["namespace"]
    if (namespace is None) != (trace.namespace is None):
        return [f"namespace: trace has one {trace.namespace is not None}, expected {namespace}"]
    per_file = trace.files.accesses_per_file
    access_times = [time for record in files for time in record["accessTimes"]]
    letters = "".join(_column(files, "accessKinds"))
    checks: list[tuple[str, Any, list[Any]]] = [
        ("events.time", trace.events.time, _column(events, "time")),
        ("events.op", trace.events.op.values(), _column(events, "op")),
        ("events.allowed", trace.events.allowed, _column(events, "allowed")),
        ("events.user", trace.events.user.values(), _column(events, "user")),
        ("files.id", trace.files.id, _column(files, "id")),
        ("files.depth", trace.files.depth, _column(files, "depth")),
        ("files.pre_existing", trace.files.pre_existing, _column(files, "preExisting")),
        ("files.create_time", trace.files.create_time, _column(files, "createTime", _time)),
        ("files.delete_time", trace.files.delete_time, _column(files, "deleteTime", _time)),
        ("files.renames", trace.files.renames, _column(files, "renames")),
        ("files.rename_times", trace.files.rename_times,
         [time for record in files for time in record["renameTimes"]]),
        ("files.accesses_per_file", per_file, _column(files, "accessTimes", len)),
        ("files.access_offsets", trace.files.access_offsets, _offsets(files)),
        ("files.access_times", trace.files.access_times, access_times),
        ("files.access_kinds", list(trace.files.access_kinds.tobytes().decode()), list(letters)),
    ]  # fmt: skip
    if trace.namespace is not None:
        checks += [
            (f"namespace.{name}", getattr(trace.namespace, name), _column(namespace, field))
            for name, field in NAMESPACE_COLUMNS.items()
        ]
    problems = []
    for name, column, wanted in checks:
        found = column.tolist() if isinstance(column, np.ndarray) else column
        if len(found) != len(wanted):
            problems.append(f"{name}: {len(found)} values, {len(wanted)} expected")
        problems += [
            f"{name}[{row}]: {value!r}, expected {want!r}"
            for row, (value, want) in enumerate(zip(found, wanted, strict=False))
            if _typed(value) != _typed(want)
        ]
    return problems


def _typed(value: Any) -> Any:
    """VALUE with its type attached, so that True != 1 and 1.0 != 1."""
    if isinstance(value, list):
        return [_typed(item) for item in value]
    return (type(value).__name__, value)


def _column(
    records: list[Record], field: str, convert: Callable[[Any], Any] | None = None
) -> list[Any]:
    return [record[field] if convert is None else convert(record[field]) for record in records]


def _time(epoch_ms: int | None) -> int:
    return NO_TIME if epoch_ms is None else epoch_ms


def _offsets(files: list[Record]) -> list[int]:
    offsets = [0]
    for record in files:
        offsets.append(offsets[-1] + len(record["accessTimes"]))
    return offsets


def _assert_none(problems: list[str]) -> None:
    shown = "\n".join(problems[:MAX_SHOWN])
    more = f"\n... and {len(problems) - MAX_SHOWN} more" if len(problems) > MAX_SHOWN else ""
    assert not problems, f"{len(problems)} mismatches:\n{shown}{more}"


# --- the checks themselves, on vectors that Python writes (these never skip)


def _python_vectors(folder: Path, namespace: bool = True) -> dict[str, Any]:
    """small_trace() in FOLDER and its expected.json, the way the Java side should emit it."""
    small_trace(folder)
    if not namespace:
        (folder / NAMESPACE_FILE).unlink()
    expected: dict[str, Any] = {"format": FORMAT, "comment": "written by Python"}
    for table, (file_name, _) in TABLES.items():
        path = folder / file_name
        expected[table] = _plain_records(path) if path.exists() else None
    text = json.dumps(expected, ensure_ascii=False, indent=1)
    (folder / EXPECTED_FILE).write_text(text, "utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _plain_records(path: Path) -> list[Record]:
    """PATH's records read by fastavro alone, independent of the package."""
    with path.open("rb") as stream:
        return [dict(record) for record in fastavro.reader(stream)]  # type: ignore[call-overload]


@pytest.mark.parametrize("namespace", [True, False])
def test_checks_pass_on_matching_vectors(tmp_path: Path, namespace: bool) -> None:
    expected = _python_vectors(tmp_path, namespace)

    assert format_problems(expected) == []
    assert record_mismatches(tmp_path, expected) == []
    assert column_mismatches(Trace.read(tmp_path), expected) == []


def test_checks_find_a_wrong_value(tmp_path: Path) -> None:
    expected = _python_vectors(tmp_path)
    expected["files"][1]["accessKinds"] = "O"
    expected["namespace"][2]["size"] = 1025

    assert record_mismatches(tmp_path, expected) == [
        "files[1].accessKinds: file has 'L', expected 'O'",
        "namespace[2].size: file has 1024, expected 1025",
    ]
    assert column_mismatches(Trace.read(tmp_path), expected) == [
        "files.access_kinds[2]: 'L', expected 'O'",
        "namespace.size[2]: 1024, expected 1025",
    ]


def test_checks_tell_a_boolean_from_a_number(tmp_path: Path) -> None:
    expected = _python_vectors(tmp_path)
    expected["events"][0]["allowed"] = 1
    expected["events"][0]["time"] = float(expected["events"][0]["time"])

    assert [problem.split(":")[0] for problem in record_mismatches(tmp_path, expected)] == [
        "events[0].time", "events[0].allowed",
    ]  # fmt: skip


def test_checks_find_a_missing_field_or_record(tmp_path: Path) -> None:
    expected = _python_vectors(tmp_path)
    del expected["events"][2]["callerContext"]
    expected["files"].pop()

    assert format_problems(expected) == [
        f"events[2] has keys {list(expected['events'][2])}, "
        f"expected {schema.field_names(schema.load(schema.AUDIT_EVENT))}"
    ]
    assert "files: 4 records in files.avro, 3 expected" in record_mismatches(tmp_path, expected)


def test_checks_find_a_namespace_file_not_listed(tmp_path: Path) -> None:
    expected = _python_vectors(tmp_path)
    expected["namespace"] = None

    assert record_mismatches(tmp_path, expected) == [
        "namespace: namespace.avro exists but expected.json says null"
    ]
