"""The scores of fidelity.json (and the whole workload and users of `validate --json`) as typed
values: the one place modeler-py names their keys (profiles/schema/fidelity.schema.json documents
each). Each class reads its part with `of` and writes it with `to_json`, side by side: score_run
and score_replay build these, fidelity_file writes what they give, and every renderer, text and
HTML, reads them.

Reports of older versions read too: a key added since is absent there, and its field says so
(None, or empty). Values are kept as written (an int stays an int): the renderers show them so,
and `to_json` writes them back as they came.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Generic, TypeVar

FIDELITY_VERSION: Final = 4
"""of fidelity.json (and `fidelity --json`): 2 added "whole", the whole workload's command mix
(version 1 had no "version" key); 3 "directories", their listing and access popularity; 4
"sizes", the files' sizes and blocks at the run's end"""
REPLAY_VERSION: Final = 2
"""of a replay's fidelity.json"""
REPLAY_KIND: Final = "replay"
"""fidelity.json's "kind" for a replay (a run's has none)"""

Dimensions = dict[str, float | None]
"""A distance per dimension (popularity, interarrival, ..., op_mix; None: not scored)"""

T = TypeVar("T")


def _written(value: T | None, write: Callable[[T], Any]) -> Any:
    """VALUE as WRITE writes it; None (null) as it is."""
    return None if value is None else write(value)


@dataclass(frozen=True)
class Against(Generic[T]):
    """A score against the model's prediction and against the original trace (None: that side
    was not scored)."""

    model: T | None
    trace: T | None

    @classmethod
    def of(cls, scores: Mapping[str, Any], read: Callable[[Any], T]) -> Against[T]:
        """SCORES' against_model and against_trace, each READ (absent, null or empty: None)."""
        model, trace = scores.get("against_model"), scores.get("against_trace")
        return cls(read(model) if model else None, read(trace) if trace else None)

    def to_json(self, write: Callable[[T], Any]) -> dict[str, Any]:
        """against_model and against_trace, each WRITTEN (None: null)."""
        return {
            "against_model": _written(self.model, write),
            "against_trace": _written(self.trace, write),
        }

    def sides(self) -> list[tuple[str, T]]:
        """The sides scored, by name ("model", "trace"), the model first."""
        scored = [("model", self.model), ("trace", self.trace)]
        return [(side, value) for side, value in scored if value is not None]


