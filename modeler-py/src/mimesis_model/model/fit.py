"""Fitting a profile from a trace: k-means file types, k chosen by the fidelity of popularity
and timing; then the rest of the workload (workload_fit: directory types, cluster calls,
unmodeled commands)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model.errors import ProfileError, TraceError
from mimesis_model.formats.parse_report import TraceWindow
from mimesis_model.formats.profile import FileType, FitReport, KSearchStep, Profile
from mimesis_model.formats.trace import (
    CLUSTER_FILE,
    EVENTS_FILE,
    FILES_FILE,
    NAMESPACE_FILE,
    ClusterEvents,
    Namespace,
    TimelineUsers,
    check_whole,
    read_cluster_events,
    read_denied_path_events,
    read_directory_timelines,
    read_file_timelines,
    read_namespace,
    read_namespace_end,
)
from mimesis_model.model.clustering import cluster
from mimesis_model.model.directory_fit import DirectoryFitter, as_fitted
from mimesis_model.model.fidelity import WorkloadSample, distances
from mimesis_model.model.file_behaviour import FEATURES, FileBehaviour
from mimesis_model.model.file_sizes import FilePlaces, SizeFit, fit_sizes, with_file_sizes
from mimesis_model.model.file_types import file_types_of
from mimesis_model.model.namespace_statistics import namespace_statistics
from mimesis_model.model.synthesis import synthesize_for_comparison
from mimesis_model.model.trace_commands import NOTHING_THERE, probe_listing_share
from mimesis_model.model.user_mix import MAX_USERS, with_user_mixes
from mimesis_model.model.workload_fit import complete

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

AUTO: Final = "auto"
TIMING: Final = "timing"
POPULARITY: Final = "popularity"
ACCESS: Final = "access"
CRITERIA: Final = (TIMING, POPULARITY, ACCESS)
CRITERION_MEANS: Final = {
    TIMING: "the worst of the popularity, access interarrival and active span KS",
    POPULARITY: "the popularity KS",
    ACCESS: "the worse of the popularity and access interarrival KS",
}
"""What each --criterion bounds, as messages say it."""
PATIENCE: Final = 8
"""k's the search tries past its best one before it stops, when no k reaches the bound"""
SYNTHESIS_NOISE: Final = 0.005
"""KS distances closer than this are one: the synthesis's own spread over seeds (on the sample a
standard deviation of at most 0.002 for popularity, interarrival and active span); when no k
reaches the bound, the smallest k within it of the best is chosen"""


@dataclass
class FittedTrace:
    """A trace read for fitting: what each file and directory did, its window and op counts,
    and its path-less (cluster) calls."""

    behaviour: FileBehaviour
    window: TraceWindow
    source: Path
    directories: FileBehaviour | None = None
    """None for a trace parsed before directories had timelines (no dirs.avro)"""
    implicit_probes: int = 0
    """probes of directories made implicitly, which the model leaves out (directory_fit)"""
    cluster: ClusterEvents | None = None
    """None when the parse report counts no path-less event"""
    file_users: TimelineUsers | None = None
    """who issued each file's events (rows of behaviour); None for a trace without users"""
    directory_users: TimelineUsers | None = None
    """who issued each directory's events (rows of directories)"""
    denied_events: list[tuple[int, str, str]] | None = None
    """the denied events on a path (time, command, user); None when the report counts none
    beyond the deletes of missing paths and the cluster's denied calls"""
    places: FilePlaces | None = None
    """each file's paths (rows of behaviour), read only when the trace has an fsimage"""
    namespace: Namespace | None = None
    """the fsimage at the trace's start (namespace.avro); None without one"""
    namespace_end: Namespace | None = None
    """the fsimage at its end (namespace-end.avro); None without one"""


