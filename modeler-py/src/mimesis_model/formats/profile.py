"""A workload profile (profiles/schema/Profile.avsc): file types, their distributions and the
namespace's shape, read and written as profile.avro plus a human-readable profile.json.

Format 2 adds to each file type its other calls and its probes, directory types (the same
model for directories), the cluster's path-less calls and the commands the profile does not
reproduce; a profile of format 1 (files only) reads with those empty.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from typing import Any, Final

import fastavro
import numpy as np

from mimesis_model.errors import ProfileError, TraceError
from mimesis_model.formats import ops, schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.distribution import Distribution
from mimesis_model.output import AtomicOutputDir

PROFILE_FILE: Final = "profile.avro"
PROFILE_JSON: Final = "profile.json"
FORMAT_VERSION: Final = int(schema.field_declaration(schema.PROFILE, "formatVersion")["current"])
"""The format version written and the newest read: Profile.avsc's, read by Java's ProfileReader
(5 added each file type's sizes, read as None from an older one; 4 added preExistingActivation;
3 deletes of paths nothing makes to missingPathProbes,
deniedCalls, and activeSpanKs to kSearch)."""


def _size_sources() -> tuple[str, ...]:
    """Profile.avsc's SizeSource symbols: FileType.sizes (a union with null) -> createdFrom."""
    file_type = schema.field_declaration(schema.PROFILE, "fileTypes")["type"]["items"]
    sizes = next(field for field in file_type["fields"] if field["name"] == "sizes")
    record = next(branch for branch in sizes["type"] if isinstance(branch, dict))
    created_from = next(field for field in record["fields"] if field["name"] == "createdFrom")
    return tuple(created_from["type"]["symbols"])


SIZE_SOURCES: Final = _size_sources()
"""Where a type's created sizes come from (Profile.avsc's SizeSource)."""
PRE_EXISTING_ACTIVATIONS: Final = tuple(
    schema.field_declaration(schema.PROFILE, "preExistingActivation")["type"]["symbols"]
)
"""How a profile may say its pre-existing files are first accessed (Profile.avsc)."""

DISTRIBUTIONS: Final = (
    "createInterarrival", "activationDelay", "accessInterarrival", "activeSpan",
    "accessesPerFile", "deleteDelay",
)  # fmt: skip
"""The per-type time distributions, by their Profile.avsc names."""

ACCESS_KINDS: Final = ops.ACCESS_KINDS

DIRECTORY_DISTRIBUTIONS: Final = (
    "createInterarrival", "activationDelay", "accessInterarrival", "activeSpan",
    "accessesPerDirectory", "deleteDelay",
)  # fmt: skip
"""A directory type's time distributions, by their Profile.avsc names."""

DIRECTORY_ACCESS_KINDS: Final = ops.DIRECTORY_ACCESS_KINDS

AUDIT_NAMES: Final = ops.AUDIT_COMMANDS
"""An access kind's command as an audit log names it, where the profile spells it otherwise."""


@dataclass(frozen=True, eq=False)
class CallShare:
    """A command other than the accesses, create, rename and delete, on a type's files (or
    directories): how many per file and when (Profile.avsc: CallShare)."""

    command: str
    """an AuditCommand.avsc symbol"""
    per_file: float
    """mean calls per file of the type, called or not"""
    offset: Distribution
    """the call's time minus its file's origin"""


@dataclass(frozen=True, eq=False)
class UserMix:
    """Who issued a type's (or a cluster command's) events: its top users with their shares,
    the rest lumped into a tail (Profile.avsc: UserMix)."""

    top: list[tuple[str, float]]
    """(user, share of the events), by descending share"""
    other_users: int = 0
    """users lumped into the tail"""
    other_share: float = 0.0
    """the tail's share; it and top's sum to 1"""

    def to_record(self) -> dict[str, Any]:
        return {
            "top": [{"user": user, "share": share} for user, share in self.top],
            "otherUsers": self.other_users,
            "otherShare": self.other_share,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any] | None) -> UserMix | None:
        if record is None:
            return None
        return cls(
            [(str(item["user"]), float(item["share"])) for item in record["top"]],
            int(record.get("otherUsers", 0)),
            float(record.get("otherShare", 0.0)),
        )

    def problems(self) -> list[str]:
        """Why a generator could not draw users from this mix (empty when it can)."""
        shares = [share for _, share in self.top] + [self.other_share]
        names = [user for user, _ in self.top]
        found = []
        if not all(math.isfinite(share) and share >= 0 for share in shares):
            found.append("a share that is not a finite number >= 0")
        elif abs(sum(shares) - 1) > 1e-6:
            found.append(f"shares sum to {sum(shares)}, not 1")
        if any(not name for name in names) or len(set(names)) != len(names):
            found.append("a user named twice or with an empty name")
        if self.other_users < 0 or (self.other_share > 0 and self.other_users == 0):
            found.append(f"otherUsers {self.other_users} for otherShare {self.other_share}")
        return found


