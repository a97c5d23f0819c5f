"""A trace folder (events.avro, files.avro, namespace.avro, namespace-end.avro) as NumPy columns.

Records are streamed once from each file into compact typed buffers (array,
bytearray) and handed to NumPy without a copy, so a trace of millions of
events costs a few bytes per value, not a Python dict per record.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, replace
from functools import cache
from operator import itemgetter
from os import PathLike
from pathlib import Path
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model.errors import TraceError
from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import check_whole as avro_check_whole
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.categorical import Categorical
from mimesis_model.formats.folders import file_name

__all__ = [
    "ACCESS_KIND_NAMES",
    "CLUSTER_FILE",
    "CONTENT_SUMMARY",
    "DIRECTORY_ACCESS_KIND_NAMES",
    "DIRS_FILE",
    "EVENTS_FILE",
    "FILES_FILE",
    "GET_FILE_INFO",
    "LIST_STATUS",
    "NAMESPACE_END_FILE",
    "NAMESPACE_FILE",
    "NO_TIME",
    "OPEN",
    "ClusterEvents",
    "DirectoryTimelines",
    "Events",
    "FileTimelines",
    "Namespace",
    "TimelineUsers",
    "Trace",
    "TraceError",
    "audit_commands",
    "check_whole",
    "read_cluster_events",
    "read_directory_timelines",
    "read_events",
    "read_file_timelines",
    "read_namespace",
    "read_namespace_end",
]

EVENTS_FILE: Final = file_name("trace", "events")
FILES_FILE: Final = file_name("trace", "files")
DIRS_FILE: Final = file_name("trace", "dirs")
CLUSTER_FILE: Final = file_name("trace", "cluster")
NAMESPACE_FILE: Final = file_name("trace", "namespace")
NAMESPACE_END_FILE: Final = file_name("trace", "namespaceEnd")
"""the fsimage at the trace's end (parse --fsimage-end): the sizes of the files made in it"""

NO_TIME: Final = int(np.iinfo(np.int64).min)
"""create_time / delete_time of a file never created / deleted in the trace (Avro null)."""

# Access kinds, as the byte values of the letters in FileTimeline.accessKinds.
OPEN: Final = ord("O")
LIST_STATUS: Final = ord("L")
GET_FILE_INFO: Final = ord("G")
CONTENT_SUMMARY: Final = ord("C")
ACCESS_KIND_NAMES: Final = {OPEN: "open", LIST_STATUS: "listStatus", GET_FILE_INFO: "getfileinfo"}
DIRECTORY_ACCESS_KIND_NAMES: Final = {
    LIST_STATUS: "listStatus", GET_FILE_INFO: "getfileinfo", CONTENT_SUMMARY: "contentSummary",
}  # fmt: skip
"""DirectoryTimeline.accessKinds' letters: a directory is listed, stat'ed or summarized."""

Int64s = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Int8s = npt.NDArray[np.int8]
Int16s = npt.NDArray[np.int16]
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
class ClusterEvents:
    """The events without a path (datanodeReport, listCachePools, ...): the cluster's."""

    time: Int64s
    """epoch ms of each allowed one, in trace order"""
    command: Categorical
    """each allowed one's command (op)"""
    denied: dict[str, int]
    """the others, by command"""
    user: Categorical | None = None
    """each allowed one's effective user ("": not recorded)"""

    def __len__(self) -> int:
        return len(self.time)


@dataclass(frozen=True, eq=False)
class TimelineUsers:
    """Each timeline's users (FileTimeline.users and userEvents), in CSR form: the users of row
    i are code[offsets[i]:offsets[i + 1]], names[code], with their events at the same places."""

    offsets: Int64s
    code: Int32s
    events: Int64s
    names: tuple[str, ...]

    def take(self, rows: Int64s) -> TimelineUsers:
        offsets, (code, events) = _take_ragged(self.offsets, rows, self.code, self.events)
        return TimelineUsers(offsets, code, events, self.names)


