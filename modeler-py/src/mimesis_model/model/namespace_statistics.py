"""The shape of a namespace snapshot, as namespace-gen reproduces it (Profile.avsc:
NamespaceStatistics): directories and files at each depth, subdirectories and files per
directory.
"""

from __future__ import annotations

import numpy as np

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import NamespaceStatistics
from mimesis_model.formats.trace import Namespace


def namespace_statistics(namespace: Namespace, max_points: int = 2048) -> NamespaceStatistics:
    """The statistics of NAMESPACE (an fsimage snapshot: the root, directories and files)."""
    directories = [
        path for path, is_dir in zip(namespace.path, namespace.is_dir, strict=True) if is_dir
    ]
    index = {path: row for row, path in enumerate(directories)}
    # Each entry's parent directory, found by its path; the root has none.
    parents = np.array([index.get(_parent(path), -1) for path in namespace.path], dtype=np.int64)
    is_dir = np.asarray(namespace.is_dir)
    depth = np.asarray(namespace.depth, dtype=np.int64)
    not_root = depth > 0
    subdirs = np.bincount(parents[is_dir & not_root & (parents >= 0)], minlength=len(directories))
    files = np.bincount(parents[~is_dir & (parents >= 0)], minlength=len(directories))
    return NamespaceStatistics(
        directories=int(np.count_nonzero(is_dir & not_root)),
        files=int(np.count_nonzero(~is_dir)),
        dirs_at_depth=Distribution.of_sample(depth[is_dir & not_root], max_points),
        subdirs_per_dir=Distribution.of_sample(subdirs[subdirs > 0], max_points),
        files_at_depth=Distribution.of_sample(depth[~is_dir], max_points),
        files_per_dir=Distribution.of_sample(files[files > 0], max_points),
    )


def _parent(path: str) -> str:
    head = path.rstrip("/").rpartition("/")[0]
    return head or "/"
