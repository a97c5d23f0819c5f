"""How close a synthetic workload is to a trace: a Kolmogorov-Smirnov distance per dimension
(paper section 2: the popularity CDF is the one k is chosen by), and the total variation
distance of the op mix; overall and per file type.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar, Final, Literal

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.ops import ACCESS_KINDS, BASE_OPS, RENAME_SUFFIX, audit_command
from mimesis_model.model.file_behaviour import FileBehaviour
from mimesis_model.model.file_types import create_interarrivals
from mimesis_model.model.synthesis import SyntheticWorkload

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Pairs = Literal["calls", "one_file", "next_on_file"]
"""Which of a run's pairs of calls CallOffsets.gaps logs a gap like: any two calls; two calls on
one file (a file's calls are issued in order, each after the one before it ended, so their
offsets differ less than two files' calls); a file's consecutive calls, as the trace pairs them
for its interarrivals"""

DIMENSIONS: Final = (
    "popularity", "interarrival", "active_span", "create_interarrival", "create_time",
    "delete_time", "files_per_depth", "op_mix",
)  # fmt: skip
OPS: Final = BASE_OPS
RENAMED: Final = re.compile(re.escape(RENAME_SUFFIX) + r"\d+$")
"""the suffix generator-mr's EntryLife gives a file's k-th rename"""
NEAR_PAIRS: Final = 1_000_000
"""at most this many pairs of a run's calls near in time are kept to log gaps with (16 MB)"""
PAIR_TOLERANCE_MS: Final = 0.05
PAIR_TOLERANCE_SHARE: Final = 0.01
"""a gap is logged with a pair of calls whose begins are as far apart within the larger of
PAIR_TOLERANCE_MS (a twentieth of the log's millisecond) and this share of the gap"""
MIN_PAIRS: Final = 32
"""and with one of at least this many pairs nearest it: the comparison's model repeats each
value of a run-sized draw in every replica, and where the run has only a pair or two that near,
all of a value's copies took one pair's shift, one draw where the distribution was wanted"""


def ks_distance(trace: npt.ArrayLike, model: npt.ArrayLike) -> float | None:
    """Largest gap between the two samples' empirical CDFs; None when either is empty."""
    # Imported here: scipy.stats takes half a second to import, and most commands never compare.
    from scipy.stats import ks_2samp

    left, right = np.asarray(trace, dtype=np.float64), np.asarray(model, dtype=np.float64)
    if len(left) == 0 or len(right) == 0:
        return None
    return float(ks_2samp(left, right, method="asymp").statistic)


def total_variation(trace: dict[str, int], model: dict[str, int]) -> float | None:
    """Half the L1 distance between the two op shares; None when either has no op."""
    left = np.array([trace.get(op, 0) for op in OPS], dtype=np.float64)
    right = np.array([model.get(op, 0) for op in OPS], dtype=np.float64)
    if left.sum() == 0 or right.sum() == 0:
        return None
    return float(0.5 * np.abs(left / left.sum() - right / right.sum()).sum())


@dataclass(frozen=True, eq=False)
class WorkloadSample:
    """One workload's values along every dimension fidelity compares; times in ms from the
    window's start. Made from a trace's files (of_trace) or a synthetic workload (of_model)."""

    files: int
    accesses: Ints
    """accesses of each accessed file"""
    interarrival: Floats
    active_span: Floats
    """of each accessed file"""
    create_interarrival: Floats
    create_time: Floats
    """of each file created in the window"""
    delete_time: Floats
    """of each file deleted in the window"""
    depth: Ints
    op_counts: dict[str, int]

    @classmethod
    def of_trace(
        cls,
        behaviour: FileBehaviour,
        rows: Bools,
        create_gaps: Floats,
        trace_ops: dict[str, int] | None,
    ) -> WorkloadSample:
        """The files in ROWS; CREATE_GAPS their create process (per type, pooled)."""
        accessed = rows & behaviour.accessed
        gaps = behaviour.interarrival[rows[behaviour.access_file]]
        created = rows & behaviour.created
        deleted = rows & behaviour.deleted
        return cls(
            files=int(np.count_nonzero(rows)),
            accesses=behaviour.accesses[accessed],
            interarrival=gaps[~np.isnan(gaps)],
            active_span=behaviour.active_span[accessed],
            create_interarrival=create_gaps,
            create_time=behaviour.create_time[created],
            delete_time=behaviour.delete_time[deleted],
            depth=behaviour.depth[rows],
            op_counts=trace_op_counts(behaviour, rows, trace_ops),
        )

    @classmethod
    def of_model(
        cls, model: SyntheticWorkload, label: int | None, with_ratios: bool
    ) -> WorkloadSample:
        """The files of type LABEL (None: all) of MODEL; WITH_RATIOS counts mkdirs (the directory
        types' too) and renames."""
        rows = np.ones(len(model), dtype=np.bool_) if label is None else model.file_type == label
        gaps = model.interarrival if label is None else model.interarrival[
            model.interarrival_type == label
        ]  # fmt: skip
        creates = model.create_interarrival if label is None else model.create_interarrival[
            model.create_interarrival_type == label
        ]  # fmt: skip
        counts = model.accesses[rows]
        op_counts = model.op_counts(rows, with_ratios=with_ratios)
        if with_ratios and model.directories is not None:  # the trace's mkdirs count theirs too
            op_counts["mkdirs"] += model.directories.created
        return cls(
            files=int(np.count_nonzero(rows)),
            accesses=counts[counts > 0],
            interarrival=gaps,
            active_span=_finite(model.active_span[rows]),
            create_interarrival=creates,
            create_time=model.origin[rows & ~model.pre_existing],
            delete_time=_finite(model.delete_time[rows]),
            depth=model.depth[rows],
            op_counts=op_counts,
        )

    def audited(self, random_state: int, offsets: CallOffsets | None = None) -> WorkloadSample:
        """This sample's times as an audit log would record them (whole milliseconds), each call
        logged OFFSETS later than due, as in as_audited."""
        rng = np.random.default_rng(random_state)
        sample = self
        if offsets is not None:
            sample = replace(
                self,
                interarrival=offsets.gaps(
                    self.interarrival, CallOffsets.ACCESSES, rng, pairs="next_on_file"
                ),
                create_interarrival=offsets.gaps(self.create_interarrival, ("create",), rng),
                active_span=offsets.spans(self.active_span, self.accesses, rng),
                create_time=offsets.times(self.create_time, ("create",), rng),
                delete_time=offsets.times(self.delete_time, ("delete",), rng),
            )
        return sample._with_times(lambda times: audited(times, rng))

    def time_scaled(self, time_scale: float) -> WorkloadSample:
        """This workload with every time multiplied by TIME_SCALE (a run's --time-scale)."""
        return self._with_times(lambda times: times * time_scale)

    def _with_times(self, change: Callable[[Floats], Floats]) -> WorkloadSample:
        """This sample with CHANGE applied to each of its times (ms), in this order: the ones time
        scaling and the audit log's clock change."""
        return replace(
            self,
            interarrival=change(self.interarrival),
            active_span=change(self.active_span),
            create_interarrival=change(self.create_interarrival),
            create_time=change(self.create_time),
            delete_time=change(self.delete_time),
        )


def audited(durations: Floats, rng: np.random.Generator) -> Floats:
    """DURATIONS (ms) as two times an audit log records would give them: the log cuts each time to
    its whole millisecond, so a duration d shows as floor(d + u), u uniform in [0, 1) (where in
    its millisecond the first time fell). NaN stays NaN."""
    shown: Floats = np.floor(durations + rng.random(len(durations)))
    return shown


@dataclass(frozen=True, eq=False)
class MarkedCalls:
    """A run's calls that named, in their caller context, when they were due and when they
    began, with the millisecond the audit log gave them; times in ms from time zero. They split a
    run's timing into its stages: the schedule (due), the issuing (begun), the NameNode (logged)."""

    command: tuple[str, ...]
    path: tuple[str, ...]
    due: Floats
    begun: Floats
    logged: Floats
    file_type: Ints
    """the type of the call's file by its name; -1 for a call on no file of the run's types (a
    directory's, a probe's of no file)"""

    def __len__(self) -> int:
        return len(self.command)

    def create_gaps(self, times: Floats) -> Floats:
        """Each file type's create interarrivals at TIMES (the first from time zero), pooled:
        the run's create process at that stage, as the model's create_interarrival."""
        creates = np.array(self.command) == "create"
        types = np.unique(self.file_type[creates & (self.file_type >= 0)])
        gaps = [create_interarrivals(times[creates & (self.file_type == t)]) for t in types]
        pooled: Floats = np.concatenate(gaps) if gaps else np.zeros(0)
        return pooled

    def offsets(self) -> CallOffsets:
        """How long each call took from its begin to its log, by command, with the file it named
        (by path; -1 for a call on none of the run's files)."""
        by: dict[str, list[int]] = {}
        for row, command in enumerate(self.command):
            by.setdefault(command, []).append(row)
        _, file_ids = np.unique(np.array(self.path, dtype=object), return_inverse=True)
        file_ids = np.where(self.file_type >= 0, file_ids, -1)
        offsets, files = {}, {}
        for command, rows in by.items():
            taken = np.array(rows)[np.argsort(self.begun[rows], kind="stable")]
            offsets[command] = (self.begun[taken], self.logged[taken] - self.begun[taken])
            files[command] = file_ids[taken]
        return CallOffsets(offsets, files)

    def access_gaps(self, times: Floats) -> Floats:
        """The gaps between each file's consecutive accesses (CallOffsets.ACCESSES) by path, at
        TIMES (one of due, begun, logged): the run's interarrival at that stage."""
        paths, ordered = self._accesses_by_file(times)
        gaps: Floats = np.diff(ordered)[paths[1:] == paths[:-1]]
        return gaps

    def access_spans(self, times: Floats) -> Floats:
        """Each accessed file's first to last access (by path) at TIMES: the run's active span
        at that stage."""
        paths, ordered = self._accesses_by_file(times)
        if len(paths) == 0:
            return np.zeros(0)
        starts = np.flatnonzero(np.r_[True, paths[1:] != paths[:-1]])
        ends = np.r_[starts[1:], len(paths)] - 1
        spans: Floats = ordered[ends] - ordered[starts]
        return spans

    def _accesses_by_file(self, times: Floats) -> tuple[npt.NDArray[Any], Floats]:
        """The accesses' files and TIMES, by file, each file's in time order: a file is its
        path without the generator's rename suffix (`._r<k>`), so a renamed file is one file; a
        call before its file's create is a probe of a path not there yet, not an access."""
        rows, files, created_by = self._accesses
        made = np.where(created_by >= 0, times[created_by], -np.inf)
        kept = times[rows] >= made
        rows, files = rows[kept], files[kept]
        order = np.lexsort((times[rows], files))
        return files[order], times[rows][order]

    @cached_property
    def _accesses(self) -> tuple[Ints, npt.NDArray[Any], Ints]:
        """The accesses' rows, each one's file and the row of its file's create (-1: none), the
        same at every stage: made once for all of them."""
        commands = np.array(self.command)
        files = np.array([RENAMED.sub("", path) for path in self.path], dtype=object)
        creates = np.flatnonzero(commands == "create")
        create_of = dict(zip(files[creates].tolist(), creates.tolist(), strict=True))
        rows = np.flatnonzero((self.file_type >= 0) & np.isin(commands, CallOffsets.ACCESSES))
        created_by = np.array([create_of.get(f, -1) for f in files[rows].tolist()], np.int64)
        return rows, files[rows], created_by


@dataclass(frozen=True, eq=False)
class CallOffsets:
    """How long a run's calls took from their begin to the millisecond its NameNode's audit log
    gave them (ms, by the audit command): the client's RPC, the NameNode's queue, lock and edit
    log sync. A faithful run has them too, so its times are compared with the model's shifted by
    them. The run measures them from its calls' caller contexts (ops.CALLER_CONTEXT_PREFIX).

    Calls close in time share much of their offset (a pause of the NameNode holds them all), so
    two calls g apart are shifted by the offsets of two of the run's calls g apart, not by two
    independent draws, which would spread their gap by far more than the run's own."""

    by_command: dict[str, tuple[Floats, Floats]]
    """command -> (begin ms from time zero, sorted; the offset of each, ms)"""
    files: dict[str, Ints] = field(default_factory=dict)
    """command -> the file each call named (an id; -1: none of the run's files), as by_command's
    calls; a command not here: no call's file is known"""
    _pools: dict[tuple[str, ...], tuple[Floats, Floats, Ints]] = field(
        default_factory=dict, init=False, repr=False
    )
    """_pool()'s answers: a fidelity asks the same few pools for every faithful run it draws"""
    _pairs: dict[tuple[tuple[str, ...], Pairs], tuple[Floats, Floats, float]] = field(
        default_factory=dict, init=False, repr=False
    )
    """pairs()'s answers, likewise"""

    ACCESSES: ClassVar[tuple[str, ...]] = tuple(audit_command(kind) for kind in ACCESS_KINDS)

    @property
    def calls(self) -> int:
        return sum(len(begins) for begins, _ in self.by_command.values())

    def every(self) -> Floats:
        return np.concatenate([offsets for _, offsets in self.by_command.values()])

    def pooled(self, commands: tuple[str, ...]) -> tuple[Floats, Floats]:
        """COMMANDS' calls (begins sorted, offsets); the accesses' when none of them has one."""
        begins, offsets, _ = self._pooled(commands)
        return begins, offsets

    def _pooled(self, commands: tuple[str, ...]) -> tuple[Floats, Floats, Ints]:
        if commands not in self._pools:
            self._pools[commands] = self._pool(commands)
        return self._pools[commands]

    def _pool(self, commands: tuple[str, ...]) -> tuple[Floats, Floats, Ints]:
        found = [c for c in commands if len(self.by_command.get(c, ((),))[0])]
        if not found and commands != self.ACCESSES:
            return self._pooled(self.ACCESSES)
        found = found or list(self.by_command)
        begins = np.concatenate([self.by_command[c][0] for c in found])
        offsets = np.concatenate([self.by_command[c][1] for c in found])
        files = np.concatenate([
            self.files.get(c, np.full(len(self.by_command[c][0]), -1)) for c in found
        ])  # fmt: skip
        order = np.argsort(begins, kind="stable")
        return begins[order], offsets[order], files[order]

    def gaps(
        self,
        gaps: Floats,
        commands: tuple[str, ...],
        rng: np.random.Generator,
        *,
        pairs: Pairs = "calls",
    ) -> Floats:
        """GAPS between two calls as their audit log shows them: each moved as much as the log
        moved a gap of one of the run's PAIRS of calls whose begins were as far apart, give or
        take _tolerance, or of one of the MIN_PAIRS nearest (a gap past the pairs kept, by the
        offsets of a first call drawn among the calls and the call nearest the gap after it).
        Two calls whose offsets cross are logged the other way round."""
        begins, offsets, _ = self._pooled(commands)
        if len(begins) < 2:
            return np.abs(gaps)
        wanted = np.nan_to_num(np.abs(gaps))
        # A burst's calls, microseconds apart, reach the log with nearly one offset: a short gap
        # takes the shift of a pair as close, not of a call and its next one, however far.
        pair_gaps, pair_shifts, reach = self.pairs(commands, pairs)
        near = wanted <= (reach if len(pair_gaps) > 1 else -1.0)
        shift = np.empty(len(wanted))
        shift[near] = _drawn_pair_shift(pair_gaps, pair_shifts, wanted[near], rng)
        shift[~near] = _far_pair_shift(begins, offsets, wanted[~near], rng)
        shown: Floats = np.abs(gaps + shift)
        return shown

    def pairs(self, commands: tuple[str, ...], pairs: Pairs) -> tuple[Floats, Floats, float]:
        """COMMANDS' PAIRS of calls (see Pairs; of any calls when no call's file is known): the
        gap between their begins, sorted, how much the log moved it (ms), and the longest gap
        they stand for (inf: every gap; less when NEAR_PAIRS left pairs out)."""
        if (commands, pairs) not in self._pairs:
            begins, offsets, files = self._pooled(commands)
            if pairs == "calls" or not np.any(files >= 0):
                found = _near_pairs(begins, offsets, np.zeros(len(begins), dtype=np.int64))
            elif pairs == "one_file":
                found = _near_pairs(begins, offsets, files)
            else:
                found = _next_on_file(begins, offsets, files)
            self._pairs[(commands, pairs)] = found
        return self._pairs[(commands, pairs)]

    def times(self, times: Floats, commands: tuple[str, ...], rng: np.random.Generator) -> Floats:
        """TIMES (ms from time zero) of calls as logged: each later by the offset of the run's
        call nearest it, or of its neighbour (NaN stays NaN)."""
        begins, offsets = self.pooled(commands)
        near = _nearest(begins, np.nan_to_num(times)) + rng.integers(-1, 2, len(times))
        shown: Floats = times + offsets[np.clip(near, 0, len(begins) - 1)]
        return shown

    def spans(self, spans: Floats, accesses: Ints, rng: np.random.Generator) -> Floats:
        """Active SPANS (first to last access) as logged: a file of one access keeps 0."""
        logged = self.gaps(spans, self.ACCESSES, rng, pairs="one_file")
        shown = np.where(accesses > 1, logged, spans)
        return shown


def _near_pairs(begins: Floats, offsets: Floats, files: Ints) -> tuple[Floats, Floats, float]:
    """The pairs of calls on one of FILES (-1: none, left out) at most a reach apart, the longest
    that keeps them within NEAR_PAIRS, as CallOffsets.pairs gives them; BEGINS sorted."""
    on = files >= 0
    begins, offsets, files = begins[on], offsets[on], files[on]
    if len(begins) < 2:
        return np.zeros(0), np.zeros(0), -1.0
    span = begins[-1] - begins[0]
    # Each file's calls on a line of their own, 2 spans past the one before: no reach joins two.
    _, rank = np.unique(files, return_inverse=True)
    order = np.lexsort((begins, rank))
    begins, offsets = begins[order], offsets[order]
    line = rank[order] * 2 * (span + 1) + (begins - begins[0])
    n = len(line)
    counts, reached = np.zeros(n, dtype=np.int64), -1.0  # no pair: every gap is logged as far
    for reach in np.geomspace(1e-3, max(span, 2e-3), 64):
        within = np.searchsorted(line, line + reach, side="right") - np.arange(n) - 1
        if within.sum() > NEAR_PAIRS:
            break
        counts, reached = within, (np.inf if reach >= span else float(reach))
    first = np.repeat(np.arange(n), counts)
    second = first + 1 + np.arange(len(first)) - np.repeat(np.cumsum(counts) - counts, counts)
    pair_gaps = begins[second] - begins[first]
    by_gap = np.argsort(pair_gaps, kind="stable")
    return pair_gaps[by_gap], (offsets[second] - offsets[first])[by_gap], reached


def _next_on_file(begins: Floats, offsets: Floats, files: Ints) -> tuple[Floats, Floats, float]:
    """Each file's gaps between its consecutive calls as begun, sorted, and how much the log
    moved each: the k-th gap as begun became the file's k-th gap as logged, its calls sorted
    again by their log (a burst's calls may reach the log in another order)."""
    on = files >= 0
    begins, logged, files = begins[on], begins[on] + offsets[on], files[on]
    as_begun, as_logged = np.lexsort((begins, files)), np.lexsort((logged, files))
    same = files[as_begun][1:] == files[as_begun][:-1]
    pair_gaps = np.diff(begins[as_begun])[same]
    shifts = np.diff(logged[as_logged])[same] - pair_gaps
    by_gap = np.argsort(pair_gaps, kind="stable")
    return pair_gaps[by_gap], shifts[by_gap], np.inf


def _tolerance(gaps: Floats) -> Floats:
    """How far from each of GAPS a pair's gap may be to log it: a twentieth of the log's
    millisecond, or PAIR_TOLERANCE_SHARE of a longer gap."""
    tolerance: Floats = np.maximum(PAIR_TOLERANCE_MS, PAIR_TOLERANCE_SHARE * gaps)
    return tolerance


def _drawn_pair_shift(
    pair_gaps: Floats, pair_shifts: Floats, wanted: Floats, rng: np.random.Generator
) -> Floats:
    """The shift of a pair drawn among those whose gap is within the tolerance of each WANTED
    gap, or when none is, as near as the nearest pair's; among the MIN_PAIRS nearest at least."""
    nearest = _nearest(pair_gaps, wanted)
    tolerance = np.maximum(_tolerance(wanted), np.abs(pair_gaps[nearest] - wanted))
    fewest = min(MIN_PAIRS, len(pair_gaps))
    around = _nearest_window(pair_gaps, wanted, fewest)
    low = np.minimum(np.searchsorted(pair_gaps, wanted - tolerance, side="left"), around)
    high = np.maximum(np.searchsorted(pair_gaps, wanted + tolerance, side="right"), around + fewest)
    drawn = low + (rng.random(len(wanted)) * (high - low)).astype(np.int64)
    shift: Floats = pair_shifts[drawn]
    return shift


def _nearest_window(sorted_values: Floats, targets: Floats, count: int) -> Ints:
    """Where the COUNT values of SORTED_VALUES nearest each of TARGETS begin (they are
    consecutive): the first start whose window would not be nearer one step on."""
    last = len(sorted_values) - 1
    low = np.zeros(len(targets), dtype=np.int64)
    high = np.full(len(targets), last + 1 - count, dtype=np.int64)
    while np.any(open_ := low < high):
        middle = (low + high) // 2
        # the window from middle + 1 drops middle's value and takes middle + count's
        on = (
            targets - sorted_values[middle]
            > sorted_values[np.minimum(middle + count, last)] - targets
        )
        low = np.where(open_ & on, middle + 1, low)
        high = np.where(open_ & ~on, middle, high)
    return low


def _far_pair_shift(
    begins: Floats, offsets: Floats, wanted: Floats, rng: np.random.Generator
) -> Floats:
    """The offset difference of two calls about each WANTED gap apart: the first drawn among the
    calls with room for the gap after them (the run's first for a gap longer than the run), the
    second the call nearest the gap after it, never the first itself."""
    n = len(begins)
    room = np.maximum(np.searchsorted(begins, begins[-1] - wanted, side="right"), 1)
    first = (rng.random(len(wanted)) * room).astype(np.int64)
    second = _nearest(begins, begins[first] + wanted)
    second = np.where(second == first, np.where(first + 1 < n, first + 1, first - 1), second)
    shift: Floats = offsets[second] - offsets[first]
    return shift


def _nearest(sorted_values: Floats, targets: Floats) -> Ints:
    """The index of the value of SORTED_VALUES nearest each of TARGETS."""
    right = np.clip(np.searchsorted(sorted_values, targets), 1, len(sorted_values) - 1)
    left = right - 1
    nearer_left = np.abs(targets - sorted_values[left]) <= np.abs(sorted_values[right] - targets)
    found: Ints = np.where(nearer_left, left, right)
    return found


def as_audited(
    model: SyntheticWorkload, random_state: int, offsets: CallOffsets | None = None
) -> SyntheticWorkload:
    """MODEL's times as a run's audit log would record them: a run's trace has whole milliseconds,
    the reference generator continuous times, and at a small time scale most of an access's
    interarrivals fall within a few milliseconds, where the two differ by a KS of 0.1 or more.
    With OFFSETS (the run's own), each call is logged that much after its due time, as it would
    be in a run that issued every call on time."""
    rng = np.random.default_rng(random_state)
    if offsets is not None:
        created = ~model.pre_existing
        model = replace(
            model,
            interarrival=offsets.gaps(
                model.interarrival, CallOffsets.ACCESSES, rng, pairs="next_on_file"
            ),
            create_interarrival=offsets.gaps(model.create_interarrival, ("create",), rng),
            active_span=offsets.spans(model.active_span, model.accesses, rng),
            origin=np.where(created, offsets.times(model.origin, ("create",), rng), model.origin),
            delete_time=offsets.times(model.delete_time, ("delete",), rng),
        )
    return replace(
        model,
        interarrival=audited(model.interarrival, rng),
        create_interarrival=audited(model.create_interarrival, rng),
        active_span=audited(model.active_span, rng),
        origin=audited(model.origin, rng),
        delete_time=audited(model.delete_time, rng),
    )


def distances(observed: WorkloadSample, expected: WorkloadSample) -> dict[str, float | None]:
    """Every dimension's distance (KS; op_mix: total variation); None where a side is empty."""
    return {
        "popularity": ks_distance(observed.accesses, expected.accesses),
        "interarrival": ks_distance(observed.interarrival, expected.interarrival),
        "active_span": ks_distance(observed.active_span, expected.active_span),
        "create_interarrival": ks_distance(
            observed.create_interarrival, expected.create_interarrival
        ),
        "create_time": ks_distance(observed.create_time, expected.create_time),
        "delete_time": ks_distance(observed.delete_time, expected.delete_time),
        "files_per_depth": ks_distance(observed.depth, expected.depth),
        "op_mix": total_variation(observed.op_counts, expected.op_counts),
    }


def trace_create_gaps(behaviour: FileBehaviour, labels: Ints, k: int) -> list[Floats]:
    """Each type's create interarrivals in the trace, the types by LABELS."""
    return [create_interarrivals(behaviour.create_time[labels == label]) for label in range(k)]


def compare(
    behaviour: FileBehaviour,
    labels: Ints,
    trace_ops: dict[str, int],
    model: SyntheticWorkload,
    k: int,
) -> dict[str, Any]:
    """Every distance, overall and per type (types by LABELS on the trace's side).

    TRACE_OPS: the trace's op counts for mkdirs and rename (the files give the others).
    """
    create_gaps = trace_create_gaps(behaviour, labels, k)
    per_type: list[dict[str, Any]] = []
    for label in range(k):
        trace = WorkloadSample.of_trace(behaviour, labels == label, create_gaps[label], None)
        per_type.append(
            {"type": label} | _compared(trace, WorkloadSample.of_model(model, label, False))
        )
    trace = WorkloadSample.of_trace(
        behaviour, labels >= 0, np.concatenate(create_gaps) if k else np.zeros(0), trace_ops
    )
    overall = _compared(trace, WorkloadSample.of_model(model, None, True))
    return {"overall": overall, "per_type": per_type}


def trace_op_counts(
    behaviour: FileBehaviour, rows: Bools, trace_ops: dict[str, int] | None
) -> dict[str, int]:
    """The trace's ops that the model generates: per-file ones from ROWS, the rest by ratio."""
    counts = {
        "create": int(np.count_nonzero(rows & behaviour.created)),
        "delete": int(np.count_nonzero(rows & behaviour.deleted)),
    } | behaviour.kind_counts(rows)
    if trace_ops is not None:
        counts |= {"mkdirs": trace_ops.get("mkdirs", 0), "rename": trace_ops.get("rename", 0)}
    return counts


def _compared(observed: WorkloadSample, expected: WorkloadSample) -> dict[str, Any]:
    return {
        "files": {"trace": observed.files, "model": expected.files},
        "values": values(observed),
        "ks": distances(observed, expected),
    }


def values(sample: WorkloadSample) -> dict[str, int]:
    """How many values each KS dimension of SAMPLE pools: a type's share of them is its weight in
    the pooled distance (one file gives many interarrivals, or none)."""
    return {
        "popularity": len(sample.accesses),
        "interarrival": len(sample.interarrival),
        "active_span": len(sample.active_span),
        "create_interarrival": len(sample.create_interarrival),
        "create_time": len(sample.create_time),
        "delete_time": len(sample.delete_time),
        "files_per_depth": len(sample.depth),
    }


def _finite(values: Floats) -> Floats:
    return values[np.isfinite(values)]
