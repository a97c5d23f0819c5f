"""The runs of the paper's section 4 (bench/paper.py), as `mimesisbench.jar sweep` command lines:
one sweep per workload, time scale and lock, each repeated. Pure: nothing here runs anything."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PROFILE = "profiles/yahoo-2011"
# the paper's cluster j is the profile's type j - 1 (profiles/yahoo-2011/README.md)
WRITE_HEAVY_TYPE = 16  # the paper's cluster 17
READ_MOSTLY_TYPE = 28  # the paper's cluster 29
# HDFS refuses more entries in one directory (its hard cap is 6.4 million); a flat namespace of the
# whole profile holds 3.39 million files in its one directory
FLAT_SETTINGS = {"dfs.namenode.fs-limits.max-directory-items": "6400000"}
FAIR_LOCK = "dfs.namenode.fslock.fair"


@dataclass(frozen=True)
class Workload:
    """One of the paper's four workloads: the whole profile on a hierarchy or flat, or one type."""

    name: str
    flat: bool = False
    type_index: int | None = None


HIERARCHICAL = Workload("hierarchical")
FLAT = Workload("flat", flat=True)
WRITE_HEAVY = Workload("write-heavy", type_index=WRITE_HEAVY_TYPE)
READ_MOSTLY = Workload("read-mostly", type_index=READ_MOSTLY_TYPE)
WORKLOADS = (HIERARCHICAL, FLAT, WRITE_HEAVY, READ_MOSTLY)


@dataclass(frozen=True)
class Config:
    """What bench/paper.py was asked for."""

    size: float  # --type-scale all=size: the profile's files and directories
    window_s: float  # the profile time each run covers (`--window`), at every time scale
    ceiling_cap_s: float  # the wall-clock cap of a run at time scale 0
    repeats: int
    time_scales: tuple[float, ...]  # Figure 2's
    flat_time_scales: tuple[float, ...]  # Figure 3's flat curve
    seed: int
    type_scales: dict[int, float] = field(default_factory=dict)  # Table 4's types, beyond `size`
    # runs at time scale 0 before each sweep, not recorded (`sweep --warm-up`): the repeats share a
    # JVM,
    # and the first ones otherwise spend 30-40 s and 13-18 s of 2 cores compiling
    warm_up_s: float = 0.0


@dataclass(frozen=True)
class Series:
    """One sweep: a workload at one time scale and lock, repeated."""

    key: str
    workload: Workload
    time_scale: float
    fair: bool = True
    data: bool = (
        False  # files with their data (the profile's sizes); the paper's are empty (--zero-size)
    )

    def sweep_args(self, config: Config, out: Path, name_dirs: Path) -> list[str]:
        """The `sweep` command's arguments (after `java -jar mimesisbench.jar`)."""
        w = self.workload
        # the same window of the profile at every time scale, so each point issues the same ops
        args = [
            "sweep",
            "--profile",
            PROFILE,
            "--time-scale",
            f"{self.time_scale:g}",
            "--repeat",
            str(config.repeats),
            "--seed",
            str(config.seed),
            "--window",
            f"{max(1, round(config.window_s))}s",
            "--type-scale",
            f"all={config.size:g}",
        ]
        if config.warm_up_s > 0:
            args += ["--warm-up", f"{max(1, round(config.warm_up_s))}s"]
        if self.time_scale == 0:
            args += [
                "--duration",
                f"{max(1, round(config.ceiling_cap_s))}s",
            ]  # the ceiling's wall-clock cap
        else:
            # past the knee a point still issues its whole window: response time counts the backlog
            args += ["--max-drift", "0"]
        if not self.data:
            args.append("--zero-size")  # the paper's design: every file empty
        if w.flat:
            args.append("--flat")
        if w.type_index is not None:
            args += [
                "--types",
                str(w.type_index),
                "--type-scale",
                f"{w.type_index}={config.type_scales.get(w.type_index, 1.0):.6g}",
            ]
        # its first run writes the fsimage; files with data have their blocks in an image of their
        # own
        args += ["--name-dir", str(name_dirs / (w.name + ("-data" if self.data else "")))]
        settings = {
            **(FLAT_SETTINGS if w.flat else {}),
            FAIR_LOCK: "true" if self.fair else "false",
        }
        for key, value in settings.items():
            args += ["-D", f"{key}={value}"]
        return [*args, "--out", str(out / self.key)]


def label(time_scale: float) -> str:
    return f"{time_scale:g}"


def series(config: Config) -> list[Series]:
    """Every sweep, in the order they run: each unfair sweep right after its fair twin, so the
    two sides of Table 5 see the machine in about the same state."""
    planned: list[Series] = []

    def add(workload: Workload, time_scale: float, fair: bool = True, data: bool = False) -> None:
        variant = ("" if fair else "-unfair") + ("-data" if data else "")
        planned.append(
            Series(
                f"{workload.name}{variant}-ts-{label(time_scale)}", workload, time_scale, fair, data
            )
        )

    for c in config.time_scales:
        add(HIERARCHICAL, c)
    add(HIERARCHICAL, 0.0)  # the ceiling (Figure 3, Table 5) even when Figure 2's scales lack 0
    add(HIERARCHICAL, 0.0, fair=False)
    add(HIERARCHICAL, 0.0, data=True)  # not the paper's: what writing the files' data changes
    for c in config.flat_time_scales:
        add(FLAT, c)
    add(FLAT, 0.0)
    add(FLAT, 0.0, fair=False)
    for w in (WRITE_HEAVY, READ_MOSTLY):
        add(w, 1.0)
        add(w, 0.0)
        add(w, 0.0, fair=False)
    return list(
        {s.key: s for s in planned}.values()
    )  # a time scale given twice runs once, where first planned
