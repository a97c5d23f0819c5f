package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The paths alive now, each with its {@link FileLife}: a table by full path for the
 * per-event lookups, and a tree of path components that answers "everything under this
 * directory" for directory renames and deletes in time proportional to what is moved.
 *
 * <p>The tree's nodes sit in one open-addressing table keyed by (parent, component), so a walk
 * down a path reads the components in place: no substring and no map per directory.
 */
final class LivePaths {
  /** One path component; it holds a life when that path itself is live. */
  private static final class Node {
    final Node parent;
    final String name;
    final int serial; // identity for the children's keys
    final long key; // parent's serial and name's hash: one compare tells a node (rare collisions aside)
    final int hash; // of the key: where the table looks for it
    FileLife life;
    // children as a doubly linked list: a pruned child is unlinked in constant time
    Node firstChild;
    Node next;
    Node prev;

    Node(Node parent, String name, int serial, int nameHash) {
      this.parent = parent;
      this.name = name;
      this.serial = serial;
      this.key = key(parent, nameHash);
      this.hash = hash(key);
    }
  }

  private final LivesByPath byPath;
  private final Node root = new Node(null, "", 0, 0);
  private Node[] table; // every node but the root; linear probing
  private int nodes;
  private int serials = 1;

  LivePaths() {
    // small, so it fills and grows at once: the JIT then profiles probes that collide, as they
    // will; a big sparse table looks collision-free, and the first collisions cost a recompile
    this(16);
  }

  /** With tables of {@code slots} (a power of two) to begin with: tests make them tiny, to collide. */
  LivePaths(int slots) {
    table = new Node[slots];
    byPath = new LivesByPath(slots);
  }

  FileLife get(String path) {
    return byPath.get(path);
  }

  /** Adds a path; its live ancestors are thereby directories, and so is it if it has children. */
  void put(String path, FileLife life) {
    byPath.put(path, life);
    Node node = walk(path, true);
    node.life = life;
    if (life.kind == FileLife.Kind.UNKNOWN && node.firstChild != null) {
      life.kind = FileLife.Kind.DIRECTORY;
    }
  }

  FileLife remove(String path) {
    FileLife life = byPath.remove(path);
    if (life != null) {
      Node node = walk(path, false);
      node.life = null;
      prune(node);
    }
    return life;
  }

  boolean hasUnder(String dir) {
    Node node = walk(dir, false);
    return node != null && node.firstChild != null;
  }

  /** Removes and returns every live path strictly under {@code dir}, in path order. */
  List<Map.Entry<String, FileLife>> removeUnder(String dir) {
    Node node = walk(dir, false);
    if (node == null || node.firstChild == null) {
      return List.of();
    }
    List<Map.Entry<String, FileLife>> removed = new ArrayList<>();
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    for (Node child = node.firstChild; child != null; child = child.next) {
      collect(child, prefix + child.name, removed);
    }
    node.firstChild = null;
    prune(node);
    removed.sort(Map.Entry.comparingByKey()); // deterministic output, whatever the tree order
    return removed;
  }

  /** Every live path and its life, in no particular order, for the end of the trace. */
  void forEach(BiConsumer<String, FileLife> action) {
    byPath.forEach(action);
  }

  /**
   * The node of {@code path}'s components (empty ones skipped; the first character is taken for
   * the root's slash). {@code put} makes missing nodes and marks live ancestors as directories;
   * otherwise a missing node gives null.
   */
  private Node walk(String path, boolean put) {
    Node node = root;
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
        if (put && node.life != null) {
          node.life.kind = FileLife.Kind.DIRECTORY;
        }
        Node child = child(node, path, start, end, nameHash);
        if (child == null) {
          if (!put) {
            return null;
          }
          child = add(node, path.substring(start, end), nameHash);
        }
        node = child;
      }
      start = end + 1;
    }
    return node;
  }

  private static long key(Node parent, int nameHash) {
    return parent == null ? 0 : (long) parent.serial << 32 | (nameHash & 0xFFFF_FFFFL);
  }

  private static int hash(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private Node child(Node parent, String path, int start, int end, int nameHash) {
    long key = key(parent, nameHash);
    int mask = table.length - 1;
    int length = end - start;
    for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
      Node n = table[i];
      if (n == null) {
        return null;
      }
      if (n.key == key && n.name.length() == length && path.regionMatches(start, n.name, 0, length)) {
        return n;
      }
    }
  }

  private Node add(Node parent, String name, int nameHash) {
    if (2 * (nodes + 1) > table.length) {
      grow();
    }
    Node n = new Node(parent, name, serials++, nameHash);
    n.next = parent.firstChild;
    if (n.next != null) {
      n.next.prev = n;
    }
    parent.firstChild = n;
    place(n);
    nodes++;
    return n;
  }

  private void place(Node n) {
    int mask = table.length - 1;
    int i = n.hash & mask;
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = n;
  }

  private void grow() {
    Node[] old = table;
    table = new Node[old.length * 2];
    for (Node n : old) {
      if (n != null) {
        place(n);
      }
    }
  }

  /** Takes a node out of the table, shifting back the ones after it that probed past it. */
  private void drop(Node n) {
    int mask = table.length - 1;
    int i = n.hash & mask;
    while (table[i] != n) {
      i = (i + 1) & mask;
    }
    for (int j = (i + 1) & mask; table[j] != null; j = (j + 1) & mask) {
      int home = table[j].hash & mask;
      boolean staysPut = i <= j ? i < home && home <= j : i < home || home <= j;
      if (!staysPut) {
        table[i] = table[j];
        i = j;
      }
    }
    table[i] = null;
    nodes--;
  }

  private void collect(Node node, String path, List<Map.Entry<String, FileLife>> into) {
    if (node.life != null) {
      into.add(Map.entry(path, node.life));
      byPath.remove(path);
    }
    for (Node child = node.firstChild; child != null; child = child.next) {
      collect(child, path + "/" + child.name, into);
    }
    drop(node);
  }

  /** Drops nodes that hold no life and no children, up the tree. */
  private void prune(Node node) {
    while (node != root && node.life == null && node.firstChild == null) {
      if (node.prev != null) {
        node.prev.next = node.next;
      } else {
        node.parent.firstChild = node.next;
      }
      if (node.next != null) {
        node.next.prev = node.prev;
      }
      drop(node);
      node = node.parent;
    }
  }
}
