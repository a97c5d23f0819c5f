"""A damaged Avro input is refused before a command acts on it: exit code 2, one line naming the
file. The sample trace's events.avro and namespace.avro are rewritten in blocks of 20 records
(a large trace's are 1 MB ones) with a manifest as `parse` writes it, then cut inside a block
(fastavro would stop there quietly when the cut falls before a block's count) or just after one
(a shorter file that reads whole: the manifest tells). A profile.avro is cut the same way."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import fastavro
import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats.profile import PROFILE_FILE
from mimesis_model.formats.trace import EVENTS_FILE, NAMESPACE_FILE
from mimesis_model.formats.trace_manifest import manifest_file

REPOSITORY = Path(__file__).resolve().parents[2]
SAMPLE_TRACE = REPOSITORY / "tests" / "sample-trace" / "trace"
SAMPLE_PROFILE = Path(__file__).parent / "data" / "sample-profile"
SAMPLE_RUN = Path(__file__).parent / "data" / "sample-run"
RECORDS_PER_BLOCK = 20
SYNC_SIZE = 16


def _rewrite(source: Path, target: Path) -> list[int]:
    """SOURCE's records into TARGET in blocks of RECORDS_PER_BLOCK; the byte after each block
    but the last."""
    with source.open("rb") as stream:
        reader = fastavro.reader(stream)
        schema = reader.writer_schema
        records = list(reader)
    ends = []
    with target.open("wb") as stream:
        writer = fastavro.write.Writer(stream, schema, sync_interval=1 << 30)
        for at, record in enumerate(records, 1):
            writer.write(record)
            if at % RECORDS_PER_BLOCK == 0:
                writer.flush()
                ends.append(stream.tell())
        writer.flush()
    return [end for end in ends if end < target.stat().st_size]


@pytest.fixture
def trace(tmp_path: Path) -> tuple[Path, dict[str, list[int]]]:
    """The sample trace in small blocks with its manifest; each rewritten file's block ends."""
    directory = tmp_path / "trace"
    shutil.copytree(SAMPLE_TRACE, directory)
    ends = {name: _rewrite(SAMPLE_TRACE / name, directory / name)
            for name in (EVENTS_FILE, NAMESPACE_FILE)}  # fmt: skip
    files = {}
    for avro in sorted(directory.glob("*.avro")):
        with avro.open("rb") as stream:
            files[avro.name] = {
                "records": sum(1 for _ in fastavro.reader(stream)),
                "bytes": avro.stat().st_size,
            }
    manifest = {"formatVersion": 1, "files": files}
    (directory / manifest_file()).write_text(json.dumps(manifest), encoding="utf-8")
    return directory, ends


def _cut(path: Path, size: int) -> None:
    path.write_bytes(path.read_bytes()[:size])


def _refused(argv: list[str], named: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == BAD_INPUT, err
    assert err.count("\n") == 1, err
    assert f"mimesis-model: {named}: " in err, err
    return err


def _commands(trace: Path, out: Path) -> list[list[str]]:
    return [
        ["fit", str(trace), "--out", str(out), "-q"],
        ["validate", str(SAMPLE_PROFILE), str(trace)],
        ["summary", str(trace)],
    ]


def test_the_whole_trace_in_small_blocks_is_read(
    trace: tuple[Path, dict[str, list[int]]], capsys: pytest.CaptureFixture[str]
) -> None:
    directory, ends = trace
    assert all(len(blocks) > 2 for blocks in ends.values()), ends
    assert main(["summary", str(directory)]) == OK, capsys.readouterr().err


@pytest.mark.parametrize("name", [EVENTS_FILE, NAMESPACE_FILE])
def test_a_file_cut_inside_a_block(
    name: str,
    trace: tuple[Path, dict[str, list[int]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    directory, ends = trace
    file = directory / name
    _cut(file, (ends[name][len(ends[name]) // 2] + ends[name][len(ends[name]) // 2 + 1]) // 2)
    for argv in _commands(directory, tmp_path / "out"):
        assert "truncated" in _refused(argv, file, capsys)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", [EVENTS_FILE, NAMESPACE_FILE])
def test_a_file_cut_inside_a_blocks_count(
    name: str,
    trace: tuple[Path, dict[str, list[int]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One byte after a block: fastavro takes the short count for the file's end."""
    directory, ends = trace
    file = directory / name
    _cut(file, ends[name][len(ends[name]) // 2] + 1)
    for argv in _commands(directory, tmp_path / "out"):
        _refused(argv, file, capsys)


@pytest.mark.parametrize("name", [EVENTS_FILE, NAMESPACE_FILE])
def test_a_file_cut_at_a_block_boundary(
    name: str,
    trace: tuple[Path, dict[str, list[int]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    directory, ends = trace
    file = directory / name
    _cut(file, ends[name][len(ends[name]) * 6 // 10])
    for argv in _commands(directory, tmp_path / "out"):
        assert "but parse wrote" in _refused(argv, file, capsys)
    assert not (tmp_path / "out").exists()


def test_a_trace_file_the_manifest_does_not_list(
    trace: tuple[Path, dict[str, list[int]]], capsys: pytest.CaptureFixture[str]
) -> None:
    directory, _ = trace
    manifest = directory / manifest_file()
    document = json.loads(manifest.read_text(encoding="utf-8"))
    del document["files"][EVENTS_FILE]
    manifest.write_text(json.dumps(document), encoding="utf-8")
    assert "not in the trace's" in _refused(
        ["summary", str(directory)], directory / EVENTS_FILE, capsys
    )


def _profile_cut(tmp_path: Path, size: int) -> Path:
    profile = tmp_path / "profile"
    profile.mkdir()
    whole = (SAMPLE_PROFILE / PROFILE_FILE).read_bytes()
    (profile / PROFILE_FILE).write_bytes(whole[:size])
    return profile


def _header_end(whole: bytes) -> int:
    """The byte after the header: it ends with the sync marker each block ends with."""
    return whole.index(whole[-SYNC_SIZE:]) + SYNC_SIZE


@pytest.mark.parametrize("where", ["inside its block", "after its header"])
def test_a_profile_cut_short(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = (SAMPLE_PROFILE / PROFILE_FILE).read_bytes()
    size = len(whole) * 6 // 10 if where == "inside its block" else _header_end(whole)
    profile = _profile_cut(tmp_path, size)
    file = profile / PROFILE_FILE
    out = tmp_path / "out"
    for argv in (
        ["validate", str(profile), str(SAMPLE_TRACE)],
        ["scale", str(profile), "--out", str(out)],
        ["describe", str(profile), "--out", str(out)],
        ["fidelity", str(profile), str(SAMPLE_RUN)],
    ):
        _refused(argv, file, capsys)
    assert not out.exists()
