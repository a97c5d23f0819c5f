package org.mimesisbench.output;

import java.util.Locale;

/**
 * The one rendering of a latency or a duration that a person reads (console tables, help texts,
 * messages): a latency in the largest of µs, ms and s that keeps it at least 1 ("850 µs", "1.2 ms",
 * "12 ms", "3.4 s"), a time an option takes as the option takes it ("10m", "90s"). Files a program
 * reads (summary.json, CSV) keep their raw numbers; the modeler's mimesis_model.units renders
 * alike.
 */
public final class Durations {
  /** The symbol of a microsecond wherever a person reads one: in column headers, "(µs)". */
  public static final String MICROS = "µs";

  private static final String[] UNITS = {MICROS, "ms", "s"};

  private Durations() {}

  /** {@code micros} microseconds as "850 µs", "1.2 ms", "12 ms", "3.4 s". */
  public static String micros(long micros) {
    return micros((double) micros);
  }

  /**
   * {@code micros} microseconds (a mean, say) in the largest unit of µs, ms, s that keeps it at
   * least 1: one decimal below 10, whole above ("5.5 µs", "850 µs", "1.2 ms", "12 ms").
   */
  public static String micros(double micros) {
    if (Double.isNaN(micros) || Double.isInfinite(micros)) {
      return "-";
    }
    double value = micros;
    int unit = 0;
    // move up while the value, as shown, would read 1000 or more
    while (unit < UNITS.length - 1 && Math.abs(value) >= 999.5) {
      value /= 1000;
      unit++;
    }
    return number(value) + " " + UNITS[unit];
  }

  /** {@code ms} as an option takes it: the largest whole unit of h, m, s, else ms ("10m"). */
  public static String millis(long ms) {
    if (ms != 0 && ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms != 0 && ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    }
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  private static String number(double value) {
    double shown = Math.abs(value) < 9.95 ? Math.round(value * 10) / 10.0 : Math.round(value);
    return shown == Math.rint(shown)
        ? String.format(Locale.ROOT, "%,d", (long) shown)
        : String.format(Locale.ROOT, "%.1f", shown);
  }
}
