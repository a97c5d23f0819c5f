"""File types from labelled files: each cluster's weight, counts, shares and distributions."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mimesis_model.distribution import Distribution
from mimesis_model.file_behaviour import FileBehaviour, count_kinds
from mimesis_model.profile import FileType

Ints = npt.NDArray[np.int64]


def file_types_of(
    behaviour: FileBehaviour,
    labels: Ints,
    k: int,
    centroids: npt.NDArray[np.float64] | None = None,
    max_points: int = 2048,
) -> list[FileType]:
    """The K file types of the files labelled 0..K-1 by LABELS (-1: not typed, e.g. dormant).

    Types are returned by descending weight (ties by label), so that index 0 is the largest.
    """
    typed = labels >= 0
    total = int(np.count_nonzero(typed))
    # Each file's accesses, grouped by the file's type: one stable sort, then slices.
    access_labels = labels[behaviour.access_file]
    access_order = np.argsort(access_labels, kind="stable")
    access_bounds = np.searchsorted(access_labels[access_order], np.arange(k + 1))
    types = []
    for label in range(k):
        rows = labels == label
        files = int(np.count_nonzero(rows))
        if files == 0:
            continue
        in_type = access_order[access_bounds[label] : access_bounds[label + 1]]
        gaps = behaviour.interarrival[in_type]
        accessed = rows & behaviour.accessed
        deleted = rows & behaviour.deleted
        accesses = len(in_type)
        shares = count_kinds(behaviour.access_kind[in_type])
        types.append(
            FileType(
                index=label,
                weight=files / total,
                files=files,
                pre_existing=int(np.count_nonzero(rows & behaviour.pre_existing)),
                unaccessed_share=1.0 - np.count_nonzero(accessed) / files,
                access_shares={
                    kind: (n / accesses if accesses else (1.0 if kind == "open" else 0.0))
                    for kind, n in shares.items()
                },
                delete_share=np.count_nonzero(deleted) / files,
                depth=Distribution.of_sample(behaviour.depth[rows], max_points),
                distributions={
                    "createInterarrival": Distribution.of_sample(
                        create_interarrivals(behaviour.create_time[rows]), max_points
                    ),
                    "activationDelay": Distribution.of_sample(
                        behaviour.activation_delay[accessed], max_points
                    ),
                    "accessInterarrival": Distribution.of_sample(gaps[~np.isnan(gaps)], max_points),
                    "activeSpan": Distribution.of_sample(
                        behaviour.active_span[accessed], max_points
                    ),
                    "accessesPerFile": Distribution.of_sample(
                        behaviour.accesses[accessed], max_points
                    ),
                    "deleteDelay": Distribution.of_sample(
                        behaviour.delete_delay[deleted], max_points
                    ),
                },
                centroid=[] if centroids is None else centroids[label].tolist(),
            )
        )
    types.sort(key=lambda file_type: (-file_type.files, file_type.index))
    return types


def create_interarrivals(create_times: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
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
