"""The modeler's outputs and results files as strict as the jar's: an output a user names that
holds something is replaced only with --overwrite (as `run --out`), a results file holding NaN
or an infinity is refused naming the file and key, and `fidelity` names RUN when it is neither
a results folder nor a run's trace."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.profile import PROFILE_FILE

DATA = Path(__file__).parent / "data"
REPOSITORY = Path(__file__).resolve().parents[2]


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == BAD_INPUT, err
    assert err.count("\n") == 1, err
    return err.strip()


def test_scale_writes_into_a_folder_that_holds_something_only_with_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hot"
    out.mkdir()
    (out / "notes.txt").write_text("a user's notes")
    argv = ["scale", str(DATA / "sample-profile"), "--out", str(out), "--type-scale", "0=2"]
    assert _refused(argv, capsys) == (
        f"mimesis-model: --out {out}: exists and is not empty; give --overwrite to write into it"
    )
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    assert main([*argv, "--overwrite"]) == OK
    assert (out / PROFILE_FILE).is_file()
    assert (out / "notes.txt").read_text() == "a user's notes"
    # an empty folder is no one's work: written without the option
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["scale", str(DATA / "sample-profile"), "--out", str(empty)]) == OK


def test_report_replaces_a_named_page_only_with_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.html"
    page.write_text("a user's page")
    argv = ["report", str(DATA / "sample-run"), "--out", str(page)]
    assert _refused(argv, capsys) == (
        f"mimesis-model: --out {page}: exists; give --overwrite to replace it"
    )
    assert page.read_text() == "a user's page"
    assert main([*argv, "--overwrite"]) == OK
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_fidelity_file_holding_nan_is_refused_naming_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    shutil.copytree(DATA / "sample-run", run)
    argv = ["fidelity", str(DATA / "sample-profile"), str(run), "--noise-draws", "0"]
    assert main(argv) == OK
    capsys.readouterr()
    fidelity = run / "fidelity.json"
    document = json.loads(fidelity.read_text(encoding="utf-8"))
    document["against_model"]["ks"]["popularity"] = float("nan")
    fidelity.write_text(json.dumps(document), encoding="utf-8")
    message = _refused(["report", str(run), "--out", str(tmp_path / "r.html")], capsys)
    assert message == (
        f"mimesis-model: {fidelity}: against_model/ks/popularity is nan, not a finite number"
    )
    assert not (tmp_path / "r.html").exists()


def test_a_sweep_file_holding_infinity_is_refused_naming_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sweep = tmp_path / "sweep"
    shutil.copytree(DATA / "sweep", sweep)
    path = sweep / "sweep.json"
    path.write_text(
        path.read_text(encoding="utf-8").replace('"spanScale" : 1.0', '"spanScale" : Infinity', 1),
        encoding="utf-8",
    )
    assert _refused(["sweep", str(sweep)], capsys) == (
        f"mimesis-model: {path}: options/spanScale is inf, not a finite number"
    )
    assert not (sweep / "figure2.png").exists()


def test_fidelity_names_run_when_it_is_not_a_results_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = REPOSITORY / "tests" / "sample-trace" / "trace"
    elsewhere = tmp_path / "not-results"
    elsewhere.mkdir()
    assert _refused(["fidelity", str(trace), str(elsewhere)], capsys) == (
        f"mimesis-model: RUN {elsewhere}: neither a results folder (no summary.json) nor a "
        "run's trace folder (no events.avro)"
    )
