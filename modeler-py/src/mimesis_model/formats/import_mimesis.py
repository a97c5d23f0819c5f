"""Import a workload profile in the original MimesisBench prototype's format (the Yahoo profile
of disel-espol/MimesisBench, nnmetadata.properties.zip) into this project's Profile.

The prototype keeps a profile as a folder of Java-properties files: `<prefix>.common` (type
weights, pre-existing files, files at depth, run length), `<prefix>.<j>` for each type j = 1..k
(discrete PDFs: a line of keys, milliseconds, and a line of weights, count / n) and optionally
`<prefix>.namespace`, one directory path a line. How the tables become profile fields:

- ACTIVATION_TIME_CLUSTER<j> -> activationDelay. Its sample, n_j, is the files created in the
  window (CREATE_INTERARRIVAL's sample is n_j - 1), every one of them accessed. It says nothing
  of the pre-existing files' first accesses, so those spread uniformly over the window
  (preExistingActivation UNIFORM, a cluster in steady state). The prototype applied the created
  files' delays from the window's start, which puts most of the pre-existing files' first
  accesses in its first minutes;
- DEACTIVATION_TIME_CLUSTER<j> -> activeSpan: the prototype sets deactivation = activation +
  this draw, and its values are often smaller than the activation delays (not absolute times);
- OPEN_INTERARRIVAL_CLUSTER<j>_PER_FILE -> accessInterarrival: the gaps between accesses of one
  file, the table the prototype draws. OPEN_INTERARRIVAL (gaps between any two accesses of the
  type) and AOA (a file's age at each access) are not used;
- accessesPerFile, which the prototype did not keep, is simulated as the prototype generated
  accesses: one at activation and one after each gap while within the active span, the span
  drawn independently of the gaps (accesses_per_file);
- AOD_CLUSTER<j> (age at deletion) -> deleteShare and deleteDelay. NEVER_DELETED_MS is the
  prototype's key for 'not deleted'; otherwise the table holds only deleted files, so
  deleteShare puts their number over the type's files, and the delay from the last access is
  max(AOD - activation - span, 1 ms), the three drawn independently: the prototype's rule;
- PRE_EXISTING_FILES<j> (0 when absent, as in the prototype) and CLUSTER_WEIGHTS ->
  preExisting and files (see _type_files); FILES_AT_DEPTH -> every type's depth and the
  namespace's filesAtDepth;
- RATIO_OF_FILE_LS_TO_OPENS, RATIO_OF_MKDIRS_TO_CREATES, RATIO_OF_FILE_RENAMES_TO_CREATES
  (0 when absent, as in the prototype) -> accessShares, mkdirsPerCreate, renamesPerCreate.

durationMs is the window the tables were measured over (estimate_window_ms), not MAX_TIME,
the prototype's run length. TARGET_CREATES, the prototype's cap on creates, is not used.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from os import PathLike
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.errors import ProfileError
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import (
    ACCESS_KINDS,
    FileType,
    NamespaceStatistics,
    Profile,
)

Floats = npt.NDArray[np.float64]

COMMON_SUFFIX: Final = ".common"
NAMESPACE_SUFFIX: Final = ".namespace"

NEVER_DELETED_MS: Final = 126_227_808_000
"""AOD's key for 'not deleted': 4 years (1461 days) in milliseconds."""

SIMULATED_FILES: Final = 10_000
"""Files simulated per type to derive accessesPerFile and deleteDelay."""

_MINUTE_MS: Final = 60_000
_MAX_GAPS_IN_FLIGHT: Final = 20_000_000  # bounds the memory of one simulation round
_SAMPLE_SIZE_MULTIPLES: Final = 1000
# A count is whole within 1e-6, plus the rounding of weights printed to 16 decimals times N.
_SAMPLE_SIZE_TOLERANCE: Final = 1e-6
_SAMPLE_SIZE_RELATIVE_TOLERANCE: Final = 1e-9
_SEPARATOR: Final = re.compile(r"\s*[=:]\s*|\s+")


