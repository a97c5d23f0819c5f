"""parse-report.json, as audit-parsers' ParseReport writes it beside a trace
(profiles/schema/parse-report.schema.json documents every key): the one place modeler-py names
its keys, checked against the schema when read. A report from before a key was added reads
without it (its property is None, or empty)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from os import PathLike
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import TraceError
from mimesis_model.formats import results_schema
from mimesis_model.formats.folders import file_name

PARSE_REPORT_FILE: Final = file_name("trace", "parseReport")


@dataclass(frozen=True)
class ParseReportFile:
    """A trace's parse-report.json, read and checked."""

    path: Path
    document: dict[str, Any]

    @classmethod
    def read(cls, trace_dir: str | PathLike[str]) -> ParseReportFile:
        """TRACE_DIR's report; TraceError (one line naming it) if it is not a parse report."""
        path = Path(trace_dir) / PARSE_REPORT_FILE
        return cls(path, results_schema.read_json(path, results_schema.PARSE_REPORT, TraceError))

    @staticmethod
    def exists(trace_dir: str | PathLike[str]) -> bool:
        return (Path(trace_dir) / PARSE_REPORT_FILE).exists()

    @property
    def by_cmd(self) -> dict[str, int]:
        """Every event by its cmd as the log wrote it (options and all), allowed or not."""
        return {str(cmd): int(n) for cmd, n in self.document["by_cmd"].items()}

    @property
    def denied(self) -> int | None:
        """Events not allowed; None when the report does not say."""
        denied = self.document.get("allowed_false")
        return None if denied is None else int(denied)

    @property
    def first_event_ms(self) -> int:
        """Epoch ms of the first event; TraceError when the report has none."""
        return self._epoch_ms("first_event")

    @property
    def last_event_ms(self) -> int:
        return self._epoch_ms("last_event")

    @property
    def by_target(self) -> dict[str, dict[str, int]]:
        """Events by what their path named (file, directory, missing, unknown, cluster), then by
        command; empty for a trace parsed before the report had them."""
        return {
            str(target): {str(op): int(n) for op, n in counts.items()}
            for target, counts in self.document.get("by_target", {}).items()
        }

    @property
    def by_user(self) -> dict[str, int]:
        """Events by effective user; empty for a trace parsed before the report had them."""
        return {str(user): int(n) for user, n in self.document.get("by_user", {}).items()}

    @property
    def missing_by_user(self) -> dict[str, dict[str, int]]:
        """Events on paths that named nothing, by command then effective user; empty for a
        trace parsed before the report had them."""
        return {
            str(op): {str(user): int(n) for user, n in users.items()}
            for op, users in self.document.get("missing_by_user", {}).items()
        }

    def _epoch_ms(self, key: str) -> int:
        iso = self.document.get(key)
        if iso is None:
            raise TraceError(f"{self.path}: no {key}: the trace has no events")
        try:
            moment = datetime.fromisoformat(str(iso).replace("Z", "+00:00"))
        except ValueError as error:
            raise TraceError(f"{self.path}: {key}: {error}") from error
        return round(moment.timestamp() * 1000)