@dataclass(frozen=True, eq=False)
class FileTimelines:
    """One row per file (FileTimeline.avsc); accesses, probes and calls in CSR form.

    The accesses of file i are access_times[access_offsets[i]:access_offsets[i + 1]]
    with kinds (OPEN, LIST_STATUS, GET_FILE_INFO) at the same positions; its probes and its
    other calls likewise, by probe_offsets and call_offsets.
    """

    id: Int64s
    depth: Int32s
    pre_existing: Bools
    create_time: Int64s
    """epoch ms, or NO_TIME when the file was not created in the trace"""
    delete_time: Int64s
    """epoch ms, or NO_TIME when the file is alive at trace end"""
    deleted_itself: Bools
    """with a delete_time: a delete named this path itself (not an ancestor, an overwrite...)"""
    renames: Int32s
    access_offsets: Int64s
    access_times: Int64s
    access_kinds: npt.NDArray[np.uint8]
    probe_offsets: Int64s
    probe_times: Int64s
    """stats and listings of the path before its create, while nothing was there"""
    call_offsets: Int64s
    call_times: Int64s
    call_codes: Int16s
    """each call's command, an index into audit_commands()"""
    rename_offsets: Int64s
    """CSR offsets of rename_times (empty rows for directories and older traces)"""
    rename_times: Int64s
    """epoch ms of each rename of the file, itself or through an ancestor, ascending per file
    (none in a trace written before FileTimeline kept them)"""
    path: list[str] | None = None
    """path at trace start or at creation; read only when asked (millions of strings)"""
    final_path: list[str] | None = None
    """path at deletion or at trace end, after renames; read with PATH"""
    users: TimelineUsers | None = None
    """who issued each file's events; None in a trace parsed before timelines kept users"""

    def __len__(self) -> int:
        return len(self.id)

    @property
    def accesses_per_file(self) -> Int64s:
        return np.diff(self.access_offsets)

    @property
    def probes_per_file(self) -> Int64s:
        return np.diff(self.probe_offsets)

    @property
    def calls_per_file(self) -> Int64s:
        return np.diff(self.call_offsets)

    @property
    def created(self) -> Bools:
        created: Bools = self.create_time != NO_TIME
        return created

    @property
    def deleted(self) -> Bools:
        """Ended in the trace: deleted (itself or by an ancestor), overwritten or concatenated."""
        deleted: Bools = self.delete_time != NO_TIME
        return deleted

    def accesses(self, row: int) -> tuple[Int64s, npt.NDArray[np.uint8]]:
        """Times and kinds of the accesses of the file in ROW (a view, not a copy)."""
        start, end = self.access_offsets[row], self.access_offsets[row + 1]
        return self.access_times[start:end], self.access_kinds[start:end]

    def take(self, rows: Int64s) -> FileTimelines:
        """The files at ROWS (any order), each with its accesses, probes and calls."""
        access_offsets, (access_times, access_kinds) = _take_ragged(
            self.access_offsets, rows, self.access_times, self.access_kinds
        )
        probe_offsets, (probe_times,) = _take_ragged(self.probe_offsets, rows, self.probe_times)
        call_offsets, (call_times, call_codes) = _take_ragged(
            self.call_offsets, rows, self.call_times, self.call_codes
        )
        rename_offsets, (rename_times,) = _take_ragged(self.rename_offsets, rows, self.rename_times)
        return replace(
            self,
            id=self.id[rows], depth=self.depth[rows], pre_existing=self.pre_existing[rows],
            create_time=self.create_time[rows], delete_time=self.delete_time[rows],
            deleted_itself=self.deleted_itself[rows], renames=self.renames[rows],
            access_offsets=access_offsets, access_times=access_times, access_kinds=access_kinds,
            probe_offsets=probe_offsets, probe_times=probe_times,
            call_offsets=call_offsets, call_times=call_times, call_codes=call_codes,
            rename_offsets=rename_offsets, rename_times=rename_times,
            users=None if self.users is None else self.users.take(rows),
            path=None if self.path is None else [self.path[row] for row in rows.tolist()],
            final_path=None if self.final_path is None else [
                self.final_path[row] for row in rows.tolist()
            ],
        )  # fmt: skip


