"""The reference generator: the workload a profile describes, synthesized with NumPy.

It defines how a generator reads a profile; the Java benchmark (generator-mr) follows the same
semantics. One window of the profile's duration W, starting at 0; a file's origin is its
creation time, or 0 when it exists at the window's start. A run's shorter window cuts the
lives drawn over W (`_accesses`, 4 and 8), so that its events are the whole window's first ones.

File types, per type j:

1. pre-existing files: preExisting_j of them, origin 0 (made in phase 1, before the window);
2. created files: a renewal process from 0 with gaps drawn from createInterarrival_j (drawn
   stratified: `renewal_times`), stopped
   after files_j - preExisting_j creates or at the window's end; origin = creation time;
3. every file: with probability unaccessedShare_j it is never accessed; otherwise it is
   activated at origin + activationDelay_j (a pre-existing one of a profile whose
   preExistingActivation is UNIFORM: uniformly in [0, W) instead) and accessed then and
   every accessInterarrival_j after, while the access time is <= activation + activeSpan_j *
   span_scale (a span the window's end would cut is shrunk to fit: `_accesses`); each access
   is an open, a listStatus or a getFileInfo by accessShares_j. Whether it is accessed, its
   span and its number of accesses come from one quantile of the type's popularity: the
   type's files (pre-existing ones first, then the most its creates may add) take one 1/n
   stratum each, at its middle, in an order that spreads any stretch of them evenly
   (`popularity_quantiles`), so every run holds the whole distribution, its heaviest stratum
   included, as in generator-mr's PopularityQuantiles;
4. with probability deleteShare_j (its uniform stratified as the calls' are, in 6) a file is
   deleted at its last access (its origin if it had
   none) + deleteDelay_j, if that falls in the window (none when the window cut its accesses).
   deleteShare counts only the deletes
   that named the file itself: a file that a recursive delete of a directory above it removed
   is not deleted by its type (the directory type's one delete stands for that call). Of the
   created files with no delete in the window, removedShare_j (format 6) are removed: a
   generator creates each under a directory a directory type deletes (generator-mr's
   DeletedDirectories: existing a margin before its create, deleted a margin after its last
   call, the first such delete), so that delete ends it; none when no such directory exists
   or at time scale 0. It changes where the file lives, not its calls;
5. every file's depth is drawn from depth_j;
6. other calls (profile format 2): every file of the type that the window introduces (each
   pre-existing one, origin 0, and each created one, at its creation) draws, for each
   CallShare c of calls_j, n = floor(perFile_c) + (1 if u < frac(perFile_c) else 0)
   calls (u uniform in [0, 1), the file's member of the call's stratified sequence:
   `stratified_uniforms`), each at origin + offset_c (one draw each). A call at or after
   the window's end, or after the file's delete, is dropped. Calls are not scaled by the span
   scale;
7. probes (format 2): every created file draws n = floor(perCreate_j) + (1 if u < frac(...))
   probes, each at max(0, origin - lead_j), on the file's path before it exists: a listStatus
   with probability listStatusShare_j, else a getfileinfo;
8. renames (format 7): every created file draws n = floor(renamesPerCreate) + (1 if u <
   frac(...)) renames (u its member of the renames' stratified sequence), at its origin plus n
   draws of renameDelay_j, sorted, so that the k-th rename takes the k-th smallest (the last onto
   its final path); a rename due after its delete or the window's end comes at that instead, so
   none is lost (a run's shorter window issues those before its end). A type with an empty
   renameDelay renames at the origin (`rename_time`; the count of renames stays the ratio's,
   below).

Directory types (format 2), per type d, exactly as file types, of directories:

- preExisting_d directories exist at 0 (made in phase 1); the others are made by mkdirs at the
  times of the createInterarrival_d renewal process (at most directories_d - preExisting_d);
- accesses as in 3, with accessesPerDirectory_d in place of accessesPerFile; their kinds by
  systematic sampling, not one draw per access: a directory with n accesses in the window
  draws one uniform u, and its i-th access (0-based, in time order) is the first kind k of
  (listStatus, getfileinfo, contentSummary) with (u + i) / n < C_k, C the cumulative
  accessShares_d (C_contentSummary = 1). Each kind then gets floor or ceil of n * share of the
  directory's accesses, as the trace's directories, listed or stat'ed in fixed proportions, do
  (independent draws would scatter a type's listing popularity). Calls as in 6, probes as in 7;
- with probability deleteShare_d a directory is deleted at its last access (or origin) +
  deleteDelay_d, if that falls in the window: one recursive delete of its subtree. A
  pre-existing directory whose delete is issued has a subtree of subtreeFiles_d filler files
  (one draw), made directly under it in phase 1; they are no file type's files: nothing else
  happens to them until the delete removes them. A created one gets no filler (its draw is
  made all the same): the trace's creates of its subtree are its file types' own, so its
  subtree is the removed files below;
- depth from depth_d.

A directory that the trace made implicitly (a create or mkdirs of a path below it made it; no
mkdirs named it) is fitted as pre-existing: the generator makes it in phase 1, and issues no
mkdirs the trace did not. The profile's mkdirsPerCreate and renamesPerCreate are issued
alongside file creates, as before; the fit counts in mkdirsPerCreate only the mkdirs that no
directory type issues.

Cluster calls (format 2): per ClusterCalls entry, a renewal process from 0 with gaps drawn
from its interarrival, stopped after `calls` calls or at the window's end.

Calls on paths nothing makes (missingPathProbes): per entry (getfileinfo, listStatus, or from
format 3 delete), a renewal process as the cluster calls', scaled as they are; each call on a
path of its own that nothing makes (generator-mr: `/missing-<entry>-<n>` under the namespace
root), so the NameNode answers "not found" (a delete: false, audited allowed=false) as the
trace's did. Not run in an isolated run (--types).

Commands the generator cannot issue: a CallShare or ClusterCalls whose command is not in
AuditCommand.avsc's `generated` (on a path) or `generatedClusterCommands` (without one) is
skipped; the profile keeps it (it models the trace) and names it in unmodeledCommands.

Scales: the file scale f (a run's `--type-scale all=f`; the replicas of a comparison) makes
every type f times as large, file and directory types alike: f times the pre-existing and
created entities, creates f times as often (createInterarrival / f); cluster calls at most
f * calls, interarrivals / f. A longer window than the profile's (a run's --duration) adds
creates and cluster calls at the same rates (at most window / W times as many). A scaled type
(`--type-scale j=f`; a directory type is named dJ: `dJ=f`) is changed in the profile itself
(scaling.py). An isolated run (`--types`) runs only the named types (J: file types, dJ:
directory types; a directory type not named is not run) and no cluster calls. The span scale
s multiplies every file's and directory's active span, so their accesses, not their calls. A
time scale c multiplies every time of the schedule afterwards: the same operations happen c
times as fast (c < 1) or slow (c > 1); c = 0 issues them back to back.

Denied calls (deniedCalls, format 3): per entry, a renewal process as the cluster calls',
scaled as they are; each call on a path the NameNode denies its user (generator-mr:
`<namespace root>/denied/entry`, in a folder phase 1 makes for the run's own user only).

Random streams: files draw from the generator given; their calls and probes, the directories
(with theirs), the cluster calls, the missing-path probes and the denied calls each from a child
stream of it
(Generator.spawn), so that adding one part does not change another's draws.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import (
    ACCESS_KINDS,
    AUDIT_NAMES,
    ClusterCalls,
    DirectoryType,
    ModeledType,
    Profile,
)
from mimesis_model.formats.trace import audit_commands
from mimesis_model.model.trace_commands import (
    MISSING_PATH_COMMANDS,
    generated_cluster_commands,
    generated_commands,
)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True, eq=False)
class SyntheticWorkload:
    """What the reference generator issued, per file and pooled per type; times in ms.

    The same class holds a profile's directories (`directories`, rows per directory, kinds
    DIRECTORY_ACCESS_KINDS); the top-level workload is the files'."""

    window_ms: float
    file_type: Ints
    pre_existing: Bools
    origin: Floats
    """creation time, 0 for a pre-existing file"""
    depth: Ints
    accesses: Ints
    kind_counts: Ints
    """accesses per kind, one column per `kinds`, one row per file"""
    deleted: Bools
    delete_time: Floats
    """NaN for a file not deleted"""
    active_span: Floats
    """last minus first access of files accessed at least once; NaN otherwise"""
    interarrival: Floats
    """every realized access interarrival, pooled"""
    interarrival_type: Ints
    create_interarrival: Floats
    """gaps between consecutive creates of a type (the first from the window's start), times
    the file scale: the profile's createInterarrival as realized in the window"""
    create_interarrival_type: Ints
    mkdirs: int
    renames: int
    kinds: tuple[str, ...] = ACCESS_KINDS
    """the access kinds, as the profile names them: kind_counts' columns"""
    call_time: Floats = field(default_factory=lambda: np.zeros(0))
    """each other call issued (setPermission, append, ...)"""
    call_command: Ints = field(default_factory=lambda: np.zeros(0, np.int64))
    """each call's command, an index into trace.audit_commands()"""
    probe_time: Floats = field(default_factory=lambda: np.zeros(0))
    probe_listing: Bools = field(default_factory=lambda: np.zeros(0, np.bool_))
    """each probe: a listStatus (else a getfileinfo)"""
    subtree_files: Ints = field(default_factory=lambda: np.zeros(0, np.int64))
    """per row: files made with a directory whose delete is issued (directories only)"""
    directories: SyntheticWorkload | None = None
    """the directory types' workload (None: the profile has none)"""
    cluster_time: Floats = field(default_factory=lambda: np.zeros(0))
    cluster_command: tuple[str, ...] = ()
    """the command of each cluster call, aligned with cluster_time"""
    missing_time: Floats = field(default_factory=lambda: np.zeros(0))
    missing_command: tuple[str, ...] = ()
    """each call on a path nothing makes (getfileinfo, listStatus, delete), aligned with
    missing_time"""
    denied_time: Floats = field(default_factory=lambda: np.zeros(0))
    denied_command: tuple[str, ...] = ()
    """each call the NameNode denies (deniedCalls), aligned with denied_time"""
    first_access: Floats = field(default_factory=lambda: np.zeros(0))
    """per row: its first access; NaN for one never accessed in the window"""
    rename_time: Floats = field(default_factory=lambda: np.zeros(0))
    """each rename of a created file (8), by file and in time order within one"""
    rename_file: Ints = field(default_factory=lambda: np.zeros(0, np.int64))
    """the row of each rename's file, aligned with rename_time"""

    def __len__(self) -> int:
        return len(self.file_type)

    @property
    def created(self) -> int:
        return int(np.count_nonzero(~self.pre_existing))

    def op_counts(self, rows: Bools | None = None, with_ratios: bool = True) -> dict[str, int]:
        """File operations issued, by op (fidelity.OPS): of the files in ROWS (default all),
        and with WITH_RATIOS the mkdirs and renames, which belong to no file. Only the file
        types' creates, deletes and accesses: `command_counts` counts every call."""
        chosen = np.ones(len(self), dtype=np.bool_) if rows is None else rows
        counts = {
            "create": int(np.count_nonzero(chosen & ~self.pre_existing)),
            "delete": int(np.count_nonzero(chosen & self.deleted)),
        }
        kinds = self.kind_counts[chosen].sum(axis=0)
        counts |= {kind: int(n) for kind, n in zip(self.kinds, kinds, strict=True)}
        if with_ratios:
            counts |= {"mkdirs": self.mkdirs, "rename": self.renames}
        return counts

    def command_counts(self) -> dict[str, int]:
        """Every call issued in the window, by command as the audit log names it: the file
        types' (accesses, creates, deletes, calls, probes), the directory types' (mkdirs,
        accesses, recursive deletes, the creates of their subtrees, calls, probes), the mkdirs
        and renames alongside creates, the cluster calls and the probes of paths nothing makes.
        Zero counts are left out."""
        counts: Counter[str] = Counter()
        for part in (self, self.directories):
            if part is None:
                continue
            made = "mkdirs" if part is self.directories else "create"
            counts[made] += part.created
            counts["delete"] += int(np.count_nonzero(part.deleted))
            for kind, n in zip(part.kinds, part.kind_counts.sum(axis=0).tolist(), strict=True):
                counts[AUDIT_NAMES.get(kind, kind)] += n
            names = audit_commands()
            for code, n in zip(*np.unique(part.call_command, return_counts=True), strict=True):
                counts[names[code]] += int(n)
            listings = int(np.count_nonzero(part.probe_listing))
            counts["listStatus"] += listings
            counts["getfileinfo"] += len(part.probe_time) - listings
        counts["mkdirs"] += self.mkdirs
        counts["rename"] += self.renames
        counts.update(self.cluster_command)
        counts.update(self.missing_command)
        counts.update(self.denied_command)
        return {command: n for command, n in sorted(counts.items()) if n > 0}


