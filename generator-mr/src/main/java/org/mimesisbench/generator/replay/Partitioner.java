package org.mimesisbench.generator.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Deals a trace's paths to a replay's mappers so that the calls on a path keep their order: a
 * path's key is its first {@value #KEY_DEPTH} components ("/user/alice" for "/user/alice/x/y"); a
 * rename (or concat) joins the keys of its paths into one group, and so does a delete or rename of
 * a path above key depth with every key under it; each group goes whole to the mapper holding the
 * fewest calls so far, largest group first. Calls without a path (the cluster's) are a group of
 * their own.
 */
final class Partitioner {
  /** Components of a path that make its key. */
  static final int KEY_DEPTH = 2;

  static final String CLUSTER = "";

  private final Map<String, String> parent = new HashMap<>(); // union-find over keys
  private final Map<String, Long> calls = new HashMap<>();
  private final List<String> covering =
      new ArrayList<>(); // keys above key depth that a delete or rename moves

  /** The key of {@code path} (null for a call without a path). */
  static String key(String path) {
    if (path == null) {
      return CLUSTER;
    }
    int at = 0;
    for (int i = 0; i < KEY_DEPTH; i++) {
      int next = path.indexOf('/', at + 1);
      if (next < 0) {
        return path;
      }
      at = next;
    }
    return path.substring(0, at);
  }

  /** Adds a call on {@code path}, moving or joining it to {@code other} (null when none). */
  void add(String path, String other, boolean movesSubtree) {
    String k = key(path);
    calls.merge(find(k), 1L, Long::sum);
    if (other != null) {
      union(k, key(other));
    }
    if (movesSubtree && path != null && k.equals(path)) {
      covering.add(k);
    }
  }

  /** Joins two paths' groups (a concat's sources). */
  void join(String path, String other) {
    union(key(path), key(other));
  }

  /** Partition of every key, for {@code partitions} mappers (fewer when there are fewer groups). */
  Map<String, Integer> partition(int partitions) {
    for (String c : covering) {
      String prefix = c.equals("/") ? "/" : c + "/";
      for (String k : new ArrayList<>(parent.keySet())) {
        if (k.startsWith(prefix)) {
          union(c, k);
        }
      }
    }
    Map<String, Long> groupCalls = new TreeMap<>();
    Map<String, List<String>> members = new TreeMap<>();
    for (String k : parent.keySet()) {
      String root = find(k);
      members.computeIfAbsent(root, r -> new ArrayList<>()).add(k);
    }
    for (Map.Entry<String, Long> e : calls.entrySet()) {
      groupCalls.merge(find(e.getKey()), e.getValue(), Long::sum);
    }
    List<String> groups = new ArrayList<>(members.keySet());
    groups.sort(
        Comparator.comparing((String g) -> -groupCalls.getOrDefault(g, 0L)).thenComparing(g -> g));
    int n = Math.max(1, Math.min(partitions, groups.size()));
    long[] load = new long[n];
    Map<String, Integer> byKey = new HashMap<>();
    for (String g : groups) {
      int least = 0;
      for (int i = 1; i < n; i++) {
        if (load[i] < load[least]) {
          least = i;
        }
      }
      load[least] += groupCalls.getOrDefault(g, 0L);
      for (String k : members.get(g)) {
        byKey.put(k, least);
      }
    }
    return byKey;
  }

  private String find(String k) {
    String p = parent.putIfAbsent(k, k);
    if (p == null || p.equals(k)) {
      return k;
    }
    String root = find(p);
    parent.put(k, root);
    return root;
  }

  private void union(String a, String b) {
    String ra = find(a);
    String rb = find(b);
    if (!ra.equals(rb)) {
      // the smaller name stays the root: the same trace always gives the same groups
      String keep = ra.compareTo(rb) < 0 ? ra : rb;
      String gone = keep.equals(ra) ? rb : ra;
      parent.put(gone, keep);
      Long moved = calls.remove(gone);
      if (moved != null) {
        calls.merge(keep, moved, Long::sum);
      }
    }
  }
}
