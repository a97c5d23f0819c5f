package org.mimesisbench.generator.schedule;

import org.mimesisbench.profile.EmpiricalCdf;

/**
 * A type's creations: a renewal process from the window's start, at most {@code max} of them, of
 * which a share of {@code shares} keeps every {@code shares}-th. Every share draws the whole
 * process from the same seed, so the creations do not depend on how many mappers share a type. The
 * gaps are drawn stratified: the i-th takes the quantile {@link PopularityQuantiles} gives number i
 * among {@code max}, one 1/max stratum each in an order that spreads any stretch evenly. Each gap
 * is still a draw of the distribution, but their sum is its mean times their number in every run:
 * drawn independently, a few long gaps pushed the last creates past the window's end, and a run
 * made fewer creates (and fewer of their directories' deletes) than the model's mean.
 */
final class CreateProcess {
  private final EmpiricalCdf interarrival;
  private final long max;
  private final double window;
  private final PopularityQuantiles strata;
  private final int share;
  private final int shares;
  private long drawn;
  private long index = -1;
  private double time;

  CreateProcess(
      EmpiricalCdf interarrival, long max, double window, long seed, int share, int shares) {
    this.interarrival = interarrival;
    this.max = interarrival.isEmpty() ? 0 : max;
    this.window = window;
    this.strata = new PopularityQuantiles(seed, this.max);
    this.share = share;
    this.shares = shares;
  }

  /** Moves to this share's next creation; false when there is none left in the window. */
  boolean next() {
    while (drawn < max) {
      long i = drawn++;
      time += interarrival.at(strata.of(i));
      if (time >= window) {
        drawn = max;
        break;
      }
      if (i % shares == share) {
        index = i;
        return true;
      }
    }
    return false;
  }

  /** The creation's number among all shares' (0, 1, ...). */
  long index() {
    return index;
  }

  /** The creation's time in the window. */
  double time() {
    return time;
  }
}
