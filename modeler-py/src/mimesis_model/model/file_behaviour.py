"""What each file (or directory) of a trace did, as the model sees it, computed for all at once.

The model's quantities (paper Table 1): origin (creation, or the window's start for a
pre-existing file), activation delay (first access - origin), access interarrivals, active
span (last - first access), delete delay (deletion - last access, or - origin when never
accessed); beyond the paper, its other calls (offset from origin, by command) and the probes
of its path before its creation (lead: creation - probe). From them, the per-file features that
k-means clusters files on. Directories are the same quantities of dirs.avro's timelines
(`FileBehaviour.of` takes either), with their own access kinds and their subtree at deletion.

"Deleted" is the model's delete: one that named the file itself. A file that a delete of a
directory above it removed is "removed": no delete of its own (the directory type's one recursive
delete stands for that call); its type's removedShare has the generator place it under a directory
that a directory type deletes. One overwritten or concatenated lives on in its file type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.trace import (
    CONTENT_SUMMARY,
    GET_FILE_INFO,
    LIST_STATUS,
    OPEN,
    DirectoryTimelines,
    FileTimelines,
)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Int16s = npt.NDArray[np.int16]

FILE_KINDS: Final = {OPEN: "open", LIST_STATUS: "listStatus", GET_FILE_INFO: "getFileInfo"}
"""A file's access kinds (letter code: AccessShares name), in the profile's order."""
DIRECTORY_KINDS: Final = {
    LIST_STATUS: "listStatus", GET_FILE_INFO: "getFileInfo", CONTENT_SUMMARY: "contentSummary",
}  # fmt: skip
"""A directory's access kinds (letter code: DirectoryAccessShares name)."""

