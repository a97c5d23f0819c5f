"""Results vectors: the results files the current jar writes (profiles/vectors/results/, written
by generator-mr's ResultsVectorsTest with -Dmimesis.vectors.write=true), read through modeler-py's
readers, each checked against its JSON Schema in profiles/schema/; a fidelity.json written by
`fidelity` from the vectors' run (and one of a replay), read back into its typed scores; and the
summaries and sweep of older jars kept in tests/data, which must still read (compare and report
take a user's old results)."""

import json
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import OK, main
from mimesis_model.formats import results_schema
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FidelityFile, FidelityFileError
from mimesis_model.formats.fidelity_report import ReplayFidelity, RunFidelity
from mimesis_model.formats.namespace_report_file import NamespaceReportFile
from mimesis_model.formats.parse_report_file import ParseReportFile
from mimesis_model.formats.run_summary import RESPONSE, SERVICE, RunSummary, RunSummaryError
from mimesis_model.formats.sweep_file import SweepFile
from mimesis_model.runs.run_results import RunResults
from test_profile_vectors import SAMPLE_TRACE

REPOSITORY = Path(__file__).resolve().parents[2]
RESULTS = REPOSITORY / "profiles" / "vectors" / "results"
PROFILE = REPOSITORY / "profiles" / "vectors" / "profile"
TRACE = REPOSITORY / "profiles" / "vectors" / "trace"
DATA = Path(__file__).parent / "data"


def test_the_jars_summary_reads_with_every_section() -> None:
    results = RunResults.read(RESULTS / "run")
    summary = results.summary

    assert summary.valid, summary.invalid_because
    assert summary.profile_path is not None
    assert summary.replay is None
    assert summary.start_ms is not None
    assert summary.end_ms is not None
    assert summary.end_ms >= summary.start_ms
    assert summary.overall.count == summary.overall.scheduled > 1000
    assert sum(op.count for op in summary.ops.values()) == summary.overall.count
    for op in summary.ops.values():
        assert op.latency(SERVICE) is not None
        assert op.latency(RESPONSE) is not None
    assert summary.has_environment
    assert results.scaling.time_scale == 0
    assert results.namespace_root is not None
    assert results.namespace_root.startswith("/")
    assert {title for title, _ in summary.sections()} >= {"Options", "Target", "Workload"}


def test_the_jars_replay_summary_reads_its_replay() -> None:
    summary = RunResults.read(RESULTS / "replay").summary

    assert summary.replay is not None
    assert summary.replay.events == summary.overall.count
    # the sample's 5 denied calls are denied again: outcomes as recorded, not errors
    assert summary.replay.denied_as_recorded == 5
    assert summary.overall.errors == 0


def test_the_jars_sweep_reads_its_point() -> None:
    sweep = SweepFile.read(RESULTS)

    assert [point.time_scale for point in sweep.points] == [0.0]
    assert sweep.swept.endswith("profile")
    point = sweep.points[0]
    assert point.valid
    assert point.ops_per_second > 0
    assert all(op.latency(RESPONSE) is not None for op in point.ops.values())


def test_the_jars_parse_reports_read() -> None:
    report = ParseReportFile.read(RESULTS)
    assert report.last_event_ms >= report.first_event_ms
    assert sum(report.by_cmd.values()) > 0
    assert report.denied is not None
    assert set(report.by_target) <= {"file", "directory", "missing", "unknown", "cluster"}
    run = ParseReportFile.read(RESULTS / "run" / "trace")
    assert sum(run.by_cmd.values()) >= RunResults.read(RESULTS / "run").summary.overall.count


def test_the_jars_namespace_report_reads() -> None:
    report = NamespaceReportFile.read(RESULTS)
    assert report.generated["directories"] == report.target["directories"] == 40
    assert report.file_types
    assert all(0 <= share.share <= 1 for share in report.file_types)


