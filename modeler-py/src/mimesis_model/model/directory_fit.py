"""Directory types: the directories a trace touched, clustered as its files are (k-means on
their behaviour, file_behaviour.DIRECTORY_FEATURES), k the smallest whose synthetic listing
popularity lies within a KS bound of the trace's, measured as `validate` measures it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model.errors import ProfileError
from mimesis_model.formats.profile import (
    DIRECTORY_ACCESS_KINDS,
    DirectoryType,
    FitReport,
    KSearchStep,
    Profile,
)
from mimesis_model.formats.trace import NO_TIME, DirectoryTimelines
from mimesis_model.model.clustering import cluster
from mimesis_model.model.fidelity import ks_distance
from mimesis_model.model.file_behaviour import DIRECTORY_FEATURES, FileBehaviour
from mimesis_model.model.file_types import directory_types_of
from mimesis_model.model.synthesis import (
    SyntheticWorkload,
    comparison_replicas,
    synthesize_directories,
)

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

LISTING: Final = "listing"
"""The directory k search's criterion (FitReport.criterion): listing popularity."""
LIST_STATUS: Final = "listStatus"


def mkdirs_made(directories: DirectoryTimelines) -> Bools:
    """The directories made in the trace by a mkdirs that named them: the timeline's
    madeByMkdirs. In a trace parsed before that field: the parse dates a directory made
    implicitly (by a create or mkdirs of a path below it) at the first event that showed it, so
    its createTime is its first probe's, access's or call's time; a mkdirs is an event of its
    own, which the timeline does not hold.
    """
    first = np.full(len(directories), np.iinfo(np.int64).max, dtype=np.int64)
    for offsets, times in (
        (directories.probe_offsets, directories.probe_times),
        (directories.access_offsets, directories.access_times),
        (directories.call_offsets, directories.call_times),
    ):
        some = np.diff(offsets) > 0
        first[some] = np.minimum(first[some], times[offsets[:-1][some]])
    created = directories.created
    made: Bools = created & (directories.create_time != first)
    flag = directories.made_by_mkdirs
    if flag is not None:
        made = np.where(flag >= 0, created & (flag == 1), made)
    return made


def as_fitted(directories: DirectoryTimelines) -> tuple[DirectoryTimelines, int]:
    """DIRECTORIES as the model sees them, and the probes it leaves out: a directory made
    implicitly is pre-existing (the generator makes it in phase 1, issuing no mkdirs the trace
    did not), without the probes of its path before it was made."""
    implicit = directories.created & ~mkdirs_made(directories)
    owner = np.repeat(np.arange(len(directories)), directories.probes_per_file)
    kept = ~implicit[owner]
    offsets = np.zeros(len(directories) + 1, dtype=np.int64)
    np.cumsum(np.bincount(owner[kept], minlength=len(directories)), out=offsets[1:])
    fitted = replace(
        directories,
        pre_existing=directories.pre_existing | implicit,
        create_time=np.where(implicit, NO_TIME, directories.create_time),
        probe_offsets=offsets,
        probe_times=directories.probe_times[kept],
    )
    return fitted, int(np.count_nonzero(~kept))


def listings(behaviour: FileBehaviour, rows: Bools | None = None) -> Ints:
    """listStatus calls of each directory (of ROWS) listed at least once: listing popularity."""
    chosen = np.ones(len(behaviour), dtype=np.bool_) if rows is None else rows
    letter = next(code for code, name in behaviour.kinds.items() if name == LIST_STATUS)
    counts = np.bincount(
        behaviour.access_file[behaviour.access_kind == letter], minlength=len(behaviour)
    )
    listed: Ints = counts[chosen & (counts > 0)].astype(np.int64)
    return listed


def model_listings(model: SyntheticWorkload) -> Ints:
    """listStatus calls of each synthetic directory listed at least once."""
    counts = model.kind_counts[:, model.kinds.index(LIST_STATUS)]
    listed: Ints = counts[counts > 0].astype(np.int64)
    return listed


def listing_popularity_ks(behaviour: FileBehaviour, rows: Bools, model: SyntheticWorkload) -> float:
    """The KS distance of listings per listed directory: what the directory k search bounds.
    Without listings on either side, of accesses per accessed directory."""
    distance = ks_distance(listings(behaviour, rows), model_listings(model))
    if distance is None:
        distance = ks_distance(
            behaviour.accesses[rows & behaviour.accessed], model.accesses[model.accesses > 0]
        )
    return 1.0 if distance is None else distance


def directory_distances(
    behaviour: FileBehaviour, rows: Bools, model: SyntheticWorkload | None, time_scale: float
) -> dict[str, float | None]:
    """How far the synthetic directories lie from the trace's (rows ROWS): KS distances of
    listing popularity, access popularity, access interarrivals and active spans."""
    if model is None:
        model = _no_directories()
    gaps = behaviour.interarrival[rows[behaviour.access_file]]
    accessed = rows & behaviour.accessed
    spans = model.active_span[np.isfinite(model.active_span)]
    return {
        "listing_popularity": ks_distance(listings(behaviour, rows), model_listings(model)),
        "popularity": ks_distance(behaviour.accesses[accessed], model.accesses[model.accesses > 0]),
        "interarrival": ks_distance(gaps[~np.isnan(gaps)] * time_scale, model.interarrival),
        "active_span": ks_distance(behaviour.active_span[accessed] * time_scale, spans),
    }