def _users_record(users: UserMix | None) -> dict[str, Any] | None:
    return None if users is None else users.to_record()


@dataclass(frozen=True, eq=False)
class Probes:
    """Stats and listings of a type's paths before their creation (Profile.avsc: Probes)."""

    per_create: float
    list_status_share: float
    """of the probes; the others are getfileinfo"""
    lead: Distribution
    """creation minus the probe's time"""


@dataclass(frozen=True, eq=False)
class FileSizes:
    """A type's files as data: bytes, append growth, block size and replication, as the
    trace's fsimages show them (Profile.avsc: FileSizes, format 5)."""

    pre_existing: Distribution
    """bytes of one pre-existing file (the start image)"""
    created: Distribution
    """bytes of one file created in the window (see created_from)"""
    created_from: str
    """END_IMAGE, START_IMAGE (standing in) or ASSUMED (a published figure)"""
    append_bytes: Distribution
    """bytes one append adds; empty: appends add the median of created"""
    block_size: Distribution
    """preferred block size in bytes"""
    replication: Distribution

    def to_record(self) -> dict[str, Any]:
        return {
            "preExisting": self.pre_existing.to_record(),
            "created": self.created.to_record(),
            "createdFrom": self.created_from,
            "appendBytes": self.append_bytes.to_record(),
            "blockSize": self.block_size.to_record(),
            "replication": self.replication.to_record(),
        }

    @classmethod
    def from_record(cls, record: dict[str, Any] | None) -> FileSizes | None:
        if record is None:
            return None
        return cls(
            Distribution.from_record(record["preExisting"]),
            Distribution.from_record(record["created"]),
            str(record["createdFrom"]),
            Distribution.from_record(record["appendBytes"]),
            Distribution.from_record(record["blockSize"]),
            Distribution.from_record(record["replication"]),
        )

    @property
    def distributions(self) -> dict[str, Distribution]:
        """By their Profile.avsc names."""
        return {
            "preExisting": self.pre_existing, "created": self.created,
            "appendBytes": self.append_bytes, "blockSize": self.block_size,
            "replication": self.replication,
        }  # fmt: skip

    def problems(self) -> list[str]:
        """Why a generator could not draw files from these sizes (empty when it can)."""
        found = [
            f"{name}: {problem}"
            for name, distribution in self.distributions.items()
            for problem in distribution.problems()
        ]
        if self.created_from not in SIZE_SOURCES:
            found.append(
                f"createdFrom {self.created_from!r} is not one of {', '.join(SIZE_SOURCES)}"
            )
        if self.pre_existing.is_empty and self.created.is_empty:
            found.append("preExisting and created both empty: no file has a size")
        for name, distribution in self.distributions.items():
            if len(distribution) and distribution.values[0] < 0:
                found.append(f"{name}: a negative value")
        if len(self.block_size) and self.block_size.values[0] <= 0:
            found.append("blockSize: a block size that is not positive")
        return found

    def blocks_per_file(self, which: str = "created") -> float | None:
        """Mean blocks of one file of WHICH ("created" or "preExisting"), at the median block
        size: ceil(bytes / block size), none for an empty file; None when none was seen."""
        sizes = self.created if which == "created" else self.pre_existing
        if sizes.is_empty:
            return None
        block = float(self.block_size.quantile(0.5)) if len(self.block_size) else DEFAULT_BLOCK_SIZE
        return float(np.ceil(sizes.values / block) @ sizes.probabilities)

    def summary(self) -> dict[str, Any]:
        """What profile.json shows: each distribution summarized, and blocks per file."""
        record: dict[str, Any] = {"createdFrom": self.created_from}
        for name, distribution in self.distributions.items():
            record[name] = _distribution_summary(distribution)
        record["blocksPerFile"] = {
            "preExisting": self.blocks_per_file("preExisting"),
            "created": self.blocks_per_file("created"),
        }
        return record