@dataclass(frozen=True)
class TypeDistances:
    """One file type of the profile against the model: its files on each side and distances."""

    type: int
    run_files: int
    model_files: float
    """per replica"""
    ks: Dimensions
    run_values: Mapping[str, int] | None = None
    """per dimension, how many values the run's files of this type give (None: not recorded)"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> TypeDistances:
        files = item["files"]
        return cls(item["type"], files["run"], files["model"], dict(item["ks"]), item.get("values"))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "files": {"run": self.run_files, "model": self.model_files},
            "values": self.run_values,
            "ks": self.ks,
        }

    def weight(self, name: str) -> int:
        """This type's count in dimension NAME's pooled values (its files where not recorded)."""
        return self.run_files if self.run_values is None else self.run_values.get(name, 0)


@dataclass(frozen=True)
class Distances:
    """The run's files against one side, per dimension: KS (op_mix: total variation)."""

    ks: Dimensions
    noise: Dimensions | None = None
    """the 95th percentile of faithful runs' distances (None: not measured)"""
    trace: str | None = None
    """the original trace's folder (None: against the model)"""
    per_type: tuple[TypeDistances, ...] = ()
    """per file type of the profile (against the model only)"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Distances:
        noise = item.get("noise")
        return cls(
            dict(item["ks"]),
            None if noise is None else dict(noise),
            item.get("trace"),
            tuple(TypeDistances.of(each) for each in item.get("per_type", ())),
        )

    def to_json(self, *, noise: bool = True, per_type: bool = False) -> dict[str, Any]:
        """The trace (when against one) and the distances; with NOISE the noise (null: not
        measured; a replay's has no such key), with PER_TYPE the distances per file type (a
        run's against the model)."""
        written: dict[str, Any] = {} if self.trace is None else {"trace": self.trace}
        written["ks"] = self.ks
        if noise:
            written["noise"] = self.noise
        if per_type:
            written["per_type"] = [each.to_json() for each in self.per_type]
        return written

    def beyond_noise(self) -> list[str]:
        """The dimensions whose distance is beyond its noise: not explained by chance alone."""
        noise = self.noise or {}
        return [
            name for name, value in self.ks.items()
            if value is not None and (limit := noise.get(name)) is not None and value > limit
        ]  # fmt: skip

    def contributors(self, name: str, most: int = 3) -> list[TypeDistances]:
        """The MOST file types that weigh most in dimension NAME's distance, the heaviest first.

        A pooled KS is at most the sum over types of (the type's share of the pooled values) x
        (the type's KS), so that product bounds what each type adds: a type of many files but few
        interarrivals weighs little in the interarrival distance. Types with no distance or no
        values are left out."""
        total = sum(t.weight(name) for t in self.per_type)
        weighed = [
            (t.weight(name) / total * value, t) for t in self.per_type
            if total and t.weight(name) and (value := t.ks.get(name)) is not None and value > 0
        ]  # fmt: skip
        weighed.sort(key=lambda pair: -pair[0])
        return [t for _, t in weighed[:most]]


@dataclass(frozen=True)
class MixDistance:
    """The whole workload's distance to one side."""

    command_mix_tv: float | None
    """total variation of the mix of every audited command"""
    coverage: float | None
    """the issuing side's calls over this side's (None: not comparable)"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> MixDistance:
        return cls(item["command_mix_tv"], item["coverage"])

    def to_json(self) -> dict[str, Any]:
        return {"command_mix_tv": self.command_mix_tv, "coverage": self.coverage}


@dataclass(frozen=True)
class CommandRow:
    """One command's calls on each side (by side name, in the report's order)."""

    command: str
    calls: dict[str, float]

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> CommandRow:
        return cls(row["command"], {side: n for side, n in row.items() if side != "command"})

    def to_json(self) -> dict[str, Any]:
        return {"command": self.command} | self.calls


@dataclass(frozen=True)
class NeverIssued:
    """A command the reference side issued and the issuing side never did."""

    command: str
    calls: float
    share: float
    """of the reference's calls"""
    flagged: bool
    """the share is at least command_mix.FLAG_SHARE"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> NeverIssued:
        return cls(item["command"], item["calls"], item["share"], item["flagged"])

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.command, "calls": self.calls, "share": self.share,
            "flagged": self.flagged,
        }  # fmt: skip


@dataclass(frozen=True)
class WholeWorkload:
    """Every audited command, allowed and denied, on each side (command_mix.whole_workload)."""

    calls: dict[str, float]
    """calls per side, in the report's order of sides"""
    denied: dict[str, float | None]
    commands: tuple[CommandRow, ...]
    """most calls first"""
    never_issued: tuple[NeverIssued, ...]
    never_issued_of: str
    """the reference side"""
    against: Against[MixDistance]
    trace_window_factor: float | None = None
    """the factor the trace's calls were scaled by (None: not scaled, or not said)"""
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, whole: Mapping[str, Any]) -> WholeWorkload:
        """WHOLE of a fidelity report: the run against the model and the trace."""
        return cls(
            calls=dict(whole["calls"]),
            denied=dict(whole["denied"]),
            commands=tuple(CommandRow.of(row) for row in whole["commands"]),
            never_issued=tuple(NeverIssued.of(item) for item in whole["never_issued"]),
            never_issued_of=whole["never_issued_of"],
            against=Against.of(whole, MixDistance.of),
            trace_window_factor=whole.get("trace_window_factor"),
            notes=tuple(whole.get("notes", ())),
        )

    @classmethod
    def of_validation(cls, whole: Mapping[str, Any]) -> WholeWorkload:
        """WHOLE of `validate --json`: the model against the trace, its distance in WHOLE."""
        return replace(cls.of(whole), against=Against(None, MixDistance.of(whole)))

    def to_json(self) -> dict[str, Any]:
        """As a fidelity report holds it: the distance against each side, the trace's factor."""
        return (
            self._counts()
            | self.against.to_json(MixDistance.to_json)
            | {"trace_window_factor": self.trace_window_factor, "notes": list(self.notes)}
        )

    def to_validation_json(self) -> dict[str, Any]:
        """As `validate --json` holds it (of_validation's): the distance to the trace inline."""
        assert self.against.trace is not None, "validate scores the model against its trace"
        return self._counts() | self.against.trace.to_json() | {"notes": list(self.notes)}

    def _counts(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "denied": self.denied,
            "commands": [row.to_json() for row in self.commands],
            "never_issued": [item.to_json() for item in self.never_issued],
            "never_issued_of": self.never_issued_of,
        }

    @property
    def sides(self) -> list[str]:
        return list(self.calls)


