package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The paths alive now, each with its {@link FileLife}. A hash map answers the per-event
 * lookups; a sorted map answers "everything under this directory" for directory renames and
 * deletes in time proportional to what is moved, not to the namespace.
 */
final class LivePaths {
  private final Map<String, FileLife> byPath = new HashMap<>();
  private final TreeMap<String, FileLife> sorted = new TreeMap<>();

  FileLife get(String path) {
    return byPath.get(path);
  }

  /** Adds a path; its known ancestors are thereby directories. */
  void put(String path, FileLife life) {
    byPath.put(path, life);
    sorted.put(path, life);
    for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      FileLife ancestor = byPath.get(path.substring(0, slash));
      if (ancestor != null) {
        ancestor.kind = FileLife.Kind.DIRECTORY;
      }
    }
    if (life.kind == FileLife.Kind.UNKNOWN && hasUnder(path)) {
      life.kind = FileLife.Kind.DIRECTORY;
    }
  }

  FileLife remove(String path) {
    FileLife life = byPath.remove(path);
    if (life != null) {
      sorted.remove(path);
    }
    return life;
  }

  boolean hasUnder(String dir) {
    return !under(dir).isEmpty();
  }

  /** Removes and returns every path strictly under {@code dir}, in path order. */
  List<Map.Entry<String, FileLife>> removeUnder(String dir) {
    NavigableMap<String, FileLife> range = under(dir);
    if (range.isEmpty()) {
      return List.of();
    }
    List<Map.Entry<String, FileLife>> removed = new ArrayList<>(range.size());
    for (Map.Entry<String, FileLife> e : range.entrySet()) {
      removed.add(Map.entry(e.getKey(), e.getValue()));
      byPath.remove(e.getKey());
    }
    range.clear();
    return removed;
  }

  /** All live entries, for the end of the trace. */
  Iterable<Map.Entry<String, FileLife>> entries() {
    return sorted.entrySet();
  }

  private NavigableMap<String, FileLife> under(String dir) {
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    // every path starting with "x/" sorts before "x0", '0' being the character after '/'
    String end = prefix.substring(0, prefix.length() - 1) + '0';
    return sorted.subMap(prefix, true, end, false);
  }
}