def test_fidelity_of_the_jars_run_is_written_and_read_through_its_file(tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(RESULTS / "run", run)
    code = main(["fidelity", str(PROFILE), str(run), "--noise-draws", "2"])
    scores = FidelityFile.read(run)

    assert code == OK
    assert scores is not None
    assert not scores.is_replay
    assert scores.version == 4
    assert scores.whole is not None
    # scored without --against: the sizes at the end say why they are not scored
    assert isinstance(scores.scores, RunFidelity)
    assert scores.scores.sizes is not None
    assert scores.scores.sizes.not_scored is not None
    assert results_schema.problem(results_schema.FIDELITY, scores.report) is None
    # the jar's run lists its directories, as the profile's directory types do
    directories = scores.report["directories"]
    assert directories["listed"]["run"] > 0
    assert directories["listed"]["model"] > 0
    assert 0 <= directories["against_model"]["ks"]["listing_popularity"] < 1
    assert directories["against_model"]["noise"]["listing_popularity"] > 0
    # the model's mkdirs are its directory types' too, as the run's and the trace's are
    counts = scores.report["counts"]
    assert counts["model"]["mkdirs"] == pytest.approx(counts["run"]["mkdirs"], abs=2)


def test_fidelity_of_the_jars_run_reads_into_typed_scores_with_every_section(
    tmp_path: Path,
) -> None:
    run = tmp_path / "run"
    shutil.copytree(RESULTS / "run", run)
    against = ["--against", str(TRACE), "--noise-draws", "2"]
    assert main(["fidelity", str(PROFILE), str(run), *against]) == OK
    scores = read_scores(run)

    assert isinstance(scores, RunFidelity)
    assert scores.k == len(scores.per_type) > 0
    assert scores.run.trace == str(run / "trace")
    assert scores.run.results == str(run)
    assert scores.options.time_scale == 0
    assert scores.options.noise_draws == 2
    assert list(scores.counts) == ["run", "model", "trace"]
    assert scores.files == scores.counts["run"]["files"] > 0
    assert [side for side, _ in scores.against.sides()] == ["model", "trace"]
    for _, distances in scores.against.sides():
        assert list(distances.ks) == scores.dimensions
        assert distances.noise is not None
    assert scores.against.trace is not None
    assert scores.against.trace.trace == str(TRACE)
    assert scores.notes  # time scale 0: the time dimensions are not scored
    whole = scores.whole
    assert whole is not None
    assert whole.sides == ["run", "model", "trace"]
    assert whole.against.model is not None
    assert whole.against.trace is not None
    assert whole.commands
    assert whole.never_issued_of == "trace"
    assert whole.trace_window_factor is not None
    assert scores.users is not None
    assert scores.users.model is not None
    assert scores.users.model.tv is not None
    assert scores.users.model.top
    assert scores.directories is not None
    assert set(scores.directories.listed) == {"run", "model", "trace"}
    assert [side for side, _ in scores.directories.against.sides()] == ["model", "trace"]


def test_fidelity_of_a_replay_reads_into_typed_scores_with_every_section(
    tmp_path: Path,
) -> None:
    replay = tmp_path / "replay"
    shutil.copytree(DATA / "sample-replay", replay)
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay)]) == OK
    scores = read_scores(replay)

    assert isinstance(scores, ReplayFidelity)
    assert scores.trace == str(SAMPLE_TRACE)
    assert scores.run.results == str(replay)
    assert scores.whole.sides == ["run", "trace"]
    assert scores.whole.against.model is None
    assert scores.whole.against.trace is not None
    assert scores.whole.notes
    assert set(scores.bars) == {"calls_per_command", "command_mix_tv", "new_errors", "window"}
    assert scores.bars["command_mix_tv"].value == scores.whole.against.trace.command_mix_tv
    assert scores.errors.errors == scores.errors.new
    assert scores.window.trace_ms > 0
    assert scores.against_trace.ks


def read_scores(results: Path) -> RunFidelity | ReplayFidelity:
    """RESULTS' fidelity.json, read and typed."""
    read = FidelityFile.read(results)
    assert read is not None
    return read.scores


@pytest.mark.parametrize(
    "summary", sorted(DATA.glob("**/summary.json")), ids=lambda p: str(p.parent.name)
)
def test_summaries_of_older_jars_still_read(summary: Path) -> None:
    read = RunSummary.read(summary)
    assert read.ops
    assert all(op.latency(SERVICE) is not None for op in read.ops.values() if op.count)


def test_an_older_sweep_still_reads() -> None:
    assert SweepFile.read(DATA / "sweep").points


def test_a_summary_off_its_schema_is_one_line_naming_where(tmp_path: Path) -> None:
    path = tmp_path / "summary.json"
    document = json.loads((RESULTS / "run" / "summary.json").read_text())
    document["overall"]["count"] = "many"
    path.write_text(json.dumps(document))

    with pytest.raises(RunSummaryError) as error:
        RunSummary.read(path)
    assert str(path) in str(error.value)
    assert "overall/count" in str(error.value)
    assert "\n" not in str(error.value)


def test_every_results_schema_is_a_valid_json_schema() -> None:
    for name in (
        results_schema.SUMMARY, results_schema.SWEEP, results_schema.PARSE_REPORT,
        results_schema.NAMESPACE_REPORT, results_schema.FIDELITY, results_schema.COUNTERS,
    ):  # fmt: skip
        assert results_schema.load(name)["$schema"].endswith("2020-12/schema")


def test_the_jars_counters_are_what_their_schema_says() -> None:
    counters = json.loads((RESULTS / "run" / "counters.json").read_text())
    assert results_schema.problem(results_schema.COUNTERS, counters) is None
    assert counters["phase2"]


def test_a_fidelity_file_of_a_newer_version_or_off_its_schema_is_refused(tmp_path: Path) -> None:
    (tmp_path / FIDELITY_FILE).write_text(json.dumps({"version": 9, "k": 1}))
    with pytest.raises(FidelityFileError, match="version 9, newer than the 4"):
        FidelityFile.read(tmp_path)
    (tmp_path / FIDELITY_FILE).write_text(json.dumps({"version": 2, "k": "one"}))
    with pytest.raises(FidelityFileError, match=r"not a fidelity\.json"):
        FidelityFile.read(tmp_path)
