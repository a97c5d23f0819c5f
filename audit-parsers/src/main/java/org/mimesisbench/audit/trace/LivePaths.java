package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The paths alive now, each with its {@link TracedEntry}: a table by full path for the per-event
 * lookups, and a tree of path components that answers "everything under this directory" for
 * directory renames and deletes in time proportional to what is moved.
 *
 * <p>The tree's nodes sit in one open-addressing table keyed by (parent, component), so a walk down
 * a path reads the components in place: no substring and no map per directory. Nodes are numbers
 * into parallel arrays, not objects: links and table slots are numbers, which G1 stores without
 * write barriers, and the only references (names, lives) go to arrays by node number, handed out
 * densely so that their stores share G1's cards instead of dirtying one each.
 */
final class LivePaths {
  private static final int ROOT = 0; // never in the table
  private static final int NONE = -1;

  private final LivesByPath byPath;
  // by node number: one path component, with a life when that path itself is live
  private String[] names = new String[16];
  private TracedEntry[] lives = new TracedEntry[16];
  private int[] parents = new int[16];
  // children as a doubly linked list: a pruned child is unlinked in constant time
  private int[] firstChilds = new int[16];
  private int[] nexts = new int[16];
  private int[] prevs = new int[16];
  private long[] keys =
      new long
          [16]; // parent's number and name's hash: one compare tells a node (rare collisions aside)
  private int[] hashes = new int[16]; // of the key: where the table looks for it
  private int[] freeNodes = new int[16]; // numbers of dropped nodes, the latest last: reused first
  private int freeCount;
  private int nodesUsed = 1; // numbers ever handed out, the root's included
  // every node but the root, linear probing: slot i holds at 2i the node's number (0 for empty)
  // and at 2i + 1 its key, side by side, so a probe reads one line of memory, not two
  private long[] table;
  private int nodes;

  LivePaths() {
    // small, so it fills and grows at once: the JIT then profiles probes that collide, as they
    // will; a big sparse table looks collision-free, and the first collisions cost a recompile
    this(16);
  }

  /**
   * With tables of {@code slots} (a power of two) to begin with: tests make them tiny, to collide.
   */
  LivePaths(int slots) {
    table = new long[2 * slots];
    byPath = new LivesByPath(slots);
    names[ROOT] = "";
    parents[ROOT] = NONE;
    firstChilds[ROOT] = NONE;
  }

  TracedEntry get(String path) {
    return byPath.get(path);
  }

  /** Adds a path; its live ancestors are thereby directories, and so is it if it has children. */
  void put(String path, TracedEntry life) {
    byPath.put(path, life);
    int node = walk(path, true);
    lives[node] = life;
    if (life.kind == TracedEntry.Kind.UNKNOWN && firstChilds[node] != NONE) {
      life.kind = TracedEntry.Kind.DIRECTORY;
    }
  }

  TracedEntry remove(String path) {
    TracedEntry life = byPath.remove(path);
    if (life != null) {
      int node = walk(path, false);
      lives[node] = null;
      prune(node);
    }
    return life;
  }

  boolean hasUnder(String dir) {
    int node = walk(dir, false);
    return node != NONE && firstChilds[node] != NONE;
  }

  /** Removes and returns every live path strictly under {@code dir}, in path order. */
  List<Map.Entry<String, TracedEntry>> removeUnder(String dir) {
    int node = walk(dir, false);
    if (node == NONE || firstChilds[node] == NONE) {
      return List.of();
    }
    List<Map.Entry<String, TracedEntry>> removed = new ArrayList<>();
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    for (int child = firstChilds[node]; child != NONE; ) {
      int next = nexts[child]; // read before collect frees the child's number
      collect(child, prefix + names[child], removed);
      child = next;
    }
    firstChilds[node] = NONE;
    prune(node);
    removed.sort(Map.Entry.comparingByKey()); // deterministic output, whatever the tree order
    return removed;
  }

  /** Every live path and its life, in no particular order, for the end of the trace. */
  void forEach(BiConsumer<String, TracedEntry> action) {
    byPath.forEach(action);
  }

  /**
   * The node of {@code path}'s components (empty ones skipped; the first character is taken for the
   * root's slash). {@code put} makes missing nodes and marks live ancestors as directories;
   * otherwise a missing node gives NONE.
   */
  private int walk(String path, boolean put) {
    int node = ROOT;
    int length = path.length();
    int start = 1;
    while (start <= length) {
      int end = start;
      int nameHash = 0;
      char c;
      while (end < length && (c = path.charAt(end)) != '/') {
        nameHash = 31 * nameHash + c;
        end++;
      }
      if (end > start) {
        if (put && lives[node] != null && lives[node].kind != TracedEntry.Kind.DIRECTORY) {
          TracedEntry made = lives[node];
          if (made.absent && made.kind == TracedEntry.Kind.UNKNOWN) {
            made.probes =
                made.accesses; // made now, under a create or mkdirs: what came before were probes
          }
          made.kind = TracedEntry.Kind.DIRECTORY; // stored only when it changes: a G1 card less
        }
        int child = child(node, path, start, end, nameHash);
        if (child == NONE) {
          if (!put) {
            return NONE;
          }
          child = add(node, path.substring(start, end), nameHash);
        }
        node = child;
      }
      start = end + 1;
    }
    return node;
  }

