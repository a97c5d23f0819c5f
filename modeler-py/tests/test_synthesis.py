import numpy as np
import pytest

from mimesis_model.fit import ProfileFitter, read_for_fitting
from mimesis_model.profile import Profile
from mimesis_model.scaling import isolate_types, scale_types
from mimesis_model.synthesis import popularity_quantiles, synthesize
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def profile() -> Profile:
    return ProfileFitter(n_types=6).fit(read_for_fitting(SAMPLE_TRACE)).profile_


def test_seeded(profile: Profile) -> None:
    first, again = synthesize(profile, random_state=4), synthesize(profile, random_state=4)
    assert np.array_equal(first.accesses, again.accesses)
    assert np.array_equal(first.interarrival, again.interarrival)


@pytest.mark.parametrize("files", [10, 100, 400, 10_000])
def test_popularity_quantiles_spread_evenly(files: int) -> None:
    quantiles = np.sort(popularity_quantiles(files, np.random.default_rng(files)))
    assert ((quantiles >= 0) & (quantiles < 1)).all()
    steps = np.arange(1, files + 1) / files
    ks = max(np.max(steps - quantiles), np.max(quantiles - (steps - 1 / files)))
    # independent draws: about 1.36 / sqrt(n) at the 95th percentile (0.068 for 400 files)
    assert ks <= 2 * np.log(files) / files


def test_each_popularity_quantile_is_uniform_over_seeds() -> None:
    third = np.array([popularity_quantiles(5, np.random.default_rng(s))[3] for s in range(4000)])
    assert abs(third.mean() - 0.5) < 0.02
    assert abs(np.mean(third < 0.25) - 0.25) < 0.03


def test_a_small_run_leaves_the_unaccessed_share_unaccessed(profile: Profile) -> None:
    workload = synthesize(profile, random_state=3)
    for file_type in profile.file_types:
        rows = workload.file_type == file_type.index
        pre_existing = rows & workload.pre_existing
        # pre-existing files activate from 0, so only the quantile decides which stay unaccessed
        if file_type.unaccessed_share in (0.0, 1.0) or file_type["activationDelay"].is_empty:
            continue
        unaccessed = np.count_nonzero(workload.accesses[pre_existing] == 0)
        expected = file_type.unaccessed_share * pre_existing.sum()
        assert abs(unaccessed - expected) <= 2 + 2 * np.log(max(pre_existing.sum(), 2)), (
            file_type.index
        )


def test_counts_follow_the_profile(profile: Profile) -> None:
    workload = synthesize(profile, file_scale=50, random_state=1)
    for file_type in profile.file_types:
        rows = workload.file_type == file_type.index
        assert (rows & workload.pre_existing).sum() == round(file_type.pre_existing * 50)
        assert (rows & ~workload.pre_existing).sum() <= round(file_type.created * 50)
        assert set(np.unique(workload.depth[rows])) <= set(file_type.depth.values)
    ops = workload.op_counts()
    assert ops["create"] == workload.created
    assert ops["mkdirs"] == round(ops["create"] * profile.mkdirs_per_create)


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
