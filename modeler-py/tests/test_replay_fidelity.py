"""`fidelity`, `report` and `compare` of a real replay (tests/data/sample-replay, README there):
the replay of the bundled sample trace scores near zero against it (the noise floor), its page
shows the scores and, with --beside, a run next to it; bad input is refused in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.fidelity_file import FIDELITY_FILE
from mimesis_model.model.fidelity import DIMENSIONS
from mimesis_model.runs.replay_fidelity import is_replay, score_replay
from mimesis_model.runs.run_results import RunResults
from test_profile_vectors import REPOSITORY, SAMPLE_TRACE

DATA = Path(__file__).parent / "data"
REPLAY = DATA / "sample-replay"
WAREHOUSE_REPLAY = DATA / "warehouse-replay"
WAREHOUSE_TRACE = REPOSITORY / "tests" / "warehouse-trace" / "trace"
RUN = DATA / "sample-run-ts005"


@pytest.fixture
def replay(tmp_path: Path) -> Path:
    """A writable copy of the golden replay."""
    return Path(shutil.copytree(REPLAY, tmp_path / "replay"))


def test_a_replay_is_its_trace_again(replay: Path) -> None:
    results = RunResults.read(replay)
    assert is_replay(results)
    assert not is_replay(RunResults.read(RUN))
    report = score_replay(SAMPLE_TRACE, results).to_json()
    whole = report["whole"]
    assert whole["calls"] == {"run": 6789, "trace": 6789}
    assert whole["denied"] == {"run": 5, "trace": 5}
    assert whole["against_trace"]["command_mix_tv"] == 0
    assert whole["against_trace"]["coverage"] == 1
    assert whole["never_issued"] == []
    assert all(row["difference"] == 0 for row in report["per_command"])
    assert {row["command"] for row in report["per_command"]} >= {"concat", "setSpaceQuota"}
    assert report["errors"]["new"] == 0
    # a replay made when its denials as recorded were counted as errors reads as a new one
    assert report["errors"]["errors"] == 0
    assert report["errors"]["denied_as_recorded"] == 5
    assert all(bar["met"] for name, bar in report["bars"].items() if name != "window")
    # Time scale 0: back to back, so neither the window nor the time dimensions are scored.
    assert report["bars"]["window"]["met"] is None
    ks = report["against_trace"]["ks"]
    assert set(ks) == set(DIMENSIONS)
    assert ks["interarrival"] is None
    assert ks["popularity"] is not None
    assert ks["popularity"] < 0.01
    assert ks["op_mix"] is not None
    assert ks["op_mix"] < 0.01


def test_the_warehouse_replay_meets_the_bars() -> None:
    """Snapshots, DistCp as a superuser, the encryption zones' listing HDFS audits on "/" (not
    under the replay's root, counted all the same), deletes that return false as in the trace."""
    report = score_replay(WAREHOUSE_TRACE, RunResults.read(WAREHOUSE_REPLAY)).to_json()
    whole = report["whole"]
    assert whole["calls"] == {"run": 3050, "trace": 3050}
    assert whole["denied"] == {"run": 22, "trace": 22}
    assert whole["against_trace"]["command_mix_tv"] == 0
    assert all(row["difference"] == 0 for row in report["per_command"])
    commands = {row["command"]: row["run"] for row in report["per_command"]}
    assert commands["listEncryptionZones"] == 2
    assert commands["createSnapshot"] == commands["deleteSnapshot"] == 2
    assert report["not_replayed"] == {}
    assert report["errors"]["new"] == 0
    assert report["errors"]["denied_as_recorded"] == 2
    assert report["errors"]["outcomes"]["falseAsRecorded"] == 20
    assert all(bar["met"] for name, bar in report["bars"].items() if name != "window")


def test_fidelity_of_a_replay_writes_its_scores(
    replay: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay), "--json"]) == OK
    printed = json.loads(capsys.readouterr().out)
    written = json.loads((replay / FIDELITY_FILE).read_text())
    assert printed["kind"] == written["kind"] == "replay"
    assert written["bars"] == printed["bars"]
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay)]) == OK
    text = capsys.readouterr().out
    assert "bar command_mix_tv" in text
    assert "errors 0 the trace did not have" in text
    assert "concat" in text


def test_a_replay_against_another_trace_is_refused(
    replay: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    assert main(["fidelity", str(other), str(replay)]) == BAD_INPUT
    assert "no events.avro" in capsys.readouterr().err
    assert main(["fidelity", str(RUN / "trace"), str(replay)]) == BAD_INPUT
    err = capsys.readouterr().err.strip()
    assert "but the replay" in err
    assert len(err.splitlines()) == 1
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay), "--time-scale", "2"]) == BAD_INPUT
    assert "is a replay" in capsys.readouterr().err


def test_the_report_shows_a_replay_beside_a_run(
    replay: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay)]) == OK
    capsys.readouterr()
    page = tmp_path / "pair.html"
    assert main(["report", str(replay), "--beside", str(RUN), "--out", str(page)]) == OK
    html = page.read_text()
    assert "<h1>Replay " in html
    assert "Replay against its trace" in html
    assert "Beside run " in html
    assert "A count" in html
    assert "replay of trace" in html  # compare's note on the two kinds
    assert "Ops per partition of the trace" in html
    assert html.count("data:image/png;base64,") >= 4


def test_compare_names_the_replay_and_the_run(
    replay: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", str(replay), "--", str(RUN), "--json"]) == OK
    report = json.loads(capsys.readouterr().out)
    assert any(
        "A: replay of trace" in note and "B: run of profile" in note for note in report["notes"]
    )
    assert any(item["metric"] == "throughput" for item in report["metrics"])
