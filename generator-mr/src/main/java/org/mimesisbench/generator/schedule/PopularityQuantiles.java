package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;

/**
 * The quantile of its type's popularity (accesses per file) that each file takes, by the file's
 * number in the type: a golden-ratio (Kronecker) sequence with a random start. Each file's quantile
 * is still uniform, so the expected workload is the model's, but the files of any stretch of
 * numbers spread over the distribution evenly: n files come within about log(n)/n of the type's
 * popularity CDF, where n independent draws come within about 1/sqrt(n). A small run (the bundled
 * sample's 400 files) thus issues the popularity its profile describes, not a sample of it.
 * modeler-py's reference generator (synthesis.py) draws the same way.
 */
public final class PopularityQuantiles {
  /** The golden ratio's fractional part: the step whose multiples fill [0, 1) most evenly. */
  static final double STEP = 0.6180339887498949;

  private final double start;

  /**
   * @param seed draws the sequence's start
   */
  public PopularityQuantiles(long seed) {
    this.start = new SplittableRandom(seed).nextDouble();
  }

  /** The quantile of file number {@code id} (0 for the type's first file), in [0, 1). */
  public double of(long id) {
    return kronecker(start, STEP, id);
  }

  /** Member {@code id} of the Kronecker sequence of {@code step} from {@code start}, in [0, 1). */
  static double kronecker(double start, double step, long id) {
    double q = start + (id * step) % 1.0;
    return q >= 1.0 ? q - 1.0 : q;
  }
}
