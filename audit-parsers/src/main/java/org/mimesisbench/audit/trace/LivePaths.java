package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The paths alive now, each with its {@link TracedEntry}: a tree of path components that answers
 * both the per-event lookups by full path and "everything under this directory" for directory
 * renames and deletes in time proportional to what is moved.
 *
 * <p>The tree's nodes sit in one open-addressing table keyed by their whole path (empty components
 * dropped, the first character taken for the root's slash), so finding a node is one probe on the
 * path's own cached hash, and adding one probes the path's prefixes from the longest until it meets
 * a node: on logs where most paths are new, a walk down component by component was a chain of cache
 * misses per level. A node keeps its path as a String, the very one the log gave when the path is
 * in that form (as every confined path is): no string of its own. Nodes are numbers into parallel
 * arrays, not objects: links and table slots are numbers, which G1 stores without write barriers,
 * and the only references (paths, lives) go to arrays by node number, handed out densely so that
 * their stores share G1's cards instead of dirtying one each.
 *
 * <p>A path is live under the very key it was put with: one in the nodes' form is kept at its node
 * ({@code named}), so a lookup is the one probe of the node table that the tree needs anyway; any
 * other key ({@code "/"}, a value with no leading '/' or with empty components, rare in a log), in
 * a small table of its own. A key in the nodes' form whose node has gone waits in that table too,
 * until its node is made again.
 */
final class LivePaths {
  private static final int ROOT = 0; // never in the table
  private static final int NONE = -1;

  private final LivesByPath others; // the lives of keys not kept at their node
  // by node number: its path, with a life when that path itself is live (under any key naming it)
  private String[] paths = new String[16];
  private TracedEntry[] lives = new TracedEntry[16];
  private TracedEntry[] named = new TracedEntry[16]; // the life put under the node's own path
  private int[] parents = new int[16];
  // children as a doubly linked list: a pruned child is unlinked in constant time
  private int[] firstChilds = new int[16];
  private int[] nexts = new int[16];
  private int[] prevs = new int[16];
  private int[] hashes = new int[16]; // the path's String hash: where the table looks for it
  // the epoch in which a walk up from the node found no life but directories' on the way to the
  // root: a later walk stops there (markAncestors). A step that may put another life on such a way
  // starts a new epoch, which voids every mark; on a log those are rare.
  private int[] walked = new int[16];
  private int epoch = 1;
  private int[] freeNodes = new int[16]; // numbers of dropped nodes, the latest last: reused first
  private int freeCount;
  private int nodesUsed = 1; // numbers ever handed out, the root's included
  // every node but the root, linear probing: slot i holds at 2i the node's number (0 for empty)
  // and at 2i + 1 its path's hash, side by side, so a probe reads one line of memory, not two
  private int[] table;
  private int nodes;
  // where a new path's separators are, and its prefixes' hashes up to each
  private int[] separators = new int[16];
  private int[] prefixHashes = new int[16];
  private String[] prefixes = new String[16]; // and the prefixes looked up, while it is added

  LivePaths() {
    // small, so it fills and grows at once: the JIT then profiles probes that collide, as they
    // will; a big sparse table looks collision-free, and the first collisions cost a recompile
    this(16);
  }

  /**
   * With tables of {@code slots} (a power of two) to begin with: tests make them tiny, to collide.
   */
  LivePaths(int slots) {
    table = new int[2 * slots];
    others = new LivesByPath(slots);
    paths[ROOT] = "/";
    parents[ROOT] = NONE;
    firstChilds[ROOT] = NONE;
  }

  TracedEntry get(String path) {
    int node = find(path, path.hashCode());
    if (node != NONE) {
      return named[node]; // the table holds only paths in the nodes' form: this one is
    }
    return others.size() == 0 ? null : others.get(path);
  }

  /** Adds a path; its live ancestors are thereby directories, and so is it if it has children. */
  void put(String path, TracedEntry life) {
    int node = nodeOf(path, true);
    if (isNamed(path, node)) {
      named[node] = life;
    } else {
      others.put(path, life);
    }
    lives[node] = life;
    if (life.kind == TracedEntry.Kind.UNKNOWN && firstChilds[node] != NONE) {
      life.kind = TracedEntry.Kind.DIRECTORY;
    }
    if (life.kind != TracedEntry.Kind.DIRECTORY && walked[node] == epoch) {
      epoch++;
    }
  }

  /** The live {@code life} is a file's, whatever it was taken for until now. */
  void makeFile(TracedEntry life) {
    if (life.kind != TracedEntry.Kind.FILE) { // stored only when it changes: a G1 card less
      if (life.kind == TracedEntry.Kind.DIRECTORY) {
        epoch++; // walks through it marked their way as holding directories only
      }
      life.kind = TracedEntry.Kind.FILE;
    }
  }

