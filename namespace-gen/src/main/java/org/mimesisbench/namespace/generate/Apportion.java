package org.mimesisbench.namespace.generate;

import java.util.Arrays;
import java.util.Comparator;

/** Whole counts in given proportions that sum exactly to a total (largest remainder method). */
final class Apportion {
  private Apportion() {}

  static long[] largestRemainder(long total, double[] shares) {
    double sum = 0;
    for (double s : shares) {
      sum += s;
    }
    long[] counts = new long[shares.length];
    if (sum <= 0 || total == 0) {
      return counts;
    }
    double[] fraction = new double[shares.length];
    long given = 0;
    for (int i = 0; i < shares.length; i++) {
      double exact = total * (shares[i] / sum);
      counts[i] = (long) Math.floor(exact);
      fraction[i] = exact - counts[i];
      given += counts[i];
    }
    Integer[] order = new Integer[shares.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    // ties go to the earlier index, so the result does not depend on the sort's stability
    Arrays.sort(
        order, Comparator.<Integer>comparingDouble(i -> -fraction[i]).thenComparingInt(i -> i));
    for (int k = 0; given < total; k = (k + 1) % order.length) {
      if (shares[order[k]] > 0) {
        counts[order[k]]++;
        given++;
      }
    }
    return counts;
  }
}
