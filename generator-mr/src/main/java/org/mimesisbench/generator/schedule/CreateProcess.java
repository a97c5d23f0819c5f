package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;
import org.mimesisbench.profile.EmpiricalCdf;

/**
 * A type's creations: a renewal process from the window's start, at most {@code max} of them, of
 * which a share of {@code shares} keeps every {@code shares}-th. Every share draws the whole
 * process from the same seed, so the creations do not depend on how many mappers share a type.
 */
final class CreateProcess {
  private final EmpiricalCdf interarrival;
  private final long max;
  private final double window;
  private final SplittableRandom random;
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
    this.random = new SplittableRandom(seed);
    this.share = share;
    this.shares = shares;
  }

  /** Moves to this share's next creation; false when there is none left in the window. */
  boolean next() {
    while (drawn < max) {
      time += interarrival.sample(random);
      long i = drawn++;
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
