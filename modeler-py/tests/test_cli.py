import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from mimesis_model import __version__
from mimesis_model.cli import BAD_INPUT, OK, main
from mimesis_model.cli.main import COMMANDS
from mimesis_model.formats import schema
from mimesis_model.formats.trace import FILES_FILE
from tracefiles import T0, audit_event, write_avro


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_text(capsys: pytest.CaptureFixture[str], trace_dir: Path) -> None:
    code, out, err = run(capsys, "summary", str(trace_dir))

    assert (code, err) == (OK, "")
    assert "2023-11-14T22:13:20.000Z" in out
    assert "files with 2+" in out


def test_summary_json_is_one_object(capsys: pytest.CaptureFixture[str], trace_dir: Path) -> None:
    code, out, _ = run(capsys, "summary", str(trace_dir), "--json")

    assert code == OK
    assert out.count("\n") == 1
    summary = json.loads(out)
    assert summary["events"]["count"] == 6
    assert summary["accesses"]["by_kind"] == {"open": 3, "listStatus": 2, "getfileinfo": 1}


def test_missing_trace_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "summary", str(tmp_path / "nope"))

    assert (code, out) == (BAD_INPUT, "")
    assert err == f"mimesis-model: {tmp_path / 'nope'}: no such trace directory\n"


def test_file_that_is_not_avro(capsys: pytest.CaptureFixture[str], trace_dir: Path) -> None:
    (trace_dir / FILES_FILE).write_text("not avro")

    code, _, err = run(capsys, "summary", str(trace_dir))

    assert code == BAD_INPUT
    assert err == f"mimesis-model: {trace_dir / FILES_FILE}: not an Avro container file\n"


def test_file_of_another_schema(capsys: pytest.CaptureFixture[str], trace_dir: Path) -> None:
    write_avro(trace_dir / FILES_FILE, schema.AUDIT_EVENT, [audit_event(T0, "open")])

    code, _, err = run(capsys, "summary", str(trace_dir))

    assert code == BAD_INPUT
    assert err.startswith(f"mimesis-model: {trace_dir / FILES_FILE}: holds ")
    assert err.count("\n") == 1


@pytest.mark.parametrize("where", ["before", "after"])
def test_verbose_prints_the_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    argv = ["summary", str(tmp_path / "nope")]
    argv = ["--verbose", *argv] if where == "before" else [*argv, "--verbose"]

    code, _, err = run(capsys, *argv)

    assert code == BAD_INPUT
    assert "Traceback (most recent call last)" in err
    assert err.endswith("no such trace directory\n")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_its_help_and_the_verbose_option(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([name, "--help"])

    assert exited.value.code == OK
    out = capsys.readouterr().out
    assert out.startswith(f"usage: mimesis-model {name} [-h] [-v]")
    # argparse wraps the text, at spaces and after hyphens: compared without the whitespace
    assert "".join(COMMANDS[name].DESCRIPTION.split()) in "".join(out.split())


def test_the_command_list_names_every_command_with_its_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])

    listed = "".join(capsys.readouterr().out.split())
    for name, command in COMMANDS.items():
        assert "".join(f"{name} {command.HELP}".split()) in listed


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])

    assert exited.value.code == OK
    assert capsys.readouterr().out == f"mimesis-model {__version__}\n"


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([])

    assert exited.value.code == BAD_INPUT
    assert "required: COMMAND" in capsys.readouterr().err


def test_console_script_is_declared() -> None:
    (script,) = entry_points(group="console_scripts", name="mimesis-model")

    assert script.value == "mimesis_model.cli:main"


@pytest.mark.parametrize("content", [None, b"", b"garbage", b"Obj\x01\x00\x00"])
def test_process_prints_no_traceback(tmp_path: Path, content: bytes | None) -> None:
    trace = tmp_path / "trace"
    if content is not None:
        trace.mkdir()
        (trace / "events.avro").write_bytes(content)

    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", "summary", str(trace)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip

    assert done.returncode == BAD_INPUT
    assert done.stdout == ""
    assert done.stderr.startswith(f"mimesis-model: {trace}")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
