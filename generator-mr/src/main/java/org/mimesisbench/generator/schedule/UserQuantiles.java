package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;

/**
 * The quantile of its type's user mix that each file (directory) takes, by its number in the type:
 * a Kronecker sequence of step sqrt(2) - 1 with a random start. With the popularity's golden-ratio
 * sequence ({@link PopularityQuantiles}) it makes a two-dimensional sequence that fills the unit
 * square evenly, so the users' shares of the files come close to the mix at any size, and a user's
 * files are spread over the whole popularity range, not tied to a part of it (as one step for both
 * would do): each user gets its share of the calls, not only of the files.
 */
public final class UserQuantiles {
  /** sqrt(2) - 1: irrational, and independent of the golden ratio's step over the rationals. */
  static final double STEP = 0.41421356237309515;

  private final double start;

  /**
   * @param seed draws the sequence's start
   */
  public UserQuantiles(long seed) {
    this.start = new SplittableRandom(seed).nextDouble();
  }

  /** The quantile of file number {@code id} (0 for the type's first file), in [0, 1). */
  public double of(long id) {
    return PopularityQuantiles.kronecker(start, STEP, id);
  }
}
