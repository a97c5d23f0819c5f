"""`validate`: synthesize a profile's workload and measure how far it lies from a trace: per
dimension of the files the model generates, and over the whole workload (every audited command)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from mimesis_model.errors import ProfileError
from mimesis_model.formats.fidelity_report import Against, UserComparison, WholeWorkload
from mimesis_model.formats.profile import Profile
from mimesis_model.model.command_mix import (
    CommandCounts,
    mix_distance,
    render_whole,
    whole_workload,
)
from mimesis_model.model.directory_fit import directory_distances
from mimesis_model.model.fidelity import compare, trace_op_counts
from mimesis_model.model.file_behaviour import FileBehaviour
from mimesis_model.model.fit import FittedTrace
from mimesis_model.model.synthesis import SyntheticWorkload, synthesize_for_comparison
from mimesis_model.model.user_mix import (
    compare_users,
    model_user_calls,
    profile_users,
    render_users,
)

VALIDATION_VERSION: Final = 2
"""of `validate --json`'s object; 2 added "whole" (the whole workload's command mix)"""


def type_labels(profile: Profile, behaviour: FileBehaviour) -> npt.NDArray[np.int64]:
    """Each trace file's type: the nearest centroid in the profile's feature space (-1: dormant).

    A profile without a fit (an imported one) has no centroids: its files are then all typed 0
    and compared overall only.
    """
    fit = profile.fit
    labels = np.full(len(behaviour), -1, dtype=np.int64)
    modeled = ~behaviour.dormant
    if fit is None or not all(file_type.centroid for file_type in profile.file_types):
        labels[modeled] = 0
        return labels
    try:
        features = behaviour.features(fit.features)[modeled]
    except ValueError as error:
        raise ProfileError(f"profile's fit: {error}") from error
    scaled = (features - np.asarray(fit.feature_mean)) / np.asarray(fit.feature_scale)
    centroids = np.array([file_type.centroid for file_type in profile.file_types])
    # Chunked by scikit-learn: a files x types x features array would not fit for millions of
    # files. Imported here, as in fit: scikit-learn takes long to import.
    from sklearn.metrics import pairwise_distances_argmin

    labels[modeled] = pairwise_distances_argmin(scaled, centroids)
    return labels


def validate(
    profile: Profile,
    trace: FittedTrace,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    replicas: float | None = None,
    random_state: int = 0,
) -> dict[str, Any]:
    """The distances between PROFILE's synthetic workload and TRACE, as `validate --json` prints."""
    behaviour = trace.behaviour
    labels = type_labels(profile, behaviour)
    model, replicas = synthesize_for_comparison(
        profile, time_scale=time_scale, span_scale=span_scale, replicas=replicas,
        random_state=random_state,
    )  # fmt: skip
    per_type = profile.fit is not None and all(t.centroid for t in profile.file_types)
    distances = compare(
        behaviour, labels, trace.window.op_counts, model, profile.k if per_type else 0
    )
    overall = distances["overall"]
    trace_events = sum(trace_op_counts(behaviour, labels >= 0, trace.window.op_counts).values())
    return {
        "version": VALIDATION_VERSION,
        "k": profile.k,
        "files": {
            "trace": overall["files"]["trace"],
            "model": overall["files"]["model"] / replicas,
        },
        "events": {"trace": trace_events, "model": sum(model.op_counts().values()) / replicas},
        "ks": overall["ks"],
        "per_type": [
            {
                "type": item["type"],
                "files": {
                    "trace": item["files"]["trace"],
                    "model": item["files"]["model"] / replicas,
                },
                "ks": item["ks"],
            }
            for item in distances["per_type"]
        ],
        "whole": _whole(
            trace, model_calls=CommandCounts.of_model(model, replicas), span_scale=span_scale
        ),
        "options": {
            "time_scale": time_scale,
            "span_scale": span_scale,
            "replicas": replicas,
            "seed": random_state,
        },
        "directories": _directories(profile, trace, model, replicas, time_scale),
        "unmodeled": unmodeled_list(profile),
        "users": _users(profile, trace, model, replicas),
    }


def _users(
    profile: Profile, trace: FittedTrace, model: SyntheticWorkload, replicas: float
) -> dict[str, Any] | None:
    """The profile's per-user call mix against the trace's; None when either names no user."""
    if not trace.window.by_user or not profile_users(profile):
        return None
    return compare_users(trace.window.by_user, model_user_calls(profile, model, replicas)).to_json()