CANDIDATE_FEATURES: Final = (
    "log_accesses",
    "log_active_span",
    "log_mean_interarrival",
    "interarrival_cv",
    "log_activation_delay",
    "created",
    "deleted",
    "listing_share",
    "log_listings",
    "log_subtree_files",
    "log_calls",
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

DIRECTORY_FEATURES: Final = (*FEATURES, "listing_share", "log_listings", "log_subtree_files")
"""The features directories are clustered on: a file's, plus how much of a directory's use is
listing it, its listings, and the size of the subtree its delete removed (README, "Directory
types")."""

_MS_PER_SECOND: Final = 1000.0


@dataclass(frozen=True, eq=False)
class FileBehaviour:
    """Per-file model quantities of the files (or directories) of one trace, in milliseconds
    from the window's start."""

    window_ms: int
    kinds: dict[int, str]
    """the access kinds: letter code -> AccessShares name (FILE_KINDS or DIRECTORY_KINDS)"""
    depth: Ints
    pre_existing: Bools
    created: Bools
    deleted: Bools
    """a delete named it itself (for a directory: a recursive delete of its subtree)"""
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
    call_file: Ints
    """file row of each other call (setPermission, append, ...), in file order"""
    call_code: Int16s
    """each call's command, an index into trace.audit_commands()"""
    call_offset: Floats
    """each call's time minus its file's origin"""
    probe_file: Ints
    """file row of each probe of a created file's path before its creation"""
    probe_lead: Floats
    """creation minus the probe's time"""
    rename_file: Ints
    """file row of each rename of a created file (itself or through an ancestor), file order"""
    rename_delay: Floats
    """each of those renames' time minus its file's creation"""
    subtree_files: Ints
    """files its delete removed with it (directories deleted; 0 otherwise and for files)"""
    removed: Bools | None = None
    """a recursive delete of a directory above it ended it; None: not known (directories, or no
    directory timelines to tell)"""

    @classmethod
    def of(
        cls,
        files: FileTimelines,
        start_ms: int,
        window_ms: int,
        directory_deletes: Ints | None = None,
    ) -> FileBehaviour:
        """The behaviour of FILES (a DirectoryTimelines: of directories) in the window that
        starts at START_MS. DIRECTORY_DELETES: when directories' recursive deletes happened, to
        tell the files they removed (ended at one of those times, by no delete of their own)."""
        count = len(files)
        accesses = files.accesses_per_file
        accessed = accesses > 0
        created = files.created
        deleted = files.deleted & files.deleted_itself
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
        call_file = np.repeat(np.arange(count, dtype=np.int64), files.calls_per_file)
        probe_file = np.repeat(np.arange(count, dtype=np.int64), files.probes_per_file)
        # Only a created file has probes (its path before it): the parse gives no others.
        probed = created[probe_file]
        probe_file = probe_file[probed]
        probe_lead = files.create_time[probe_file] - files.probe_times[probed]
        # A created file's renames, each as a delay from its create (what a generator draws).
        rename_file = np.repeat(np.arange(count, dtype=np.int64), np.diff(files.rename_offsets))
        renamed = created[rename_file]
        rename_file = rename_file[renamed]
        rename_delay = files.rename_times[renamed] - files.create_time[rename_file]
        directory = isinstance(files, DirectoryTimelines)
        subtree = (
            files.subtree_files
            if isinstance(files, DirectoryTimelines)
            else np.zeros(count, dtype=np.int64)
        )
        return cls(
            window_ms=window_ms,
            kinds=DIRECTORY_KINDS if directory else FILE_KINDS,
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
            call_file=call_file,
            call_code=files.call_codes,
            call_offset=(files.call_times - start_ms).astype(np.float64) - origin[call_file],
            probe_file=probe_file,
            probe_lead=probe_lead.astype(np.float64),
            rename_file=rename_file,
            rename_delay=np.maximum(rename_delay, 0).astype(np.float64),
            subtree_files=np.where(deleted, subtree, 0).astype(np.int64),
            removed=(
                None
                if directory_deletes is None
                else files.deleted
                & ~files.deleted_itself
                & np.isin(files.delete_time, directory_deletes)
            ),
        )

    def __len__(self) -> int:
        return len(self.depth)

    def subset(self, rows: Ints) -> FileBehaviour:
        """The files at ROWS (ascending), with their accesses, calls and probes."""
        keep = np.zeros(len(self), dtype=np.bool_)
        keep[rows] = True
        access_rows = keep[self.access_file]
        call_rows = keep[self.call_file]
        probe_rows = keep[self.probe_file]
        rename_rows = keep[self.rename_file]
        renumber = np.cumsum(keep) - 1
        return FileBehaviour(
            window_ms=self.window_ms,
            kinds=self.kinds,
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
            call_file=renumber[self.call_file[call_rows]],
            call_code=self.call_code[call_rows],
            call_offset=self.call_offset[call_rows],
            probe_file=renumber[self.probe_file[probe_rows]],
            probe_lead=self.probe_lead[probe_rows],
            rename_file=renumber[self.rename_file[rename_rows]],
            rename_delay=self.rename_delay[rename_rows],
            subtree_files=self.subtree_files[rows],
            removed=None if self.removed is None else self.removed[rows],
        )

    @property
    def accessed(self) -> Bools:
        return self.accesses > 0

    @property
    def calls(self) -> Ints:
        """Other calls (setPermission, append, ...) of each file."""
        return np.bincount(self.call_file, minlength=len(self)).astype(np.int64)

    @property
    def dormant(self) -> Bools:
        """Pre-existing files that the model has nothing to do with in the window (no access,
        call or delete of their own): not part of any type."""
        dormant: Bools = self.pre_existing & ~self.accessed & ~self.deleted & (self.calls == 0)
        return dormant

    @property
    def activation_delay(self) -> Floats:
        return np.maximum(self.first_access - self.origin, 0.0)

    @property
    def active_span(self) -> Floats:
        return self.last_access - self.first_access

    def kind_counts(self, rows: Bools | None = None) -> dict[str, int]:
        """Accesses by kind (self.kinds' names), of the files in ROWS (default all)."""
        kinds = self.access_kind if rows is None else self.access_kind[rows[self.access_file]]
        return count_kinds(kinds, self.kinds)

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
        listings = np.bincount(
            self.access_file, weights=self.access_kind == LIST_STATUS, minlength=len(self)
        )
        columns: dict[str, Callable[[], Floats]] = {
            "log_accesses": lambda: np.log1p(self.accesses),
            "log_active_span": lambda: np.log1p(span * seconds),
            "log_mean_interarrival": lambda: np.log1p(mean_gap * seconds),
            "interarrival_cv": lambda: cv,
            "log_activation_delay": lambda: np.log1p(np.maximum(activation, 0.0) * seconds),
            "created": lambda: self.created.astype(np.float64),
            "deleted": lambda: self.deleted.astype(np.float64),
            "listing_share": lambda: listings / np.maximum(self.accesses, 1),
            "log_listings": lambda: np.log1p(listings),
            "log_subtree_files": lambda: np.log1p(self.subtree_files),
            "log_calls": lambda: np.log1p(self.calls),
        }
        return np.column_stack([columns[name]() for name in names])


def count_kinds(kinds: npt.NDArray[np.uint8], names: dict[int, str] = FILE_KINDS) -> dict[str, int]:
    """How many of KINDS (access kind letters) are of each kind, by NAMES (letter: name)."""
    return {name: int(np.count_nonzero(kinds == letter)) for letter, name in names.items()}