@dataclass(frozen=True)
class Table:
    """One keys/weights pair of a properties file: a discrete PDF over KEYS."""

    keys: Floats
    weights: Floats
    count: int
    """the sample size the weights reveal (see sample_size)"""

    def distribution(self) -> Distribution:
        return Distribution.of_weights(self.keys, self.weights, self.count)

    @property
    def mean(self) -> float:
        return float(self.keys @ self.weights / self.weights.sum())


class PropertiesFile:
    """A Java-properties file of the prototype, whose errors name the file and the key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            text = path.read_text(encoding="latin-1")  # java.util.Properties' encoding
        except OSError as error:
            raise ProfileError(f"{path}: cannot read: {error.strerror}") from error
        self.entries = _parse_properties(text)

    def text(self, key: str) -> str:
        try:
            return self.entries[key]
        except KeyError:
            raise ProfileError(f"{self.path}: missing key {key}") from None

    def numbers(self, key: str) -> Floats:
        """The comma-separated finite numbers of KEY."""
        tokens = [token.strip() for token in self.text(key).split(",")]
        values = np.empty(len(tokens))
        for position, token in enumerate(tokens):
            try:
                values[position] = float(token)
            except ValueError:
                raise ProfileError(
                    f"{self.path}: {key}: item {position + 1}, {token!r}, is not a number"
                ) from None
            if not math.isfinite(values[position]):
                raise ProfileError(f"{self.path}: {key}: item {position + 1} is not finite")
        return values

    def whole_number(self, key: str, default: int | None = None) -> int:
        if default is not None and key not in self.entries:
            return default
        value = self.numbers(key)
        if len(value) != 1 or value[0] != round(value[0]) or value[0] < 0:
            raise ProfileError(f"{self.path}: {key}: {self.text(key)!r} is not a whole number >= 0")
        return int(value[0])

    def ratio(self, key: str) -> float:
        """A share in [0, 1]; 0 when absent, as the prototype defaults it."""
        if key not in self.entries:
            return 0.0
        value = self.numbers(key)
        if len(value) != 1 or value[0] < 0:
            raise ProfileError(f"{self.path}: {key}: {self.text(key)!r} is not a ratio >= 0")
        return float(value[0])

    def table(self, name: str) -> Table:
        """NAME_KEYS and NAME_WEIGHTS: one key a weight, weights >= 0 with a positive sum."""
        keys, weights = self.numbers(f"{name}_KEYS"), self.numbers(f"{name}_WEIGHTS")
        if len(keys) != len(weights):
            raise ProfileError(
                f"{self.path}: {name}_KEYS has {len(keys)} items but {name}_WEIGHTS {len(weights)}"
            )
        if (weights < 0).any() or weights.sum() <= 0:
            raise ProfileError(f"{self.path}: {name}_WEIGHTS: negative, or all 0")
        if (keys < 0).any():
            raise ProfileError(f"{self.path}: {name}_KEYS: negative (times and depths are >= 0)")
        return Table(keys, weights, sample_size(weights))


def sample_size(weights: npt.ArrayLike) -> int:
    """The fewest observations N whose counts WEIGHTS * N / sum are whole numbers.

    The prototype's tables are empirical PDFs, count / N, so N is a multiple of 1 / (the
    smallest weight); when no small multiple fits (binned tables), the number of keys.
    """
    mass = np.asarray(weights, dtype=np.float64)
    mass = mass[mass > 0] / mass.sum()
    smallest = mass.min()
    for multiple in range(1, _SAMPLE_SIZE_MULTIPLES + 1):
        size = multiple / smallest
        counts = mass * size
        tolerance = _SAMPLE_SIZE_TOLERANCE + _SAMPLE_SIZE_RELATIVE_TOLERANCE * size
        if np.abs(counts - np.round(counts)).max() <= tolerance:
            return int(np.rint(size))
    return len(mass)


@dataclass(frozen=True)
class MimesisType:
    """The tables of one prototype type (cluster j, 1-based)."""

    cluster: int
    path: Path
    activation: Table
    deactivation: Table
    age_at_deletion: Table
    create_interarrival: Table
    access_interarrival: Table

    @classmethod
    def read(cls, path: Path, cluster: int) -> MimesisType:
        properties = PropertiesFile(path)
        suffix = f"_CLUSTER{cluster}"
        return cls(
            cluster=cluster,
            path=path,
            activation=properties.table(f"ACTIVATION_TIME{suffix}"),
            deactivation=properties.table(f"DEACTIVATION_TIME{suffix}"),
            age_at_deletion=properties.table(f"AOD{suffix}"),
            create_interarrival=properties.table(f"CREATE_INTERARRIVAL{suffix}"),
            access_interarrival=properties.table(f"OPEN_INTERARRIVAL{suffix}_PER_FILE"),
        )

    def __post_init__(self) -> None:
        if self.access_interarrival.keys.max() <= 0:
            raise ProfileError(
                f"{self.path}: OPEN_INTERARRIVAL_CLUSTER{self.cluster}_PER_FILE_KEYS: no gap > 0, "
                "so a file's accesses would never end"
            )

    @property
    def created(self) -> int:
        """Files of the type created in the window: those ACTIVATION_TIME was measured on."""
        return self.activation.count

    @property
    def deleted(self) -> int:
        """Files of the type deleted in the window: AOD's observations other than the sentinel."""
        table = self.age_at_deletion
        deleted_mass = table.weights[table.keys != NEVER_DELETED_MS].sum() / table.weights.sum()
        return int(np.rint(deleted_mass * table.count))


