"""bench/paper.py's plan and JSON assembly, on made-up sweep results (no cluster):
`.venv/bin/python -m pytest bench/test_paper_rows.py`."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import paper_explain
import paper_plan
import paper_rows

PUBLISHED = json.loads((Path(__file__).parent / "paper_published.json").read_text())
CONFIG = paper_plan.Config(
    size=0.001,
    window_s=60,
    ceiling_cap_s=60,
    repeats=2,
    time_scales=(1, 0.2, 0),
    flat_time_scales=(1, 0),
    seed=1,
    type_scales={16: 2.0, 28: 0.5},
)


def point(
    rate: float, ops: dict[str, int], open_us: float = 500, scale: float = 0, repeat: int = 1
) -> dict:
    return {
        "timeScale": scale,
        "repeat": repeat,
        "results": f"ts-{scale:g}-r{repeat}",
        "valid": True,
        "opsPerSecond": rate,
        "ops": {
            op: {"count": n, "serviceMicros": {"mean": open_us, "p50": open_us}}
            for op, n in ops.items()
        },
    }


def sweep(
    scale: float, *rates: float, ops: dict[str, int] | None = None, open_us: float = 500
) -> dict:
    return {
        "profile": paper_plan.PROFILE,
        "timeScales": [scale],
        "repeat": len(rates),
        "points": [
            point(r, ops or {"open": 1000}, open_us, scale, k + 1) for k, r in enumerate(rates)
        ],
    }


def comparison(fair: list[float], unfair: list[float], verdict: str, interval: list[float]) -> dict:
    mean_a, mean_b = sum(fair) / len(fair), sum(unfair) / len(unfair)
    return {
        "metrics": [
            {
                "metric": "throughput",
                "unit": "ops/s",
                "a": {"runs": fair, "mean": mean_a, "cv": 0.01},
                "b": {"runs": unfair, "mean": mean_b, "cv": 0.01},
                "difference": mean_b - mean_a,
                "relative": (mean_b - mean_a) / mean_a,
                "interval": interval,
                "verdict": verdict,
            }
        ]
    }


FIGURE2 = {
    "saturation": {"saturated": True, "rate": 900.0, "maxRate": 1200.0},
    "levels": [
        {
            "time_scale": 1.0,
            "rate": 100.0,
            "rate_cv": 0.01,
            "mean_latency_us": 400,
            "valid": 2,
            "repeats": 2,
        },
        {
            "time_scale": 0.2,
            "rate": 500.0,
            "rate_cv": 0.01,
            "mean_latency_us": 450,
            "valid": 2,
            "repeats": 2,
        },
        {
            "time_scale": 0.0,
            "rate": 1200.0,
            "rate_cv": 0.02,
            "mean_latency_us": 5000,
            "valid": 2,
            "repeats": 2,
        },
    ],
}


SWEEPS = {
    "hierarchical-ts-0": sweep(0, 1190, 1210),
    "flat-ts-0": sweep(0, 590, 610),
    "write-heavy-ts-1": sweep(1, 10, 10, ops={"open": 900, "create": 100}, open_us=400),
    "write-heavy-ts-0": sweep(0, 300, 310, ops={"open": 9000, "create": 1000}, open_us=1600),
    "read-mostly-ts-1": sweep(1, 10, 10, ops={"open": 1010}, open_us=400),
    "read-mostly-ts-0": sweep(0, 2400, 2500, ops={"open": 1010}, open_us=600),
}
COMPARISONS = {
    "hierarchical": comparison([1190, 1210], [1300, 1340], "B higher", [60, 180]),
    "read-mostly": comparison([2400, 2500], [2450, 2500], "within noise", [-100, 150]),
}
MEASURE_ARGS = (SWEEPS, FIGURE2, None, COMPARISONS)


def measured() -> dict:
    """Without the ceilings' contrasts: a ratio of ceilings then holds when above 1."""
    return paper_rows.measure(*MEASURE_ARGS)


def test_every_published_figure_has_a_row_with_ours_and_the_ratio() -> None:
    rows = {r["id"]: r for r in paper_rows.rows(PUBLISHED, measured())}
    assert set(rows) == set(PUBLISHED["figures"]) | set(paper_rows.OURS_ONLY)
    assert rows["figure2.floor_rate"]["ours"] == 900.0
    assert rows["figure2.floor_rate"]["ratio"] == pytest.approx(900 / 16800)
    assert rows["figure2.floor_time_scale"]["ours"] == 0.0  # the first level at or past 900 ops/s
    assert rows["figure3.hierarchical_over_flat"]["ours"] == pytest.approx(2.0)
    assert rows["figure3.flat_ceiling"]["holds"] is True
    assert rows["table4.open_latency_growth_write_heavy"]["ours"] == pytest.approx(4.0)
    assert rows["table4.open_latency_growth_read_mostly"]["ours"] == pytest.approx(1.5)
    assert (
        rows["table4.open_latency_growth_read_mostly"]["holds"] is True
    )  # 4x against 1.5x, as the paper's
    assert rows["table4.read_mostly_over_write_heavy"]["ours"] == pytest.approx(2450 / 305)
    assert rows["table4.ops_issued"]["ours"] == pytest.approx(
        1005
    )  # at time scale 1: 1000 and 1010
    assert rows["table4.ops_spread"]["ours"] == pytest.approx(5 / 1005)
    assert rows["table4.ops_spread"]["holds"] is True


