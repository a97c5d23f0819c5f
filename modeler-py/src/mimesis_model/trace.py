"""A trace folder (events.avro, files.avro, namespace.avro) as NumPy columns.

Records are streamed once from each file into compact typed buffers (array,
bytearray) and handed to NumPy without a copy, so a trace of millions of
events costs a few bytes per value, not a Python dict per record.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from operator import itemgetter
from os import PathLike
from pathlib import Path
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model import schema
from mimesis_model.avro_file import read_records
from mimesis_model.categorical import Categorical
from mimesis_model.errors import TraceError

__all__ = [
    "ACCESS_KIND_NAMES",
    "DIRS_FILE",
    "EVENTS_FILE",
    "FILES_FILE",
    "GET_FILE_INFO",
    "LIST_STATUS",
    "NAMESPACE_FILE",
    "NO_TIME",
    "OPEN",
    "Events",
    "FileTimelines",
    "Namespace",
    "Trace",
    "TraceError",
    "read_events",
    "read_file_timelines",
    "read_namespace",
]

EVENTS_FILE: Final = "events.avro"
FILES_FILE: Final = "files.avro"
DIRS_FILE: Final = "dirs.avro"
NAMESPACE_FILE: Final = "namespace.avro"

NO_TIME: Final = int(np.iinfo(np.int64).min)
"""create_time / delete_time of a file never created / deleted in the trace (Avro null)."""

# Access kinds, as the byte values of the letters in FileTimeline.accessKinds.
OPEN: Final = ord("O")
LIST_STATUS: Final = ord("L")
GET_FILE_INFO: Final = ord("G")
ACCESS_KIND_NAMES: Final = {OPEN: "open", LIST_STATUS: "listStatus", GET_FILE_INFO: "getfileinfo"}

Int64s = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]
_Scalar = TypeVar("_Scalar", bound=np.generic)


@dataclass(frozen=True, eq=False)
class Events:
    """The audit events, one row each, in trace order (AuditEvent.avsc).

    Trace order is time order, except that the lines a NameNode logged a few milliseconds out
    of order keep their log's order: sort by time where strict order matters.
    """

    time: Int64s
    """epoch ms, nearly ascending (see the class doc)"""
    op: Categorical
    allowed: Bools
    user: Categorical

    def __len__(self) -> int:
        return len(self.time)


@dataclass(frozen=True, eq=False)
class FileTimelines:
    """One row per file (FileTimeline.avsc); accesses in CSR form.

    The accesses of file i are access_times[access_offsets[i]:access_offsets[i + 1]]
    with kinds (OPEN, LIST_STATUS, GET_FILE_INFO) at the same positions.
    """

    id: Int64s
    depth: Int32s
    pre_existing: Bools
    create_time: Int64s
    """epoch ms, or NO_TIME when the file was not created in the trace"""
    delete_time: Int64s
    """epoch ms, or NO_TIME when the file is alive at trace end"""
    renames: Int32s
    access_offsets: Int64s
    access_times: Int64s
    access_kinds: npt.NDArray[np.uint8]
    path: list[str] | None = None
    """path at trace start or at creation; read only when asked (millions of strings)"""
    final_path: list[str] | None = None
    """path at deletion or at trace end, after renames; read with PATH"""

    def __len__(self) -> int:
        return len(self.id)

    @property
    def accesses_per_file(self) -> Int64s:
        return np.diff(self.access_offsets)

    @property
    def created(self) -> Bools:
        created: Bools = self.create_time != NO_TIME
        return created

    @property
    def deleted(self) -> Bools:
        deleted: Bools = self.delete_time != NO_TIME
        return deleted

    def accesses(self, row: int) -> tuple[Int64s, npt.NDArray[np.uint8]]:
        """Times and kinds of the accesses of the file in ROW (a view, not a copy)."""
        start, end = self.access_offsets[row], self.access_offsets[row + 1]
        return self.access_times[start:end], self.access_kinds[start:end]


@dataclass(frozen=True, eq=False)
class Namespace:
    """One row per inode of the fsimage snapshot (NamespaceEntry.avsc)."""

    path: list[str]
    is_dir: Bools
    depth: Int32s
    size: Int64s
    mtime: Int64s
    atime: Int64s
    replication: Int32s

    def __len__(self) -> int:
        return len(self.path)


@dataclass(frozen=True, eq=False)
class Trace:
    """A parsed trace: what audit-parsers' `parse` wrote into one folder."""

    directory: Path
    events: Events
    files: FileTimelines
    namespace: Namespace | None
    """None when the trace was parsed without an fsimage"""

    @classmethod
    def read(cls, trace_dir: str | PathLike[str]) -> Trace:
        """Read TRACE_DIR; TraceError, naming the file, if it is not a valid trace."""
        directory = _trace_directory(trace_dir)
        namespace_path = directory / NAMESPACE_FILE
        return cls(
            directory=directory,
            events=_read_events(directory / EVENTS_FILE),
            files=_read_files(directory / FILES_FILE),
            namespace=_read_namespace(namespace_path) if namespace_path.exists() else None,
        )


