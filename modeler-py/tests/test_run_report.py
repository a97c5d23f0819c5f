"""`report` on the golden run (tests/data/sample-run): one self-contained page with its plots."""

from __future__ import annotations

import base64
import json
import re
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FIDELITY_VERSION
from mimesis_model.runs.run_report import REPORT_FILE
from test_profile_vectors import SAMPLE_TRACE

DATA = Path(__file__).parent / "data"


@pytest.fixture
def results(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "sample-run", tmp_path / "run"))


def images(page: str) -> list[bytes]:
    return [
        base64.b64decode(data) for data in re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    ]


def test_page_embeds_every_plot_and_the_fidelity_scores(results: Path) -> None:
    assert (
        main(["fidelity", str(DATA / "sample-profile"), str(results), "--noise-draws", "3"]) == OK
    )
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    pngs = images(page)
    assert len(pngs) == 5  # timeline, latency, per type, fidelity, the whole workload's commands
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000 for png in pngs)
    assert "<h2>Fidelity</h2>" in page
    assert "popularity" in page
    assert "<h2>Fidelity of the whole workload</h2>" in page
    assert "<td>against the model</td><td>0.8" in page  # coverage: 5,111 calls of ~5,765
    assert "<td>listStatus</td><td>516</td>" in page
    assert "20261123-170808-8e45f3" in page
    assert "timeScale" in page  # the options table
    assert 'src="http' not in page  # nothing loaded from elsewhere


def test_without_fidelity_the_page_says_how_to_get_it(results: Path, tmp_path: Path) -> None:
    out = tmp_path / "elsewhere" / "page.html"
    assert main(["report", str(results), "--out", str(out)]) == OK
    page = out.read_text()
    assert len(images(page)) == 3
    assert "No fidelity scores: run `mimesis-model fidelity" in page
    assert not (results / REPORT_FILE).exists()


def test_a_timeline_with_drift_gets_a_drift_plot(results: Path) -> None:
    # runs since the timeline's maxLatenessUs column: each second's latest op against its due time
    timeline = results / "timeline.csv"
    rows = timeline.read_text().splitlines()
    drift = [rows[0] + ",maxLatenessUs"] + [f"{row},{150 * i}" for i, row in enumerate(rows[1:])]
    timeline.write_text("\n".join(drift) + "\n")
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert len(images(page)) == 4  # timeline, drift, latency, per type
    assert "Drift over time" in page
    assert "maxLatenessUs" not in page  # not drawn as an op


def test_bad_timeline_is_one_line_exit_2(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (results / "timeline.csv").write_text("second,open\n0,x\n")
    assert main(["report", str(results)]) == BAD_INPUT
    error = capsys.readouterr().err
    assert "timeline.csv: not a run's timeline" in error
    assert len(error.strip().splitlines()) == 1
    assert not list(results.glob("*report*"))


def test_missing_folder_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "none")]) == BAD_INPUT
    assert "no such results directory" in capsys.readouterr().err


def test_what_the_jvm_spent_in_phase_2_gets_a_table(results: Path) -> None:
    # runs since the summary's jvm section (local job runner): the page shows it as recorded
    summary_file = results / "summary.json"
    summary = json.loads(summary_file.read_text())
    summary["jvm"] = {"scope": "phase 2 in this JVM: the NameNode, its DataNodes and every mapper",
                      "cores": 1.8, "cpuMicrosPerOp": 108.7, "collections": 140}  # fmt: skip
    summary_file.write_text(json.dumps(summary))
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert "<h2>This JVM in phase 2</h2>" in page
    assert "cpuMicrosPerOp" in page
    assert "108.7" in page


def fidelity_report(results: Path, against_trace: bool = False) -> dict:  # type: ignore[type-arg]
    arguments = [str(DATA / "sample-profile"), str(results), "--noise-draws", "2"]
    if against_trace:
        arguments += ["--against", str(SAMPLE_TRACE)]
    assert main(["fidelity", *arguments]) == OK
    report: dict = json.loads((results / FIDELITY_FILE).read_text())  # type: ignore[type-arg]
    return report


