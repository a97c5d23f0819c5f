import json
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.sweep_file import SweepFile
from mimesis_model.runs.sweep import (
    FIGURE_FILE,
    NAMENODE_FIGURE,
    levels,
    render,
    saturation,
    warnings,
)

SWEEP = Path(__file__).parent / "data" / "sweep"
"""sweep.json of `mimesisbench.jar sweep --profile profiles/vectors/profile
--time-scale 0.05,0.02,0.005,0 --repeat 2` on an embedded HDFS."""


def of(sweep: dict[str, object]) -> SweepFile:
    """SWEEP (sweep.json's content) read as the command reads it."""
    return SweepFile.of(sweep, Path("sweep.json"))


def point(scale: float, rate: float, mean_us: float, repeat: int = 1) -> dict[str, object]:
    def op(count: int, us: float) -> dict[str, object]:
        return {"count": count, "latencyMicros": {"p50": us, "p99": 3 * us, "mean": us}}

    ops = {"open": op(90, mean_us), "create": op(10, 2 * mean_us)}
    return {"timeScale": scale, "repeat": repeat, "valid": True, "opsPerSecond": rate, "ops": ops}


def test_a_real_sweep_pools_its_repeats_per_time_scale() -> None:
    sweep_levels = levels(SweepFile.read(SWEEP))

    assert [level.time_scale for level in sweep_levels] == [0.05, 0.02, 0.005, 0.0]
    assert all(level.repeats == 2 and level.valid == 2 for level in sweep_levels)
    assert sweep_levels[-1].rate > 2 * sweep_levels[0].rate  # back to back is the fastest
    assert {"open", "create"} <= set(sweep_levels[0].ops)


def test_saturation_is_where_latency_reaches_the_climb_interpolated() -> None:
    sweep = {
        "points": [
            point(1, 100, 100),
            point(0.5, 200, 110),
            point(0.2, 500, 150),
            point(0, 900, 550),
        ]
    }
    knee = saturation(levels(of(sweep)), climb=2.0)

    # the mean latency weighted by count is 1.1x each point's mean_us: 110, 121, 165, 605
    assert knee["saturated"]
    assert knee["rate"] == pytest.approx(500 + (220 - 165) / (605 - 165) * 400)
    assert knee["maxRate"] == 900


def test_the_unloaded_latency_is_the_lowest_not_the_first() -> None:
    sweep = {"points": [point(1, 100, 300), point(0.5, 200, 100), point(0, 900, 250)]}
    knee = saturation(levels(of(sweep)), climb=2.0)

    assert knee["baselineLatencyUs"] == pytest.approx(110)
    assert knee["rate"] == pytest.approx(200 + (220 - 110) / (275 - 110) * 700)


def test_response_time_is_used_when_every_point_has_it() -> None:
    # sweeps that measured response time (due time to end) beside the service time
    def point2(
        scale: float, rate: float, service_us: float, response_us: float
    ) -> dict[str, object]:
        op = {
            "count": 10,
            "serviceMicros": {"p50": service_us, "p99": service_us, "mean": service_us},
            "responseMicros": {"p50": response_us, "p99": response_us, "mean": response_us},
        }
        return {"timeScale": scale, "valid": True, "opsPerSecond": rate, "ops": {"open": op}}

    # service time stays flat past the knee; the backlog shows in the response time only
    sweep = {
        "points": [point2(1, 100, 100, 110), point2(0.5, 200, 100, 150), point2(0.2, 300, 110, 900)]
    }
    sweep_levels = levels(of(sweep))
    knee = saturation(sweep_levels, climb=2.0)

    assert all(level.latency == "response" for level in sweep_levels)
    assert sweep_levels[-1].ops["open"].p50_us == 900
    assert knee["saturated"]
    assert knee["latency"] == "response"
    assert knee["rule"].startswith("mean response time reaches 2x")


def test_the_namenodes_metrics_of_the_points_get_a_figure_beside_figure_2(tmp_path: Path) -> None:
    points = [point(1, 100, 100), point(0.5, 200, 110), point(0, 900, 500)]
    for i, p in enumerate(points):  # runs that record the NameNode: its's means over phase 2
        p["namenode"] = {"rpcQueueTimeAvgMs": 0.1 * (i + 1) ** 3, "callQueueLength": float(i)}
    sweep = tmp_path / "s"
    sweep.mkdir()
    (sweep / "sweep.json").write_text(json.dumps({"profile": "p", "points": points}))
    sweep_levels = levels(SweepFile.read(sweep))
    assert sweep_levels[-1].namenode["rpcQueueTimeAvgMs"] == pytest.approx(2.7)
    assert main(["sweep", str(sweep)]) == OK
    assert (sweep / NAMENODE_FIGURE).read_bytes().startswith(b"\x89PNG")


def test_an_old_sweep_without_response_time_uses_the_service_time_and_says_so() -> None:
    knee = saturation(levels(of({"points": [point(1, 100, 100), point(0, 900, 120)]})))

    assert knee["latency"] == "service"
    assert knee["rule"].startswith("mean service time reaches")


def test_no_saturation_within_the_sweep_says_so() -> None:
    knee = saturation(levels(of({"points": [point(1, 100, 100), point(0, 900, 120)]})))

    assert not knee["saturated"]
    assert knee["rate"] is None
    assert knee["maxRate"] == 900


def test_the_command_writes_figure_2_into_the_sweep(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copytree(SWEEP, tmp_path / "s")
    code = main(["sweep", str(tmp_path / "s")])
    out, err = capsys.readouterr()

    assert (code, err) == (OK, "")
    assert "time scale" in out
    assert "saturation" in out
    assert (tmp_path / "s" / FIGURE_FILE).read_bytes().startswith(b"\x89PNG")
    code = main(["sweep", str(tmp_path / "s"), "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == OK
    assert len(result["levels"]) == 4
    assert "saturated" in result["saturation"]


def test_not_a_sweep_folder_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(["sweep", str(tmp_path)])
    _, err = capsys.readouterr()

    assert code == BAD_INPUT
    assert err.count("\n") == 1
    assert "sweep.json: no such file" in err
    assert not (tmp_path / FIGURE_FILE).exists()


def test_an_interpolated_saturation_names_the_rates_measured_around_it() -> None:
    sweep = {"points": [point(1, 388, 100), point(0, 3453, 2000)]}
    sweep_levels = levels(of(sweep))
    knee = saturation(sweep_levels, climb=2.0)

    assert knee["between"] == [388, 3453]
    assert knee["interpolated"]
    line = render(sweep_levels, knee).splitlines()[-1]
    assert line.startswith("saturation: between the measured 388 and 3,453 ops/s (")
    assert "interpolated" in line


def test_one_run_a_time_scale_has_no_cv() -> None:
    sweep_levels = levels(of({"points": [point(1, 100, 100), point(0, 900, 120)]}))

    assert all(level.rate_cv is None for level in sweep_levels)
    rows = render(sweep_levels, saturation(sweep_levels)).splitlines()[1:3]
    assert all(row.split()[3] == "-" for row in rows)


def test_short_and_cold_points_are_warned_of() -> None:
    short = {**point(0, 900, 120), "seconds": 1.4}
    cold = of({"points": [{**point(1, 100, 100), "seconds": 60.0}, short]})
    said = warnings(cold, levels(cold))

    assert any(w.startswith("time scale 0: a run lasted 1.4 s") for w in said)
    assert any("no --warm-up" in w for w in said)
    warm = of({"warmUpMs": 240_000, "points": [{**point(1, 100, 100), "seconds": 60.0}]})
    assert warnings(warm, levels(warm)) == []