DEFAULT_BLOCK_SIZE: Final = 128 * 1024 * 1024
"""HDFS's default block size (core's FileSizeModel), for sizes whose images showed none."""


@dataclass(frozen=True, eq=False)
class FileType:
    """One file type (a k-means cluster); fields as in Profile.avsc's FileType."""

    index: int
    weight: float
    files: int
    pre_existing: int
    unaccessed_share: float
    access_shares: dict[str, float]
    """by ACCESS_KINDS name; sums to 1"""
    delete_share: float
    depth: Distribution
    distributions: dict[str, Distribution]
    """by DISTRIBUTIONS name"""
    centroid: list[float] = field(default_factory=list)
    calls: list[CallShare] = field(default_factory=list)
    probes: Probes | None = None
    users: UserMix | None = None
    sizes: FileSizes | None = None
    """None: the type's files are empty (format 4 or older, or a trace without an fsimage)"""
    removed_share: float = 0.0
    """of its created files no delete of their own ends, the share a directory's recursive
    delete removes (0: format 5 or older)"""
    rename_delay: Distribution = field(default_factory=Distribution.empty)
    """a rename of one of its created files minus the file's creation, pooled; empty: renamed at
    the create (no created file renamed, or format 6 or older)"""

    @property
    def created(self) -> int:
        """Files of this type created in the window."""
        return self.files - self.pre_existing

    @property
    def entities(self) -> int:
        """What the type models: its files."""
        return self.files

    @property
    def entity_accesses(self) -> Distribution:
        """Accesses of one accessed file."""
        return self.distributions["accessesPerFile"]

    @property
    def kinds(self) -> tuple[str, ...]:
        return ACCESS_KINDS

    def __getitem__(self, name: str) -> Distribution:
        return self.distributions[name]


@dataclass(frozen=True, eq=False)
class DirectoryType:
    """One directory type (a k-means cluster of directories); Profile.avsc's DirectoryType."""

    index: int
    weight: float
    directories: int
    pre_existing: int
    unaccessed_share: float
    access_shares: dict[str, float]
    """by DIRECTORY_ACCESS_KINDS name; sums to 1"""
    delete_share: float
    subtree_files: Distribution
    depth: Distribution
    distributions: dict[str, Distribution]
    """by DIRECTORY_DISTRIBUTIONS name"""
    calls: list[CallShare] = field(default_factory=list)
    probes: Probes | None = None
    centroid: list[float] = field(default_factory=list)
    users: UserMix | None = None

    @property
    def created(self) -> int:
        """Directories of this type made (by mkdirs) in the window."""
        return self.directories - self.pre_existing

    @property
    def entities(self) -> int:
        """What the type models: its directories."""
        return self.directories

    @property
    def entity_accesses(self) -> Distribution:
        """Accesses of one accessed directory."""
        return self.distributions["accessesPerDirectory"]

    @property
    def kinds(self) -> tuple[str, ...]:
        return DIRECTORY_ACCESS_KINDS

    def __getitem__(self, name: str) -> Distribution:
        return self.distributions[name]


ModeledType = FileType | DirectoryType


@dataclass(frozen=True, eq=False)
class ClusterCalls:
    """A command without a path (or a probe of a path nothing makes): a renewal process over
    the window (Profile.avsc)."""

    command: str
    calls: int
    interarrival: Distribution
    """time between consecutive calls, the first from the window's start"""
    users: UserMix | None = None


@dataclass(frozen=True, eq=False)
class UnmodeledCommand:
    """Calls of the trace that the profile does not reproduce, and why."""

    command: str
    calls: int
    why: str


@dataclass(frozen=True, eq=False)
class NamespaceStatistics:
    directories: int
    files: int
    dirs_at_depth: Distribution
    subdirs_per_dir: Distribution
    files_at_depth: Distribution
    files_per_dir: Distribution


