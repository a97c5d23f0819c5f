"""Builders of small trace files for tests, written with fastavro and our schemas."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import fastavro

from mimesis_model.formats import schema
from mimesis_model.formats.trace import DIRS_FILE, EVENTS_FILE, FILES_FILE, NAMESPACE_FILE

T0 = 1_700_000_000_000
"""2023-11-14T22:13:20.000Z, the start of every test trace"""


def audit_event(time: int, op: str, src: str | None = "/f", **fields: Any) -> dict[str, Any]:
    """An AuditEvent record; FIELDS override the defaults by their .avsc names."""
    record: dict[str, Any] = {
        "time": time, "op": op, "cmd": op, "src": src, "dst": None, "user": "alice",
        "auth": "SIMPLE", "realUser": None, "allowed": True, "ip": "127.0.0.1",
        "perm": None, "proto": "rpc", "callerContext": None, "source": "hdfs-audit.log:1",
    }  # fmt: skip
    return record | fields


def file_timeline(
    file_id: int,
    accesses: Sequence[tuple[int, str]] = (),
    *,
    created: int | None = None,
    deleted: int | None = None,
    renames: int = 0,
    path: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A FileTimeline record; ACCESSES are (time, kind letter) pairs."""
    path = path or f"/data/f{file_id}"
    record: dict[str, Any] = {
        "id": file_id, "path": path, "finalPath": path, "depth": path.count("/"),
        "preExisting": created is None, "createTime": created, "deleteTime": deleted,
        "renames": renames, "accessTimes": [time for time, _ in accesses],
        "accessKinds": "".join(kind for _, kind in accesses),
    }  # fmt: skip
    return record | fields


def directory_timeline(
    directory_id: int,
    accesses: Sequence[tuple[int, str]] = (),
    *,
    created: int | None = None,
    deleted: int | None = None,
    path: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A DirectoryTimeline record; ACCESSES are (time, kind letter: L, G or C) pairs."""
    path = path or f"/data/d{directory_id}"
    record: dict[str, Any] = {
        "id": directory_id, "path": path, "finalPath": path, "depth": path.count("/"),
        "preExisting": created is None, "createTime": created, "deleteTime": deleted,
        "deletedItself": deleted is not None, "renames": 0,
        "accessTimes": [time for time, _ in accesses],
        "accessKinds": "".join(kind for _, kind in accesses),
    }  # fmt: skip
    return record | fields


def namespace_entry(path: str, is_dir: bool, size: int = 0, **fields: Any) -> dict[str, Any]:
    """A NamespaceEntry record."""
    record: dict[str, Any] = {
        "path": path, "isDir": is_dir, "depth": 0 if path == "/" else path.count("/"),
        "size": size, "mtime": T0 - 1000, "atime": 0 if is_dir else T0 - 500,
        "replication": 0 if is_dir else 3, "owner": "hdfs", "group": "supergroup",
        "permission": "rwxr-xr-x" if is_dir else "rw-r--r--",
    }  # fmt: skip
    return record | fields


def write_avro(
    path: Path, schema_name: str, records: Iterable[dict[str, Any]], codec: str = "null"
) -> Path:
    """Write RECORDS to PATH with our schema SCHEMA_NAME."""
    with path.open("wb") as stream:
        fastavro.writer(stream, schema.load(schema_name), list(records), codec=codec)
    return path


def write_trace(
    directory: Path,
    events: Iterable[dict[str, Any]],
    files: Iterable[dict[str, Any]],
    namespace: Iterable[dict[str, Any]] | None = None,
    directories: Iterable[dict[str, Any]] | None = None,
) -> Path:
    """A trace folder: events.avro, files.avro and, if given, namespace.avro and dirs.avro."""
    directory.mkdir(parents=True, exist_ok=True)
    write_avro(directory / EVENTS_FILE, schema.AUDIT_EVENT, events)
    write_avro(directory / FILES_FILE, schema.FILE_TIMELINE, files)
    if namespace is not None:
        write_avro(directory / NAMESPACE_FILE, schema.NAMESPACE_ENTRY, namespace)
    if directories is not None:
        write_avro(directory / DIRS_FILE, schema.DIRECTORY_TIMELINE, directories)
    return directory


def small_trace(directory: Path) -> Path:
    """The trace most tests read: 6 events, 4 files, 7 namespace entries (5 directories).

    f0 pre-existing, opened twice; f1 created, listed once, deleted; f2 created,
    renamed twice, never accessed; f3 pre-existing, opened, listed, statted.
    """
    events = [
        audit_event(T0, "open", "/data/f0"),
        audit_event(T0 + 1_000, "create", "/data/f1", user="bob"),
        audit_event(T0 + 2_000, "listStatus", "/data/f1"),
        audit_event(T0 + 3_000, "open", "/data/f0", allowed=False, user="mallory"),
        audit_event(T0 + 3_000, "rename", "/data/f2", dst="/data/g2"),
        audit_event(T0 + 3_723_456, "delete", "/data/f1", user="bob"),
    ]
    files = [
        file_timeline(0, [(T0, "O"), (T0 + 5_000, "O")]),
        file_timeline(1, [(T0 + 2_000, "L")], created=T0 + 1_000, deleted=T0 + 3_723_456),
        file_timeline(2, created=T0 + 1_500, renames=2, finalPath="/data/g2"),
        file_timeline(3, [(T0 + 10, "O"), (T0 + 10, "L"), (T0 + 20, "G")], path="/a/b/c/f3"),
    ]
    namespace = [
        namespace_entry("/", True),
        namespace_entry("/data", True),
        namespace_entry("/data/f0", False, size=1024),
        namespace_entry("/a", True),
        namespace_entry("/a/b", True),
        namespace_entry("/a/b/c", True),
        namespace_entry("/a/b/c/f3", False, size=7, replication=2),
    ]
    return write_trace(directory, events, files, namespace)