@dataclass(frozen=True)
class UserShare:
    """One user's share of the calls on the reference side and on the compared side."""

    user: str
    reference: float
    compared: float

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> UserShare:
        return cls(item["user"], item["reference"], item["compared"])

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "reference": self.reference, "compared": self.compared}


@dataclass(frozen=True)
class UserComparison:
    """A per-user call mix against a reference's (user_mix.compare_users)."""

    tv: float | None
    """total variation over the reference's top users (None: a side names no user)"""
    users: int
    """users of the reference"""
    other_users: int
    """users of the compared side"""
    top: tuple[UserShare, ...]

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> UserComparison:
        return cls(
            item.get("tv"),
            item.get("users", 0),
            item.get("otherUsers", 0),
            tuple(UserShare.of(share) for share in item.get("top", ())),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tv": self.tv,
            "users": self.users,
            "otherUsers": self.other_users,
            "top": [share.to_json() for share in self.top],
        }


@dataclass(frozen=True)
class Directories:
    """The run's directories against each side: listing and access popularity, KS, with noise."""

    listed: dict[str, float]
    """directories listed at least once on each side (the model's per replica)"""
    against: Against[Distances]

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Directories:
        return cls(dict(item["listed"]), Against.of(item, Distances.of))

    def to_json(self) -> dict[str, Any]:
        return {"listed": self.listed} | self.against.to_json(Distances.to_json)


