"""A benchmark run's results folder, as `mimesisbench.jar run` writes it: summary.json (counts,
throughput and latency per op, the options used, where the run's namespace was), timeline.csv,
and the run's own trace (trace/, parsed from the NameNode's audit log of an embedded run).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlparse

from mimesis_model.errors import ProfileError
from mimesis_model.formats.folders import file_name
from mimesis_model.formats.profile import Profile
from mimesis_model.formats.run_summary import SUMMARY_FILE, OpFigures, RunSummary, RunSummaryError
from mimesis_model.formats.schema import run_option_problem
from mimesis_model.model.scaling import scale_types, type_name

TIMELINE_FILE: Final = file_name("run", "timeline")
NAMENODE_FILE: Final = file_name("run", "namenodeMetrics")
"""the NameNode's metrics, a row a second through phase 2 (runs that recorded them)"""
TRACE_DIR: Final = "trace"
CLOCK_SLACK_MS: Final = 100
"""how much earlier than workload.startMs phase 2's first audit events may be stamped"""
END_SLACK_MS: Final = 1_000
"""how much later than workload.endMs (the last op's end on a mapper's clock) phase 2's last
audit events may be stamped; what follows (--cleanup's deletes, the embedded NameNode's save for
namespace-end.tsv, which generator-mr's RunRecorder.AUDIT_SLACK_MILLIS holds back until then) is
not the workload"""


class RunResultsError(RunSummaryError):
    """A results folder, or its summary.json, is not what `run` writes."""


@dataclass(frozen=True)
class RunScaling:
    """The run options (profiles/schema/RunOptions.avsc) that change what a profile predicts."""

    time_scale: float = 1.0
    span_scale: float = 1.0
    type_scales: dict[str, float] = field(default_factory=dict)
    """type number (as text) or 'all' -> factor of its files"""
    types: list[int] = field(default_factory=list)
    """the only types run; empty: all"""
    duration_ms: int | None = None
    """wall-clock length asked for; None: the profile's window times the time scale"""
    window_ms_given: int | None = None
    """--window: the schedule's length in the profile's time at every time scale"""
    flat: bool = False

    @classmethod
    def of_options(cls, options: dict[str, Any], where: str) -> RunScaling:
        """From summary.json's "options" (RunOptions as Avro's plain JSON)."""
        try:
            scaling = cls(
                time_scale=float(options.get("timeScale", 1.0)),
                span_scale=float(options.get("spanScale", 1.0)),
                type_scales={
                    str(k): float(v) for k, v in (options.get("typeScales") or {}).items()
                },
                types=[int(j) for j in options.get("types") or []],
                duration_ms=None
                if options.get("durationMs") is None
                else int(options["durationMs"]),
                flat=bool(options.get("flat", False)),
                window_ms_given=None
                if options.get("windowMs") is None
                else int(options["windowMs"]),
            )
        except (TypeError, ValueError, AttributeError) as error:
            raise RunResultsError(f"{where}: options: {error}") from error
        for name, value in (("timeScale", scaling.time_scale), ("spanScale", scaling.span_scale)):
            problem = run_option_problem(name, value)  # the bounds the command line checks
            if problem is not None:
                raise RunResultsError(f"{where}: options: {name} {value}: {problem}")
        return scaling

    def window_ms(self, profile: Profile) -> float:
        """The schedule's length in the profile's time (as generator-mr's WorkloadModel)."""
        if self.window_ms_given is not None:
            return float(self.window_ms_given)
        if self.duration_ms is None or self.time_scale == 0:
            return float(profile.duration_ms)
        return self.duration_ms / self.time_scale

    def profile_run(self, profile: Profile) -> Profile:
        """PROFILE with the run's type scaling and isolation applied; types keep their numbers
        (an isolated-out type keeps none of its files), as run paths name the original type.
        Directory types are named dJ; an isolated run runs no directory type, cluster call or
        missing-path probe. `mimesis-model scale` writes this profile: the options' one meaning."""
        factors = dict.fromkeys(range(profile.k), 1.0)
        directory_factors = dict.fromkeys(range(profile.directory_k), 1.0)
        every = self.type_scales.get("all", 1.0)
        for key, factor in self.type_scales.items():
            if key != "all":
                try:
                    kind, index = type_name(key)
                except ValueError:
                    raise RunResultsError(f"--type-scale {key}={factor}: not a type") from None
                chosen = factors if kind == "file" else directory_factors
                if index is not None:
                    chosen[index] = chosen.get(index, 1.0) * factor
        factors = {j: f * every for j, f in factors.items()}
        directory_factors = {j: f * every for j, f in directory_factors.items()}
        if self.types:
            missing = sorted(set(self.types) - set(factors))
            if missing:
                have = f"the profile has types 0 to {profile.k - 1}"
                raise ProfileError(f"--types: no file type {missing[0]} ({have})")
            factors = {j: (f if j in self.types else 0.0) for j, f in factors.items()}
            directory_factors = dict.fromkeys(directory_factors, 0.0)
        unchanged = all(f == 1.0 for f in [*factors.values(), *directory_factors.values()])
        if unchanged and every == 1.0:
            return profile
        scaled = scale_types(profile, factors, directory_factors, every)
        # isolated: no path-less call nor probe of a path nothing makes, as generator-mr's model
        return replace(scaled, cluster_calls=[], missing_path_probes=[]) if self.types else scaled

    def as_json(self) -> dict[str, Any]:
        return {
            "timeScale": self.time_scale,
            "spanScale": self.span_scale,
            "typeScales": self.type_scales,
            "types": self.types,
            "durationMs": self.duration_ms,
            "windowMs": self.window_ms_given,
            "flat": self.flat,
        }


