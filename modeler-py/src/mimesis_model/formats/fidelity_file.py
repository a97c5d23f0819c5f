"""fidelity.json (profiles/schema/fidelity.schema.json documents every key): written only here,
checked against its schema on the way out and on the way in, for a run of a profile (no kind)
and for a replay (kind "replay"). The reports are made by run_fidelity and replay_fidelity as the
typed scores of fidelity_report, which name every key; this module is their file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema
from mimesis_model.formats.fidelity_report import (
    FIDELITY_VERSION,
    REPLAY_KIND,
    ReplayFidelity,
    RunFidelity,
    WholeWorkload,
)
from mimesis_model.formats.folders import file_name
from mimesis_model.output import AtomicOutputDir

__all__ = ["FIDELITY_FILE", "FIDELITY_VERSION", "REPLAY_KIND", "FidelityFile", "FidelityFileError"]

FIDELITY_FILE: Final = file_name("run", "fidelity")


class FidelityFileError(MimesisModelError):
    """A fidelity.json is not what `fidelity` writes."""


@dataclass(frozen=True)
class FidelityFile:
    """A results folder's fidelity.json, read and checked; REPORT is the JSON as written, SCORES
    the same typed (fidelity_report: what renderers read)."""

    path: Path
    report: dict[str, Any]
    version: int
    """the format it was written in (FIDELITY_VERSION's note); 1 had no "version" key"""
    scores: RunFidelity | ReplayFidelity

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
        results_schema.refuse_non_finite(report, path, FidelityFileError)
        version = report.get("version", 1) if isinstance(report, dict) else 1
        if isinstance(version, int) and version > FIDELITY_VERSION:
            raise FidelityFileError(
                f"{path}: version {version}, newer than the {FIDELITY_VERSION} this mimesis-model "
                "reads"
            )
        results_schema.check(results_schema.FIDELITY, report, path, FidelityFileError)
        replay = report.get("kind") == REPLAY_KIND
        scores = ReplayFidelity.of(report) if replay else RunFidelity.of(report)
        return cls(path, report, int(version), scores)

    @staticmethod
    def write(directory: Path, scores: RunFidelity | ReplayFidelity) -> None:
        """SCORES as DIRECTORY's fidelity.json, atomically; a note on stderr when it replaces
        an earlier one. A report that is not what the schema says is a bug, refused unwritten."""
        report = scores.to_json()
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
        return isinstance(self.scores, ReplayFidelity)

    @property
    def whole(self) -> WholeWorkload | None:
        """The whole workload's calls by command on each side (None in a version 1 report)."""
        return self.scores.whole
