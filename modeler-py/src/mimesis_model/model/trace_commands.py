"""The trace's commands beyond the file types' accesses: which ones the generator issues (the
`generated` and `generatedClusterCommands` of AuditCommand.avsc), the cluster's path-less
calls, and the calls that a profile does not reproduce (its unmodeledCommands), with why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Final

import numpy as np

from mimesis_model.formats import schema
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.parse_report import TraceWindow
from mimesis_model.formats.profile import ClusterCalls, UnmodeledCommand
from mimesis_model.formats.trace import ClusterEvents

PROBES: Final = ("getfileinfo", "listStatus")
"""The commands a probe ('does it exist?') is issued as."""
MISSING_PATH_COMMANDS: Final = (*PROBES, "delete")
"""The calls on paths nothing makes that a profile streams (missingPathProbes): the probes, and
the deletes of paths that are not there (`rm -f`, DistCp's cleanup), which HDFS audits as
allowed=false (the delete returned false)."""
NOTHING_THERE: Final = ("missing", "unknown")
"""by_target's kinds of a path that named nothing (unknown: a trace without an fsimage)."""

CANNOT_ISSUE: Final = "the generator cannot issue it"
CANNOT_ISSUE_CLUSTER: Final = "no path; the generator cannot issue it"
NEVER_MADE: Final = "probes of paths never made"
MADE_IMPLICITLY: Final = (
    "probes of directories made implicitly (by a create or mkdirs below them), which the "
    "profile makes in phase 1"
)
NOT_THERE: Final = "calls on paths that did not exist"
DENIED_CLUSTER: Final = "denied (allowed=false)"
OTHER: Final = "denied, or on paths the trace keeps no timeline of"


@cache
def generated_commands() -> frozenset[str]:
    """The commands the generator issues on a path (AuditCommand.avsc's `generated`)."""
    return frozenset(schema.declaration(schema.AUDIT_COMMAND)["generated"])


@cache
def generated_cluster_commands() -> frozenset[str]:
    """The path-less commands the generator issues (`generatedClusterCommands`)."""
    return frozenset(schema.declaration(schema.AUDIT_COMMAND)["generatedClusterCommands"])


def probe_listing_share(window: TraceWindow) -> float:
    """The share of listStatus among the stats and listings of paths that named nothing.

    The parse keeps each probe's time, not its kind; the trace-wide split of the events on
    missing paths (parse-report by_target) stands for every type's. 0 when it has none.
    """
    counts = Counter[str]()
    for target in NOTHING_THERE:
        counts.update(window.by_target.get(target, {}))
    total = counts["listStatus"] + counts["getfileinfo"]
    return counts["listStatus"] / total if total else 0.0


def cluster_calls_of(
    events: ClusterEvents, start_ms: int, max_points: int = 2048
) -> list[ClusterCalls]:
    """One ClusterCalls per path-less command of EVENTS (allowed calls), by name: its calls and
    their interarrivals, the first from the window's start (START_MS)."""
    found = []
    for code, command in enumerate(events.command.names):
        times = np.sort(events.time[events.command.codes == code]).astype(np.float64) - start_ms
        gaps = np.diff(np.maximum(times, 0.0), prepend=0.0)
        if gaps.max() <= 0:
            gaps = np.ones(1)  # every call at the window's first instant: one a millisecond
        found.append(ClusterCalls(command, len(times), Distribution.of_sample(gaps, max_points)))
    return found


def unmodeled_commands(
    window: TraceWindow,
    reproduced: Mapping[str, float],
    cluster: ClusterEvents | None,
    probes: float,
    implicit_probes: float,
    listing_share: float,
) -> list[UnmodeledCommand]:
    """Every command of the trace's window that the profile does not reproduce, by why.

    REPRODUCED: the calls of the trace that the profile stands for, by command (the typed
    files' and directories' accesses, creates, mkdirs, deletes, generated calls and probes;
    the renames and mkdirs it issues by ratio; the generated cluster calls). What the trace
    holds beyond them is explained, in this order: a path-less command the generator cannot
    issue; a command on paths it cannot issue; probes of paths never made (stats and listings
    of missing paths beyond the modeled probes); probes of directories made implicitly; other
    calls on missing paths; the rest (denied calls, calls on paths with no timeline).
    PROBES: the probes the profile models; IMPLICIT_PROBES: those of directories made
    implicitly; LISTING_SHARE: the share of either that are listings.
    """
    cluster_counts = Counter[str]()
    if cluster is not None:
        cluster_counts.update(cluster.command.counts())
        cluster_counts.update(cluster.denied)
    else:
        cluster_counts.update(window.by_target.get("cluster", {}))
    nothing_there = Counter[str]()
    for target in NOTHING_THERE:
        nothing_there.update(window.by_target.get(target, {}))
    modeled = {"listStatus": probes * listing_share, "getfileinfo": probes * (1 - listing_share)}
    implicit = {
        "listStatus": implicit_probes * listing_share,
        "getfileinfo": implicit_probes * (1 - listing_share),
    }
    found: list[UnmodeledCommand] = []
    for command, total in sorted(window.op_counts.items()):
        left = total - reproduced.get(command, 0.0)
        if left < 0.5:
            continue
        reasons: list[tuple[str, float]] = []
        on_cluster = cluster_counts.get(command, 0)
        if on_cluster and command not in generated_cluster_commands():
            reasons.append((CANNOT_ISSUE_CLUSTER, on_cluster))
        elif on_cluster and cluster is not None and command in cluster.denied:
            reasons.append((DENIED_CLUSTER, cluster.denied[command]))
        if command not in generated_commands() and total > on_cluster:
            reasons.append((CANNOT_ISSUE, total - on_cluster))
        elif command in PROBES:
            never = nothing_there.get(command, 0) - modeled[command] - implicit[command]
            reasons += [(NEVER_MADE, never), (MADE_IMPLICITLY, implicit[command])]
        else:
            reasons.append((NOT_THERE, nothing_there.get(command, 0)))
        for why, calls in reasons:
            calls = min(round(max(calls, 0.0)), round(left))
            if calls > 0:
                found.append(UnmodeledCommand(command, calls, why))
                left -= calls
        if round(left) > 0:
            found.append(UnmodeledCommand(command, round(left), OTHER))
    found.sort(key=lambda item: (-item.calls, item.command, item.why))
    return found


POISSON_POINTS: Final = 64
"""points of the exponential interarrival of a missing-path probe stream"""


def missing_path_probes(
    unmodeled: list[UnmodeledCommand], duration_ms: float
) -> tuple[list[ClusterCalls], list[UnmodeledCommand]]:
    """The probes of UNMODELED that no type stands for (of paths never made, of directories
    made implicitly) and its deletes of paths that did not exist, as one stream per command
    over the window of DURATION_MS, and the rest of UNMODELED. The parse keeps no time of a
    call on a path never made: each stream is a Poisson one, exponential gaps of mean
    duration / (calls + 1), so that its calls end in the window."""
    counts = Counter[str]()
    rest = []
    for item in unmodeled:
        probe = item.command in PROBES and item.why in (NEVER_MADE, MADE_IMPLICITLY)
        if probe or (item.command == "delete" and item.why == NOT_THERE):
            counts[item.command] += item.calls
        else:
            rest.append(item)
    quantiles = (np.arange(POISSON_POINTS) + 0.5) / POISSON_POINTS
    streams = []
    for command, calls in sorted(counts.items()):
        gaps = -np.log1p(-quantiles) * duration_ms / (calls + 1)
        streams.append(ClusterCalls(command, calls, Distribution.of_sample(gaps, POISSON_POINTS)))
    return streams, rest