@dataclass(frozen=True, eq=False)
class KSearchStep:
    k: int
    popularity_ks: float
    interarrival_ks: float | None = None
    active_span_ks: float | None = None

    def distance(self, criterion: str) -> float:
        """What the k search bounds: popularity; with "access" the worse of popularity and
        interarrival; with "timing" the worst of popularity, interarrival and active span."""
        timing = {
            "access": [self.interarrival_ks],
            "timing": [self.interarrival_ks, self.active_span_ks],
        }.get(criterion, [])
        return max([self.popularity_ks, *(ks for ks in timing if ks is not None)])

    def above(self, criterion: str, bound: float) -> list[str]:
        """The distances CRITERION bounds that exceed BOUND, each named with its value."""
        bounded: dict[str, float | None] = {"popularity": self.popularity_ks}
        if criterion in ("access", "timing"):
            bounded["interarrival"] = self.interarrival_ks
        if criterion == "timing":
            bounded["active span"] = self.active_span_ks
        return [f"{name} {ks:.4f}" for name, ks in bounded.items() if ks is not None and ks > bound]


@dataclass(frozen=True, eq=False)
class FitReport:
    seed: int
    features: list[str]
    feature_mean: list[float]
    feature_scale: list[float]
    max_ks: float
    k_search: list[KSearchStep]
    criterion: str = "popularity"


