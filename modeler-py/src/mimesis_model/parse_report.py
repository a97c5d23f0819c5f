"""What the trace's parse-report.json says of the whole trace: its time window, its op counts
and what each event's path named (by_target).

Fitting reads these from the report instead of from events.avro, which holds every audit event
(tens of millions for a busy day) and would take longer to read than the rest of the fit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from os import PathLike
from pathlib import Path
from typing import Final

from mimesis_model.errors import TraceError
from mimesis_model.trace import read_events

PARSE_REPORT_FILE: Final = "parse-report.json"


@dataclass(frozen=True)
class TraceWindow:
    """The span of a trace's events and how many of each op it holds."""

    start_ms: int
    """epoch ms of the first event"""
    end_ms: int
    """epoch ms of the last event"""
    op_counts: dict[str, int]
    """audit events by cmd, allowed or not"""
    by_target: dict[str, dict[str, int]] = field(default_factory=dict)
    """audit events by what their path named (file, directory, missing, unknown, cluster), then
    by command; empty for a trace parsed before the report had them"""
    denied: int = 0
    """events not allowed"""

    @property
    def duration_ms(self) -> int:
        # A trace of one instant still models a window of one millisecond.
        return max(self.end_ms - self.start_ms, 1)

    @classmethod
    def read(cls, trace_dir: str | PathLike[str]) -> TraceWindow:
        """From TRACE_DIR/parse-report.json, else (a report-less trace) from its events.avro."""
        path = Path(trace_dir) / PARSE_REPORT_FILE
        if not path.exists():
            events = read_events(trace_dir)
            return cls(
                int(events.time.min()),
                int(events.time.max()),
                events.op.counts(),
                denied=int((~events.allowed).sum()),
            )
        try:
            report = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                _epoch_ms(report["first_event"]),
                _epoch_ms(report["last_event"]),
                {str(op): int(count) for op, count in report["by_cmd"].items()},
                {
                    str(target): {str(op): int(n) for op, n in counts.items()}
                    for target, counts in report.get("by_target", {}).items()
                },
                int(report.get("allowed_false", 0)),
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise TraceError(f"{path}: not a parse report: {error!r}") from error


def _epoch_ms(iso: str) -> int:
    return round(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)
