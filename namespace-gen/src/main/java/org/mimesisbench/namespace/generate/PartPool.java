package org.mimesisbench.namespace.generate;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.mimesisbench.namespace.stats.DiscreteDistribution;

/**
 * A multiset of counts (fan-outs, or files per directory) with exactly the target distribution's
 * proportions, drawn from without replacement: whatever is taken, the taken values as a whole keep
 * the target's shape. Counts per distinct value, with a Fenwick tree for weighted draws.
 */
final class PartPool {
  private final int[] values;
  private final long[] counts;
  private final long[] tree; // Fenwick tree over counts, 1-based
  private long size;
  private long mass;

  PartPool(int[] values, long[] counts) {
    this.values = values;
    this.counts = counts.clone();
    this.tree = new long[values.length + 1];
    for (int i = 0; i < values.length; i++) {
      add(i, this.counts[i]);
      size += this.counts[i];
      mass += (long) values[i] * this.counts[i];
    }
  }

  /** The pool of {@code parts} values in the target's proportions. */
  static long[] proportional(DiscreteDistribution target, long parts) {
    return Apportion.largestRemainder(parts, target.probabilities());
  }

  /**
   * The pool whose values sum closest to {@code mass}: {@code parts} is searched so that
   * proportional(parts) minus what was already used elsewhere ({@code used}, by value index) holds
   * that mass.
   */
  static PartPool forMass(DiscreteDistribution target, long mass, long[] used) {
    int[] values = target.values();
    long lo = 0;
    long hi = Math.max(1, (long) Math.ceil(mass / target.mean()) * 2 + sum(used) + 16);
    while (lo < hi) { // smallest part count whose pool reaches the mass
      long mid = (lo + hi) >>> 1;
      if (massOf(values, remaining(target, mid, used)) >= mass) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long[] above = remaining(target, lo, used);
    long[] below = remaining(target, Math.max(0, lo - 1), used);
    boolean closerBelow = mass - massOf(values, below) < massOf(values, above) - mass;
    return new PartPool(values, closerBelow ? below : above);
  }

  private static long[] remaining(DiscreteDistribution target, long parts, long[] used) {
    long[] c = proportional(target, parts);
    for (int i = 0; i < c.length; i++) {
      c[i] = Math.max(0, c[i] - used[i]);
    }
    return c;
  }

  private static long massOf(int[] values, long[] counts) {
    long m = 0;
    for (int i = 0; i < values.length; i++) {
      m += values[i] * counts[i];
    }
    return m;
  }

  private static long sum(long[] a) {
    return Arrays.stream(a).sum();
  }

  long size() {
    return size;
  }

  double mean() {
    return size == 0 ? 0 : (double) mass / size;
  }

  int valueAt(int index) {
    return values[index];
  }

  /**
   * Index of a value at most {@code limit}, drawn with probability proportional to its count among
   * those; -1 when the pool has none.
   */
  int drawIndexAtMost(long limit, SplittableRandom rng) {
    int top = Arrays.binarySearch(values, (int) Math.min(limit, Integer.MAX_VALUE));
    top = top < 0 ? -top - 1 : top + 1; // values[0 .. top) are at most limit
    long below = prefix(top);
    if (below == 0) {
      return -1;
    }
    long r = rng.nextLong(below);
    int pos = 0;
    for (int step = Integer.highestOneBit(values.length); step > 0; step >>= 1) {
      int next = pos + step;
      if (next <= values.length && tree[next] <= r) {
        pos = next;
        r -= tree[next];
      }
    }
    return pos; // 0-based index of the chosen value
  }

  /** Index of the largest value at most {@code limit} still in the pool, or -1. */
  int largestAtMost(long limit) {
    int i = Arrays.binarySearch(values, (int) Math.min(limit, Integer.MAX_VALUE));
    for (i = i < 0 ? -i - 2 : i; i >= 0; i--) {
      if (counts[i] > 0) {
        return i;
      }
    }
    return -1;
  }

  /** Index of {@code value} if the pool holds one, else -1. */
  int indexOf(long value) {
    int i = value > Integer.MAX_VALUE ? -1 : Arrays.binarySearch(values, (int) value);
    return i >= 0 && counts[i] > 0 ? i : -1;
  }

  /** Values held at indexes [0, end). */
  private long prefix(int end) {
    long sum = 0;
    for (int i = end; i > 0; i -= i & -i) {
      sum += tree[i];
    }
    return sum;
  }

  long count(int index) {
    return counts[index];
  }

  void take(int index) {
    counts[index]--;
    add(index, -1);
    size--;
    mass -= values[index];
  }

  private void add(int index, long delta) {
    for (int i = index + 1; i < tree.length; i += i & -i) {
      tree[i] += delta;
    }
  }
}
