"""`fidelity` on a real run's trace (tests/data/sample-run, README there): phase 2 is read
exactly, the distances are scored against the model and the original trace, bad input is
refused in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.fidelity_file import FIDELITY_FILE
from mimesis_model.formats.fidelity_report import Distances, TypeDistances
from mimesis_model.formats.profile import Profile
from mimesis_model.model.directory_fit import listings
from mimesis_model.model.fidelity import DIMENSIONS
from mimesis_model.runs.run_fidelity import _contributors
from mimesis_model.runs.run_results import RunResults, RunScaling
from mimesis_model.runs.run_trace import RunTrace
from test_profile_vectors import SAMPLE_TRACE
from tracefiles import T0, audit_event, directory_timeline, file_timeline, write_trace

DATA = Path(__file__).parent / "data"
PROFILE = DATA / "sample-profile"
RUN = DATA / "sample-run"
VECTORS_PROFILE = Path(__file__).resolve().parents[2] / "profiles" / "vectors" / "profile"


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """A writable copy of the golden results folder."""
    return Path(shutil.copytree(RUN, tmp_path / "run"))


def with_options(results: Path, **options: object) -> None:
    """RESULTS' summary.json with these run options (the summary's names) as if the run had had
    them."""
    summary = json.loads((results / "summary.json").read_text())
    summary["options"] |= options
    (results / "summary.json").write_text(json.dumps(summary))


def fidelity_json(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(["fidelity", *arguments, "--json", "--noise-draws", "5"]) == OK
    report: dict = json.loads(capsys.readouterr().out)  # type: ignore[type-arg]
    return report


def test_phase_two_is_exactly_what_the_run_issued() -> None:
    """The run's summary counts what its mappers issued: the trace's phase 2 must hold exactly
    that (nothing of phase 1, the barrier or the job's own files leaks in)."""
    results = RunResults.read(RUN)
    run = RunTrace.read(results.trace_dir, k=8, window_ms=230_929)
    issued = {op: item.count for op, item in results.ops.items()}
    seen = {("getFileInfo" if op == "getfileinfo" else op): n for op, n in run.op_counts.items()}
    assert seen == issued
    behaviour = run.behaviour
    assert run.start_from == "barrier"
    assert run.namespace_root == results.namespace_root
    assert int(np.count_nonzero(behaviour.created)) == issued["create"]
    assert int(np.count_nonzero(behaviour.deleted)) == issued["delete"]
    # Phase 1 made 139 pre-existing files (134 typed, 5 dormant); their creates are not phase 2.
    assert int(np.count_nonzero(behaviour.pre_existing)) == 139
    assert int(np.count_nonzero(run.labels == -1)) == int(np.count_nonzero(behaviour.dormant))
    assert np.nanmin(behaviour.first_access) >= 0
    # Depths count from the namespace root: the profile's depths are 3 to 9.
    assert behaviour.depth.min() >= 3


def test_fidelity_of_the_golden_run(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = fidelity_json([str(PROFILE), str(results), "--against", str(SAMPLE_TRACE)], capsys)
    assert set(report["against_model"]["ks"]) == set(DIMENSIONS)
    assert set(report["against_trace"]["ks"]) == set(DIMENSIONS)
    assert all(value is not None for value in report["against_model"]["ks"].values())
    assert [item["type"] for item in report["against_model"]["per_type"]] == list(range(8))
    # Measured on this run (README of tests/data). Its generator predates the shrinking of the
    # spans that the window's end would cut (it dropped their accesses past the end), which the
    # reference generator now draws: 0.066 against today's synthesis, below 0.05 before.
    assert report["against_model"]["ks"]["popularity"] < 0.07
    assert report["against_trace"]["ks"]["popularity"] == pytest.approx(0.0655, abs=1e-3)
    # The run's namespace has no directory deep enough for the trace's 20 files at depths 8-9.
    assert report["against_trace"]["ks"]["files_per_depth"] == pytest.approx(20 / 398, abs=2e-3)
    counts = report["counts"]
    assert counts["run"]["creates"] == counts["trace"]["creates"] == 264
    written = json.loads((results / FIDELITY_FILE).read_text())
    assert written["against_model"] == report["against_model"]
    assert not list(results.glob(".*inprogress"))


def test_a_trace_folder_with_flags_scores_as_its_results_folder(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from_results = fidelity_json([str(PROFILE), str(results)], capsys)
    from_trace = fidelity_json([str(PROFILE), str(results / "trace"), "--time-scale", "1"], capsys)
    assert from_trace["against_model"] == from_results["against_model"]
    assert not (results / "trace" / FIDELITY_FILE).exists()


def test_workload_start_in_the_summary_is_used(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = json.loads((results / "summary.json").read_text())
    barrier = RunTrace.read(results / "trace", k=8, window_ms=230_929).start_ms
    summary["workload"]["startMs"] = barrier + 60_000
    (results / "summary.json").write_text(json.dumps(summary))
    report = fidelity_json([str(PROFILE), str(results)], capsys)
    assert report["run"]["start_from"] == "summary"
    # time zero is the schedule's own; calls logged up to 100 ms before it are read, at zero
    assert report["run"]["start_ms"] == barrier + 60_000
    assert report["counts"]["run"]["creates"] < 264  # the first minute's creates are now phase 1


def test_text_output_says_what_is_beyond_noise(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fidelity", str(PROFILE), str(results), "--noise-draws", "5"]) == OK
    text = capsys.readouterr().out
    assert "popularity" in text
    assert "model t7" in text
    assert "against the model: " in text


def test_a_dimension_beyond_noise_names_the_types_that_weigh_most() -> None:
    def typed(j: int, files: int, gaps: int, interarrival: float | None) -> TypeDistances:
        return TypeDistances(
            j, files, float(files), {"interarrival": interarrival}, {"interarrival": gaps}
        )

    against = Distances(
        {"interarrival": 0.2, "popularity": 0.01},
        {"interarrival": 0.05, "popularity": 0.02},
        per_type=(
            typed(0, 900, 900, 0.05),
            typed(1, 100, 100, 0.9),
            typed(2, 50, 50, None),
            typed(3, 0, 0, 1.0),
            typed(4, 400, 2, 0.5),
        ),
    )
    assert against.beyond_noise() == ["interarrival"]
    # 100/1002 x 0.9 = 0.09 weighs more than 900/1002 x 0.05 = 0.045; t4's 400 files give two
    # interarrivals: 0.001 x 0.5, last; no distance or no value: left out
    assert [t.type for t in against.contributors("interarrival")] == [1, 0, 4]
    assert _contributors(against, "interarrival") == (
        "  interarrival: most from t1 0.9000 (100 of 1,052 values), t0 0.0500 (900 of 1,052 "
        "values), t4 0.5000 (2 of 1,052 values)"
    )
    assert _contributors(against, "popularity") is None


def test_a_report_without_value_counts_weighs_types_by_their_files() -> None:
    item = {"type": 0, "files": {"run": 7, "model": 7.0}, "ks": {"interarrival": 0.1}}
    assert TypeDistances.of(item).weight("interarrival") == 7


def test_scaling_options_change_the_prediction() -> None:
    profile = Profile.read(PROFILE)
    scaling = RunScaling(time_scale=0.5, type_scales={"all": 2.0, "1": 3.0}, types=[0, 1])
    scaled = scaling.profile_run(profile)
    assert scaled.file_types[0].files == 2 * profile.file_types[0].files
    assert scaled.file_types[1].files == 6 * profile.file_types[1].files
    assert scaled.file_types[2].files == 0  # isolated out, but still numbered 2
    assert RunScaling(time_scale=0.5, duration_ms=60_000).window_ms(profile) == 120_000
    # --window: the same schedule at every time scale, 0 included (--duration only caps it there)
    for scale in (1.0, 0.5, 0.0):
        options = {"timeScale": scale, "windowMs": 90_000, "durationMs": 5_000}
        window = RunScaling.of_options(options, "t")
        assert window.window_ms(profile) == 90_000
        assert window.as_json()["windowMs"] == 90_000


def test_phase_one_creates_and_accesses_are_not_phase_two(tmp_path: Path) -> None:
    root = "/mimesisbench/ns-00ff"
    barrier = "/mimesisbench/.mimesisbench/runs/r1/barrier/type0-share0"
    start = T0 + 10_000 + 1_500
    files = [
        # made in phase 1, stat'ed then (a resume check), opened twice in phase 2
        file_timeline(0, [(T0 + 1, "G"), (start + 5, "O"), (start + 9, "O")], created=T0,
                      path=f"{root}/d0/f0.t0"),
        # created in phase 2 under a temporary name, renamed
        file_timeline(1, [(start + 20, "L")], created=start + 10, path=f"{root}/d0/c0-r1.t1._r0",
                      finalPath=f"{root}/d0/c0-r1.t1"),
        # outside the root: the job's own files
        file_timeline(2, [(start + 1, "G")], created=start, path="/mimesisbench/.mimesisbench/x"),
    ]  # fmt: skip
    events = [
        audit_event(T0, "create", f"{root}/d0/f0.t0"),
        audit_event(T0 + 10_000, "create", barrier),
        audit_event(start + 5, "open", f"{root}/d0/f0.t0"),
        audit_event(start + 10, "create", f"{root}/d0/c0-r1.t1._r0"),
    ]
    trace = write_trace(tmp_path / "trace", events, files)
    run = RunTrace.read(trace, k=2, window_ms=1_000)
    assert run.namespace_root == root
    assert run.start_ms == start
    assert run.labels.tolist() == [0, 1]
    assert run.behaviour.pre_existing.tolist() == [True, False]
    assert run.behaviour.accesses.tolist() == [2, 1]
    assert run.behaviour.create_time[1] == 10
    assert run.behaviour.depth.tolist() == [2, 2]
    assert run.op_counts == {"open": 1, "create": 1}


def test_the_run_traces_directories_are_those_under_the_root_in_phase_two(tmp_path: Path) -> None:
    root = "/mimesisbench/ns-00ff"
    start = T0 + 10_000
    files = [file_timeline(0, [(start + 5, "O")], created=T0, path=f"{root}/d0/f0.t0")]
    directories = [
        # made in phase 1, listed twice in phase 2 and once before it
        directory_timeline(0, [(T0 + 2, "L"), (start + 1, "L"), (start + 2, "L")], created=T0,
                           path=f"{root}/d0"),
        # made in phase 2, listed once, deleted with its subtree
        directory_timeline(1, [(start + 3, "L")], created=start + 2, deleted=start + 4,
                           path=f"{root}/d1", subtreeFiles=3),
        # deleted before phase 2; and one outside the root
        directory_timeline(2, [(T0 + 3, "L")], created=T0, deleted=T0 + 4, path=f"{root}/d2"),
        directory_timeline(3, [(start + 1, "L")], path="/mimesisbench/.mimesisbench/runs"),
    ]  # fmt: skip
    events = [audit_event(start + 5, "open", f"{root}/d0/f0.t0")]
    trace = write_trace(tmp_path / "trace", events, files, directories=directories)
    run = RunTrace.read(trace, k=1, window_ms=1_000, namespace_root=root, start_ms=start)
    assert run.directories is not None
    assert run.directories.pre_existing.tolist() == [True, False]
    assert listings(run.directories).tolist() == [2, 1]
    assert run.directories.subtree_files.tolist() == [0, 3]
    assert run.directories.depth.tolist() == [1, 1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["{profile}", "{missing}"], "RUN {missing}: neither a results folder"),
        (["{missing}", "{run}"], "no such profile directory"),
        (["{run}", "{run}"], "profile"),
        (["{profile}", "{run}", "--time-scale", "0.5"], "--time-scale: "),
        (["{profile}", "{empty}"], "no events"),
        (["{profile}", "{nosummary}"], "summary.json: not JSON"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    arguments: list[str],
    message: str,
    results: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    empty = write_trace(tmp_path / "empty", [], [file_timeline(0)])
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "summary.json").write_text("{")
    names = {
        "profile": PROFILE, "run": results, "missing": tmp_path / "missing", "empty": empty,
        "nosummary": broken,
    }  # fmt: skip
    assert main(["fidelity", *[a.format(**names) for a in arguments]]) == BAD_INPUT
    error = capsys.readouterr().err
    assert message.format(**names) in error
    assert len(error.strip().splitlines()) == 1, error
    assert not (results / FIDELITY_FILE).exists()


def test_process_prints_no_traceback(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", "fidelity", str(PROFILE), str(tmp_path / "no")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == BAD_INPUT
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_longer_window_adds_creates_at_the_same_rate() -> None:
    from mimesis_model.model.synthesis import synthesize

    profile = Profile.read(PROFILE)
    base = synthesize(profile, file_scale=20, random_state=1)
    longer = synthesize(profile, file_scale=20, window_ms=2 * profile.duration_ms, random_state=1)
    assert longer.created == pytest.approx(2 * base.created, rel=0.05)
    assert np.nanmax(longer.origin) > profile.duration_ms
    assert longer.pre_existing.sum() == base.pre_existing.sum()


def test_at_time_scale_0_times_are_not_scored(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_options(results, timeScale=0.0)
    report = fidelity_json([str(PROFILE), str(results), "--against", str(SAMPLE_TRACE)], capsys)
    for against in (report["against_model"], report["against_trace"]):
        assert against["ks"]["interarrival"] is None
        assert against["noise"]["create_time"] is None
        assert against["ks"]["popularity"] is not None
    assert report["against_model"]["per_type"][0]["ks"]["active_span"] is None
    assert "time scale 0" in report["notes"][0]


def test_a_flat_run_s_files_per_depth_is_not_scored(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flat run (or one of a profile without namespace statistics) holds every file at one
    depth by design: its depth distance would be near 1 and say nothing."""
    with_options(results, flat=True)
    report = fidelity_json([str(PROFILE), str(results), "--against", str(SAMPLE_TRACE)], capsys)
    for against in (report["against_model"], report["against_trace"]):
        assert against["ks"]["files_per_depth"] is None
        assert against["noise"]["files_per_depth"] is None
        assert against["ks"]["popularity"] is not None
    assert report["against_model"]["per_type"][0]["ks"]["files_per_depth"] is None
    assert any("files per depth is not scored" in note for note in report["notes"])


def test_a_profile_the_run_was_not_made_from_is_refused_unless_forced(
    results: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    assert main(["scale", str(PROFILE), "--out", str(other), "--types", "0,1"]) == OK
    capsys.readouterr()
    assert main(["fidelity", str(other), str(results), "--noise-draws", "2"]) == BAD_INPUT
    error = capsys.readouterr().err
    assert error.startswith(f"mimesis-model: {other}: not the profile of run {results}: ")
    assert "this profile has source " in error  # the same file types: they keep their numbers
    assert "; scaled: " in error
    assert "--force" in error
    assert len(error.strip().splitlines()) == 1
    assert not (results / FIDELITY_FILE).exists()

    report = fidelity_json([str(other), str(results), "--force"], capsys)
    assert any("not made from" in note for note in report["notes"])
    assert not (results / FIDELITY_FILE).exists(), "a forced score is printed, never written"


def test_an_earlier_score_is_replaced_with_a_note(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fidelity", str(PROFILE), str(results), "--noise-draws", "2"]) == OK
    assert capsys.readouterr().err == ""
    assert main(["fidelity", str(PROFILE), str(results), "--noise-draws", "2"]) == OK
    note = capsys.readouterr().err
    assert note == f"mimesis-model: note: replaced the earlier {results / FIDELITY_FILE}\n"


RUN_TS005 = DATA / "sample-run-ts005"


@pytest.fixture
def results_ts005(tmp_path: Path) -> Path:
    """A writable copy of the run at time scale 0.05 (with workload.startMs/endMs, --cleanup)."""
    return Path(shutil.copytree(RUN_TS005, tmp_path / "run-ts005"))


def test_the_whole_workload_of_the_golden_run(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every call the run issued, against every call of the trace: the run issues the files'
    calls only, so the trace's listings of directories and its other commands are missing."""
    report = fidelity_json([str(PROFILE), str(results), "--against", str(SAMPLE_TRACE)], capsys)
    assert report["version"] == 4
    whole = report["whole"]
    issued = sum(item.count for item in RunResults.read(results).ops.values())
    assert whole["calls"]["run"] == issued == 5_111
    assert whole["calls"]["trace"] == 6_789
    assert whole["denied"] == {"run": 0, "model": 0, "trace": 5}
    assert whole["against_trace"]["coverage"] == pytest.approx(5_111 / 6_789)
    assert whole["against_trace"]["command_mix_tv"] == pytest.approx(0.102, abs=0.002)
    # Against the model, the whole is the per-op mix: the model issues only those ops.
    assert whole["against_model"]["command_mix_tv"] == pytest.approx(
        report["against_model"]["ks"]["op_mix"], abs=1e-9
    )
    # the model issues the accesses of lives the window's end cuts and the probes of paths
    # nothing makes, which this run's generator did not: 0.92 before them
    assert whole["against_model"]["coverage"] == pytest.approx(0.89, abs=0.01)
    by_command = {row["command"]: row for row in whole["commands"]}
    assert by_command["listStatus"]["run"] == 516
    assert by_command["listStatus"]["trace"] == 1_331
    assert whole["never_issued_of"] == "trace"
    assert [item["command"] for item in whole["never_issued"] if item["flagged"]] == [
        "append", "contentSummary", "setReplication"
    ]  # fmt: skip
    assert len(whole["never_issued"]) == 9
    written = json.loads((results / FIDELITY_FILE).read_text())
    assert written["version"] == 4
    assert written["whole"] == whole


def test_a_time_scaled_run_covers_the_trace_in_its_window(
    results_ts005: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At time scale 0.05 the run issues the trace's window in 11.5 s: its calls are compared
    with the whole trace's. Phase 2 ends at workload.endMs: --cleanup's delete of the root, after
    it, is not the run's."""
    report = fidelity_json(
        [str(PROFILE), str(results_ts005), "--against", str(SAMPLE_TRACE)], capsys
    )
    whole = report["whole"]
    issued = sum(item.count for item in RunResults.read(results_ts005).ops.values())
    assert whole["calls"]["run"] == issued == 5_616
    assert whole["trace_window_factor"] == 1
    assert whole["against_trace"]["coverage"] == pytest.approx(5_616 / 6_789)
    assert report["counts"]["run"]["deletes"] == 68
    assert report["counts"]["run"]["window_s"] == pytest.approx(230.929 * 0.05, abs=1e-3)
    # The same trace without the end of phase 2: the cleanup's calls on the root count too.
    summary = json.loads((results_ts005 / "summary.json").read_text())
    bare = fidelity_json(
        [str(PROFILE), str(results_ts005 / "trace"), "--time-scale", "0.05",
         "--start-ms", str(summary["workload"]["startMs"])], capsys,
    )  # fmt: skip
    assert bare["whole"]["calls"]["run"] == 5_616 + 2
    assert bare["counts"]["run"]["deletes"] == 399  # every file, deleted with the root
    given = fidelity_json(
        [str(PROFILE), str(results_ts005 / "trace"), "--time-scale", "0.05",
         "--start-ms", str(summary["workload"]["startMs"]),
         "--end-ms", str(summary["workload"]["endMs"] + 1_000)], capsys,
    )  # fmt: skip
    assert given["whole"]["calls"]["run"] == 5_616
    assert given["against_model"] == report["against_model"]
    # this older jar's startMs came 44 ms after its first calls were logged: they are phase 2's,
    # read from the slack before time zero, while every time is measured from time zero itself
    assert report["run"]["start_ms"] == summary["workload"]["startMs"]


def test_a_longer_window_expects_more_of_the_trace_and_scaling_is_not_comparable(
    results_ts005: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary_path = results_ts005 / "summary.json"
    summary = json.loads(summary_path.read_text())
    summary["options"]["durationMs"] = round(2 * 230_929 * 0.05)
    summary_path.write_text(json.dumps(summary))
    whole = fidelity_json(
        [str(PROFILE), str(results_ts005), "--against", str(SAMPLE_TRACE)], capsys
    )["whole"]
    assert whole["trace_window_factor"] == pytest.approx(2.0, rel=1e-4)
    assert whole["calls"]["trace"] == pytest.approx(2 * 6_789, rel=1e-4)
    assert "scaled by 2" in whole["notes"][0]
    summary["options"] |= {"durationMs": None, "typeScales": {"all": 2.0}}
    summary_path.write_text(json.dumps(summary))
    whole = fidelity_json(
        [str(PROFILE), str(results_ts005), "--against", str(SAMPLE_TRACE)], capsys
    )["whole"]
    assert whole["against_trace"]["coverage"] is None
    assert whole["against_trace"]["command_mix_tv"] is not None
    assert whole["against_model"]["coverage"] == pytest.approx(0.5, abs=0.03)
    assert "not comparable" in whole["notes"][0]


def test_text_output_has_the_whole_workload(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = [str(PROFILE), str(results), "--against", str(SAMPLE_TRACE), "--noise-draws", "2"]
    assert main(["fidelity", *arguments]) == OK
    text = capsys.readouterr().out
    assert "against the trace: coverage 0.753, command mix TV 0.10" in text
    assert "never issued: 9 of the trace's 16 commands" in text


def test_a_run_against_a_cluster_started_apart_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cluster` keeps its NameNode's audit log and prints the --capture-audit to give; a run
    given it captured its own trace (tests/data/cluster-run, README there), which scores as an
    embedded run's: its phase 2 is exactly what it issued, every call of the whole workload."""
    results = Path(shutil.copytree(DATA / "cluster-run", tmp_path / "run"))
    assert RunResults.read(results).summary.document["target"]["embedded"] is False
    report = fidelity_json([str(VECTORS_PROFILE), str(results)], capsys)
    issued = sum(item.count for item in RunResults.read(results).ops.values())
    assert report["whole"]["calls"]["run"] == issued
    assert report["whole"]["against_model"]["command_mix_tv"] < 0.05
    assert all(value is not None for value in report["against_model"]["ks"].values())
    assert report["against_model"]["ks"]["popularity"] < 0.05
