"""What each file of a trace did, as the model sees it, computed for all files at once.

The model's quantities (paper Table 1): origin (creation, or the window's start for a
pre-existing file), activation delay (first access - origin), access interarrivals, active
span (last - first access), delete delay (deletion - last access, or - origin when never
accessed). From them, the per-file features that k-means clusters files on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.trace import GET_FILE_INFO, LIST_STATUS, OPEN, FileTimelines

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

CANDIDATE_FEATURES: Final = (
    "log_accesses",
    "log_active_span",
    "log_mean_interarrival",
    "interarrival_cv",
    "log_activation_delay",
    "created",
    "deleted",
)
"""Every per-file feature this module computes; bench/feature_choice.py compares subsets."""

FEATURES: Final = (
    "log_accesses",
    "log_active_span",
    "log_mean_interarrival",
    "log_activation_delay",
    "created",
    "deleted",
)
"""The clustered features, chosen by the popularity fidelity they give (README, "Features")."""

_MS_PER_SECOND: Final = 1000.0


@dataclass(frozen=True, eq=False)
class FileBehaviour:
    """Per-file model quantities of the files of one trace, in milliseconds from window start."""

    window_ms: int
    depth: Ints
    pre_existing: Bools
    created: Bools
    deleted: Bools
    origin: Floats
    """creation time, or 0 for a file that existed at the window's start"""
    create_time: Floats
    """NaN for a file not created in the window"""
    accesses: Ints
    first_access: Floats
    """NaN for a file never accessed"""
    last_access: Floats
    access_file: Ints
    """file row of each access, accesses in file order"""
    access_kind: npt.NDArray[np.uint8]
    interarrival: Floats
    """pooled: time since the same file's previous access; NaN at each file's first access"""
    delete_delay: Floats
    """NaN for a file not deleted"""
    delete_time: Floats
    """NaN for a file not deleted"""

    @classmethod
    def of(cls, files: FileTimelines, start_ms: int, window_ms: int) -> FileBehaviour:
        count = len(files)
        accesses = files.accesses_per_file
        accessed = accesses > 0
        created = files.created
        deleted = files.deleted
        offsets = files.access_offsets
        times = files.access_times.astype(np.float64) - start_ms
        create_time = np.where(created, files.create_time - start_ms, np.nan).astype(np.float64)
        origin = np.where(created, create_time, 0.0)
        first = np.full(count, np.nan)
        last = np.full(count, np.nan)
        first[accessed] = times[offsets[:-1][accessed]]
        last[accessed] = times[offsets[1:][accessed] - 1]
        access_file = np.repeat(np.arange(count, dtype=np.int64), accesses)
        interarrival = np.diff(times, prepend=np.nan)
        interarrival[offsets[:-1][accessed]] = np.nan  # a file's first access has no predecessor
        delete_time = np.where(deleted, files.delete_time - start_ms, np.nan).astype(np.float64)
        since = np.where(accessed, last, origin)
        return cls(
            window_ms=window_ms,
            depth=files.depth.astype(np.int64),
            pre_existing=files.pre_existing.copy(),
            created=created,
            deleted=deleted,
            origin=origin,
            create_time=create_time,
            accesses=accesses,
            first_access=first,
            last_access=last,
            access_file=access_file,
            access_kind=files.access_kinds,
            interarrival=interarrival,
            delete_delay=np.maximum(delete_time - since, 0.0),
            delete_time=delete_time,
        )

    def __len__(self) -> int:
        return len(self.depth)

    def subset(self, rows: Ints) -> FileBehaviour:
        """The files at ROWS (ascending), with their accesses."""
        keep = np.zeros(len(self), dtype=np.bool_)
        keep[rows] = True
        access_rows = keep[self.access_file]
        renumber = np.cumsum(keep) - 1
        return FileBehaviour(
            window_ms=self.window_ms,
            depth=self.depth[rows],
            pre_existing=self.pre_existing[rows],
            created=self.created[rows],
            deleted=self.deleted[rows],
            origin=self.origin[rows],
            create_time=self.create_time[rows],
            accesses=self.accesses[rows],
            first_access=self.first_access[rows],
            last_access=self.last_access[rows],
            access_file=renumber[self.access_file[access_rows]],
            access_kind=self.access_kind[access_rows],
            interarrival=self.interarrival[access_rows],
            delete_delay=self.delete_delay[rows],
            delete_time=self.delete_time[rows],
        )

    @property
    def accessed(self) -> Bools:
        return self.accesses > 0

    @property
    def dormant(self) -> Bools:
        """Pre-existing files with no event in the window: not part of any file type."""
        return self.pre_existing & ~self.accessed & ~self.deleted

    @property
    def activation_delay(self) -> Floats:
        return np.maximum(self.first_access - self.origin, 0.0)

    @property
    def active_span(self) -> Floats:
        return self.last_access - self.first_access

    def kind_counts(self, rows: Bools | None = None) -> dict[str, int]:
        """Accesses by kind (open, listStatus, getFileInfo), of the files in ROWS (default all)."""
        kinds = self.access_kind if rows is None else self.access_kind[rows[self.access_file]]
        return count_kinds(kinds)

    def features(self, names: Sequence[str] = FEATURES) -> Floats:
        """One row per file, one column per feature in NAMES (CANDIDATE_FEATURES), unscaled."""
        unknown = set(names) - set(CANDIDATE_FEATURES)
        if unknown:
            raise ValueError(f"unknown features {sorted(unknown)}; known: {CANDIDATE_FEATURES}")
        seconds = 1.0 / _MS_PER_SECOND
        accessed = self.accessed
        span = np.where(accessed, self.active_span, 0.0)
        gaps = np.nan_to_num(self.interarrival)
        gap_sum = np.bincount(self.access_file, weights=gaps, minlength=len(self))
        gap_squares = np.bincount(self.access_file, weights=gaps * gaps, minlength=len(self))
        gap_count = np.maximum(self.accesses - 1, 0)
        has_gaps = gap_count > 0
        mean_gap = np.divide(gap_sum, gap_count, out=np.zeros(len(self)), where=has_gaps)
        square_mean = np.divide(gap_squares, gap_count, out=np.zeros(len(self)), where=has_gaps)
        spread = np.sqrt(np.maximum(square_mean - mean_gap**2, 0.0))
        cv = np.divide(spread, mean_gap, out=np.zeros(len(self)), where=has_gaps & (mean_gap > 0))
        # A file accessed once has no interarrival; what is known is that the next one, if any,
        # comes after the window's end: that censored gap stands for its mean.
        remaining = self.window_ms - np.nan_to_num(self.first_access, nan=self.window_ms)
        mean_gap = np.where(has_gaps, mean_gap, np.where(accessed, remaining, 0.0))
        # A file never accessed: its activation lies beyond the window.
        activation = np.where(accessed, self.activation_delay, self.window_ms - self.origin)
        columns: dict[str, Callable[[], Floats]] = {
            "log_accesses": lambda: np.log1p(self.accesses),
            "log_active_span": lambda: np.log1p(span * seconds),
            "log_mean_interarrival": lambda: np.log1p(mean_gap * seconds),
            "interarrival_cv": lambda: cv,
            "log_activation_delay": lambda: np.log1p(np.maximum(activation, 0.0) * seconds),
            "created": lambda: self.created.astype(np.float64),
            "deleted": lambda: self.deleted.astype(np.float64),
        }
        return np.column_stack([columns[name]() for name in names])


def count_kinds(kinds: npt.NDArray[np.uint8]) -> dict[str, int]:
    """How many of KINDS (access kind letters) are opens, listStatus and getFileInfo."""
    return {
        "open": int(np.count_nonzero(kinds == OPEN)),
        "listStatus": int(np.count_nonzero(kinds == LIST_STATUS)),
        "getFileInfo": int(np.count_nonzero(kinds == GET_FILE_INFO)),
    }
