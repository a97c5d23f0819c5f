"""What-if transforms of a profile itself (paper section 3): type weight scaling and isolation.

Time and active-span scaling are options of a run (and of `validate`), not profile changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from mimesis_model.errors import ProfileError
from mimesis_model.profile import FileType, Profile


def scale_types(profile: Profile, factors: Mapping[int, float]) -> Profile:
    """Type j's files multiplied by factors[j], the other types' unchanged (equations 1-3).

    n_new = n + (f - 1) n_j and w_j,new n_new = f w_j n: the type's pre-existing and created
    files both grow by f, and its creates come f times as often in the same window.
    """
    _check_indices(profile, factors)
    scaled = []
    for file_type in profile.file_types:
        factor = factors.get(file_type.index, 1.0)
        if factor < 0 or factor != factor:
            raise ProfileError(f"--type-scale {file_type.index}={factor}: must be >= 0")
        scaled.append(_scaled(file_type, factor) if factor != 1.0 else file_type)
    if not any(file_type.files for file_type in scaled):
        raise ProfileError("every file type scaled to no files")
    if len(factors) == profile.k and len(set(factors.values())) == 1:
        changes = f"every type x{next(iter(factors.values())):g}"
    else:
        changes = ", ".join(f"type {j} x{f:g}" for j, f in sorted(factors.items()))
    # A type scaled to 0 stays, with no files, so that the types keep their numbers.
    return profile.with_types(scaled, f"{profile.source}; scaled: {changes}")


def isolate_types(profile: Profile, indices: Sequence[int]) -> Profile:
    """Only the types INDICES, renumbered from 0 in their order; the namespace is unchanged."""
    _check_indices(profile, {index: 1.0 for index in indices})
    if not indices:
        raise ProfileError("--types: name at least one type")
    chosen = sorted(set(indices))
    kept = [profile.file_types[index] for index in chosen]
    renumbering = ", ".join(f"{old}->{new}" for new, old in enumerate(chosen))
    return profile.with_types(kept, f"{profile.source}; isolated types {renumbering}")


def _scaled(file_type: FileType, factor: float) -> FileType:
    files = round(file_type.files * factor)
    pre_existing = min(round(file_type.pre_existing * factor), files)
    distributions = dict(file_type.distributions)
    if factor > 0:
        distributions["createInterarrival"] = file_type["createInterarrival"].scaled(1.0 / factor)
    return replace(file_type, files=files, pre_existing=pre_existing, distributions=distributions)


def _check_indices(profile: Profile, factors: Mapping[int, float]) -> None:
    for index in factors:
        if not 0 <= index < profile.k:
            raise ProfileError(f"type {index}: the profile has types 0 to {profile.k - 1}")
