package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * LivePaths against the first, plain version of it (a hash map of children per directory node) kept
 * here as the model: random puts, removes and directory queries on a few short paths, with empty
 * components and trailing slashes, and lives made files give the same answers and the same kinds. A
 * tiny node table to begin with makes hash collisions, removals among them and growth common.
 */
class LivePathsProperties {
  record Op(int kind, String path, int lifeKind) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<String> path =
        Arbitraries.of("a", "b", "cc", "", "d", "ee")
            .list()
            .ofMinSize(0)
            .ofMaxSize(4)
            .map(parts -> "/" + String.join("/", parts));
    return Combinators.combine(
            Arbitraries.integers().between(0, 5), path, Arbitraries.integers().between(0, 2))
        .as(Op::new)
        .list()
        .ofMaxSize(60);
  }

  @Property(tries = 3000)
  void answersAsTheMapTree(
      @ForAll("ops") List<Op> ops, @ForAll @IntRange(min = 1, max = 3) int slotBits) {
    LivePaths paths = new LivePaths(1 << slotBits);
    Model model = new Model();
    long id = 0;
    for (Op op : ops) {
      switch (op.kind()) {
        case 0, 1 -> {
          TracedEntry.Kind kind = TracedEntry.Kind.values()[op.lifeKind()];
          TracedEntry a = new TracedEntry(id, op.path(), kind);
          TracedEntry b = new TracedEntry(id++, op.path(), kind);
          paths.put(op.path(), a);
          model.put(op.path(), b);
        }
        case 2 -> {
          if (model.get(op.path()) != null && model.find(op.path()) == null) {
            continue; // an aliased path the model itself cannot remove
          }
          assertEquals(describe(model.remove(op.path())), describe(paths.remove(op.path())));
        }
        case 3 -> assertEquals(model.hasUnder(op.path()), paths.hasUnder(op.path()));
        case 4 -> { // an open or append: the path is a file's, even one taken for a directory
          TracedEntry life = paths.get(op.path());
          if (life != null) {
            paths.makeFile(life);
          }
          TracedEntry modelLife = model.get(op.path());
          if (modelLife != null) {
            modelLife.kind = TracedEntry.Kind.FILE;
          }
        }
        default ->
            assertEquals(
                describe(model.removeUnder(op.path())), describe(paths.removeUnder(op.path())));
      }
      assertEquals(describe(sorted(model.entries())), describe(sorted(entries(paths))));
    }
  }

  private static List<Map.Entry<String, TracedEntry>> entries(LivePaths paths) {
    List<Map.Entry<String, TracedEntry>> all = new ArrayList<>();
    paths.forEach((p, l) -> all.add(Map.entry(p, l)));
    return all;
  }

  private static List<Map.Entry<String, TracedEntry>> sorted(
      List<Map.Entry<String, TracedEntry>> l) {
    l.sort(Map.Entry.comparingByKey());
    return l;
  }

  private static String describe(TracedEntry l) {
    return l == null ? "null" : l.id + ":" + l.kind;
  }

  private static String describe(List<Map.Entry<String, TracedEntry>> l) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, TracedEntry> e : l) {
      sb.append(e.getKey()).append('=').append(describe(e.getValue())).append(' ');
    }
    return sb.toString();
  }

  /** LivePaths as first written. */
  private static final class Model {

    /** One path component; it holds a life when that path itself is live. */
    private static final class Node {
      private static final Map<String, Node> NONE = Map.of();
      Map<String, Node> children = NONE; // most nodes are files: no map until a first child
      Node parent;
      String name;
      TracedEntry life;

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

    private final Map<String, TracedEntry> byPath = new HashMap<>();
    private final Node root = new Node(null, "");

    TracedEntry get(String path) {
      return byPath.get(path);
    }

    /** Adds a path; its live ancestors are thereby directories, and so is it if it has children. */
    void put(String path, TracedEntry life) {
      byPath.put(path, life);
      Node node = root;
      int start = 1;
      while (start <= path.length()) {
        int slash = path.indexOf('/', start);
        int end = slash < 0 ? path.length() : slash;
        if (end > start) {
          if (node.life != null) {
            node.life.kind = TracedEntry.Kind.DIRECTORY;
          }
          node = node.child(path.substring(start, end));
        }
        start = end + 1;
      }
      node.life = life;
      if (life.kind == TracedEntry.Kind.UNKNOWN && !node.children.isEmpty()) {
        life.kind = TracedEntry.Kind.DIRECTORY;
      }
    }

    TracedEntry remove(String path) {
      TracedEntry life = byPath.remove(path);
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
    List<Map.Entry<String, TracedEntry>> removeUnder(String dir) {
      Node node = find(dir);
      if (node == null || node.children.isEmpty()) {
        return List.of();
      }
      List<Map.Entry<String, TracedEntry>> removed = new ArrayList<>();
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
    List<Map.Entry<String, TracedEntry>> entries() {
      List<Map.Entry<String, TracedEntry>> all = new ArrayList<>(byPath.size());
      byPath.forEach((p, l) -> all.add(Map.entry(p, l)));
      return all;
    }

    private void collect(Node node, String path, List<Map.Entry<String, TracedEntry>> into) {
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
}
