"""A benchmark run's own trace (its NameNode audit log parsed by `parse`), seen as the model sees
a trace: phase 2 only (from the schedule's time zero on), files under the run's namespace root,
depths counted from that root, and each file typed by its name, as generator-mr names files
(`f<i>.t<j>` for a pre-existing file of type j, `c<i>-<run>.t<j>` for a created one).

Phase 1 created the hierarchy and the pre-existing files: in the run's trace those are files
created before time zero, which phase 2 sees as pre-existing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from operator import itemgetter
from os import PathLike
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.errors import TraceError
from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.ops import CALLER_CONTEXT_PREFIX, RENAME_SUFFIX
from mimesis_model.formats.trace import (
    EVENTS_FILE,
    FILES_FILE,
    NO_TIME,
    FileTimelines,
    read_directory_timelines,
    read_file_timelines,
)
from mimesis_model.model.fidelity import MarkedCalls
from mimesis_model.model.file_behaviour import FileBehaviour

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

BARRIER_LEAD_MS: Final = 1_500
"""generator-mr's StartBarrier.LEAD_MS: time zero is this long after the last mapper's barrier
file; used to find time zero in a run that did not record workload.startMs."""

_TYPE_IN_NAME: Final = re.compile(r"\.t(\d+)(?:" + re.escape(RENAME_SUFFIX) + r"\d+)?$")
"""a run file's type; RENAME_SUFFIX and i mark the name a created file has at its i-th rename"""
_ROOT_NAME: Final = re.compile(r"^(?:ns|flat)-[0-9a-f]+$")
_BARRIER: Final = re.compile(r"/runs/[^/]+/barrier/[^/]+$")


@dataclass(frozen=True, eq=False)
class RunTrace:
    """Phase 2 of a run's trace: what each file under the namespace root did from time zero."""

    directory: Path
    behaviour: FileBehaviour
    """times in ms from time zero; depth from the namespace root"""
    labels: Ints
    """file type by name; -1 for a dormant file or one the profile has no type for"""
    op_counts: dict[str, int]
    """allowed audit events from time zero on, on paths under the root, by op"""
    namespace_root: str
    start_ms: int
    start_from: str
    """how time zero was found: 'summary' (workload.startMs), 'barrier' or 'given'"""
    calls: dict[str, int]
    """every call the run issued, allowed or denied, by op: from time zero to END_MS (if given),
    on the root, under it, or on no path (a cluster-level call)"""
    denied: int
    """of those calls, the ones not allowed"""
    end_ms: int | None = None
    """epoch ms after which calls are not the run's (workload.endMs and a slack); None: none"""
    users: dict[str, int] = field(default_factory=dict)
    """the calls of `calls` by effective user"""
    directories: FileBehaviour | None = None
    """the directories under the root in phase 2, as `behaviour` the files; None for a trace
    parsed before directories had timelines"""
    created_paths: tuple[str, ...] = ()
    """the final paths of the files phase 2 created and did not delete (what the namespace at
    the run's end holds of its creates)"""
    marked: MarkedCalls | None = None
    """the phase-2 calls under the root with when each was due and began; None when the
    NameNode logged no caller context (hadoop.caller.context.enabled off)"""

    @classmethod
    def read(
        cls,
        trace_dir: str | PathLike[str],
        *,
        k: int,
        window_ms: float,
        namespace_root: str | None = None,
        start_ms: int | None = None,
        start_from: str = "given",
        end_ms: int | None = None,
        slack_ms: int = 0,
    ) -> RunTrace:
        """The run trace in TRACE_DIR, for a profile of K types and a schedule WINDOW_MS long
        (wall clock). Without NAMESPACE_ROOT or START_MS they are found in the trace; without
        END_MS every call from time zero on is the run's. Calls logged up to SLACK_MS before
        time zero count too (a mapper's clock meets the start to within a few ms), at zero."""
        directory = Path(trace_dir)
        files = read_file_timelines(directory, paths=True)
        # Asked for above, so present.
        assert files.path is not None
        assert files.final_path is not None
        events, marked = _read_events(directory / EVENTS_FILE)
        if namespace_root is None:
            namespace_root = _namespace_root(directory, files.path)
        root = namespace_root.rstrip("/") or "/"
        prefix = root if root.endswith("/") else root + "/"
        if start_ms is None:
            start_ms, start_from = _barrier_start(directory, events), "barrier"
        since = start_ms - slack_ms
        under = np.fromiter((p.startswith(prefix) for p in files.path), np.bool_, len(files))
        alive = (files.delete_time == NO_TIME) | (files.delete_time >= since)
        rows = np.flatnonzero(under & alive)
        if len(rows) == 0:
            raise TraceError(f"{directory / FILES_FILE}: no file under {root} in phase 2")
        phase2 = _phase_two(files, rows, since, end_ms, _depth(root), start_ms)
        if phase2.access_times.size == 0 and not phase2.created.any():
            raise TraceError(f"{directory}: no access or create under {root} after time zero")
        behaviour = FileBehaviour.of(phase2, start_ms, max(round(window_ms), 1))
        directories = _directories(directory, prefix, since, start_ms, end_ms, behaviour.window_ms)
        finals = [files.final_path[row] for row in rows]
        labels = _type_labels(finals, k)
        kept = (phase2.create_time != NO_TIME) & (phase2.delete_time == NO_TIME)
        labels[behaviour.dormant] = -1
        counts = Counter(
            op for time, op, src, allowed, _ in events
            if allowed and time >= since and src.startswith(prefix)
        )  # fmt: skip
        # The whole workload: the namespace root's own calls and cluster-level (path-less) ones
        # too, as the trace's "/" and its cluster-level calls; the run's bookkeeping is elsewhere.
        # A concat's src lists its sources: "[/root/a, /root/b]".
        last = np.iinfo(np.int64).max if end_ms is None else end_ms
        issued = [
            (op, allowed, user) for time, op, src, allowed, user in events
            if since <= time <= last
            and (src.startswith(prefix) or src.startswith("[" + prefix) or src in ("", root))
        ]  # fmt: skip
        return cls(
            directory=directory,
            behaviour=behaviour,
            labels=labels,
            op_counts=dict(counts),
            namespace_root=root,
            start_ms=int(start_ms),
            start_from=start_from,
            calls=dict(Counter(op for op, _, _ in issued)),
            denied=sum(1 for _, allowed, _ in issued if not allowed),
            end_ms=end_ms,
            users=dict(Counter(user for _, _, user in issued)),
            directories=directories,
            created_paths=tuple(finals[row] for row in np.flatnonzero(kept)),
            marked=_marked_calls(marked, since, start_ms, last, prefix, k),
        )


