package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;

/**
 * The quantile of its type's popularity (accesses per file) that each file takes, by the file's
 * number in the type. The type's first {@code n} files (its pre-existing ones and the most its
 * creates may add) take one 1/n stratum each, at its middle: stratum (a + i p) mod n for file i, a
 * drawn from the seed and p the stride coprime with n nearest above n times the golden ratio's
 * fractional part, so any stretch of numbers spreads over the distribution evenly too. Each file's
 * quantile is still uniform over seeds, so the expected workload is the model's, and the type's
 * files hold the whole distribution, its heaviest stratum included, in every run: the bundled
 * sample's run-to-run spread of calls fell from 4 % to 0.05 % (bench/notes/model-fidelity.md).
 * Files past n (none unless the model changed under it) continue a Kronecker sequence. modeler-py's
 * reference generator (synthesis.py) draws the same way.
 */
public final class PopularityQuantiles {
  /** The golden ratio's fractional part: the step whose multiples fill [0, 1) most evenly. */
  static final double STEP = 0.6180339887498949;

  private final long n;
  private final long first; // a: the stratum of file 0
  private final long stride; // p
  private final double start; // of the Kronecker sequence past n

  /**
   * @param seed draws the first stratum and the sequence's start
   * @param n the type's files that take a stratum each
   */
  public PopularityQuantiles(long seed, long n) {
    SplittableRandom random = new SplittableRandom(seed);
    this.start = random.nextDouble();
    if (n >= Integer.MAX_VALUE) {
      throw new IllegalArgumentException(n + " files of one type: at most 2^31 - 1");
    }
    this.n = Math.max(n, 0);
    this.first = this.n > 0 ? (long) Math.floor(start * this.n) : 0;
    this.stride = stride(this.n);
  }

  /** p: the smallest whole number at least max(1, round(n STEP)) that is coprime with n. */
  static long stride(long n) {
    long p = Math.max(1, Math.round(n * STEP));
    while (n > 1 && gcd(p, n) != 1) {
      p++;
    }
    return p;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** The quantile of file number {@code id} (0 for the type's first file), in [0, 1). */
  public double of(long id) {
    if (id < n) { // id and p under 2^31 (a type's files): their product fits in a long
      return ((first + id * stride) % n + 0.5) / n;
    }
    return kronecker(start, STEP, id);
  }

  /** Member {@code id} of the Kronecker sequence of {@code step} from {@code start}, in [0, 1). */
  static double kronecker(double start, double step, long id) {
    double q = start + (id * step) % 1.0;
    return q >= 1.0 ? q - 1.0 : q;
  }
}