def read_file_timelines(
    trace_dir: str | PathLike[str], progress: bool = False, paths: bool = False
) -> FileTimelines:
    """Only the files.avro of TRACE_DIR: all that fitting needs of a trace's events; with PATHS
    also each file's first and final path."""
    return _read_files(_trace_directory(trace_dir) / FILES_FILE, progress, paths)


def read_namespace(trace_dir: str | PathLike[str]) -> Namespace | None:
    """The namespace.avro of TRACE_DIR, or None when it was parsed without an fsimage."""
    path = _trace_directory(trace_dir) / NAMESPACE_FILE
    return _read_namespace(path) if path.exists() else None


def read_events(trace_dir: str | PathLike[str]) -> Events:
    """Only the events.avro of TRACE_DIR."""
    return _read_events(_trace_directory(trace_dir) / EVENTS_FILE)


def _trace_directory(trace_dir: str | PathLike[str]) -> Path:
    directory = Path(trace_dir)
    if not directory.is_dir():
        what = "not a directory" if directory.exists() else "no such trace directory"
        raise TraceError(f"{directory}: {what}")
    return directory


def _read_events(path: Path) -> Events:
    times = array("q")
    op_codes = array("i")
    user_codes = array("i")
    allowed = bytearray()
    ops: dict[str, int] = {}
    users: dict[str, int] = {}
    columns = itemgetter("time", "op", "allowed", "user")
    for record in read_records(path, schema.load(schema.AUDIT_EVENT)):
        time, op, is_allowed, user = columns(record)
        times.append(time)
        op_codes.append(ops.setdefault(op, len(ops)))
        allowed.append(is_allowed)
        user_codes.append(users.setdefault(user, len(users)))
    if not times:
        raise TraceError(f"{path}: no events")
    time = _column(times, np.int64)
    return Events(
        time=time,
        op=Categorical.from_first_seen(_column(op_codes, np.int32), ops),
        allowed=_column(allowed, np.bool_),
        user=Categorical.from_first_seen(_column(user_codes, np.int32), users),
    )


