"""Each file type's sizes (Profile.avsc: FileSizes), from the trace's fsimages joined to its file
timelines: a pre-existing file's bytes are those the start image shows at its path; a file
created in the window and alive at its end has the bytes the end image shows at its final path
(createdFrom END_IMAGE). Without an end image the start image's sizes of the type stand in for
its created files (START_IMAGE). An append's growth is the file's end size minus its start size
over its appends, for files appended in the window that both images hold. Block size and
replication are the images' own for the type's files.

A type none of whose files an image sizes takes the sizes of every file of the trace; a trace
without an fsimage has no sizes (its files are empty, as the MimesisBench paper made them).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import FileSizes, Profile
from mimesis_model.formats.trace import FileTimelines, Namespace, audit_commands

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

END_IMAGE: Final = "END_IMAGE"
START_IMAGE: Final = "START_IMAGE"


@dataclass(frozen=True, eq=False)
class FilePlaces:
    """Where each file of the trace was (rows of files.avro): its path at the start or at its
    creation, its final path, whether it outlived the window, and its appends."""

    path: list[str]
    final_path: list[str]
    pre_existing: Bools
    created: Bools
    alive_at_end: Bools
    appends: Ints

    @classmethod
    def of(cls, files: FileTimelines) -> FilePlaces:
        """FILES' places; FILES must have been read with their paths."""
        if files.path is None or files.final_path is None:
            raise ValueError("file timelines read without their paths")
        append = audit_commands().index("append")
        row_of_call = np.repeat(np.arange(len(files)), files.calls_per_file)
        appends = np.bincount(row_of_call[files.call_codes == append], minlength=len(files))
        return cls(
            files.path, files.final_path, files.pre_existing.copy(), files.created.copy(),
            ~files.deleted, appends.astype(np.int64),
        )  # fmt: skip


@dataclass(frozen=True, eq=False)
class _Image:
    """An fsimage's files (not directories) by path: row into their columns."""

    row: dict[str, int]
    size: Ints
    block_size: Ints
    replication: Ints

    @classmethod
    def of(cls, namespace: Namespace) -> _Image:
        files = np.flatnonzero(~namespace.is_dir)
        return cls(
            {namespace.path[i]: n for n, i in enumerate(files.tolist())},
            namespace.size[files].astype(np.int64),
            namespace.block_size[files].astype(np.int64),
            namespace.replication[files].astype(np.int64),
        )

    def rows(self, paths: list[str], wanted: npt.NDArray[np.int64]) -> tuple[Ints, Ints]:
        """For the files at WANTED (rows of PATHS): those this image holds, and their rows here."""
        found = [(file, self.row.get(paths[file], -1)) for file in wanted.tolist()]
        pairs = np.array([pair for pair in found if pair[1] >= 0], dtype=np.int64).reshape(-1, 2)
        return pairs[:, 0], pairs[:, 1]


@dataclass(frozen=True, eq=False)
class SizeFit:
    """The sizes fitted for each type, and what the fit's output says about them."""

    sizes: list[FileSizes | None]
    """by type index"""
    pooled: list[int]
    """the types with no sized file, which took every file's sizes"""
    created_from: str | None
    """END_IMAGE or START_IMAGE; None without a start image"""
    dormant: FileSizes | None = None
    """the dormant files' sizes: the start image's files no timeline touched"""


def fit_sizes(
    places: FilePlaces,
    labels: Ints,
    k: int,
    start: Namespace | None,
    end: Namespace | None,
    max_points: int,
) -> SizeFit:
    """The sizes of each of the K types of the files typed by LABELS (-1: in no type), from the
    images START and END (either may be None: no sizes without START)."""
    if start is None:
        return SizeFit([None] * k, [], None)
    first = _Image.of(start)
    last = None if end is None else _Image.of(end)
    source = START_IMAGE if last is None else END_IMAGE
    every = np.flatnonzero(labels >= 0)
    pooled_sizes = _type_sizes(places, every, first, last, source, max_points)
    fitted: list[FileSizes | None] = []
    pooled = []
    for index in range(k):
        sizes = _type_sizes(places, np.flatnonzero(labels == index), first, last, source,
                            max_points)  # fmt: skip
        if sizes is None:
            pooled.append(index)
            sizes = pooled_sizes if pooled_sizes is not None else _image_sizes(first, max_points)
        fitted.append(sizes)
    if all(sizes is None for sizes in fitted):
        return SizeFit([None] * k, [], None)
    # the pre-existing files in no type are the dormant ones (no event in the window)
    dormant = _type_sizes(places, np.flatnonzero(labels < 0), first, None, START_IMAGE, max_points)
    return SizeFit(fitted, pooled, source, dormant)


def with_file_sizes(profile: Profile, fit: SizeFit) -> Profile:
    """PROFILE with each file type's sizes from FIT (types by their index)."""
    types = [
        replace(file_type, sizes=fit.sizes[file_type.index]) for file_type in profile.file_types
    ]
    return replace(profile, file_types=types, dormant_sizes=fit.dormant)


def _type_sizes(
    places: FilePlaces,
    rows: Ints,
    first: _Image,
    last: _Image | None,
    source: str,
    max_points: int,
) -> FileSizes | None:
    """The sizes of the files at ROWS, or None when no image holds any of them."""
    old, old_at = first.rows(places.path, rows[places.pre_existing[rows]])
    made = rows[places.created[rows] & places.alive_at_end[rows]]
    new_at = np.zeros(0, dtype=np.int64)
    if last is not None:
        _, new_at = last.rows(places.final_path, made)
    if len(old_at) == 0 and len(new_at) == 0:
        return None
    pre_existing = Distribution.of_sample(first.size[old_at], max_points)
    if last is None:
        created = pre_existing
        block_sizes, replications = first.block_size[old_at], first.replication[old_at]
    else:
        created = Distribution.of_sample(last.size[new_at], max_points)
        block_sizes = np.concatenate((first.block_size[old_at], last.block_size[new_at]))
        replications = np.concatenate((first.replication[old_at], last.replication[new_at]))
    return FileSizes(
        pre_existing=pre_existing,
        created=created,
        created_from=source,
        append_bytes=_append_bytes(places, old, old_at, first, last, max_points),
        block_size=Distribution.of_sample(block_sizes[block_sizes > 0], max_points),
        replication=Distribution.of_sample(replications[replications > 0], max_points),
    )


def _append_bytes(
    places: FilePlaces,
    old: Ints,
    old_at: Ints,
    first: _Image,
    last: _Image | None,
    max_points: int,
) -> Distribution:
    """Growth per append of the appended pre-existing files both images hold, when positive."""
    if last is None:
        return Distribution.empty()
    appended = (places.appends[old] > 0) & places.alive_at_end[old]
    files, new_at = last.rows(places.final_path, old[appended])
    start_at = old_at[appended][np.isin(old[appended], files)]
    growth = (last.size[new_at] - first.size[start_at]) / places.appends[files]
    return Distribution.of_sample(growth[growth > 0], max_points)


def _image_sizes(first: _Image, max_points: int) -> FileSizes | None:
    """Every file of the start image: for a trace none of whose typed files it holds (None when
    it holds no file)."""
    if len(first.size) == 0:
        return None
    sizes = Distribution.of_sample(first.size, max_points)
    return FileSizes(
        pre_existing=sizes,
        created=sizes,
        created_from=START_IMAGE,
        append_bytes=Distribution.empty(),
        block_size=Distribution.of_sample(first.block_size[first.block_size > 0], max_points),
        replication=Distribution.of_sample(first.replication[first.replication > 0], max_points),
    )
