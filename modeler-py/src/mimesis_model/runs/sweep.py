"""`sweep`: the paper's Figure 2 from a `mimesisbench.jar sweep` folder (latency of each op
against the issue rate, one point per time scale, the repeats giving its spread) and the
saturation point: the issue rate at which latency starts to climb.

Latency is the response time (from each op's due time to its end: the time an op waited behind
schedule counts, so the knee is not flattened); a sweep made before runs measured it has only the
service time (call start to end), which is used then, and the result says which.

Saturation rule: the mean latency of all ops (weighted by their counts, averaged over the repeats)
is lowest at some issue rate, the unloaded latency (not always the lowest rate: a NameNode that
is barely used answers slower than a warm one); the saturation rate is the first rate above that
one where the latency reaches CLIMB times it (default 2), interpolated linearly between the two
time scales around the crossing: only those two rates were measured, and the result names them
(`between`), the interpolated rate marked as such. When no point reaches it, the NameNode did
not saturate within the sweep, and the highest rate reached is a lower bound.

A point is not to be trusted when its runs were too short (under SHORT_SECONDS: a time scale 0
run of a small profile lasts a second or two) or ran on a cold JVM (a sweep without --warm-up:
its first runs compile the hot paths while they measure): `warnings` says which.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from mimesis_model.figures import legend_beside, new_figure, png_bytes
from mimesis_model.formats.folders import file_name
from mimesis_model.formats.run_summary import RESPONSE, SERVICE, OpFigures
from mimesis_model.formats.sweep_file import SweepFile, SweepPoint
from mimesis_model.units import MICROS, format_latency

FIGURE_FILE: Final = file_name("sweep", "figure")
NAMENODE_FIGURE: Final = file_name("sweep", "namenodeFigure")
"""the NameNode's side beside Figure 2: its RPC and lock times, queues and GC against the rate"""
NAMENODE_PANELS: Final = (
    ("time (ms)", ("rpcQueueTimeAvgMs", "rpcProcessingTimeAvgMs", "rpcLockWaitTimeAvgMs",
                   "readLockHoldAvgMs", "writeLockHoldAvgMs")),
    ("queued", ("callQueueLength", "lockQueueLength")),
    ("GC ms/s", ("gcMillisPerSecond",)),
)  # fmt: skip
CLIMB_DEFAULT: Final = 2.0
SHORT_SECONDS: Final = 10.0
"""A run's phase 2 shorter than this measures start-up as much as the NameNode."""


@dataclass(frozen=True)
class OpLatency:
    """One op at one time scale, over the repeats: p50 and p99 in microseconds."""

    count: float
    p50_us: float
    p50_spread_us: float
    p99_us: float


@dataclass(frozen=True)
class Level:
    """One time scale of the sweep, its repeats pooled."""

    time_scale: float
    repeats: int
    valid: int
    rate: float
    rate_cv: float | None
    """None with one repeat: no spread to measure"""
    mean_latency_us: float
    ops: dict[str, OpLatency] = field(default_factory=dict)
    latency: str = RESPONSE
    """which latency the figures are: response (due time to end) or service (call start to end)"""
    namenode: dict[str, float] = field(default_factory=dict)
    """the NameNode's metrics, means over phase 2 averaged over the repeats that recorded them"""
    seconds: float | None = None
    """phase 2's length, the shortest of the repeats (None: not recorded)"""


def latency_kind(sweep: SweepFile) -> str:
    """RESPONSE when every op of every point has its response time, else SERVICE (the sweep was
    made before runs measured response time)."""
    every = all(op.latency(RESPONSE) is not None for p in sweep.points for op in p.ops.values())
    return RESPONSE if every else SERVICE


