"""`validate` over the whole workload, on the bundled sample of real MapReduce jobs: the model
generates files only (create, open, listStatus and getfileinfo of a file, delete, mkdirs,
rename), so the trace's other calls, and its listings and stats of directories, are a gap that
the whole-workload scores must show."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from mimesis_model.cli import OK, main
from mimesis_model.formats.profile import Profile
from mimesis_model.model.fit import FittedTrace, ProfileFitter, read_for_fitting
from mimesis_model.model.validation import VALIDATION_VERSION, validate
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def sample() -> FittedTrace:
    return read_for_fitting(SAMPLE_TRACE)


@pytest.fixture(scope="module")
def profile(sample_fitter: ProfileFitter) -> Profile:
    return copy.deepcopy(sample_fitter.profile_)


def test_the_whole_workload_shows_what_the_model_does_not_issue(
    sample: FittedTrace, profile: Profile
) -> None:
    report = validate(profile, sample, random_state=0)
    assert report["version"] == VALIDATION_VERSION == 2
    whole = report["whole"]
    assert whole["calls"]["trace"] == 6_789
    # the 5 denied calls are the model's denied-call streams
    assert whole["denied"] == {"trace": 5, "model": pytest.approx(5, abs=0.5)}
    # The whole workload (files, directories, calls, probes) against every call of the trace.
    assert report["ks"]["op_mix"] < 0.01
    # What the model leaves out: a concat, and a few calls past the window's end.
    assert whole["coverage"] == pytest.approx(0.999, abs=0.002)
    assert whole["command_mix_tv"] == pytest.approx(0.001, abs=0.001)
    by_command = {row["command"]: row for row in whole["commands"]}
    # 773 of the trace's 1,331 listings are of directories: the directory types list them.
    assert by_command["listStatus"]["trace"] == 1_331
    assert by_command["listStatus"]["model"] == pytest.approx(1_331, rel=0.1)
    # The trace deletes job directories whole, one call each; so do the directory types.
    assert by_command["delete"]["trace"] == 41
    assert by_command["delete"]["model"] == pytest.approx(38, rel=0.1)
    assert {item["command"] for item in whole["never_issued"]} == {"concat"}
    assert [item["command"] for item in whole["never_issued"] if item["flagged"]] == []
    assert whole["calls"]["model"] == pytest.approx(sum(row["model"] for row in whole["commands"]))


def test_span_scaling_makes_the_coverage_not_comparable(
    sample: FittedTrace, profile: Profile
) -> None:
    whole = validate(profile, sample, span_scale=2.0, random_state=0)["whole"]
    assert whole["coverage"] is None
    assert "span scale 2" in whole["notes"][0]
    assert whole["command_mix_tv"] is not None
    assert validate(profile, sample, time_scale=0.5, random_state=0)["whole"]["coverage"] > 0.8


def test_the_command_prints_coverage_and_what_was_never_issued(
    profile: Profile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile.write(tmp_path / "profile")
    assert main(["validate", str(tmp_path / "profile"), str(SAMPLE_TRACE)]) == OK
    text = capsys.readouterr().out
    assert "against the trace: coverage 0.99" in text
    assert "never issued: 1 of the trace's 16 commands" in text
    assert main(["validate", str(tmp_path / "profile"), str(SAMPLE_TRACE), "--json"]) == OK
    assert json.loads(capsys.readouterr().out)["whole"]["never_issued_of"] == "trace"
