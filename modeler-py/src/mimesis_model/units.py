"""The one rendering of a latency or a duration that a person reads: console tables, help texts,
HTML pages, figure axes; a file's bytes in binary units ("1.5 MiB"). A latency is in the
largest of µs, ms and s that keeps it at least 1
("850 µs", "1.2 ms", "12 ms", "3.4 s"), as the jar's org.mimesisbench.output.Durations renders it;
a time in ms (a window, an interarrival) in the largest of ms, s, min, h, d ("1.5 s", "10 min").
Files a program reads (summary.json, CSV headers, JSON keys) keep their raw numbers.

A top-level module: every layer may use it, and it imports nothing of the package.
"""

import math
from typing import Final

MICROS: Final = "µs"
"""The symbol of a microsecond wherever a person reads one: in a column header, "(µs)"."""

_LATENCY_UNITS: Final = (MICROS, "ms", "s")
_TIME_UNITS: Final = (("d", 86_400_000.0), ("h", 3_600_000.0), ("min", 60_000.0), ("s", 1000.0))


def format_latency(micros: float) -> str:
    """MICROS microseconds in the largest unit of µs, ms, s that keeps it at least 1: one decimal
    below 10, whole above ("5.5 µs", "850 µs", "1.2 ms", "12 ms"); "-" when not a number."""
    if not math.isfinite(micros):
        return "-"
    value = float(micros)
    unit = 0
    # move up while the value, as shown, would read 1000 or more
    while unit < len(_LATENCY_UNITS) - 1 and abs(value) >= 999.5:
        value /= 1000
        unit += 1
    shown = round(value, 1) if abs(value) < 9.95 else float(round(value))
    number = f"{shown:,.0f}" if shown == int(shown) else f"{shown:.1f}"
    return f"{number} {_LATENCY_UNITS[unit]}"


def format_duration(ms: float, _position: object = None) -> str:
    """MS milliseconds in the largest unit that keeps it >= 1 (also a matplotlib tick formatter)."""
    for unit, size in _TIME_UNITS:
        if ms >= size:
            return f"{_significant(ms / size)} {unit}"
    return f"{_significant(ms)} ms"


def format_bytes(size: float) -> str:
    """SIZE bytes in the largest binary unit that keeps it >= 1 ("512 B", "1.5 MiB")."""
    for unit, scale in _BYTE_UNITS:
        if abs(size) >= scale:
            return f"{_significant(size / scale)} {unit}"
    return f"{_significant(size)} B"


_BYTE_UNITS: Final = (("TiB", 2.0**40), ("GiB", 2.0**30), ("MiB", 2.0**20), ("KiB", 2.0**10))


def _significant(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 100 else f"{x:.0f}"