@dataclass(frozen=True, eq=False)
class Profile:
    """A workload model; times in milliseconds."""

    source: str
    duration_ms: int
    file_types: list[FileType]
    dormant_files: int
    mkdirs_per_create: float
    renames_per_create: float
    namespace: NamespaceStatistics | None = None
    fit: FitReport | None = None
    directory_types: list[DirectoryType] = field(default_factory=list)
    cluster_calls: list[ClusterCalls] = field(default_factory=list)
    unmodeled_commands: list[UnmodeledCommand] = field(default_factory=list)
    directory_fit: FitReport | None = None
    missing_path_probes: list[ClusterCalls] = field(default_factory=list)
    """calls on paths nothing makes (probes; from format 3 deletes), per command: a stream over
    the window (Profile.avsc)"""
    denied_calls: list[ClusterCalls] = field(default_factory=list)
    """calls the trace saw denied on a path, per command: a stream over the window, issued where
    they are denied (format 3; Profile.avsc)"""
    pre_existing_activation: str = "DELAY"
    """when pre-existing files are first accessed: DELAY (an activationDelay after the window's
    start) or UNIFORM (uniformly over the window); format 4, Profile.avsc"""
    dormant_sizes: FileSizes | None = None
    """the dormant files' sizes (the start image's files no timeline touched); None: empty"""

    @property
    def k(self) -> int:
        return len(self.file_types)

    @property
    def directory_k(self) -> int:
        return len(self.directory_types)

    @property
    def files(self) -> int:
        return sum(file_type.files for file_type in self.file_types)

    @property
    def directories(self) -> int:
        return sum(directory_type.directories for directory_type in self.directory_types)

    def with_types(self, file_types: list[FileType], source: str) -> Profile:
        """This profile with other FILE_TYPES, re-indexed, weights renormalized."""
        total = sum(file_type.files for file_type in file_types) or 1
        renumbered = [
            replace(file_type, index=index, weight=file_type.files / total)
            for index, file_type in enumerate(file_types)
        ]
        return replace(self, file_types=renumbered, source=source)

    def with_directory_types(self, directory_types: list[DirectoryType]) -> Profile:
        """This profile with other DIRECTORY_TYPES, re-indexed, weights renormalized."""
        total = sum(directory_type.directories for directory_type in directory_types) or 1
        renumbered = [
            replace(directory_type, index=index, weight=directory_type.directories / total)
            for index, directory_type in enumerate(directory_types)
        ]
        return replace(self, directory_types=renumbered)

    # --- Avro records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "formatVersion": FORMAT_VERSION,
            "source": self.source,
            "durationMs": self.duration_ms,
            "fileTypes": [_type_record(file_type) for file_type in self.file_types],
            "dormantFiles": self.dormant_files,
            "dormantSizes": None if self.dormant_sizes is None else self.dormant_sizes.to_record(),
            "mkdirsPerCreate": self.mkdirs_per_create,
            "renamesPerCreate": self.renames_per_create,
            "namespace": None if self.namespace is None else _namespace_record(self.namespace),
            "fit": None if self.fit is None else _fit_record(self.fit),
            "directoryTypes": [_directory_type_record(item) for item in self.directory_types],
            "clusterCalls": [_stream_record(item) for item in self.cluster_calls],
            "unmodeledCommands": [
                {"command": item.command, "calls": item.calls, "why": item.why}
                for item in self.unmodeled_commands
            ],
            "directoryFit": None if self.directory_fit is None else _fit_record(self.directory_fit),
            "missingPathProbes": [_stream_record(item) for item in self.missing_path_probes],
            "deniedCalls": [_stream_record(item) for item in self.denied_calls],
            "preExistingActivation": self.pre_existing_activation,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Profile:
        """The profile of RECORD (format 1 or 2; format 2's fields may be absent)."""
        namespace = record["namespace"]
        fit = record["fit"]
        directory_fit = record.get("directoryFit")
        return cls(
            source=record["source"],
            duration_ms=int(record["durationMs"]),
            file_types=[_file_type(item) for item in record["fileTypes"]],
            dormant_files=int(record["dormantFiles"]),
            mkdirs_per_create=float(record["mkdirsPerCreate"]),
            renames_per_create=float(record["renamesPerCreate"]),
            namespace=None if namespace is None else _namespace(namespace),
            fit=None if fit is None else _fit(fit),
            directory_types=[_directory_type(item) for item in record.get("directoryTypes", [])],
            cluster_calls=[_stream(item) for item in record.get("clusterCalls", [])],
            unmodeled_commands=[
                UnmodeledCommand(str(item["command"]), int(item["calls"]), str(item["why"]))
                for item in record.get("unmodeledCommands", [])
            ],
            directory_fit=None if directory_fit is None else _fit(directory_fit),
            missing_path_probes=[_stream(item) for item in record.get("missingPathProbes", [])],
            denied_calls=[_stream(item) for item in record.get("deniedCalls", [])],
            pre_existing_activation=str(record.get("preExistingActivation", "DELAY")),
            dormant_sizes=FileSizes.from_record(record.get("dormantSizes")),
        )

    # --- files --------------------------------------------------------------------------

    @classmethod
    def read(cls, profile_dir: str | PathLike[str]) -> Profile:
        """Read PROFILE_DIR/profile.avro; ProfileError, naming the file, if it is not valid."""
        directory = Path(profile_dir)
        if not directory.is_dir():
            what = "not a directory" if directory.exists() else "no such profile directory"
            raise ProfileError(f"{directory}: {what}")
        path = directory / PROFILE_FILE
        try:
            records = list(read_records(path, schema.load(schema.PROFILE)))
        except TraceError as error:
            raise ProfileError(str(error)) from error
        if len(records) != 1:
            raise ProfileError(f"{path}: holds {len(records)} profiles, expected 1")
        version = records[0]["formatVersion"]
        if version < 1:
            raise ProfileError(
                f"{path}: format version {version} is unknown (1 to {FORMAT_VERSION})"
            )
        if version > FORMAT_VERSION:
            raise ProfileError(
                f"{path}: format version {version} is newer than this modeler's "
                f"({FORMAT_VERSION}); upgrade mimesis-model"
            )
        profile = cls.from_record(records[0])
        problems = profile.problems()
        if problems:
            raise ProfileError(f"{path}: {problems[0]}")
        return profile

    def write(self, profile_dir: str | PathLike[str], option: str | None = None) -> Path:
        """Write profile.avro and profile.json into PROFILE_DIR, all or nothing.

        OPTION names PROFILE_DIR in errors, as the user gave it (e.g. "--out").
        """
        problems = self.problems()
        if problems:
            raise ProfileError(f"refusing to write an invalid profile: {problems[0]}")
        with AtomicOutputDir(Path(profile_dir), option) as out:
            with out.create(PROFILE_FILE) as stream:
                fastavro.writer(
                    stream, schema.load(schema.PROFILE), [self.to_record()], codec="deflate"
                )
            with out.create(PROFILE_JSON) as stream:
                stream.write(json.dumps(self.summary(), indent=2).encode() + b"\n")
        return Path(profile_dir)

    def problems(self) -> list[str]:
        """Why this profile cannot drive a generator (empty when it can)."""
        found = []
        if self.duration_ms <= 0:
            found.append(f"durationMs {self.duration_ms} is not positive")
        if not self.file_types:
            found.append("no file types")
        if self.pre_existing_activation not in PRE_EXISTING_ACTIVATIONS:
            found.append(
                f"preExistingActivation {self.pre_existing_activation!r} is not one of "
                f"{', '.join(PRE_EXISTING_ACTIVATIONS)}"
            )
        for name, ratio in (("mkdirsPerCreate", self.mkdirs_per_create),
                            ("renamesPerCreate", self.renames_per_create)):  # fmt: skip
            if not (math.isfinite(ratio) and ratio >= 0):
                found.append(f"{name} {ratio} is not a finite number >= 0")
        if self.namespace is not None:
            for avro_name, attribute in _NAMESPACE_DISTRIBUTIONS.items():
                distribution = getattr(self.namespace, attribute)
                found += [
                    f"namespace: {avro_name}: {problem}" for problem in distribution.problems()
                ]
        for file_type in self.file_types:
            found += _type_problems(file_type, f"file type {file_type.index}")
            found += [
                f"file type {file_type.index}: renameDelay: {problem}"
                for problem in file_type.rename_delay.problems()
            ]
            if file_type.sizes is not None:
                found += [
                    f"file type {file_type.index}: sizes: {problem}"
                    for problem in file_type.sizes.problems()
                ]
        if self.dormant_sizes is not None:
            found += [
                f"dormant files: sizes: {problem}" for problem in self.dormant_sizes.problems()
            ]
        for directory_type in self.directory_types:
            where = f"directory type {directory_type.index}"
            found += _type_problems(directory_type, where)
            found += [
                f"{where}: subtreeFiles: {problem}"
                for problem in directory_type.subtree_files.problems()
            ]
        streams = [("cluster calls", item) for item in self.cluster_calls]
        streams += [("missing-path calls", item) for item in self.missing_path_probes]
        streams += [("denied calls", item) for item in self.denied_calls]
        for name, cluster in streams:
            where = f"{name} {cluster.command}"
            found += [f"{where}: {problem}" for problem in cluster.interarrival.problems()]
            if cluster.calls < 0 or (cluster.calls > 0 and cluster.interarrival.is_empty):
                found.append(f"{where}: {cluster.calls} calls, interarrival empty")
            if cluster.users is not None:
                found += [f"{where}: users: {problem}" for problem in cluster.users.problems()]
        found += [
            f"unmodeled command {item.command}: {item.calls} calls"
            for item in self.unmodeled_commands
            if item.calls < 0
        ]
        return found

    def summary(self) -> dict[str, Any]:
        """What profile.json holds: every number except the distributions' full tables."""
        record = self.to_record()
        for item, file_type in zip(record["fileTypes"], self.file_types, strict=True):
            for name in ("depth", "renameDelay", *DISTRIBUTIONS):
                item[name] = _summarized(item[name])
            _summarize_calls(item)
            if file_type.sizes is not None:
                item["sizes"] = file_type.sizes.summary()
        if self.dormant_sizes is not None:
            record["dormantSizes"] = self.dormant_sizes.summary()
        for item in record["directoryTypes"]:
            for name in ("depth", "subtreeFiles", *DIRECTORY_DISTRIBUTIONS):
                item[name] = _summarized(item[name])
            _summarize_calls(item)
        for item in record["clusterCalls"] + record["missingPathProbes"]:
            item["interarrival"] = _summarized(item["interarrival"])
        if record["namespace"] is not None:
            for name, value in record["namespace"].items():
                if isinstance(value, dict):
                    record["namespace"][name] = _summarized(value)
        return record


