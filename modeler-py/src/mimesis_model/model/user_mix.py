"""Who issued a workload's calls (Profile.avsc: UserMix): each file type, directory type and
cluster command keeps the share of its events by effective user (the audit log's ugi), its top
users named and the rest lumped into a tail; and the per-user call mix a trace, a profile or a
run shows, for validate and fidelity to compare.

The shares are of events (every call the trace ties to a type's files: creates, accesses,
calls, probes, renames, deletes), not of files: the generator draws each file's owner (who
makes, renames and deletes it and makes its owner-only calls) and each of its other calls' user
by these shares, so each user gets its share of the calls in expectation (docs/model.md, Users).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Final

import numpy as np
import numpy.typing as npt

from mimesis_model.formats.fidelity_report import UserComparison, UserShare
from mimesis_model.formats.profile import ModeledType, Profile, UserMix
from mimesis_model.formats.trace import ClusterEvents, TimelineUsers
from mimesis_model.model.synthesis import SyntheticWorkload

Ints = npt.NDArray[np.int64]

MAX_USERS: Final = 16
"""Users a type keeps by name (fit --max-users); the others are its tail."""

OTHERS: Final = "(others)"
"""The per-user mix's name for the users outside the compared top ones."""

TOP_COMPARED: Final = 20
"""Users that validate and fidelity compare by name; the rest are one (others)."""


def user_mix(counts: Mapping[str, int], max_users: int = MAX_USERS) -> UserMix | None:
    """The mix of COUNTS (events by user): the MAX_USERS users with the most events, ties by
    name, and the rest as the tail; None without an event."""
    total = sum(counts.values())
    if total <= 0:
        return None
    ranked = sorted(((user, n) for user, n in counts.items() if n > 0), key=lambda x: (-x[1], x[0]))
    top, tail = ranked[:max_users], ranked[max_users:]
    return UserMix(
        [(user, n / total) for user, n in top], len(tail), sum(n for _, n in tail) / total
    )


