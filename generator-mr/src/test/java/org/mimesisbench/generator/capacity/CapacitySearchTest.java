package org.mimesisbench.generator.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoublePredicate;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.sweep.Probes;
import org.mimesisbench.generator.sweep.SweepFile;

/** The search's choices, given the verdicts of the probes before (the runs are CapacityTest's). */
class CapacitySearchTest {
  @TempDir Path dir;

  /** The speed-ups the search probes when every speed-up up to {@code holds} passes. */
  private List<Double> searched(CapacitySearch search, DoublePredicate holds) {
    List<CapacitySearch.Probe> probes = new ArrayList<>();
    List<Double> speedUps = new ArrayList<>();
    for (Double s = search.nextSpeedUp(probes); s != null; s = search.nextSpeedUp(probes)) {
      speedUps.add(s);
      assertTrue(speedUps.size() < 40, "the search ends: " + speedUps);
      probes.add(probe(s, holds.test(s) ? null : "response p99 over the bound"));
    }
    return speedUps;
  }

  private static CapacitySearch.Probe probe(double speedUp, String failedBecause) {
    SweepFile.Point point =
        new SweepFile.Point(
            CapacitySearch.timeScale(speedUp), 1, "ts", true, 10 * speedUp, 5, null, Map.of());
    return new CapacitySearch.Probe(new Probes.Done(point, Path.of("ts")), 1000, failedBecause);
  }

  @Test
  void doublesUntilAProbeFailsThenBisectsToTheResolution() {
    List<Double> speedUps =
        searched(new CapacitySearch(100_000, 1.2, 30, 1, System.out), s -> s < 11);
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0), speedUps.subList(0, 5));
    List<CapacitySearch.Probe> probes = new ArrayList<>();
    speedUps.forEach(s -> probes.add(probe(s, s < 11 ? null : "over")));
    CapacitySearch.Probe below = CapacitySearch.fastestPassed(probes);
    CapacitySearch.Probe above = CapacitySearch.slowestFailed(probes, below);
    assertTrue(below.speedUp() < 11 && above.speedUp() >= 11, speedUps.toString());
    assertTrue(above.speedUp() / below.speedUp() <= 1.2, speedUps.toString());
    // geometric halving of an interval of ratio 2 down to 1.2: a few probes, not a scan
    assertTrue(speedUps.size() <= 5 + 3, speedUps.toString());
  }

  @Test
  void halvesWhenTheRecordedRateFails() {
    List<Double> speedUps =
        searched(new CapacitySearch(100_000, 1.5, 30, 1, System.out), s -> s <= 0.3);
    assertEquals(List.of(1.0, 0.5, 0.25), speedUps.subList(0, 3));
  }

  @Test
  void endsAtTheFastestOrSlowestItSearches() {
    List<Double> fast = searched(new CapacitySearch(100_000, 1.2, 30, 100, System.out), s -> true);
    assertEquals(List.of(100.0, 200.0, 400.0, 800.0), fast);
    List<Double> slow =
        searched(new CapacitySearch(100_000, 1.2, 30, 0.01, System.out), s -> false);
    assertEquals(List.of(0.01, 0.005, 0.0025, 0.00125), slow);
  }

  @Test
  void aFailureSlowerThanAPassIsNoise() {
    // 4x failed once, 8x then passed: the capacity is above 8x, not between 2x and 4x
    List<CapacitySearch.Probe> probes =
        List.of(probe(1, null), probe(2, null), probe(4, "not valid"), probe(8, null));
    CapacitySearch search = new CapacitySearch(100_000, 1.2, 30, 1, System.out);
    assertEquals(16.0, search.nextSpeedUp(probes));
    assertNull(CapacitySearch.slowestFailed(probes, CapacitySearch.fastestPassed(probes)));
  }

  @Test
  void timeScalesKeepThreeSignificantDigits() {
    assertEquals(0.157, CapacitySearch.timeScale(6.35));
    assertEquals(0.5, CapacitySearch.timeScale(2));
    assertEquals(0.001, CapacitySearch.timeScale(1000));
  }

  @Test
  void theResultNamesTheIntervalAndItsRate() {
    CapacityFile found =
        CapacityFile.of(
            List.of(probe(1, null), probe(2, null), probe(4, "over"), probe(2.83, null)),
            100_000,
            1.5,
            12);
    assertEquals(CapacityFile.WITHIN, found.found());
    assertEquals(1 / 0.353, found.speedUp(), 1e-9);
    assertEquals(4.0, found.failedSpeedUp());
    assertEquals(
        10.0, found.recordedOpsPerSecond(), 0.05); // the probe ran 10 ops/s per 1x, rounded
    assertTrue(found.line().contains("2.83x the recorded rate"), found.line());
    assertTrue(found.line().contains("within [2.83x, 4.00x)"), found.line());
    CapacityFile none = CapacityFile.of(List.of(probe(1, "over")), 100_000, 1.5, 12);
    assertEquals(CapacityFile.BELOW, none.found());
    assertTrue(none.line().startsWith("capacity: below 1.00x"), none.line());
  }

  @Test
  void theResponseP99PoolsEveryOpsResponseHistogram() throws Exception {
    Path hlog = dir.resolve("latency.hlog");
    Histogram fast = new Histogram(3);
    Histogram slow = new Histogram(3);
    Histogram service = new Histogram(3);
    for (int i = 0; i < 980; i++) {
      fast.recordValue(1_000);
    }
    for (int i = 0; i < 20; i++) {
      slow.recordValue(50_000);
    }
    service.recordValue(9_000_000); // service times are not response times
    try (var out = new java.io.PrintStream(Files.newOutputStream(hlog))) {
      var w = new org.HdrHistogram.HistogramLogWriter(out);
      w.outputLegend();
      fast.setTag("response:open");
      slow.setTag("response:create");
      service.setTag("service:open");
      w.outputIntervalHistogram(fast);
      w.outputIntervalHistogram(slow);
      w.outputIntervalHistogram(service);
    }
    long p99 = CapacitySearch.responseP99Micros(hlog);
    assertTrue(p99 >= 49_000 && p99 <= 51_000, "p99 " + p99); // 2 % of the calls took 50 ms
    assertEquals(0, CapacitySearch.responseP99Micros(dir.resolve("none.hlog")));
  }
}