MIN_SYNTHETIC_FILES: Final = 50_000
"""Comparisons with a trace synthesize replicas of the model until about this many files: the
distances then measure the trace against the model, not against one noisy draw of it."""

GOLDEN_STEP: Final = 0.6180339887498949
"""The golden ratio's fractional part: the step whose multiples fill [0, 1) most evenly."""


STRATA_DELETE: Final = 0
STRATA_RENAMES: Final = 2
STRATA_PROBES: Final = 3
STRATA_CALLS: Final = 4
"""Count streams of `stratified_uniforms` (generator-mr's Strata: 1 and 2 are its mkdirs and
renames per create, which this generator counts by their ratios; the renames' stream times
them), the calls one each from 4."""


def strata_step(stream: int) -> float:
    """Count STREAM's step: the fractional part of the square root of the (STREAM+1)-th prime
    of 3, 7, 11, 13, ... (2 and 5 skipped: their roots make the users' and popularity's steps)."""
    prime, found = 2, -1
    while found < stream:
        prime += 1
        if prime != 5 and all(prime % d for d in range(2, math.isqrt(prime) + 1)):
            found += 1
    root = math.sqrt(prime)
    return root - math.floor(root)


def stratified_uniforms(ids: Ints, stream: int, rng: np.random.Generator) -> Floats:
    """Per entity of IDS (its number in its type), the uniform it draws count STREAM from: a
    Kronecker sequence of the stream's own step from a random start. Each is uniform over seeds,
    yet a count over a type's entities comes within a few of its mean in every draw, where
    independent uniforms scatter it as a binomial does (a MapReduce trace's 65 setPermission
    calls came out 56 to 74 by seed)."""
    return kronecker(rng.random(), strata_step(stream), ids)


