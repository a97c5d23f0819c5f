"""`compare` on real runs' summary.json (tests/data/ab, README there): means, CVs, Welch
intervals, verdicts, the plot, bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.runs.run_comparison import HIGHER, LOWER, UNKNOWN, WITHIN_NOISE

AB = Path(__file__).parent / "data" / "ab"
FAIR = [str(AB / f"fair{i}") for i in (1, 2, 3)]
UNFAIR = [str(AB / f"unfair{i}") for i in (1, 2, 3)]
PACED = [str(AB / f"paced{i}") for i in (1, 2)]


def compared(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["compare", *arguments, "--json"]) == OK
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def metric(report: dict[str, Any], name: str) -> dict[str, Any]:
    (found,) = [item for item in report["metrics"] if item["metric"] == name]
    return found


def test_means_cvs_and_welch_interval(capsys: pytest.CaptureFixture[str]) -> None:
    report = compared([*FAIR, "--", *UNFAIR], capsys)
    throughput = metric(report, "throughput")
    a = [
        json.loads((Path(d) / "summary.json").read_text())["overall"]["opsPerSecond"] for d in FAIR
    ]
    b = [
        json.loads((Path(d) / "summary.json").read_text())["overall"]["opsPerSecond"]
        for d in UNFAIR
    ]
    assert throughput["a"]["runs"] == a
    assert throughput["a"]["mean"] == pytest.approx(np.mean(a))
    assert throughput["b"]["cv"] == pytest.approx(np.std(b, ddof=1) / np.mean(b))
    # Welch's interval by its textbook formula (Welch-Satterthwaite degrees of freedom).
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    half = stats.t.ppf(0.975, df) * math.sqrt(va + vb)
    difference = np.mean(b) - np.mean(a)
    assert throughput["interval"] == pytest.approx([difference - half, difference + half])
    names = {item["metric"] for item in report["metrics"]}
    assert {"open throughput", "open latency p50", "open latency p99"} <= names


def test_a_real_difference_is_told_from_noise(capsys: pytest.CaptureFixture[str]) -> None:
    """Time scale 0 (as fast as possible) against 0.25 (paced): far less throughput."""
    report = compared([*FAIR, "--", *PACED], capsys)
    assert metric(report, "throughput")["verdict"] == LOWER
    assert any("options timeScale" in note or "durationMs" in note for note in report["notes"])
    same = compared([*FAIR, "--", *FAIR], capsys)
    assert {item["verdict"] for item in same["metrics"]} == {WITHIN_NOISE}


def test_a_namenode_setting_shows_where_it_acts_and_nowhere_else(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Access times kept to the millisecond: every open also writes; nothing else changes."""
    hour = [str(AB / f"atime-hour{i}") for i in (1, 2, 3, 4)]
    millisecond = [str(AB / f"atime-ms{i}") for i in (1, 2, 3, 4)]
    report = compared([*hour, "--", *millisecond], capsys)
    beyond = {item["metric"]: item["verdict"] for item in report["metrics"]}
    assert {name for name, verdict in beyond.items() if verdict != WITHIN_NOISE} == {
        "open latency p50"
    }
    assert beyond["open latency p50"] == HIGHER
    assert beyond["throughput"] == WITHIN_NOISE  # -11 %, with a CV of 14-17 % a side
    assert (
        "settings that differ: dfs.namenode.accesstime.precision: A (default), B 1"
        in report["notes"]
    )


