"""sweep.json, as generator-mr's SweepFile writes it (profiles/schema/sweep.schema.json documents
every key): the one place modeler-py names its keys, checked against the schema when read. A
sweep made before runs measured response time has only the service time (latencyMicros)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema
from mimesis_model.formats.folders import file_name
from mimesis_model.formats.run_summary import OpFigures

SWEEP_FILE: Final = file_name("sweep", "sweep")


class SweepFileError(MimesisModelError):
    """A sweep.json is not what `sweep` writes."""


@dataclass(frozen=True)
class SweepPoint:
    """One run of the sweep: its time scale, issue rate and per op issued its figures."""

    time_scale: float
    ops_per_second: float
    ops: dict[str, OpFigures]
    valid: bool = True
    namenode: dict[str, float] = field(default_factory=dict)
    """the NameNode's metrics, each column's mean over phase 2 (empty: none recorded)"""
    seconds: float | None = None
    """phase 2's length (None: not recorded)"""


@dataclass(frozen=True)
class SweepFile:
    """A sweep.json, read and checked."""

    points: list[SweepPoint]
    profile: str | None = None
    """the profile swept (None: a sweep of replays)"""
    replay: str | None = None
    """the trace swept (None: a sweep of runs)"""
    warm_up_ms: int | None = None
    """the unrecorded runs' time before the series (--warm-up; None: none)"""

    @classmethod
    def read(cls, directory: Path) -> SweepFile:
        """DIRECTORY's sweep.json; SweepFileError (one line naming it) if it is not a sweep's."""
        path = directory / SWEEP_FILE
        if not path.is_file():
            raise SweepFileError(f"{path}: no such file (not a sweep folder)")
        return cls.of(results_schema.read_json(path, results_schema.SWEEP, SweepFileError), path)

    @classmethod
    def of(cls, document: Any, path: Path) -> SweepFile:
        """DOCUMENT (a sweep as JSON, from PATH), checked against the schema."""
        results_schema.check(results_schema.SWEEP, document, path, SweepFileError)
        if not document["points"]:
            raise SweepFileError(f"{path}: the sweep has no points")
        points = [
            SweepPoint(
                time_scale=float(point["timeScale"]),
                ops_per_second=float(point["opsPerSecond"]),
                ops={op: OpFigures.of(item) for op, item in point["ops"].items()},
                valid=bool(point.get("valid", True)),
                namenode={str(k): float(v) for k, v in point.get("namenode", {}).items()},
                seconds=float(point["seconds"]) if "seconds" in point else None,
            )
            for point in document["points"]
        ]
        warm_up = document.get("warmUpMs")
        return cls(
            points,
            document.get("profile"),
            document.get("replay"),
            int(warm_up) if warm_up is not None else None,
        )

    @property
    def swept(self) -> str:
        """The profile or trace swept, as given."""
        return self.profile or self.replay or ""