@dataclass(frozen=True, eq=False, kw_only=True)
class DirectoryTimelines(FileTimelines):
    """One row per directory the trace touched (DirectoryTimeline.avsc), as FileTimelines are
    files: access kinds LIST_STATUS, GET_FILE_INFO, CONTENT_SUMMARY; deleted_itself is a
    recursive delete that named the directory, removing its subtree in that one call."""

    subtree_files: Int64s
    """with deleted_itself: files the one delete removed with it"""
    subtree_directories: Int64s
    made_by_mkdirs: Int8s | None = None
    """1: a mkdirs named and made it; 0: not; -1: not known (a trace parsed before the field);
    None: no such column"""

    def take(self, rows: Int64s) -> DirectoryTimelines:
        """The directories at ROWS (any order), with their subtree columns."""
        taken = super().take(rows)
        assert isinstance(taken, DirectoryTimelines)  # replace keeps the class
        return replace(
            taken,
            subtree_files=self.subtree_files[rows],
            subtree_directories=self.subtree_directories[rows],
            made_by_mkdirs=None if self.made_by_mkdirs is None else self.made_by_mkdirs[rows],
        )


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
    blocks: Int32s
    """0 for directories and empty files, and in a snapshot parsed before blocks were kept"""
    block_size: Int64s
    """preferred block size in bytes; 0 for directories (and in a snapshot parsed before)"""

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
    namespace_end: Namespace | None = None
    """the fsimage at the trace's end; None when parsed without --fsimage-end"""

    @classmethod
    def read(cls, trace_dir: str | PathLike[str]) -> Trace:
        """Read TRACE_DIR; TraceError, naming the file, if it is not a valid trace (any of its
        Avro files cut or damaged, those not read here too)."""
        directory = _trace_directory(trace_dir)
        check_whole(directory)
        namespace_path = directory / NAMESPACE_FILE
        return cls(
            directory=directory,
            events=_read_events(directory / EVENTS_FILE),
            files=_read_files(directory / FILES_FILE),
            namespace=_read_namespace(namespace_path) if namespace_path.exists() else None,
            namespace_end=read_namespace_end(directory),
        )


def check_whole(trace_dir: str | PathLike[str]) -> None:
    """TraceError naming the file unless each Avro file of TRACE_DIR is whole (and as its manifest
    lists it): a command that reads only some of them refuses a trace damaged in any, as the
    jar's replay does."""
    directory = _trace_directory(trace_dir)
    for name in (EVENTS_FILE, FILES_FILE, DIRS_FILE, CLUSTER_FILE, NAMESPACE_FILE,
                 NAMESPACE_END_FILE):  # fmt: skip
        if (directory / name).exists():
            avro_check_whole(directory / name)


def read_file_timelines(
    trace_dir: str | PathLike[str], progress: bool = False, paths: bool = False
) -> FileTimelines:
    """Only the files.avro of TRACE_DIR: all that fitting needs of a trace's events; with PATHS
    also each file's first and final path."""
    return _read_files(_trace_directory(trace_dir) / FILES_FILE, progress, paths)


def read_directory_timelines(
    trace_dir: str | PathLike[str], progress: bool = False, paths: bool = False
) -> DirectoryTimelines | None:
    """The dirs.avro of TRACE_DIR, or None for a trace parsed before directories had timelines."""
    path = _trace_directory(trace_dir) / DIRS_FILE
    if not path.exists():
        return None
    directories = _read_timelines(path, progress, paths, directory=True)
    assert isinstance(directories, DirectoryTimelines)
    return directories


@cache
def audit_commands() -> tuple[str, ...]:
    """AuditCommand.avsc's symbols: what a timeline's call codes index."""
    return tuple(schema.declaration(schema.AUDIT_COMMAND)["symbols"])


