"""What the trace's parse-report.json says of the whole trace: its time window, its op counts,
how many of its calls were denied and what each event's path named (by_target).

Fitting reads these from the report instead of from events.avro, which holds every audit event
(tens of millions for a busy day) and would take longer to read than the rest of the fit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from os import PathLike

import numpy as np

from mimesis_model.formats.ops import command_of
from mimesis_model.formats.parse_report_file import ParseReportFile
from mimesis_model.formats.trace import read_events


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
    missing_by_user: dict[str, dict[str, int]] = field(default_factory=dict)
    """audit events on paths that named nothing, by op (as the log wrote it) then effective
    user; empty for a trace parsed before the report had them"""

    @property
    def duration_ms(self) -> int:
        # A trace of one instant still models a window of one millisecond.
        return max(self.end_ms - self.start_ms, 1)

    @classmethod
    def read(cls, trace_dir: str | PathLike[str]) -> TraceWindow:
        """From TRACE_DIR/parse-report.json, else (a report-less trace) from its events.avro."""
        if not ParseReportFile.exists(trace_dir):
            events = read_events(trace_dir)
            return cls(
                int(events.time.min()),
                int(events.time.max()),
                events.op.counts(),
                int(np.count_nonzero(~events.allowed)),
            )
        report = ParseReportFile.read(trace_dir)
        op_counts: dict[str, int] = {}
        for cmd, count in report.by_cmd.items():
            op = command_of(cmd)
            op_counts[op] = op_counts.get(op, 0) + count
        return cls(
            report.first_event_ms,
            report.last_event_ms,
            op_counts,
            report.denied,
            report.by_target,
            report.by_user,
            report.missing_by_user,
        )
