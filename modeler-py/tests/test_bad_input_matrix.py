"""Bad input across every `mimesis-model` command, as a user would give it: exit code 2, one
line on stderr naming what is wrong (or argparse's usage and its one-line error), no traceback,
no exception's class name for a message, and nothing written anywhere: not the given --out, not
into the inputs, not where the command ran.

Unwritable places are unwritable for root too, since CI runs as root (where a chmod'ed directory
stays writable): a path under a regular file, a new entry in /proc, a directory where a file is
to be written.
"""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import fastavro
import pytest

from mimesis_model.cli import BAD_INPUT, main
from mimesis_model.formats import schema
from mimesis_model.formats.profile import FORMAT_VERSION, PROFILE_FILE
from tracefiles import small_trace

DATA = Path(__file__).parent / "data"
NEWER = FORMAT_VERSION + 1  # a profile format this modeler does not know yet
FUTURE = f"{{future}}/profile.avro: format version {NEWER} is newer"
AB = ("fair1", "fair2", "unfair1", "unfair2")
# A Python exception's name standing for the message, e.g. "FileNotFoundError: ..." or "<_io...>".
CLASS_NAME = re.compile(r"\b[A-Z]\w*(Error|Exception)\b|<[\w.]+ object at 0x")


@pytest.fixture(scope="module")
def names(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The inputs of the cases, in a folder of their own whose content must not change."""
    root = tmp_path_factory.mktemp("inputs")
    shutil.copytree(DATA / "sample-profile", root / "profile")
    shutil.copytree(DATA / "sample-run", root / "run")
    for name in AB:
        shutil.copytree(DATA / "ab" / name, root / name)
    shutil.copytree(DATA / "sweep", root / "sweep")
    shutil.copytree(DATA / "sweep", root / "sweep-blocked")
    (root / "sweep-blocked" / "figure2.png" / "a user's folder").mkdir(parents=True)
    shutil.copytree(DATA / "sample-run", root / "run-blocked")
    (root / "run-blocked" / "fidelity.json" / "a user's folder").mkdir(parents=True)
    small_trace(root / "trace")
    (root / "file").write_text("a user's file")
    (root / "emptydir").mkdir()
    (root / "corrupt").mkdir()
    (root / "corrupt" / PROFILE_FILE).write_bytes(b"Obj\x01 not really avro")
    small_trace(root / "garbage-trace")
    (root / "garbage-trace" / "files.avro").write_bytes(bytes(range(256)) * 16)
    with (root / "profile" / PROFILE_FILE).open("rb") as stream:
        record = next(iter(fastavro.reader(stream)))
    assert isinstance(record, dict)
    record["fileTypes"][1]["accessInterarrival"]["values"][0] = math.nan
    (root / "nan").mkdir()
    with (root / "nan" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    (root / "other").mkdir()
    record["fileTypes"][1]["accessInterarrival"]["values"][0] = 0.0
    record["source"] = "another trace"
    with (root / "other" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    for name, version in (("future", NEWER), ("ancient", 0)):  # a profile of an unknown version
        (root / name).mkdir()
        with (root / name / PROFILE_FILE).open("wb") as stream:
            fastavro.writer(
                stream, schema.load(schema.PROFILE), [record | {"formatVersion": version}]
            )
    shutil.copytree(DATA / "sample-run", root / "nan-run")
    summary = root / "nan-run" / "summary.json"
    summary.write_text(
        summary.read_text(encoding="utf-8").replace('"timeScale" : 1.0', '"timeScale" : NaN', 1),
        encoding="utf-8",
    )
    shutil.copytree(DATA / "ab" / "fair1", root / "inf-run")
    summary = root / "inf-run" / "summary.json"
    document = json.loads(summary.read_text(encoding="utf-8"))
    document["options"]["timeScale"] = math.inf
    summary.write_text(json.dumps(document), encoding="utf-8")
    (root / "page").write_text("a user's page")
    found = {path.name: str(path) for path in root.iterdir()}
    return found | {"missing": str(root / "no-such-thing"), "root": str(root)}


def _fair_and_unfair() -> list[str]:
    return ["{fair1}", "{fair2}", "--", "{unfair1}", "{unfair2}"]


CASES: list[tuple[str, list[str]]] = [
    # the command line itself: argparse's usage and one-line error
    ("the following arguments are required: COMMAND", []),
    ("invalid choice: 'nope'", ["nope"]),
    # summary
    ("{missing}: no such trace directory", ["summary", "{missing}"]),
    ("{file}: not a directory", ["summary", "{file}"]),
    ("{garbage-trace}/files.avro: not an Avro container file", ["summary", "{garbage-trace}"]),
    # fit
    ("--out {file}: exists and is not a directory", ["fit", "{trace}", "--out", "{file}"]),
    ("--out {file}/x: cannot create it: Not a directory", ["fit", "{trace}", "--out", "{file}/x"]),
    ("--out /proc/mimesis-x: cannot create it: ", ["fit", "{trace}", "--out", "/proc/mimesis-x"]),
    ("{missing}: no such trace directory", ["fit", "{missing}", "--out", "{out}"]),
    ("the following arguments are required: --out", ["fit", "{trace}"]),
    ("argument -k: ", ["fit", "{trace}", "--out", "{out}", "-k", "0"]),
    ("argument --max-ks: ", ["fit", "{trace}", "--out", "{out}", "--max-ks", "2"]),
    # validate
    ("{nan}/profile.avro: file type 1: accessInterarrival: non-finite numbers",
     ["validate", "{nan}", "{trace}"]),
    ("{corrupt}/profile.avro: ", ["validate", "{corrupt}", "{trace}"]),
    ("{missing}: no such trace directory", ["validate", "{profile}", "{missing}"]),
    ("argument --time-scale: ", ["validate", "{profile}", "{trace}", "--time-scale", "-1"]),
    (FUTURE, ["validate", "{future}", "{trace}"]),
    ("{ancient}/profile.avro: format version 0 is unknown",
     ["validate", "{ancient}", "{trace}"]),
    # scale
    (FUTURE, ["scale", "{future}", "--out", "{out}"]),
    ("{ancient}/profile.avro: format version 0 is unknown",
     ["scale", "{ancient}", "--out", "{out}"]),
    (FUTURE,
     ["describe", "{future}", "--out", "{out}"]),
    (FUTURE, ["fidelity", "{future}", "{run}"]),
    ("--out {file}: exists and is not a directory", ["scale", "{profile}", "--out", "{file}"]),
    ("--out {file}/x: cannot create it: Not a directory",
     ["scale", "{profile}", "--out", "{file}/x"]),
    ("--out /proc/mimesis-x: cannot create it: ",
     ["scale", "{profile}", "--out", "/proc/mimesis-x"]),
    ("argument --types: '': empty (leave the option out for its default)",
     ["scale", "{profile}", "--out", "{out}", "--types", ""]),
    ("argument --types: ' , ': empty",
     ["scale", "{profile}", "--out", "{out}", "--types", " , "]),
    ("argument --type-scale: 0=0: the factor must be positive",
     ["scale", "{profile}", "--out", "{out}", "--type-scale", "0=0"]),
    ("{nan}/profile.avro: file type 1", ["scale", "{nan}", "--out", "{out}"]),
    # describe
    ("--out {file}: exists and is not a directory", ["describe", "{profile}", "--out", "{file}"]),
    ("--out {file}/x: cannot create it: Not a directory",
     ["describe", "{profile}", "--out", "{file}/x"]),
    ("{missing}: no such profile directory", ["describe", "{missing}", "--out", "{out}"]),
    ("{nan}/profile.avro: file type 1", ["describe", "{nan}", "--out", "{out}"]),
    # import-mimesis
    ("{missing}", ["import-mimesis", "{missing}", "--out", "{out}"]),
    ("{emptydir}", ["import-mimesis", "{emptydir}", "--out", "{out}"]),
    # sweep (figure2.png goes into the sweep's folder)
    ("{missing}", ["sweep", "{missing}"]),
    ("{emptydir}", ["sweep", "{emptydir}"]),
    ("{sweep-blocked}/figure2.png: cannot write: ", ["sweep", "{sweep-blocked}"]),
    ("argument --climb: ", ["sweep", "{sweep}", "--climb", "0"]),
    # fidelity (fidelity.json goes into the results folder)
    ("{other}: not the profile of run {run}: ", ["fidelity", "{other}", "{run}"]),
    ("{nan}/profile.avro: file type 1", ["fidelity", "{nan}", "{run}"]),
    ("RUN {missing}: neither a results folder (no summary.json) nor a run's trace folder",
     ["fidelity", "{profile}", "{missing}"]),
    ("RUN {emptydir}: neither a results folder", ["fidelity", "{trace}", "{emptydir}"]),
    ("{nan-run}/summary.json: options/timeScale is nan, not a finite number",
     ["fidelity", "{profile}", "{nan-run}"]),
    ("--time-scale: {run} is a results folder",
     ["fidelity", "{profile}", "{run}", "--time-scale", "0.5"]),
    ("argument --types: '': empty",
     ["fidelity", "{profile}", "{run}/trace", "--types", ""]),
    ("{run-blocked}/fidelity.json: cannot write: Is a directory",
     ["fidelity", "{profile}", "{run-blocked}", "--noise-draws", "0", "--replicas", "2"]),
    # compare
    ("{missing}: no such results directory", ["compare", "{missing}", "--", "{fair1}"]),
    ("{emptydir}: no summary.json", ["compare", "{fair1}", "--", "{emptydir}"]),
    ("--plot {file}/p.png: {file}: exists and is not a directory",
     ["compare", *_fair_and_unfair(), "--plot", "{file}/p.png"]),
    ("--plot {emptydir}: is a directory", ["compare", *_fair_and_unfair(), "--plot", "{emptydir}"]),
    ("--plot /proc/p.png: /proc: ", ["compare", *_fair_and_unfair(), "--plot", "/proc/p.png"]),
    ("--b", ["compare", "{fair1}"]),
    ("{nan-run}/summary.json: options/timeScale is nan",
     ["compare", "{fair1}", "{fair2}", "--", "{nan-run}", "{unfair1}"]),
    ("{inf-run}/summary.json: options/timeScale is inf",
     ["compare", "{inf-run}", "{fair2}", "--", "{unfair1}", "{unfair2}"]),
    ("--plot {file}: exists; give --overwrite to replace it",
     ["compare", *_fair_and_unfair(), "--plot", "{file}"]),
    # report
    ("{missing}: no such results directory", ["report", "{missing}"]),
    ("{emptydir}: no summary.json", ["report", "{emptydir}"]),
    ("--out {file}/r.html: {file}: exists and is not a directory",
     ["report", "{run}", "--out", "{file}/r.html"]),
    ("--out {emptydir}: is a directory", ["report", "{run}", "--out", "{emptydir}"]),
    ("--out /proc/r.html: /proc: ", ["report", "{run}", "--out", "/proc/r.html"]),
    ("--out {page}: exists; give --overwrite to replace it",
     ["report", "{run}", "--out", "{page}"]),
    ("{nan-run}/summary.json: options/timeScale is nan", ["report", "{nan-run}"]),
    # output a user names that holds something: refused without --overwrite, as run's --out
    ("--out {profile}: exists and is not empty; give --overwrite to write into it",
     ["scale", "{profile}", "--out", "{profile}"]),
    ("--out {run}: exists and is not empty; give --overwrite",
     ["fit", "{trace}", "--out", "{run}"]),
    ("--out {run}: exists and is not empty; give --overwrite",
     ["describe", "{profile}", "--out", "{run}"]),
    ("--out {run}: exists and is not empty; give --overwrite",
     ["import-mimesis", "{emptydir}", "--out", "{run}"]),
]  # fmt: skip


def _tree(root: Path) -> dict[str, int]:
    """Every file and folder under ROOT with its size (-1 for a folder)."""
    return {
        str(path.relative_to(root)): -1 if path.is_dir() else path.stat().st_size
        for path in root.rglob("*")
    }


@pytest.mark.parametrize(
    ("expected", "argv"), CASES, ids=[" ".join(argv) or "(nothing)" for _, argv in CASES]
)
def test_bad_input_is_refused_in_one_line_and_writes_nothing(
    expected: str,
    argv: list[str],
    names: dict[str, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a command that wrote where it ran would show here
    values = names | {"out": str(tmp_path / "out")}
    inputs_before = _tree(Path(names["root"]))
    try:
        code = main([argument.format(**values) for argument in argv])
    except SystemExit as exited:  # argparse's usage errors
        code = int(str(exited.code))
    err = capsys.readouterr().err

    assert code == BAD_INPUT, err
    lines = err.rstrip("\n").split("\n")
    if lines[0].startswith("usage: "):  # argparse: the usage (wrapped), then its one-line error
        assert lines[-1].startswith("mimesis-model"), err
        assert ": error: " in lines[-1], err
    else:
        assert len(lines) == 1, err
        assert lines[0].startswith("mimesis-model: "), err
    assert expected.format(**values) in lines[-1], err
    assert "Traceback" not in err
    assert not CLASS_NAME.search(err), err
    assert list(tmp_path.iterdir()) == [], "nothing written: not --out, not where it ran"
    assert _tree(Path(names["root"])) == inputs_before, "the inputs are as they were"
