"""Users: each type's user mix fitted from the timelines' users, its tail lumped, and
the per-user call mix that validate compares with the trace's."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mimesis_model.errors import ProfileError
from mimesis_model.formats.categorical import Categorical
from mimesis_model.formats.profile import Profile, UserMix
from mimesis_model.formats.trace import ClusterEvents, TimelineUsers
from mimesis_model.model.fit import FittedTrace, ProfileFitter, read_for_fitting
from mimesis_model.model.user_mix import (
    OTHERS,
    cluster_counts,
    compare_users,
    counts_by_type,
    user_mix,
)
from mimesis_model.model.validation import validate
from test_profile_vectors import SAMPLE_TRACE


def test_the_top_users_are_named_and_the_rest_lumped_into_a_tail() -> None:
    mix = user_mix({"a": 50, "b": 30, "c": 10, "d": 6, "e": 4}, max_users=2)
    assert mix is not None
    assert mix.top == [("a", 0.5), ("b", 0.3)]
    assert (mix.other_users, mix.other_share) == (3, pytest.approx(0.2))
    assert mix.problems() == []
    assert user_mix({}) is None


def test_a_types_users_are_the_events_of_its_files_by_user() -> None:
    # file 0 (type 0): alice 3, bob 1; file 1 (type 1): bob 2; file 2 (no type): carol 5
    users = TimelineUsers(
        offsets=np.array([0, 2, 3, 4]),
        code=np.array([0, 1, 1, 2], dtype=np.int32),
        events=np.array([3, 1, 2, 5]),
        names=("alice", "bob", "carol"),
    )
    counts = counts_by_type(users, np.array([0, 1, -1]), 2)
    assert counts == [{"alice": 3, "bob": 1}, {"bob": 2}]


def test_cluster_events_without_a_user_count_for_no_user() -> None:
    # a trace written before users were kept: datanodeReport's events have none (paper trace)
    cluster = ClusterEvents(
        time=np.array([1, 2, 3], dtype=np.int64),
        command=Categorical.from_first_seen(
            np.array([0, 0, 1], dtype=np.int32), {"datanodeReport": 0, "listCachePools": 1}
        ),
        denied={},
        user=Categorical.from_first_seen(np.array([0, 0, 1], dtype=np.int32), {"": 0, "hdfs": 1}),
    )
    assert cluster_counts(cluster) == {"listCachePools": {"hdfs": 1}}


def test_the_tv_lumps_users_beyond_the_top_ones() -> None:
    trace = {"a": 60.0, "b": 30.0, "c": 6.0, "d": 4.0}
    run = {"a": 55.0, "b": 35.0, "other0": 10.0}
    compared = compare_users(trace, run, top=2).to_json()
    assert compared["tv"] == pytest.approx(0.05)
    assert [item["user"] for item in compared["top"]] == ["a", "b", OTHERS]


def test_a_mix_that_does_not_sum_to_one_is_refused(tmp_path: Path) -> None:
    profile = ProfileFitter(2, random_state=0).fit(sample()).profile_
    broken = replace(profile.file_types[0], users=UserMix([("a", 0.5)], 0, 0.0))
    with pytest.raises(ProfileError, match=r"file type 0: users: shares sum to 0\.5"):
        replace(profile, file_types=[broken, *profile.file_types[1:]]).write(tmp_path / "p")


_SAMPLE: list[FittedTrace] = []


def sample() -> FittedTrace:
    if not _SAMPLE:
        _SAMPLE.append(read_for_fitting(SAMPLE_TRACE))
    return _SAMPLE[0]


@pytest.fixture(scope="module")
def profile(sample_fitter: ProfileFitter) -> Profile:
    return copy.deepcopy(sample_fitter.profile_)


def test_the_sample_profile_keeps_each_types_users_and_reproduces_the_mix(
    profile: Profile, tmp_path: Path
) -> None:
    mixes = [t.users for t in profile.file_types + profile.directory_types]
    assert all(mix is not None and not mix.problems() for mix in mixes)
    profile.write(tmp_path / "p")
    again = Profile.read(tmp_path / "p")
    assert again.to_record()["fileTypes"] == profile.to_record()["fileTypes"]
    users = validate(profile, sample(), random_state=0)["users"]
    assert users["users"] == 5  # alice, bob, carol, dave, hdfs
    assert users["tv"] < 0.05


def test_the_missing_path_streams_keep_the_users_of_the_calls_on_paths_that_named_nothing(
    profile: Profile,
) -> None:
    on_missing = sample().window.missing_by_user
    assert on_missing["getfileinfo"]
    assert on_missing["listStatus"]
    assert profile.missing_path_probes
    for stream in profile.missing_path_probes:
        assert stream.users is not None
        assert not stream.users.problems()
        assert {user for user, _ in stream.users.top} <= set(on_missing[stream.command])
    # a trace parsed before the report counted them: the streams are issued as the run's user
    window = replace(sample().window, missing_by_user={})
    older = ProfileFitter(random_state=0).fit(replace(sample(), window=window)).profile_
    assert all(stream.users is None for stream in older.missing_path_probes)
