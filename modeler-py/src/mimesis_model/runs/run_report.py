"""`report`: one self-contained HTML page of a run's results folder, its PNG plots embedded:
throughput over time by op (timeline.csv), service and response time percentiles by op, ops per
file type, the fidelity scores (fidelity.json, when `fidelity` has scored the run: per
dimension, the whole workload's calls by command, and the files' sizes at the end), the
NameNode's view (namenode.csv: RPC queue and processing time, lock hold and wait, queues,
garbage collection, calls by op), the run's options, target and notes.
"""

from __future__ import annotations

import base64
import csv
import html
import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from mimesis_model.figures import legend_beside, new_figure, png_bytes
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FidelityFile
from mimesis_model.formats.fidelity_report import (
    Against,
    CommandRow,
    Distances,
    ReplayFidelity,
    RunFidelity,
    SizeComparison,
    Sizes,
    UserComparison,
    WholeWorkload,
)
from mimesis_model.formats.folders import file_name
from mimesis_model.formats.run_summary import RESPONSE, SERVICE, OpFigures
from mimesis_model.model.command_mix import FLAG_SHARE
from mimesis_model.output import write_file
from mimesis_model.runs.replay_fidelity import is_replay
from mimesis_model.runs.run_comparison import compare_runs, plot_comparison
from mimesis_model.runs.run_results import (
    NAMENODE_FILE,
    TIMELINE_FILE,
    RunResults,
    RunResultsError,
)
from mimesis_model.units import MICROS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

REPORT_FILE: Final = file_name("run", "report")
DRIFT_COLUMN: Final = "maxLatenessUs"
"""timeline.csv's column of each second's drift: how late (µs) its latest op was"""
_PERCENTILES: Final = ("p50", "p90", "p99", "p999")
_NONE: Final = OpFigures(count=0)
"""an op a run did not issue, beside one that did"""


def write_report(
    results: RunResults, out: Path, option: str | None = None, beside: RunResults | None = None
) -> Path:
    """Write the page for RESULTS as OUT (atomically); return OUT. OPTION names OUT in errors.
    BESIDE: another run shown next to it (a replay of the trace beside a run of its profile)."""
    plots: list[tuple[str, Figure]] = []
    notes: list[str] = []
    timeline = _read_timeline(results)
    if timeline is None:
        notes.append(f"No throughput timeline: {TIMELINE_FILE} is missing or empty.")
    else:
        plots.append(("Throughput over time, by op", _timeline_plot(*timeline)))
        if DRIFT_COLUMN in timeline[0]:
            plots.append(
                ("Drift over time: how late each second's latest op was", _drift_plot(*timeline))
            )
    namenode = _read_csv(results, NAMENODE_FILE)
    if namenode is not None:
        plots.append(
            ("The NameNode through phase 2 (its metrics, once a second)", _namenode_plot(*namenode))
        )
    if any(item.count for item in results.ops.values()):
        plots.append(
            ("Service time percentiles by op (call start to end)",
             _latency_plot(results.ops, SERVICE))
        )  # fmt: skip
        if any(item.latency(RESPONSE) for item in results.ops.values()):
            plots.append(
                ("Response time percentiles by op (due time to end: the wait behind schedule "
                 "counts)", _latency_plot(results.ops, RESPONSE))
            )  # fmt: skip
        else:
            notes.append(
                "The summary has no response time (a run made before it was measured): "
                "service time only."
            )
    by_type = results.summary.by_type
    if by_type:
        caption = "Ops per partition of the trace" if is_replay(results) else "Ops per file type"
        plots.append((caption, _per_type_plot(by_type)))
    fidelity = FidelityFile.read(results.directory)
    scores = None if fidelity is None else fidelity.scores
    if isinstance(scores, ReplayFidelity):
        plots.append(
            ("Replay against its trace: calls by command (every audited command)",
             _commands_plot(scores.whole))
        )  # fmt: skip
    elif scores is None:
        notes.append(
            f"No fidelity scores: run `mimesis-model fidelity "
            f"{'TRACE' if is_replay(results) else 'PROFILE'} {results.directory}` first."
        )
    else:
        plots.append(("Fidelity: distance per dimension (KS; op mix: TV)", _fidelity_plot(scores)))
        if scores.whole is not None:
            plots.append(
                ("Whole workload: calls by command (every audited command)",
                 _commands_plot(scores.whole))
            )  # fmt: skip
        else:
            notes.append(
                f"{FIDELITY_FILE} is of version 1, without the whole workload's command mix: run "
                "`mimesis-model fidelity` again for it."
            )
        sized = _sized(scores.sizes)
        if sized:
            plots.append(
                ("Sizes at the end: the run's files against the trace's (CDF of bytes, log "
                 "scale; 0 at the left)", _sizes_plot(sized))
            )  # fmt: skip
    if not results.summary.has_environment:
        notes.append(
            "The summary records no environment (Hadoop version, DataNodes real or emulated); "
            "the target below is what it records."
        )
    images = [(caption, png_bytes(figure)) for caption, figure in plots]
    pair = None
    if beside is not None:
        comparison = compare_runs([results], [beside])
        pair = (beside, comparison, plot_comparison(comparison))
    page = _html(results, images, scores, notes, pair)
    write_file(out, page.encode("utf-8"), option)
    return out


