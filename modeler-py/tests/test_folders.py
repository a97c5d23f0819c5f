"""The folder contract (profiles/schema/Folders.avsc): the files the modeler adds to a run's
results folder are ones it declares, so the jar's --overwrite knows them as a run's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import OK, main
from mimesis_model.errors import SchemaError
from mimesis_model.formats.folders import file_name, run_files, written_by

RUN = Path(__file__).parent / "data" / "sample-run"
PROFILE = Path(__file__).parent / "data" / "sample-profile"


def test_fidelity_and_report_write_only_the_files_they_declare(tmp_path: Path) -> None:
    results = Path(shutil.copytree(RUN, tmp_path / "run"))
    before = {p.name for p in results.iterdir()}
    assert main(["fidelity", str(PROFILE), str(results), "--noise-draws", "2"]) == OK
    assert main(["report", str(results)]) == OK
    added = {p.name for p in results.iterdir()} - before
    assert added == {file_name("run", "fidelity"), file_name("run", "report")}
    assert added <= run_files()
    assert written_by("run", "fidelity") == "mimesis-model fidelity"
    assert written_by("run", "report") == "mimesis-model report"


def test_an_undeclared_role_is_a_schema_error() -> None:
    assert file_name("trace", "events") == "events.avro"
    with pytest.raises(SchemaError, match=r"no file run\.nothing"):
        file_name("run", "nothing")
    with pytest.raises(SchemaError, match="no folder 'elsewhere'"):
        file_name("elsewhere", "x")