  private static long key(int parent, int nameHash) {
    return (long) parent << 32 | (nameHash & 0xFFFF_FFFFL);
  }

  private static int hash(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private int child(int parent, String path, int start, int end, int nameHash) {
    long key = key(parent, nameHash);
    int mask = table.length / 2 - 1;
    int length = end - start;
    for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
      int n = (int) table[2 * i];
      if (n == 0) {
        return NONE;
      }
      if (table[2 * i + 1] == key
          && names[n].length() == length
          && path.regionMatches(start, names[n], 0, length)) {
        return n;
      }
    }
  }

  private int add(int parent, String name, int nameHash) {
    if (4 * (nodes + 1) > table.length) { // at most half the slots full
      grow();
    }
    int n = newNode();
    names[n] = name;
    parents[n] = parent;
    firstChilds[n] = NONE;
    keys[n] = key(parent, nameHash);
    hashes[n] = hash(keys[n]);
    nexts[n] = firstChilds[parent];
    prevs[n] = NONE;
    if (nexts[n] != NONE) {
      prevs[nexts[n]] = n;
    }
    firstChilds[parent] = n;
    place(n);
    nodes++;
    return n;
  }

  private int newNode() {
    if (freeCount > 0) {
      return freeNodes[--freeCount];
    }
    if (nodesUsed == names.length) {
      int capacity = names.length * 2;
      names = Arrays.copyOf(names, capacity);
      lives = Arrays.copyOf(lives, capacity);
      parents = Arrays.copyOf(parents, capacity);
      firstChilds = Arrays.copyOf(firstChilds, capacity);
      nexts = Arrays.copyOf(nexts, capacity);
      prevs = Arrays.copyOf(prevs, capacity);
      keys = Arrays.copyOf(keys, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
    }
    return nodesUsed++;
  }

  private void place(int n) {
    int mask = table.length / 2 - 1;
    int i = hashes[n] & mask;
    while (table[2 * i] != 0) {
      i = (i + 1) & mask;
    }
    table[2 * i] = n;
    table[2 * i + 1] = keys[n];
  }

  private void grow() {
    long[] old = table;
    table = new long[old.length * 2];
    for (int i = 0; i < old.length; i += 2) {
      if (old[i] != 0) {
        place((int) old[i]);
      }
    }
  }

  /**
   * Takes a node out of the table, shifting back the ones after it that probed past it, and frees
   * its number; its children are gone already, so no key still names it as a parent.
   */
  private void drop(int n) {
    int mask = table.length / 2 - 1;
    int i = hashes[n] & mask;
    while (table[2 * i] != n) {
      i = (i + 1) & mask;
    }
    for (int j = (i + 1) & mask; table[2 * j] != 0; j = (j + 1) & mask) {
      int home = hash(table[2 * j + 1]) & mask;
      // home in (i, j], the probe wrapped or not: no branch on the rare wrap, whose first
      // occurrence would otherwise deoptimize the trace builder's compiled code
      boolean staysPut = ((j - home) & mask) < ((j - i) & mask);
      if (!staysPut) {
        table[2 * i] = table[2 * j];
        table[2 * i + 1] = table[2 * j + 1];
        i = j;
      }
    }
    table[2 * i] = 0;
    nodes--;
    names[n] = null;
    lives[n] = null;
    if (freeCount == freeNodes.length) {
      freeNodes = Arrays.copyOf(freeNodes, freeCount * 2);
    }
    freeNodes[freeCount++] = n;
  }

  private void collect(int node, String path, List<Map.Entry<String, TracedEntry>> into) {
    if (lives[node] != null) {
      into.add(Map.entry(path, lives[node]));
      byPath.remove(path);
    }
    for (int child = firstChilds[node]; child != NONE; ) {
      int next = nexts[child]; // read before collect frees the child's number
      collect(child, path + "/" + names[child], into);
      child = next;
    }
    drop(node);
  }

  /** Drops nodes that hold no life and no children, up the tree. */
  private void prune(int node) {
    while (node != ROOT && lives[node] == null && firstChilds[node] == NONE) {
      int parent = parents[node];
      if (prevs[node] != NONE) {
        nexts[prevs[node]] = nexts[node];
      } else {
        firstChilds[parent] = nexts[node];
      }
      if (nexts[node] != NONE) {
        prevs[nexts[node]] = prevs[node];
      }
      drop(node);
      node = parent;
    }
  }
}
