import math

import pytest

from mimesis_model.units import MICROS, format_duration, format_latency


@pytest.mark.parametrize(
    ("micros", "text"),
    [(0, "0 µs"), (5.5, "5.5 µs"), (9.96, "10 µs"), (850, "850 µs"), (999, "999 µs"),
     (999.7, "1 ms"), (1000, "1 ms"), (1234, "1.2 ms"), (12_345, "12 ms"), (123_456, "123 ms"),
     (3_400_000, "3.4 s"), (1_234_000_000, "1,234 s")],
)  # fmt: skip
def test_a_latency_in_the_largest_unit_that_keeps_it_at_least_one(micros: float, text: str) -> None:
    assert format_latency(micros) == text


def test_a_latency_that_is_not_a_number_is_a_dash() -> None:
    assert format_latency(math.nan) == "-"
    assert format_latency(math.inf) == "-"


def test_the_microsecond_symbol() -> None:
    assert MICROS == "µs"
    assert format_latency(1).endswith(f" {MICROS}")


@pytest.mark.parametrize(
    ("ms", "text"),
    [(0, "0 ms"), (850, "850 ms"), (10_240, "10.2 s"), (90_000, "1.5 min"), (3_600_000, "1 h"),
     (3 * 86_400_000, "3 d")],
)  # fmt: skip
def test_format_duration(ms: float, text: str) -> None:
    assert format_duration(ms) == text