def _no_directories() -> SyntheticWorkload:
    empty = np.zeros(0)
    none = np.zeros(0, np.int64)
    return SyntheticWorkload(
        0.0, none, np.zeros(0, np.bool_), empty, none, none, np.zeros((0, 3), np.int64),
        np.zeros(0, np.bool_), empty, empty, empty, none, empty, none, 0, 0,
        kinds=DIRECTORY_ACCESS_KINDS,
    )  # fmt: skip


class DirectoryFitter:
    """Fits the directory types of a trace's directories (scikit-learn style, as ProfileFitter).

    n_types: k, or "auto": the smallest k in 1..max_types whose synthetic listing popularity is
    within max_ks (KS) of the trace's, the directories synthesized as `validate` does (the file
    profile's replicas, the same seed), so that validate measures what the search found.
    """

    def __init__(
        self,
        n_types: int | str = "auto",
        *,
        max_ks: float = 0.04,
        max_types: int = 50,
        search_directories: int = 200_000,
        max_points: int = 2048,
        features: Sequence[str] = DIRECTORY_FEATURES,
        random_state: int = 0,
        progress: bool = False,
    ) -> None:
        self.n_types = n_types
        self.max_ks = max_ks
        self.max_types = max_types
        self.search_directories = search_directories
        self.max_points = max_points
        self.features = features
        self.random_state = random_state
        self.progress = progress

    def fit(
        self,
        behaviour: FileBehaviour,
        profile: Profile,
        list_status_share: float = 0.0,
    ) -> DirectoryFitter:
        """Fit BEHAVIOUR's directories; PROFILE is the file profile they will join (its
        window, and its files for the replicas)."""
        self.profile_ = profile
        self.list_status_share_ = list_status_share
        modeled = np.flatnonzero(~behaviour.dormant)
        self.labels_ = np.full(len(behaviour), -1, dtype=np.int64)
        self.k_search_: list[KSearchStep] = []
        self.types_: list[DirectoryType] = []
        self.fit_report_: FitReport | None = None
        if len(modeled) == 0:
            return self
        features = behaviour.features(self.features)
        from sklearn.preprocessing import StandardScaler

        scaler = StandardScaler().fit(features[modeled])
        scaled = scaler.transform(features)
        if self.n_types == "auto":
            k = self._search(behaviour, scaled, modeled)
        else:
            k = int(self.n_types)
            if not 1 <= k <= len(modeled):
                raise ProfileError(
                    f"--directory-k {k}: must be between 1 and the {len(modeled)} directories "
                    "modeled"
                )
        labels, centroids = cluster(scaled, modeled, k, self.random_state)
        self.types_, self.labels_ = self._types(behaviour, labels, k, centroids)
        self.fit_report_ = FitReport(
            seed=self.random_state,
            features=list(self.features),
            feature_mean=scaler.mean_.tolist(),
            feature_scale=scaler.scale_.tolist(),
            max_ks=self.max_ks,
            k_search=self.k_search_,
            criterion=LISTING,
        )
        return self

    def _types(
        self, behaviour: FileBehaviour, labels: Ints, k: int, centroids: Floats
    ) -> tuple[list[DirectoryType], Ints]:
        """The types by descending weight, numbered so; and each directory's type number."""
        types = directory_types_of(
            behaviour, labels, k, centroids, self.max_points, self.list_status_share_
        )
        type_of_cluster = np.full(k, -1, dtype=np.int64)
        type_of_cluster[[t.index for t in types]] = np.arange(len(types))
        numbered = np.where(labels >= 0, type_of_cluster[np.maximum(labels, 0)], -1)
        return self.profile_.with_directory_types(types).directory_types, numbered

    def _search(self, behaviour: FileBehaviour, scaled: Floats, modeled: Ints) -> int:
        rng = np.random.default_rng(self.random_state)
        sample = modeled
        if len(modeled) > self.search_directories:
            sample = np.sort(rng.choice(modeled, self.search_directories, replace=False))
        subset = behaviour.subset(sample)
        rows = np.ones(len(sample), dtype=np.bool_)
        # What validate synthesizes (comparison_replicas), scaled to the sample.
        replicas = comparison_replicas(self.profile_) * len(modeled) / len(sample)
        largest = min(self.max_types, len(sample))
        quiet = None if self.progress else True
        with tqdm(total=largest, desc="directory k search", unit="k", disable=quiet) as bar:
            for k in range(1, largest + 1):
                labels, centroids = cluster(
                    scaled[sample], np.arange(len(sample)), k, self.random_state
                )
                types, _ = self._types(subset, labels, k, centroids)
                model = synthesize_directories(
                    replace(self.profile_, directory_types=types),
                    file_scale=replicas,
                    random_state=self.random_state,
                    replicated=True,
                )
                assert model is not None
                gaps = subset.interarrival
                step = KSearchStep(
                    k,
                    listing_popularity_ks(subset, rows, model),
                    ks_distance(gaps[~np.isnan(gaps)], model.interarrival),
                )
                self.k_search_.append(step)
                bar.update()
                bar.set_postfix(ks=f"{step.popularity_ks:.4f}")
                if step.popularity_ks <= self.max_ks:
                    return k
        best = min(self.k_search_, key=lambda step: step.popularity_ks)
        print(
            f"mimesis-model: no directory k up to {largest} reaches listing popularity KS "
            f"{self.max_ks}; using k={best.k} (KS {best.popularity_ks:.4f})",
            file=sys.stderr,
        )
        return best.k