def _directories(
    trace_dir: Path, prefix: str, since_ms: int, start_ms: int, end_ms: int | None, window_ms: int
) -> FileBehaviour | None:
    """The directories under PREFIX alive in phase 2 (from SINCE_MS), what each did in it (as
    the files), timed from START_MS."""
    timelines = read_directory_timelines(trace_dir, paths=True)
    if timelines is None:
        return None
    assert timelines.path is not None  # asked for
    under = np.fromiter((p.startswith(prefix) for p in timelines.path), np.bool_, len(timelines))
    alive = (timelines.delete_time == NO_TIME) | (timelines.delete_time >= since_ms)
    rows = np.flatnonzero(under & alive)
    phase2 = _phase_two(timelines, rows, since_ms, end_ms, _depth(prefix), start_ms)
    return FileBehaviour.of(phase2, start_ms, window_ms)


def _read_events(
    path: Path,
) -> tuple[list[tuple[int, str, str, bool, str]], list[tuple[int, str, str, float, float]]]:
    """(time, op, src, allowed, user) of every event, and (time, op, src, due, begun; epoch ms)
    of those whose caller context names when the run's call was due and began; a run's trace is
    small enough to hold as lists."""
    columns = itemgetter("time", "op", "src", "allowed", "user", "callerContext")
    events: list[tuple[int, str, str, bool, str]] = []
    marked: list[tuple[int, str, str, float, float]] = []
    for time, op, src, allowed, user, context in map(
        columns, read_records(path, schema.load(schema.AUDIT_EVENT))
    ):
        events.append((time, op, src or "", bool(allowed), user))
        mark = _call_mark(context)
        if mark is not None:
            marked.append((time, op, src or "", mark[0] / 1_000, mark[1] / 1_000))
    if not events:
        raise TraceError(f"{path}: no events")
    if not any(allowed for _, _, _, allowed, _ in events):
        raise TraceError(f"{path}: no allowed events")
    return events, marked


def _call_mark(context: str | None) -> tuple[int, int] | None:
    """(epoch µs the run's call was due, epoch µs it began) from its caller context; None for
    another context."""
    if context is None or not context.startswith(CALLER_CONTEXT_PREFIX):
        return None
    due, _, begun = context[len(CALLER_CONTEXT_PREFIX) :].partition("_")
    return (int(due), int(begun)) if due.isdigit() and begun.isdigit() else None