def _type_problems(modeled: ModeledType, where: str) -> list[str]:
    """Why a file or directory type cannot drive a generator."""
    found = []
    shares = {"weight": modeled.weight, "unaccessedShare": modeled.unaccessed_share,
              "deleteShare": modeled.delete_share}  # fmt: skip
    shares |= {f"accessShares.{kind}": x for kind, x in modeled.access_shares.items()}
    if modeled.probes is not None:
        shares["probes.listStatusShare"] = modeled.probes.list_status_share
    outside = [name for name, x in shares.items() if not (math.isfinite(x) and 0 <= x <= 1)]
    if outside:
        found.append(f"{where}: {outside[0]} {shares[outside[0]]} is not a share in [0, 1]")
    if not all(math.isfinite(x) for x in modeled.centroid):
        found.append(f"{where}: centroid has non-finite numbers")
    if not 0 <= modeled.pre_existing <= modeled.entities:
        found.append(f"{where}: preExisting {modeled.pre_existing} of {modeled.entities}")
    named = {"depth": modeled.depth} | modeled.distributions
    named |= {f"calls {call.command} offset": call.offset for call in modeled.calls}
    if modeled.probes is not None:
        named["probes lead"] = modeled.probes.lead
    for name, distribution in named.items():
        found += [f"{where}: {name}: {problem}" for problem in distribution.problems()]
    rates = [call.per_file for call in modeled.calls]
    rates += [] if modeled.probes is None else [modeled.probes.per_create]
    if not all(math.isfinite(x) and x >= 0 for x in rates):
        found.append(f"{where}: a perFile or perCreate that is not a number >= 0")
    create = modeled["createInterarrival"]
    if modeled.created > 0 and (create.is_empty or create.values[-1] <= 0):
        found.append(f"{where}: creates but its createInterarrival is never > 0")
    if modeled.users is not None:
        found += [f"{where}: users: {problem}" for problem in modeled.users.problems()]
    return found