def kronecker(start: float, step: float, ids: Ints) -> Floats:
    """Members IDS of the Kronecker sequence of STEP from START, in [0, 1) (generator-mr's
    PopularityQuantiles.kronecker)."""
    members: Floats = np.mod(start + ids * step % 1.0, 1.0)
    return members


def replicas_for(files: int) -> float:
    """The file scale that synthesizes about MIN_SYNTHETIC_FILES for a model of FILES files: a
    whole number, each replica then a run's own draw (synthesize's REPLICATED)."""
    return float(max(1, math.ceil(MIN_SYNTHETIC_FILES / max(files, 1))))


def comparison_replicas(profile: Profile) -> float:
    """The file scale at which PROFILE is synthesized to be compared with a trace: about
    MIN_SYNTHETIC_FILES accessed files (popularity, the CDF k is chosen by, is over those alone),
    or files when the profile accesses none."""
    accessed = round(sum(t.files * (1.0 - t.unaccessed_share) for t in profile.file_types))
    return replicas_for(accessed if accessed > 0 else profile.files)


def synthesize_for_comparison(
    profile: Profile,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    window_ms: float | None = None,
    replicas: float | None = None,
    random_state: int = 0,
) -> tuple[SyntheticWorkload, float]:
    """PROFILE's workload as every comparison with a trace draws it (the fit's k search,
    `validate`, `fidelity`): REPLICAS copies (default comparison_replicas) in one synthesis, so
    that the distances measure the model rather than one small random draw of it, and the k
    search's figure for a profile is the one `validate` then reports for it. Returns the workload
    and its replicas."""
    if replicas is None:
        replicas = comparison_replicas(profile)
    workload = synthesize(
        profile, time_scale=time_scale, span_scale=span_scale, file_scale=replicas,
        window_ms=window_ms, random_state=random_state, replicated=True,
    )  # fmt: skip
    return workload, replicas


