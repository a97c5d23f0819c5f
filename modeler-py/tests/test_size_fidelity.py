"""`fidelity`'s sizes on real images: the bundled sample's fsimages at its start and its end as
Hadoop's Offline Image Viewer writes them (tests/sample-trace/data/fsimage/fsimage-start.tsv,
tests/data/sample-end-image.tsv), read as a run's namespace-end.tsv and, written as
NamespaceEntry records, as a trace's namespace-end.avro; the sample's created files from its
files.avro; and a real run of the sample's profile (tests/data/sample-run) scored end to end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import fastavro
import numpy as np
import pytest

from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.formats import schema
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FidelityFile
from mimesis_model.formats.fidelity_report import RunFidelity
from mimesis_model.formats.image_delimited import (
    NAMESPACE_END_TSV,
    ImageDelimitedError,
    read_delimited,
)
from mimesis_model.formats.image_files import NAMESPACE_END_FILE, ImageFiles, read_namespace_files
from mimesis_model.formats.trace import read_file_timelines
from mimesis_model.runs.run_fidelity import render_fidelity
from mimesis_model.runs.run_results import RunResults
from mimesis_model.runs.run_trace import RunTrace
from mimesis_model.runs.size_fidelity import compare_sizes
from test_profile_vectors import SAMPLE_TRACE

REPOSITORY = Path(__file__).resolve().parents[2]
START_IMAGE = REPOSITORY / "tests" / "sample-trace" / "data" / "fsimage" / "fsimage-start.tsv"
DATA = Path(__file__).parent / "data"
END_IMAGE = DATA / "sample-end-image.tsv"
PROFILE = DATA / "sample-profile"
RUN = DATA / "sample-run"


def rows(image: Path) -> tuple[list[str], list[list[str]]]:
    """The Delimited image's header and rows, as fields."""
    header, *lines = image.read_text(encoding="utf-8").splitlines()
    return header.split("\t"), [line.split("\t") for line in lines]


def write_tsv(path: Path, header: list[str], body: list[list[str]]) -> Path:
    path.write_text("\n".join("\t".join(row) for row in [header, *body]) + "\n", "utf-8")
    return path


def write_namespace(path: Path, header: list[str], body: list[list[str]]) -> Path:
    """BODY's inodes as NamespaceEntry records, as `parse --fsimage-end` writes them."""
    at = {name: header.index(name) for name in header}

    def entry(row: list[str]) -> dict[str, object]:
        directory = row[at["Permission"]].startswith("d")
        name = row[at["Path"]]
        return {
            "path": name, "isDir": directory,
            "depth": 0 if name == "/" else name.count("/"),
            "size": int(row[at["FileSize"]]), "mtime": 0, "atime": 0,
            "replication": int(row[at["Replication"]]), "owner": row[at["UserName"]],
            "group": row[at["GroupName"]], "permission": row[at["Permission"]].lstrip("d-"),
            "blocks": int(row[at["BlocksCount"]]),
            "blockSize": int(row[at["PreferredBlockSize"]]),
        }  # fmt: skip

    with path.open("wb") as out:
        fastavro.writer(out, schema.load(schema.NAMESPACE_ENTRY), [entry(r) for r in body])
    return path


def file_rows(header: list[str], body: list[list[str]]) -> list[list[str]]:
    permission = header.index("Permission")
    return [row for row in body if not row[permission].startswith("d")]


def test_the_viewers_output_reads_as_its_files() -> None:
    header, body = rows(START_IMAGE)
    files = read_delimited(START_IMAGE)
    expected = file_rows(header, body)
    assert files.path == [row[0] for row in expected]
    assert files.size.tolist() == [int(row[header.index("FileSize")]) for row in expected]
    assert files.blocks.tolist() == [int(row[header.index("BlocksCount")]) for row in expected]
    assert set(files.block_size.tolist()) == {1_048_576}  # the sample's dfs.blocksize
    assert len(files) < len(body)  # its directories are left out
    assert files.size.sum() > 0


def trace_created(trace: Path) -> list[str]:
    """The final paths of the files TRACE created and kept to its end."""
    files = read_file_timelines(trace, paths=True)
    assert files.final_path is not None
    return [files.final_path[r] for r in np.flatnonzero(files.created & ~files.deleted)]


def test_identical_sides_score_zero_and_ratio_one(tmp_path: Path) -> None:
    """The trace's end image on both sides, and the files its window created on both."""
    header, body = rows(END_IMAGE)
    run = read_delimited(END_IMAGE)
    trace = read_namespace_files(write_namespace(tmp_path / NAMESPACE_END_FILE, header, body))
    created = trace_created(SAMPLE_TRACE)
    scores = compare_sizes(run, trace, created, created).to_json()
    assert scores["not_scored"] is None
    for name in ("all_files", "created"):
        item = scores[name]
        assert item["bytes_ks"] == 0
        assert item["blocks_ks"] == 0
        assert item["bytes_ratio"] == pytest.approx(1)
        assert item["blocks_ratio"] == pytest.approx(1)
        assert item["count_factor"] == 1
        assert item["quantiles"]["run"] == item["quantiles"]["trace"]
    # Every file the window created and kept is in its end image, and most of the end's files
    # are the window's (the sample's jobs wrote their outputs in it).
    assert scores["created"]["files"] == {"run": len(created), "trace": len(created)}
    assert len(created) > 0.5 * len(run)
    assert scores["created"]["total_bytes"]["run"] > 0
    assert scores["bars"]["bytes_ks"]["met"] is True
    assert scores["bars"]["blocks_per_file"] == {"limit": 0.1, "value": 0, "met": True}
    assert scores["notes"] == []


