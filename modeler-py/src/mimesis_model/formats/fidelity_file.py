"""fidelity.json (profiles/schema/fidelity.schema.json documents every key): written only here,
checked against its schema on the way out and on the way in, for a run of a profile (no kind)
and for a replay (kind "replay"). The reports themselves are made by run_fidelity and
replay_fidelity; this module is their file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema
from mimesis_model.output import AtomicOutputDir

FIDELITY_FILE: Final = "fidelity.json"
FIDELITY_VERSION: Final = 3
"""of fidelity.json (and `fidelity --json`): 2 added "whole", the whole workload's command mix
(version 1 had no "version" key); 3 "directories", their listing and access popularity"""
REPLAY_KIND: Final = "replay"
"""fidelity.json's "kind" for a replay (a run's has none)"""


class FidelityFileError(MimesisModelError):
    """A fidelity.json is not what `fidelity` writes."""


@dataclass(frozen=True)
class FidelityFile:
    """A results folder's fidelity.json, read and checked; REPORT is the JSON as written."""

    path: Path
    report: dict[str, Any]

    @classmethod
    def read(cls, directory: Path) -> FidelityFile | None:
        """DIRECTORY's fidelity.json; None when `fidelity` has not scored the run."""
        path = directory / FIDELITY_FILE
        if not path.is_file():
            return None
        try:
            report = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise FidelityFileError(f"{path}: not JSON: {error}") from error
        version = report.get("version", 1) if isinstance(report, dict) else 1
        if isinstance(version, int) and version > FIDELITY_VERSION:
            raise FidelityFileError(
                f"{path}: version {version}, newer than the {FIDELITY_VERSION} this mimesis-model "
                "reads"
            )
        results_schema.check(results_schema.FIDELITY, report, path, FidelityFileError)
        return cls(path, report)

    @staticmethod
    def write(directory: Path, report: dict[str, Any]) -> None:
        """REPORT as DIRECTORY's fidelity.json, atomically; a note on stderr when it replaces
        an earlier one. A report that is not what the schema says is a bug, refused unwritten."""
        problem = results_schema.problem(results_schema.FIDELITY, report)
        if problem is not None:
            raise AssertionError(f"a fidelity report off its schema: {problem}")
        written = directory / FIDELITY_FILE
        replaced = written.exists()
        with AtomicOutputDir(directory) as out:
            out.path(FIDELITY_FILE).write_text(json.dumps(report, indent=2) + "\n", "utf-8")
        if replaced:
            print(f"mimesis-model: note: replaced the earlier {written}", file=sys.stderr)

    @property
    def is_replay(self) -> bool:
        return self.report.get("kind") == REPLAY_KIND

    @property
    def version(self) -> int:
        return int(self.report.get("version", 1))

    @property
    def whole(self) -> dict[str, Any] | None:
        """The whole workload's calls by command on each side (None in a version 1 report)."""
        whole = self.report.get("whole")
        return None if whole is None else dict(whole)

    @property
    def users(self) -> dict[str, Any] | None:
        """The per-user call mix against each side (None: the profile names no user)."""
        users = self.report.get("users")
        return None if users is None else dict(users)