def synthesize(
    profile: Profile,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    file_scale: float = 1.0,
    window_ms: float | None = None,
    random_state: int | np.random.Generator | None = 0,
    progress: bool = False,
    replicated: bool = False,
) -> SyntheticWorkload:
    """The workload PROFILE describes (module doc); FILE_SCALE multiplies every type's files
    (and directories, and the cluster calls). REPLICATED: FILE_SCALE counts copies of one run
    (a comparison's replicas), each type's creates round(FILE_SCALE) runs' create processes,
    not one process FILE_SCALE times as fast (a run's type scale), whose many long gaps would
    average out where one run's few do not.

    WINDOW_MS: the schedule's length in the profile's time (default the profile's window); a
    longer one adds creates at the same rate, as a run's --duration does in generator-mr.
    """
    if time_scale < 0 or span_scale < 0 or file_scale <= 0:
        raise ValueError("time and span scales must be >= 0 and the file scale > 0")
    rng = np.random.default_rng(random_state)
    # the renames' stream spawned last: the others' draws are as they were before it
    calls_rng, directories_rng, cluster_rng, missing_rng, denied_rng, renames_rng = rng.spawn(6)
    window = float(profile.duration_ms if window_ms is None else window_ms)
    stretch = max(1.0, window / profile.duration_ms)
    # lives drawn over the profile's window (or a longer run's): a shorter one only cuts them
    plan = max(window, float(profile.duration_ms))
    uniform = _uniform_activation_ms(profile)
    scale = _file_scale(file_scale, replicated)
    parts = [
        _synthesize_type(file_type, (window, plan), span_scale, scale, stretch, uniform, rng)
        for file_type in tqdm(
            profile.file_types,
            desc="synthesize",
            unit="type",
            disable=None if progress else True,
            leave=False,
        )
    ]
    parts = [
        _with_renames(
            _with_calls(part, file_type, window, calls_rng),
            file_type,
            profile.renames_per_create,
            (window, plan),
            renames_rng,
        )
        for part, file_type in zip(parts, profile.file_types, strict=True)
    ]
    workload = _joined(parts, window, profile.file_types)
    directories = _directory_workload(
        profile, (window, plan), span_scale, scale, stretch, directories_rng
    )
    cluster_time, cluster_command = _cluster_calls(
        profile.cluster_calls, window, file_scale * stretch, file_scale, cluster_rng,
        generated_cluster_commands(),
    )  # fmt: skip
    missing_time, missing_command = _cluster_calls(
        profile.missing_path_probes, window, file_scale * stretch, file_scale, missing_rng,
        frozenset(MISSING_PATH_COMMANDS),
    )  # fmt: skip
    denied_time, denied_command = _cluster_calls(
        profile.denied_calls, window, file_scale * stretch, file_scale, denied_rng,
        generated_commands(),
    )  # fmt: skip
    workload = _time_scaled(
        _with(
            workload,
            mkdirs=round(workload.created * profile.mkdirs_per_create),
            renames=round(workload.created * profile.renames_per_create),
            directories=directories,
            cluster_time=cluster_time,
            cluster_command=cluster_command,
            missing_time=missing_time,
            missing_command=missing_command,
            denied_time=denied_time,
            denied_command=denied_command,
        ),
        time_scale,
    )
    return workload