def levels(sweep: SweepFile) -> list[Level]:
    """One Level per time scale, in increasing order of issue rate."""
    kind = latency_kind(sweep)
    by_scale: dict[float, list[SweepPoint]] = {}
    for point in sweep.points:
        by_scale.setdefault(point.time_scale, []).append(point)
    out = []
    for scale, points in by_scale.items():
        rates = np.array([p.ops_per_second for p in points])
        names = sorted({op for p in points for op in p.ops})
        ops = {}
        for op in names:
            rows = [p.ops[op] for p in points if op in p.ops]
            p50 = np.array([_latency(r, "p50", kind) for r in rows])
            ops[op] = OpLatency(
                count=float(np.mean([float(r.count) for r in rows])),
                p50_us=float(p50.mean()),
                p50_spread_us=float(p50.std(ddof=1)) if len(p50) > 1 else 0.0,
                p99_us=float(np.mean([_latency(r, "p99", kind) for r in rows])),
            )
        means = []
        for p in points:
            counts = np.array([float(r.count) for r in p.ops.values()])
            mean = np.array([_latency(r, "mean", kind) for r in p.ops.values()])
            means.append(float((counts * mean).sum() / counts.sum()) if counts.sum() > 0 else 0.0)
        recorded = [p.namenode for p in points if p.namenode]
        namenode = {
            key: float(np.mean([float(m[key]) for m in recorded if key in m]))
            for key in sorted({key for m in recorded for key in m})
        }
        spread = len(rates) > 1 and rates.mean() > 0
        lengths = [p.seconds for p in points if p.seconds is not None]
        out.append(
            Level(
                time_scale=scale,
                repeats=len(points),
                valid=sum(p.valid for p in points),
                rate=float(rates.mean()),
                rate_cv=float(rates.std(ddof=1) / rates.mean()) if spread else None,
                mean_latency_us=float(np.mean(means)),
                ops=ops,
                latency=kind,
                namenode=namenode,
                seconds=min(lengths) if lengths else None,
            )
        )
    return sorted(out, key=lambda level: level.rate)


def warnings(sweep: SweepFile, sweep_levels: list[Level]) -> list[str]:
    """What makes points of the sweep untrustworthy: runs too short, or run on a cold JVM."""
    found = [
        f"time scale {level.time_scale:g}: a run lasted {level.seconds:.1f} s, under "
        f"{SHORT_SECONDS:g} s: too short to trust (a longer --duration, or more ops)"
        for level in sweep_levels
        if level.seconds is not None and level.seconds < SHORT_SECONDS
    ]
    if sweep.warm_up_ms is None:
        first = sweep.points[0].time_scale
        found.append(
            f"no --warm-up: the first runs (time scale {first:g}) measured a cold JVM, slower "
            "than the rest; give the sweep --warm-up"
        )
    return found


def _latency(op: OpFigures, statistic: str, kind: str) -> float:
    """One statistic of an op's response or service time at a point, in microseconds."""
    return float((op.latency(kind) or {}).get(statistic, 0))


def saturation(sweep_levels: list[Level], climb: float = CLIMB_DEFAULT) -> dict[str, Any]:
    """The issue rate at which the mean latency reaches CLIMB times its unloaded value."""
    unloaded = min(range(len(sweep_levels)), key=lambda i: sweep_levels[i].mean_latency_us)
    baseline = sweep_levels[unloaded].mean_latency_us
    kind = sweep_levels[unloaded].latency
    result: dict[str, Any] = {
        "rule": f"mean {kind} time reaches {climb:g}x its lowest, "
        f"{format_latency(baseline)} at {sweep_levels[unloaded].rate:,.0f} ops/s",
        "latency": kind,
        "baselineLatencyUs": baseline,
        "maxRate": max(level.rate for level in sweep_levels),
        "rate": None,
        "saturated": False,
    }
    threshold = climb * baseline
    for below, above in itertools.pairwise(sweep_levels[unloaded:]):
        if baseline > 0 and above.mean_latency_us >= threshold:
            rise = above.mean_latency_us - below.mean_latency_us
            share = (threshold - below.mean_latency_us) / rise if rise > 0 else 1.0
            result["rate"] = below.rate + share * (above.rate - below.rate)
            result["saturated"] = True
            # only these two rates were measured: the crossing lies between them
            result["between"] = [below.rate, above.rate]
            result["interpolated"] = 0 < share < 1
            break
    return result