@pytest.mark.skipif(
    not (SAMPLE_TRACE / NAMESPACE_END_FILE).is_file(),
    reason="the sample trace is not yet parsed with --fsimage-end",
)
def test_the_parsers_end_image_is_the_viewers() -> None:
    """The end image as `parse --fsimage-end` wrote it and as Hadoop's viewer did: the same files
    with the same bytes, blocks, block size and replication."""
    parsed = read_namespace_files(SAMPLE_TRACE / NAMESPACE_END_FILE)
    viewed = read_delimited(END_IMAGE)

    def by_path(files: ImageFiles) -> dict[str, tuple[int, int, int, int]]:
        columns = (files.size, files.blocks, files.block_size, files.replication)
        return dict(zip(files.path, zip(*(c.tolist() for c in columns), strict=True), strict=True))

    assert by_path(parsed) == by_path(viewed)


def test_emptied_files_score_their_share_as_ks(tmp_path: Path) -> None:
    """The run's largest tenth of files emptied: every size below them gains that tenth in the
    run's CDF, so the KS distance is exactly that share; the blocks they held are missing."""
    header, body = rows(START_IMAGE)
    files = file_rows(header, body)
    size, blocks = header.index("FileSize"), header.index("BlocksCount")
    by_size = sorted(files, key=lambda row: int(row[size]))
    emptied = len(files) // 10
    cut = [int(row[size]) for row in by_size[-emptied - 1 : -emptied + 1]]
    assert cut[0] < cut[1]  # no tie across the cut, so the share is the distance
    lost = sum(int(row[blocks]) for row in by_size[-emptied:])
    for row in by_size[-emptied:]:
        row[size], row[blocks] = "0", "0"
    run = read_delimited(write_tsv(tmp_path / NAMESPACE_END_TSV, header, body))
    trace = read_delimited(START_IMAGE)
    scores = compare_sizes(run, trace, [], []).to_json()
    all_files = scores["all_files"]
    assert all_files["bytes_ks"] == pytest.approx(emptied / len(files))
    total = all_files["total_blocks"]["trace"]
    assert all_files["total_blocks"]["run"] == total - lost
    assert all_files["blocks_ratio"] == pytest.approx((total - lost) / total)
    assert scores["bars"]["blocks_per_file"]["met"] is False  # the largest files hold many blocks
    assert scores["created"]["not_scored"] == (
        "no created file kept to the end on the run and trace sides"
    )


def test_a_run_of_empty_files_is_said_plainly(tmp_path: Path) -> None:
    header, body = rows(START_IMAGE)
    for row in file_rows(header, body):
        row[header.index("FileSize")] = row[header.index("BlocksCount")] = "0"
    run = read_delimited(write_tsv(tmp_path / NAMESPACE_END_TSV, header, body))
    scores = compare_sizes(run, read_delimited(START_IMAGE), [], []).to_json()
    assert scores["all_files"]["blocks_ratio"] == 0
    assert scores["bars"]["bytes_ks"]["met"] is False
    assert scores["notes"][0].startswith("every file of the run is empty")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/a/file\t3\tx", "3 fields, the header has 12"),
        ("/a/file\t3\t-\t-\t1048576\t1\tbig\t0\t0\t-rw-r--r--\thdfs\tg", "FileSize, Blo"),
        ("a/file\t3\t-\t-\t1048576\t1\t10\t0\t0\t-rw-r--r--\thdfs\tg", "not an inode's"),
        ("/a/file\t3\t-\t-\t1048576\t-1\t10\t0\t0\t-rw-r--r--\thdfs\tg", "a negative"),
    ],
)
def test_a_bad_line_is_named_by_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    image = tmp_path / NAMESPACE_END_TSV
    text = START_IMAGE.read_text(encoding="utf-8")
    image.write_text(text + line + "\n", "utf-8")
    with pytest.raises(ImageDelimitedError) as error:
        read_delimited(image)
    assert str(error.value).startswith(f"{image}:{text.count(chr(10)) + 1}: {message}")
    assert "\n" not in str(error.value)


def test_a_file_that_is_not_the_viewers_is_refused(tmp_path: Path) -> None:
    image = write_tsv(tmp_path / NAMESPACE_END_TSV, ["path", "size"], [["/a", "1"]])
    with pytest.raises(ImageDelimitedError, match=r":1: not an Offline Image Viewer Delimited"):
        read_delimited(image)


