"""What-if transforms of a profile itself (paper section 3): type weight scaling and isolation.

Time and active-span scaling are options of a run (and of `validate`), not profile changes.
File types are named by their number (0, 1, ...), directory types by 'd' and theirs (d0, d1,
...), as in profile.json's directoryTypes; 'all' is every type of both kinds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from mimesis_model.errors import ProfileError
from mimesis_model.formats.profile import ClusterCalls, DirectoryType, FileType, Profile

DIRECTORY_PREFIX: Final = "d"
"""A directory type's name is this and its index: d0, d1, ..."""
ALL: Final = "all"


def scale_types(
    profile: Profile,
    factors: Mapping[int, float],
    directory_factors: Mapping[int, float] | None = None,
    cluster_factor: float = 1.0,
) -> Profile:
    """Type j's files multiplied by factors[j], directory type d's directories by
    directory_factors[d], the other types unchanged (equations 1-3); the cluster calls by
    CLUSTER_FACTOR, and so the missing-path probes (what `all=f` adds: f times as many, f times
    as often).

    n_new = n + (f - 1) n_j and w_j,new n_new = f w_j n: the type's pre-existing and created
    files both grow by f, and its creates come f times as often in the same window.
    """
    directory_factors = directory_factors or {}
    _check_indices(profile, factors, directory_factors)
    named = [*_named(factors, directory_factors), (ALL, cluster_factor)]
    for name, factor in named:
        if factor < 0 or factor != factor:
            raise ProfileError(f"--type-scale {name}={factor}: must be >= 0")
    scaled_files = [_scaled(t, factors.get(t.index, 1.0)) for t in profile.file_types]
    if not any(file_type.files for file_type in scaled_files):
        raise ProfileError("every file type scaled to no files")
    scaled_directories = [
        _scaled_directory(t, directory_factors.get(t.index, 1.0)) for t in profile.directory_types
    ]
    every = len(factors) == profile.k and len(directory_factors) == profile.directory_k
    same = set(factors.values()) | set(directory_factors.values())
    if every and len(same) == 1:
        changes = f"every type x{next(iter(same)):g}"
    else:
        changes = ", ".join(f"type {name} x{f:g}" for name, f in named[:-1])
    if cluster_factor != 1.0 and profile.cluster_calls:
        changes += f", cluster calls x{cluster_factor:g}"
    cluster = [_scaled_cluster(calls, cluster_factor) for calls in profile.cluster_calls]
    missing = [_scaled_cluster(probes, cluster_factor) for probes in profile.missing_path_probes]
    denied = [_scaled_cluster(calls, cluster_factor) for calls in profile.denied_calls]
    # A type scaled to 0 stays, with no files, so that the types keep their numbers.
    scaled = profile.with_types(scaled_files, f"{profile.source}; scaled: {changes}")
    return replace(
        scaled.with_directory_types(scaled_directories),
        cluster_calls=cluster,
        missing_path_probes=missing,
        denied_calls=denied,
    )


def isolate_types(
    profile: Profile, indices: Sequence[int], directory_indices: Sequence[int] = ()
) -> Profile:
    """Only the file types INDICES and the directory types DIRECTORY_INDICES, each renumbered
    from 0 in their order; no cluster calls nor missing-path probes (they belong to no type); the
    namespace is
    unchanged."""
    _check_indices(profile, dict.fromkeys(indices, 1.0), dict.fromkeys(directory_indices, 1.0))
    if not indices:
        raise ProfileError("--types: name at least one file type")
    chosen = sorted(set(indices))
    chosen_directories = sorted(set(directory_indices))
    kept = [profile.file_types[index] for index in chosen]
    renumbering = ", ".join(f"{old}->{new}" for new, old in enumerate(chosen))
    renumbering += "".join(f", d{old}->d{new}" for new, old in enumerate(chosen_directories))
    isolated = profile.with_types(kept, f"{profile.source}; isolated types {renumbering}")
    directories = [profile.directory_types[index] for index in chosen_directories]
    return replace(
        isolated.with_directory_types(directories), cluster_calls=[], missing_path_probes=[],
        denied_calls=[],
    )  # fmt: skip


def type_name(name: str) -> tuple[str, int | None]:
    """A type as the command line names it: ('file', j) for 'j', ('directory', j) for 'dj',
    ('all', None) for 'all'; ValueError otherwise."""
    text = name.strip().lower()
    if text == ALL:
        return ALL, None
    kind = "file"
    if text.startswith(DIRECTORY_PREFIX):
        kind, text = "directory", text[len(DIRECTORY_PREFIX) :]
    if not text.isdigit():
        raise ValueError(f"{name!r} is not a type: j, dj (a directory type) or all")
    return kind, int(text)


def _named(
    factors: Mapping[int, float], directory_factors: Mapping[int, float]
) -> list[tuple[str, float]]:
    return [(str(j), f) for j, f in sorted(factors.items())] + [
        (f"{DIRECTORY_PREFIX}{j}", f) for j, f in sorted(directory_factors.items())
    ]


def _scaled(file_type: FileType, factor: float) -> FileType:
    if factor == 1.0:
        return file_type
    files = round(file_type.files * factor)
    pre_existing = min(round(file_type.pre_existing * factor), files)
    distributions = dict(file_type.distributions)
    if factor > 0:
        distributions["createInterarrival"] = file_type["createInterarrival"].scaled(1.0 / factor)
    return replace(file_type, files=files, pre_existing=pre_existing, distributions=distributions)


def _scaled_directory(directory_type: DirectoryType, factor: float) -> DirectoryType:
    if factor == 1.0:
        return directory_type
    directories = round(directory_type.directories * factor)
    pre_existing = min(round(directory_type.pre_existing * factor), directories)
    distributions = dict(directory_type.distributions)
    if factor > 0:
        create = directory_type["createInterarrival"]
        distributions["createInterarrival"] = create.scaled(1.0 / factor)
    return replace(
        directory_type,
        directories=directories,
        pre_existing=pre_existing,
        distributions=distributions,
    )


def _scaled_cluster(calls: ClusterCalls, factor: float) -> ClusterCalls:
    if factor == 1.0:
        return calls
    if factor <= 0:
        return replace(calls, calls=0)
    return replace(
        calls, calls=round(calls.calls * factor), interarrival=calls.interarrival.scaled(1 / factor)
    )


def _check_indices(
    profile: Profile, factors: Mapping[int, float], directory_factors: Mapping[int, float]
) -> None:
    for index in factors:
        if not 0 <= index < profile.k:
            raise ProfileError(f"type {index}: the profile has types 0 to {profile.k - 1}")
    for index in directory_factors:
        if not 0 <= index < profile.directory_k:
            have = (
                f"d0 to d{profile.directory_k - 1}" if profile.directory_k else "no directory types"
            )
            raise ProfileError(f"type d{index}: the profile has {have}")