def synthesize_directories(
    profile: Profile,
    *,
    time_scale: float = 1.0,
    span_scale: float = 1.0,
    file_scale: float = 1.0,
    random_state: int | None = 0,
    replicated: bool = False,
) -> SyntheticWorkload | None:
    """The directories of `synthesize(profile, ...)` with the same arguments, alone: the same
    draws (their own random stream), without the files'. None without directory types."""
    rng = np.random.default_rng(random_state)
    directories_rng = rng.spawn(3)[1]
    window = float(profile.duration_ms)
    directories = _directory_workload(
        profile,
        (window, window),
        span_scale,
        _file_scale(file_scale, replicated),
        1.0,
        directories_rng,
    )
    return None if directories is None else _time_scaled(directories, time_scale)


def _directory_workload(
    profile: Profile, windows: tuple[float, float], span_scale: float, scale: _FileScale,
    stretch: float, rng: np.random.Generator,
) -> SyntheticWorkload | None:  # fmt: skip
    if not profile.directory_types:
        return None
    parts = []
    uniform = _uniform_activation_ms(profile)
    window = windows[0]
    for directory_type in profile.directory_types:
        part = _synthesize_type(directory_type, windows, span_scale, scale, stretch, uniform, rng)
        part = _with_subtrees(part, directory_type, rng)
        parts.append(_with_calls(part, directory_type, window, rng))
    return _joined(parts, window, profile.directory_types)


def _with(workload: SyntheticWorkload, **changes: Any) -> SyntheticWorkload:
    return replace(workload, **changes)


def _joined(
    parts: list[SyntheticWorkload], window: float, types: Sequence[ModeledType]
) -> SyntheticWorkload:
    """The parts (one per type) as one workload."""
    kinds = types[0].kinds if types else ACCESS_KINDS
    starts = np.cumsum([0] + [len(part) for part in parts[:-1]]).tolist()

    def cat(name: str, dtype: type[np.generic] = np.float64) -> npt.NDArray[Any]:
        columns = [getattr(part, name) for part in parts]
        return np.concatenate(columns) if columns else np.zeros(0, dtype)

    return SyntheticWorkload(
        window_ms=window,
        file_type=cat("file_type", np.int64),
        pre_existing=cat("pre_existing", np.bool_),
        origin=cat("origin"),
        depth=cat("depth", np.int64),
        accesses=cat("accesses", np.int64),
        kind_counts=(
            np.concatenate([part.kind_counts for part in parts])
            if parts
            else np.zeros((0, len(kinds)), np.int64)
        ),
        deleted=cat("deleted", np.bool_),
        delete_time=cat("delete_time"),
        active_span=cat("active_span"),
        interarrival=cat("interarrival"),
        interarrival_type=cat("interarrival_type", np.int64),
        create_interarrival=cat("create_interarrival"),
        create_interarrival_type=cat("create_interarrival_type", np.int64),
        mkdirs=0,
        renames=0,
        kinds=kinds,
        call_time=cat("call_time"),
        call_command=cat("call_command", np.int64),
        probe_time=cat("probe_time"),
        probe_listing=cat("probe_listing", np.bool_),
        subtree_files=cat("subtree_files", np.int64),
        first_access=cat("first_access"),
        rename_time=cat("rename_time"),
        rename_file=(
            np.concatenate(
                [part.rename_file + start for part, start in zip(parts, starts, strict=True)]
            )
            if parts
            else np.zeros(0, np.int64)
        ),
    )


def _time_scaled(workload: SyntheticWorkload, time_scale: float) -> SyntheticWorkload:
    """Every time of WORKLOAD (and of its directories) multiplied by TIME_SCALE."""
    directories = workload.directories
    return _with(
        workload,
        window_ms=workload.window_ms * time_scale,
        origin=workload.origin * time_scale,
        delete_time=workload.delete_time * time_scale,
        active_span=workload.active_span * time_scale,
        first_access=workload.first_access * time_scale,
        interarrival=workload.interarrival * time_scale,
        create_interarrival=workload.create_interarrival * time_scale,
        call_time=workload.call_time * time_scale,
        probe_time=workload.probe_time * time_scale,
        cluster_time=workload.cluster_time * time_scale,
        missing_time=workload.missing_time * time_scale,
        denied_time=workload.denied_time * time_scale,
        rename_time=workload.rename_time * time_scale,
        directories=None if directories is None else _time_scaled(directories, time_scale),
    )


def _uniform_activation_ms(profile: Profile) -> float:
    """Over how long pre-existing entries' first accesses spread uniformly: the profile's
    window, or 0 when they follow activationDelay from the window's start."""
    return float(profile.duration_ms) if profile.pre_existing_activation == "UNIFORM" else 0.0


@dataclass(frozen=True)
class _FileScale:
    """How many times a type's files a synthesis makes (factor), and in how many runs' create
    processes (copies: 1, one process factor times as fast)."""

    factor: float
    copies: int = 1


def _file_scale(factor: float, replicated: bool) -> _FileScale:
    return _FileScale(factor, max(1, round(factor)) if replicated else 1)


