package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The paths alive now, each with its {@link FileLife}: a hash map from full path for the
 * per-event lookups, and a tree of path components that answers "everything under this
 * directory" for directory renames and deletes in time proportional to what is moved.
 */
final class LivePaths {
  /** One path component; it holds a life when that path itself is live. */
  private static final class Node {
    private static final Map<String, Node> NONE = Map.of();
    Map<String, Node> children = NONE; // most nodes are files: no map until a first child
    Node parent;
    String name;
    FileLife life;

    Node(Node parent, String name) {
      this.parent = parent;
      this.name = name;
    }

    Node child(String childName) {
      if (children == NONE) {
        children = new HashMap<>(4);
      }
      return children.computeIfAbsent(childName, n -> new Node(this, n));
    }
  }

  private final Map<String, FileLife> byPath = new HashMap<>();
  private final Node root = new Node(null, "");

  FileLife get(String path) {
    return byPath.get(path);
  }

  /** Adds a path; its live ancestors are thereby directories, and so is it if it has children. */
  void put(String path, FileLife life) {
    byPath.put(path, life);
    Node node = root;
    int start = 1;
    while (start <= path.length()) {
      int slash = path.indexOf('/', start);
      int end = slash < 0 ? path.length() : slash;
      if (end > start) {
        if (node.life != null) {
          node.life.kind = FileLife.Kind.DIRECTORY;
        }
        node = node.child(path.substring(start, end));
      }
      start = end + 1;
    }
    node.life = life;
    if (life.kind == FileLife.Kind.UNKNOWN && !node.children.isEmpty()) {
      life.kind = FileLife.Kind.DIRECTORY;
    }
  }

  FileLife remove(String path) {
    FileLife life = byPath.remove(path);
    if (life != null) {
      Node node = find(path);
      node.life = null;
      prune(node);
    }
    return life;
  }

  boolean hasUnder(String dir) {
    Node node = find(dir);
    return node != null && !node.children.isEmpty();
  }

  /** Removes and returns every live path strictly under {@code dir}, in path order. */
  List<Map.Entry<String, FileLife>> removeUnder(String dir) {
    Node node = find(dir);
    if (node == null || node.children.isEmpty()) {
      return List.of();
    }
    List<Map.Entry<String, FileLife>> removed = new ArrayList<>();
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    for (Node child : node.children.values()) {
      collect(child, prefix + child.name, removed);
    }
    node.children = Node.NONE;
    prune(node);
    removed.sort(Map.Entry.comparingByKey()); // deterministic output, whatever the hash order
    return removed;
  }

  /** All live entries, for the end of the trace. */
  List<Map.Entry<String, FileLife>> entries() {
    List<Map.Entry<String, FileLife>> all = new ArrayList<>(byPath.size());
    byPath.forEach((p, l) -> all.add(Map.entry(p, l)));
    return all;
  }

  private void collect(Node node, String path, List<Map.Entry<String, FileLife>> into) {
    if (node.life != null) {
      into.add(Map.entry(path, node.life));
      byPath.remove(path);
    }
    for (Node child : node.children.values()) {
      collect(child, path + "/" + child.name, into);
    }
  }

  private Node find(String path) {
    Node node = root;
    int start = 1;
    while (node != null && start <= path.length()) {
      int slash = path.indexOf('/', start);
      int end = slash < 0 ? path.length() : slash;
      if (end > start) {
        node = node.children.get(path.substring(start, end));
      }
      start = end + 1;
    }
    return node;
  }

  /** Drops nodes that hold no life and no children, up the tree. */
  private void prune(Node node) {
    while (node != root && node.life == null && node.children.isEmpty()) {
      node.parent.children.remove(node.name);
      node = node.parent;
    }
  }
}
