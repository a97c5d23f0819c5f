"""Capacity searches' results (capacity.json, as the jar writes it: the vector in
profiles/vectors/results/, written by generator-mr's CapacityTest with -Dmimesis.vectors.write=true)
read and checked, and two of them compared by `compare`."""

import json
import shutil
from pathlib import Path

import pytest

from mimesis_model.cli import OK, main
from mimesis_model.cli.exit_codes import BAD_INPUT
from mimesis_model.formats.capacity_file import (
    CAPACITY_FILE,
    WITHIN,
    CapacityFile,
    CapacityFileError,
)
from mimesis_model.runs.capacity_comparison import HIGHER, OVERLAP

VECTOR = Path(__file__).resolve().parents[2] / "profiles" / "vectors" / "results" / CAPACITY_FILE


def _search(folder: Path, low: float, high: float | None, rate: float = 100.0) -> Path:
    """A capacity search's folder holding the jar's capacity.json moved to [LOW, HIGH)."""
    document = json.loads(VECTOR.read_text(encoding="utf-8"))
    document["speedUp"] = low
    document["opsPerSecond"] = rate * low
    if high is None:
        document["found"] = "atLeast"
        document.pop("failedSpeedUp")
    else:
        document["failedSpeedUp"] = high
    folder.mkdir()
    (folder / CAPACITY_FILE).write_text(json.dumps(document), encoding="utf-8")
    return folder


def test_the_jars_capacity_reads_with_its_probes() -> None:
    found = CapacityFile.read(VECTOR.parent)
    assert found.found == WITHIN
    assert found.speed_up is not None
    assert found.failed_speed_up is not None
    assert found.speed_up < found.failed_speed_up
    passing = [p for p in found.probes if p.passed]
    assert max(p.speed_up for p in passing) == found.speed_up
    assert all(p.valid and p.response_p99_micros <= found.p99_bound_micros for p in passing)
    assert found.interval().startswith("[")


def test_a_capacity_off_its_schema_is_one_line_naming_where(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    document = json.loads(VECTOR.read_text(encoding="utf-8"))
    document["found"] = "maybe"
    (folder / CAPACITY_FILE).write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CapacityFileError, match=r"capacity\.json as profiles/schema") as raised:
        CapacityFile.read(folder)
    assert "\n" not in str(raised.value)


def test_compare_tells_two_capacities_apart_by_their_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _search(tmp_path / "a", 4.0, 5.0)
    b = _search(tmp_path / "b", 6.0, 7.2)
    assert main(["compare", str(a), "--", str(b), "--json"]) == OK
    report = json.loads(capsys.readouterr().out)
    assert report["verdict"] == HIGHER
    assert report["speedUpRatio"] == pytest.approx(1.5)
    c = _search(tmp_path / "c", 4.5, None)  # at least 4.5x: it may hold as much as A or more
    assert main(["compare", str(a), "--", str(c)]) == OK
    shown = capsys.readouterr().out
    assert OVERLAP in shown
    assert "at least 4.5x" in shown
    assert "[4x, 5x)" in shown


def test_compare_takes_one_capacity_search_a_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _search(tmp_path / "a", 4.0, 5.0)
    b = _search(tmp_path / "b", 6.0, 7.2)
    other = tmp_path / "other"
    shutil.copytree(b, other)
    assert main(["compare", str(a), "--", str(b), str(other)]) == BAD_INPUT
    assert "one against one" in capsys.readouterr().err