  TracedEntry remove(String path) {
    int node = nodeOf(path, false);
    TracedEntry life;
    if (node != NONE && isNamed(path, node)) {
      life = named[node];
      named[node] = null;
    } else {
      life = others.size() == 0 ? null : others.remove(path);
    }
    if (life != null) {
      lives[node] = null;
      prune(node);
    }
    return life;
  }

  boolean hasUnder(String dir) {
    int node = nodeOf(dir, false);
    return node != NONE && firstChilds[node] != NONE;
  }

  /** Removes and returns every live path strictly under {@code dir}, in path order. */
  List<Map.Entry<String, TracedEntry>> removeUnder(String dir) {
    int node = nodeOf(dir, false);
    if (node == NONE || firstChilds[node] == NONE) {
      return List.of();
    }
    List<Map.Entry<String, TracedEntry>> removed = new ArrayList<>();
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    // a descendant's path as this dir names it: its own path when dir is in the nodes' form
    int relative = node == ROOT ? 1 : paths[node].length() + 1;
    boolean asNamed =
        prefix.length() == relative && paths[node].regionMatches(0, prefix, 0, relative - 1);
    for (int child = firstChilds[node]; child != NONE; ) {
      int next = nexts[child]; // read before collect frees the child's number
      collect(child, prefix, relative, asNamed, removed);
      child = next;
    }
    firstChilds[node] = NONE;
    prune(node);
    removed.sort(Map.Entry.comparingByKey()); // deterministic output, whatever the tree order
    return removed;
  }

  /** Every live path and its life, in no particular order, for the end of the trace. */
  void forEach(BiConsumer<String, TracedEntry> action) {
    for (int n = 1; n < nodesUsed; n++) {
      if (named[n] != null) {
        action.accept(paths[n], named[n]);
      }
    }
    others.forEach(action);
  }

  /** Whether {@code path}, which leads to {@code node}, is that node's own path. */
  private boolean isNamed(String path, int node) {
    return node != ROOT && path.equals(paths[node]); // the same String, nearly always
  }

  /**
   * The node of {@code path}. {@code put} makes missing nodes and marks live ancestors as
   * directories; otherwise a missing node gives NONE.
   */
  private int nodeOf(String path, boolean put) {
    int node = find(path, path.hashCode());
    if (node == NONE) {
      String whole = wholePath(path);
      if (whole.length() == 1) {
        return ROOT; // no component: the root, whose ancestors there are none to mark
      }
      if (whole != path) {
        node = find(whole, whole.hashCode());
      }
      if (node == NONE) {
        return put ? add(whole) : NONE;
      }
    }
    if (put) {
      markAncestors(parents[node]);
    }
    return node;
  }

  /**
   * {@code path} as nodes name it: "/" then its non-empty components after the first character,
   * joined by '/'; the same String when it is in that form already.
   */
  private static String wholePath(String path) {
    int length = path.length();
    if (length > 0
        && path.charAt(0) == '/'
        && (length == 1 || path.charAt(length - 1) != '/')
        && path.indexOf("//") < 0) {
      return path;
    }
    StringBuilder whole = new StringBuilder(length + 1);
    int start = 1;
    while (start <= length) {
      int slash = path.indexOf('/', start);
      int end = slash < 0 ? length : slash;
      if (end > start) {
        whole.append('/').append(path, start, end);
      }
      start = end + 1;
    }
    return whole.length() == 0 ? "/" : whole.toString();
  }

  /**
   * Adds the node of {@code path} (in the nodes' form, not the root) and those of its prefixes that
   * are missing; the live lives of those already there are thereby directories.
   */
  private int add(String path) {
    int length = path.length();
    int count = 0; // separators after the root's
    int h = '/';
    for (int i = 1; i < length; i++) {
      char c = path.charAt(i);
      if (c == '/') {
        if (count == separators.length) {
          separators = Arrays.copyOf(separators, 2 * count);
          prefixHashes = Arrays.copyOf(prefixHashes, 2 * count);
        }
        separators[count] = i;
        prefixHashes[count++] = h;
      }
      h = 31 * h + c;
    }
    if (prefixes.length < count) {
      prefixes = new String[separators.length];
    }
    int k = count; // the longest prefix with a node: k separators, or 0 for the root
    int parent = ROOT;
    while (k > 0) {
      // a String of its own, compared by equals: an intrinsic with no branch of its own to be
      // profiled, where a rare mismatch in a region compare deoptimized the trace builder
      prefixes[k - 1] = path.substring(0, separators[k - 1]);
      parent = find(prefixes[k - 1], prefixHashes[k - 1]);
      if (parent != NONE) {
        break;
      }
      k--;
    }
    if (k == 0) {
      parent = ROOT;
    }
    markAncestors(parent);
    for (; k < count; k++) {
      parent = newChild(parent, prefixes[k], prefixHashes[k]);
    }
    Arrays.fill(prefixes, 0, count, null); // the table keeps the ones it needs
    return newChild(parent, path, h);
  }

