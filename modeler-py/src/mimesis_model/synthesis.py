"""The reference generator: the workload a profile describes, synthesized with NumPy.

It follows the same semantics as the Java benchmark (generator-mr), for one window of the
profile's duration starting at 0, per file type j:

1. pre-existing files: preExisting_j of them, origin 0;
2. created files: a renewal process from 0 with gaps drawn from createInterarrival_j, stopped
   after files_j - preExisting_j creates or at the window's end; origin = creation time;
3. every file: with probability unaccessedShare_j it is never accessed; otherwise it is
   activated at origin + activationDelay_j and accessed then and every accessInterarrival_j
   after, while the access time is <= activation + activeSpan_j * span_scale (and in the
   window); each access is an open, a listStatus or a getFileInfo by accessShares_j. Whether
   it is accessed, its span and its number of accesses come from one quantile of the type's
   popularity: the n-th file of a type (pre-existing ones first) takes the n-th value of a
   golden-ratio sequence with a random start (`popularity_quantiles`), so few files already
   spread over the whole distribution, as in generator-mr's PopularityQuantiles;
4. with probability deleteShare_j a file is deleted at its last access (its origin if it had
   none) + deleteDelay_j, if that falls in the window;
5. every file's depth is drawn from depth_j.

A time scale c multiplies every time of the schedule afterwards: the same operations happen
c times as fast (c < 1) or slow (c > 1); c = 0 issues them back to back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model.distribution import Distribution
from mimesis_model.profile import ACCESS_KINDS, FileType, Profile

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class SyntheticWorkload:
    """What the reference generator issued, per file and pooled per type; times in ms."""

    window_ms: float
    file_type: Ints
    pre_existing: npt.NDArray[np.bool_]
    origin: Floats
    """creation time, 0 for a pre-existing file"""
    depth: Ints
    accesses: Ints
    kind_counts: Ints
    """accesses per kind, one column per ACCESS_KINDS, one row per file"""
    deleted: npt.NDArray[np.bool_]
    delete_time: Floats
    """NaN for a file not deleted"""
    active_span: Floats
    """last minus first access of files accessed at least once; NaN otherwise"""
    interarrival: Floats
    """every realized access interarrival, pooled"""
    interarrival_type: Ints
    create_interarrival: Floats
    """gaps between consecutive creates of a type (the first from the window's start), times
    the file scale: the profile's createInterarrival as realized in the window"""
    create_interarrival_type: Ints
    mkdirs: int
    renames: int

    def __len__(self) -> int:
        return len(self.file_type)

    @property
    def created(self) -> int:
        return int(np.count_nonzero(~self.pre_existing))

    def op_counts(
        self, rows: npt.NDArray[np.bool_] | None = None, with_ratios: bool = True
    ) -> dict[str, int]:
        """Operations issued, by op: of the files in ROWS (default all), and with WITH_RATIOS
        the mkdirs and renames, which belong to no file."""
        chosen = np.ones(len(self), dtype=np.bool_) if rows is None else rows
        counts = {
            "create": int(np.count_nonzero(chosen & ~self.pre_existing)),
            "delete": int(np.count_nonzero(chosen & self.deleted)),
        }
        kinds = self.kind_counts[chosen].sum(axis=0)
        counts |= {kind: int(n) for kind, n in zip(ACCESS_KINDS, kinds, strict=True)}
        if with_ratios:
            counts |= {"mkdirs": self.mkdirs, "rename": self.renames}
        return counts


MIN_SYNTHETIC_FILES: Final = 50_000
"""Comparisons with a trace synthesize replicas of the model until about this many files: the
distances then measure the trace against the model, not against one noisy draw of it."""

GOLDEN_STEP: Final = 0.6180339887498949
"""The golden ratio's fractional part: the step whose multiples fill [0, 1) most evenly."""


def replicas_for(files: int) -> float:
    """The file scale that synthesizes about MIN_SYNTHETIC_FILES for a model of FILES files."""
    return max(1.0, MIN_SYNTHETIC_FILES / max(files, 1))


def comparison_replicas(profile: Profile) -> float:
    """The file scale at which PROFILE is synthesized to be compared with a trace: about
    MIN_SYNTHETIC_FILES accessed files (popularity, the CDF k is chosen by, is over those alone),
    or files when the profile accesses none."""
    accessed = round(sum(t.files * (1.0 - t.unaccessed_share) for t in profile.file_types))
    return replicas_for(accessed if accessed > 0 else profile.files)


def synthesize_for_comparison(
    profile: Profile,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    window_ms: float | None = None,
    replicas: float | None = None,
    random_state: int = 0,
) -> tuple[SyntheticWorkload, float]:
    """PROFILE's workload as every comparison with a trace draws it (the fit's k search,
    `validate`, `fidelity`): REPLICAS copies (default comparison_replicas) in one synthesis, so
    that the distances measure the model rather than one small random draw of it, and the k
    search's figure for a profile is the one `validate` then reports for it. Returns the workload
    and its replicas."""
    if replicas is None:
        replicas = comparison_replicas(profile)
    workload = synthesize(
        profile, time_scale=time_scale, span_scale=span_scale, file_scale=replicas,
        window_ms=window_ms, random_state=random_state,
    )  # fmt: skip
    return workload, replicas


def synthesize(
    profile: Profile,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    file_scale: float = 1.0,
    window_ms: float | None = None,
    random_state: int | np.random.Generator | None = 0,
    progress: bool = False,
) -> SyntheticWorkload:
    """The workload PROFILE describes (module doc); FILE_SCALE multiplies every type's files.

    WINDOW_MS: the schedule's length in the profile's time (default the profile's window); a
    longer one adds creates at the same rate, as a run's --duration does in generator-mr.
    """
    if time_scale < 0 or span_scale < 0 or file_scale <= 0:
        raise ValueError("time and span scales must be >= 0 and the file scale > 0")
    rng = np.random.default_rng(random_state)
    window = float(profile.duration_ms if window_ms is None else window_ms)
    stretch = max(1.0, window / profile.duration_ms)
    parts = [
        _synthesize_type(file_type, window, span_scale, file_scale, stretch, rng)
        for file_type in tqdm(
            profile.file_types,
            desc="synthesize",
            unit="type",
            disable=None if progress else True,
            leave=False,
        )
    ]
    created = sum(int(np.count_nonzero(~part.pre_existing)) for part in parts)
    workload = SyntheticWorkload(
        window_ms=window * time_scale,
        file_type=np.concatenate([part.file_type for part in parts]),
        pre_existing=np.concatenate([part.pre_existing for part in parts]),
        origin=np.concatenate([part.origin for part in parts]) * time_scale,
        depth=np.concatenate([part.depth for part in parts]),
        accesses=np.concatenate([part.accesses for part in parts]),
        kind_counts=np.concatenate([part.kind_counts for part in parts]),
        deleted=np.concatenate([part.deleted for part in parts]),
        delete_time=np.concatenate([part.delete_time for part in parts]) * time_scale,
        active_span=np.concatenate([part.active_span for part in parts]) * time_scale,
        interarrival=np.concatenate([part.interarrival for part in parts]) * time_scale,
        interarrival_type=np.concatenate([part.interarrival_type for part in parts]),
        create_interarrival=np.concatenate([p.create_interarrival for p in parts]) * time_scale,
        create_interarrival_type=np.concatenate([p.create_interarrival_type for p in parts]),
        mkdirs=round(created * profile.mkdirs_per_create),
        renames=round(created * profile.renames_per_create),
    )
    return workload


def _synthesize_type(
    file_type: FileType, window: float, span_scale: float, file_scale: float, stretch: float,
    rng: np.random.Generator,
) -> SyntheticWorkload:  # fmt: skip
    pre_existing = round(file_type.pre_existing * file_scale)
    # More files of a type in the same window: creates come FILE_SCALE times as often.
    create_times = _create_times(
        file_type["createInterarrival"].scaled(1.0 / file_scale),
        round(file_type.created * file_scale * stretch), window, rng,
    )  # fmt: skip
    origin = np.concatenate((np.zeros(pre_existing), create_times))
    files = len(origin)
    quantile = popularity_quantiles(files, rng)
    accessed = quantile >= file_type.unaccessed_share
    if file_type["activationDelay"].is_empty or file_type["activeSpan"].is_empty:
        accessed[:] = False
    activation = np.full(files, np.inf)
    rows = np.flatnonzero(accessed)
    activation[rows] = origin[rows] + file_type["activationDelay"].sample(rng, len(rows))
    # The accessed files' quantiles, rescaled to the popularity of accessed files alone.
    accessed_share = 1.0 - file_type.unaccessed_share
    popularity = (
        (quantile - file_type.unaccessed_share) / accessed_share if accessed_share > 0 else quantile
    )
    accesses, last, gaps = _accesses(file_type, activation, popularity, span_scale, window, rng)
    active = accesses > 0
    shares = np.array([file_type.access_shares[kind] for kind in ACCESS_KINDS])
    kind_counts = rng.multinomial(accesses, shares / shares.sum())
    delete_time = np.full(files, np.nan)
    delete_delay = file_type["deleteDelay"]
    if not delete_delay.is_empty and file_type.delete_share > 0:
        chosen = np.flatnonzero(rng.random(files) < file_type.delete_share)
        since = np.where(active[chosen], last[chosen], origin[chosen])
        delete_time[chosen] = since + delete_delay.sample(rng, len(chosen))
    delete_time[delete_time >= window] = np.nan
    deleted = ~np.isnan(delete_time)
    depth = file_type.depth.sample(rng, files).astype(np.int64) if files else np.zeros(0, np.int64)
    # Recorded in the profile's own time, before file scaling sped the creates up.
    create_gaps = np.diff(create_times, prepend=0.0) * file_scale
    return SyntheticWorkload(
        window_ms=window,
        file_type=np.full(files, file_type.index, dtype=np.int64),
        pre_existing=np.arange(files) < pre_existing,
        origin=origin,
        depth=depth,
        accesses=accesses,
        kind_counts=kind_counts,
        deleted=deleted,
        delete_time=delete_time,
        active_span=np.where(active, last - np.where(active, activation, 0.0), np.nan),
        interarrival=gaps,
        interarrival_type=np.full(len(gaps), file_type.index, dtype=np.int64),
        create_interarrival=create_gaps,
        create_interarrival_type=np.full(len(create_gaps), file_type.index, dtype=np.int64),
        mkdirs=0,
        renames=0,
    )


def _create_times(
    interarrival: Distribution, target: int, window: float, rng: np.random.Generator
) -> Floats:
    """Creation times of a renewal process from 0: at most TARGET of them, all in the window."""
    if target <= 0 or interarrival.is_empty:
        return np.zeros(0)
    times = np.cumsum(interarrival.sample(rng, target))
    return times[times < window]


def popularity_quantiles(files: int, rng: np.random.Generator) -> Floats:
    """Quantiles in [0, 1) for a type's FILES files: a golden-ratio sequence, random start.

    Each is uniform, yet n of them lie within about log(n)/n of the uniform CDF, where n
    independent draws lie within about 1/sqrt(n).
    """
    return np.asarray((rng.random() + np.arange(files) * GOLDEN_STEP % 1.0) % 1.0, np.float64)


def _accesses(
    file_type: FileType, activation: Floats, popularity: Floats, span_scale: float,
    window: float, rng: np.random.Generator,
) -> tuple[Ints, Floats, Floats]:  # fmt: skip
    """Per file: accesses in the window and the last one's time; and every realized gap.

    A file activated in the window has a popularity quantile u: its active span is activeSpan
    at u, its accesses accessesPerFile at u (span scale s: s times the span, s times the gaps).
    The accesses are at activation and after each of the gaps, drawn from accessInterarrival
    and stretched together to fill the span; those past the window's end are not issued.
    """
    files = len(activation)
    accesses = np.zeros(files, dtype=np.int64)
    last = np.full(files, np.nan)
    live = np.flatnonzero(activation < window)
    accesses[live] = 1
    last[live] = activation[live]
    if len(live) == 0:
        return accesses, last, np.zeros(0)
    uniform = popularity[live]
    span = file_type["activeSpan"].at(uniform) * span_scale
    gap_counts = np.maximum(file_type["accessesPerFile"].at(uniform).astype(np.int64) - 1, 0)
    if span_scale != 1.0:  # stochastic rounding keeps the expected number of gaps exact
        stretched = gap_counts * span_scale
        gap_counts = np.floor(stretched + rng.random(len(live))).astype(np.int64)
    gap_counts[span <= 0] = 0
    if gap_counts.sum() == 0 or file_type["accessInterarrival"].is_empty:
        return accesses, last, np.zeros(0)
    owner = np.repeat(np.arange(len(live)), gap_counts)
    gaps = file_type["accessInterarrival"].sample(rng, len(owner))
    totals = np.bincount(owner, weights=gaps, minlength=len(live))
    # Gaps that are all 0 ms fill the span evenly instead.
    even = totals[owner] <= 0
    gaps = np.where(even, 1.0, gaps)
    totals = np.bincount(owner, weights=gaps, minlength=len(live))
    gaps *= span[owner] / totals[owner]
    ends = np.cumsum(gaps)
    starts = np.concatenate(([0.0], ends))[np.cumsum(gap_counts) - gap_counts][owner]
    times = activation[live][owner] + ends - starts
    issued = times < window
    accesses[live] += np.bincount(owner[issued], minlength=len(live))
    issued_rows = live[owner[issued]]
    last[issued_rows] = times[issued]  # ascending within a file, so the last write wins
    return accesses, last, gaps[issued]
