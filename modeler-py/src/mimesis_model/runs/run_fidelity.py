"""`fidelity`: the closed loop. How close the workload a run issued (its own trace, phase 2) came
to what the profile predicts for the run's options, and to the trace the profile was fitted from.

Against the model, the reference generator synthesizes the profile with the run's type scaling,
isolation, time scale, span scale and window. Against the original trace, the trace's times are
multiplied by the run's time scale (a run at 0.5 should be the trace twice as fast); span and type
scaling change what a run is meant to look like, so against the trace they show as distance.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, overload

import numpy as np

from mimesis_model.formats.fidelity_report import (
    Against,
    Dimensions,
    Directories,
    Distances,
    MixDistance,
    Percentiles,
    RunFidelity,
    RunInfo,
    RunOptions,
    Stages,
    TimingStages,
    TypeDistances,
    UserComparison,
    WholeWorkload,
)
from mimesis_model.formats.profile import Profile
from mimesis_model.model.command_mix import (
    CommandCounts,
    mix_distance,
    render_whole,
    whole_workload,
)
from mimesis_model.model.directory_fit import listings, model_listings
from mimesis_model.model.fidelity import (
    Floats,
    Ints,
    WorkloadSample,
    as_audited,
    audited,
    compare,
    distances,
    ks_distance,
    trace_create_gaps,
)
from mimesis_model.model.file_behaviour import FileBehaviour
from mimesis_model.model.fit import FittedTrace
from mimesis_model.model.synthesis import SyntheticWorkload, synthesize, synthesize_for_comparison
from mimesis_model.model.user_mix import (
    compare_users,
    model_user_calls,
    profile_users,
    render_users,
)
from mimesis_model.model.validation import render_distance_rows, type_labels
from mimesis_model.runs.run_results import RunScaling
from mimesis_model.runs.run_trace import RunTrace
from mimesis_model.runs.size_fidelity import render_sizes, score_sizes

NOISE_DRAWS: Final = 20
NOISE_QUANTILE: Final = 95


def score_run(
    profile: Profile,
    run: RunTrace,
    scaling: RunScaling,
    original: FittedTrace | None = None,
    *,
    replicas: float | None = None,
    noise_draws: int = NOISE_DRAWS,
    random_state: int = 0,
    results_dir: Path | None = None,
) -> RunFidelity:
    """Every distance of RUN to PROFILE's prediction (overall and per type) and, with ORIGINAL,
    to the original trace (overall); with the counts on each side, as `fidelity --json` prints.
    The sizes of the files at the run's end (RESULTS_DIR's, the run's results folder) are scored
    against ORIGINAL's end.

    NOISE_DRAWS faithful runs (the reference generator at the run's own size) give each
    distance's noise: the 95th percentile of their distances, which a run's distance beyond it
    is not explained by chance alone (0: not measured).
    """
    # First: a bad namespace-end.tsv is refused before the synthesis's seconds are spent.
    sizes = score_sizes(results_dir, run, None if original is None else original.source)
    predicted = scaling.profile_run(profile)

    # The run's trace has the audit log's whole milliseconds: the model's times are compared as
    # the log would have recorded them, and the trace's as scaled to the run's time, likewise.
    # The run's calls reached the log some time after they began (the client's RPC, the
    # NameNode's queue and sync): a faithful run's would too, so the model's times get the same.
    offsets = None if run.marked is None else run.marked.offsets()

    def synthesized(file_scale: float, seed: int) -> SyntheticWorkload:
        return as_audited(
            synthesize(
                predicted, time_scale=scaling.time_scale, span_scale=scaling.span_scale,
                file_scale=file_scale, window_ms=scaling.window_ms(profile), random_state=seed,
            ),
            seed,
            offsets,
        )  # fmt: skip

    model, replicas = synthesize_for_comparison(
        predicted, time_scale=scaling.time_scale, span_scale=scaling.span_scale,
        window_ms=scaling.window_ms(profile), replicas=replicas, random_state=random_state,
    )  # fmt: skip
    due_model = model
    model = as_audited(model, random_state, offsets)
    model_sample = WorkloadSample.of_model(model, None, True)
    behaviour = run.behaviour
    against_model = compare(behaviour, run.labels, run.op_counts, model, profile.k)
    run_sample = _run_sample(run, profile.k)
    trace_sample = (
        None
        if original is None
        else _original_sample(profile, original)
        .time_scaled(scaling.time_scale)
        .audited(random_state, offsets)
    )
    faithful_runs = [synthesized(1.0, random_state + 1 + draw) for draw in range(noise_draws)]
    faithful = [WorkloadSample.of_model(workload, None, True) for workload in faithful_runs]
    timed = scaling.time_scale != 0
    flat = scaling.flat or predicted.namespace is None
    unscored = _unscored(timed, flat)
    counts = {
        "run": _counts(run_sample, behaviour.window_ms),
        "model": _counts(model_sample, model.window_ms, per=replicas),
    }
    against_trace = None
    if original is not None and trace_sample is not None:
        counts["trace"] = _counts(trace_sample, original.behaviour.window_ms * scaling.time_scale)
        against_trace = Distances(
            _scored(distances(run_sample, trace_sample), unscored),
            _scored(_noise(faithful, trace_sample), unscored),
            trace=str(original.source),
        )
    return RunFidelity(
        k=profile.k,
        run=RunInfo(
            trace=str(run.directory),
            results=None if results_dir is None else str(results_dir),
            namespace_root=run.namespace_root,
            start_ms=run.start_ms,
            start_from=run.start_from,
            end_ms=run.end_ms,
            window_ms=behaviour.window_ms,
            timing=_timing(run, due_model, against_model["overall"]["ks"], timed),
        ),
        options=RunOptions(
            time_scale=scaling.time_scale,
            span_scale=scaling.span_scale,
            type_scales=scaling.type_scales,
            types=tuple(scaling.types),
            noise_draws=noise_draws,
            duration_ms=scaling.duration_ms,
            window_ms=scaling.window_ms_given,
            flat=scaling.flat,
            replicas=replicas,
            seed=random_state,
        ),
        counts=counts,
        against=Against(
            Distances(
                _scored(against_model["overall"]["ks"], unscored),
                _scored(_noise(faithful, model_sample), unscored),
                per_type=tuple(
                    TypeDistances(
                        item["type"],
                        item["files"]["trace"],
                        item["files"]["model"] / replicas,
                        _scored(item["ks"], unscored),
                        item["values"],
                    )
                    for item in against_model["per_type"]
                ),
            ),
            against_trace,
        ),
        whole=_whole(
            profile,
            run,
            scaling,
            CommandCounts.of_model(model, replicas),
            original,
            comparable=predicted is profile and scaling.span_scale == 1,
        ),
        notes=(() if timed else (UNTIMED_NOTE,)) + ((FLAT_NOTE,) if flat else ()),
        users=_users(predicted, run, model, replicas, original),
        directories=_directories(run, model, replicas, original, faithful_runs),
        sizes=sizes,
    )


def _timing_line(timing: TimingStages | None) -> str:
    if timing is None:
        return (
            "timing stages: not measured (the NameNode logged no caller context: "
            "hadoop.caller.context.enabled); the model's times are its due times"
        )
    late, offset = timing.late_ms, timing.offset_ms
    staged = [("interarrival", timing.interarrival)]
    if timing.create_interarrival is not None:
        staged.append(("create interarrival", timing.create_interarrival))
    if timing.active_span is not None:
        staged.append(("active span", timing.active_span))
    return (
        f"timing stages, from {timing.calls:,} calls that named their due time and begin: began "
        f"{_percentiles(late)} ms late; logged {_percentiles(offset)} ms after their begin (the "
        "model's and the faithful runs' calls are logged as late); against the model, "
        + "; ".join(
            f"{name} as due {_distance(ks.due)}, as begun {_distance(ks.begun)}, as logged "
            f"{_distance(ks.logged)}"
            for name, ks in staged
        )
    )


def _percentiles(values: Percentiles) -> str:
    return f"{values.p50:.2f} (p50; p90 {values.p90:.2f}, p99 {values.p99:.2f})"


def _timing(
    run: RunTrace, due_model: SyntheticWorkload, logged: dict[str, float | None], timed: bool
) -> TimingStages | None:
    """fidelity.json's run.timing: the run's calls' lateness and offsets, and (TIMED: at a time
    scale above 0) its access interarrivals' distance to DUE_MODEL's (the model's due times) at
    each stage."""
    marked = run.marked
    if marked is None:
        return None
    rng = np.random.default_rng(0)

    def stages(gaps: Callable[[Floats], Floats], model: Floats, name: str) -> Stages:
        # every stage at the log's whole milliseconds, as the model: a begin a few µs after its
        # due time is not a gap the log could show
        if not timed:
            return Stages(None, None, None)
        shown = audited(model, rng)
        return Stages(
            due=ks_distance(audited(gaps(marked.due), rng), shown),
            begun=ks_distance(audited(gaps(marked.begun), rng), shown),
            logged=logged[name],
        )

    def percentiles(values: Floats) -> Percentiles:
        p50, p90, p99 = (float(v) for v in np.percentile(values, [50, 90, 99]))
        return Percentiles(p50, p90, p99)

    return TimingStages(
        calls=len(marked),
        late_ms=percentiles(marked.begun - marked.due),
        offset_ms=percentiles(marked.logged - marked.begun),
        interarrival=stages(marked.access_gaps, due_model.interarrival, "interarrival"),
        create_interarrival=stages(
            marked.create_gaps, due_model.create_interarrival, "create_interarrival"
        ),
        active_span=stages(
            marked.access_spans,
            due_model.active_span[np.isfinite(due_model.active_span)],
            "active_span",
        ),
    )


def _directories(
    run: RunTrace,
    model: SyntheticWorkload,
    replicas: float,
    original: FittedTrace | None,
    faithful: list[SyntheticWorkload],
) -> Directories | None:
    """The run's directories against the model's and, with ORIGINAL, the trace's: listing
    popularity (listStatus calls per listed directory) and access popularity, KS, each with its
    noise (the FAITHFUL runs' distances, as the files'); None for a run trace without directory
    timelines."""
    if run.directories is None:
        return None
    drawn = [
        (model_listings(w.directories), _accessed_model(w.directories))
        for w in faithful
        if w.directories is not None
    ]
    listed = {"run": len(listings(run.directories)), "model": 0.0}
    sides: dict[str, tuple[Ints, Ints] | None] = {"model": None, "trace": None}
    if model.directories is not None:
        listed_by_model = model_listings(model.directories)
        listed["model"] = len(listed_by_model) / replicas
        sides["model"] = (listed_by_model, _accessed_model(model.directories))
    if original is not None and original.directories is not None:
        listed["trace"] = len(listings(original.directories))
        sides["trace"] = (listings(original.directories), _accessed(original.directories))
    ran = (listings(run.directories), _accessed(run.directories))
    against: dict[str, Distances | None] = {}
    for side, reference in sides.items():
        if reference is None:  # the model's distances are null without directory types
            empty = Distances(dict.fromkeys(DIRECTORY_DIMENSIONS), None)
            against[side] = empty if side == "model" else None
            continue
        against[side] = Distances(
            _directory_distances(ran, reference),
            _directory_noise([_directory_distances(d, reference) for d in drawn]),
        )
    return Directories(listed, Against(against["model"], against["trace"]))


DIRECTORY_DIMENSIONS: Final = ("listing_popularity", "popularity")


def _directory_distances(side: tuple[Ints, Ints], reference: tuple[Ints, Ints]) -> dict[str, Any]:
    """KS of listings per listed directory and of accesses per accessed one."""
    return {
        name: ks_distance(mine, theirs)
        for name, mine, theirs in zip(DIRECTORY_DIMENSIONS, side, reference, strict=True)
    }


def _directory_noise(measured: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Per dimension, the NOISE_QUANTILE-th percentile of the faithful runs' distances."""
    if not measured:
        return None
    noise: dict[str, Any] = {}
    for name in DIRECTORY_DIMENSIONS:
        values = [value for m in measured if (value := m[name]) is not None]
        noise[name] = float(np.percentile(values, NOISE_QUANTILE)) if values else None
    return noise


def _accessed(behaviour: FileBehaviour) -> Ints:
    counts: Ints = behaviour.accesses[behaviour.accessed]
    return counts


def _accessed_model(model: SyntheticWorkload) -> Ints:
    counts: Ints = model.accesses[model.accesses > 0]
    return counts


def _users(
    profile: Profile,
    run: RunTrace,
    model: SyntheticWorkload,
    replicas: float,
    original: FittedTrace | None,
) -> Against[UserComparison] | None:
    """The run's per-user call mix (from its own audit log) against the profile's prediction
    and, with ORIGINAL, against the trace's; None when the profile names no user."""
    if not profile_users(profile):
        return None
    by_user = original.window.by_user if original is not None else {}
    return Against(
        compare_users(model_user_calls(profile, model, replicas), run.users),
        compare_users(by_user, run.users) if by_user else None,
    )


def _whole(
    profile: Profile,
    run: RunTrace,
    scaling: RunScaling,
    model: CommandCounts,
    original: FittedTrace | None,
    comparable: bool,
) -> WholeWorkload:
    """The run's calls by command against the model's prediction and, with ORIGINAL, against the
    original trace's calls scaled to the run's window (in the profile's time: a run at time
    scale 0.5 issues the trace's calls in half the time); the coverage of the trace is not
    COMPARABLE when span or type scaling make the run issue other calls than the trace."""
    issued = CommandCounts(dict(run.calls), run.denied)
    sides = {"run": issued, "model": model}
    notes = []
    factor = None
    if original is not None:
        factor = scaling.window_ms(profile) / original.window.duration_ms
        trace = CommandCounts.of_log(original.window.op_counts, original.window.denied)
        sides["trace"] = trace.scaled(factor)
        if factor != 1:
            notes.append(
                f"the trace's calls are scaled by {factor:.4g}, the run's window (in the "
                "profile's time) over the trace's, as if its calls came at its average rate"
            )
        if not comparable:
            notes.append(
                "span or type scaling makes the run issue other calls than the trace: its "
                "coverage of the trace is not comparable (its coverage of the model's prediction "
                "is)"
            )
    against: Against[MixDistance] = Against(
        mix_distance(issued, model),
        None if original is None else mix_distance(issued, sides["trace"], comparable),
    )
    return whole_workload(
        sides, "run", "trace" if original is not None else "model", against,
        trace_window_factor=factor, notes=tuple(notes),
    )  # fmt: skip


TIME_DIMENSIONS: Final = (
    "interarrival", "active_span", "create_interarrival", "create_time", "delete_time",
)  # fmt: skip


UNTIMED_NOTE: Final = (
    "time scale 0: ops were issued back to back, so the time dimensions are not scored"
)


FLAT_NOTE: Final = (
    "the run put every file in one directory (--flat, or a profile without namespace "
    "statistics), so files per depth is not scored"
)


def _unscored(timed: bool, flat: bool) -> tuple[str, ...]:
    """The dimensions a run cannot be held to: the time ones unless TIMED (at time scale 0 ops go
    back to back, and they would be near 1), files per depth when FLAT (one depth by design)."""
    return (() if timed else TIME_DIMENSIONS) + (("files_per_depth",) if flat else ())


@overload
def _scored(values: Dimensions, unscored: tuple[str, ...]) -> Dimensions: ...
@overload
def _scored(values: Dimensions | None, unscored: tuple[str, ...]) -> Dimensions | None: ...
def _scored(values: Dimensions | None, unscored: tuple[str, ...]) -> Dimensions | None:
    """VALUES (distances by dimension), those named UNSCORED not scored (None)."""
    if values is None or not unscored:
        return values
    return values | dict.fromkeys(unscored)


def _noise(faithful: list[WorkloadSample], reference: WorkloadSample) -> dict[str, Any] | None:
    """Per dimension, the NOISE_QUANTILE-th percentile of the FAITHFUL runs' distances to
    REFERENCE (None where a dimension has no distance)."""
    if not faithful:
        return None
    measured = [distances(sample, reference) for sample in faithful]
    noise: dict[str, Any] = {}
    for name in measured[0]:
        values = [value for m in measured if (value := m[name]) is not None]
        noise[name] = float(np.percentile(values, NOISE_QUANTILE)) if values else None
    return noise


def render_fidelity(report: RunFidelity) -> str:
    """REPORT as a table: a row of distances against the model, one against the trace, and the
    model's rows per type; then the counts on each side."""
    run, options = report.run, report.options
    lines = [
        f"run trace {run.trace}: phase 2 from {run.start_ms} (by {run.start_from}), "
        f"under {run.namespace_root}",
        f"options: time scale {options.time_scale:g}, span scale "
        f"{options.span_scale:g}" + _scaled_types(options),
        "distances (KS; op_mix: total variation)",
    ]
    rows: list[tuple[str, int | None, dict[str, float | None]]] = []
    verdicts = []
    for side, against in report.against.sides():
        rows.append((side, report.files, against.ks))
        if against.noise is not None:
            rows.append(("noise", None, against.noise))
            beyond = against.beyond_noise()
            verdicts.append(
                f"against the {side}: "
                + (f"beyond noise: {', '.join(beyond)}" if beyond else "all within noise")
            )
            verdicts += [line for name in beyond if (line := _contributors(against, name))]
    rows += [(f"model t{item.type}", item.run_files, item.ks) for item in report.per_type]
    lines += render_distance_rows(rows, "files")
    lines.append(
        f"noise: the {NOISE_QUANTILE}th percentile of {options.noise_draws} "
        "faithful runs' distances (the reference generator at the run's size)"
        if verdicts
        else "noise: not measured"
    )
    lines.append(_timing_line(run.timing))
    lines += verdicts
    lines += [f"note: {note}" for note in report.notes]
    if report.whole is not None:
        lines += render_whole(report.whole)
        lines += [f"note: {note}" for note in report.whole.notes]
    if report.users is not None:
        for side, users in report.users.sides():
            lines += render_users(users, "run", side)
    if report.directories is not None:
        lines += _render_directories(report.directories)
    if report.sizes is not None:
        lines += render_sizes(report.sizes)
    sides = list(report.counts)
    names = list(report.counts["run"])
    lines.append("counts        " + " ".join(f"{side:>12}" for side in sides))
    for name in names:
        cells = " ".join(f"{_number(report.counts[side][name]):>12}" for side in sides)
        lines.append(f"{name:<13} {cells}")
    return "\n".join(lines)


def _contributors(against: Distances, name: str) -> str | None:
    """A line naming the file types that weigh most in NAME's distance: where to look first."""
    types = against.contributors(name)
    if not types:
        return None
    total = sum(t.weight(name) for t in against.per_type)
    named = ", ".join(
        f"t{t.type} {_distance(t.ks[name])} ({t.weight(name):,} of {total:,} values)" for t in types
    )
    return f"  {name}: most from {named}"


def _render_directories(directories: Directories) -> list[str]:
    """The directories' lines: how many were listed on each side, the KS distances and noise."""
    listed = ", ".join(f"{side} {_number(n)}" for side, n in directories.listed.items())
    lines = [f"directories listed: {listed}"]
    for side, against in directories.against.sides():
        noise = against.noise or {}
        cells = ", ".join(
            f"{name.replace('_', ' ')} {_distance(value)}"
            + (f" (noise {_distance(noise.get(name))})" if noise else "")
            for name, value in against.ks.items()
        )
        lines.append(f"directories against the {side} (KS): {cells}")
    return lines


def _distance(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def _run_sample(run: RunTrace, k: int) -> WorkloadSample:
    gaps = trace_create_gaps(run.behaviour, run.labels, k)
    return WorkloadSample.of_trace(
        run.behaviour, run.labels >= 0, np.concatenate(gaps) if k else np.zeros(0), run.op_counts
    )


def _original_sample(profile: Profile, original: FittedTrace) -> WorkloadSample:
    """The original trace's modeled files (not dormant), create gaps per type as fitted."""
    labels = type_labels(profile, original.behaviour)
    typed = profile.fit is not None and all(t.centroid for t in profile.file_types)
    gaps = trace_create_gaps(original.behaviour, labels, profile.k if typed else 1)
    return WorkloadSample.of_trace(
        original.behaviour, labels >= 0, np.concatenate(gaps), original.window.op_counts
    )


def _counts(sample: WorkloadSample, window_ms: float, per: float = 1.0) -> dict[str, float]:
    """Files, ops and rates of SAMPLE, divided by PER (a model's replicas)."""
    seconds = max(window_ms, 1.0) / 1000
    ops = sample.op_counts
    return {
        "files": sample.files / per,
        "accessed_files": len(sample.accesses) / per,
        "accesses": float(sample.accesses.sum()) / per,
        "creates": ops.get("create", 0) / per,
        "deletes": ops.get("delete", 0) / per,
        "mkdirs": ops.get("mkdirs", 0) / per,
        "renames": ops.get("rename", 0) / per,
        "window_s": seconds,
        "creates_per_s": ops.get("create", 0) / per / seconds,
        "deletes_per_s": ops.get("delete", 0) / per / seconds,
    }


def _scaled_types(options: RunOptions) -> str:
    parts = []
    if options.type_scales:
        parts.append(
            "type scales " + ", ".join(f"{j}={f:g}" for j, f in options.type_scales.items())
        )
    if options.types:
        parts.append("types " + ",".join(str(j) for j in options.types))
    return "".join(f", {part}" for part in parts)


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() or abs(value) >= 100 else f"{value:,.3f}"