def read_namespace(trace_dir: str | PathLike[str]) -> Namespace | None:
    """The namespace.avro of TRACE_DIR, or None when it was parsed without an fsimage."""
    path = _trace_directory(trace_dir) / NAMESPACE_FILE
    return _read_namespace(path) if path.exists() else None


def read_namespace_end(trace_dir: str | PathLike[str]) -> Namespace | None:
    """The namespace-end.avro of TRACE_DIR (the fsimage at its end), or None when it was parsed
    without --fsimage-end."""
    path = _trace_directory(trace_dir) / NAMESPACE_END_FILE
    return _read_namespace(path) if path.exists() else None


def read_events(trace_dir: str | PathLike[str]) -> Events:
    """Only the events.avro of TRACE_DIR."""
    return _read_events(_trace_directory(trace_dir) / EVENTS_FILE)


def read_cluster_events(trace_dir: str | PathLike[str], progress: bool = False) -> ClusterEvents:
    """The events of TRACE_DIR that have no path: its cluster.avro, or in a trace parsed before
    that file, a pass over every event of events.avro."""
    directory = _trace_directory(trace_dir)
    path = directory / CLUSTER_FILE
    name = schema.CLUSTER_EVENT
    fields: tuple[str, ...] = ("time", "op", "allowed", "user")
    if not path.exists():
        path = directory / EVENTS_FILE
        name, fields = schema.AUDIT_EVENT, ("time", "op", "allowed", "user", "src")
    times = array("q")
    codes = array("i")
    commands: dict[str, int] = {}
    denied: dict[str, int] = {}
    user_codes = array("i")
    users: dict[str, int] = {}
    columns = itemgetter(*fields)
    quiet = None if progress else True
    records = read_records(path, schema.load(name))
    for record in tqdm(records, desc=f"read {path.name}", unit=" events", disable=quiet):
        time, op, allowed, user, *src = columns(record)
        if src and src[0] is not None:
            continue
        if allowed:
            times.append(time)
            codes.append(commands.setdefault(op, len(commands)))
            user_codes.append(users.setdefault(user or "", len(users)))  # "": not recorded
        else:
            denied[op] = denied.get(op, 0) + 1
    return ClusterEvents(
        time=_column(times, np.int64),
        command=Categorical.from_first_seen(_column(codes, np.int32), commands),
        denied=denied,
        user=Categorical.from_first_seen(_column(user_codes, np.int32), users),
    )


def read_denied_path_events(trace_dir: str | PathLike[str]) -> list[tuple[int, str, str]]:
    """The denied events (allowed=false) of TRACE_DIR that name a path, as (epoch ms, op, user):
    a pass over events.avro, which only they need (the timelines keep allowed events)."""
    path = _trace_directory(trace_dir) / EVENTS_FILE
    columns = itemgetter("time", "op", "allowed", "user", "src")
    found = []
    for record in read_records(path, schema.load(schema.AUDIT_EVENT)):
        time, op, allowed, user, src = columns(record)
        if not allowed and src is not None:
            found.append((int(time), str(op), str(user)))
    return found


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
    return _read_timelines(path, progress, paths, directory=False)


