package org.mimesisbench.cli;

import java.io.PrintStream;

/**
 * A status line every few seconds for long steps: how far, how fast. A null stream prints nothing.
 */
public final class ProgressLine {
  private static final long EVERY_NANOS = 5_000_000_000L;

  private final PrintStream out;
  private final String step;
  private final String unit;
  private final long start = System.nanoTime();
  private long last = start;

  public ProgressLine(PrintStream out, String step, String unit) {
    this.out = out;
    this.step = step;
    this.unit = unit;
  }

  public void tick(long done) {
    if ((done & 0xFFFF) != 0 || out == null) {
      return; // look at the clock once per 65,536 items only
    }
    long now = System.nanoTime();
    if (now - last >= EVERY_NANOS) {
      last = now;
      print(done, now);
    }
  }

  public void done(long done) {
    if (out != null && System.nanoTime() - start >= EVERY_NANOS) {
      print(done, System.nanoTime());
    }
  }

  private void print(long done, long now) {
    double seconds = (now - start) / 1e9;
    out.printf(
        "%s: %,d %s in %.0f s (%,.0f %s/s)%n", step, done, unit, seconds, done / seconds, unit);
  }
}