  /** The live lives of {@code node} and its ancestors are directories. */
  private void markAncestors(int node) {
    int from = node;
    for (; node != NONE && walked[node] != epoch; node = parents[node]) {
      TracedEntry made = lives[node];
      if (made != null && made.kind != TracedEntry.Kind.DIRECTORY) {
        if (made.absent && made.kind == TracedEntry.Kind.UNKNOWN) {
          made.probes =
              made.accesses; // made now, under a create or mkdirs: what came before were probes
        }
        made.kind = TracedEntry.Kind.DIRECTORY; // stored only when it changes: a G1 card less
      }
    }
    for (int n = from; n != node; n = parents[n]) {
      walked[n] = epoch;
    }
  }

  private static int spread(int h) {
    h *= 0x9E3779B9; // sibling paths' String hashes are close: spread them over the table
    return h ^ (h >>> 16);
  }

  /** The node whose path is {@code path}, hashing to {@code h}. */
  private int find(String path, int h) {
    int mask = table.length / 2 - 1;
    for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
      int n = table[2 * i];
      if (n == 0) {
        return NONE;
      }
      // another hash gives null, which equals rejects at once: the branch on equals sees both
      // outcomes from the start, where a rare full hash collision would deoptimize the caller
      String candidate = table[2 * i + 1] == h ? paths[n] : null;
      if (path.equals(candidate)) {
        return n;
      }
    }
  }

  private int newChild(int parent, String path, int h) {
    if (4 * (nodes + 1) > table.length) { // at most half the slots full
      grow();
    }
    int n = newNode();
    paths[n] = path;
    parents[n] = parent;
    firstChilds[n] = NONE;
    hashes[n] = h;
    walked[n] = 0; // no epoch's
    nexts[n] = firstChilds[parent];
    prevs[n] = NONE;
    if (nexts[n] != NONE) {
      prevs[nexts[n]] = n;
    }
    firstChilds[parent] = n;
    if (others.size() != 0) { // its path may have been live while it had no node
      named[n] = others.remove(path);
    }
    place(n);
    nodes++;
    return n;
  }

  private int newNode() {
    if (freeCount > 0) {
      return freeNodes[--freeCount];
    }
    if (nodesUsed == paths.length) {
      int capacity = paths.length * 2;
      paths = Arrays.copyOf(paths, capacity);
      lives = Arrays.copyOf(lives, capacity);
      named = Arrays.copyOf(named, capacity);
      parents = Arrays.copyOf(parents, capacity);
      firstChilds = Arrays.copyOf(firstChilds, capacity);
      nexts = Arrays.copyOf(nexts, capacity);
      prevs = Arrays.copyOf(prevs, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
      walked = Arrays.copyOf(walked, capacity);
    }
    return nodesUsed++;
  }

  private void place(int n) {
    int mask = table.length / 2 - 1;
    int i = spread(hashes[n]) & mask;
    while (table[2 * i] != 0) {
      i = (i + 1) & mask;
    }
    table[2 * i] = n;
    table[2 * i + 1] = hashes[n];
  }

  private void grow() {
    int[] old = table;
    table = new int[old.length * 2];
    for (int i = 0; i < old.length; i += 2) {
      if (old[i] != 0) {
        place(old[i]);
      }
    }
  }

  /**
   * Takes a node out of the table, shifting back the ones after it that probed past it, and frees
   * its number; its children are gone already, so no node still names it as a parent.
   */
  private void drop(int n) {
    int mask = table.length / 2 - 1;
    int i = spread(hashes[n]) & mask;
    while (table[2 * i] != n) {
      i = (i + 1) & mask;
    }
    for (int j = (i + 1) & mask; table[2 * j] != 0; j = (j + 1) & mask) {
      int home = spread(table[2 * j + 1]) & mask;
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
    if (named[n] != null) { // its path stays live, as a key with no node
      others.put(paths[n], named[n]);
      named[n] = null;
    }
    paths[n] = null;
    lives[n] = null;
    if (freeCount == freeNodes.length) {
      freeNodes = Arrays.copyOf(freeNodes, freeCount * 2);
    }
    freeNodes[freeCount++] = n;
  }

  /**
   * Removes {@code node} and all under it into {@code into}, each path named under {@code prefix}:
   * the part of the node's path from {@code relative} on, after it; or the node's own path when
   * {@code asNamed}.
   */
  private void collect(
      int node,
      String prefix,
      int relative,
      boolean asNamed,
      List<Map.Entry<String, TracedEntry>> into) {
    if (lives[node] != null) {
      String path = asNamed ? paths[node] : prefix + paths[node].substring(relative);
      into.add(Map.entry(path, lives[node]));
      if (asNamed) {
        named[node] = null;
      } else if (others.size() != 0) {
        others.remove(path); // a key not in the nodes' form: the node's own stays live
      }
    }
    for (int child = firstChilds[node]; child != NONE; ) {
      int next = nexts[child]; // read before collect frees the child's number
      collect(child, prefix, relative, asNamed, into);
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
