package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;

/**
 * The uniforms a type's files draw their counts from (deleted or not, how many of each call, of
 * probes, of mkdirs and renames with a create), by the file's number in the type: for each count a
 * Kronecker sequence of its own step, from a random start. Drawn independently, a count over a
 * type's files varies as a binomial does (65 setPermission calls expected over 178 files came out
 * 56 to 74 by seed, each run of the MapReduce-commit trace's model); drawn from a sequence that
 * fills [0, 1) evenly over consecutive numbers, it comes within a few calls of its mean in every
 * run, while each file's draw is still uniform over seeds. The steps are the fractional parts of
 * the square roots of 3, 7, 11, 13, ... (primes but 2 and 5, whose roots make the users' and the
 * popularity's steps): rationally independent of one another, so that the counts are not tied to
 * each other, nor to a file's popularity or user. modeler-py's reference generator (synthesis.py)
 * draws the same way.
 */
public final class Strata {
  /** Whether a file is deleted. */
  public static final int DELETE = 0;

  /** The mkdirs that go with a create. */
  public static final int MKDIRS = 1;

  /** The renames that go with a create. */
  public static final int RENAMES = 2;

  /** The probes of a created file's path. */
  public static final int PROBES = 3;

  /** The first of the calls, one stream each, in the order of the type's calls. */
  public static final int CALLS = 4;

  private final double[] starts;
  private final double[] steps;

  /**
   * @param seed draws each sequence's start
   * @param calls the type's calls: streams {@code CALLS} to {@code CALLS + calls - 1}
   */
  public Strata(long seed, int calls) {
    int streams = CALLS + calls;
    starts = new double[streams];
    steps = new double[streams];
    long prime = 3;
    for (int s = 0; s < streams; s++) {
      steps[s] = step(prime);
      starts[s] = new SplittableRandom(TypeSchedule.fileSeed(seed, s, -1)).nextDouble();
      prime = nextPrime(prime);
    }
  }

  /**
   * The uniform of file number {@code id} (0 for the type's first file) for count {@code stream}.
   */
  public double of(long id, int stream) {
    return PopularityQuantiles.kronecker(starts[stream], steps[stream], id);
  }

  /** File number {@code id}'s uniforms. */
  public Entry entry(long id) {
    return new Entry(this, id);
  }

  /** One file's uniforms, by count. */
  public record Entry(Strata strata, long id) {
    public double u(int stream) {
      return strata.of(id, stream);
    }

    /** {@code ratio} rounded down, or up with probability its fractional part. */
    public int round(double ratio, int stream) {
      int whole = (int) Math.floor(ratio);
      return whole + (u(stream) < ratio - whole ? 1 : 0);
    }
  }

  /** The fractional part of the square root of {@code prime}. */
  static double step(long prime) {
    double root = Math.sqrt(prime);
    return root - Math.floor(root);
  }

  /** The next prime after {@code p}, skipping 5 (its root is the golden ratio's kin). */
  static long nextPrime(long p) {
    long q = p + 1;
    while (!isPrime(q) || q == 5) {
      q++;
    }
    return q;
  }

  private static boolean isPrime(long n) {
    if (n < 2) {
      return false;
    }
    for (long d = 2; d * d <= n; d++) {
      if (n % d == 0) {
        return false;
      }
    }
    return true;
  }
}
