"""Two capacity searches compared: which holds more of its profile, as far as their intervals
tell (a search bounds a capacity between its fastest passing probe and the slowest faster one
that failed, so two whose intervals overlap cannot be told apart)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Final

from mimesis_model.formats.capacity_file import CapacityFile

HIGHER: Final = "B holds more"
LOWER: Final = "B holds less"
OVERLAP: Final = "within the searches' intervals"


def _bounds(found: CapacityFile) -> tuple[float, float]:
    """The capacity's interval as numbers: [low, high), speed-ups over the recorded rate."""
    if found.speed_up is None:
        return 0.0, min(p.speed_up for p in found.probes)
    return found.speed_up, found.failed_speed_up or math.inf


def compare_capacities(
    a: CapacityFile, b: CapacityFile, a_dir: Path, b_dir: Path
) -> dict[str, Any]:
    """A's and B's capacities, their ratio and whether their intervals tell them apart."""
    a_low, a_high = _bounds(a)
    b_low, b_high = _bounds(b)
    verdict = HIGHER if b_low >= a_high else LOWER if b_high <= a_low else OVERLAP
    ratio = b.speed_up / a.speed_up if a.speed_up and b.speed_up else None
    rates = b.ops_per_second / a.ops_per_second if a.ops_per_second and b.ops_per_second else None
    return {
        "a": {"folder": str(a_dir), "interval": a.interval(), "opsPerSecond": a.ops_per_second},
        "b": {"folder": str(b_dir), "interval": b.interval(), "opsPerSecond": b.ops_per_second},
        "speedUpRatio": ratio,
        "opsPerSecondRatio": rates,
        "verdict": verdict,
    }


def render_capacity_comparison(report: dict[str, Any]) -> str:
    """The comparison as a few lines."""
    lines = []
    for side in ("a", "b"):
        found = report[side]
        rate = found["opsPerSecond"]
        shown = "no probe held" if rate is None else f"{rate:,.1f} ops/s"
        lines.append(
            f"{side.upper()}: {found['interval']} the recorded rate, {shown}  ({found['folder']})"
        )
    ratio = report["speedUpRatio"]
    lines.append(
        f"B/A: {ratio:.2f}x the speed-up; {report['verdict']}"
        if ratio is not None
        else f"B/A: {report['verdict']}"
    )
    return "\n".join(lines)