def _summarized(record: dict[str, Any]) -> dict[str, Any]:
    return _distribution_summary(Distribution.from_record(record))


def _summarize_calls(item: dict[str, Any]) -> None:
    for call in item["calls"]:
        call["offset"] = _summarized(call["offset"])
    if item["probes"] is not None:
        item["probes"]["lead"] = _summarized(item["probes"]["lead"])


def _distribution_summary(distribution: Distribution) -> dict[str, Any]:
    if distribution.is_empty:
        return {"count": 0}
    p50, p90, p99 = distribution.quantile([0.5, 0.9, 0.99]).tolist()
    return {
        "count": distribution.count, "points": len(distribution), "mean": distribution.mean,
        "min": float(distribution.values[0]), "p50": p50, "p90": p90, "p99": p99,
        "max": float(distribution.values[-1]),
    }  # fmt: skip


def _type_record(file_type: FileType) -> dict[str, Any]:
    record = {
        "index": file_type.index,
        "weight": file_type.weight,
        "files": file_type.files,
        "preExisting": file_type.pre_existing,
        "unaccessedShare": file_type.unaccessed_share,
        "accessShares": {kind: file_type.access_shares[kind] for kind in ACCESS_KINDS},
        "deleteShare": file_type.delete_share,
        "removedShare": file_type.removed_share,
        "renameDelay": file_type.rename_delay.to_record(),
        "depth": file_type.depth.to_record(),
        "centroid": list(file_type.centroid),
        "calls": _calls_record(file_type.calls),
        "probes": _probes_record(file_type.probes),
        "users": _users_record(file_type.users),
        "sizes": None if file_type.sizes is None else file_type.sizes.to_record(),
    }
    for name in DISTRIBUTIONS:
        record[name] = file_type.distributions[name].to_record()
    return record


def _directory_type_record(directory_type: DirectoryType) -> dict[str, Any]:
    record = {
        "index": directory_type.index,
        "weight": directory_type.weight,
        "directories": directory_type.directories,
        "preExisting": directory_type.pre_existing,
        "unaccessedShare": directory_type.unaccessed_share,
        "accessShares": {
            kind: directory_type.access_shares[kind] for kind in DIRECTORY_ACCESS_KINDS
        },
        "deleteShare": directory_type.delete_share,
        "subtreeFiles": directory_type.subtree_files.to_record(),
        "depth": directory_type.depth.to_record(),
        "calls": _calls_record(directory_type.calls),
        "probes": _probes_record(directory_type.probes),
        "centroid": list(directory_type.centroid),
        "users": _users_record(directory_type.users),
    }
    for name in DIRECTORY_DISTRIBUTIONS:
        record[name] = directory_type.distributions[name].to_record()
    return record


def _calls_record(calls: list[CallShare]) -> list[dict[str, Any]]:
    return [
        {"command": call.command, "perFile": call.per_file, "offset": call.offset.to_record()}
        for call in calls
    ]


def _probes_record(probes: Probes | None) -> dict[str, Any] | None:
    if probes is None:
        return None
    return {
        "perCreate": probes.per_create,
        "listStatusShare": probes.list_status_share,
        "lead": probes.lead.to_record(),
    }


def _calls(records: list[dict[str, Any]]) -> list[CallShare]:
    return [
        CallShare(
            str(item["command"]), float(item["perFile"]), Distribution.from_record(item["offset"])
        )
        for item in records
    ]


def _probes(record: dict[str, Any] | None) -> Probes | None:
    if record is None:
        return None
    return Probes(
        float(record["perCreate"]),
        float(record["listStatusShare"]),
        Distribution.from_record(record["lead"]),
    )


