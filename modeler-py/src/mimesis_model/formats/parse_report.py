"""What the trace's parse-report.json says of the whole trace: its time window, its op counts,
how many of its calls were denied and what each event's path named (by_target).

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

import numpy as np

from mimesis_model.errors import TraceError
from mimesis_model.formats.trace import read_events
from mimesis_model.model.command_mix import command_of

PARSE_REPORT_FILE: Final = "parse-report.json"


@dataclass(frozen=True)
class TraceWindow:
    """The span of a trace's events and how many of each op it holds."""

    start_ms: int
    """epoch ms of the first event"""
    end_ms: int
    """epoch ms of the last event"""
    op_counts: dict[str, int]
    """audit events by op (cmd as the log wrote it, options folded: the events' op), allowed or
    not"""
    denied: int | None = None
    """audit events not allowed; None when the report does not say"""
    by_target: dict[str, dict[str, int]] = field(default_factory=dict)
    """audit events by what their path named (file, directory, missing, unknown, cluster), then
    by command; empty for a trace parsed before the report had them"""
    by_user: dict[str, int] = field(default_factory=dict)
    """audit events by effective user, allowed or not; empty for a trace parsed before the
    report had them"""

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
                int(np.count_nonzero(~events.allowed)),
            )
        try:
            report = json.loads(path.read_text(encoding="utf-8"))
            op_counts: dict[str, int] = {}
            for cmd, count in report["by_cmd"].items():
                op = command_of(str(cmd))
                op_counts[op] = op_counts.get(op, 0) + int(count)
            denied = report.get("allowed_false")
            return cls(
                _epoch_ms(report["first_event"]),
                _epoch_ms(report["last_event"]),
                op_counts,
                None if denied is None else int(denied),
                {
                    str(target): {str(op): int(n) for op, n in counts.items()}
                    for target, counts in report.get("by_target", {}).items()
                },
                {str(user): int(n) for user, n in report.get("by_user", {}).items()},
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise TraceError(f"{path}: not a parse report: {error!r}") from error


def _epoch_ms(iso: str) -> int:
    return round(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)
