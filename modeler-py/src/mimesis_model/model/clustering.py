"""k-means of scaled per-file (or per-directory) features: the clusters types are made of."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from sklearn.cluster import KMeans, MiniBatchKMeans

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

FULL_KMEANS_POINTS: Final = 50_000
"""Below this many points Lloyd's k-means is fast enough; above, mini-batches keep it linear."""


def cluster(scaled: Floats, rows: Ints, k: int, random_state: int) -> tuple[Ints, Floats]:
    """Labels for every row of SCALED (-1 outside ROWS) and the K centroids."""
    # Imported here: scikit-learn takes long to import, and only fitting needs it.
    from sklearn.cluster import KMeans, MiniBatchKMeans

    points = scaled[rows]
    if len(points) <= FULL_KMEANS_POINTS:
        model: KMeans | MiniBatchKMeans = KMeans(n_clusters=k, n_init=4, random_state=random_state)
    else:
        model = MiniBatchKMeans(n_clusters=k, n_init=3, batch_size=8192, random_state=random_state)
    fitted = model.fit(points)
    labels = np.full(len(scaled), -1, dtype=np.int64)
    labels[rows] = fitted.labels_
    return labels, np.asarray(fitted.cluster_centers_, dtype=np.float64)
