package org.mimesisbench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void latenciesInTheLargestUnitThatKeepsThemAtLeastOne() {
    assertEquals("0 µs", Durations.micros(0));
    assertEquals("850 µs", Durations.micros(850));
    assertEquals("999 µs", Durations.micros(999));
    assertEquals("1 ms", Durations.micros(1000));
    assertEquals("1.2 ms", Durations.micros(1234));
    assertEquals("12 ms", Durations.micros(12_345));
    assertEquals("123 ms", Durations.micros(123_456));
    assertEquals("3.4 s", Durations.micros(3_400_000));
    assertEquals("1,234 s", Durations.micros(1_234_000_000));
  }

  @Test
  void meansKeepADecimalBelowTen() {
    assertEquals("5.5 µs", Durations.micros(5.5));
    assertEquals("10 µs", Durations.micros(9.96));
    assertEquals("1 ms", Durations.micros(999.7));
    assertEquals("-", Durations.micros(Double.NaN));
  }

  @Test
  void timesAsAnOptionTakesThem() {
    assertEquals("10m", Durations.millis(600_000));
    assertEquals("2h", Durations.millis(7_200_000));
    assertEquals("90s", Durations.millis(90_000));
    assertEquals("1500ms", Durations.millis(1500));
    assertEquals("0s", Durations.millis(0));
  }
}
