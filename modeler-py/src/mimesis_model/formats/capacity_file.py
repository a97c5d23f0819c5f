"""capacity.json, as generator-mr's CapacityFile writes it (profiles/schema/capacity.schema.json
documents every key): the one place modeler-py names its keys, checked against the schema when
read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema
from mimesis_model.formats.folders import file_name

CAPACITY_FILE: Final = file_name("sweep", "capacity")

WITHIN: Final = "within"
AT_LEAST: Final = "atLeast"
BELOW: Final = "below"


class CapacityFileError(MimesisModelError):
    """A capacity.json is not what `capacity` writes."""


@dataclass(frozen=True)
class CapacityProbe:
    """One run of the search and its verdict."""

    speed_up: float
    valid: bool
    ops_per_second: float
    response_p99_micros: int
    passed: bool


@dataclass(frozen=True)
class CapacityFile:
    """A capacity search's result: the capacity lies in [speed_up, failed_speed_up)."""

    found: str
    """within (both ends found), atLeast (no faster probe failed) or below (none passed)"""
    speed_up: float | None
    failed_speed_up: float | None
    ops_per_second: float | None
    """the fastest passing probe's rate: the capacity in ops/s"""
    response_p99_micros: int | None
    p99_bound_micros: int
    probes: list[CapacityProbe]

    @classmethod
    def read(cls, directory: Path) -> CapacityFile:
        """DIRECTORY's capacity.json; CapacityFileError (one line naming it) if it is not one."""
        path = directory / CAPACITY_FILE
        if not path.is_file():
            raise CapacityFileError(f"{path}: no such file (not a capacity search's folder)")
        document = results_schema.read_json(path, results_schema.CAPACITY, CapacityFileError)
        return cls.of(document, path)

    @classmethod
    def of(cls, document: Any, path: Path) -> CapacityFile:
        """DOCUMENT (a capacity.json's JSON, from PATH), checked against the schema."""
        results_schema.check(results_schema.CAPACITY, document, path, CapacityFileError)

        def number(key: str) -> float | None:
            return float(document[key]) if key in document else None

        return cls(
            found=str(document["found"]),
            speed_up=number("speedUp"),
            failed_speed_up=number("failedSpeedUp"),
            ops_per_second=number("opsPerSecond"),
            response_p99_micros=(
                int(document["responseP99Micros"]) if "responseP99Micros" in document else None
            ),
            p99_bound_micros=int(document["p99BoundMicros"]),
            probes=[
                CapacityProbe(
                    speed_up=float(p["speedUp"]),
                    valid=bool(p["valid"]),
                    ops_per_second=float(p["opsPerSecond"]),
                    response_p99_micros=int(p["responseP99Micros"]),
                    passed=bool(p["passed"]),
                )
                for p in document["probes"]
            ],
        )

    def interval(self) -> str:
        """The capacity as the search bounds it, e.g. "[6.71x, 8.00x)"."""
        if self.speed_up is None:
            slowest = min(p.speed_up for p in self.probes)
            return f"below {slowest:.3g}x"
        if self.failed_speed_up is None:
            return f"at least {self.speed_up:.3g}x"
        return f"[{self.speed_up:.3g}x, {self.failed_speed_up:.3g}x)"
