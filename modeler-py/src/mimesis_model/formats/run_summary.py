"""summary.json, as generator-mr's RunSummary writes it (profiles/schema/summary.schema.json
documents every key and its unit): the one place modeler-py names its keys. Every summary is
checked against the schema when read. Summaries of older runs read too: a key added since is
absent there, and its property says so (None, or empty).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema
from mimesis_model.formats.folders import file_name

SUMMARY_FILE: Final = file_name("run", "summary")

SERVICE: Final = "service"
"""an op's service time: its call's start to its end"""
RESPONSE: Final = "response"
"""an op's response time: its due time (schedule time times the time scale) to its call's end"""


SECTIONS: Final = (
    ("Options", "options"), ("Target", "target"), ("Environment", "environment"),
    ("Profile", "profile"), ("Replay", "replay"), ("Namespace (phase 1)", "namespace"),
    ("Workload", "workload"), ("This JVM in phase 2", "jvm"),
)  # fmt: skip
"""the summary's sections a report shows as they are, each with its title"""


class RunSummaryError(MimesisModelError):
    """A summary.json is not what `run` writes."""


@dataclass(frozen=True)
class OpFigures:
    """One op's figures (summary.json "ops" item, or a sweep point's): latencies in microseconds."""

    count: int
    ops_per_second: float | None = None
    errors: int = 0
    scheduled: int | None = None
    errors_by_class: dict[str, int] = field(default_factory=dict)
    service_micros: dict[str, float] | None = None
    """p50, p90, p99, p999, max, mean; a summary written before response time was measured has
    only latencyMicros, the service time, read here"""
    response_micros: dict[str, float] | None = None

    @classmethod
    def of(cls, item: dict[str, Any]) -> OpFigures:
        service = item.get("serviceMicros", item.get("latencyMicros"))
        return cls(
            count=int(item["count"]),
            ops_per_second=None
            if item.get("opsPerSecond") is None
            else float(item["opsPerSecond"]),
            errors=int(item.get("errors", 0)),
            scheduled=None if item.get("scheduled") is None else int(item["scheduled"]),
            errors_by_class=dict(item.get("errorsByClass") or {}),
            service_micros=service,
            response_micros=item.get("responseMicros"),
        )

    def latency(self, kind: str) -> dict[str, float] | None:
        """The SERVICE or RESPONSE time percentiles in microseconds, None when not recorded."""
        return self.service_micros if kind == SERVICE else self.response_micros


@dataclass(frozen=True)
class Overall:
    """Every op of the run together."""

    count: int = 0
    errors: int = 0
    scheduled: int = 0
    seconds: float = 0.0
    ops_per_second: float = 0.0
    errors_by_class: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ReplayInput:
    """A replay's trace and what became of its calls (summary.json "replay")."""

    trace: str | None
    events: int | None
    users: str | None
    not_replayed: dict[str, dict[str, int]]
    outcomes: dict[str, int]

    @property
    def denied_as_recorded(self) -> int:
        """Calls denied in the replay as the trace recorded them denied."""
        return int(self.outcomes.get("deniedAsRecorded", 0))


BLOCK_SIDE: Final = (
    "blocksTotal", "addBlockPerSecond", "completePerSecond", "incrementalBlockReportsPerSecond",
    "fullBlockReportsPerSecond", "pendingDeletionBlocks", "heapUsedMB", "gcMillisPerSecond",
)  # fmt: skip
"""namenode.csv's block side: blocks, the calls a file's data costs (addBlock, complete, the
DataNodes' incremental and full block reports, per second), blocks pending deletion, heap (MB)
and GC time (ms per second); runs before it have some of them only"""


@dataclass(frozen=True)
class NameNodeFigures:
    """The NameNode's metrics through phase 2: each column's mean and peak (as namenode.csv)."""

    source: str
    samples: int
    mean: dict[str, float]
    peak: dict[str, float]

    @property
    def block_side(self) -> dict[str, tuple[float, float]]:
        """The block side's columns this run recorded (BLOCK_SIDE), each as (mean, peak)."""
        return {
            column: (self.mean[column], self.peak.get(column, self.mean[column]))
            for column in BLOCK_SIDE
            if column in self.mean
        }


@dataclass(frozen=True)
class JvmUse:
    """What the run's JVM spent in phase 2 (local job runner only)."""

    cores: float
    """cores busy on average"""
    cpu_micros_per_op: float