def _synthesize_type(
    file_type: ModeledType, windows: tuple[float, float], span_scale: float,
    scale: _FileScale, stretch: float, uniform_activation_ms: float, rng: np.random.Generator,
) -> SyntheticWorkload:  # fmt: skip
    """One type's entities in the run's window, WINDOWS[0], their lives drawn over WINDOWS[1]
    (the same or longer): a shorter run's events are the longer one's that come first."""
    window = windows[0]
    file_scale = scale.factor
    pre_existing = round(file_type.pre_existing * file_scale)
    # More files of a type in the same window: creates come FILE_SCALE times as often.
    most_creates = round(file_type.created * file_scale * stretch)
    create_times, create_gaps = _create_process(
        file_type["createInterarrival"], most_creates, scale, window, rng
    )
    origin = np.concatenate((np.zeros(pre_existing), create_times))
    files = len(origin)
    quantile = popularity_quantiles(files, rng, strata=pre_existing + most_creates)
    accessed = quantile >= file_type.unaccessed_share
    if file_type["activationDelay"].is_empty or file_type["activeSpan"].is_empty:
        accessed[:] = False
    activation = np.full(files, np.inf)
    rows = np.flatnonzero(accessed)
    delay = file_type["activationDelay"].sample(rng, len(rows))
    if uniform_activation_ms > 0:
        # Pre-existing rows come first: their first access, uniform over the profile's window.
        waiting = rows < pre_existing
        delay[waiting] = rng.random(int(waiting.sum())) * uniform_activation_ms
    activation[rows] = origin[rows] + delay
    # The accessed files' quantiles, rescaled to the popularity of accessed files alone.
    accessed_share = 1.0 - file_type.unaccessed_share
    popularity = (
        (quantile - file_type.unaccessed_share) / accessed_share if accessed_share > 0 else quantile
    )
    accesses, last, gaps, cut = _accesses(
        file_type, activation, popularity, span_scale, windows, rng
    )
    active = accesses > 0
    shares = np.array([file_type.access_shares[kind] for kind in file_type.kinds])
    if isinstance(file_type, DirectoryType):
        kind_counts = systematic_kinds(accesses, shares / shares.sum(), rng)
    else:
        kind_counts = rng.multinomial(accesses, shares / shares.sum())
    delete_time = np.full(files, np.nan)
    delete_delay = file_type["deleteDelay"]
    if not delete_delay.is_empty and file_type.delete_share > 0:
        ids = np.arange(files, dtype=np.int64)
        chosen = np.flatnonzero(
            stratified_uniforms(ids, STRATA_DELETE, rng) < file_type.delete_share
        )
        since = np.where(active[chosen], last[chosen], origin[chosen])
        delete_time[chosen] = since + delete_delay.sample(rng, len(chosen))
    delete_time[(delete_time >= window) | cut] = np.nan  # a delete comes after every access
    deleted = ~np.isnan(delete_time)
    depth = file_type.depth.sample(rng, files).astype(np.int64) if files else np.zeros(0, np.int64)
    return SyntheticWorkload(
        window_ms=window,
        file_type=np.full(files, file_type.index, dtype=np.int64),
        pre_existing=np.arange(files) < pre_existing,
        origin=origin,
        depth=depth,
        accesses=accesses,
        kind_counts=kind_counts,
        deleted=deleted,
        delete_time=delete_time,
        active_span=np.where(active, last - np.where(active, activation, 0.0), np.nan),
        first_access=np.where(active, activation, np.nan),
        interarrival=gaps,
        interarrival_type=np.full(len(gaps), file_type.index, dtype=np.int64),
        create_interarrival=create_gaps,
        create_interarrival_type=np.full(len(create_gaps), file_type.index, dtype=np.int64),
        mkdirs=0,
        renames=0,
        kinds=file_type.kinds,
        subtree_files=np.zeros(files, dtype=np.int64),
    )


def _with_calls(
    part: SyntheticWorkload, modeled: ModeledType, window: float, rng: np.random.Generator
) -> SyntheticWorkload:
    """PART (one type's files or directories) with their other calls and their probes."""
    names = audit_commands()
    ends = np.where(part.deleted, part.delete_time, np.inf)
    times, commands = [np.zeros(0)], [np.zeros(0, np.int64)]
    ids = np.arange(len(part), dtype=np.int64)
    for k, call in enumerate(modeled.calls):
        if call.command not in generated_commands():
            continue  # the profile names it among its unmodeled commands
        uniforms = stratified_uniforms(ids, STRATA_CALLS + k, rng)
        owner = np.repeat(ids, _counts(call.per_file, uniforms))
        at = part.origin[owner] + call.offset.sample(rng, len(owner))
        issued = (at < window) & (at <= ends[owner])
        times.append(at[issued])
        commands.append(np.full(int(np.count_nonzero(issued)), names.index(call.command)))
    probe_time, probe_listing = np.zeros(0), np.zeros(0, np.bool_)
    probes = modeled.probes
    created = np.flatnonzero(~part.pre_existing)
    if probes is not None and len(created):
        uniforms = stratified_uniforms(created, STRATA_PROBES, rng)
        owner = np.repeat(created, _counts(probes.per_create, uniforms))
        probe_time = np.maximum(part.origin[owner] - probes.lead.sample(rng, len(owner)), 0.0)
        probe_listing = rng.random(len(owner)) < probes.list_status_share
    return _with(
        part,
        call_time=np.concatenate(times),
        call_command=np.concatenate(commands),
        probe_time=probe_time,
        probe_listing=probe_listing,
    )