@dataclass(frozen=True)
class SizeComparison:
    """One set of files at the end on each side (all files, or the created ones kept to the
    end): by side name (run, trace) its files, bytes and blocks, and the distances."""

    not_scored: str | None
    """why nothing of it is scored (None: scored)"""
    files: dict[str, int] = field(default_factory=dict)
    bytes_ks: float | None = None
    blocks_ks: float | None = None
    """KS of the blocks per file"""
    mean_bytes: dict[str, float] = field(default_factory=dict)
    blocks_per_file: dict[str, float] = field(default_factory=dict)
    total_bytes: dict[str, int] = field(default_factory=dict)
    total_blocks: dict[str, int] = field(default_factory=dict)
    count_factor: float | None = None
    """the run's files over the trace's"""
    bytes_ratio: float | None = None
    """the run's total bytes over the trace's, over count_factor (None: the trace has none)"""
    blocks_ratio: float | None = None
    """as bytes_ratio, of blocks: the ratio of the mean blocks per file"""
    quantiles: dict[str, list[int]] = field(default_factory=dict)
    """each side's sizes (bytes) at its 0th, 1st, ..., 100th percentile"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> SizeComparison:
        return cls(
            item.get("not_scored"), dict(item.get("files", {})), item.get("bytes_ks"),
            item.get("blocks_ks"), dict(item.get("mean_bytes", {})),
            dict(item.get("blocks_per_file", {})), dict(item.get("total_bytes", {})),
            dict(item.get("total_blocks", {})), item.get("count_factor"),
            item.get("bytes_ratio"), item.get("blocks_ratio"),
            {side: list(values) for side, values in item.get("quantiles", {}).items()},
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """Why it is not scored alone, or every figure."""
        if self.not_scored is not None:
            return {"not_scored": self.not_scored}
        return {
            "not_scored": None,
            "files": self.files,
            "bytes_ks": self.bytes_ks,
            "blocks_ks": self.blocks_ks,
            "mean_bytes": self.mean_bytes,
            "blocks_per_file": self.blocks_per_file,
            "total_bytes": self.total_bytes,
            "total_blocks": self.total_blocks,
            "count_factor": self.count_factor,
            "bytes_ratio": self.bytes_ratio,
            "blocks_ratio": self.blocks_ratio,
            "quantiles": self.quantiles,
        }


@dataclass(frozen=True)
class Sizes:
    """The files at the run's end (namespace-end.tsv) against those at the trace's end."""

    not_scored: str | None
    """why nothing is scored (None: scored)"""
    run: str | None
    """the run's namespace-end.tsv"""
    trace: str | None
    """the trace's namespace-end.avro"""
    all_files: SizeComparison | None
    created: SizeComparison | None
    bars: dict[str, Bar]
    notes: tuple[str, ...]

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Sizes:
        all_files, created = item.get("all_files"), item.get("created")
        return cls(
            item.get("not_scored"), item.get("run"), item.get("trace"),
            None if all_files is None else SizeComparison.of(all_files),
            None if created is None else SizeComparison.of(created),
            {name: Bar.of(bar) for name, bar in item.get("bars", {}).items()},
            tuple(item.get("notes", ())),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """Every key; a scored section names its two files first, one not scored its reason."""
        files = {"run": self.run, "trace": self.trace}
        reason = {"not_scored": self.not_scored}
        return (files | reason if self.not_scored is None else reason | files) | {
            "all_files": _written(self.all_files, SizeComparison.to_json),
            "created": _written(self.created, SizeComparison.to_json),
            "bars": {name: bar.to_json() for name, bar in self.bars.items()},
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class RunInfo:
    """The run scored: its trace, results and the part of it scored (phase 2)."""

    trace: str | None = None
    results: str | None = None
    namespace_root: str | None = None
    start_ms: int | None = None
    start_from: str | None = None
    """summary, given, or barrier"""
    end_ms: int | None = None
    window_ms: float | None = None
    timing: TimingStages | None = None
    """None: the NameNode logged no caller context, so the model's times are not shifted"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> RunInfo:
        timing = item.get("timing")
        return cls(
            item.get("trace"), item.get("results"), item.get("namespace_root"),
            item.get("start_ms"), item.get("start_from"), item.get("end_ms"),
            item.get("window_ms"), None if timing is None else TimingStages.of(timing),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """A run of a profile's: the results folder last, when scored from one."""
        written = {
            "trace": self.trace,
            "namespace_root": self.namespace_root,
            "start_ms": self.start_ms,
            "start_from": self.start_from,
            "end_ms": self.end_ms,
            "window_ms": self.window_ms,
            "timing": _written(self.timing, TimingStages.to_json),
        }
        return written if self.results is None else written | {"results": self.results}

    def to_replay_json(self) -> dict[str, Any]:
        """A replay's: its results folder first, and no timing."""
        return {
            "results": self.results,
            "trace": self.trace,
            "namespace_root": self.namespace_root,
            "start_ms": self.start_ms,
            "end_ms": self.end_ms,
        }


@dataclass(frozen=True)
class Percentiles:
    """The 50th, 90th and 99th percentiles of a run's calls' figure (ms)."""

    p50: float
    p90: float
    p99: float

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Percentiles:
        return cls(item["p50"], item["p90"], item["p99"])

    def to_json(self) -> dict[str, Any]:
        return {"p50": self.p50, "p90": self.p90, "p99": self.p99}


@dataclass(frozen=True)
class Stages:
    """A distance to the model's, of the run's calls' times as due, as begun and as logged
    (None: not scored)."""

    due: float | None
    begun: float | None
    logged: float | None

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Stages:
        return cls(item["due"], item["begun"], item["logged"])

    def to_json(self) -> dict[str, Any]:
        return {"due": self.due, "begun": self.begun, "logged": self.logged}


@dataclass(frozen=True)
class TimingStages:
    """Where the run's timing parts from the model: how late its calls began, how long after
    their begin the audit log gave them, and the access interarrivals' distance to the model's
    at each stage (due, begun, logged)."""

    calls: int
    late_ms: Percentiles
    offset_ms: Percentiles
    interarrival: Stages
    create_interarrival: Stages | None = None
    active_span: Stages | None = None
    """None: a fidelity.json written before it"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> TimingStages:
        creates, spans = item.get("create_interarrival"), item.get("active_span")
        return cls(
            item["calls"], Percentiles.of(item["late_ms"]), Percentiles.of(item["offset_ms"]),
            Stages.of(item["interarrival"]), None if creates is None else Stages.of(creates),
            None if spans is None else Stages.of(spans),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "late_ms": self.late_ms.to_json(),
            "offset_ms": self.offset_ms.to_json(),
            "interarrival": self.interarrival.to_json(),
            "create_interarrival": _written(self.create_interarrival, Stages.to_json),
            "active_span": _written(self.active_span, Stages.to_json),
        }


@dataclass(frozen=True)
class RunOptions:
    """The run's options that change the prediction (RunOptions.avsc's names), and the
    scoring's."""

    time_scale: float = 1.0
    span_scale: float = 1.0
    type_scales: dict[str, float] = field(default_factory=dict)
    """type number (or all) -> factor of its files"""
    types: tuple[int, ...] = ()
    """the only types run (empty: all)"""
    noise_draws: int = 0
    duration_ms: int | None = None
    window_ms: int | None = None
    """--window, the schedule's length in the profile's time (None: not given)"""
    flat: bool = False
    replicas: float | None = None
    """copies of the model synthesized (None: not said)"""
    seed: int | None = None

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> RunOptions:
        return cls(
            item.get("timeScale", 1.0),
            item.get("spanScale", 1.0),
            dict(item.get("typeScales") or {}),
            tuple(item.get("types") or ()),
            item.get("noise_draws", 0),
            item.get("durationMs"),
            item.get("windowMs"),
            item.get("flat", False),
            item.get("replicas"),
            item.get("seed"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "timeScale": self.time_scale,
            "spanScale": self.span_scale,
            "typeScales": self.type_scales,
            "types": list(self.types),
            "durationMs": self.duration_ms,
            "windowMs": self.window_ms,
            "flat": self.flat,
            "replicas": self.replicas,
            "noise_draws": self.noise_draws,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class RunFidelity:
    """A run of a profile, scored (fidelity.json without a kind)."""

    k: int
    run: RunInfo
    options: RunOptions
    counts: dict[str, dict[str, float]]
    """side (run, model per replica, trace) -> files, ops and rates by name"""
    against: Against[Distances]
    whole: WholeWorkload | None
    """None: a version 1 report"""
    notes: tuple[str, ...]
    users: Against[UserComparison] | None
    """None: the profile names no user (or a report before users)"""
    directories: Directories | None
    """None: the run's trace has no directory timelines (or a report before directories)"""
    sizes: Sizes | None = None
    """None: a report before sizes"""

    @classmethod
    def of(cls, report: Mapping[str, Any]) -> RunFidelity:
        whole, users = report.get("whole"), report.get("users")
        directories = report.get("directories")
        return cls(
            k=report["k"],
            run=RunInfo.of(report["run"]),
            options=RunOptions.of(report["options"]),
            counts={side: dict(counts) for side, counts in report["counts"].items()},
            against=Against.of(report, Distances.of),
            whole=WholeWorkload.of(whole) if whole else None,
            notes=tuple(report.get("notes", ())),
            users=Against.of(users, UserComparison.of) if users else None,
            directories=Directories.of(directories) if directories else None,
            sizes=Sizes.of(report["sizes"]) if report.get("sizes") else None,
        )

    def to_json(self) -> dict[str, Any]:
        """fidelity.json of this version (FIDELITY_VERSION): every key, null where not scored."""
        return {
            "version": FIDELITY_VERSION,
            "k": self.k,
            "run": self.run.to_json(),
            "options": self.options.to_json(),
            "counts": self.counts,
        } | {
            "against_model": _written(
                self.against.model, lambda model: model.to_json(per_type=True)
            ),
            "against_trace": _written(self.against.trace, Distances.to_json),
            "whole": _written(self.whole, WholeWorkload.to_json),
            "notes": list(self.notes),
            "users": _written(self.users, lambda users: users.to_json(UserComparison.to_json)),
            "directories": _written(self.directories, Directories.to_json),
            "sizes": _written(self.sizes, Sizes.to_json),
        }

    @property
    def dimensions(self) -> list[str]:
        """The dimensions scored, in the report's order."""
        return [] if self.against.model is None else list(self.against.model.ks)

    @property
    def per_type(self) -> tuple[TypeDistances, ...]:
        """The model's distances per file type."""
        return () if self.against.model is None else self.against.model.per_type

    @property
    def files(self) -> int:
        """The run's files."""
        return int(self.counts["run"]["files"])


@dataclass(frozen=True)
class Bar:
    """One of a replay's bars: its limit, the replay's figure, and whether it meets it."""

    limit: float
    value: float | None
    """None: not measured"""
    met: bool | None
    """None: not scored"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> Bar:
        return cls(item["limit"], item["value"], item["met"])

    def to_json(self) -> dict[str, Any]:
        return {"limit": self.limit, "value": self.value, "met": self.met}


@dataclass(frozen=True)
class ReplayErrors:
    """A replay's errors: those denied as the trace recorded, and the new ones."""

    errors: int
    denied_as_recorded: int
    denied_in_trace: float | None
    new: int
    new_share: float | None
    outcomes: dict[str, int]

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> ReplayErrors:
        return cls(
            item["errors"], item["denied_as_recorded"], item["denied_in_trace"], item["new"],
            item["new_share"], dict(item["outcomes"]),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "errors": self.errors,
            "denied_as_recorded": self.denied_as_recorded,
            "denied_in_trace": self.denied_in_trace,
            "new": self.new,
            "new_share": self.new_share,
            "outcomes": self.outcomes,
        }


@dataclass(frozen=True)
class ReplayWindow:
    """The replay's length against the trace's window times the time scale; the field names
    are the JSON's, which a page shows as they are."""

    trace_ms: int
    time_scale: float
    expected_ms: float
    replay_ms: int | None
    ratio: float | None

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> ReplayWindow:
        return cls(
            item["trace_ms"], item["time_scale"], item["expected_ms"], item["replay_ms"],
            item["ratio"],
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "trace_ms": self.trace_ms,
            "time_scale": self.time_scale,
            "expected_ms": self.expected_ms,
            "replay_ms": self.replay_ms,
            "ratio": self.ratio,
        }


@dataclass(frozen=True)
class CommandDifference:
    """One command's calls in the trace and in its replay."""

    command: str
    trace: float
    run: float
    difference: float
    """(run - trace) / trace"""

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> CommandDifference:
        return cls(item["command"], item["trace"], item["run"], item["difference"])

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.command, "trace": self.trace, "run": self.run,
            "difference": self.difference,
        }  # fmt: skip


@dataclass(frozen=True)
class ReplayFidelity:
    """A replay of a trace, scored against that trace (fidelity.json of kind replay)."""

    trace: str
    run: RunInfo
    time_scale: float
    users: str | None
    """who the calls were issued as"""
    whole: WholeWorkload
    not_replayed: dict[str, dict[str, int]]
    """per command, calls not replayed by why"""
    errors: ReplayErrors
    window: ReplayWindow
    against_trace: Distances
    bars: dict[str, Bar]
    notes: tuple[str, ...]
    per_command: tuple[CommandDifference, ...] = ()
    """the trace's commands, most calls first"""

    @classmethod
    def of(cls, report: Mapping[str, Any]) -> ReplayFidelity:
        options = report.get("options", {})
        return cls(
            trace=report["trace"],
            run=RunInfo.of(report["run"]),
            time_scale=options.get("timeScale", 1.0),
            users=options.get("users"),
            whole=WholeWorkload.of(report["whole"]),
            not_replayed=dict(report.get("not_replayed", {})),
            errors=ReplayErrors.of(report["errors"]),
            window=ReplayWindow.of(report["window"]),
            against_trace=Distances.of(report["against_trace"]),
            bars={name: Bar.of(bar) for name, bar in report["bars"].items()},
            notes=tuple(report.get("notes", ())),
            per_command=tuple(CommandDifference.of(row) for row in report.get("per_command", ())),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "version": REPLAY_VERSION,
            "kind": REPLAY_KIND,
            "trace": self.trace,
            "run": self.run.to_replay_json(),
            "options": {"timeScale": self.time_scale, "users": self.users},
            "whole": self.whole.to_json(),
            "per_command": [row.to_json() for row in self.per_command],
            "not_replayed": self.not_replayed,
            "errors": self.errors.to_json(),
            "window": self.window.to_json(),
            "against_trace": self.against_trace.to_json(noise=False),
            "bars": {name: bar.to_json() for name, bar in self.bars.items()},
            "notes": list(self.notes),
        }
