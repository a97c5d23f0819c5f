"""The closed loop on real MapReduce output commits: tests/commit-trace fitted with the defaults,
its profile run by the packaged jar against an embedded NameNode, and the run's own audit log
scored against the trace (`mimesis-model fidelity --against`): the run issues the trace's calls,
command by command. Slow, and marked jar: bin/test runs it once the Java stage has built the
jar."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from test_commit_trace import COMMIT_TRACE, MIN_SHARE
from test_profile_vectors import REPOSITORY

JAR = REPOSITORY / "dist" / "target" / "mimesisbench.jar"
RUN_COUNT_TOLERANCE = 0.05
"""a command of at least MIN_SHARE of the trace's calls: within this of its trace count"""
RUN_CALLS_TOLERANCE = 0.02
MAX_MIX_TV = 0.02

pytestmark = [pytest.mark.slow, pytest.mark.jar]


def _model(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", *arguments],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not JAR.is_file():
        pytest.skip(f"{JAR} is not built (mvn -pl dist -am package builds it)")
    work = tmp_path_factory.mktemp("commit-run")
    profile, run = work / "profile", work / "run"
    _model("fit", str(COMMIT_TRACE), "--out", str(profile), "--seed", "0")
    # time scale 0: the calls, not their timing, are what this checks; the run is then short
    done = subprocess.run(
        ["java", "-jar", str(JAR), "run", "--profile", str(profile), "--time-scale", "0",
         "--seed", "1", "--out", str(run)],
        capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = json.loads((run / "summary.json").read_text())
    assert summary["valid"], summary.get("invalidBecause")
    assert summary["overall"]["errors"] == 0
    report: dict[str, Any] = json.loads(
        _model("fidelity", str(profile), str(run), "--against", str(COMMIT_TRACE), "--json")
    )
    return report


def _off(whole: dict[str, Any], slack_calls: int) -> dict[str, tuple[float, int]]:
    """The commands of at least MIN_SHARE of the trace's calls whose run count is off by more
    than RUN_COUNT_TOLERANCE of the trace's, or SLACK_CALLS if more: (trace, run)."""
    total = whole["calls"]["trace"]
    return {
        row["command"]: (row["trace"], row["run"])
        for row in whole["commands"]
        if row["trace"] >= MIN_SHARE * total
        and abs(row["run"] - row["trace"]) > max(RUN_COUNT_TOLERANCE * row["trace"], slack_calls)
    }


def test_a_run_issues_the_commit_traces_calls_command_by_command(scored: dict[str, Any]) -> None:
    """Measured (seed 1, time scale 0): 1,298 calls of 1,296, TV 0.0061; open 209 of 202,
    setPermission 64 of 66, setReplication 17 of 16, delete 50 of 55, the others exact or
    within one. The 1 % commands of a trace this small are 13-66 calls, where one call is
    2-8 %: a command is held to 5 % or 2 calls. Delete is the one left out here: the sum of
    three processes (file deletes, deletes of missing paths, recursive deletes of directories),
    one run's count spreads by 1.9 calls (sd over 40 seeds of the generator's schedule, mean
    54.2 of the trace's 55; 52 at seed 1): its mean is held to 2 % in test_commit_trace."""
    whole = scored["whole"]
    calls = whole["calls"]
    assert calls["run"] == pytest.approx(calls["trace"], rel=RUN_CALLS_TOLERANCE)
    assert {c: n for c, n in _off(whole, 2).items() if c != "delete"} == {}
    assert whole["against_trace"]["command_mix_tv"] <= MAX_MIX_TV


def test_the_run_s_own_bookkeeping_is_not_scored(scored: dict[str, Any]) -> None:
    """The embedded NameNode's save for namespace-end.tsv (safe mode, saveNamespace) comes after
    the window fidelity scores: the run issues no command the trace does not."""
    commands = {row["command"]: row for row in scored["whole"]["commands"]}
    for command in ("safemode_enter", "safemode_leave", "saveNamespace"):
        assert commands.get(command, {}).get("run", 0) == 0, command


def test_the_run_s_calls_say_when_they_were_due_and_began(scored: dict[str, Any]) -> None:
    """The embedded NameNode logs each call's caller context: fidelity measures how late the
    calls began and how long they took to reach the log (at time scale 0 every call is due at
    the start, so only the offsets and the calls are checked)."""
    timing = scored["run"]["timing"]
    assert timing is not None
    assert timing["calls"] >= 0.99 * scored["whole"]["calls"]["run"] - 5
    assert 0 <= timing["offset_ms"]["p50"] < 1_000