def _read_timeline(results: RunResults) -> tuple[list[str], np.ndarray] | None:
    return _read_csv(results, TIMELINE_FILE)


def _read_csv(results: RunResults, name: str) -> tuple[list[str], np.ndarray] | None:
    """A results CSV of numbers (empty cells: NaN), its header and rows; None if absent or empty."""
    path = results.directory / name
    if not path.is_file():
        return None
    try:
        with path.open(newline="", encoding="utf-8") as stream:
            rows = list(csv.reader(stream))
        header, body = rows[0], rows[1:]
        values = np.array(
            [[float(cell) if cell else np.nan for cell in row] for row in body], dtype=np.float64
        )
    except (IndexError, ValueError, OSError) as error:
        what = "timeline" if name == TIMELINE_FILE else "NameNode metrics"
        raise RunResultsError(f"{path}: not a run's {what}: {error}") from error
    if len(values) == 0:
        return None
    return header, values.reshape(len(body), len(header))


def _timeline_plot(header: list[str], values: np.ndarray) -> Figure:
    figure = new_figure(9.0, 4.5)
    axis = figure.subplots()
    seconds = values[:, 0]
    for column, op in enumerate(header[1:], start=1):
        if op not in ("total", DRIFT_COLUMN) and values[:, column].any():
            axis.plot(seconds, values[:, column], label=op, linewidth=1)
    if "total" in header:
        axis.plot(seconds, values[:, header.index("total")], label="total", color="black",
                  linewidth=1.5)  # fmt: skip
    axis.set_xlabel("second of the run")
    axis.set_ylabel("ops/s")
    axis.grid(alpha=0.3)
    legend_beside(axis, fontsize=8)
    return figure


_NAMENODE_PANELS: Final = (
    ("time (ms)", ("rpcQueueTimeAvgMs", "rpcProcessingTimeAvgMs", "rpcLockWaitTimeAvgMs",
                   "readLockHoldAvgMs", "writeLockHoldAvgMs")),
    ("queued", ("callQueueLength", "lockQueueLength")),
    ("calls/s", ("rpcCallsPerSecond", "createFileOpsPerSecond", "getBlockLocationsPerSecond",
                 "fileInfoOpsPerSecond", "getListingOpsPerSecond", "deleteFileOpsPerSecond",
                 "filesRenamedPerSecond")),
    ("GC ms/s, heap MB", ("gcMillisPerSecond", "heapUsedMB")),
    ("block calls/s", ("addBlockPerSecond", "completePerSecond",
                       "incrementalBlockReportsPerSecond", "fullBlockReportsPerSecond")),
    ("blocks", ("blocksTotal", "pendingDeletionBlocks")),
)  # fmt: skip
"""namenode.csv's columns drawn, by panel"""


def _namenode_plot(header: list[str], values: np.ndarray) -> Figure:
    figure = new_figure(9.0, 2.25 * len(_NAMENODE_PANELS))  # the four panels' 9 inches before
    axes = figure.subplots(len(_NAMENODE_PANELS), 1, sharex=True)
    seconds = values[:, header.index("second")]
    for axis, (unit, columns) in zip(axes, _NAMENODE_PANELS, strict=True):
        for column in columns:
            if column in header and np.nan_to_num(values[:, header.index(column)]).any():
                axis.plot(seconds, values[:, header.index(column)], label=column, linewidth=1)
        axis.set_ylabel(unit)
        axis.grid(alpha=0.3)
        if axis.get_legend_handles_labels()[0]:
            legend_beside(axis, fontsize=7)
    axes[-1].set_xlabel("second of the run")
    return figure


