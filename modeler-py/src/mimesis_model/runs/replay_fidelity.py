"""`fidelity` of a replay (`mimesisbench.jar replay`): how close the calls the replay's NameNode
audited in phase 2 came to the trace it replayed. A replay issues the trace itself, so its
distances are the noise floor of the closed loop: what a run of a perfect model would still show.

Scored: the whole workload (every audited command, allowed and denied; coverage and the command
mix's total variation), each command's count against the trace's, the errors the trace did not
have (the replay's errors less the calls denied as in the trace), the replay's length against the
trace's window times the time scale, and the per-dimension distances of `fidelity` (KS; op mix:
total variation) between the replay's files and the trace's, the trace's times scaled.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Final

import numpy as np

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.fidelity_report import (
    Against,
    Bar,
    CommandDifference,
    Distances,
    ReplayErrors,
    ReplayFidelity,
    ReplayWindow,
    RunInfo,
)
from mimesis_model.formats.trace import EVENTS_FILE
from mimesis_model.model.command_mix import (
    CommandCounts,
    mix_distance,
    render_whole,
    total_variation,
    whole_workload,
)
from mimesis_model.model.fidelity import WorkloadSample, distances
from mimesis_model.model.file_types import create_interarrivals
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.runs.run_results import CLOCK_SLACK_MS, RunResults
from mimesis_model.runs.run_trace import RunTrace
from mimesis_model.units import format_duration

BAR_CALLS: Final = 0.01
"""the replay's calls of a command within this share of the trace's"""
BAR_MIX_TV: Final = 0.01
"""the command mix within this total variation of the trace's"""
BAR_NEW_ERRORS: Final = 0.01
"""errors the trace did not have, under this share of the calls"""
BAR_WINDOW: Final = 0.05
"""the replay's length within this share of the trace's window times the time scale"""
ROOT_LOGGED: Final = frozenset({"listEncryptionZones"})
"""commands HDFS audits on "/" whatever the client's paths: a replay's count wherever its root is"""
TIME_DIMENSIONS: Final = (
    "interarrival", "active_span", "create_interarrival", "create_time", "delete_time",
)  # fmt: skip
UNTIMED_NOTE: Final = (
    "time scale 0: calls went back to back, so the window and the time dimensions are not scored"
)


def is_replay(results: RunResults) -> bool:
    """Whether RESULTS are a replay's (its summary.json has a "replay" object)."""
    return results.summary.replay is not None


def trace_calls(trace_dir: Path) -> tuple[CommandCounts, int, int]:
    """Every call of the trace in TRACE_DIR by command (allowed and denied), its first and last
    event's time."""
    path = trace_dir / EVENTS_FILE
    if not path.is_file():
        raise MimesisModelError(f"{trace_dir}: no {EVENTS_FILE}: not a trace")
    calls: Counter[str] = Counter()
    denied = 0
    first, last = None, None
    for record in read_records(path, schema.load(schema.AUDIT_EVENT)):
        calls[record["op"]] += 1
        denied += not record["allowed"]
        time = int(record["time"])
        first = time if first is None else min(first, time)
        last = time if last is None else max(last, time)
    if first is None or last is None:
        raise MimesisModelError(f"{path}: no events")
    return CommandCounts(dict(calls), denied), first, last


def score_replay(trace_dir: Path, results: RunResults) -> ReplayFidelity:
    """RESULTS (a replay's) against the trace in TRACE_DIR, as `fidelity --json` prints it."""
    replay = results.summary.replay
    if replay is None:
        raise MimesisModelError(f"{results.directory}: not a replay's results")
    time_scale = results.scaling.time_scale
    trace, first, last = trace_calls(trace_dir)
    window_ms = last - first
    if replay.events is not None and replay.events != int(trace.total):
        raise MimesisModelError(
            f"{trace_dir}: {trace.total:,.0f} calls, but the replay {results.directory} was of a "
            f"trace of {replay.events:,} ({replay.trace})"
        )
    if not results.trace_dir.is_dir():
        raise MimesisModelError(f"{results.trace_dir}: no such trace directory (the replay's own)")
    run = RunTrace.read(
        results.trace_dir, k=1, window_ms=max(window_ms * time_scale, 1.0),
        namespace_root=results.namespace_root, start_ms=results.start_ms, start_from="summary",
        end_ms=results.end_ms, slack_ms=CLOCK_SLACK_MS,
    )  # fmt: skip
    issued = _with_root_logged(
        CommandCounts(dict(run.calls), run.denied), results.trace_dir,
        run.start_ms - CLOCK_SLACK_MS, run.end_ms,
        run.namespace_root,
    )  # fmt: skip
    whole = whole_workload(
        {"run": issued, "trace": trace}, "run", "trace", Against(None, mix_distance(issued, trace)),
        trace_window_factor=1.0,
        notes=(
            "a replay issues the trace's own calls: its distances are the closed loop's noise "
            "floor",
        ),
    )  # fmt: skip
    per_command = tuple(
        CommandDifference(
            command, n, issued.calls.get(command, 0), (issued.calls.get(command, 0) - n) / n
        )
        for command, n in sorted(trace.calls.items(), key=lambda item: (-item[1], item[0]))
    )
    outcomes = replay.outcomes
    overall = results.summary.overall
    as_recorded = replay.denied_as_recorded
    # A replay counts the trace's own denials as outcomes, not errors; an older one counted them
    # as AccessControlException errors too, beside the denials the trace did not have.
    denials = overall.errors_by_class.get("AccessControlException", 0)
    counted = min(as_recorded, max(0, denials - outcomes.get("deniedButAllowedInTrace", 0)))
    errors = overall.errors - counted
    count = overall.count
    new_errors = errors
    start, end = results.summary.start_ms, results.summary.end_ms
    took = None if end is None or start is None else end - start
    expected = window_ms * time_scale
    ratio = None if took is None or expected <= 0 else took / expected
    worst = max((abs(row.difference) for row in per_command), default=0.0)
    tv = total_variation(issued, trace)
    new_share = new_errors / count if count else None
    return ReplayFidelity(
        trace=str(trace_dir),
        run=RunInfo(
            trace=str(results.trace_dir),
            results=str(results.directory),
            namespace_root=run.namespace_root,
            start_ms=run.start_ms,
            end_ms=run.end_ms,
        ),
        time_scale=time_scale,
        users=replay.users,
        whole=whole,
        per_command=per_command,
        not_replayed=replay.not_replayed,
        errors=ReplayErrors(
            errors=errors,
            denied_as_recorded=as_recorded,
            denied_in_trace=trace.denied,
            new=new_errors,
            new_share=new_share,
            outcomes=outcomes,
        ),
        window=ReplayWindow(
            trace_ms=window_ms,
            time_scale=time_scale,
            expected_ms=expected,
            replay_ms=took,
            ratio=ratio,
        ),
        against_trace=_dimensions(trace_dir, run, time_scale),
        bars={
            "calls_per_command": Bar(BAR_CALLS, worst, worst <= BAR_CALLS),
            "command_mix_tv": Bar(BAR_MIX_TV, tv, tv is not None and tv <= BAR_MIX_TV),
            "new_errors": Bar(
                BAR_NEW_ERRORS, new_share, new_share is not None and new_share < BAR_NEW_ERRORS
            ),
            "window": Bar(
                BAR_WINDOW,
                ratio,
                None if ratio is None or time_scale == 0 else abs(ratio - 1) <= BAR_WINDOW,
            ),
        },
        notes=(UNTIMED_NOTE,) if time_scale == 0 else (),
    )