@pytest.fixture
def sized(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the sample run's results and of the sample trace, each with its namespace at
    the end: the trace's, its real end image; the run's, its files under its namespace root at
    its end (the run wrote empty files), each given in turn the size, blocks and replication
    of one of the trace's end files, so that the two are alike but not the same."""
    results = Path(shutil.copytree(RUN, tmp_path / "run"))
    trace = Path(shutil.copytree(SAMPLE_TRACE, tmp_path / "trace"))
    header, body = rows(END_IMAGE)
    if not (trace / NAMESPACE_END_FILE).exists():  # a sample parsed before --fsimage-end
        write_namespace(trace / NAMESPACE_END_FILE, header, body)
    pool = file_rows(header, body)
    ran = RunTrace.read(results / "trace", k=8, window_ms=230_929)
    run_files = read_file_timelines(results / "trace", paths=True)
    assert run_files.final_path is not None
    alive = [
        path for path, gone in zip(run_files.final_path, run_files.deleted, strict=True)
        if path.startswith(ran.namespace_root + "/") and not gone
    ]  # fmt: skip
    sized_rows = [[path, *pool[(i + 7) % len(pool)][1:]] for i, path in enumerate(alive)]
    write_tsv(results / NAMESPACE_END_TSV, header, [["/", *body[0][1:]], *sized_rows])
    return results, trace


def test_fidelity_scores_the_sizes_of_a_run(
    sized: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    results, trace = sized
    arguments = [str(PROFILE), str(results), "--against", str(trace), "--noise-draws", "0"]
    assert main(["fidelity", *arguments, "--json"]) == OK
    sizes = json.loads(capsys.readouterr().out)["sizes"]
    assert sizes["not_scored"] is None
    assert sizes["run"] == str(results / NAMESPACE_END_TSV)
    created = sizes["created"]
    run = RunTrace.read(results / "trace", k=8, window_ms=230_929)
    assert created["files"]["run"] == len(run.created_paths) > 0
    assert created["files"]["trace"] > 0
    assert created["count_factor"] == created["files"]["run"] / created["files"]["trace"]
    # The same pool of real sizes on both sides: close, as a run meeting the bars would be.
    assert sizes["all_files"]["bytes_ks"] < 0.2
    assert 0.5 < sizes["all_files"]["blocks_ratio"] < 2
    written = FidelityFile.read(results)
    assert written is not None
    assert written.version == 4
    assert written.report["sizes"] == sizes
    assert isinstance(written.scores, RunFidelity)
    text = render_fidelity(written.scores)
    assert "sizes at the end: run " in text
    assert "bar bytes_ks" in text
    assert main(["report", str(results)]) == OK
    page = (results / "report.html").read_text(encoding="utf-8")
    assert "File sizes at the end" in page
    assert "Sizes at the end: the run" in page  # the CDF plot's caption


def test_without_the_namespace_at_the_end_sizes_are_not_scored(
    sized: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    results, trace = sized
    (trace / NAMESPACE_END_FILE).unlink()
    assert main(["fidelity", str(PROFILE), str(results), "--against", str(trace),
                 "--noise-draws", "0", "--json"]) == OK  # fmt: skip
    sizes = json.loads(capsys.readouterr().out)["sizes"]
    assert sizes["not_scored"] == (
        f"{trace / NAMESPACE_END_FILE} is missing (parse the trace with --fsimage-end)"
    )
    (results / NAMESPACE_END_TSV).unlink()
    assert main(["fidelity", str(PROFILE), str(results), "--noise-draws", "0"]) == OK
    text = capsys.readouterr().out
    assert f"sizes at the end: not scored: {results / NAMESPACE_END_TSV} is missing" in text
    assert main(["report", str(results)]) == OK
    page = (results / "report.html").read_text(encoding="utf-8")
    assert f"Not scored: {results / NAMESPACE_END_TSV} is missing" in page


def test_a_bad_namespace_end_is_bad_input(
    sized: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """A line of the run's namespace-end.tsv that is not the viewer's, or a trace's
    namespace-end.avro cut short: one line naming the file, exit 2, no fidelity.json."""
    results, trace = sized
    tsv = results / NAMESPACE_END_TSV
    kept = tsv.read_bytes()
    with tsv.open("a", encoding="utf-8") as out:
        out.write("/mimesisbench/x\t3\n")
    arguments = ["fidelity", str(PROFILE), str(results), "--against", str(trace)]
    assert main(arguments) == BAD_INPUT
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"mimesis-model: {tsv}:")
    assert "2 fields, the header has 12" in error
    assert "\n" not in error
    assert not (results / FIDELITY_FILE).exists()
    tsv.write_bytes(kept)
    avro = trace / NAMESPACE_END_FILE
    avro.write_bytes(avro.read_bytes()[:-100])
    assert main(arguments) == BAD_INPUT
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"mimesis-model: {avro}: ")
    assert "\n" not in error
    assert not (results / FIDELITY_FILE).exists()
    assert RunResults.read(results).valid