def test_table5_takes_compares_verdict_and_a_missing_pair_stays_unmeasured() -> None:
    rows = {r["id"]: r for r in paper_rows.rows(PUBLISHED, measured())}
    assert rows["table5.hierarchical"]["ours"] == pytest.approx(0.10)
    assert rows["table5.hierarchical"]["holds"] is True
    assert (
        rows["table5.read_mostly"]["holds"] is False
    )  # within noise: the paper's +94 % is not seen
    assert rows["table5.flat"]["ours"] is None
    assert rows["table5.flat"]["holds"] is None
    assert rows["table5.write_heavy"]["ratio"] is None  # the paper gives no figure


def test_a_ratio_of_ceilings_holds_only_when_compare_finds_b_higher() -> None:
    m = measured()
    assert {r["id"]: r["holds"] for r in paper_rows.rows(PUBLISHED, m)}[
        "figure3.hierarchical_over_flat"
    ] is True
    m = paper_rows.measure(
        *MEASURE_ARGS,
        {
            "figure3.hierarchical_over_flat": comparison(
                [590, 610], [1190, 1210], "B higher", [560, 640]
            ),
            "table4.read_mostly_over_write_heavy": comparison(
                [300, 310], [2400, 2500], "within noise", [-50, 4300]
            ),
        },
    )
    rows = {r["id"]: r for r in paper_rows.rows(PUBLISHED, m)}
    assert rows["figure3.flat_ceiling"]["holds"] is True
    assert rows["table4.read_mostly_over_write_heavy"]["ours"] == pytest.approx(2450 / 305)
    assert (
        rows["table4.read_mostly_over_write_heavy"]["holds"] is False
    )  # above 1, but within the noise
    assert rows["table4.write_heavy_ceiling"]["holds"] is False
    config = dataclasses.asdict(CONFIG)
    why = paper_explain.explain(rows["table4.read_mostly_over_write_heavy"], m["details"], config)
    assert why["text"].startswith(
        "compare: within noise (95 % interval -16.4% to +1409.8%). Creates were"
    )
    assert why["causes"] == ["types", "audit", "saturation"]
    growth = paper_explain.explain(
        rows["table4.open_latency_growth_write_heavy"], m["details"], config
    )["text"]
    assert (
        growth
        == "Creates were 10.0% of the write-heavy type's ops and 0.0% of the read-mostly type's."
    )
    assert (
        paper_explain.explain(rows["figure3.hierarchical_ceiling"], m["details"], config)["text"]
        == ""
    )


def test_cv_of_every_set_of_repeats() -> None:
    m = measured()
    assert m["details"]["cv"]["write-heavy-ts-1"] == 0.0
    assert m["ours"]["cv.max"] == pytest.approx(paper_rows.cv([2400, 2500]))
    assert paper_rows.cv([5.0]) is None


def test_the_cv_rows_split_the_spread_at_the_knee() -> None:
    m = measured()  # the knee at time scale 0: the ceilings are past it, the types at 1 below it
    row = next(r for r in paper_rows.rows(PUBLISHED, m) if r["id"] == "cv.max")
    why = paper_explain.explain(
        row, m["details"], {**CONFIG.__dict__, "profile": paper_plan.PROFILE}
    )
    assert why["text"].startswith(
        "Below the knee (time scales above 0) the sets of repeats vary at most 0.00%"
    )
    assert (
        f"at 0 and below, up to {paper_rows.cv([2400, 2500]):.2%} (read-mostly-ts-0)" in why["text"]
    )
    assert why["causes"][0] == "saturation"
    assert set(why["causes"]) <= set(paper_explain.CAUSES)


def test_call_queue_is_the_mean_over_the_repeats_that_recorded_it() -> None:
    s = sweep(0, 1000, 1000, 1000)
    assert paper_rows.call_queue(s) is None
    s["points"][0]["namenode"] = {"callQueueLength": 400.0}
    s["points"][1]["namenode"] = {"callQueueLength": 200.0}
    assert paper_rows.call_queue(s) == pytest.approx(300.0)


