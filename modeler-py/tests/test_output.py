"""Output paths that cannot be written are one-line errors naming the option, the path and the
problem, and a failed write leaves nothing behind.

Unwritable places here are unwritable for root too, since the tests run as root in CI (where a
chmod'ed directory stays writable): a path under a regular file, a new entry in /proc, and a
file size limit (RLIMIT_FSIZE) for a disk that fills up while writing.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from mimesis_model.cli import BAD_INPUT
from mimesis_model.output import AtomicOutputDir, OutputError, write_file

SAMPLE_PROFILE = Path(__file__).parent / "data" / "sample-profile"


def _write_then_fail(directory: Path, failure: Exception, option: str | None = None) -> None:
    with AtomicOutputDir(directory, option) as out:
        out.path("a.txt").write_text("half")
        raise failure


def _write(directory: Path, option: str | None = None) -> None:
    with AtomicOutputDir(directory, option) as out:
        out.path("a.txt").write_text("a")


def test_files_appear_on_success_and_nothing_is_left_after_a_failure(tmp_path: Path) -> None:
    _write(tmp_path / "ok", "--out")
    assert [p.name for p in (tmp_path / "ok").iterdir()] == ["a.txt"]
    with pytest.raises(ValueError, match="boom"):
        _write_then_fail(tmp_path / "a/b/c", ValueError("boom"))
    assert not (tmp_path / "a").exists(), "the folders it made are gone, parents too"


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("{file}", "exists and is not a directory"),
        ("{file}/x", "cannot create it: Not a directory"),
        ("{file}/x/y", "cannot create it: Not a directory"),
        ("/proc/mimesis-model-test", "cannot create it: "),
    ],
)
def test_unusable_directories_name_the_option_the_path_and_the_problem(
    tmp_path: Path, where: str, problem: str
) -> None:
    file = tmp_path / "file"
    file.write_text("a user's file")
    directory = Path(where.format(file=file))
    with pytest.raises(OutputError) as refused, AtomicOutputDir(directory, "--out"):
        pass
    assert str(refused.value).startswith(f"--out {directory}: {problem}")
    assert "\n" not in str(refused.value)
    assert file.read_text() == "a user's file"
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_a_write_error_in_the_block_is_named_and_other_errors_pass(tmp_path: Path) -> None:
    full = OSError(28, "No space left on device")
    with pytest.raises(OutputError, match=r"^--out .*/out: cannot write: No space left on device$"):
        _write_then_fail(tmp_path / "out", full, "--out")
    elsewhere = tmp_path / "input.txt"
    with pytest.raises(FileNotFoundError), AtomicOutputDir(tmp_path / "out2"):
        elsewhere.read_text()  # an input's problem is not the output's
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_directory_in_the_way_of_a_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "out" / "a.txt" / "inside").mkdir(parents=True)
    with pytest.raises(OutputError, match=r"--out .*/out/a.txt: cannot write: "):
        _write(tmp_path / "out", "--out")
    assert not list((tmp_path / "out").glob(".*inprogress"))


def test_write_file_names_the_file_option(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    in_the_way = r"^--plot .*/file/p.png: .*/file: exists and is not a directory$"
    with pytest.raises(OutputError, match=in_the_way):
        write_file(tmp_path / "file" / "p.png", b"png", "--plot")
    with pytest.raises(OutputError, match=r"^--plot .*: is a directory \(give a file name\)$"):
        write_file(tmp_path, b"png", "--plot")
    write_file(tmp_path / "new" / "p.png", b"png", "--plot")
    assert (tmp_path / "new" / "p.png").read_bytes() == b"png"


def _small_files() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))  # Python ignores SIGXFSZ: EFBIG


def test_a_disk_that_fills_while_writing_is_one_line(tmp_path: Path) -> None:
    """A real write failure, in a child process limited to 8 KiB files: `scale` writes a profile
    of about 30 KB."""
    out = tmp_path / "scaled"
    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", "scale", str(SAMPLE_PROFILE), "--out", str(out)],
        capture_output=True, text=True, check=False, preexec_fn=_small_files,
    )  # fmt: skip
    assert done.returncode == BAD_INPUT, done.stderr
    assert done.stderr == f"mimesis-model: --out {out}: cannot write: File too large\n"
    assert not out.exists()
