"""The paper's section 4 against ours (bench/paper.py): from the sweeps' sweep.json, `mimesis-model
sweep --json` of Figure 2's and Figure 3's levels and `mimesis-model compare --json` of Table 5's
pairs, one row per published figure with ours and the ratio, and whether the paper's claim holds
here. Pure: reads nothing, runs nothing (tested in bench/test_paper_rows.py)."""

from __future__ import annotations

import statistics
from typing import Any

# the row of each published figure: its section, what it is, and how its claim is judged here
ROWS = (
    ("figure2.floor_rate", "Figure 2", "issue rate where latency leaves its floor"),
    ("figure2.floor_time_scale", "Figure 2", "time scale where latency leaves its floor"),
    ("figure3.hierarchical_ceiling", "Figure 3", "hierarchical namespace: ceiling (time scale 0)"),
    ("figure3.flat_ceiling", "Figure 3", "flat namespace: ceiling (time scale 0)"),
    ("figure3.hierarchical_over_flat", "Figure 3", "hierarchical over flat ceiling"),
    ("table4.ops_issued", "Table 4", "ops issued per test at time scale 1 (mean of the two types)"),
    ("table4.ops_spread", "Table 4", "deviation of each type's ops from that mean"),
    (
        "table4.open_latency_growth_write_heavy",
        "Figure 4",
        "write-heavy type: open latency, time scale 0 over 1",
    ),
    (
        "table4.open_latency_growth_read_mostly",
        "Figure 4",
        "read-mostly type: open latency, time scale 0 over 1",
    ),
    ("table4.read_mostly_ceiling", "Table 4", "read-mostly type: ops/s at time scale 0"),
    ("table4.write_heavy_ceiling", "Table 4", "write-heavy type: ops/s at time scale 0"),
    (
        "table4.read_mostly_over_write_heavy",
        "Table 4",
        "read-mostly over write-heavy ops/s at time scale 0",
    ),
    ("table5.hierarchical", "Table 5", "unfair over fair lock: whole workload, hierarchical"),
    ("table5.flat", "Table 5", "unfair over fair lock: whole workload, flat"),
    ("table5.read_mostly", "Table 5", "unfair over fair lock: read-mostly type"),
    ("table5.write_heavy", "Table 5", "unfair over fair lock: write-heavy type"),
    ("cv.max", "Section 4", "largest coefficient of variation of a set of repeats (ops/s)"),
    ("cv.mean", "Section 4", "mean coefficient of variation of the sets of repeats"),
    (
        "data.hierarchical_ceiling",
        "Data path",
        "hierarchical, files with their data: ceiling over empty files' (not in the paper)",
    ),
)
# rows of ours that no published figure has: no paper value, no claim to hold
OURS_ONLY = {"data.hierarchical_ceiling": {"value": None, "unit": "x", "quote": ""}}
# each ratio of two ceilings the paper finds one above the other: compare's A (the paper's lower)
# and B
CONTRASTS = {
    "figure3.hierarchical_over_flat": ("flat-ts-0", "hierarchical-ts-0"),
    "table4.read_mostly_over_write_heavy": ("write-heavy-ts-0", "read-mostly-ts-0"),
    "data.hierarchical_ceiling": ("hierarchical-ts-0", "hierarchical-data-ts-0"),
}
SPREAD_BAR = 0.05  # Table 4's tests issue "about the same" ops when within 5 % of their mean


def cv(values: list[float]) -> float | None:
    """Sample standard deviation over the mean; None for fewer than two values."""
    if len(values) < 2 or statistics.mean(values) == 0:
        return None
    return statistics.stdev(values) / statistics.mean(values)


def merged(sweeps: list[dict[str, Any]]) -> dict[str, Any]:
    """One sweep.json of several sweeps' points (a sweep per time scale), for `mimesis-model
    sweep`."""
    first = sweeps[0]
    return {
        "profile": first.get("profile", ""),
        "timeScales": [s["timeScales"][0] for s in sweeps],
        "repeat": first.get("repeat"),
        "points": [p for s in sweeps for p in s["points"]],
    }


def rates(sweep: dict[str, Any]) -> list[float]:
    return [float(p["opsPerSecond"]) for p in sweep["points"]]


def call_queue(sweep: dict[str, Any]) -> float | None:
    """The NameNode's mean RPC call queue over the repeats: hundreds past the knee, about 0 below
    it."""
    queues = [
        float(p["namenode"]["callQueueLength"])
        for p in sweep["points"]
        if (p.get("namenode") or {}).get("callQueueLength") is not None
    ]
    return statistics.mean(queues) if queues else None