def _read_timelines(path: Path, progress: bool, paths: bool, directory: bool) -> FileTimelines:
    ids = array("q")
    depths = array("i")
    pre_existing = bytearray()
    create_times = array("q")
    delete_times = array("q")
    deleted_itself = bytearray()
    renames = array("i")
    access_counts = array("q")
    access_times = array("q")
    access_kinds: list[str] = []
    probe_counts = array("q")
    probe_times = array("q")
    call_counts = array("q")
    call_times = array("q")
    call_codes = array("h")
    rename_counts = array("q")
    rename_times = array("q")
    subtree_files = array("q")
    subtree_directories = array("q")
    user_counts = array("q")
    user_codes = array("i")
    user_events = array("q")
    user_names: dict[str, int] = {}
    user_columns = itemgetter("users", "userEvents")
    made_by_mkdirs = array("b")
    first_paths: list[str] = []
    final_paths: list[str] = []
    columns = itemgetter(
        "id", "depth", "preExisting", "createTime", "deleteTime", "deletedItself", "renames",
        "accessTimes", "accessKinds", "probeTimes", "callTimes", "calls",
    )  # fmt: skip
    path_columns = itemgetter("path", "finalPath")
    subtree_columns = itemgetter("subtreeFiles", "subtreeDirectories")
    commands = len(audit_commands())
    name = schema.DIRECTORY_TIMELINE if directory else schema.FILE_TIMELINE
    records = read_records(path, schema.load(name))
    noun = "directory" if directory else "file"
    unit = " directories" if directory else " files"
    quiet = None if progress else True
    for record in tqdm(records, desc=f"read {path.name}", unit=unit, disable=quiet):
        (
            entry_id, depth, existed, created, deleted, itself, renamed, times, kinds, probes,
            calls_at, calls,
        ) = columns(record)  # fmt: skip
        if len(times) != len(kinds):
            raise TraceError(
                f"{path}: {noun} id {entry_id} has {len(times)} accessTimes "
                f"but {len(kinds)} accessKinds letters"
            )
        if len(calls_at) != len(calls) or any(not 0 <= code < commands for code in calls):
            raise TraceError(
                f"{path}: {noun} id {entry_id} has {len(calls_at)} callTimes for "
                f"{len(calls)} calls, or a call that is not an AuditCommand (0 to {commands - 1})"
            )
        ids.append(entry_id)
        depths.append(depth)
        pre_existing.append(existed)
        create_times.append(NO_TIME if created is None else created)
        delete_times.append(NO_TIME if deleted is None else deleted)
        deleted_itself.append(deleted is not None and itself)
        renames.append(renamed)
        access_counts.append(len(times))
        access_times.extend(times)
        access_kinds.append(kinds)
        probe_counts.append(len(probes))
        probe_times.extend(probes)
        call_counts.append(len(calls))
        call_times.extend(calls_at)
        call_codes.extend(calls)
        # a trace parsed before timelines kept rename times has none (nor has a directory's)
        renamed_at = record.get("renameTimes") or ()
        rename_counts.append(len(renamed_at))
        rename_times.extend(renamed_at)
        users, events_by = user_columns(record)
        if len(users) != len(events_by):
            raise TraceError(
                f"{path}: {noun} id {entry_id} has {len(users)} users for "
                f"{len(events_by)} userEvents"
            )
        user_counts.append(len(users))
        user_codes.extend(user_names.setdefault(user, len(user_names)) for user in users)
        user_events.extend(events_by)
        if directory:
            files_under, directories_under = subtree_columns(record)
            subtree_files.append(files_under)
            subtree_directories.append(directories_under)
            by_mkdirs = record.get("madeByMkdirs")
            made_by_mkdirs.append(-1 if by_mkdirs is None else int(by_mkdirs))
        if paths:
            first, final = path_columns(record)
            first_paths.append(first)
            final_paths.append(final)
    offsets = _offsets(access_counts)
    letters = DIRECTORY_ACCESS_KIND_NAMES if directory else ACCESS_KIND_NAMES
    common: dict[str, Any] = {
        "id": _column(ids, np.int64),
        "depth": _column(depths, np.int32),
        "pre_existing": _column(pre_existing, np.bool_),
        "create_time": _column(create_times, np.int64),
        "delete_time": _column(delete_times, np.int64),
        "deleted_itself": _column(deleted_itself, np.bool_),
        "renames": _column(renames, np.int32),
        "access_offsets": offsets,
        "access_times": _column(access_times, np.int64),
        "access_kinds": _decode_kinds(path, "".join(access_kinds), offsets, ids, letters, noun),
        "probe_offsets": _offsets(probe_counts),
        "probe_times": _column(probe_times, np.int64),
        "call_offsets": _offsets(call_counts),
        "call_times": _column(call_times, np.int64),
        "call_codes": _column(call_codes, np.int16),
        "rename_offsets": _offsets(rename_counts),
        "rename_times": _column(rename_times, np.int64),
        "path": first_paths if paths else None,
        "final_path": final_paths if paths else None,
        "users": TimelineUsers(
            _offsets(user_counts),
            _column(user_codes, np.int32),
            _column(user_events, np.int64),
            tuple(user_names),
        )
        if user_names
        else None,
    }
    timelines: FileTimelines
    if directory:
        timelines = DirectoryTimelines(
            **common,
            subtree_files=_column(subtree_files, np.int64),
            subtree_directories=_column(subtree_directories, np.int64),
            made_by_mkdirs=_column(made_by_mkdirs, np.int8),
        )
    else:
        timelines = FileTimelines(**common)
    _check_access_order(path, timelines, noun)
    return timelines


