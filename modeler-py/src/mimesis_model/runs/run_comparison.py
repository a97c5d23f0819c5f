"""`compare`: A/B comparison of benchmark runs, repeated on each side (paper section 4: a 10 %
improvement is not to be trusted when the runs' coefficient of variation is 8 %).

Per metric (throughput overall and per op, latency p50 and p99 per op, the NameNode's locks,
RPC times, block calls, heap and GC, from each run's summary.json): each side's mean and
coefficient of variation, and the 95 % confidence interval of the difference of the means
(B - A) by Welch's t (unequal variances). A difference whose interval holds 0 is within noise.
"""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from mimesis_model.figures import legend_beside, new_figure, png_bytes
from mimesis_model.formats.run_summary import RESPONSE, SERVICE
from mimesis_model.runs.run_results import RunResults
from mimesis_model.units import MICROS

CONFIDENCE: Final = 0.95
LATENCY_PERCENTILES: Final = ("p50", "p99")
NAMENODE_METRICS: Final = (
    ("writeLocksPerSecond", "NameNode write locks", "/s"),
    ("writeLockHoldAvgMs", "NameNode write-lock hold", "ms"),
    ("readLocksPerSecond", "NameNode read locks", "/s"),
    ("rpcQueueTimeAvgMs", "NameNode RPC queue time", "ms"),
    ("rpcProcessingTimeAvgMs", "NameNode RPC processing", "ms"),
    ("addBlockPerSecond", "NameNode addBlock", "/s"),
    ("incrementalBlockReportsPerSecond", "NameNode incremental block reports", "/s"),
    ("heapUsedMB", "NameNode heap used", "MB"),
    ("gcMillisPerSecond", "NameNode GC time", "ms/s"),
)
"""(namenode.csv column, metric, unit): the NameNode's side, each run's mean over phase 2 (its
summary's namenode.mean), where the server's cost shows that client latency hides: a file's
data doubles the write locks at the same ops/s"""

WITHIN_NOISE: Final = "within noise"
HIGHER: Final = "B higher"
LOWER: Final = "B lower"
UNKNOWN: Final = "cannot tell"
WORKLOAD_OPTIONS: Final = (
    "timeScale", "spanScale", "typeScales", "types", "durationMs", "windowMs", "seed", "flat",
)  # fmt: skip
"""The run options that change what a run issues: A/B sides should agree on them."""


@dataclass(frozen=True)
class MetricComparison:
    """One metric of the two sides."""

    metric: str
    unit: str
    a: list[float]
    b: list[float]

    @property
    def mean_a(self) -> float:
        return float(np.mean(self.a))

    @property
    def mean_b(self) -> float:
        return float(np.mean(self.b))

    @property
    def cv_a(self) -> float | None:
        return _cv(self.a)

    @property
    def cv_b(self) -> float | None:
        return _cv(self.b)

    @property
    def interval(self) -> tuple[float, float] | None:
        """The CONFIDENCE interval of mean_b - mean_a (Welch); None with one run on a side."""
        if len(self.a) < 2 or len(self.b) < 2:
            return None
        difference = self.mean_b - self.mean_a
        if np.var(self.a) == 0 and np.var(self.b) == 0:
            return difference, difference  # no spread at all: the difference is exact
        # Imported here: scipy.stats takes half a second to import.
        from scipy.stats import ttest_ind

        with warnings.catch_warnings():
            # Runs paced by the schedule repeat their throughput exactly; scipy then warns of
            # precision loss in the variance, which is 0 and makes the interval no less valid.
            warnings.simplefilter("ignore", RuntimeWarning)
            result = ttest_ind(self.b, self.a, equal_var=False)
        low, high = result.confidence_interval(CONFIDENCE)
        return float(low), float(high)

    @property
    def verdict(self) -> str:
        interval = self.interval
        if interval is None:
            return UNKNOWN
        low, high = interval
        if low <= 0 <= high:
            return WITHIN_NOISE
        return HIGHER if low > 0 else LOWER

    def as_json(self) -> dict[str, Any]:
        interval = self.interval
        relative = (self.mean_b - self.mean_a) / self.mean_a if self.mean_a else None
        return {
            "metric": self.metric,
            "unit": self.unit,
            "a": {"runs": self.a, "mean": self.mean_a, "cv": self.cv_a},
            "b": {"runs": self.b, "mean": self.mean_b, "cv": self.cv_b},
            "difference": self.mean_b - self.mean_a,
            "relative": relative,
            "interval": None if interval is None else list(interval),
            "verdict": self.verdict,
        }


