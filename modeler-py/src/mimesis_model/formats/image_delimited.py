"""Reading Hadoop's Offline Image Viewer Delimited output (`hdfs oiv -p Delimited`, with its
header line), as a run's results hold it in namespace-end.tsv: its files (a Permission starting
with 'd' is a directory), their bytes, blocks, preferred block size and replication."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import numpy as np

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats.image_files import ImageFiles

NAMESPACE_END_TSV: Final = "namespace-end.tsv"
"""a run's namespace under its base directory at its end, in a results folder"""
DELIMITER: Final = "\t"
NUMBERS: Final = ("FileSize", "BlocksCount", "PreferredBlockSize", "Replication")
"""the columns read as numbers, in ImageFiles' order"""
COLUMNS: Final = ("Path", *NUMBERS, "Permission")
"""the columns read, found by name in the header (other columns, and their order, as the
viewer's options make them)"""


class ImageDelimitedError(MimesisModelError):
    """A file is not the Offline Image Viewer's Delimited output."""


def read_delimited(path: Path) -> ImageFiles:
    """The files of the Delimited image PATH; ImageDelimitedError naming PATH and the line of
    the first line that is not the viewer's."""
    try:
        stream = path.open(encoding="utf-8", newline="\n")
    except OSError as error:
        raise ImageDelimitedError(f"{path}: cannot open: {error.strerror}") from error
    paths: list[str] = []
    numbers: list[tuple[int, ...]] = []
    with stream:
        try:
            header = stream.readline().rstrip("\n").split(DELIMITER)
            missing = [name for name in COLUMNS if name not in header]
            if missing:
                raise ImageDelimitedError(
                    f"{path}:1: not an Offline Image Viewer Delimited header (no column "
                    f"{', '.join(missing)})"
                )
            at = [header.index(name) for name in COLUMNS]
            width = len(header)
            for line, text in enumerate(stream, start=2):
                fields = text.rstrip("\n").split(DELIMITER)
                if len(fields) != width:
                    raise ImageDelimitedError(
                        f"{path}:{line}: {len(fields)} fields, the header has {width}"
                    )
                entry, *values, permission = (fields[i] for i in at)
                if not entry.startswith("/") or not permission:
                    raise ImageDelimitedError(
                        f"{path}:{line}: not an inode's row (path {entry!r}, permission "
                        f"{permission!r})"
                    )
                if permission.startswith("d"):
                    continue
                try:
                    row = tuple(int(value) for value in values)
                except ValueError:
                    raise ImageDelimitedError(
                        f"{path}:{line}: {', '.join(NUMBERS)} must be whole numbers, not "
                        f"{', '.join(map(repr, values))}"
                    ) from None
                if min(row) < 0:
                    raise ImageDelimitedError(f"{path}:{line}: a negative size, count or factor")
                paths.append(entry)
                numbers.append(row)
        except UnicodeDecodeError as error:
            raise ImageDelimitedError(f"{path}: not UTF-8 text: {error.reason}") from error
    columns = np.array(numbers, dtype=np.int64).reshape(len(numbers), len(NUMBERS))
    size, blocks, block_size, replication = (columns[:, i].copy() for i in range(len(NUMBERS)))
    return ImageFiles(path, paths, size, blocks, block_size, replication)
