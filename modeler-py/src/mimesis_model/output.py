"""An output directory whose files appear all at once or not at all (as the Java side's
org.mimesisbench.output.AtomicOutputDir): each file is written under a hidden in-progress name
and renamed into place only when every file of the command is complete.

A directory that cannot be used, and a disk that fills up (or is read-only, or over quota) while
writing, are a MimesisModelError naming the option, the path and the problem: the user fixes
those by choosing another place, so they are bad input, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from mimesis_model.errors import MimesisModelError


class OutputError(MimesisModelError):
    """An output path that cannot be made or written."""


class AtomicOutputDir:
    """Use as a context manager; files created inside appear when the block ends without error.

    OPTION names where the directory came from in messages (e.g. "--out"); without it they name
    the directory alone.
    """

    def __init__(self, directory: Path, option: str | None = None) -> None:
        self.directory = directory
        self.option = option
        self._pending: list[tuple[Path, Path]] = []
        self._created: Path | None = None

    def _error(self, path: Path, problem: str) -> OutputError:
        where = f"{self.option} {path}" if self.option else str(path)
        return OutputError(f"{where}: {problem}")

    def __enter__(self) -> AtomicOutputDir:
        if self.directory.exists() and not self.directory.is_dir():
            raise self._error(self.directory, "exists and is not a directory")
        self._created = _outermost_missing(self.directory.absolute())
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            problem = f"cannot create it: {_reason(error, self.directory)}"
            raise self._error(self.directory, problem) from error
        if not os.access(self.directory, os.W_OK):  # false on a read-only file system, even as root
            raise self._error(self.directory, "not writable")
        return self

    def path(self, name: str) -> Path:
        """Where to write NAME; it gets its real name when the block ends without error."""
        temporary = self.directory / f".{name}.inprogress"
        self._pending.append((temporary, self.directory / name))
        return temporary

    def create(self, name: str) -> BinaryIO:
        """A binary stream to write NAME through."""
        return self.path(name).open("wb")

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            for temporary, final in self._pending:
                try:
                    if temporary.exists():
                        os.replace(temporary, final)
                except OSError as failed:  # e.g. a directory of that name is in the way
                    self._abandon()
                    problem = f"cannot write: {_reason(failed, final)}"
                    raise self._error(final, problem) from failed
            return
        self._abandon()
        if isinstance(error, OSError) and self._is_ours(error):
            problem = f"cannot write: {_reason(error, self.directory)}"
            raise self._error(self.directory, problem) from error

    def _is_ours(self, error: OSError) -> bool:
        """Whether ERROR was met writing here: on a file of ours, or on a stream (names no file)."""
        if error.filename is None:
            return True
        written = Path(os.fsdecode(error.filename)).absolute()
        return written.is_relative_to(self.directory.absolute())

    def _abandon(self) -> None:
        for temporary, _ in self._pending:
            temporary.unlink(missing_ok=True)
        if self._created is None:
            return
        # a failed command leaves no trace of its own: the directories it made, innermost first
        directory = self.directory.absolute()
        while directory.is_relative_to(self._created) and directory.is_dir():
            if any(directory.iterdir()):
                break
            directory.rmdir()
            directory = directory.parent


def _outermost_missing(directory: Path) -> Path | None:
    """The outermost of DIRECTORY and its parents that does not exist yet (None: it exists)."""
    missing = None
    while not directory.exists():
        missing = directory
        if directory.parent == directory:
            break
        directory = directory.parent
    return missing


def _reason(error: OSError, about: Path) -> str:
    """The operating system's words for ERROR, naming its file when that is not ABOUT (or ours)."""
    text = error.strerror or str(error)
    if error.filename is None:
        return text
    named = Path(os.fsdecode(error.filename))
    if named.name.endswith(".inprogress") or named.absolute() == about.absolute():
        return text
    return f"{text} ({named})"


def check_writable(path: Path, option: str | None = None, *, is_file: bool = False) -> None:
    """Refuse, before any work, an output PATH (a folder, or a file with IS_FILE) that cannot be
    written, as writing it would: by making its folder and an in-progress file in it, and
    removing again what was made."""
    where = f"{option} {path}" if option else str(path)
    if is_file and path.is_dir():
        raise OutputError(f"{where}: is a directory (give a file name)")
    folder, name = (path.parent, path.name) if is_file else (path, "probe")
    try:
        with AtomicOutputDir(folder, None if is_file else option) as out:
            try:
                out.path(name).touch()
            finally:
                out._abandon()
    except OutputError as error:
        raise (OutputError(f"{where}: {error}") if is_file else error) from error


def write_file(path: Path, content: bytes, option: str | None = None) -> None:
    """Write CONTENT to the file PATH all at once (through a hidden in-progress name beside it)."""
    where = f"{option} {path}" if option else str(path)
    if path.is_dir():
        raise OutputError(f"{where}: is a directory (give a file name)")
    try:
        with AtomicOutputDir(path.parent) as out:
            out.path(path.name).write_bytes(content)
    except OutputError as error:
        raise OutputError(f"{where}: {error}") from error


def refuse_replacing(path: Path, option: str, overwrite: bool, *, is_file: bool = False) -> None:
    """Refuse, unless OVERWRITE, an output PATH the user named under OPTION that holds something
    already (a file with IS_FILE, else a folder with anything in it): a user's file is replaced
    only when asked, as the jar's `run` refuses its --out without --overwrite."""
    if overwrite:
        return
    if is_file and path.is_file():
        raise OutputError(f"{option} {path}: exists; give --overwrite to replace it")
    if not is_file and path.is_dir() and any(path.iterdir()):
        raise OutputError(
            f"{option} {path}: exists and is not empty; give --overwrite to write into it"
        )