def compare_runs(side_a: list[RunResults], side_b: list[RunResults]) -> dict[str, Any]:
    """Every metric both sides have, compared; with notes on what makes the comparison weak."""
    metrics = [
        MetricComparison(name, unit, values_a, values_b)
        for name, unit, values_a, values_b in _metrics(side_a, side_b)
    ]
    return {
        "confidence": CONFIDENCE,
        "a": [str(run.directory) for run in side_a],
        "b": [str(run.directory) for run in side_b],
        "metrics": [metric.as_json() for metric in metrics],
        "notes": _notes(side_a, side_b),
    }


SHOWN_UNDECIDED: Final = 8
"""With too few runs for a verdict, the table shows the overall throughput and this many of the
largest differences: the rest are in --json."""


def shown_metrics(report: dict[str, Any], every: bool = False) -> list[dict[str, Any]]:
    """The metrics worth a reader's eye: the overall throughput, every difference beyond noise,
    and, when the runs are too few to tell, the largest relative differences; all with EVERY."""
    metrics: list[dict[str, Any]] = report["metrics"]
    if every:
        return metrics
    chosen = [m for m in metrics if m["metric"] == "throughput" or m["verdict"] in (HIGHER, LOWER)]
    undecided = [m for m in metrics if m["verdict"] == UNKNOWN and m not in chosen]
    undecided.sort(key=lambda m: -abs(m["relative"] or 0.0))
    chosen += undecided[:SHOWN_UNDECIDED]
    return [m for m in metrics if m in chosen]


def conclusion(report: dict[str, Any]) -> str:
    """One line: what the comparison can say, never 'no difference' when it cannot tell."""
    if any(item["verdict"] == UNKNOWN for item in report["metrics"]):
        return (
            f"cannot tell: {len(report['a'])} run(s) on A and {len(report['b'])} on B; a verdict "
            "on noise needs 2 or more runs a side (3 to trust it): repeat the runs"
        )
    real = [item["metric"] for item in report["metrics"] if item["verdict"] in (HIGHER, LOWER)]
    return "differences beyond noise: " + ", ".join(real) if real else "no difference beyond noise"


def render_comparison(report: dict[str, Any], every: bool = False) -> str:
    """REPORT as a table, one metric a line, with a plain verdict for each: what differs between
    the sides' setups first, then the metrics worth reading (every one with EVERY), then the
    conclusion."""
    percent = f"{report['confidence']:.0%}"
    lines = [f"note: {note}" for note in report["notes"]]
    lines += [
        f"A: {len(report['a'])} run(s)   B: {len(report['b'])} run(s)   "
        f"interval: {percent} confidence, Welch's t, of mean B - mean A",
    ]
    shown = shown_metrics(report, every)
    width = max([len("metric"), *(len(item["metric"]) for item in shown)])
    lines.append(
        f"{'metric':<{width}} {'unit':>5} {'mean A':>10} {'cv A':>6} {'mean B':>10} {'cv B':>6} "
        f"{'B - A':>8} {'interval':>22}  verdict"
    )
    for item in shown:
        interval = item["interval"]
        bounds = "-" if interval is None else f"[{_short(interval[0])}, {_short(interval[1])}]"
        relative = "-" if item["relative"] is None else f"{item['relative']:+.1%}"
        lines.append(
            f"{item['metric']:<{width}} {item['unit']:>5} {_short(item['a']['mean']):>10} "
            f"{_percent(item['a']['cv']):>6} {_short(item['b']['mean']):>10} "
            f"{_percent(item['b']['cv']):>6} {relative:>8} {bounds:>22}  {item['verdict']}"
        )
    hidden = len(report["metrics"]) - len(shown)
    if hidden:
        what = "with no verdict" if conclusion(report).startswith("cannot") else "within noise"
        lines.append(f"({hidden} more metrics {what}, smaller differences: --all shows them)")
    lines.append(conclusion(report))
    return "\n".join(lines)