def _with_renames(
    part: SyntheticWorkload, file_type: ModeledType, per_create: float,
    windows: tuple[float, float], rng: np.random.Generator,
) -> SyntheticWorkload:  # fmt: skip
    """PART (one file type's files) with the times of its created files' renames (module doc,
    8), as generator-mr's EntryLife issues them: drawn over WINDOWS[1], issued in WINDOWS[0]."""
    window, plan = windows
    created = np.flatnonzero(~part.pre_existing)
    if per_create <= 0 or not len(created) or isinstance(file_type, DirectoryType):
        return part
    uniforms = stratified_uniforms(created, STRATA_RENAMES, rng)
    owner = np.repeat(created, _counts(per_create, uniforms))
    delay = file_type.rename_delay
    at = part.origin[owner]
    if not delay.is_empty:
        ends = np.where(part.deleted, part.delete_time, plan)
        at = np.minimum(at + delay.sample(rng, len(owner)), ends[owner])
        due = at <= window
        at, owner = at[due], owner[due]
    order = np.lexsort((at, owner))  # by file, each file's renames in time order
    return _with(part, rename_time=at[order], rename_file=owner[order])


def _counts(mean: float, uniforms: Floats) -> Ints:
    """Per entity, floor(MEAN) plus one when its uniform is below frac(MEAN): MEAN on average."""
    whole = np.floor(mean)
    counts: Ints = (whole + (uniforms < mean - whole)).astype(np.int64)
    return counts


def _with_subtrees(
    part: SyntheticWorkload, directory_type: DirectoryType, rng: np.random.Generator
) -> SyntheticWorkload:
    """PART (one directory type) with the filler each deleted pre-existing directory's delete
    removes: a created one's subtree is the file types' removed files, not files of its own."""
    subtree = np.zeros(len(part), dtype=np.int64)
    deleted = np.flatnonzero(part.deleted)
    if len(deleted) and not directory_type.subtree_files.is_empty:
        subtree[deleted] = directory_type.subtree_files.sample(rng, len(deleted)).astype(np.int64)
    subtree[~part.pre_existing] = 0  # drawn all the same, so the draws after stay as they were
    return _with(part, subtree_files=subtree)


def _cluster_calls(
    streams: list[ClusterCalls], window: float, count_scale: float, rate_scale: float,
    rng: np.random.Generator, issued: frozenset[str],
) -> tuple[Floats, tuple[str, ...]]:  # fmt: skip
    """Each stream's renewal process (cluster commands, missing-path probes; those whose command
    is not ISSUED are skipped): at most COUNT_SCALE times its calls, gaps over RATE_SCALE; the
    calls' times and commands."""
    times, commands = [np.zeros(0)], []
    for stream in streams:
        if stream.command not in issued:
            continue
        at = renewal_times(
            stream.interarrival.scaled(1.0 / rate_scale), round(stream.calls * count_scale),
            window, rng,
        )  # fmt: skip
        times.append(at)
        commands += [stream.command] * len(at)
    return np.concatenate(times), tuple(commands)


