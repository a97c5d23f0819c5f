import numpy as np
import pytest

from mimesis_model.fit import ProfileFitter, read_for_fitting
from mimesis_model.profile import Profile
from mimesis_model.scaling import isolate_types, scale_types
from mimesis_model.synthesis import synthesize
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def profile() -> Profile:
    return ProfileFitter(n_types=6).fit(read_for_fitting(SAMPLE_TRACE)).profile_


def test_seeded(profile: Profile) -> None:
    first, again = synthesize(profile, random_state=4), synthesize(profile, random_state=4)
    assert np.array_equal(first.accesses, again.accesses)
    assert np.array_equal(first.interarrival, again.interarrival)


def test_counts_follow_the_profile(profile: Profile) -> None:
    workload = synthesize(profile, file_scale=50, random_state=1)
    for file_type in profile.file_types:
        rows = workload.file_type == file_type.index
        assert (rows & workload.pre_existing).sum() == round(file_type.pre_existing * 50)
        assert (rows & ~workload.pre_existing).sum() <= round(file_type.created * 50)
        assert set(np.unique(workload.depth[rows])) <= set(file_type.depth.values)
    ops = workload.op_counts()
    assert ops["create"] == workload.created and ops["mkdirs"] == round(
        ops["create"] * profile.mkdirs_per_create
    )


def test_time_scale_multiplies_every_time_and_keeps_the_operations(profile: Profile) -> None:
    base = synthesize(profile, random_state=2)
    fast = synthesize(profile, time_scale=0.5, random_state=2)
    assert fast.op_counts() == base.op_counts()
    assert np.allclose(fast.interarrival, base.interarrival * 0.5)
    assert fast.window_ms == base.window_ms * 0.5
    assert synthesize(profile, time_scale=0.0, random_state=2).interarrival.max() == 0


def test_span_scale_changes_the_accesses_per_file(profile: Profile) -> None:
    base = synthesize(profile, file_scale=20, random_state=3).accesses
    longer = synthesize(profile, span_scale=2, file_scale=20, random_state=3).accesses
    shorter = synthesize(profile, span_scale=0.5, file_scale=20, random_state=3).accesses
    assert shorter.sum() < base.sum() < longer.sum()
    assert synthesize(profile, span_scale=0, random_state=3).accesses.max() == 1


def test_type_scaling_follows_equations_1_to_3(profile: Profile) -> None:
    scaled = scale_types(profile, {0: 2.0})
    n, w0 = profile.files, profile.file_types[0].weight
    n_new = scaled.files
    assert n_new == pytest.approx(n + w0 * n, abs=1)  # (1)
    assert scaled.file_types[0].weight * n_new == pytest.approx(2 * w0 * n, abs=1)  # (2)
    for old, new in zip(profile.file_types[1:], scaled.file_types[1:], strict=True):
        assert new.weight * n_new == pytest.approx(old.weight * n)  # (3)
    old_rate = profile.file_types[0]["createInterarrival"].mean
    assert scaled.file_types[0]["createInterarrival"].mean == pytest.approx(old_rate / 2)


def test_isolation_keeps_only_the_chosen_types(profile: Profile) -> None:
    isolated = isolate_types(profile, [2, 0])
    assert isolated.k == 2
    assert [t.files for t in isolated.file_types] == [
        profile.file_types[0].files,
        profile.file_types[2].files,
    ]
    assert "isolated types 0->0, 2->1" in isolated.source
    assert isolated.namespace is profile.namespace