def plot_comparison(report: dict[str, Any]) -> bytes:
    """A PNG: per metric worth reading (shown_metrics), each run of A and B as a dot and each
    side's mean as a bar, in a throughput and a latency panel; metrics beyond noise are starred."""
    from matplotlib.lines import Line2D

    shown = shown_metrics(report)
    panels = [
        ("throughput (ops/s)", [m for m in shown if m["unit"] == "ops/s"]),
        (f"latency ({MICROS}, log scale)", [m for m in shown if m["unit"] == MICROS]),
        (
            "NameNode, mean over phase 2 (its unit in the name, log scale)",
            [m for m in shown if m["unit"] not in ("ops/s", MICROS)],
        ),
    ]
    panels = [(title, items) for title, items in panels if items]
    width = max(6.0, 0.55 * max(len(items) for _, items in panels) + 2)
    figure = new_figure(width, 4.2 * len(panels))
    axes = figure.subplots(len(panels), 1, squeeze=False)[:, 0]
    for axis, (title, items) in zip(axes, panels, strict=True):
        for row, item in enumerate(items):
            for side, offset, color in (("a", -0.15, "tab:blue"), ("b", 0.15, "tab:orange")):
                runs = item[side]["runs"]
                middle = row + offset
                axis.scatter([middle] * len(runs), runs, color=color, s=14, alpha=0.7)
                axis.hlines(item[side]["mean"], middle - 0.12, middle + 0.12, color=color)
        axis.set_xticks(range(len(items)))
        axis.set_xticklabels(
            [
                m["metric"]
                + (f" ({m['unit']})" if title.startswith("NameNode") else "")
                + (" *" if m["verdict"] in (HIGHER, LOWER) else "")
                for m in items
            ],
            rotation=30, ha="right", fontsize=8,
        )  # fmt: skip
        axis.set_title(title)
        if not title.startswith("throughput"):
            axis.set_yscale("log")
        axis.grid(axis="y", alpha=0.3)
    legend_beside(
        axes[0],
        handles=[
            Line2D([], [], color="tab:blue", marker="o", label=f"A ({len(report['a'])} runs)"),
            Line2D([], [], color="tab:orange", marker="o", label=f"B ({len(report['b'])} runs)"),
        ],
        title="* beyond noise", fontsize=8,
    )  # fmt: skip
    figure.suptitle(conclusion(report), fontsize=9)
    return png_bytes(figure)


def _metrics(
    side_a: list[RunResults], side_b: list[RunResults]
) -> list[tuple[str, str, list[float], list[float]]]:
    """(name, unit, A's values, B's values) of each metric every run of both sides has."""

    def values(side: list[RunResults], read: Any) -> list[float] | None:
        found = [read(run) for run in side]
        return None if any(v is None for v in found) else [float(v) for v in found]

    readers: list[tuple[str, str, Any]] = [
        ("throughput", "ops/s", lambda run: run.summary.overall.ops_per_second)
    ]
    ops = [op for op in side_a[0].ops if all(op in run.ops for run in side_a + side_b)]
    for op in ops:
        readers.append((f"{op} throughput", "ops/s", lambda run, op=op: run.ops[op].ops_per_second))
    # "latency" is the service time; a run made before response time was measured has none
    for name, kind in (("latency", SERVICE), ("response", RESPONSE)):
        for percentile in LATENCY_PERCENTILES:
            for op in ops:
                readers.append(
                    (
                        f"{op} {name} {percentile}", MICROS,
                        lambda run, op=op, p=percentile, kind=kind: (
                            run.ops[op].latency(kind) or {}
                        ).get(p) if run.ops[op].count else None,
                    )
                )  # fmt: skip
    for column, name, unit in NAMENODE_METRICS:
        readers.append(
            (
                name, unit,
                lambda run, column=column: (
                    None if run.summary.namenode is None
                    else run.summary.namenode.mean.get(column)
                ),
            )
        )  # fmt: skip
    metrics = []
    for name, unit, read in readers:
        values_a, values_b = values(side_a, read), values(side_b, read)
        if values_a is not None and values_b is not None:
            metrics.append((name, unit, values_a, values_b))
    return metrics