def _create_process(
    interarrival: Distribution, creates: int, scale: _FileScale, window: float,
    rng: np.random.Generator,
) -> tuple[Floats, Floats]:  # fmt: skip
    """The times of up to CREATES creates in the window (ascending), SCALE.copies runs'
    processes each SCALE.copies / SCALE.factor times as fast, and their gaps in the profile's
    own time (before the scale sped them up)."""
    rate = scale.copies / scale.factor
    copies = range(scale.copies)
    each = [creates // scale.copies + (copy < creates % scale.copies) for copy in copies]
    drawn = [renewal_times(interarrival.scaled(rate), n, window, rng) for n in each]
    gaps = np.concatenate([np.diff(times, prepend=0.0) / rate for times in drawn])
    return (drawn[0] if len(drawn) == 1 else np.sort(np.concatenate(drawn))), gaps


def renewal_times(
    interarrival: Distribution, target: int, window: float, rng: np.random.Generator
) -> Floats:
    """Creation times of a renewal process from 0: at most TARGET of them, all in the window.
    The gaps are drawn stratified, the i-th at `popularity_quantiles`' quantile i of TARGET (as
    generator-mr's CreateProcess): each a draw of INTERARRIVAL, their sum its mean times TARGET
    in every draw, where independent gaps pushed a run's last creates past the window."""
    if target <= 0 or interarrival.is_empty:
        return np.zeros(0)
    times = np.cumsum(interarrival.at(popularity_quantiles(target, rng)))
    return times[times < window]


def systematic_kinds(accesses: Ints, shares: Floats, rng: np.random.Generator) -> Ints:
    """Per entity, its ACCESSES split among the kinds by SHARES, each kind floor or ceil of
    accesses * share: the i-th of n accesses takes the kind whose cumulative share first
    exceeds (u + i) / n, u one uniform draw per entity (systematic sampling)."""
    cumulative = np.cumsum(shares)
    cumulative[-1] = 1.0
    # Kind k gets the i with (u + i) / n < cumulative[k]: ceil(n * cumulative[k] - u) of them.
    below = np.ceil(accesses[:, None] * cumulative[None, :] - rng.random(len(accesses))[:, None])
    below = np.clip(below, 0, accesses[:, None]).astype(np.int64)
    counts: Ints = np.diff(below, axis=1, prepend=0)
    return counts


def popularity_quantiles(files: int, rng: np.random.Generator, strata: int | None = None) -> Floats:
    """Quantiles in [0, 1) for a type's first FILES files, of STRATA (default FILES) that take
    one 1/n stratum each, at its middle: file i the stratum (a + i p) mod n, a drawn, p the
    stride `popularity_stride` gives; files past n continue a golden-ratio sequence from a
    random start. Each is uniform over seeds, yet every run holds the whole distribution: a
    small type's heaviest stratum too, which otherwise moves a run's calls by several percent
    (bench/notes/model-fidelity.md). Java's PopularityQuantiles draws the same way.
    """
    n = files if strata is None else max(strata, 0)
    start = rng.random()
    first = int(np.floor(start * n)) if n > 0 else 0
    ids = np.arange(files, dtype=np.int64)
    quantiles: Floats = np.where(
        ids < n,
        ((first + ids * popularity_stride(n)) % max(n, 1) + 0.5) / max(n, 1),
        kronecker(start, GOLDEN_STEP, ids),
    )
    return quantiles


def popularity_stride(n: int) -> int:
    """p: the smallest whole number at least max(1, round(n GOLDEN_STEP)) coprime with N."""
    p = max(1, int(np.floor(n * GOLDEN_STEP + 0.5)))  # Java's Math.round, not round half even
    while n > 1 and math.gcd(p, n) != 1:
        p += 1
    return p


def _accesses(
    file_type: ModeledType, activation: Floats, popularity: Floats, span_scale: float,
    windows: tuple[float, float], rng: np.random.Generator,
) -> tuple[Ints, Floats, Floats, Bools]:  # fmt: skip
    """Per file: accesses in the run's window (WINDOWS[0]) and the last one's time; every
    realized gap; and per file whether the window cut some of its accesses (planned over
    WINDOWS[1], the same or longer, so that a shorter run's accesses are the longer one's first).

    A file activated in the window has a popularity quantile u: its active span is activeSpan
    at u, its accesses accessesPerFile at u (span scale s: s times the span, s times the gaps).
    The accesses are at activation and after each of the gaps, drawn from accessInterarrival
    and stretched together to fill the span. A span of g gaps longer than g / (g + 1) of the
    time the planned window has left after activation is shrunk to that.
    """
    window, plan = windows
    files = len(activation)
    accesses = np.zeros(files, dtype=np.int64)
    last = np.full(files, np.nan)
    live = np.flatnonzero(activation < plan)
    first = live[activation[live] < window]
    accesses[first] = 1
    last[first] = activation[first]
    cut = np.zeros(files, dtype=np.bool_)
    cut[live] = activation[live] >= window
    if len(live) == 0:
        return accesses, last, np.zeros(0), cut
    uniform = popularity[live]
    span = file_type["activeSpan"].at(uniform) * span_scale
    gap_counts = np.maximum(file_type.entity_accesses.at(uniform).astype(np.int64) - 1, 0)
    if span_scale != 1.0:  # stochastic rounding keeps the expected number of gaps exact
        stretched = gap_counts * span_scale
        gap_counts = np.floor(stretched + rng.random(len(live))).astype(np.int64)
    gap_counts[span <= 0] = 0
    # A life the window's end would cut keeps its accesses: the span shrinks to end one mean gap
    # before the window's end (the trace's counts are of accesses inside its window).
    span = np.minimum(span, (plan - activation[live]) * gap_counts / (gap_counts + 1))
    if gap_counts.sum() == 0 or file_type["accessInterarrival"].is_empty:
        return accesses, last, np.zeros(0), cut
    owner = np.repeat(np.arange(len(live)), gap_counts)
    gaps = file_type["accessInterarrival"].sample(rng, len(owner))
    totals = np.bincount(owner, weights=gaps, minlength=len(live))
    # Gaps that are all 0 ms fill the span evenly instead.
    even = totals[owner] <= 0
    gaps = np.where(even, 1.0, gaps)
    totals = np.bincount(owner, weights=gaps, minlength=len(live))
    gaps *= span[owner] / totals[owner]
    ends = np.cumsum(gaps)
    starts = np.concatenate(([0.0], ends))[np.cumsum(gap_counts) - gap_counts][owner]
    times = activation[live][owner] + ends - starts
    issued = times < window
    accesses[live] += np.bincount(owner[issued], minlength=len(live))
    cut[live[owner[~issued]]] = True
    issued_rows = live[owner[issued]]
    last[issued_rows] = times[issued]  # ascending within a file, so the last write wins
    return accesses, last, gaps[issued], cut