def counts_by_type(users: TimelineUsers | None, labels: Ints, k: int) -> list[Counter[str]]:
    """Events by user of each of K types, the timelines typed by LABELS (-1: no type)."""
    counts = [Counter[str]() for _ in range(k)]
    if users is None or k == 0:
        return counts
    row = np.repeat(np.arange(len(users.offsets) - 1), np.diff(users.offsets))
    label = labels[row]
    typed = label >= 0
    key = label[typed] * len(users.names) + users.code[typed]
    tally = np.bincount(key, weights=users.events[typed], minlength=k * len(users.names))
    for flat in np.flatnonzero(tally).tolist():
        counts[flat // len(users.names)][users.names[flat % len(users.names)]] += int(tally[flat])
    return counts


def cluster_counts(cluster: ClusterEvents | None) -> dict[str, Counter[str]]:
    """Events by user of each path-less command; events without a user (a trace written before
    users were kept) count for none: a command with no user left has no mix."""
    found: dict[str, Counter[str]] = {}
    if cluster is None or cluster.user is None or len(cluster) == 0:
        return found
    pairs = Counter(zip(cluster.command.codes.tolist(), cluster.user.codes.tolist(), strict=True))
    for (command, user), n in pairs.items():
        name = cluster.user.names[user]
        if name:
            found.setdefault(cluster.command.names[command], Counter())[name] += n
    return found


def with_user_mixes(
    profile: Profile,
    file_users: TimelineUsers | None,
    file_labels: Ints,
    directory_users: TimelineUsers | None,
    directory_labels: Ints | None,
    cluster: ClusterEvents | None,
    max_users: int = MAX_USERS,
    missing: Mapping[str, Mapping[str, int]] | None = None,
) -> Profile:
    """PROFILE with each type's and cluster command's user mix, from the users of the events
    on the timelines each type stands for (typed by the labels) and of the path-less events;
    each missing-path stream's from MISSING, the users of the trace's calls on paths that named
    nothing by command (the types' probes before their creates among them: the report keeps
    them together)."""
    by_file_type = counts_by_type(file_users, file_labels, len(profile.file_types))
    file_types = [
        replace(file_type, users=user_mix(counts, max_users))
        for file_type, counts in zip(profile.file_types, by_file_type, strict=True)
    ]
    directory_types = profile.directory_types
    if directory_labels is not None:
        by_directory_type = counts_by_type(
            directory_users, directory_labels, len(profile.directory_types)
        )
        directory_types = [
            replace(directory_type, users=user_mix(counts, max_users))
            for directory_type, counts in zip(directory_types, by_directory_type, strict=True)
        ]
    by_command = cluster_counts(cluster)
    cluster_calls = [
        replace(calls, users=user_mix(by_command.get(calls.command, Counter()), max_users))
        for calls in profile.cluster_calls
    ]
    missing_path_probes = [
        replace(calls, users=user_mix((missing or {}).get(calls.command, {}), max_users))
        for calls in profile.missing_path_probes
    ]
    return replace(
        profile,
        file_types=file_types,
        directory_types=directory_types,
        cluster_calls=cluster_calls,
        missing_path_probes=missing_path_probes,
    )


def profile_users(profile: Profile) -> bool:
    """Whether PROFILE names any user."""
    mixes = [t.users for t in profile.file_types] + [t.users for t in profile.directory_types]
    streams = profile.cluster_calls + profile.missing_path_probes + profile.denied_calls
    return any(mix is not None for mix in mixes + [c.users for c in streams])


def expected_calls(mix: UserMix | None, calls: float) -> Counter[str]:
    """CALLS spread over MIX's users (the tail as OTHERS); all OTHERS without a mix."""
    expected = Counter[str]()
    if mix is None:
        expected[OTHERS] += calls  # type: ignore[assignment]
        return expected
    for user, share in mix.top:
        expected[user] += share * calls  # type: ignore[assignment]
    if mix.other_share > 0:
        expected[OTHERS] += mix.other_share * calls  # type: ignore[assignment]
    return expected


def lumped(counts: Mapping[str, float], names: Iterable[str]) -> dict[str, float]:
    """COUNTS with every user outside NAMES summed as OTHERS."""
    kept = set(names)
    out: dict[str, float] = {}
    for user, n in counts.items():
        key = user if user in kept else OTHERS
        out[key] = out.get(key, 0.0) + float(n)
    return out


def compare_users(
    reference: Mapping[str, float], other: Mapping[str, float], top: int = TOP_COMPARED
) -> UserComparison:
    """The per-user call mix of OTHER against REFERENCE's (e.g. a run against its trace): the
    total variation distance over REFERENCE's TOP users by name and the rest as one (others),
    and those users' shares on both sides."""
    ranked = sorted(
        (user for user in reference if user != OTHERS), key=lambda u: (-reference[u], u)
    )[:top]
    ours, theirs = lumped(reference, ranked), lumped(other, ranked)
    total_ours, total_theirs = sum(ours.values()), sum(theirs.values())
    names = sorted(set(ours) | set(theirs), key=lambda u: (-ours.get(u, 0.0), u))
    share = {u: ours.get(u, 0.0) / total_ours if total_ours else 0.0 for u in names}
    share_other = {u: theirs.get(u, 0.0) / total_theirs if total_theirs else 0.0 for u in names}
    distance = 0.5 * sum(abs(share[u] - share_other[u]) for u in names)
    return UserComparison(
        tv=distance if total_ours and total_theirs else None,
        users=len([u for u in reference if u != OTHERS]),
        other_users=len([u for u in other if u != OTHERS]),
        top=tuple(UserShare(u, round(share[u], 6), round(share_other[u], 6)) for u in names),
    )


def model_user_calls(
    profile: Profile, model: SyntheticWorkload, replicas: float
) -> dict[str, float]:
    """The calls PROFILE's MODEL (REPLICAS copies) issues by user, as the Java generator draws
    them: each type's calls (its files' creates with their mkdirs and renames, accesses,
    deletes, and its calls and probes at the profile's rates) spread over its mix, and each
    cluster command's, missing-path and denied stream's over its own; calls of a type without a
    mix under OTHERS."""
    expected = Counter[str]()
    parts: list[tuple[list[ModeledType], SyntheticWorkload | None, float]] = [
        (list(profile.file_types), model, profile.mkdirs_per_create + profile.renames_per_create),
        (list(profile.directory_types), model.directories, 0.0),
    ]
    for types, part, per_create in parts:
        if part is None:
            continue
        for index, modeled in enumerate(types):
            rows = part.file_type == index
            ops = part.op_counts(rows, with_ratios=False)
            calls = (sum(ops.values()) + ops["create"] * per_create) / replicas
            calls += sum(call.per_file for call in modeled.calls) * modeled.entities
            if modeled.probes is not None:
                calls += modeled.probes.per_create * modeled.created
            expected.update(expected_calls(modeled.users, calls))
    by_command = Counter(model.cluster_command)
    for stream in profile.cluster_calls:
        expected.update(expected_calls(stream.users, by_command[stream.command] / replicas))
    denied = Counter(model.denied_command)
    for stream in profile.denied_calls:
        expected.update(expected_calls(stream.users, denied[stream.command] / replicas))
    missing = Counter(model.missing_command)
    for stream in profile.missing_path_probes:
        expected.update(expected_calls(stream.users, missing[stream.command] / replicas))
    return {user: float(n) for user, n in expected.items() if n > 0}


def render_users(users: UserComparison | None, side: str, reference: str = "trace") -> list[str]:
    """USERS (compare_users' result) as lines: the TV and the top users' shares on each side."""
    if users is None or users.tv is None:
        return [f"users: not compared ({reference} or {side} names no user)"]
    lines = [
        f"user mix: total variation {users.tv:.4f} over the {reference}'s top users "
        f"({users.users} users in the {reference}, {users.other_users} in the {side})",
        f"  {'user':<24} {reference:>9} {side:>9}",
    ]
    lines += [
        f"  {item.user[:24]:<24} {item.reference:>9.4f} {item.compared:>9.4f}" for item in users.top
    ]
    return lines