def _drift_plot(header: list[str], values: np.ndarray) -> Figure:
    figure = new_figure(9.0, 3.5)
    axis = figure.subplots()
    axis.plot(
        values[:, 0], values[:, header.index(DRIFT_COLUMN)] / 1000, color="tab:red", linewidth=1
    )
    axis.set_xlabel("second of the run")
    axis.set_ylabel("lateness (ms)")
    axis.grid(alpha=0.3)
    return figure


def _latency_plot(ops: dict[str, OpFigures], kind: str) -> Figure:
    names = [op for op, item in ops.items() if item.count]
    figure = new_figure(max(6.0, 1.1 * len(names) + 2), 4.5)
    axis = figure.subplots()
    width = 0.8 / len(_PERCENTILES)
    for i, percentile in enumerate(_PERCENTILES):
        heights = [max((ops[op].latency(kind) or {}).get(percentile, 0), 1) for op in names]
        axis.bar(np.arange(len(names)) + (i - 1.5) * width, heights, width, label=percentile)
    axis.set_xticks(range(len(names)))
    axis.set_xticklabels(names, rotation=20)
    axis.set_yscale("log")
    axis.set_ylabel(f"{kind} time ({MICROS})")
    axis.grid(axis="y", alpha=0.3)
    legend_beside(axis, fontsize=8)
    return figure


def _per_type_plot(by_type: dict[str, dict[str, Any]]) -> Figure:
    # file types by number, then directory types (d0, d1, ...) and the cluster's calls
    types = sorted(by_type, key=lambda t: (not t.isdigit(), int(t) if t.isdigit() else 0, t))
    ops = [
        op for op in dict.fromkeys(k for t in types for k in by_type[t])
        if op not in ("errors", "mappers")
    ]  # fmt: skip
    figure = new_figure(max(6.0, 0.6 * len(types) + 3), 4.5)
    axis = figure.subplots()
    bottom = np.zeros(len(types))
    for op in ops:
        counts = np.array([by_type[t].get(op, 0) for t in types], dtype=np.float64)
        axis.bar(range(len(types)), counts, bottom=bottom, label=op)
        bottom += counts
    axis.set_xticks(range(len(types)))
    axis.set_xticklabels(types)
    axis.set_xlabel("file type")
    axis.set_ylabel("ops")
    legend_beside(axis, fontsize=8)
    return figure


def _against(report: RunFidelity) -> list[tuple[str, Distances]]:
    """The sides REPORT's files were scored against, each as a page names it."""
    sides = (("model", report.against.model), ("original trace", report.against.trace))
    return [(name, against) for name, against in sides if against is not None]


def _fidelity_plot(report: RunFidelity) -> Figure:
    dimensions = report.dimensions
    figure = new_figure(9.0, 4.5)
    axis = figure.subplots()
    sides = _against(report)
    width = 0.8 / len(sides)
    for i, (name, against) in enumerate(sides):
        x = np.arange(len(dimensions)) + (i - (len(sides) - 1) / 2) * width
        axis.bar(x, [against.ks[d] or 0 for d in dimensions], width, label=f"against {name}")
        noise = against.noise
        if noise:
            axis.scatter(x, [noise[d] or 0 for d in dimensions], marker="_", s=200, color="black")
    axis.scatter([], [], marker="_", color="black", label="noise (95th percentile)")
    axis.set_xticks(range(len(dimensions)))
    axis.set_xticklabels(dimensions, rotation=20, fontsize=8)
    axis.set_ylabel("distance")
    axis.grid(axis="y", alpha=0.3)
    legend_beside(axis, fontsize=8)
    return figure


def _sized(sizes: Sizes | None) -> list[tuple[str, SizeComparison]]:
    """The sets of files whose sizes were scored (all files, created), by caption."""
    if sizes is None:
        return []
    sets = (("all files", sizes.all_files), ("created files", sizes.created))
    return [(name, item) for name, item in sets if item is not None and item.quantiles]


def _sizes_plot(sized: list[tuple[str, SizeComparison]]) -> Figure:
    """Each set's size CDF on each side, from its percentiles, bytes on a log scale."""
    figure = new_figure(9.0, 4.0)
    axes = figure.subplots(1, len(sized), sharey=True, squeeze=False)[0]
    for axis, (name, item) in zip(axes, sized, strict=True):
        for side, quantiles in item.quantiles.items():
            share = np.linspace(0, 1, len(quantiles))
            axis.step(quantiles, share, where="post", label=f"{side} ({item.files[side]:,})")
        axis.set_xscale("symlog", linthresh=1)
        axis.set_xlabel("bytes")
        axis.set_title(f"{name}: KS {_number(item.bytes_ks, 4)}", fontsize=9)
        axis.grid(alpha=0.3)
        legend_beside(axis, fontsize=8)
    axes[0].set_ylabel("share of files")
    return figure


