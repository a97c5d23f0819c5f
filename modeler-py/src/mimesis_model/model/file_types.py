"""File (and directory) types from labelled files: each cluster's weight, counts, shares and
distributions, its other calls and its probes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import CallShare, DirectoryType, FileType, Probes
from mimesis_model.formats.trace import audit_commands
from mimesis_model.model.file_behaviour import FileBehaviour, count_kinds
from mimesis_model.model.synthesis import renewal_times

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


def file_types_of(
    behaviour: FileBehaviour,
    labels: Ints,
    k: int,
    centroids: Floats | None = None,
    max_points: int = 2048,
    list_status_share: float = 0.0,
    commands: frozenset[str] | None = None,
) -> list[FileType]:
    """The K file types of the files labelled 0..K-1 by LABELS (-1: not typed, e.g. dormant).

    Types are returned by descending weight (ties by label), so that index 0 is the largest.
    LIST_STATUS_SHARE: the share of probes that are listings (the trace keeps a probe's time,
    not its kind). COMMANDS: the calls kept as CallShares (None: every one the files had).
    """
    types = [
        FileType(
            index=part.label,
            weight=part.weight,
            files=part.count,
            pre_existing=part.pre_existing,
            unaccessed_share=part.unaccessed_share,
            access_shares=part.access_shares,
            delete_share=part.delete_share,
            removed_share=part.removed_share,
            rename_delay=part.rename_delay,
            depth=part.depth,
            distributions=part.distributions | {"accessesPerFile": part.accesses_per_entity},
            centroid=[] if centroids is None else centroids[part.label].tolist(),
            calls=part.calls,
            probes=part.probes,
        )
        for part in _types(behaviour, labels, k, max_points, list_status_share, commands)
    ]
    types.sort(key=lambda file_type: (-file_type.files, file_type.index))
    return types


def directory_types_of(
    behaviour: FileBehaviour,
    labels: Ints,
    k: int,
    centroids: Floats | None = None,
    max_points: int = 2048,
    list_status_share: float = 0.0,
    commands: frozenset[str] | None = None,
) -> list[DirectoryType]:
    """The K directory types of BEHAVIOUR's directories, as file_types_of makes file types."""
    types = [
        DirectoryType(
            index=part.label,
            weight=part.weight,
            directories=part.count,
            pre_existing=part.pre_existing,
            unaccessed_share=part.unaccessed_share,
            access_shares=part.access_shares,
            delete_share=part.delete_share,
            subtree_files=Distribution.of_sample(
                behaviour.subtree_files[part.rows & behaviour.deleted], max_points
            ),
            depth=part.depth,
            distributions=part.distributions | {"accessesPerDirectory": part.accesses_per_entity},
            calls=part.calls,
            probes=part.probes,
            centroid=[] if centroids is None else centroids[part.label].tolist(),
        )
        for part in _types(behaviour, labels, k, max_points, list_status_share, commands)
    ]
    types.sort(key=lambda directory_type: (-directory_type.directories, directory_type.index))
    return types


@dataclass(frozen=True, eq=False)
class _TypePart:
    """What a file type and a directory type have in common, of one label."""

    label: int
    rows: Bools
    count: int
    weight: float
    pre_existing: int
    unaccessed_share: float
    access_shares: dict[str, float]
    delete_share: float
    removed_share: float
    """of its created files no delete of their own ended, the share a directory's removed"""
    depth: Distribution
    distributions: dict[str, Distribution]
    accesses_per_entity: Distribution
    calls: list[CallShare]
    probes: Probes | None
    rename_delay: Distribution
    """its created files' renames minus their creation, pooled (empty: none renamed)"""


