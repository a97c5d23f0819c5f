"""The files of a namespace image (its directories left out) as fidelity compares them: each
file's path, bytes, blocks, preferred block size and replication; read from a trace's
namespace-end.avro (NamespaceEntry.avsc, `parse --fsimage-end`), or from Hadoop's Offline Image
Viewer text (image_delimited)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.folders import file_name

NAMESPACE_END_FILE: Final = file_name("trace", "namespaceEnd")
"""a trace's fsimage at its end (`parse --fsimage-end`)"""

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class ImageFiles:
    """One row per file of an image, in the image's order."""

    source: Path
    path: list[str]
    size: Ints
    """bytes"""
    blocks: Ints
    block_size: Ints
    """the file's preferred block size, bytes"""
    replication: Ints

    def __len__(self) -> int:
        return len(self.path)

    def take(self, rows: Ints) -> ImageFiles:
        """The files at ROWS."""
        return ImageFiles(
            self.source, [self.path[row] for row in rows.tolist()], self.size[rows],
            self.blocks[rows], self.block_size[rows], self.replication[rows],
        )  # fmt: skip

    def under(self, root: str) -> ImageFiles:
        """The files below the directory ROOT."""
        prefix = root.rstrip("/") + "/"
        return self.take(np.flatnonzero([p.startswith(prefix) for p in self.path]))

    def of(self, paths: Collection[str]) -> ImageFiles:
        """The files whose path is one of PATHS."""
        wanted = set(paths)
        return self.take(np.flatnonzero([p in wanted for p in self.path]))


def read_namespace_files(path: Path) -> ImageFiles:
    """The files of the NamespaceEntry Avro file PATH (checked whole, as every trace file);
    TraceError naming PATH when it cannot be read."""
    paths: list[str] = []
    columns: list[tuple[int, int, int, int]] = []
    fields = itemgetter("path", "isDir", "size", "blocks", "blockSize", "replication")
    for record in read_records(path, schema.load(schema.NAMESPACE_ENTRY)):
        entry, directory, size, blocks, block_size, replication = fields(record)
        if not directory:
            paths.append(entry)
            columns.append((size, blocks, block_size, replication))
    values = np.array(columns, dtype=np.int64).reshape(len(columns), 4)
    return ImageFiles(path, paths, *(values[:, i].copy() for i in range(4)))
