"""A size model from a published figure, for a profile whose source has no fsimage (an imported
one): every file type gets the same FileSizes, createdFrom ASSUMED.

The figures, quoted from Cloudera's HDFS documentation, "Disk space versus namespace"
(https://docs.cloudera.com/runtime/7.2.18/hdfs-overview/topics/hdfs-disk-space-versus-namespace.html):
"The HDFS default block size (dfs.blocksize) is set to 128 MB." and "given the historical
average of 1.5 blocks per file". The shape is assumed: a file's bytes uniform over
(0, 2 x 128 MiB], which is the simplest shape whose mean blocks per file is exactly 1.5 at that
block size (half the files fit in one block, half need two). Replication is left to the cluster
(an empty distribution: the run's dfs.replication), and appends add the median of created.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import FileSizes, Profile

BLOCK_SIZE: Final = 128 * 1024 * 1024
"""Cloudera: "The HDFS default block size (dfs.blocksize) is set to 128 MB." """
BLOCKS_PER_FILE: Final = 1.5
"""Cloudera: "the historical average of 1.5 blocks per file" """
POINTS: Final = 256
"""Steps of the uniform distribution: one per MiB of its (0, 256 MiB] range."""


def assumed_sizes() -> FileSizes:
    """The assumed FileSizes (module doc): uniform bytes with BLOCKS_PER_FILE blocks on
    average, of BLOCK_SIZE."""
    # uniform on (0, m], b <= m <= 2b: 1 + (m - b) / m blocks on average, so m = b / (2 - r)
    largest = BLOCK_SIZE / (2 - BLOCKS_PER_FILE)
    step = largest / POINTS
    values = (np.arange(POINTS, dtype=np.float64) + 0.5) * step  # each step's mean
    uniform = Distribution(values, np.arange(1, POINTS + 1) / POINTS, POINTS)
    return FileSizes(
        pre_existing=uniform,
        created=uniform,
        created_from="ASSUMED",
        append_bytes=Distribution.empty(),
        block_size=Distribution(np.array([float(BLOCK_SIZE)]), np.array([1.0]), 1),
        replication=Distribution.empty(),
    )


def with_assumed_sizes(profile: Profile) -> Profile:
    """PROFILE with every file type given assumed_sizes()."""
    sizes = assumed_sizes()
    return replace(
        profile,
        file_types=[replace(t, sizes=sizes) for t in profile.file_types],
        dormant_sizes=sizes,
    )
