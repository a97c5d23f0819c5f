package org.mimesisbench.namespace.image;

import org.mimesisbench.namespace.generate.GeneratedNamespace;

/**
 * When each entry of a generated namespace was made, as a position in the order a client creating
 * it would go: depth first, a directory, its files, then its subdirectories (the order of {@link
 * GeneratedNamespace#walk}). Its root is 0, its file i of directory d is {@code position(d) + 1 +
 * i}. Two longs per directory, none per file.
 */
final class EntryTimes {
  private final GeneratedNamespace ns;
  private final long[] position; // by directory
  private final long[] lastChild; // by directory: position of the last entry made directly in it

  EntryTimes(GeneratedNamespace ns) {
    this.ns = ns;
    int n = ns.directories() + 1;
    long[] subtree = new long[n]; // entries in each directory's subtree, itself included
    for (int d = n - 1; d >= 0; d--) { // breadth-first numbers: children come after their parent
      long sum = 1 + ns.filesIn(d);
      for (int c = ns.firstChild(d), end = c + ns.subdirectories(d); c < end; c++) {
        sum += subtree[c];
      }
      subtree[d] = sum;
    }
    position = new long[n];
    for (int d = 0; d < n; d++) {
      long next = position[d] + 1 + ns.filesIn(d);
      for (int c = ns.firstChild(d), end = c + ns.subdirectories(d); c < end; c++) {
        position[c] = next;
        next += subtree[c];
      }
    }
    lastChild = subtree; // reused: subtree sizes are no longer needed once positions are known
    for (int d = 0; d < n; d++) {
      int subdirs = ns.subdirectories(d);
      lastChild[d] =
          subdirs > 0 ? position[ns.firstChild(d) + subdirs - 1] : position[d] + ns.filesIn(d);
    }
  }

  long position(int dir) {
    return position[dir];
  }

  /** The position of the last entry made directly in {@code dir} (itself when it is empty). */
  long lastChild(int dir) {
    return lastChild[dir];
  }
}
