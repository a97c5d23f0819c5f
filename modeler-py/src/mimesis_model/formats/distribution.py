"""Empirical distributions kept compactly, as the profile stores them (Profile.avsc: Distribution).

A distribution is a discrete CDF: values v_0 < v_1 < ... with P(X <= v_i) = cumulative[i].
Fitted from a sample, it is the sample itself when the sample has few distinct values, else
the sample cut into bins at a grid of quantiles that is dense in both tails (so interarrivals
from milliseconds to hours keep their extremes), each bin standing for its observations' mean
(so means, and with them the rates of renewal processes, are kept).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

MAX_POINTS: Final = 2048
"""Default budget of values per distribution; a sample of fewer distinct values is kept exactly."""

# Quantile probabilities of the bin edges: uniform, plus tails down to 1e-7 on each side.
_TAIL_DECADES: Final = 7


@dataclass(frozen=True, eq=False)
class Distribution:
    """A discrete distribution over VALUES; see the module doc."""

    values: Floats
    cumulative: Floats
    count: int
    """observations summarized; 0 for the empty distribution"""

    @classmethod
    def empty(cls) -> Distribution:
        return cls(np.zeros(0), np.zeros(0), 0)

    @classmethod
    def of_sample(cls, sample: npt.ArrayLike, max_points: int = MAX_POINTS) -> Distribution:
        """The distribution of SAMPLE (finite numbers), in at most about MAX_POINTS values."""
        data = np.sort(np.asarray(sample, dtype=np.float64).ravel())
        n = len(data)
        if n == 0:
            return cls.empty()
        if not np.isfinite(data[[0, -1]]).all():
            raise ValueError("a distribution's sample must be finite numbers")
        # Ends of bins, as counts of observations <= the bin's largest value.
        ends = np.flatnonzero(np.diff(data)) + 1
        ends = np.append(ends, n)
        if len(ends) > max_points:
            wanted = np.ceil(_probability_grid(max_points) * n).astype(np.int64)
            wanted = np.clip(wanted, 1, n)
            # Move each wanted end past ties, so that a value is never split between bins.
            ends = np.unique(np.searchsorted(data, data[wanted - 1], side="right"))
        sums = np.concatenate(([0.0], np.cumsum(data)))
        starts = np.concatenate(([0], ends[:-1]))
        means = (sums[ends] - sums[starts]) / (ends - starts)
        # A bin's mean can round onto its neighbour's; values must stay strictly ascending.
        means = np.maximum.accumulate(means)
        keep = np.concatenate((np.diff(means) > 0, [True]))
        return cls(means[keep], ends[keep] / n, n)

    @classmethod
    def of_weights(cls, values: npt.ArrayLike, weights: npt.ArrayLike, count: int) -> Distribution:
        """WEIGHTS (any positive scale) put on VALUES, summarizing COUNT observations."""
        keys = np.asarray(values, dtype=np.float64)
        mass = np.asarray(weights, dtype=np.float64)
        if keys.shape != mass.shape or keys.ndim != 1:
            raise ValueError("values and weights must be two lists of one length")
        if len(keys) == 0:
            return cls.empty()
        if not (np.isfinite(keys).all() and np.isfinite(mass).all()) or (mass < 0).any():
            raise ValueError("values must be finite and weights finite and non-negative")
        order = np.argsort(keys, kind="stable")
        keys, mass = keys[order], mass[order]
        unique, first = np.unique(keys, return_index=True)
        summed = np.add.reduceat(mass, first)
        total = summed.sum()
        if total <= 0:
            raise ValueError("weights sum to zero")
        kept = summed > 0
        cumulative = np.cumsum(summed[kept]) / total
        cumulative[-1] = 1.0
        return cls(unique[kept], cumulative, max(int(count), 1))

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Distribution:
        return cls(
            np.asarray(record["values"], dtype=np.float64),
            np.asarray(record["cumulative"], dtype=np.float64),
            int(record["count"]),
        )

    def to_record(self) -> dict[str, Any]:
        return {
            "values": self.values.tolist(),
            "cumulative": self.cumulative.tolist(),
            "count": self.count,
        }

    def __len__(self) -> int:
        return len(self.values)

    @property
    def is_empty(self) -> bool:
        return len(self.values) == 0

    @property
    def probabilities(self) -> Floats:
        """P(X = values[i])."""
        return np.diff(self.cumulative, prepend=0.0)

    @property
    def mean(self) -> float:
        return float(self.values @ self.probabilities) if len(self) else float("nan")

    def problems(self) -> list[str]:
        """What makes this not a valid distribution (empty list when valid)."""
        found = []
        if self.values.shape != self.cumulative.shape:
            found.append("values and cumulative differ in length")
        elif len(self) and not (
            np.isfinite(self.values).all() and np.isfinite(self.cumulative).all()
        ):
            found.append("non-finite numbers")
        elif len(self):
            if (np.diff(self.values) <= 0).any():
                found.append("values not strictly ascending")
            if (np.diff(self.cumulative) < 0).any() or self.cumulative[0] <= 0:
                found.append("cumulative not ascending from above 0")
            if abs(self.cumulative[-1] - 1.0) > 1e-9:
                found.append(f"cumulative ends at {self.cumulative[-1]}, not 1")
        if self.count < 0 or (self.count == 0) != (len(self) == 0):
            found.append(f"count {self.count} does not match {len(self)} values")
        return found

    def sample(self, rng: np.random.Generator, size: int | tuple[int, ...]) -> Floats:
        """SIZE draws by inverse transform: the first value whose cumulative exceeds U(0, 1)."""
        if self.is_empty:
            if np.prod(size) == 0:
                return np.zeros(size)
            raise ValueError("cannot sample an empty distribution")
        return self.at(rng.random(size))

    def at(self, uniform: npt.ArrayLike) -> Floats:
        """The inverse CDF at UNIFORM draws in [0, 1): what sample() returns for them."""
        index = np.searchsorted(self.cumulative, np.asarray(uniform, dtype=np.float64), "right")
        return self.values[np.minimum(index, len(self.values) - 1)]

    def cdf(self, x: npt.ArrayLike) -> Floats:
        """P(X <= x)."""
        index = np.searchsorted(self.values, np.asarray(x, dtype=np.float64), side="right")
        return np.concatenate(([0.0], self.cumulative))[index]

    def quantile(self, q: npt.ArrayLike) -> Floats:
        """The smallest value v with P(X <= v) >= q."""
        index = np.searchsorted(self.cumulative, np.asarray(q, dtype=np.float64) - 1e-12)
        return self.values[np.minimum(index, len(self.values) - 1)]

    def scaled(self, factor: float) -> Distribution:
        """The distribution of FACTOR * X (FACTOR > 0)."""
        return Distribution(self.values * factor, self.cumulative, self.count)


def _probability_grid(points: int) -> Floats:
    uniform = np.linspace(0.0, 1.0, max(points - 4 * _TAIL_DECADES * 8, 16))
    tail = np.logspace(-_TAIL_DECADES, -1, _TAIL_DECADES * 8)
    return np.unique(np.concatenate((uniform, tail, 1.0 - tail, [1.0])))