def _whole(trace: FittedTrace, model_calls: CommandCounts, span_scale: float) -> dict[str, Any]:
    """The model's calls against every call of the trace (of_log: what its report or events
    counted), by command; coverage is not comparable when the span scale changes the calls."""
    trace_calls = CommandCounts.of_log(trace.window.op_counts, trace.window.denied)
    comparable = span_scale == 1
    notes = (
        ()
        if comparable
        else (
            f"span scale {span_scale:g} changes the calls a model issues: its coverage of the "
            "trace is not comparable",
        )
    )
    return whole_workload(
        {"trace": trace_calls, "model": model_calls}, "model", "trace",
        Against(None, mix_distance(model_calls, trace_calls, comparable)), notes=notes,
    ).to_validation_json()  # fmt: skip


def _directories(
    profile: Profile,
    trace: FittedTrace,
    model: SyntheticWorkload,
    replicas: float,
    time_scale: float,
) -> dict[str, Any] | None:
    """The directory types against the trace's directories; None when either has none."""
    if trace.directories is None or not profile.directory_types:
        return None
    rows = ~trace.directories.dormant
    synthetic = model.directories
    return {
        "k": profile.directory_k,
        "directories": {
            "trace": int(rows.sum()),
            "model": 0 if synthetic is None else len(synthetic) / replicas,
        },
        "ks": directory_distances(trace.directories, rows, synthetic, time_scale),
    }


def unmodeled_list(profile: Profile) -> list[dict[str, Any]]:
    """The profile's unmodeledCommands, as JSON."""
    return [
        {"command": item.command, "calls": item.calls, "why": item.why}
        for item in profile.unmodeled_commands
    ]


def render_unmodeled(unmodeled: list[dict[str, Any]]) -> list[str]:
    """The calls of the trace that the profile does not reproduce, one line per command and why."""
    if not unmodeled:
        return ["unmodeled commands: none"]
    total = sum(item["calls"] for item in unmodeled)
    lines = [f"unmodeled commands ({total:,} calls of the trace the profile does not reproduce):"]
    width = max(len(item["command"]) for item in unmodeled)
    lines += [
        f"  {item['command']:<{width}} {item['calls']:>9,}  {item['why']}" for item in unmodeled
    ]
    return lines


def render_validation(report: dict[str, Any]) -> str:
    """REPORT as a table: one row per dimension, overall and then per type."""
    lines = [
        f"k={report['k']}  files: trace {report['files']['trace']:,}, model "
        f"{report['files']['model']:,.0f}  events: trace {report['events']['trace']:,}, model "
        f"{report['events']['model']:,.0f}",
        "distances of the files the model generates (KS; op_mix: total variation of their ops)",
    ]
    rows: list[tuple[str, int | None, dict[str, float | None]]] = [
        ("overall", report["files"]["trace"], report["ks"])
    ]
    rows += [
        (f"type {item['type']}", item["files"]["trace"], item["ks"]) for item in report["per_type"]
    ]
    lines += render_distance_rows(rows, "files")
    directories = report.get("directories")
    if directories is not None:
        counts = directories["directories"]
        lines += [
            f"directory types: {directories['k']}  directories: trace {counts['trace']:,}, "
            f"model {counts['model']:,.0f}  (KS)",
            *render_distance_rows([("overall", counts["trace"], directories["ks"])], "dirs"),
        ]
    whole = WholeWorkload.of_validation(report["whole"])
    lines += render_whole(whole)
    lines += [f"note: {note}" for note in whole.notes]
    users = report.get("users")
    lines += render_users(None if users is None else UserComparison.of(users), "model")
    return "\n".join(lines + render_unmodeled(report.get("unmodeled", [])))


def render_distance_rows(
    rows: list[tuple[str, int | None, dict[str, float | None]]], count_name: str
) -> list[str]:
    """A header and one line per (name, count, distances by dimension) of ROWS."""
    dimensions = list(rows[0][2])
    header = f"{'':>10} {count_name:>9} " + " ".join(f"{name[:12]:>12}" for name in dimensions)
    lines = [header]
    for name, count, values in rows:
        cells = " ".join(
            f"{'-':>12}" if values[d] is None else f"{values[d]:>12.4f}" for d in dimensions
        )
        counted = "" if count is None else f"{count:,}"
        lines.append(f"{name:>10} {counted:>9} {cells}")
    return lines