def _commands_plot(whole: WholeWorkload) -> Figure:
    rows = whole.commands
    sides = whole.sides
    figure = new_figure(max(6.0, 0.5 * len(rows) + 3), 4.5)
    axis = figure.subplots()
    width = 0.8 / len(sides)
    for i, side in enumerate(sides):
        x = np.arange(len(rows)) + (i - (len(sides) - 1) / 2) * width
        axis.bar(x, [row.calls[side] for row in rows], width, label=side)
    axis.set_xticks(range(len(rows)))
    axis.set_xticklabels([row.command for row in rows], rotation=30, fontsize=8, ha="right")
    axis.set_yscale("symlog", linthresh=1)
    axis.set_ylim(0, 3 * max([row.calls[side] for row in rows for side in sides] + [1]))
    axis.set_ylabel("calls")
    axis.grid(axis="y", alpha=0.3)
    legend_beside(axis, fontsize=8)
    return figure


def _html(
    results: RunResults,
    images: list[tuple[str, bytes]],
    scores: RunFidelity | ReplayFidelity | None,
    notes: list[str],
    pair: tuple[RunResults, dict[str, Any], bytes] | None = None,
) -> str:
    summary = results.summary
    overall = summary.overall
    status = (
        "valid"
        if results.valid
        else "NOT valid: " + "; ".join(str(why) for why in summary.invalid_because)
    )
    kind = "Replay" if is_replay(results) else "Run"
    sections = [
        f"<h1>{kind} {_e(results.run_id)}</h1>",
        f"<p>{_e(status)}. {overall.count:,} ops ({overall.scheduled:,} "
        f"scheduled) in {overall.seconds:,} s: {overall.ops_per_second:,} "
        f"ops/s, {overall.errors:,} errors.</p>",
        "<h2>Ops</h2>" + _ops_table(results.ops),
    ]
    sections += [
        f'<figure><img alt="{_e(caption)}" src="data:image/png;base64,'
        f'{base64.b64encode(png).decode()}"><figcaption>{_e(caption)}</figcaption></figure>'
        for caption, png in images
    ]
    if pair is not None:
        sections.append(_pair_section(results, *pair))
    if isinstance(scores, ReplayFidelity):
        sections.append("<h2>Replay against its trace</h2>" + _replay_table(scores))
        sections.append("<h2>Fidelity of the whole workload</h2>" + _whole_tables(scores.whole))
    elif scores is not None:
        sections.append("<h2>Fidelity</h2>" + _fidelity_table(scores))
        if scores.whole is not None:
            sections.append("<h2>Fidelity of the whole workload</h2>" + _whole_tables(scores.whole))
        if scores.users is not None:
            sections.append("<h2>Fidelity of the users</h2>" + _users_tables(scores.users))
        if scores.sizes is not None:
            sections.append("<h2>File sizes at the end</h2>" + _sizes_tables(scores.sizes))
    namenode = summary.namenode
    if namenode is not None:
        rows = {
            key: f"{namenode.mean[key]:,.3f} / {namenode.peak.get(key, 0):,.3f}"
            for key in namenode.mean
        }
        sections.append(
            f"<h2>The NameNode through phase 2: mean / peak</h2><p>{_e(namenode.source)}"
            f", {namenode.samples} samples</p>" + _pairs_table(rows)
        )
    drift = summary.drift_micros
    if drift:
        sections.append(f"<h2>Lateness against the schedule ({MICROS})</h2>" + _pairs_table(drift))
    waits = summary.waits
    if waits:
        sections.append(
            "<h2>Ops that waited past their due time</h2><p>for a free in-flight slot (every "
            "call the mapper may have in flight was), or for the op before them on their file "
            "</p>" + _pairs_table(waits)
        )
    for title, section in summary.sections():
        sections.append(f"<h2>{title}</h2>" + _pairs_table(section))
    remarks = [*notes, *(str(note) for note in summary.notes)]
    sections += [f"<p class=note>{_e(note)}</p>" for note in remarks]
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{kind} {_e(results.run_id)}</title><style>"
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}"
        "img{max-width:100%}.note{color:#a40}</style></head><body>"
        + "".join(sections)
        + "</body></html>\n"
    )