def find_properties_folder(directory: str | PathLike[str]) -> tuple[Path, str]:
    """The folder holding `<prefix>.common` (DIRECTORY or a folder in it) and the prefix."""
    root = Path(directory)
    if not root.is_dir():
        what = "not a directory" if root.exists() else "no such directory"
        raise ProfileError(f"{root}: {what}")
    for folder in [root, *sorted(path for path in root.iterdir() if path.is_dir())]:
        common = sorted(folder.glob(f"*{COMMON_SUFFIX}"))
        if len(common) > 1:
            raise ProfileError(f"{folder}: more than one {COMMON_SUFFIX} file: {common[0].name}, "
                               f"{common[1].name}")  # fmt: skip
        if common:
            return folder, common[0].name[: -len(COMMON_SUFFIX)]
    raise ProfileError(
        f"{root}: no MimesisBench profile: no *{COMMON_SUFFIX} file here or in a folder in it"
    )


def read_mimesis_profile(
    directory: str | PathLike[str],
    *,
    duration_ms: int | None = None,
    files_per_dir: Table | None = None,
    simulated_files: int = SIMULATED_FILES,
    random_state: int = 0,
) -> Profile:
    """The prototype profile in DIRECTORY (the folder of its properties files, or its parent).

    DURATION_MS: the window's length (default: estimate_window_ms). FILES_PER_DIR: a
    files-per-directory table for the namespace, which the prototype's format lacks (default:
    none, an empty distribution). The simulated distributions use RANDOM_STATE.
    """
    folder, prefix = find_properties_folder(directory)
    common = PropertiesFile(folder / f"{prefix}{COMMON_SUFFIX}")
    k = common.whole_number("FILE_TYPES")
    if k < 1:
        raise ProfileError(f"{common.path}: FILE_TYPES: no types")
    type_weights = common.numbers("CLUSTER_WEIGHTS")
    if len(type_weights) != k or (type_weights < 0).any() or type_weights.sum() <= 0:
        raise ProfileError(
            f"{common.path}: CLUSTER_WEIGHTS: expected {k} weights >= 0 (FILE_TYPES), "
            f"found {len(type_weights)}"
        )
    depth = common.table("FILES_AT_DEPTH")
    types = []
    for cluster in range(1, k + 1):
        path = folder / f"{prefix}.{cluster}"
        if not path.is_file():
            raise ProfileError(f"{path}: missing (FILE_TYPES is {k})")
        types.append(MimesisType.read(path, cluster))
    pre_existing = [common.whole_number(f"PRE_EXISTING_FILES{t.cluster}", 0) for t in types]
    files = _type_files(types, pre_existing, type_weights)
    pre_existing = [f - t.created for f, t in zip(files, types, strict=True)]
    window = estimate_window_ms(types) if duration_ms is None else duration_ms
    rng = np.random.default_rng(random_state)
    open_share = 1.0 - common.ratio("RATIO_OF_FILE_LS_TO_OPENS")
    if open_share < 0:
        raise ProfileError(f"{common.path}: RATIO_OF_FILE_LS_TO_OPENS: above 1")
    total = sum(files)
    file_types = [
        _file_type(
            mimesis_type, index, files[index], pre_existing[index], total, open_share,
            depth, simulated_files, rng,
        )
        for index, mimesis_type in enumerate(types)
    ]  # fmt: skip
    namespace_path = folder / f"{prefix}{NAMESPACE_SUFFIX}"
    namespace = (
        _namespace(namespace_path, sum(pre_existing), depth, files_per_dir)
        if namespace_path.is_file()
        else None
    )
    return Profile(
        source=f"MimesisBench prototype profile {folder.name} (imported)",
        duration_ms=window,
        file_types=file_types,
        dormant_files=0,  # the prototype's phase 1 made only the pre-existing files it accessed
        mkdirs_per_create=common.ratio("RATIO_OF_MKDIRS_TO_CREATES"),
        renames_per_create=common.ratio("RATIO_OF_FILE_RENAMES_TO_CREATES"),
        namespace=namespace,
        fit=None,
        pre_existing_activation="UNIFORM",
    )


