package org.mimesisbench.namespace.stats;

import java.util.Arrays;

/**
 * A distribution over whole numbers (depths, fan-outs, files per directory): ascending distinct
 * values, each with a probability; the probabilities sum to 1. Immutable.
 */
public final class DiscreteDistribution {
  private final int[] values;
  private final double[] probabilities;
  private final double[] cumulative;

  private DiscreteDistribution(int[] values, double[] probabilities) {
    this.values = values;
    this.probabilities = probabilities;
    this.cumulative = new double[values.length];
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += probabilities[i];
      cumulative[i] = sum;
    }
    if (values.length > 0) {
      cumulative[values.length - 1] = 1.0; // no rounding residue at the top
    }
  }

  /**
   * From values with weights already checked (ascending, distinct, non-negative, summing to about
   * 1); zero weights are dropped and the rest divided by their sum.
   */
  public static DiscreteDistribution of(int[] values, double[] weights) {
    double sum = 0;
    int kept = 0;
    for (double w : weights) {
      sum += w;
      kept += w > 0 ? 1 : 0;
    }
    int[] v = new int[kept];
    double[] p = new double[kept];
    for (int i = 0, j = 0; i < values.length; i++) {
      if (weights[i] > 0) {
        v[j] = values[i];
        p[j++] = weights[i] / sum;
      }
    }
    return new DiscreteDistribution(v, p);
  }

  /** A single value with probability 1. */
  public static DiscreteDistribution point(int value) {
    return new DiscreteDistribution(new int[] {value}, new double[] {1.0});
  }

  public int size() {
    return values.length;
  }

  public int value(int i) {
    return values[i];
  }

  public double probability(int i) {
    return probabilities[i];
  }

  /** P(X <= x). */
  public double cdf(double x) {
    int i = Arrays.binarySearch(values, (int) Math.floor(x));
    if (i < 0) {
      i = -i - 2; // the last value below x
    }
    return i < 0 ? 0 : cumulative[i];
  }

  /** P(X = x); 0 off the support. */
  public double probabilityOf(int x) {
    int i = Arrays.binarySearch(values, x);
    return i < 0 ? 0 : probabilities[i];
  }

  public double mean() {
    double m = 0;
    for (int i = 0; i < values.length; i++) {
      m += values[i] * probabilities[i];
    }
    return m;
  }

  public int min() {
    return values[0];
  }

  public int max() {
    return values[values.length - 1];
  }

  public int[] values() {
    return values.clone();
  }

  public double[] probabilities() {
    return probabilities.clone();
  }
}
