import numpy as np
import pytest
from scipy.stats import ks_2samp

from mimesis_model.formats.distribution import Distribution


def test_a_sample_of_few_values_is_kept_exactly() -> None:
    distribution = Distribution.of_sample([0, 0, 0, 1, 5, 5])
    assert distribution.values.tolist() == [0, 1, 5]
    assert distribution.cumulative.tolist() == pytest.approx([0.5, 4 / 6, 1.0])
    assert distribution.count == 6
    assert distribution.problems() == []


def test_a_heavy_tailed_sample_keeps_its_mean_tails_and_shape_in_the_budget() -> None:
    rng = np.random.default_rng(1)
    sample = np.round(rng.lognormal(5, 3, 200_000))  # ms to days
    distribution = Distribution.of_sample(sample, max_points=1024)
    assert len(distribution) <= 1024
    assert distribution.mean == pytest.approx(sample.mean(), rel=1e-9)
    assert distribution.values[0] == sample.min()
    assert distribution.values[-1] == sample.max()
    drawn = distribution.sample(rng, 200_000)
    assert ks_2samp(sample, drawn).statistic < 0.01


def test_ties_are_never_split_between_bins() -> None:
    sample = np.concatenate((np.zeros(5000), np.arange(1, 10_001)))
    distribution = Distribution.of_sample(sample, max_points=64)
    assert distribution.values[0] == 0
    assert distribution.cumulative[0] == pytest.approx(5000 / 15000)


def test_inverse_cdf_sampling() -> None:
    distribution = Distribution.of_weights([10, 20, 30], [1, 1, 2], count=4)
    assert distribution.at([0.0, 0.24, 0.25, 0.49, 0.5, 0.999]).tolist() == [10, 10, 20, 20, 30, 30]
    assert distribution.cdf([5, 10, 25, 30]).tolist() == [0, 0.25, 0.5, 1.0]
    assert distribution.quantile([0.25, 0.5, 1.0]).tolist() == [10, 20, 30]


def test_weights_on_repeated_unordered_keys_are_summed() -> None:
    distribution = Distribution.of_weights([3, 1, 3], [0.25, 0.5, 0.25], count=3)
    assert distribution.values.tolist() == [1, 3]
    assert distribution.cumulative.tolist() == [0.5, 1.0]


def test_empty_and_invalid() -> None:
    assert Distribution.of_sample([]).is_empty
    assert Distribution.empty().sample(np.random.default_rng(), 0).shape == (0,)
    with pytest.raises(ValueError, match="empty"):
        Distribution.empty().sample(np.random.default_rng(), 1)
    with pytest.raises(ValueError, match="finite"):
        Distribution.of_sample([1.0, np.nan])
    broken = Distribution(np.array([2.0, 1.0]), np.array([0.5, 1.0]), 2)
    assert "values not strictly ascending" in broken.problems()
