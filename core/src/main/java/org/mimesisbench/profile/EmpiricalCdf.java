package org.mimesisbench.profile;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.mimesisbench.errors.BadInputException;

/**
 * One of a profile's empirical distributions, as a generator samples it: the inverse of its step
 * CDF. {@link #at} is the profile contract shared with Python ({@code Distribution.at} in
 * modeler-py): the first value whose cumulative probability exceeds the uniform draw.
 *
 * <p>Written out rather than taken from Commons Math: the generator draws a file's active span and
 * its number of accesses with one uniform, which needs the inverse CDF at a given point, and {@code
 * EnumeratedRealDistribution.inverseCumulativeProbability} scans every value per call.
 */
public final class EmpiricalCdf {
  private static final EmpiricalCdf EMPTY = new EmpiricalCdf(new double[0], new double[0]);

  private final double[] values;
  private final double[] cumulative;

  private EmpiricalCdf(double[] values, double[] cumulative) {
    this.values = values;
    this.cumulative = cumulative;
  }

  /**
   * {@code d} checked (finite, ascending values; non-decreasing cumulative ending at 1); {@code
   * where} names it in errors.
   */
  public static EmpiricalCdf of(String where, Distribution d) {
    List<Double> v = d.getValues();
    List<Double> c = d.getCumulative();
    if (v.size() != c.size()) {
      throw new BadInputException(
          where + ": " + v.size() + " values but " + c.size() + " cumulative probabilities");
    }
    if (v.isEmpty() || d.getCount() == 0) {
      return EMPTY;
    }
    double[] values = new double[v.size()];
    double[] cumulative = new double[v.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = v.get(i);
      cumulative[i] = c.get(i);
      if (!Double.isFinite(values[i]) || !Double.isFinite(cumulative[i])) {
        throw new BadInputException(where + ": value " + i + " is not a finite number");
      }
      if (i > 0 && (values[i] <= values[i - 1] || cumulative[i] < cumulative[i - 1])) {
        throw new BadInputException(
            where
                + ": values must ascend and cumulative probabilities must not decrease (at "
                + i
                + ")");
      }
    }
    if (cumulative[0] < 0 || Math.abs(cumulative[values.length - 1] - 1.0) > 1e-6) {
      throw new BadInputException(where + ": cumulative probabilities must run from >= 0 to 1");
    }
    return new EmpiricalCdf(values, cumulative);
  }

  public boolean isEmpty() {
    return values.length == 0;
  }

  /** The inverse CDF at {@code u} in [0, 1): what a draw of {@code u} samples. */
  public double at(double u) {
    int i = Arrays.binarySearch(cumulative, u);
    i =
        i >= 0
            ? i + 1
            : -i - 1; // first cumulative > u; equal cumulatives share a value only at zero-width
    // steps
    while (i < cumulative.length - 1 && cumulative[i] <= u) {
      i++;
    }
    return values[Math.min(i, values.length - 1)];
  }

  public double sample(SplittableRandom random) {
    return at(random.nextDouble());
  }

  /** The distribution of {@code factor} times X (factor > 0). */
  public EmpiricalCdf scaled(double factor) {
    if (isEmpty() || factor == 1.0) {
      return this;
    }
    double[] v = values.clone();
    for (int i = 0; i < v.length; i++) {
      v[i] *= factor;
    }
    return new EmpiricalCdf(v, cumulative);
  }

  public double mean() {
    double m = 0;
    double before = 0;
    for (int i = 0; i < values.length; i++) {
      m += values[i] * (cumulative[i] - before);
      before = cumulative[i];
    }
    return m;
  }
}