def test_no_knee_leaves_the_floor_rows_empty_and_says_why() -> None:
    figure2 = {**FIGURE2, "saturation": {"saturated": False, "rate": None, "maxRate": 1200.0}}
    m = paper_rows.measure({"hierarchical-ts-0": sweep(0, 1000, 1000)}, figure2, None, {})
    row = next(r for r in paper_rows.rows(PUBLISHED, m) if r["id"] == "figure2.floor_rate")
    assert row["ours"] is None
    assert row["holds"] is False
    why = paper_explain.explain(
        row, m["details"], {**CONFIG.__dict__, "profile": paper_plan.PROFILE}
    )
    assert "did not leave its floor" in why["text"]
    assert "1,200 ops/s" in why["text"]
    assert set(why["causes"]) <= set(paper_explain.CAUSES)
    assert "size" in why["causes"]


def test_merged_sweep_keeps_every_point() -> None:
    both = paper_rows.merged([sweep(1, 10, 11), sweep(0, 900, 950)])
    assert both["timeScales"] == [1, 0]
    assert [p["opsPerSecond"] for p in both["points"]] == [10, 11, 900, 950]


def test_plan_runs_each_sweep_once_with_the_unfair_twin_after_the_fair() -> None:
    keys = [s.key for s in paper_plan.series(CONFIG)]
    assert len(keys) == len(set(keys))
    assert keys.index("hierarchical-unfair-ts-0") == keys.index("hierarchical-ts-0") + 1
    assert {"flat-ts-1", "flat-ts-0", "write-heavy-ts-1", "read-mostly-unfair-ts-0"} <= set(keys)


def test_sweep_arguments() -> None:
    by_key = {s.key: s for s in paper_plan.series(CONFIG)}
    args = by_key[
        "write-heavy-ts-0.2" if "write-heavy-ts-0.2" in by_key else "write-heavy-ts-1"
    ].sweep_args(CONFIG, Path("/o/runs"), Path("/o/nd"))
    assert args[:3] == ["sweep", "--profile", paper_plan.PROFILE]
    assert "--types" in args
    assert args[args.index("--types") + 1] == "16"
    assert "16=2" in args
    assert "all=0.001" in args
    assert args[args.index("--window") + 1] == "60s"
    assert "--duration" not in args
    assert (
        args[args.index("--max-drift") + 1] == "0"
    )  # a point past the knee issues its whole window
    assert "dfs.namenode.fslock.fair=true" in args
    assert args[-2:] == [
        "--out",
        "/o/runs/write-heavy-ts-1",
    ]
    flat = by_key["flat-unfair-ts-0"].sweep_args(CONFIG, Path("/o/runs"), Path("/o/nd"))
    assert "--flat" in flat
    assert "dfs.namenode.fslock.fair=false" in flat
    assert flat[flat.index("--window") + 1] == "60s"
    assert "--duration" in flat
    assert "--max-drift" not in flat  # time scale 0 has no schedule to drift from
    assert "--warm-up" not in flat
    assert "--warm-up" not in args
    warm = dataclasses.replace(CONFIG, warm_up_s=240)
    warm_flat = by_key["flat-unfair-ts-0"].sweep_args(warm, Path("/o/runs"), Path("/o/nd"))
    assert (
        warm_flat[warm_flat.index("--warm-up") + 1] == "240s"
    )  # every sweep's repeats all run warm
    warm_types = by_key["write-heavy-ts-1"].sweep_args(warm, Path("/o/runs"), Path("/o/nd"))
    assert warm_types[warm_types.index("--warm-up") + 1] == "240s"
    assert (
        flat[flat.index("--name-dir") + 1] == "/o/nd/flat"
    )  # its own image, apart from the hierarchy's
    assert "dfs.namenode.fs-limits.max-directory-items=6400000" in flat


def test_the_data_row_is_ours_alone_and_the_paper_runs_make_empty_files() -> None:
    sweeps = {**SWEEPS, "hierarchical-data-ts-0": sweep(0, 890, 910, open_us=800)}
    contrast = comparison([1190, 1210], [890, 910], "B lower", [-330, -270])
    m = paper_rows.measure(
        sweeps, FIGURE2, None, COMPARISONS, {"data.hierarchical_ceiling": contrast}
    )
    row = {r["id"]: r for r in paper_rows.rows(PUBLISHED, m)}["data.hierarchical_ceiling"]
    assert row["ours"] == pytest.approx(900 / 1200)
    assert row["paper"] is None
    assert row["holds"] is None
    assert m["details"]["data"]["open_mean_service_us"]["hierarchical-data-ts-0"] == 800
    why = paper_explain.explain(
        row, m["details"], {**CONFIG.__dict__, "profile": paper_plan.PROFILE}
    )
    assert "B lower" in why["text"]
    assert "data" in why["causes"]
    by_key = {s.key: s for s in paper_plan.series(CONFIG)}
    data = by_key["hierarchical-data-ts-0"].sweep_args(CONFIG, Path("/o/runs"), Path("/o/nd"))
    assert "--zero-size" not in data
    assert data[data.index("--name-dir") + 1] == "/o/nd/hierarchical-data"
    for key, s in by_key.items():
        if key != "hierarchical-data-ts-0":
            assert "--zero-size" in s.sweep_args(CONFIG, Path("/o/runs"), Path("/o/nd")), key