def _with_root_logged(
    issued: CommandCounts, trace_dir: Path, start_ms: int, end_ms: int | None, root: str
) -> CommandCounts:
    """ISSUED with the replay's calls of the commands audited on "/" (ROOT_LOGGED), from START_MS
    to END_MS, which the namespace ROOT's calls leave out."""
    if root == "/":
        return issued
    calls = dict(issued.calls)
    denied = issued.denied or 0
    for record in read_records(trace_dir / EVENTS_FILE, schema.load(schema.AUDIT_EVENT)):
        time = int(record["time"])
        if (
            record["op"] in ROOT_LOGGED
            and record["src"] == "/"  # a call without a path is among the root's already
            and start_ms <= time <= (end_ms if end_ms is not None else time)
        ):
            calls[record["op"]] = calls.get(record["op"], 0) + 1
            denied += not record["allowed"]
    return CommandCounts(calls, denied)


def _dimensions(trace_dir: Path, run: RunTrace, time_scale: float) -> Distances:
    """The per-dimension distances of the replay's files to the trace's (all files one type)."""
    original = read_for_fitting(trace_dir)
    behaviour = original.behaviour
    trace_sample = WorkloadSample.of_trace(
        behaviour, np.ones(len(behaviour.depth), dtype=np.bool_),
        create_interarrivals(behaviour.create_time), original.window.op_counts,
    ).time_scaled(time_scale).audited(0)  # fmt: skip  # the replay's log: whole milliseconds
    replayed = run.behaviour
    run_sample = WorkloadSample.of_trace(
        replayed, np.ones(len(replayed.depth), dtype=np.bool_),
        create_interarrivals(replayed.create_time), run.op_counts,
    )  # fmt: skip
    ks = distances(run_sample, trace_sample)
    if time_scale == 0:
        ks.update(dict.fromkeys(TIME_DIMENSIONS))
    return Distances(ks, trace=str(trace_dir))


def render_replay(report: ReplayFidelity) -> str:
    """REPORT as lines: the bars, the distances, the whole workload, the commands."""
    window = report.window
    errors = report.errors
    lines = [
        f"replay {report.run.results} of trace {report.trace}: time scale "
        f"{report.time_scale:g}, users {report.users}",
    ]
    for name, bar in report.bars.items():
        shown = "-" if bar.value is None else f"{bar.value:.4f}"
        met = "-" if bar.met is None else ("met" if bar.met else "NOT met")
        lines.append(f"bar {name:<18} {shown:>8} (limit {bar.limit:g}): {met}")
    lines.append(
        f"errors {errors.new:,} the trace did not have; {errors.denied_as_recorded:,} calls "
        f"denied as in the trace (which denied {errors.denied_in_trace:,}), not errors"
    )
    took = window.replay_ms
    lines.append(
        f"window: trace {format_duration(window.trace_ms)} x {window.time_scale:g} = "
        f"{format_duration(window.expected_ms)}; the replay took "
        + ("-" if took is None else format_duration(took))
    )
    lines.append(
        "distances to the trace (KS; op_mix: TV): "
        + ", ".join(
            f"{name} {'-' if v is None else f'{v:.4f}'}"
            for name, v in report.against_trace.ks.items()
        )
    )
    lines += render_whole(report.whole)
    for command, why in report.not_replayed.items():
        lines.append(
            f"not replayed: {command}: "
            + ", ".join(f"{n:,} ({reason})" for reason, n in why.items())
        )
    lines += [f"note: {note}" for note in [*report.whole.notes, *report.notes]]
    return "\n".join(lines)