def _describe(run: RunResults) -> str:
    """What RUN ran: a replay of its trace, or a run of its profile."""
    replay = run.summary.replay
    if replay is not None:
        return f"replay {run.run_id} of trace {replay.trace}"
    return f"run {run.run_id} of profile {run.summary.profile_path or '?'}"


def _pair_section(
    results: RunResults, beside: RunResults, comparison: dict[str, Any], plot: bytes
) -> str:
    """This run (A) and the one beside it (B): per op calls, throughput and latency side by side,
    and the comparison (`mimesis-model compare` of the two) with its plot."""
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in ["op", "A count", "B count", "A ops/s", "B ops/s",
                  *(f"{side} {p} {MICROS}" for p in ("p50", "p99") for side in "AB")]
    )  # fmt: skip
    rows = []
    for op in sorted(set(results.ops) | set(beside.ops)):
        a, b = results.ops.get(op, _NONE), beside.ops.get(op, _NONE)
        if not a.count and not b.count:
            continue
        cells = [_e(op), _number(a.count), _number(b.count)]
        cells += [_number(a.ops_per_second), _number(b.ops_per_second)]
        for percentile in ("p50", "p99"):  # the service time, as `compare`'s latency
            cells += [
                _number((a.latency(SERVICE) or {}).get(percentile)),
                _number((b.latency(SERVICE) or {}).get(percentile)),
            ]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    overall = [
        "<tr><td>all ops/s</td>"
        f"<td>{_number(results.ops_per_second, 1)}</td><td>{_number(beside.ops_per_second, 1)}</td>"
        "</tr>"
    ]
    caption = "A and B per metric (one run a side: no verdict on noise)"
    return (
        f"<h2>Beside {_e(_describe(beside))}</h2>"
        f"<p>A: {_e(_describe(results))}; B: {_e(_describe(beside))}.</p>"
        f"<table><tbody>{''.join(overall)}</tbody></table>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f'<figure><img alt="{_e(caption)}" src="data:image/png;base64,'
        f'{base64.b64encode(plot).decode()}"><figcaption>{_e(caption)}</figcaption></figure>'
        + "".join(f"<p class=note>{_e(note)}</p>" for note in comparison["notes"])
    )