def _directory_type(record: dict[str, Any]) -> DirectoryType:
    return DirectoryType(
        index=int(record["index"]),
        weight=float(record["weight"]),
        directories=int(record["directories"]),
        pre_existing=int(record["preExisting"]),
        unaccessed_share=float(record["unaccessedShare"]),
        access_shares={
            kind: float(record["accessShares"][kind]) for kind in DIRECTORY_ACCESS_KINDS
        },
        delete_share=float(record["deleteShare"]),
        subtree_files=Distribution.from_record(record["subtreeFiles"]),
        depth=Distribution.from_record(record["depth"]),
        distributions={
            name: Distribution.from_record(record[name]) for name in DIRECTORY_DISTRIBUTIONS
        },
        calls=_calls(record.get("calls", [])),
        probes=_probes(record.get("probes")),
        centroid=[float(x) for x in record.get("centroid", [])],
        users=UserMix.from_record(record.get("users")),
    )


def _file_type(record: dict[str, Any]) -> FileType:
    return FileType(
        index=int(record["index"]),
        weight=float(record["weight"]),
        files=int(record["files"]),
        pre_existing=int(record["preExisting"]),
        unaccessed_share=float(record["unaccessedShare"]),
        access_shares={kind: float(record["accessShares"][kind]) for kind in ACCESS_KINDS},
        delete_share=float(record["deleteShare"]),
        depth=Distribution.from_record(record["depth"]),
        distributions={name: Distribution.from_record(record[name]) for name in DISTRIBUTIONS},
        centroid=[float(x) for x in record.get("centroid", [])],
        calls=_calls(record.get("calls", [])),
        probes=_probes(record.get("probes")),
        users=UserMix.from_record(record.get("users")),
        sizes=FileSizes.from_record(record.get("sizes")),
        removed_share=float(record.get("removedShare", 0.0)),
        rename_delay=(
            Distribution.empty()
            if record.get("renameDelay") is None
            else Distribution.from_record(record["renameDelay"])
        ),
    )


_NAMESPACE_DISTRIBUTIONS: Final = {
    "dirsAtDepth": "dirs_at_depth", "subdirsPerDir": "subdirs_per_dir",
    "filesAtDepth": "files_at_depth", "filesPerDir": "files_per_dir",
}  # fmt: skip


def _namespace_record(namespace: NamespaceStatistics) -> dict[str, Any]:
    record: dict[str, Any] = {"directories": namespace.directories, "files": namespace.files}
    for avro_name, attribute in _NAMESPACE_DISTRIBUTIONS.items():
        record[avro_name] = getattr(namespace, attribute).to_record()
    return record


def _namespace(record: dict[str, Any]) -> NamespaceStatistics:
    distributions = {
        attribute: Distribution.from_record(record[avro_name])
        for avro_name, attribute in _NAMESPACE_DISTRIBUTIONS.items()
    }
    return NamespaceStatistics(
        directories=int(record["directories"]), files=int(record["files"]), **distributions
    )


def _fit_record(fit: FitReport) -> dict[str, Any]:
    return {
        "seed": fit.seed,
        "features": list(fit.features),
        "featureMean": list(fit.feature_mean),
        "featureScale": list(fit.feature_scale),
        "maxKs": fit.max_ks,
        "criterion": fit.criterion,
        "kSearch": [
            {
                "k": step.k,
                "popularityKs": step.popularity_ks,
                "interarrivalKs": step.interarrival_ks,
                "activeSpanKs": step.active_span_ks,
            }
            for step in fit.k_search
        ],
    }


def _fit(record: dict[str, Any]) -> FitReport:
    return FitReport(
        seed=int(record["seed"]),
        features=list(record["features"]),
        feature_mean=[float(x) for x in record["featureMean"]],
        feature_scale=[float(x) for x in record["featureScale"]],
        max_ks=float(record["maxKs"]),
        k_search=[
            KSearchStep(
                int(s["k"]),
                float(s["popularityKs"]),
                s.get("interarrivalKs"),
                s.get("activeSpanKs"),
            )
            for s in record["kSearch"]
        ],
        criterion=str(record.get("criterion", "popularity")),
    )


def _stream_record(item: ClusterCalls) -> dict[str, Any]:
    """A ClusterCalls record (a cluster command's or a missing-path probe's stream)."""
    return {
        "command": item.command,
        "calls": item.calls,
        "interarrival": item.interarrival.to_record(),
        "users": _users_record(item.users),
    }


def _stream(record: dict[str, Any]) -> ClusterCalls:
    return ClusterCalls(
        str(record["command"]),
        int(record["calls"]),
        Distribution.from_record(record["interarrival"]),
        UserMix.from_record(record.get("users")),
    )