def _types(
    behaviour: FileBehaviour,
    labels: Ints,
    k: int,
    max_points: int,
    list_status_share: float,
    commands: frozenset[str] | None,
) -> Iterator[_TypePart]:
    typed = labels >= 0
    total = int(np.count_nonzero(typed))
    # Each file's accesses, calls and probes, grouped by the file's type: a stable sort each.
    accesses_of = _Groups(labels[behaviour.access_file], k)
    calls_of = _Groups(labels[behaviour.call_file], k)
    probes_of = _Groups(labels[behaviour.probe_file], k)
    renames_of = _Groups(labels[behaviour.rename_file], k)
    names = audit_commands()
    first_kind = next(iter(behaviour.kinds.values()))
    for label in range(k):
        rows = labels == label
        count = int(np.count_nonzero(rows))
        if count == 0:
            continue
        in_type = accesses_of(label)
        gaps = behaviour.interarrival[in_type]
        accessed = rows & behaviour.accessed
        deleted = rows & behaviour.deleted
        accesses = len(in_type)
        shares = count_kinds(behaviour.access_kind[in_type], behaviour.kinds)
        created = int(np.count_nonzero(rows & behaviour.created))
        kept = np.count_nonzero(rows & behaviour.created & ~behaviour.deleted)
        removed = (
            0
            if behaviour.removed is None
            else np.count_nonzero(rows & behaviour.created & behaviour.removed)
        )
        calls = calls_of(label)
        codes = behaviour.call_code[calls]
        offsets = np.maximum(behaviour.call_offset[calls], 0.0)
        # Room each file leaves before the window's end, in each of a few runs' draws of the
        # origins: a generator drops what falls past it, so a share is the trace's count over
        # what the drawn delays would keep in a run, not over all.
        window = float(behaviour.window_ms)
        origins = behaviour.origin[rows]
        creates = Distribution.of_sample(
            create_interarrivals(behaviour.create_time[rows]), max_points
        )
        made = _generated_origins(origins, behaviour.created[rows], window, creates)
        room = window - made
        # a generator drops a call due after its file's delete too: a deleted file's room for
        # its calls ends there (HBase's archived files: setTimes came out 7 % short without it)
        lifetime = behaviour.delete_time[rows] - origins
        call_room = np.where(behaviour.deleted[rows], np.minimum(room, lifetime), room)
        # a delete comes after the file's last access (its origin if none), as long after its
        # origin as in the trace
        since = np.where(behaviour.accessed[rows], behaviour.last_access[rows], origins)
        delete_room = room - (since - origins)
        call_shares = [
            CallShare(
                names[code],
                _share(
                    int(np.count_nonzero(codes == code)),
                    offsets[codes == code],
                    call_room,
                    per_file=True,
                ),
                Distribution.of_sample(offsets[codes == code], max_points),
            )
            for code in np.unique(codes).tolist()
            if commands is None or names[code] in commands
        ]
        leads = np.maximum(behaviour.probe_lead[probes_of(label)], 0.0)
        yield _TypePart(
            label=label,
            rows=rows,
            count=count,
            weight=count / total,
            pre_existing=int(np.count_nonzero(rows & behaviour.pre_existing)),
            unaccessed_share=1.0
            - _share(int(np.count_nonzero(accessed)), behaviour.activation_delay[accessed], room),
            access_shares={
                kind: (n / accesses if accesses else (1.0 if kind == first_kind else 0.0))
                for kind, n in shares.items()
            },
            delete_share=_share(
                int(np.count_nonzero(deleted)), behaviour.delete_delay[deleted], delete_room
            ),
            removed_share=removed / kept if kept else 0.0,
            depth=Distribution.of_sample(behaviour.depth[rows], max_points),
            distributions={
                "createInterarrival": creates,
                "activationDelay": Distribution.of_sample(
                    behaviour.activation_delay[accessed], max_points
                ),
                "accessInterarrival": Distribution.of_sample(gaps[~np.isnan(gaps)], max_points),
                "activeSpan": Distribution.of_sample(behaviour.active_span[accessed], max_points),
                "deleteDelay": Distribution.of_sample(behaviour.delete_delay[deleted], max_points),
            },
            accesses_per_entity=Distribution.of_sample(behaviour.accesses[accessed], max_points),
            calls=call_shares,
            probes=(
                Probes(
                    len(leads) / created,
                    list_status_share,
                    Distribution.of_sample(leads, max_points),
                )
                if created and len(leads)
                else None
            ),
            rename_delay=Distribution.of_sample(
                behaviour.rename_delay[renames_of(label)], max_points
            ),
        )


