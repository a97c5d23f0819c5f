"""An output directory whose files appear all at once or not at all (as the Java side's
org.mimesisbench.output.AtomicOutputDir): each file is written under a hidden in-progress name
and renamed into place only when every file of the command is complete.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from mimesis_model.errors import MimesisModelError


class AtomicOutputDir:
    """Use as a context manager; files created inside appear when the block ends without error."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._pending: list[tuple[Path, Path]] = []
        self._created = False

    def __enter__(self) -> AtomicOutputDir:
        if self.directory.exists() and not self.directory.is_dir():
            raise MimesisModelError(f"{self.directory}: exists and is not a directory")
        self._created = not self.directory.exists()
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise MimesisModelError(f"{self.directory}: cannot create: {error.strerror}") from error
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
                if temporary.exists():
                    os.replace(temporary, final)
            return
        for temporary, _ in self._pending:
            temporary.unlink(missing_ok=True)
        if self._created and not any(self.directory.iterdir()):
            self.directory.rmdir()  # a failed command leaves no trace of its own