def plot(sweep_levels: list[Level], knee: dict[str, Any], title: str) -> bytes:
    """Figure 2: p50 response (or service) time of each op against the issue rate; bars are the
    repeats' spread."""
    figure = new_figure(10.0, 5.0)
    axes = figure.add_subplot()
    rates = [level.rate for level in sweep_levels]
    ops = sorted({op for level in sweep_levels for op in level.ops})
    # a colour and a marker each: 14 ops on 10 colours made two ops look like one
    colours = matplotlib_colours(len(ops))
    markers = "osD^v<>pPX*h"
    for i, op in enumerate(ops):
        shown = [(level.rate, level.ops[op]) for level in sweep_levels if op in level.ops]
        axes.errorbar(
            [rate for rate, _ in shown], [o.p50_us / 1000 for _, o in shown],
            yerr=[o.p50_spread_us / 1000 for _, o in shown], marker=markers[i % len(markers)],
            color=colours[i], capsize=3, label=op,
        )  # fmt: skip
    if knee["saturated"]:
        low, high = knee.get("between") or (knee["rate"], knee["rate"])
        axes.axvspan(
            low, high, color="grey", alpha=0.15,
            label=f"saturation between the measured {low:,.0f} and {high:,.0f} ops/s",
        )  # fmt: skip
    axes.set_xlabel("issue rate (ops/s, mean of the repeats)")
    kind = sweep_levels[0].latency if sweep_levels else RESPONSE
    axes.set_ylabel(f"p50 {kind} time (ms)")
    axes.set_yscale("log")
    axes.set_xlim(left=0, right=max(rates) * 1.05 if rates else None)
    axes.grid(alpha=0.3)
    # beside the axes, where it hides no point
    legend_beside(axes, fontsize="small")
    axes.set_title(title, fontsize=10)
    return png_bytes(figure)


def matplotlib_colours(n: int) -> list[Any]:
    """N distinct colours: tab10 up to 10, tab20 up to 20, then a continuous map."""
    from matplotlib import colormaps

    if n <= 10:
        return [colormaps["tab10"](i) for i in range(n)]
    if n <= 20:
        return [colormaps["tab20"](i) for i in range(n)]
    return [colormaps["turbo"](i / max(1, n - 1)) for i in range(n)]


def plot_namenode(sweep_levels: list[Level], title: str) -> bytes:
    """The NameNode's side against the issue rate: its RPC and lock times, queues, GC."""
    figure = new_figure(8.0, 8.0)
    axes = figure.subplots(len(NAMENODE_PANELS), 1, sharex=True)
    shown = [level for level in sweep_levels if level.namenode]
    for axis, (unit, columns) in zip(axes, NAMENODE_PANELS, strict=True):
        for column in columns:
            points = [
                (level.rate, level.namenode[column]) for level in shown if column in level.namenode
            ]
            if any(value for _, value in points):
                axis.plot([r for r, _ in points], [v for _, v in points], marker="o", label=column)
        axis.set_ylabel(unit)
        axis.grid(alpha=0.3)
        if axis.get_legend_handles_labels()[0]:
            legend_beside(axis, fontsize="small")
    axes[-1].set_xlabel("issue rate (ops/s, mean of the repeats)")
    axes[0].set_title(title, fontsize=10)
    return png_bytes(figure)


def render(
    sweep_levels: list[Level], knee: dict[str, Any], cautions: list[str] | None = None
) -> str:
    kind = sweep_levels[0].latency if sweep_levels else RESPONSE
    lines = [
        f"{'time scale':>10} {'runs':>5} {'ops/s':>12} {'CV':>7} {f'mean ({MICROS})':>12}  "
        f"p50 {kind} time ({MICROS}) by op"
    ]
    for level in sweep_levels:
        ops = "  ".join(f"{op} {o.p50_us:,.0f}" for op, o in level.ops.items())
        failed = level.repeats - level.valid
        invalid = f"  ({failed} NOT valid)" if failed else ""
        cv = "-" if level.rate_cv is None else f"{level.rate_cv:.2%}"
        lines.append(
            f"{level.time_scale:>10g} {level.repeats:>5} {level.rate:>12,.1f} "
            f"{cv:>7} {level.mean_latency_us:>12,.0f}  {ops}{invalid}"
        )
    if knee["saturated"] and knee.get("interpolated"):
        low, high = knee["between"]
        lines.append(
            f"saturation: between the measured {low:,.0f} and {high:,.0f} ops/s "
            f"({knee['rate']:,.0f} ops/s interpolated; {knee['rule']})"
        )
    elif knee["saturated"]:
        lines.append(f"saturation: {knee['rate']:,.0f} ops/s, measured ({knee['rule']})")
    else:
        lines.append(
            f"no saturation within the sweep: up to {knee['maxRate']:,.0f} ops/s ({knee['rule']})"
        )
    lines += [f"warning: {caution}" for caution in cautions or []]
    return "\n".join(lines)