ORIGIN_DRAWS = 16
"""runs' origins drawn to average a share over (fewer for a type of many files, whose draws
differ little)"""
ORIGIN_VALUES = 4_000_000
"""at most this many drawn origins per type (32 MB)"""


def _generated_origins(
    origins: Floats, created: Bools, window: float, creates: Distribution
) -> Floats:
    """ORIGINS as runs' generators make them, one row per draw: pre-existing files at 0, the
    created ones (the k-th of the trace's by time the k-th of a draw) where the fitted create
    process (CREATES, the type's fitted create interarrivals) puts them in one run, not where
    the trace had them; a create the draw puts past WINDOW at it. One run's few long gaps fall
    anywhere among its creates, where many runs' would average out: a type that creates in
    bursts lost 13 % of its calls in a run to a fit made with the average origins (HBase's
    flushed HFiles)."""
    draws = max(1, min(ORIGIN_DRAWS, ORIGIN_VALUES // max(len(origins), 1)))
    made = np.tile(origins, (draws, 1))
    times = origins[created]
    if len(times):
        # drawn as generators draw it; a fixed seed keeps the fit a function of its trace
        rng = np.random.default_rng(0)
        order = np.argsort(times, kind="stable")
        for row in made:
            drawn = np.full(len(times), window)
            at = renewal_times(creates, len(times), window, rng)
            drawn[: len(at)] = at
            placed = np.empty(len(times))
            placed[order] = drawn
            row[created] = placed
    return made


def _share(observed: int, delays: Floats, room: Floats, per_file: bool = False) -> float:
    """The share (PER_FILE: the rate per file) a generator must draw so that, each draw's delay
    taken from DELAYS and dropped past its file's ROOM, OBSERVED come out on average: the trace's
    window cut its late files' events, and a share over all files would have the generator cut
    them a second time (a MapReduce trace's opens came out 4 % short, its deletes 7 %). ROOM:
    one row per draw of the files' origins (or one row), averaged over."""
    files = int(room.shape[-1])
    if observed == 0 or files == 0:
        return 0.0
    ordered = np.sort(delays)
    draws = room.size // files  # ROOM's rows: runs' draws, averaged over
    kept = float(np.searchsorted(ordered, room, side="left").sum()) / len(ordered) / draws
    if kept <= 0 or (not per_file and kept < observed):
        return observed / files  # the delays do not fit the rooms: nothing to correct by
    return observed / kept if per_file else min(1.0, observed / kept)


class _Groups:
    """The positions of the items (accesses, calls, probes) whose file has each label."""

    def __init__(self, owner_labels: Ints, k: int) -> None:
        self.order = np.argsort(owner_labels, kind="stable")
        self.bounds = np.searchsorted(owner_labels[self.order], np.arange(k + 1))

    def __call__(self, label: int) -> Ints:
        return self.order[self.bounds[label] : self.bounds[label + 1]]


def create_interarrivals(create_times: Floats) -> Floats:
    """The gaps of a renewal process started at the window's start that made these creates.

    The first gap is the first create's offset into the window, so that a type that only
    creates late in the window, or creates one file, still has a create process.
    """
    times = np.sort(create_times[~np.isnan(create_times)])
    if len(times) == 0:
        return times
    gaps = np.diff(np.maximum(times, 0.0), prepend=0.0)
    if gaps.max() <= 0:
        return np.ones(1)  # every create at the window's first instant: one a millisecond
    return gaps
