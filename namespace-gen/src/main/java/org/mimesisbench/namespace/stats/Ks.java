package org.mimesisbench.namespace.stats;

/**
 * Kolmogorov-Smirnov distance of observed counts to a discrete target: sup |F_observed - F_target|.
 */
public final class Ks {
  private Ks() {}

  /**
   * @param counts counts[x] = observations equal to x (a dense histogram from 0)
   * @return the largest CDF gap over the support points of both; NaN when nothing was observed
   */
  public static double distance(DiscreteDistribution target, long[] counts) {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    if (total == 0) {
      return Double.NaN;
    }
    double sup = 0;
    long seen = 0;
    int top = Math.max(counts.length - 1, target.max());
    // discrete CDFs only step at support points, so checking every integer up to both maxima is
    // exact
    for (int x = 0; x <= top; x++) {
      seen += x < counts.length ? counts[x] : 0;
      sup = Math.max(sup, Math.abs((double) seen / total - target.cdf(x)));
    }
    return sup;
  }

  /** A dense histogram of the positive values of {@code values} (zeros are "has none"). */
  public static long[] histogramOfPositives(int[] values) {
    int max = 0;
    for (int v : values) {
      max = Math.max(max, v);
    }
    long[] counts = new long[max + 1];
    for (int v : values) {
      if (v > 0) {
        counts[v]++;
      }
    }
    return counts;
  }
}
