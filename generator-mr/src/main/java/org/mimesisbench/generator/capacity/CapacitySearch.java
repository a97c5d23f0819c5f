package org.mimesisbench.generator.capacity;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.sweep.Probes;
import org.mimesisbench.output.AtomicOutputDir;

/**
 * Searches speed-ups over the profile's recorded rate (time scale 1 / speed-up) for the fastest at
 * which a run stays valid and the response time p99 of all its calls stays within a bound: from the
 * recorded rate (or a given speed-up), doubling (halving) until a run fails (passes), then
 * bisecting the speed-up geometrically until the fastest passing and the slowest failing run are
 * within {@code resolution} of each other. Every probe is a whole run, kept in the series' folder.
 */
public final class CapacitySearch implements Probes {
  /** Speed-ups searched: 1/1000 to 1000 times the recorded rate. */
  static final double FASTEST = 1000, SLOWEST = 1 / FASTEST;

  private final long p99BoundMicros;
  private final double resolution;
  private final int maxProbes;
  private final double from;
  private final PrintStream out;
  private final List<Probe> probes = new ArrayList<>();

  /** A probe's verdict: its run, the pooled response p99, and why it failed (null if it passed). */
  public record Probe(Done done, long responseP99Micros, String failedBecause) {
    public double speedUp() {
      return 1 / done.point().timeScale();
    }

    public boolean passed() {
      return failedBecause == null;
    }
  }

  /**
   * Probes pass when valid with a response p99 at most {@code p99BoundMicros}; the search ends when
   * the interval is within {@code resolution} (> 1) or after {@code maxProbes} runs.
   */
  public CapacitySearch(
      long p99BoundMicros, double resolution, int maxProbes, double from, PrintStream out) {
    if (!(resolution > 1) || maxProbes < 1 || p99BoundMicros <= 0 || !(from >= SLOWEST)) {
      throw new IllegalArgumentException("bound > 0, resolution > 1, maxProbes >= 1, from > 0");
    }
    this.p99BoundMicros = p99BoundMicros;
    this.resolution = resolution;
    this.maxProbes = maxProbes;
    this.from = Math.min(from, FASTEST);
    this.out = out;
  }

  @Override
  public Double next(List<Done> done) throws IOException {
    for (int i = probes.size(); i < done.size(); i++) {
      Probe p = judged(done.get(i));
      probes.add(p);
      out.printf(
          Locale.ROOT,
          "capacity: %.3gx (time scale %s): %s, response p99 %.1f ms: %s%n",
          p.speedUp(),
          p.done().point().timeScale(),
          p.done().point().valid() ? "valid" : "NOT valid",
          p.responseP99Micros() / 1000.0,
          p.passed() ? "held" : "did not hold");
    }
    if (done.size() >= maxProbes) {
      return null;
    }
    Double speedUp = nextSpeedUp(probes);
    return speedUp == null ? null : timeScale(speedUp);
  }

  /** The speed-up to probe after {@code probes}, or null when the search is over. */
  Double nextSpeedUp(List<Probe> probes) {
    if (probes.isEmpty()) {
      return from;
    }
    Probe below = fastestPassed(probes);
    Probe above = slowestFailed(probes, below);
    if (above == null) { // every probe passed: faster
      return below.speedUp() * 2 > FASTEST ? null : below.speedUp() * 2;
    }
    if (below == null) { // every probe failed: slower
      return above.speedUp() / 2 < SLOWEST ? null : above.speedUp() / 2;
    }
    if (above.speedUp() / below.speedUp() <= resolution) {
      return null;
    }
    double middle = 1 / timeScale(Math.sqrt(below.speedUp() * above.speedUp()));
    // rounding the time scale may land on an end: the interval is then as narrow as it gets
    return middle <= below.speedUp() || middle >= above.speedUp() ? null : middle;
  }

  /** The fastest probe that passed, or null. */
  static Probe fastestPassed(List<Probe> probes) {
    Probe best = null;
    for (Probe p : probes) {
      if (p.passed() && (best == null || p.speedUp() > best.speedUp())) {
        best = p;
      }
    }
    return best;
  }

  /**
   * The slowest probe that failed faster than {@code below} (any, when null), or null: a failure
   * slower than a pass is the machine's noise, and the interval stays above the pass.
   */
  static Probe slowestFailed(List<Probe> probes, Probe below) {
    Probe best = null;
    for (Probe p : probes) {
      if (!p.passed()
          && (below == null || p.speedUp() > below.speedUp())
          && (best == null || p.speedUp() < best.speedUp())) {
        best = p;
      }
    }
    return best;
  }

  /** The time scale of {@code speedUp}, to three significant digits: folder names stay short. */
  static double timeScale(double speedUp) {
    return new BigDecimal(1 / speedUp).round(new MathContext(3)).doubleValue();
  }

  @Override
  public int atMost() {
    return maxProbes;
  }

  @Override
  public void finish(List<Done> done, AtomicOutputDir results) throws IOException {
    next(done); // judges the last
    CapacityFile.of(probes, p99BoundMicros, resolution, maxProbes)
        .write(results.file(CapacityFile.NAME));
  }

  /** What the search found; after the series. */
  public CapacityFile result() {
    return CapacityFile.of(probes, p99BoundMicros, resolution, maxProbes);
  }

  private Probe judged(Done d) throws IOException {
    long p99 = responseP99Micros(d.folder().resolve(RunResults.HISTOGRAMS));
    String why =
        !d.point().valid()
            ? "not valid"
            : p99 > p99BoundMicros ? "response p99 over the bound" : null;
    return new Probe(d, p99, why);
  }

  /** The p99 of every call's response time, from the run's latency.hlog (0 when none). */
  static long responseP99Micros(Path hlog) throws IOException {
    if (!Files.exists(hlog)) {
      return 0; // a run that failed before its results: judged by its validity
    }
    Histogram all = null;
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      for (EncodableHistogram h = reader.nextIntervalHistogram();
          h != null;
          h = reader.nextIntervalHistogram()) {
        if (h instanceof Histogram one
            && one.getTag() != null
            && one.getTag().startsWith(RunResults.RESPONSE_TAG)) {
          if (all == null) {
            all = new Histogram(one.getNumberOfSignificantValueDigits());
          }
          all.add(one);
        }
      }
    }
    return all == null || all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(99);
  }
}