def _replay_table(report: ReplayFidelity) -> str:
    """The bars of a replay's fidelity, the errors, its window and the per-dimension distances."""
    rows = []
    for name, bar in report.bars.items():
        met = "-" if bar.met is None else ("met" if bar.met else "NOT met")
        cells = [_e(name), _number(bar.value, 4), _number(bar.limit, 2), _e(met)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    errors = report.errors
    return (
        "<table><thead><tr><th>bar</th><th>value</th><th>limit</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<p>{errors.new:,} errors the trace did not have; {errors.denied_as_recorded:,} calls "
        f"denied as in the trace (which denied {errors.denied_in_trace:,}), not errors.</p>"
        + _pairs_table(asdict(report.window))
        + "<h3>Distances to the trace (KS; op mix: TV)</h3>"
        + _pairs_table(report.against_trace.ks)
    )


def _ops_table(ops: dict[str, OpFigures]) -> str:
    columns = ["count", "errors", "scheduled", "opsPerSecond"]
    times = [(kind, p) for kind in (SERVICE, RESPONSE) for p in _PERCENTILES]
    head = "".join(
        f"<th>{_e(c)}</th>" for c in ["op", *columns, *(f"{k} {p} {MICROS}" for k, p in times)]
    )
    rows = []
    for op, item in ops.items():
        cells = [_e(op)]
        cells += [
            _number(v) for v in (item.count, item.errors, item.scheduled, item.ops_per_second)
        ]
        cells += [_number((item.latency(kind) or {}).get(p)) for kind, p in times]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _fidelity_table(report: RunFidelity) -> str:
    dimensions = report.dimensions
    head = "".join(f"<th>{_e(d)}</th>" for d in ["against", *dimensions])
    rows = []
    for name, against in _against(report):
        for label, values in ((name, against.ks), ("noise", against.noise)):
            if values:
                cells = [_e(label), *(_number(values.get(d), 4) for d in dimensions)]
                rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _whole_tables(whole: WholeWorkload) -> str:
    """Coverage and command-mix distance against each side, then calls by command on each side,
    the commands never issued marked."""
    scores = []
    for side, distance in whole.against.sides():
        coverage = distance.coverage
        cells = [
            f"against the {side}",
            "not comparable" if coverage is None else f"{coverage:.3f}",
            _number(distance.command_mix_tv, 4),
        ]
        scores.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    sides = whole.sides
    missing = {item.command: item for item in whole.never_issued}
    rows = []
    for row in [CommandRow("all calls", whole.calls), *whole.commands]:
        item = missing.get(row.command)
        mark = "" if item is None else (" (never issued *)" if item.flagged else " (never issued)")
        cells = [_e(row.command + mark), *(_number(row.calls[side], 0) for side in sides)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{_e(h)}</th>" for h in ["command", *sides])
    notes = [
        f"Every audited call, allowed and denied, by command (rename options folded). Coverage: "
        f"the run's calls over the other side's. * at least {FLAG_SHARE:.1%} of the "
        f"{whole.never_issued_of}'s calls.",
        *whole.notes,
    ]
    return (
        "<table><thead><tr><th>whole workload</th><th>coverage</th><th>command mix TV</th>"
        f"</tr></thead><tbody>{''.join(scores)}</tbody></table>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        + "".join(f"<p>{_e(note)}</p>" for note in notes)
    )


def _sizes_tables(sizes: Sizes) -> str:
    """The sizes: per set of files its figures on each side, then the bars and notes."""
    if sizes.not_scored is not None:
        return f"<p class=note>Not scored: {_e(sizes.not_scored)}</p>"
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in ["files", "run files", "trace files", "bytes KS", "blocks KS",
                  "run mean bytes", "trace mean bytes", "run blocks/file", "trace blocks/file",
                  "bytes ratio", "blocks ratio"]
    )  # fmt: skip
    rows = []
    for name, item in (("all files", sizes.all_files), ("created", sizes.created)):
        if item is None or item.not_scored is not None:
            why = "-" if item is None else str(item.not_scored)
            rows.append(f"<tr><td>{_e(name)}</td><td colspan=10>not scored: {_e(why)}</td></tr>")
            continue
        cells = [
            _e(name), _number(item.files["run"]), _number(item.files["trace"]),
            _number(item.bytes_ks, 4), _number(item.blocks_ks, 4),
            _number(item.mean_bytes["run"], 0), _number(item.mean_bytes["trace"], 0),
            _number(item.blocks_per_file["run"], 3), _number(item.blocks_per_file["trace"], 3),
            _number(item.bytes_ratio, 3), _number(item.blocks_ratio, 3),
        ]  # fmt: skip
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    bars = []
    for name, bar in sizes.bars.items():
        met = "-" if bar.met is None else ("met" if bar.met else "NOT met")
        cells = [_e(name), _number(bar.value, 4), _number(bar.limit, 2), _e(met)]
        bars.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return (
        f"<p>The run's {_e(sizes.run or '')} against the trace's {_e(sizes.trace or '')}; "
        "ratios: the run's total over the trace's, divided by their files' ratio (per file)."
        f"</p><table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        "<table><thead><tr><th>bar</th><th>value</th><th>limit</th><th></th></tr></thead>"
        f"<tbody>{''.join(bars)}</tbody></table>"
        + "".join(f"<p class=note>{_e(note)}</p>" for note in sizes.notes)
    )


def _users_tables(users: Against[UserComparison]) -> str:
    """The per-user call mix's distance against each side, and the top users' shares."""
    tables = []
    for side, compared in users.sides():
        if compared.tv is None:
            continue
        rows = "".join(
            f"<tr><td>{_e(item.user)}</td><td>{_number(item.reference, 4)}</td>"
            f"<td>{_number(item.compared, 4)}</td></tr>"
            for item in compared.top
        )
        tables.append(
            f"<p>Against the {side}: user mix TV {_number(compared.tv, 4)} "
            f"({compared.users} users there, {compared.other_users} in the run)</p>"
            f"<table><thead><tr><th>user</th><th>{_e(side)}</th><th>run</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    return "".join(tables)


def _pairs_table(values: dict[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{_e(key)}</td><td>{_e(_plain(value))}</td></tr>" for key, value in values.items()
    )
    return f"<table><tbody>{rows}</tbody></table>"


def _plain(value: Any) -> str:
    if isinstance(value, dict | list):
        return json.dumps(value)
    return "" if value is None else str(value)


def _number(value: Any, digits: int = 0) -> str:
    if value is None:
        return "-"
    if isinstance(value, int | float):
        return f"{value:,.{digits}f}" if digits or isinstance(value, float) else f"{value:,}"
    return _e(str(value))


def _e(text: str) -> str:
    return html.escape(text)