def estimate_window_ms(types: list[MimesisType]) -> int:
    """The window the tables were measured over, to the nearest minute.

    n creates at mean gap g cover about (n + 1) g of the window (the gaps between them, one
    before the first and one after the last); the type with the most creates tells it best.
    """
    busiest = max(types, key=lambda t: t.create_interarrival.count)
    table = busiest.create_interarrival
    minutes = round((table.count + 1) * table.mean / _MINUTE_MS)
    return max(minutes, 1) * _MINUTE_MS


def read_files_per_dir(path: str | PathLike[str]) -> Table:
    """FILES_PER_DIRECTORY of a Mimesis namespace-generator configuration (mimesis.properties)."""
    return PropertiesFile(Path(path)).table("FILES_PER_DIRECTORY")


def accesses_per_file(
    spans: Floats, gaps: Distribution, rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """Accesses of files with active spans SPANS: one at activation, then one after each gap
    drawn from GAPS while the sum of gaps so far is within the span (the prototype's renewal)."""
    if not (gaps.values > 0).any():
        raise ValueError("gaps that are all 0 would give endless accesses")
    accesses = np.ones(len(spans), dtype=np.int64)
    remaining = np.asarray(spans, dtype=np.float64).copy()
    pending = np.flatnonzero(remaining >= 0)
    mean_gap = max(gaps.mean, 1e-9)
    while len(pending):
        # Enough gaps per file, in one round, for most files to pass their span's end.
        wanted = float(np.quantile(remaining[pending], 0.9)) / mean_gap * 1.2 + 16
        width = int(min(wanted, max(16, _MAX_GAPS_IN_FLIGHT // len(pending))))
        elapsed = np.cumsum(gaps.sample(rng, (len(pending), width)), axis=1)
        fitting = np.count_nonzero(elapsed <= remaining[pending, None], axis=1)
        accesses[pending] += fitting
        unfinished = fitting == width
        remaining[pending[unfinished]] -= elapsed[unfinished, -1]
        pending = pending[unfinished]
    return accesses


def _type_files(types: list[MimesisType], pre_existing: list[int], weights: Floats) -> list[int]:
    """Files per type: CLUSTER_WEIGHTS * N when the weights are files / N, else the counts.

    A type's counted files are its pre-existing ones plus those created in the window. When
    CLUSTER_WEIGHTS is (counted files) / N for one N on most types, it is trusted on the rest:
    a type whose weight says more files has files accessed in the window but neither created
    in it nor counted pre-existing, and, since they were opened, they existed at its start.
    """
    counted = np.array([pre + t.created for pre, t in zip(pre_existing, types, strict=True)])
    weighted = weights > 0
    if not weighted.any():
        return [int(n) for n in counted]
    total = float(np.median(counted[weighted] / weights[weighted]))
    implied = np.round(weights * total).astype(np.int64)
    if np.count_nonzero(np.abs(implied - counted) <= 1) * 2 <= len(types):
        return [int(n) for n in counted]
    return [int(n) for n in np.maximum(implied, counted)]


def _file_type(
    mimesis_type: MimesisType, index: int, files: int, pre_existing: int, total_files: int,
    open_share: float, depth: Table, simulated_files: int, rng: np.random.Generator,
) -> FileType:  # fmt: skip
    activation = mimesis_type.activation.distribution()
    span = mimesis_type.deactivation.distribution()
    gaps = mimesis_type.access_interarrival.distribution()
    simulated_spans = span.sample(rng, simulated_files)
    counts = accesses_per_file(simulated_spans, gaps, rng)
    deleted = min(mimesis_type.deleted, files)
    delete_delay = Distribution.empty()
    if deleted:
        delete_delay = _delete_delay(mimesis_type, activation, span, simulated_files, rng)
    shares = {"open": open_share, "listStatus": 1.0 - open_share, "getFileInfo": 0.0}
    assert set(shares) == set(ACCESS_KINDS)
    return FileType(
        index=index,
        weight=files / total_files if total_files else 0.0,
        files=files,
        pre_existing=pre_existing,
        unaccessed_share=0.0,  # types are of accessed files: each has an activation
        access_shares=shares,
        delete_share=deleted / files if files else 0.0,
        depth=depth.distribution(),
        distributions={
            "createInterarrival": mimesis_type.create_interarrival.distribution(),
            "activationDelay": activation,
            "accessInterarrival": gaps,
            "activeSpan": span,
            "accessesPerFile": replace(Distribution.of_sample(counts), count=span.count),
            "deleteDelay": delete_delay,
        },
    )


def _delete_delay(
    mimesis_type: MimesisType, activation: Distribution, span: Distribution, size: int,
    rng: np.random.Generator,
) -> Distribution:  # fmt: skip
    """Deletion minus last access by the prototype's rule: max(AOD - activation - span, 1)."""
    table = mimesis_type.age_at_deletion
    deleted = table.keys != NEVER_DELETED_MS
    ages = Distribution.of_weights(table.keys[deleted], table.weights[deleted], 1)
    last_access = activation.sample(rng, size) + span.sample(rng, size)
    delays = np.maximum(ages.sample(rng, size) - last_access, 1.0)
    return replace(Distribution.of_sample(delays), count=mimesis_type.deleted)


def _namespace(
    path: Path, pre_existing: int, depth: Table, files_per_dir: Table | None
) -> NamespaceStatistics:
    """Directories from PATH (one path a line, '/' the root); files from the profile."""
    try:
        lines = path.read_text(encoding="utf-8").split()
    except (OSError, UnicodeDecodeError) as error:
        raise ProfileError(f"{path}: cannot read: {error}") from error
    directories = sorted({"/" + line.strip("/") for line in lines if line.strip("/")})
    depths = np.array([line.count("/") for line in directories], dtype=np.int64)
    parents = [line.rpartition("/")[0] for line in directories]
    _, subdirs = np.unique([p for p in parents if p], return_counts=True)
    top_level = sum(1 for p in parents if not p)
    per_dir = Distribution.empty() if files_per_dir is None else files_per_dir.distribution()
    subdir_counts = np.append(subdirs, top_level) if top_level else subdirs
    return NamespaceStatistics(
        directories=len(directories),
        files=pre_existing,
        dirs_at_depth=Distribution.of_sample(depths),
        subdirs_per_dir=Distribution.of_sample(subdir_counts),
        files_at_depth=depth.distribution(),
        files_per_dir=per_dir,
    )


def _parse_properties(text: str) -> dict[str, str]:
    """KEY = VALUE (or KEY: VALUE) lines; '#' and '!' comments; a trailing '\\' continues."""
    entries: dict[str, str] = {}
    pending = ""
    for raw in text.splitlines():
        line = pending + raw.strip()
        if not pending and (not line or line[0] in "#!"):
            continue
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2:  # an odd number of backslashes escapes the line break
            pending = line[:-1]
            continue
        pending = ""
        key, _, value = _SEPARATOR.sub("\0", line, count=1).partition("\0")
        entries[key] = value
    return entries
