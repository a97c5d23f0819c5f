package org.mimesisbench.namespace.generate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.mimesisbench.namespace.stats.DiscreteDistribution;

/**
 * Splits each depth's total (subdirectories of the directories at depth d, or files in them) into
 * per-directory counts so that all counts together follow a target distribution (fan-out, or files
 * per directory), with at most one count per directory of that depth.
 *
 * <p>Depths where the total is large for the directories there (where counts drawn at random would
 * need more directories than the depth has) go first and take large counts; the counts they took
 * are then subtracted from the target, and the rest of the target's counts are shared among the
 * other depths, largest first, each to a depth with room for it. So the counts of all depths
 * together keep the target's shape. Each depth's counts sum exactly to its total; a count that the
 * target cannot give (the last one of a tight depth, the even share when even the largest values
 * cannot fill a depth, 1s when the small values run out) is made outside it and counted in {@link
 * #outsidePool()}.
 */
final class DepthPacker {
  /** A depth is "tight" when random draws would need more than this share of its directories. */
  private static final double TIGHT = 0.8;

  private final DiscreteDistribution target;
  private final SplittableRandom rng;
  private long outsidePool;

  DepthPacker(DiscreteDistribution target, SplittableRandom rng) {
    this.target = target;
    this.rng = rng;
  }

  /**
   * @param totals totals[d]: what the directories at depth d hold in all
   * @param slots slots[d]: directories at depth d (at least 1 wherever totals[d] > 0)
   * @return counts[d]: the positive counts of depth d, in random order, summing to totals[d]
   */
  int[][] pack(long[] totals, long[] slots) {
    double mean = target.mean();
    List<Integer> tight = new ArrayList<>();
    List<Integer> loose = new ArrayList<>();
    for (int d = 0; d < totals.length; d++) {
      if (totals[d] > 0) {
        (totals[d] > TIGHT * mean * slots[d] ? tight : loose).add(d);
      }
    }
    tight.sort(
        (a, b) -> Double.compare((double) totals[b] / slots[b], (double) totals[a] / slots[a]));
    int[][] counts = new int[totals.length][];
    long[] used = new long[target.size()];
    long tightMass = tight.stream().mapToLong(d -> totals[d]).sum();
    long looseMass = loose.stream().mapToLong(d -> totals[d]).sum();
    PartPool pool = PartPool.forMass(target, tightMass + looseMass, new long[target.size()]);
    for (int d : tight) {
      counts[d] = fill(pool, totals[d], slots[d], used);
    }
    pool =
        PartPool.forMass(target, looseMass, used); // what the tight depths took is not drawn again
    place(pool, loose, totals, slots, counts);
    for (int d = 0; d < counts.length; d++) {
      if (counts[d] == null) {
        counts[d] = new int[0];
      }
    }
    return counts;
  }

  /**
   * Shares the pool among the loose depths, largest values first (a value fits only a depth whose
   * remaining total is at least that large), each to a depth drawn in proportion to what it still
   * needs; what is left of a depth after the pool is exhausted is made of 1s outside it.
   */
  private void place(
      PartPool pool, List<Integer> depths, long[] totals, long[] slots, int[][] counts) {
    int n = depths.size();
    long[] need = new long[n];
    IntList[] parts = new IntList[n];
    for (int i = 0; i < n; i++) {
      need[i] = totals[depths.get(i)];
      parts[i] = new IntList();
    }
    for (int index = pool.largestAtMost(Long.MAX_VALUE);
        index >= 0;
        index = pool.largestAtMost(pool.valueAt(index) - 1)) {
      int value = pool.valueAt(index);
      for (long copies = pool.count(index); copies > 0; copies--) {
        long room = 0;
        for (int i = 0; i < n; i++) {
          room += need[i] >= value ? need[i] : 0;
        }
        if (room == 0) {
          break; // no depth has room for this value any more: it stays unused
        }
        long r = rng.nextLong(room);
        int i = 0;
        while (need[i] < value || r >= need[i]) {
          r -= need[i] >= value ? need[i] : 0;
          i++;
        }
        need[i] -= value;
        parts[i].add(value);
        pool.take(index);
      }
      if (index == 0) {
        break;
      }
    }
    for (int i = 0; i < n; i++) {
      int d = depths.get(i);
      for (; need[i] > 0; need[i]--) {
        parts[i].add(1); // the pool ran out of small values
        outsidePool++;
      }
      int[] a = parts[i].toArray();
      if (a.length > slots[d]) {
        a = merge(a, (int) slots[d]);
      }
      shuffle(a);
      counts[d] = a;
    }
  }

  /** Fewer parts with the same sum: the smallest ones folded together until they fit the slots. */
  private int[] merge(int[] parts, int slots) {
    java.util.PriorityQueue<Integer> q = new java.util.PriorityQueue<>();
    for (int p : parts) {
      q.add(p);
    }
    while (q.size() > slots) {
      q.add(q.poll() + q.poll());
      outsidePool++;
    }
    return q.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Counts made outside the pool (see the class comment). */
  long outsidePool() {
    return outsidePool;
  }

  private int[] fill(PartPool pool, long total, long slots, long[] used) {
    IntList out = new IntList();
    long left = total;
    long free = slots;
    while (left > 0) {
      if (free == 1) {
        take(pool, pool.indexOf(left), left, out, used);
        break;
      }
      int largest = pool.largestAtMost(left);
      double needed = (double) left / free;
      if (largest < 0 || needed > pool.valueAt(largest)) {
        spread(left, free, out); // even the largest values left cannot fill this depth
        break;
      }
      int index;
      if (needed > pool.mean()) {
        index = largest; // behind: large counts keep the depth within its directories
      } else {
        index = pool.drawIndexAtMost(left, rng); // not -1: the largest value at most left is there
      }
      left -= take(pool, index, 0, out, used);
      free--;
    }
    int[] parts = out.toArray();
    shuffle(parts);
    return parts;
  }

  /** Takes the value at {@code index}, or makes {@code value} outside the pool when index is -1. */
  private long take(PartPool pool, int index, long value, IntList out, long[] used) {
    if (index < 0) {
      out.add(checkedInt(value));
      outsidePool++;
      return value;
    }
    pool.take(index);
    used[index]++;
    out.add(pool.valueAt(index));
    return pool.valueAt(index);
  }

  private void spread(long left, long free, IntList out) {
    long n = Math.min(free, left);
    long each = left / n;
    long extra = left % n;
    for (long i = 0; i < n; i++) {
      out.add(checkedInt(each + (i < extra ? 1 : 0)));
    }
    outsidePool += n;
  }

  private static int checkedInt(long v) {
    if (v > Integer.MAX_VALUE) {
      throw new IllegalStateException("a directory would hold " + v + " entries");
    }
    return (int) v;
  }

  private void shuffle(int[] a) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** A growable int array. */
  static final class IntList {
    private int[] a = new int[16];
    private int n;

    void add(int v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, a.length * 2);
      }
      a[n++] = v;
    }

    int[] toArray() {
      return Arrays.copyOf(a, n);
    }
  }
}
