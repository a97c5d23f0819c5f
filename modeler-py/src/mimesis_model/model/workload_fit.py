"""The rest of a trace's workload, fitted after its file types (profile format 2): directory
types, the cluster's path-less calls, the mkdirs no directory type issues, and the commands the
profile does not reproduce."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.parse_report import TraceWindow
from mimesis_model.formats.profile import AUDIT_NAMES, Profile
from mimesis_model.formats.trace import ClusterEvents, audit_commands
from mimesis_model.model.directory_fit import DirectoryFitter
from mimesis_model.model.file_behaviour import FileBehaviour
from mimesis_model.model.trace_commands import (
    cluster_calls_of,
    generated_cluster_commands,
    generated_commands,
    missing_path_probes,
    probe_listing_share,
    unmodeled_commands,
)

Ints = npt.NDArray[np.int64]


def complete(
    profile: Profile,
    window: TraceWindow,
    files: FileBehaviour,
    labels: Ints,
    directories: FileBehaviour | None,
    directory_fitter: DirectoryFitter,
    cluster: ClusterEvents | None,
    implicit_probes: int,
) -> Profile:
    """PROFILE (its file types fitted to FILES, typed by LABELS) with the rest of the workload:
    DIRECTORIES' types (by DIRECTORY_FITTER, fitted here), the CLUSTER calls, mkdirsPerCreate
    counting only the mkdirs no directory type issues, the probes of paths nothing makes (a
    stream of their own) and the unmodeled commands."""
    share = probe_listing_share(window)
    reproduced = _reproduced(files, labels >= 0, "create")
    directory_mkdirs = 0
    if directories is not None:
        directory_fitter.fit(directories, profile, share)
        profile = profile.with_directory_types(directory_fitter.types_)
        profile = replace(profile, directory_fit=directory_fitter.fit_report_)
        typed = directory_fitter.labels_ >= 0
        reproduced.update(_reproduced(directories, typed, "mkdirs"))
        directory_mkdirs = int(np.count_nonzero(typed & directories.created))
    created = int(np.count_nonzero((labels >= 0) & files.created))
    trace_mkdirs = window.op_counts.get("mkdirs", 0)
    beside = max(trace_mkdirs - directory_mkdirs, 0)
    probes = reproduced.pop("probes", 0)
    reproduced["mkdirs"] += beside
    reproduced["rename"] = window.op_counts.get("rename", 0)
    cluster_calls = [] if cluster is None else cluster_calls_of(cluster, window.start_ms)
    for calls in cluster_calls:
        if calls.command in generated_cluster_commands():
            reproduced[calls.command] += calls.calls
    stood_for: dict[str, float] = dict(reproduced)
    stood_for["listStatus"] = reproduced["listStatus"] + probes * share
    stood_for["getfileinfo"] = reproduced["getfileinfo"] + probes * (1 - share)
    unmodeled = unmodeled_commands(window, stood_for, cluster, probes, implicit_probes, share)
    missing, unmodeled = missing_path_probes(unmodeled, window.duration_ms)
    return replace(
        profile,
        mkdirs_per_create=beside / created if created else 0.0,
        cluster_calls=cluster_calls,
        unmodeled_commands=unmodeled,
        missing_path_probes=missing,
    )


def _reproduced(behaviour: FileBehaviour, typed: npt.NDArray[np.bool_], made: str) -> Counter[str]:
    """The trace's calls that the typed files (or directories: MADE by mkdirs) stand for, by
    command; their probes under 'probes'."""
    counts = Counter[str]()
    counts[made] += int(np.count_nonzero(typed & behaviour.created))
    counts["delete"] += int(np.count_nonzero(typed & behaviour.deleted))
    for kind, n in behaviour.kind_counts(typed).items():
        counts[AUDIT_NAMES.get(kind, kind)] += n
    names = audit_commands()
    codes = behaviour.call_code[typed[behaviour.call_file]]
    for code, n in zip(*np.unique(codes, return_counts=True), strict=True):
        if names[code] in generated_commands():
            counts[names[code]] += int(n)
    counts["probes"] += int(np.count_nonzero(typed[behaviour.probe_file]))
    return counts