def ops_issued(point: dict[str, Any]) -> int:
    return sum(int(op.get("count", 0)) for op in point["ops"].values())


def open_latency_us(sweep: dict[str, Any]) -> float | None:
    """The open's mean service time over the repeats (the paper timed each call); None without
    opens."""
    means = [
        float(p["ops"]["open"]["serviceMicros"]["mean"])
        for p in sweep["points"]
        if "open" in p["ops"] and p["ops"]["open"].get("serviceMicros")
    ]
    return statistics.mean(means) if means else None


def create_share(sweep: dict[str, Any]) -> float:
    """The creates' share of the sweep's ops: what made the paper's cluster 17 write-heavy."""
    total = sum(ops_issued(p) for p in sweep["points"])
    creates = sum(int(p["ops"].get("create", {}).get("count", 0)) for p in sweep["points"])
    return creates / total if total else 0.0


def floor_time_scale(levels: list[dict[str, Any]], saturation: dict[str, Any]) -> float | None:
    """The time scale of the first level at or past the saturation rate (levels by rate)."""
    if not saturation.get("saturated"):
        return None
    past = [lv for lv in levels if lv["rate"] >= saturation["rate"]]
    return float(past[0]["time_scale"]) if past else None


def throughput(comparison: dict[str, Any]) -> dict[str, Any]:
    """`compare`'s overall throughput metric: relative change B over A, its interval, its
    verdict."""
    metric = next(m for m in comparison["metrics"] if m["metric"] == "throughput")
    mean_a = metric["a"]["mean"]
    interval = metric["interval"]
    return {
        "relative": metric["relative"],
        "verdict": metric["verdict"],
        "interval": interval,
        "relative_interval": None
        if interval is None or not mean_a
        else [interval[0] / mean_a, interval[1] / mean_a],
        "a": metric["a"],
        "b": metric["b"],
    }