@dataclass(frozen=True)
class RunResults:
    """One run's results folder and its summary.json, read through RunSummary."""

    directory: Path
    summary: RunSummary

    @classmethod
    def read(cls, directory: str | PathLike[str]) -> RunResults:
        """DIRECTORY's summary.json; RunResultsError (one line, naming the file) if it is not
        a run's results folder."""
        folder = Path(directory)
        if not folder.is_dir():
            what = "not a directory" if folder.exists() else "no such results directory"
            raise RunResultsError(f"{folder}: {what}")
        path = folder / SUMMARY_FILE
        if not path.is_file():
            raise RunResultsError(f"{folder}: no {SUMMARY_FILE}: not a run's results folder")
        return cls(folder, RunSummary.read(path))

    @staticmethod
    def is_results(directory: str | PathLike[str]) -> bool:
        """Whether DIRECTORY looks like a results folder (it has a summary.json)."""
        return (Path(directory) / SUMMARY_FILE).is_file()

    @property
    def run_id(self) -> str:
        return self.summary.run_id or self.directory.name

    @property
    def valid(self) -> bool:
        return self.summary.valid

    @property
    def trace_dir(self) -> Path:
        return self.directory / TRACE_DIR

    @property
    def scaling(self) -> RunScaling:
        options = self.summary.options
        if options is None:
            raise RunResultsError(f'{self.directory / SUMMARY_FILE}: no "options"')
        return RunScaling.of_options(options, str(self.directory / SUMMARY_FILE))

    @property
    def namespace_root(self) -> str | None:
        """The path (no scheme or authority) every path of the run lies under."""
        root = self.summary.namespace_root
        return None if root is None else urlparse(str(root)).path.rstrip("/") or "/"

    @property
    def start_ms(self) -> int | None:
        """Epoch ms of the schedule's time zero (workload.startMs), if the run recorded it. Its
        calls are read from CLOCK_SLACK_MS before it (RunTrace.read's slack_ms), yet timed from
        it: the model's creates are timed from the window's start, and a zero 100 ms early put
        each type's first create gap 100 ms late."""
        return self.summary.start_ms

    def profile_difference(self, profile: Profile) -> str | None:
        """How PROFILE differs from the one the run was made from, as its summary.json records it
        (source, window, file types), or None when nothing recorded differs."""
        made_from = self.summary.profile
        if made_from is None:
            return None  # an older summary, or a replay: nothing to compare
        given = {"source": profile.source, "durationMs": profile.duration_ms,
                 "fileTypes": profile.k}  # fmt: skip
        differ = [
            key for key, value in given.items() if key in made_from and made_from[key] != value
        ]
        if not differ:
            return None
        theirs = ", ".join(f"{key} {made_from[key]!r}" for key in differ)
        ours = ", ".join(f"{key} {given[key]!r}" for key in differ)
        named = made_from.get("path", "its profile")
        return f"the run was made from {named} ({theirs}), this profile has {ours}"

    @property
    def end_ms(self) -> int | None:
        """Epoch ms after which the audit log holds no call of phase 2 (workload.endMs, the last
        op's end, plus END_SLACK_MS), if the run recorded it."""
        end = self.summary.end_ms
        return None if end is None else end + END_SLACK_MS

    @property
    def ops(self) -> dict[str, OpFigures]:
        """Per op: count, errors, scheduled, ops per second, service and response times."""
        return self.summary.ops

    @property
    def ops_per_second(self) -> float:
        return self.summary.overall.ops_per_second
