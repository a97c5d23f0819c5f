package org.mimesisbench.generator.capacity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mimesisbench.folders.ResultsFolder;
import org.mimesisbench.generator.sweep.SweepFile;

/**
 * {@code capacity.json}, the one place its keys are named: every field of {@code
 * profiles/schema/capacity.schema.json}, which documents each. The capacity lies in [speedUp,
 * failedSpeedUp): the fastest probe that passed and the slowest faster one that did not.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapacityFile(
    String found,
    Double speedUp,
    Double failedSpeedUp,
    Double timeScale,
    Double opsPerSecond,
    Double recordedOpsPerSecond,
    Long responseP99Micros,
    long p99BoundMicros,
    double resolution,
    int maxProbes,
    List<Probe> probes) {
  public static final String NAME = ResultsFolder.CAPACITY;

  /** Both ends found. */
  public static final String WITHIN = "within";

  /** No faster probe failed: the search reached its fastest or ran out of probes. */
  public static final String AT_LEAST = "atLeast";

  /** No probe passed. */
  public static final String BELOW = "below";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** One probe: a run of the series, and its verdict. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Probe(
      double timeScale,
      double speedUp,
      String results,
      boolean valid,
      double opsPerSecond,
      long responseP99Micros,
      boolean passed,
      String failedBecause) {}

  static CapacityFile of(
      List<CapacitySearch.Probe> probes, long p99BoundMicros, double resolution, int maxProbes) {
    CapacitySearch.Probe below = CapacitySearch.fastestPassed(probes);
    CapacitySearch.Probe above = CapacitySearch.slowestFailed(probes, below);
    SweepFile.Point at = below == null ? null : below.done().point();
    return new CapacityFile(
        below == null ? BELOW : above == null ? AT_LEAST : WITHIN,
        below == null ? null : below.speedUp(),
        above == null || below == null ? null : above.speedUp(),
        at == null ? null : at.timeScale(),
        at == null ? null : at.opsPerSecond(),
        at == null ? null : at.opsPerSecond() / below.speedUp(),
        below == null ? null : below.responseP99Micros(),
        p99BoundMicros,
        resolution,
        maxProbes,
        probes.stream()
            .map(
                p ->
                    new Probe(
                        p.done().point().timeScale(),
                        p.speedUp(),
                        p.done().point().results(),
                        p.done().point().valid(),
                        p.done().point().opsPerSecond(),
                        p.responseP99Micros(),
                        p.passed(),
                        p.failedBecause()))
            .toList());
  }

  /** The result in one line, as {@code capacity} prints it. */
  public String line() {
    String bound = String.format(Locale.ROOT, "%.1f ms", p99BoundMicros / 1000.0);
    if (speedUp == null) {
      return String.format(
          Locale.ROOT,
          "capacity: below %sx the recorded rate: no probe stayed valid with a response p99 within"
              + " %s",
          speed(probes.stream().mapToDouble(Probe::speedUp).min().orElse(1)),
          bound);
    }
    String reached =
        String.format(
            Locale.ROOT,
            "capacity: %sx the recorded rate, %,.1f ops/s (response p99 %.1f ms, bound %s)",
            speed(speedUp),
            opsPerSecond,
            responseP99Micros / 1000.0,
            bound);
    return failedSpeedUp == null
        ? reached + "; no faster probe failed: at least that"
        : reached
            + String.format(
                Locale.ROOT,
                "; %sx did not hold: within [%sx, %sx)",
                speed(failedSpeedUp),
                speed(speedUp),
                speed(failedSpeedUp));
  }

  private static String speed(double s) {
    return String.format(Locale.ROOT, s >= 10 ? "%.1f" : "%.2f", s);
  }

  public void write(Path file) throws IOException {
    JSON.writeValue(file.toFile(), this);
  }

  /** The capacity.json in {@code dir}. */
  public static CapacityFile read(Path dir) throws IOException {
    return JSON.readValue(dir.resolve(NAME).toFile(), CapacityFile.class);
  }
}