def _notes(side_a: list[RunResults], side_b: list[RunResults]) -> list[str]:
    notes = []
    kinds = {name: _kinds(side) for name, side in (("A", side_a), ("B", side_b))}
    if kinds["A"] != kinds["B"] and not any(
        kind.startswith("replay") for side in kinds.values() for kind in side
    ):
        notes.append(
            "A and B ran different profiles: "
            + "; ".join(f"{name}: {', '.join(sorted(kind))}" for name, kind in kinds.items())
        )
    if any(kind.startswith("replay") for side in kinds.values() for kind in side):
        notes.append(
            "; ".join(f"{name}: {', '.join(sorted(kind))}" for name, kind in kinds.items())
            + ": a replay issues its trace as recorded; a run of the profile fitted on that "
            "trace, the model's version of it: their difference is what the model loses"
        )
    for name, side in (("A", side_a), ("B", side_b)):
        invalid = [run.directory.name for run in side if not run.valid]
        if invalid:
            notes.append(f"{name}: run(s) {', '.join(invalid)} not valid (see their summary.json)")
        if len(side) < 3:
            notes.append(f"{name}: {len(side)} run(s); 3 or more make the interval trustworthy")
    differing = sorted(
        key
        for key in WORKLOAD_OPTIONS
        if len({json.dumps((run.summary.options or {}).get(key)) for run in side_a + side_b}) > 1
    )
    if differing:
        notes.append(f"the runs differ in options {', '.join(differing)}: not the same workload")
    notes += _setting_notes(side_a, side_b)
    return notes


def _kinds(side: list[RunResults]) -> set[str]:
    """What each run of SIDE is: a replay of its trace or a run of its profile."""
    kinds = set()
    for run in side:
        replay = run.summary.replay
        if replay is not None:
            kinds.add(f"replay of trace {replay.trace}")
        else:
            kinds.add(f"run of profile {run.summary.profile_path or '?'}")
    return kinds


def _settings(run: RunResults) -> dict[str, str]:
    """The configuration a run was given (-D, -conf, -fs), as its summary recorded it."""
    return run.summary.settings


def _setting_notes(side_a: list[RunResults], side_b: list[RunResults]) -> list[str]:
    """What the two sides' runs were configured with, where that differs: the change under test."""
    notes = []
    sides = {}
    for name, side in (("A", side_a), ("B", side_b)):
        given = [_settings(run) for run in side]
        if len({json.dumps(settings, sort_keys=True) for settings in given}) > 1:
            notes.append(f"{name}'s runs were given different settings: not one setup")
        sides[name] = given[0] if given else {}
    keys = sorted(
        k for k in sides["A"].keys() | sides["B"].keys() if sides["A"].get(k) != sides["B"].get(k)
    )
    if keys:
        shown = "; ".join(
            f"{k}: A {sides['A'].get(k, '(default)')}, B {sides['B'].get(k, '(default)')}"
            for k in keys
        )
        notes.append(f"settings that differ: {shown}")
    return notes


def _cv(values: list[float]) -> float | None:
    mean = float(np.mean(values))
    if len(values) < 2 or mean == 0:
        return None
    return float(np.std(values, ddof=1)) / mean


def _short(value: float) -> str:
    if not math.isfinite(value):
        return str(value)
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.2f}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"
