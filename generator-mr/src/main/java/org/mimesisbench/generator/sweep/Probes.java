package org.mimesisbench.generator.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.mimesisbench.output.AtomicOutputDir;

/**
 * Which time scale a series of runs runs next: a sweep's fixed list, or a search that chooses from
 * the runs so far ({@code capacity}).
 */
public interface Probes {
  /** A finished run of the series: its point of sweep.json and its results folder. */
  record Done(SweepFile.Point point, Path folder) {}

  /** The next run's time scale after {@code done} (in run order), or null when the series ends. */
  Double next(List<Done> done) throws IOException;

  /** How many runs the series makes at most, for its progress line. */
  int atMost();

  /** Writes what the series adds to its folder beside sweep.json; a sweep adds nothing. */
  default void finish(List<Done> done, AtomicOutputDir results) throws IOException {}

  /** Each of {@code timeScales} in turn, {@code repeat} times: a sweep. */
  static Probes each(List<Double> timeScales, int repeat) {
    List<Double> scales = List.copyOf(timeScales);
    return new Probes() {
      @Override
      public Double next(List<Done> done) {
        return done.size() < atMost() ? scales.get(done.size() / repeat) : null;
      }

      @Override
      public int atMost() {
        return scales.size() * repeat;
      }
    };
  }
}