def test_the_namenode_side_shows_what_a_file_s_data_costs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Empty files against files with their data, at the same time scale: the same ops/s, yet
    the NameNode takes twice the write locks (addBlock, complete, incremental block reports)."""
    zero = [str(AB / f"data-path-zero{i}") for i in (1, 2)]
    data = [str(AB / f"data-path-data{i}") for i in (1, 2)]
    report = compared([*zero, "--", *data], capsys)
    assert metric(report, "throughput")["verdict"] == WITHIN_NOISE
    for name in ("NameNode write locks", "NameNode addBlock", "NameNode incremental block reports"):
        assert metric(report, name)["verdict"] == HIGHER, name
    assert metric(report, "NameNode write locks")["unit"] == "/s"
    assert metric(report, "NameNode write locks")["b"]["mean"] == pytest.approx(
        np.mean(
            [
                json.loads((Path(d) / "summary.json").read_text())["namenode"]["mean"][
                    "writeLocksPerSecond"
                ]
                for d in data
            ]
        )
    )
    # runs without the NameNode's side (the other fixtures) have no such metric
    plain = compared([*FAIR, "--", *UNFAIR], capsys)
    assert not [m for m in plain["metrics"] if m["metric"].startswith("NameNode")]


def test_text_says_within_noise_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", *FAIR, "--", *FAIR]) == OK
    text = capsys.readouterr().out
    assert "no difference beyond noise" in text
    assert main(["compare", *FAIR, "--", *PACED]) == OK
    text = capsys.readouterr().out
    assert "differences beyond noise: throughput" in text
    assert HIGHER in text or LOWER in text


def test_one_run_a_side_cannot_tell(capsys: pytest.CaptureFixture[str]) -> None:
    report = compared([FAIR[0], "--", UNFAIR[0]], capsys)
    assert {item["verdict"] for item in report["metrics"]} == {UNKNOWN}
    assert any("3 or more" in note for note in report["notes"])


def test_one_run_a_side_says_cannot_tell_not_no_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A large gap with one run a side: the conclusion cannot say there is no difference."""
    assert main(["compare", FAIR[0], "--", PACED[0]]) == OK
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("cannot tell: 1 run(s) on A and 1 on B")
    assert not any("no difference" in line for line in lines)
    # the overall throughput and the 8 largest differences, not every metric
    rows = [line for line in lines if line.rstrip().endswith(UNKNOWN)]
    assert rows[0].startswith("throughput ")
    assert len(rows) == 9
    assert any(line.startswith("(") and "--all" in line for line in lines)
    assert main(["compare", FAIR[0], "--", PACED[0], "--all"]) == OK
    every = [line for line in capsys.readouterr().out.splitlines() if line.endswith(UNKNOWN)]
    assert len(every) > len(rows)


def test_the_b_option_is_the_same_as_the_separator(capsys: pytest.CaptureFixture[str]) -> None:
    assert compared([*FAIR, "--b", *UNFAIR], capsys) == compared([*FAIR, "--", *UNFAIR], capsys)


def test_plot_is_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ab.png"
    assert main(["compare", *FAIR, "--", *UNFAIR, "--plot", str(plot)]) == OK
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert plot.stat().st_size > 10_000
    assert not list(tmp_path.glob(".*inprogress"))


def test_the_plot_s_folder_is_made(tmp_path: Path) -> None:
    plot = tmp_path / "new" / "ab.png"
    assert main(["compare", *FAIR, "--", *UNFAIR, "--plot", str(plot), "--json"]) == OK
    assert plot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["{missing}", "--", *FAIR], "no such results directory"),
        ([*FAIR, "--", "{empty}"], "no summary.json"),
        ([*FAIR, "--", *FAIR, "--plot", "{file}/ab.png"], "--plot {file}/ab.png: "),
        ([*FAIR, "--", *FAIR, "--plot", "{empty}"], "--plot {empty}: is a directory"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "file").write_text("a user's file")
    names = {
        "missing": tmp_path / "missing",
        "empty": tmp_path / "empty",
        "file": tmp_path / "file",
    }
    message = message.format(**names)
    assert main(["compare", *[a.format(**names) for a in arguments]]) == BAD_INPUT
    error = capsys.readouterr().err
    assert message in error
    assert len(error.strip().splitlines()) == 1


def test_without_b_side_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", "compare", *FAIR],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == BAD_INPUT
    assert "--b" in done.stderr
    assert "Traceback" not in done.stderr