def measure(
    sweeps: dict[str, dict[str, Any]],
    figure2: dict[str, Any],
    figure3_flat: dict[str, Any] | None,
    comparisons: dict[str, dict[str, Any]],
    contrasts: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Ours, keyed as the published figures, with the details each row's judgement needs.

    SWEEPS: each series' sweep.json by key (paper_plan.Series.key); FIGURE2 and FIGURE3_FLAT:
    `mimesis-model sweep --json` of the hierarchical and flat series; COMPARISONS: `compare --json`
    of each workload's fair (A) and unfair (B) ceilings, by workload name; CONTRASTS: `compare
    --json`
    of the two ceilings of each CONTRASTS ratio, by its row."""
    ours: dict[str, Any] = {}
    details: dict[str, Any] = {}
    knee = figure2["saturation"]
    ours["figure2.floor_rate"] = knee["rate"] if knee["saturated"] else None
    ours["figure2.floor_time_scale"] = floor_time_scale(figure2["levels"], knee)
    details["figure2"] = {
        "saturation": knee,
        "levels": [
            {
                "time_scale": lv["time_scale"],
                "rate": lv["rate"],
                "rate_cv": lv["rate_cv"],
                "mean_latency_us": lv["mean_latency_us"],
                "valid": lv["valid"],
                "repeats": lv["repeats"],
            }
            for lv in figure2["levels"]
        ],
    }

    def ceiling(key: str) -> float | None:
        return statistics.mean(rates(sweeps[key])) if key in sweeps else None

    hier, flat = ceiling("hierarchical-ts-0"), ceiling("flat-ts-0")
    ours["figure3.hierarchical_ceiling"] = hier
    ours["figure3.flat_ceiling"] = flat
    ours["figure3.hierarchical_over_flat"] = hier / flat if hier and flat else None
    if figure3_flat is not None:
        details["figure3"] = {
            "flat_saturation": figure3_flat["saturation"],
            "flat_levels": [
                {
                    "time_scale": lv["time_scale"],
                    "rate": lv["rate"],
                    "mean_latency_us": lv["mean_latency_us"],
                }
                for lv in figure3_flat["levels"]
            ],
        }

    tests = {
        f"{w}-ts-{c}": sweeps[f"{w}-ts-{c}"]
        for w in ("write-heavy", "read-mostly")
        for c in ("1", "0")
        if f"{w}-ts-{c}" in sweeps
    }
    issued = {key: statistics.mean(ops_issued(p) for p in s["points"]) for key, s in tests.items()}
    # the types are matched over the window the time scale 1 tests cover (at 0 `run` issues the
    # whole profile)
    matched = [n for key, n in issued.items() if key.endswith("-ts-1")]
    if matched:
        mean = statistics.mean(matched)
        ours["table4.ops_issued"] = mean
        ours["table4.ops_spread"] = max(abs(n - mean) / mean for n in matched) if mean else None
    latency = {key: open_latency_us(s) for key, s in tests.items()}
    for name in ("write_heavy", "read_mostly"):
        slow, fast = (
            latency.get(f"{name.replace('_', '-')}-ts-1"),
            latency.get(f"{name.replace('_', '-')}-ts-0"),
        )
        ours[f"table4.open_latency_growth_{name}"] = fast / slow if slow and fast else None
        ours[f"table4.{name}_ceiling"] = ceiling(f"{name.replace('_', '-')}-ts-0")
    read, write = ours["table4.read_mostly_ceiling"], ours["table4.write_heavy_ceiling"]
    ours["table4.read_mostly_over_write_heavy"] = read / write if read and write else None
    details["table4"] = {
        "ops_issued": issued,
        "open_mean_service_us": latency,
        "create_share": {key: create_share(s) for key, s in tests.items()},
    }

    details["contrasts"] = {key: throughput(c) for key, c in (contrasts or {}).items()}
    details["table5"] = {}
    for workload, comparison in comparisons.items():
        t = throughput(comparison)
        ours[f"table5.{workload.replace('-', '_')}"] = t["relative"]
        details["table5"][workload] = t

    data = ceiling("hierarchical-data-ts-0")
    ours["data.hierarchical_ceiling"] = data / hier if data and hier else None
    details["data"] = {
        "open_mean_service_us": {
            key: open_latency_us(sweeps[key])
            for key in ("hierarchical-ts-0", "hierarchical-data-ts-0")
            if key in sweeps
        }
    }

    cvs = {key: cv(rates(s)) for key, s in sweeps.items()}
    known = [v for v in cvs.values() if v is not None]
    ours["cv.max"] = max(known) if known else None
    ours["cv.mean"] = statistics.mean(known) if known else None
    details["cv"] = cvs
    return {"ours": ours, "details": details}


def holds(key: str, ours: dict[str, Any], details: dict[str, Any]) -> bool | None:
    """Whether the paper's claim behind the figure holds in our runs (None: not measured)."""
    value = ours.get(key)
    if key == "figure2.floor_rate":
        return value is not None
    if key == "figure2.floor_time_scale":
        return value is not None and value < 1
    if key.startswith("figure3."):
        return above("figure3.hierarchical_over_flat", ours, details)
    if key in ("table4.ops_issued", "table4.ops_spread"):
        spread = ours.get("table4.ops_spread")
        return None if spread is None else spread <= SPREAD_BAR
    if key.startswith("table4.open_latency_growth"):
        w, r = (
            ours.get("table4.open_latency_growth_write_heavy"),
            ours.get("table4.open_latency_growth_read_mostly"),
        )
        return None if w is None or r is None else w > r
    if key.startswith("table4."):
        return above("table4.read_mostly_over_write_heavy", ours, details)
    if key.startswith("table5."):
        t = details.get("table5", {}).get(key.split(".")[1].replace("_", "-"))
        if t is None:
            return None
        if key == "table5.read_mostly":  # the paper: far above the whole workload's gain
            whole = ours.get("table5.hierarchical")
            return t["verdict"] == "B higher" and (whole is None or t["relative"] > whole)
        return t["verdict"] == "B higher"
    if key == "cv.max":
        return None if value is None else value <= 0.0238
    if key == "cv.mean":
        return None if value is None else value <= 0.0108
    return None


def above(ratio_key: str, ours: dict[str, Any], details: dict[str, Any]) -> bool | None:
    """Whether the ratio's B ceiling is above its A, by compare's verdict when the repeats were
    compared
    (a ratio above 1 within the repeats' noise is not the paper's claim), else by the ratio."""
    t = details.get("contrasts", {}).get(ratio_key)
    if t is not None:
        return t["verdict"] == "B higher"
    ratio = ours.get(ratio_key)
    return None if ratio is None else ratio > 1


def rows(published: dict[str, Any], measured: dict[str, Any]) -> list[dict[str, Any]]:
    """A row per published figure: the paper's, ours, ours over the paper's, and whether the claim
    holds here."""
    figures, ours, details = published["figures"], measured["ours"], measured["details"]
    out = []
    for key, section, what in ROWS:
        figure = figures.get(key) or OURS_ONLY[key]
        paper, value = figure["value"], ours.get(key)
        out.append(
            {
                "id": key,
                "section": section,
                "what": what,
                "unit": figure["unit"],
                "paper": paper,
                "ours": value,
                "ratio": value / paper if value is not None and paper else None,
                "holds": holds(key, ours, details),
                "quote": figure["quote"],
            }
        )
    return out