def read_for_fitting(trace_dir: str | PathLike[str], progress: bool = False) -> FittedTrace:
    """The parts of TRACE_DIR fitting needs: files.avro, dirs.avro and the parse report; and
    the path-less events: cluster.avro, or in a trace parsed before it, events.avro's when the
    report says it has some, or cannot say (a report without by_target, or none): reading
    every event costs more than the rest of a fit. Every Avro file of the trace is checked whole
    first, those it does not read too."""
    check_whole(trace_dir)
    window = TraceWindow.read(trace_dir)
    # Paths cost a string per file: read only when an fsimage can size the files.
    imaged = (Path(trace_dir) / NAMESPACE_FILE).exists()
    files = read_file_timelines(trace_dir, progress, paths=imaged)
    if len(files) == 0:
        raise TraceError(f"{Path(trace_dir) / FILES_FILE}: no files, nothing to model")
    timelines = read_directory_timelines(trace_dir, progress)
    behaviour = FileBehaviour.of(
        files,
        window.start_ms,
        window.duration_ms,
        directory_deletes=(
            None
            if timelines is None
            else timelines.delete_time[timelines.deleted & timelines.deleted_itself]
        ),
    )
    trace = FittedTrace(behaviour, window, Path(trace_dir), file_users=files.users)
    if imaged:
        trace.places = FilePlaces.of(files)
        trace.namespace = read_namespace(trace_dir)
        trace.namespace_end = read_namespace_end(trace_dir)
    if timelines is not None:
        fitted, trace.implicit_probes = as_fitted(timelines)
        trace.directories = FileBehaviour.of(fitted, window.start_ms, window.duration_ms)
        trace.directory_users = fitted.users
    unknown = not window.by_target and (Path(trace_dir) / EVENTS_FILE).exists()
    if (Path(trace_dir) / CLUSTER_FILE).exists():
        if window.by_target.get("cluster") or not window.by_target:
            trace.cluster = read_cluster_events(trace_dir, progress)
    elif window.by_target.get("cluster") or unknown:
        trace.cluster = read_cluster_events(trace_dir, progress)
    # Denied calls on a path are on no timeline: a pass over events.avro, only when the report
    # counts some beyond those it explains (deletes of missing paths, the cluster's denied).
    gone = sum(window.by_target.get(target, {}).get("delete", 0) for target in NOTHING_THERE)
    explained = gone + (sum(trace.cluster.denied.values()) if trace.cluster is not None else 0)
    if (window.denied or 0) > explained and (Path(trace_dir) / EVENTS_FILE).exists():
        trace.denied_events = read_denied_path_events(trace_dir)
    return trace


def last_bettered(steps: Sequence[KSearchStep], criterion: str) -> KSearchStep:
    """The last of STEPS (in k order) whose CRITERION distance bettered every one before it by
    more than SYNTHESIS_NOISE: where the k search last gained more than its own noise."""
    best = steps[0]
    for step in steps[1:]:
        if step.distance(criterion) < best.distance(criterion) - SYNTHESIS_NOISE:
            best = step
    return best


