package org.mimesisbench.namespace.materialize;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.mimesisbench.namespace.generate.GeneratedNamespace;

/**
 * How a namespace is split for parallel creation, the same for everyone who computes it from the
 * same namespace and share count (so each mapper recomputes it and takes its own share). The
 * <em>top</em> is a few directories created first, one at a time, parents first; every other entry
 * lies in exactly one <em>unit</em>: a whole subtree under a top directory, or the files of a top
 * directory. A subtree heavier than a share's fair part is split into its directory (added to the
 * top) and its children's subtrees, so one deep chain or one giant subtree does not serialize the
 * run. Units are dealt to shares heaviest first, each to the lightest share so far.
 *
 * <p>Example: {@code MaterializePlan.of(ns, 8).share(3)} is mapper 3's list of units.
 */
public final class MaterializePlan {
  /** Split a subtree when it holds more than 1 / (SPLIT * shares) of all entries. */
  private static final int SPLIT = 4;

  /**
   * A subtree rooted at {@code dir}, or ({@code subtree} false) only the files of top directory
   * {@code dir}.
   */
  public record Unit(int dir, boolean subtree, long entries) {}

  private final int[] top;
  private final List<List<Unit>> shares;
  private final long entries;

  private MaterializePlan(int[] top, List<List<Unit>> shares, long entries) {
    this.top = top;
    this.shares = shares;
    this.entries = entries;
  }

  public static MaterializePlan of(GeneratedNamespace ns, int shareCount) {
    if (shareCount < 1) {
      throw new IllegalArgumentException("shares must be at least 1, not " + shareCount);
    }
    long[] weight = subtreeEntries(ns);
    long total = weight[0];
    long limit = Math.max(1, total / ((long) SPLIT * shareCount));
    List<Integer> top = new ArrayList<>();
    List<Unit> units = new ArrayList<>();
    PriorityQueue<Integer> open = new PriorityQueue<>((a, b) -> Long.compare(weight[b], weight[a]));
    open.add(0);
    while (!open.isEmpty()) {
      int d = open.poll();
      if (weight[d] <= limit || ns.subdirectories(d) == 0) {
        units.add(new Unit(d, true, weight[d]));
        continue;
      }
      top.add(d);
      if (ns.filesIn(d) > 0) {
        units.add(new Unit(d, false, ns.filesIn(d)));
      }
      for (int c = ns.firstChild(d), end = c + ns.subdirectories(d); c < end; c++) {
        open.add(c);
      }
    }
    int[] topDirs = top.stream().mapToInt(Integer::intValue).sorted().toArray();
    units.sort(
        (a, b) ->
            a.entries != b.entries
                ? Long.compare(b.entries, a.entries)
                : Integer.compare(a.dir, b.dir));
    List<List<Unit>> shares = new ArrayList<>();
    long[] load = new long[shareCount];
    for (int i = 0; i < shareCount; i++) {
      shares.add(new ArrayList<>());
    }
    for (Unit u : units) {
      int lightest = 0;
      for (int i = 1; i < shareCount; i++) {
        if (load[i] < load[lightest]) {
          lightest = i;
        }
      }
      shares.get(lightest).add(u);
      load[lightest] += u.entries;
    }
    for (List<Unit> s : shares) {
      s.sort(
          (a, b) ->
              Integer.compare(a.dir, b.dir)); // shallow first: reads well in progress and logs
    }
    return new MaterializePlan(topDirs, shares, total);
  }

  /** Entries in each directory's subtree: itself, its files, everything below. */
  private static long[] subtreeEntries(GeneratedNamespace ns) {
    int n = ns.directories() + 1;
    long[] w = new long[n];
    for (int d = n - 1; d >= 0; d--) { // breadth-first numbers: children after their parent
      long sum = 1 + ns.filesIn(d);
      for (int c = ns.firstChild(d), end = c + ns.subdirectories(d); c < end; c++) {
        sum += w[c];
      }
      w[d] = sum;
    }
    return w;
  }

  /** Directories to create before any share, in breadth-first order (parents first). */
  public int[] top() {
    return top.clone();
  }

  public int shareCount() {
    return shares.size();
  }

  public List<Unit> share(int i) {
    return List.copyOf(shares.get(i));
  }

  /** All entries of the namespace, the root included. */
  public long entries() {
    return entries;
  }

  @Override
  public String toString() {
    long[] load =
        shares.stream().mapToLong(s -> s.stream().mapToLong(Unit::entries).sum()).toArray();
    return "MaterializePlan{top=" + top.length + " dirs, shares=" + Arrays.toString(load) + "}";
  }
}