def _read_files(path: Path, progress: bool = False, paths: bool = False) -> FileTimelines:
    ids = array("q")
    depths = array("i")
    pre_existing = bytearray()
    create_times = array("q")
    delete_times = array("q")
    renames = array("i")
    access_counts = array("q")
    access_times = array("q")
    access_kinds: list[str] = []
    first_paths: list[str] = []
    final_paths: list[str] = []
    columns = itemgetter(
        "id", "depth", "preExisting", "createTime", "deleteTime", "renames",
        "accessTimes", "accessKinds",
    )  # fmt: skip
    path_columns = itemgetter("path", "finalPath")
    records = read_records(path, schema.load(schema.FILE_TIMELINE))
    for record in tqdm(
        records, desc=f"read {path.name}", unit=" files", disable=None if progress else True
    ):
        file_id, depth, existed, created, deleted, renamed, times, kinds = columns(record)
        if len(times) != len(kinds):
            raise TraceError(
                f"{path}: file id {file_id} has {len(times)} accessTimes "
                f"but {len(kinds)} accessKinds letters"
            )
        ids.append(file_id)
        depths.append(depth)
        pre_existing.append(existed)
        create_times.append(NO_TIME if created is None else created)
        delete_times.append(NO_TIME if deleted is None else deleted)
        renames.append(renamed)
        access_counts.append(len(times))
        access_times.extend(times)
        access_kinds.append(kinds)
        if paths:
            first, final = path_columns(record)
            first_paths.append(first)
            final_paths.append(final)
    offsets = np.zeros(len(ids) + 1, dtype=np.int64)
    np.cumsum(_column(access_counts, np.int64), out=offsets[1:])
    offsets.flags.writeable = False
    files = FileTimelines(
        id=_column(ids, np.int64),
        depth=_column(depths, np.int32),
        pre_existing=_column(pre_existing, np.bool_),
        create_time=_column(create_times, np.int64),
        delete_time=_column(delete_times, np.int64),
        renames=_column(renames, np.int32),
        access_offsets=offsets,
        access_times=_column(access_times, np.int64),
        access_kinds=_decode_kinds(path, "".join(access_kinds), offsets, ids),
        path=first_paths if paths else None,
        final_path=final_paths if paths else None,
    )
    _check_access_order(path, files)
    return files


def _decode_kinds(
    path: Path, letters: str, offsets: Int64s, ids: array[int]
) -> npt.NDArray[np.uint8]:
    # "replace" keeps one byte per letter, so positions still match access_times.
    kinds = np.frombuffer(letters.encode("ascii", errors="replace"), dtype=np.uint8)
    unknown = np.flatnonzero(~np.isin(kinds, list(ACCESS_KIND_NAMES)))
    if unknown.size:
        position = int(unknown[0])
        row = int(np.searchsorted(offsets, position, side="right")) - 1
        raise TraceError(
            f"{path}: file id {ids[row]} has an access kind other than "
            f"{'/'.join(chr(kind) for kind in ACCESS_KIND_NAMES)}"
        )
    return kinds


def _check_access_order(path: Path, files: FileTimelines) -> None:
    """accessTimes are ascending within each file (interarrivals rely on it)."""
    backwards = np.diff(files.access_times) < 0
    file_starts = files.access_offsets[1:-1]
    backwards[file_starts[(file_starts > 0) & (file_starts < len(files.access_times))] - 1] = False
    if backwards.any():
        position = int(np.argmax(backwards)) + 1
        row = int(np.searchsorted(files.access_offsets, position, side="right")) - 1
        raise TraceError(f"{path}: file id {files.id[row]} has accessTimes out of order")


def _read_namespace(path: Path) -> Namespace:
    paths: list[str] = []
    is_dir = bytearray()
    depths = array("i")
    sizes = array("q")
    mtimes = array("q")
    atimes = array("q")
    replications = array("i")
    columns = itemgetter("path", "isDir", "depth", "size", "mtime", "atime", "replication")
    for record in read_records(path, schema.load(schema.NAMESPACE_ENTRY)):
        entry_path, directory, depth, size, mtime, atime, replication = columns(record)
        paths.append(entry_path)
        is_dir.append(directory)
        depths.append(depth)
        sizes.append(size)
        mtimes.append(mtime)
        atimes.append(atime)
        replications.append(replication)
    if not paths:
        raise TraceError(f"{path}: no entries (an fsimage holds at least the root)")
    return Namespace(
        path=paths,
        is_dir=_column(is_dir, np.bool_),
        depth=_column(depths, np.int32),
        size=_column(sizes, np.int64),
        mtime=_column(mtimes, np.int64),
        atime=_column(atimes, np.int64),
        replication=_column(replications, np.int32),
    )


def _column(buffer: array[int] | bytearray, dtype: type[_Scalar]) -> npt.NDArray[_Scalar]:
    """A read-only NumPy view of BUFFER (no copy)."""
    column = np.frombuffer(buffer, dtype=dtype)
    column.flags.writeable = False
    return column