def test_the_whole_workload_against_the_trace_marks_the_commands_never_issued(
    results: Path,
) -> None:
    fidelity_report(results, against_trace=True)
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert "<td>against the trace</td><td>0.753</td>" in page
    assert "<td>append (never issued *)</td><td>0</td><td>0</td><td>15</td>" in page
    assert "<td>truncate (never issued)</td>" in page
    assert "<td>all calls</td><td>5,111</td>" in page


def test_a_version_1_fidelity_json_is_shown_without_the_whole_workload(results: Path) -> None:
    report = fidelity_report(results)
    del report["version"], report["whole"]
    (results / FIDELITY_FILE).write_text(json.dumps(report))
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert "<h2>Fidelity</h2>" in page
    assert "Fidelity of the whole workload" not in page
    assert "is of version 1, without the whole workload" in page
    assert len(images(page)) == 4


def test_a_newer_fidelity_json_is_one_line_exit_2(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = fidelity_report(results)
    report["version"] = FIDELITY_VERSION + 1
    (results / FIDELITY_FILE).write_text(json.dumps(report))
    capsys.readouterr()
    assert main(["report", str(results)]) == BAD_INPUT
    error = capsys.readouterr().err
    assert (
        f"version {FIDELITY_VERSION + 1}, newer than the {FIDELITY_VERSION} this mimesis-model "
        "reads" in error
    )
    assert len(error.strip().splitlines()) == 1
    assert not (results / REPORT_FILE).exists()


def test_a_run_with_response_times_gets_both_latencies_and_its_waits(results: Path) -> None:
    # runs that measure response time: service time (call start to end) and response time (due
    # time to end)
    summary = json.loads((results / "summary.json").read_text())
    for item in summary["ops"].values():
        service = item.pop("latencyMicros")
        item["serviceMicros"] = service
        item["responseMicros"] = {key: 3 * value for key, value in service.items()}
    summary["waits"] = {"forSlot": 12, "forSlotMicrosMean": 950.5, "forPreviousOp": 3}
    (results / "summary.json").write_text(json.dumps(summary))
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert len(images(page)) == 4  # timeline, service time, response time, per type
    assert "Response time percentiles by op" in page
    assert "response p99 µs" in page
    assert "Ops that waited past their due time" in page
    assert "service time only" not in page


def test_a_run_before_response_times_says_it_has_service_time_only(results: Path) -> None:
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert (
        "The summary has no response time (a run made before it was measured): service time only."
        in page
    )


def test_the_namenodes_metrics_get_a_plot_and_a_table(results: Path) -> None:
    # runs that record the NameNode: namenode.csv, a row a second, and the summary's means and peaks
    header = "second,epochMs,rpcQueueTimeAvgMs,rpcProcessingTimeAvgMs,readLockHoldAvgMs,"
    header += "callQueueLength,rpcCallsPerSecond,gcMillisPerSecond,heapUsedMB"
    rows = [f"{s}.0,{1_700_000_000_000 + 1000 * s},{0.1 * s},{0.5},{0.02},{s % 3},,{s},{200 + s}"
            for s in range(6)]  # fmt: skip
    (results / "namenode.csv").write_text("\n".join([header, *rows]) + "\n")
    summary = json.loads((results / "summary.json").read_text())
    summary["namenode"] = {
        "source": "JMX in process",
        "samples": 6,
        "mean": {"rpcQueueTimeAvgMs": 0.25},
        "peak": {"rpcQueueTimeAvgMs": 0.5},
    }
    (results / "summary.json").write_text(json.dumps(summary))
    assert main(["report", str(results)]) == OK
    page = (results / REPORT_FILE).read_text()
    assert len(images(page)) == 4  # timeline, the NameNode, latency, per type
    assert "The NameNode through phase 2 (its metrics, once a second)" in page
    assert "<td>rpcQueueTimeAvgMs</td><td>0.250 / 0.500</td>" in page
