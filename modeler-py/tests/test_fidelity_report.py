"""fidelity.json's keys are named once, in fidelity_report: the typed scores `fidelity` writes
read back from the file into the same scores, and write the file again byte for byte (key order
included); so does the whole workload of `validate --json`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from mimesis_model.cli import OK, main
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FidelityFile
from mimesis_model.formats.fidelity_report import (
    Percentiles,
    ReplayFidelity,
    RunFidelity,
    RunInfo,
    Sizes,
    Stages,
    TimingStages,
    WholeWorkload,
)
from mimesis_model.formats.image_delimited import read_delimited
from mimesis_model.formats.profile import Profile
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.model.validation import validate
from mimesis_model.runs.size_fidelity import compare_sizes
from test_profile_vectors import SAMPLE_TRACE
from test_results_vectors import DATA, PROFILE, RESULTS, TRACE
from test_size_fidelity import END_IMAGE, START_IMAGE


def written_again(results: Path) -> tuple[RunFidelity | ReplayFidelity, str, str]:
    """RESULTS' fidelity.json read into typed scores, those scores written as `fidelity` writes
    them, and the file as it was."""
    read = FidelityFile.read(results)
    assert read is not None
    again = json.dumps(read.scores.to_json(), indent=2) + "\n"
    return read.scores, again, (results / FIDELITY_FILE).read_text(encoding="utf-8")


def test_a_runs_scores_write_the_file_they_were_read_from(tmp_path: Path) -> None:
    """The jar's run against its trace: users, directories, noise and both sides scored."""
    run = Path(shutil.copytree(RESULTS / "run", tmp_path / "run"))
    against = ["--against", str(TRACE), "--noise-draws", "2"]
    assert main(["fidelity", str(PROFILE), str(run), *against]) == OK
    scores, again, written = written_again(run)
    assert isinstance(scores, RunFidelity)
    assert scores.users is not None
    assert scores.directories is not None
    assert again == written


def test_a_replays_scores_write_the_file_they_were_read_from(tmp_path: Path) -> None:
    replay = Path(shutil.copytree(DATA / "sample-replay", tmp_path / "replay"))
    assert main(["fidelity", str(SAMPLE_TRACE), str(replay)]) == OK
    scores, again, written = written_again(replay)
    assert isinstance(scores, ReplayFidelity)
    assert scores.per_command
    assert again == written


def test_scored_sizes_and_a_runs_timing_read_back_as_written() -> None:
    run, trace = read_delimited(END_IMAGE), read_delimited(START_IMAGE)
    sizes = compare_sizes(run, trace, run.path[:40], trace.path[:40])
    assert sizes.all_files is not None
    assert sizes.all_files.not_scored is None
    assert sizes.created is not None
    assert sizes.created.not_scored is None
    assert Sizes.of(sizes.to_json()) == sizes
    stages = Stages(0.25, 0.125, None)
    timing = TimingStages(7, Percentiles(1.5, 3.0, 9.5), Percentiles(0.5, 1.0, 2.0), stages, stages)
    info = RunInfo("run/trace", "run", "/mimesisbench/ns-1", 1, "barrier", 9, 8.0, timing)
    assert RunInfo.of(info.to_json()) == info
    assert list(info.to_json()) == [
        "trace", "namespace_root", "start_ms", "start_from", "end_ms", "window_ms", "timing",
        "results",
    ]  # fmt: skip


def test_validates_whole_workload_reads_back_as_written() -> None:
    report = validate(Profile.read(PROFILE), read_for_fitting(TRACE), random_state=0)
    whole = report["whole"]
    assert WholeWorkload.of_validation(whole).to_validation_json() == whole
    assert list(WholeWorkload.of_validation(whole).to_validation_json()) == list(whole)