@dataclass(frozen=True)
class RunSummary:
    """A run's summary.json, read and checked; DOCUMENT is the JSON as written."""

    path: Path
    document: dict[str, Any]

    @classmethod
    def read(cls, path: Path) -> RunSummary:
        """PATH's summary; RunSummaryError (one line naming PATH) if it is not a run's."""
        return cls.of(results_schema.read_json(path, results_schema.SUMMARY, RunSummaryError), path)

    @classmethod
    def of(cls, document: Any, path: Path) -> RunSummary:
        """DOCUMENT (a summary as JSON, from PATH), checked against the schema."""
        results_schema.check(results_schema.SUMMARY, document, path, RunSummaryError)
        return cls(path, document)

    @property
    def run_id(self) -> str | None:
        return _text(self.document.get("runId"))

    @property
    def valid(self) -> bool:
        return bool(self.document["valid"])

    @property
    def invalid_because(self) -> list[str]:
        return list(self.document.get("invalidBecause", []))

    @property
    def notes(self) -> list[str]:
        return list(self.document.get("notes", []))

    @property
    def options(self) -> dict[str, Any] | None:
        """RunOptions.avsc as Avro's plain JSON; None in a summary without them."""
        options = self.document.get("options")
        return None if options is None else dict(options)

    @property
    def namespace_root(self) -> str | None:
        """The qualified directory every path of the run lies under."""
        return _text(self.document.get("target", {}).get("namespaceRoot"))

    @property
    def start_ms(self) -> int | None:
        """Epoch ms of the schedule's time zero (workload.startMs), if recorded."""
        start = self.document.get("workload", {}).get("startMs")
        return None if start is None else int(start)

    @property
    def end_ms(self) -> int | None:
        """Epoch ms of the last op's end (workload.endMs), if recorded."""
        end = self.document.get("workload", {}).get("endMs")
        return None if end is None else int(end)

    @property
    def profile(self) -> dict[str, Any] | None:
        """The profile a run was made from: path, source, durationMs, fileTypes (None: a
        replay, or an older summary)."""
        profile = self.document.get("profile")
        return None if profile is None else dict(profile)

    @property
    def profile_path(self) -> str | None:
        return None if self.profile is None else _text(self.profile.get("path"))

    @property
    def replay(self) -> ReplayInput | None:
        """A replay's trace and outcomes; None for a run of a profile."""
        replay = self.document.get("replay")
        if replay is None:
            return None
        return ReplayInput(
            trace=replay.get("trace"),
            events=replay.get("events"),
            users=replay.get("users"),
            not_replayed=dict(replay.get("notReplayed", {})),
            outcomes=dict(replay.get("outcomes", {})),
        )

    @property
    def ops(self) -> dict[str, OpFigures]:
        """Per op issued or scheduled, its figures."""
        return {op: OpFigures.of(item) for op, item in self.document["ops"].items()}

    @property
    def overall(self) -> Overall:
        overall = self.document["overall"]
        return Overall(
            count=int(overall.get("count", 0)),
            errors=int(overall.get("errors", 0)),
            scheduled=int(overall.get("scheduled", 0)),
            seconds=float(overall.get("seconds", 0.0)),
            ops_per_second=float(overall.get("opsPerSecond", 0.0)),
            errors_by_class=dict(overall.get("errorsByClass", {})),
        )

    @property
    def settings(self) -> dict[str, str]:
        """The Hadoop settings the run was given (-D, -conf, -fs)."""
        return dict(self.document.get("environment", {}).get("settings", {}))

    @property
    def has_environment(self) -> bool:
        """Whether the summary records what the run ran on (runs that record their target)."""
        return "environment" in self.document

    @property
    def namenode(self) -> NameNodeFigures | None:
        """The NameNode's metrics through phase 2; None when the run recorded none."""
        namenode = self.document.get("namenode")
        if not namenode or not namenode.get("mean"):
            return None
        return NameNodeFigures(
            source=str(namenode.get("source", "")),
            samples=int(namenode.get("samples", 0)),
            mean=dict(namenode["mean"]),
            peak=dict(namenode.get("peak", {})),
        )

    @property
    def namespace_seconds(self) -> float | None:
        """Phase 1's length, seconds; None in a summary without it."""
        seconds = self.document.get("namespace", {}).get("seconds")
        return None if seconds is None else float(seconds)

    @property
    def jvm(self) -> JvmUse | None:
        """What this JVM spent in phase 2; None on YARN (the mappers ran elsewhere)."""
        jvm = self.document.get("jvm")
        if jvm is None:
            return None
        return JvmUse(float(jvm.get("cores", 0.0)), float(jvm.get("cpuMicrosPerOp", 0.0)))

    @property
    def drift_micros(self) -> dict[str, float]:
        """Lateness against the schedule: p50, p90, p99, p999, max, mean in microseconds."""
        return dict(self.document.get("driftMicros", {}))

    @property
    def waits(self) -> dict[str, float]:
        """The ops that waited past their due time, for a slot or for the op before them."""
        return dict(self.document.get("waits", {}))

    @property
    def by_type(self) -> dict[str, dict[str, int]]:
        """Per type (or a replay's partition): ops by op, errors, mappers."""
        return dict(self.document.get("byType", {}))

    def sections(self) -> list[tuple[str, dict[str, Any]]]:
        """Each of SECTIONS the summary has, titled, as written."""
        return [
            (title, self.document[key])
            for title, key in SECTIONS
            if isinstance(self.document.get(key), dict)
        ]


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