class ProfileFitter:
    """Fits a Profile to a trace (scikit-learn style: parameters here, fitted state in `*_`).

    n_types: the number of file types k, or "auto" for the smallest k in 1..max_types whose
    synthetic distances lie within max_ks (KS) of the trace's: with criterion "timing" (the
    default) popularity, access interarrivals and active spans; "popularity" (the paper's) that
    alone; "access" popularity and interarrivals. When no k does, the search stops PATIENCE k's
    past its best and keeps the smallest k within SYNTHESIS_NOISE of the best, among the k's
    whose popularity is within max_ks when some are (popularity is the paper's bound).
    search_files: above this many files, the k search clusters and compares a random subset
    of this size (the chosen k is then fitted on every file, and scored again on them).
    Each k is scored as `validate` scores a profile (synthesis.synthesize_for_comparison, the
    same seed), so the figure of the chosen k is the one `validate` reports for the profile.
    features: the per-file features clustered (file_behaviour.CANDIDATE_FEATURES).
    directories: the fitter of the directory types (default: directory_fit.DirectoryFitter
    with this random_state and progress).
    """

    def __init__(
        self,
        n_types: int | str = AUTO,
        *,
        max_ks: float = 0.04,
        criterion: str = TIMING,
        max_types: int = 50,
        search_files: int = 200_000,
        max_points: int = 2048,
        features: Sequence[str] = FEATURES,
        random_state: int = 0,
        progress: bool = False,
        directories: DirectoryFitter | None = None,
        max_users: int = MAX_USERS,
    ) -> None:
        self.n_types = n_types
        self.max_ks = max_ks
        self.criterion = criterion
        self.max_types = max_types
        self.search_files = search_files
        self.max_points = max_points
        self.features = features
        self.random_state = random_state
        self.progress = progress
        self.directories = directories
        self.max_users = max_users

    def fit(self, trace: FittedTrace) -> ProfileFitter:
        if self.criterion not in CRITERIA:
            raise ProfileError(f"criterion {self.criterion!r}: one of {', '.join(CRITERIA)}")
        behaviour = trace.behaviour
        modeled = np.flatnonzero(~behaviour.dormant)
        if len(modeled) < 2:
            raise TraceError(
                f"{trace.source}: {len(modeled)} file(s) with an event in the trace; "
                "a model needs at least 2"
            )
        features = behaviour.features(self.features)
        if not np.isfinite(features[modeled]).all():
            raise TraceError(f"{trace.source / FILES_FILE}: a file's times give no finite features")
        # Imported here: scikit-learn takes long to import, and only fitting needs it.
        from sklearn.preprocessing import StandardScaler

        scaler = StandardScaler().fit(features[modeled])
        scaled = scaler.transform(features)
        searched = len(modeled)
        # The chosen k's distances as `validate` measures them; None when k was given.
        self.chosen_: KSearchStep | None = None
        if self.n_types == AUTO:
            self.k_search_, searched = self._search(behaviour, scaled, modeled, trace.window)
            best = self._chosen(self.k_search_)
            k = best.k
            self.chosen_ = best
        else:
            k = int(self.n_types)
            if not 1 <= k <= len(modeled):
                raise ProfileError(
                    f"-k {k}: must be between 1 and the {len(modeled)} files modeled"
                )
            self.k_search_ = []
        labels, centroids = self._cluster(scaled, modeled, k)
        share = probe_listing_share(trace.window)
        types = file_types_of(behaviour, labels, k, centroids, self.max_points, share)
        # Types come sorted by weight, each still numbered by its k-means cluster.
        type_of_cluster = np.full(k, -1, dtype=np.int64)
        type_of_cluster[[file_type.index for file_type in types]] = np.arange(len(types))
        self.labels_ = np.where(labels >= 0, type_of_cluster[np.maximum(labels, 0)], -1)
        self.fit_report_ = FitReport(
            seed=self.random_state,
            features=list(self.features),
            feature_mean=scaler.mean_.tolist(),
            feature_scale=scaler.scale_.tolist(),
            max_ks=self.max_ks,
            k_search=self.k_search_,
            criterion=self.criterion,
        )
        self.directory_fitter_ = self.directories or DirectoryFitter(
            random_state=self.random_state, progress=self.progress
        )
        self.profile_ = complete(
            self._profile(trace, types, labels), trace.window, behaviour, labels,
            trace.directories, self.directory_fitter_, trace.cluster, trace.implicit_probes,
            trace.denied_events, self.max_users,
        )  # fmt: skip
        self.profile_ = with_user_mixes(
            self.profile_, trace.file_users, self.labels_, trace.directory_users,
            self.directory_fitter_.labels_ if trace.directories is not None else None,
            trace.cluster, self.max_users, trace.window.missing_by_user,
        )  # fmt: skip
        self.sizes_ = self._sizes(trace)
        self.profile_ = with_file_sizes(self.profile_, self.sizes_)
        if self.chosen_ is not None and searched < len(modeled):
            # Searched on a subset: the figure validate will report is the whole trace's.
            self.chosen_ = self._score(k, self.profile_, behaviour, self.labels_)
            distance = self.chosen_.distance(self.criterion)
            print(
                f"mimesis-model: k={k}, searched on {searched:,} of {len(modeled):,} files, has "
                f"{self.criterion} KS {distance:.4f} on all of them"
                + (f", above {self.max_ks}" if distance > self.max_ks else ""),
                file=sys.stderr,
            )
        return self

    def _sizes(self, trace: FittedTrace) -> SizeFit:
        """Each type's sizes from the trace's fsimages, what stands in said on stderr."""
        k = len(self.profile_.file_types)
        if trace.places is None:
            return SizeFit([None] * k, [], None)
        fit = fit_sizes(
            trace.places, self.labels_, k, trace.namespace, trace.namespace_end, self.max_points
        )
        if fit.created_from == "START_IMAGE":
            print(
                "mimesis-model: the trace has no fsimage at its end (parse --fsimage-end): the "
                "start image's sizes stand in for the files created in the window",
                file=sys.stderr,
            )
        if fit.pooled:
            listed = ", ".join(str(index) for index in fit.pooled)
            print(
                f"mimesis-model: no image sizes a file of type(s) {listed}: they take the "
                "sizes of every file of the trace",
                file=sys.stderr,
            )
        return fit

    def _score(
        self, k: int, profile: Profile, behaviour: FileBehaviour, labels: Ints
    ) -> KSearchStep:
        """The distances of PROFILE (k-means with K clusters) to BEHAVIOUR's files typed by
        LABELS, as `validate` measures them."""
        workload, _ = synthesize_for_comparison(profile, random_state=self.random_state)
        # validate's own overall distances (compare): the modeled files against every replica's.
        trace = WorkloadSample.of_trace(behaviour, labels >= 0, np.zeros(0), None)
        ks = distances(trace, WorkloadSample.of_model(workload, None, False))
        popularity = ks["popularity"]
        return KSearchStep(
            k, 1.0 if popularity is None else popularity, ks["interarrival"], ks["active_span"]
        )

    def _chosen(self, steps: list[KSearchStep]) -> KSearchStep:
        """The first step within the bound; else the smallest k within SYNTHESIS_NOISE of the
        best (among those whose popularity is within the bound, when some are), said on stderr."""
        criterion = self.criterion
        for step in steps:
            if step.distance(criterion) <= self.max_ks:
                return step
        candidates = [s for s in steps if s.popularity_ks <= self.max_ks] or steps
        least = min(step.distance(criterion) for step in candidates)
        best = next(s for s in candidates if s.distance(criterion) <= least + SYNTHESIS_NOISE)
        print(
            f"mimesis-model: no k up to {steps[-1].k} reaches {criterion} KS {self.max_ks} "
            f"({CRITERION_MEANS[criterion]}); "
            f"using k={best.k} (KS {best.distance(criterion):.4f}, best {least:.4f}; "
            f"beyond the bound there: {', '.join(best.above(criterion, self.max_ks))})",
            file=sys.stderr,
        )
        return best

    def _search(
        self, behaviour: FileBehaviour, scaled: Floats, modeled: Ints, window: TraceWindow
    ) -> tuple[list[KSearchStep], int]:
        """Every k tried and its distances, up to the first within the bound; and the number of
        files searched (a subset of a large trace)."""
        rng = np.random.default_rng(self.random_state)
        sample = modeled
        if len(modeled) > self.search_files:
            sample = np.sort(rng.choice(modeled, self.search_files, replace=False))
        subset = behaviour.subset(sample)
        subset_rows = np.arange(len(sample))
        steps: list[KSearchStep] = []
        largest = min(self.max_types, len(sample))
        with tqdm(
            total=largest, desc="k search", unit="k", disable=None if self.progress else True
        ) as bar:
            for k in range(1, largest + 1):
                labels, centroids = self._cluster(scaled[sample], subset_rows, k)
                types = file_types_of(subset, labels, k, centroids, self.max_points)
                profile = Profile("k search", window.duration_ms, types, 0, 0.0, 0.0)
                step = self._score(k, profile.with_types(types, "k search"), subset, labels)
                steps.append(step)
                bar.update()
                bar.set_postfix(ks=f"{step.distance(self.criterion):.4f}")
                if step.distance(self.criterion) <= self.max_ks or self._exhausted(steps):
                    break
        return steps, len(sample)

    def _exhausted(self, steps: list[KSearchStep]) -> bool:
        """Whether PATIENCE k's have passed the best without bettering it by more than
        SYNTHESIS_NOISE (and some k has its popularity within the bound, which a larger k may
        still bring): a curve that only drifts down within the noise does not carry the search
        on (on the HBase trace, from k = 14 to 38 for 0.01 of interarrival KS)."""
        popular = any(step.popularity_ks <= self.max_ks for step in steps)
        return popular and steps[-1].k - last_bettered(steps, self.criterion).k >= PATIENCE

    def _cluster(self, scaled: Floats, rows: Ints, k: int) -> tuple[Ints, Floats]:
        """Labels for every row of SCALED (-1 outside ROWS) and the K centroids."""
        return cluster(scaled, rows, k, self.random_state)

    def _profile(self, trace: FittedTrace, types: list[FileType], labels: Ints) -> Profile:
        behaviour = trace.behaviour
        created = int(np.count_nonzero((labels >= 0) & behaviour.created))
        ops = trace.window.op_counts
        namespace = trace.namespace if trace.places is not None else read_namespace(trace.source)
        profile = Profile(
            source=str(trace.source),
            duration_ms=trace.window.duration_ms,
            file_types=types,
            dormant_files=int(np.count_nonzero(behaviour.dormant)),
            mkdirs_per_create=ops.get("mkdirs", 0) / created if created else 0.0,
            renames_per_create=ops.get("rename", 0) / created if created else 0.0,
            namespace=None if namespace is None else namespace_statistics(namespace),
            fit=self.fit_report_,
        )
        return profile.with_types(types, str(trace.source))
