package org.mimesisbench.generator.mr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Phase 2's shares placed in mappers: one share per mapper when the cluster can run them all at
 * once, else several shares per mapper (each on its own issuing pipeline, so the statistics stay
 * per type), the busiest share first into the least busy mapper, so no mapper holds much more than
 * the others. The schedule does not depend on the packing, only which JVM issues it.
 */
public final class MapperPacking {
  private MapperPacking() {}

  /**
   * The shares of {@code opsByType} for a run of {@code mappers} mappers in all: the allotment of
   * {@code perType} per type, split finer when that gives fewer shares than mappers (so each mapper
   * has one), then packed into {@code mappers}; null mappers: one per share.
   */
  public static List<List<TaskSplit>> mappers(
      Map<Integer, Long> opsByType, int perType, Integer mappers) {
    List<TaskSplit> tasks = MapperAllotment.tasks(opsByType, perType);
    if (mappers == null) {
      return pack(tasks, opsByType, tasks.size());
    }
    for (int more = perType + 1;
        tasks.size() < mappers && more <= MapperAllotment.MAX_PER_TYPE;
        more++) {
      tasks = MapperAllotment.tasks(opsByType, more);
    }
    return pack(tasks, opsByType, mappers);
  }

  /** {@code tasks} in at most {@code mappers} mappers, the busiest first into the least busy. */
  public static List<List<TaskSplit>> pack(
      List<TaskSplit> tasks, Map<Integer, Long> opsByType, int mappers) {
    int n = Math.max(1, Math.min(mappers, tasks.size()));
    List<List<TaskSplit>> packed = new ArrayList<>();
    long[] load = new long[n];
    for (int i = 0; i < n; i++) {
      packed.add(new ArrayList<>());
    }
    Comparator<TaskSplit> busiest = Comparator.comparingDouble((TaskSplit t) -> -ops(t, opsByType));
    for (TaskSplit t :
        tasks.stream()
            .sorted(busiest.thenComparing(TaskSplit::type).thenComparing(TaskSplit::share))
            .toList()) {
      int least = 0;
      for (int i = 1; i < n; i++) {
        if (load[i] < load[least]) {
          least = i;
        }
      }
      packed.get(least).add(t);
      load[least] += Math.round(ops(t, opsByType));
    }
    packed.removeIf(List::isEmpty);
    return packed;
  }

  private static double ops(TaskSplit t, Map<Integer, Long> opsByType) {
    return opsByType.getOrDefault(t.type(), 0L) / (double) t.shares();
  }
}
