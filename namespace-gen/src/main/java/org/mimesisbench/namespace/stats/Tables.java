package org.mimesisbench.namespace.stats;

import org.mimesisbench.errors.BadInputException;

/** Checks of the tables both readers share: whole ascending values and weights that sum to 1. */
final class Tables {
  /**
   * Weights summing to 1 within this are divided by their sum; the shipped Yahoo table sums to
   * 0.99937.
   */
  static final double SUM_TOLERANCE = 0.01;

  private Tables() {}

  /**
   * @param where "file: KEY", named in every message
   * @param least the smallest value allowed (1 for depths and counts)
   */
  static DiscreteDistribution distribution(
      String where, double[] values, double[] weights, int least, boolean roundValues) {
    if (values.length != weights.length) {
      throw new BadInputException(
          where + ": " + values.length + " values but " + weights.length + " weights");
    }
    if (values.length == 0) {
      throw new BadInputException(where + ": empty table");
    }
    int[] whole = new int[values.length];
    double[] merged = new double[values.length];
    int n = 0;
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      double w = weights[i];
      if (!Double.isFinite(w) || w < 0) {
        throw new BadInputException(
            where + ": weight " + w + " of value " + fmt(v) + " is negative or not a number");
      }
      long r = Math.round(v);
      if (!roundValues && Math.abs(v - r) > 1e-9) {
        throw new BadInputException(where + ": value " + fmt(v) + " is not a whole number");
      }
      if (!Double.isFinite(v) || r < least || r > Integer.MAX_VALUE) {
        throw new BadInputException(
            where + ": value " + fmt(v) + " is out of range (at least " + least + ")");
      }
      if (i > 0 && !(v > values[i - 1])) {
        throw new BadInputException(where + ": values not ascending at " + fmt(v));
      }
      if (n > 0 && whole[n - 1] == r) {
        merged[n - 1] += w; // two bin means rounding to one count
      } else {
        whole[n] = (int) r;
        merged[n++] = w;
      }
      sum += w;
    }
    if (Math.abs(sum - 1) > SUM_TOLERANCE) {
      throw new BadInputException(where + ": weights sum to " + sum + ", not 1");
    }
    return DiscreteDistribution.of(
        java.util.Arrays.copyOf(whole, n), java.util.Arrays.copyOf(merged, n));
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