def _take_ragged(
    offsets: Int64s, rows: Int64s, *columns: npt.NDArray[Any]
) -> tuple[Int64s, list[npt.NDArray[Any]]]:
    """The CSR rows ROWS of COLUMNS (all indexed by OFFSETS): new offsets and columns."""
    counts = np.diff(offsets)[rows]
    taken = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(counts, out=taken[1:])
    positions = np.repeat(offsets[:-1][rows] - taken[:-1], counts) + np.arange(taken[-1])
    return taken, [column[positions] for column in columns]


def _offsets(counts: array[int]) -> Int64s:
    """CSR offsets of rows holding COUNTS values each."""
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(_column(counts, np.int64), out=offsets[1:])
    offsets.flags.writeable = False
    return offsets


def _decode_kinds(
    path: Path, letters: str, offsets: Int64s, ids: array[int], known: dict[int, str], noun: str
) -> npt.NDArray[np.uint8]:
    # "replace" keeps one byte per letter, so positions still match access_times.
    kinds = np.frombuffer(letters.encode("ascii", errors="replace"), dtype=np.uint8)
    unknown = np.flatnonzero(~np.isin(kinds, list(known)))
    if unknown.size:
        position = int(unknown[0])
        row = int(np.searchsorted(offsets, position, side="right")) - 1
        raise TraceError(
            f"{path}: {noun} id {ids[row]} has an access kind other than "
            f"{'/'.join(chr(kind) for kind in known)}"
        )
    return kinds


def _check_access_order(path: Path, files: FileTimelines, noun: str) -> None:
    """accessTimes are ascending within each file (interarrivals rely on it)."""
    backwards = np.diff(files.access_times) < 0
    file_starts = files.access_offsets[1:-1]
    backwards[file_starts[(file_starts > 0) & (file_starts < len(files.access_times))] - 1] = False
    if backwards.any():
        position = int(np.argmax(backwards)) + 1
        row = int(np.searchsorted(files.access_offsets, position, side="right")) - 1
        raise TraceError(f"{path}: {noun} id {files.id[row]} has accessTimes out of order")


def _read_namespace(path: Path) -> Namespace:
    paths: list[str] = []
    is_dir = bytearray()
    depths = array("i")
    sizes = array("q")
    mtimes = array("q")
    atimes = array("q")
    replications = array("i")
    blocks = array("i")
    block_sizes = array("q")
    columns = itemgetter(
        "path", "isDir", "depth", "size", "mtime", "atime", "replication", "blocks", "blockSize"
    )
    for record in read_records(path, schema.load(schema.NAMESPACE_ENTRY)):
        (
            entry_path, directory, depth, size, mtime, atime, replication, block_count,
            block_size,
        ) = columns(record)  # fmt: skip
        blocks.append(block_count)
        block_sizes.append(block_size)
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
        blocks=_column(blocks, np.int32),
        block_size=_column(block_sizes, np.int64),
    )


def _column(buffer: array[int] | bytearray, dtype: type[_Scalar]) -> npt.NDArray[_Scalar]:
    """A read-only NumPy view of BUFFER (no copy)."""
    column = np.frombuffer(buffer, dtype=dtype)
    column.flags.writeable = False
    return column