def _marked_calls(
    marked: list[tuple[int, str, str, float, float]],
    since_ms: int,
    start_ms: int,
    last_ms: int,
    prefix: str,
    k: int,
) -> MarkedCalls | None:
    """The phase-2 calls under PREFIX (logged from SINCE_MS) that name when they were due and
    began, timed from START_MS, their files typed by name among K types."""
    kept = [
        call for call in marked if since_ms <= call[0] <= last_ms and call[2].startswith(prefix)
    ]
    if not kept:
        return None
    return MarkedCalls(
        command=tuple(call[1] for call in kept),
        path=tuple(call[2] for call in kept),
        due=np.array([call[3] for call in kept]) - start_ms,
        begun=np.array([call[4] for call in kept]) - start_ms,
        logged=np.array([float(call[0]) for call in kept]) - start_ms,
        file_type=_type_labels([call[2] for call in kept], k),
    )


def _namespace_root(directory: Path, paths: list[str]) -> str:
    """The generator's `ns-<hash>` (or `flat-<hash>`) folder the trace's files are under."""
    roots: Counter[str] = Counter()
    for path in paths:
        parts = path.split("/")
        for i, part in enumerate(parts[:-1]):
            if _ROOT_NAME.match(part):
                roots["/".join(parts[: i + 1])] += 1
                break
    if not roots:
        raise TraceError(
            f"{directory}: no file under an ns-*/flat-* folder: not a run's trace "
            "(or give --namespace-root)"
        )
    return roots.most_common(1)[0][0]


def _barrier_start(directory: Path, events: list[tuple[int, str, str, bool, str]]) -> int:
    """Time zero from phase 2's start barrier: the last arrival (a mapper's mkdirs; a create in
    a run made before arrivals were directories) plus the lead."""
    arrivals = [
        time for time, op, src, allowed, _ in events
        if allowed and op in ("mkdirs", "create") and _BARRIER.search(src)
    ]  # fmt: skip
    if not arrivals:
        raise TraceError(
            f"{directory}: no start-barrier creates, so phase 2's start is unknown "
            "(give --start-ms, or a results folder whose summary.json has workload.startMs)"
        )
    return max(arrivals) + BARRIER_LEAD_MS


def _depth(root: str) -> int:
    return len([part for part in root.split("/") if part])


def _phase_two(
    files: FileTimelines,
    rows: Ints,
    start_ms: int,
    end_ms: int | None,
    depth_offset: int,
    zero_ms: int | None = None,
) -> FileTimelines:
    """The files at ROWS from START_MS to END_MS: accesses outside dropped, a file created before
    it (in phase 1) made pre-existing, a delete after it (--cleanup's) not phase 2's; depths
    counted from the namespace root. Times before ZERO_MS (the slack before time zero) are moved
    to it."""
    last = np.iinfo(np.int64).max if end_ms is None else end_ms
    zero = start_ms if zero_ms is None else zero_ms
    taken = files.take(rows)
    counts = taken.accesses_per_file
    kept = (taken.access_times >= start_ms) & (taken.access_times <= last)
    owner = np.repeat(np.arange(len(rows)), counts)
    offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(np.bincount(owner[kept], minlength=len(rows)), out=offsets[1:])
    create_time = taken.create_time
    before = (create_time != NO_TIME) & (create_time < start_ms)
    delete_time = taken.delete_time
    return replace(
        taken,
        depth=taken.depth - depth_offset,
        pre_existing=taken.pre_existing | before,
        create_time=np.where(
            before,
            NO_TIME,
            np.where(create_time == NO_TIME, NO_TIME, np.maximum(create_time, zero)),
        ),
        delete_time=np.where(
            delete_time > last,
            NO_TIME,
            np.where(delete_time == NO_TIME, NO_TIME, np.maximum(delete_time, zero)),
        ),
        access_offsets=offsets,
        access_times=np.maximum(taken.access_times[kept], zero),
        access_kinds=taken.access_kinds[kept],
        path=None,
        final_path=None,
    )


def _type_labels(paths: list[str], k: int) -> Ints:
    labels = np.full(len(paths), -1, dtype=np.int64)
    for row, path in enumerate(paths):
        match = _TYPE_IN_NAME.search(path)
        if match and int(match.group(1)) < k:
            labels[row] = int(match.group(1))
    return labels
