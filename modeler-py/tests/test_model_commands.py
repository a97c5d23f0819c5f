"""fit, validate and scale on the command line: output, exit codes, bad input."""

import json
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.profile import PROFILE_FILE, Profile
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def profile_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fit") / "profile"
    assert main(["fit", str(SAMPLE_TRACE), "--out", str(out), "-k", "5", "--quiet"]) == OK
    return out


def test_fit_writes_avro_and_json(profile_dir: Path) -> None:
    summary = json.loads((profile_dir / "profile.json").read_text())
    assert summary["fileTypes"][0]["activeSpan"]["count"] > 0
    assert Profile.read(profile_dir).k == 5


def test_validate_json_has_every_distance(
    profile_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(profile_dir), str(SAMPLE_TRACE), "--json"]) == OK
    report = json.loads(capsys.readouterr().out)
    assert report["k"] == 5
    assert report["files"]["trace"] > 0
    assert report["events"]["model"] > 0
    assert set(report["ks"]) == {
        "popularity",
        "interarrival",
        "active_span",
        "create_interarrival",
        "create_time",
        "delete_time",
        "files_per_depth",
        "op_mix",
    }
    assert [item["type"] for item in report["per_type"]] == list(range(5))


def test_validate_text_and_scaled_prediction(
    profile_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(profile_dir), str(SAMPLE_TRACE), "--span-scale", "2"]) == OK
    text = capsys.readouterr().out
    assert "popularity" in text
    assert "type 4" in text


def test_scale_writes_a_new_profile(profile_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "hot"
    assert (
        main(
            ["scale", str(profile_dir), "--out", str(out), "--type-scale", "0=2", "--types", "0,1"]
        )
        == OK
    )
    scaled, original = Profile.read(out), Profile.read(profile_dir)
    assert scaled.k == original.k, "types keep their numbers, as in a run's --types"
    assert scaled.file_types[0].files == 2 * original.file_types[0].files
    assert scaled.file_types[1].files == original.file_types[1].files
    assert [t.files for t in scaled.file_types[2:]] == [0] * (original.k - 2)
    assert (scaled.cluster_calls, scaled.missing_path_probes) == ([], [])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["fit", "{trace}", "--out", "{out}", "-k", "100000"], "-k 100000: must be between 1 and"),
        (["fit", "{missing}", "--out", "{out}"], "no such trace directory"),
        (
            ["scale", "{profile}", "--out", "{out}", "--type-scale", "9=2"],
            "type 9: the profile has types 0 to 4",
        ),
        (["validate", "{missing}", "{trace}"], "no such profile directory"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    arguments: list[str],
    message: str,
    profile_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = {
        "trace": SAMPLE_TRACE,
        "out": tmp_path / "out",
        "missing": tmp_path / "missing",
        "profile": profile_dir,
    }
    assert main([a.format(**names) for a in arguments]) == BAD_INPUT
    error = capsys.readouterr().err
    assert message in error
    assert len(error.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "option", [["-k", "0"], ["-k", "many"], ["--max-ks", "1.5"], ["--max-ks", "nan"]]
)
def test_bad_options_exit_2(option: list[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["fit", str(SAMPLE_TRACE), "--out", str(tmp_path / "o"), *option])
    assert stop.value.code == BAD_INPUT


def test_a_profile_with_nan_is_refused(profile_dir: Path, tmp_path: Path) -> None:
    import fastavro

    from mimesis_model.formats import schema

    record = Profile.read(profile_dir).to_record()
    record["fileTypes"][0]["weight"] = float("nan")
    (tmp_path / "nan").mkdir()
    with (tmp_path / "nan" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    assert main(["scale", str(tmp_path / "nan"), "--out", str(tmp_path / "o")]) == BAD_INPUT
    assert not (tmp_path / "o").exists()


def test_validate_prints_the_directories_and_the_unmodeled_commands(
    profile_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(profile_dir), str(SAMPLE_TRACE), "--json"]) == OK
    report = json.loads(capsys.readouterr().out)
    assert set(report["directories"]["ks"]) == {
        "listing_popularity", "popularity", "interarrival", "active_span",
    }  # fmt: skip
    assert report["unmodeled"] == [
        {"command": "concat", "calls": 1, "why": "the generator cannot issue it"}
    ]
    assert report["whole"]["denied"] == {"trace": 5, "model": pytest.approx(5, abs=0.5)}
    assert main(["validate", str(profile_dir), str(SAMPLE_TRACE)]) == OK
    text = capsys.readouterr().out
    assert "listing_popu" in text
    assert "unmodeled commands (1 calls of the trace the profile does not reproduce):" in text
    assert "  concat         1  the generator cannot issue it" in text


def test_describe_prints_the_whole_workload(
    profile_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["describe", str(profile_dir), "--out", str(tmp_path / "d")]) == OK
    text = capsys.readouterr().out
    profile = Profile.read(profile_dir)
    assert f"directory types: {profile.directory_k}, 116 directories" in text
    assert "other calls and probes per type:" in text
    assert "setReplication" in text
    assert "probes " in text
    assert "cluster calls: none" in text
    streams = "calls on paths nothing makes (probes; deletes, audited as denied):"
    assert f"{streams}\n  getfileinfo: 114 calls" in text
    assert "denied calls (issued where the NameNode denies them):\n  delete: 1 calls" in text
    assert "unmodeled commands (1 calls" in text
    assert "unmodeled commands" in (tmp_path / "d" / "index.html").read_text()


def test_scale_names_directory_types_with_d(profile_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "dirs"
    arguments = ["--type-scale", "d0=3", "--type-scale", "all=2,1=1.5"]
    assert main(["scale", str(profile_dir), "--out", str(out), *arguments]) == OK
    scaled, original = Profile.read(out), Profile.read(profile_dir)
    assert (scaled.k, scaled.directory_k) == (original.k, original.directory_k)
    assert scaled.directory_types[0].directories == 6 * original.directory_types[0].directories
    assert scaled.file_types[1].files == round(3 * original.file_types[1].files)
    isolated = tmp_path / "isolated"
    assert main(["scale", str(profile_dir), "--out", str(isolated), "--types", "0"]) == OK
    directories = [t.directories for t in Profile.read(isolated).directory_types]
    assert directories == [0] * original.directory_k
    with pytest.raises(SystemExit):  # as a run's --types: file types only
        main(["scale", str(profile_dir), "--out", str(tmp_path / "y"), "--types", "0,d0"])
    assert (
        main(["scale", str(profile_dir), "--out", str(tmp_path / "x"), "--type-scale", "d99=2"])
        == BAD_INPUT
    )
    assert not (tmp_path / "x").exists()
