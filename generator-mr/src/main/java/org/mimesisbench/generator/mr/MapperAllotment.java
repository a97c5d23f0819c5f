package org.mimesisbench.generator.mr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How many phase-2 mappers share each file type. Every type gets at least the mappers per type
 * asked for; a type holding more than its even part of the run's operations gets more, in
 * proportion, so no mapper holds much more than the average. Without this, one heavy type (a single
 * type often holds half a profile's operations) runs alone on one mapper's issuer long after the
 * others finished, and at time scale 0 the run measures that one thread, not the NameNode. The
 * schedule does not depend on how a type is split, only the issuing does.
 */
public final class MapperAllotment {
  /** No type gets more mappers than this, however heavy: each holds three threads. */
  static final int MAX_PER_TYPE = 64;

  private MapperAllotment() {}

  /**
   * One task per mapper, for types with {@code opsByType} operations (types with none get none).
   */
  public static List<TaskSplit> tasks(Map<Integer, Long> opsByType, int perType) {
    long busy = opsByType.values().stream().filter(n -> n > 0).count();
    long total = opsByType.values().stream().mapToLong(Long::longValue).sum();
    double evenPart =
        (double) total / (busy * perType); // the average mapper's ops with perType each
    List<TaskSplit> tasks = new ArrayList<>();
    for (Map.Entry<Integer, Long> e : opsByType.entrySet()) {
      if (e.getValue() == 0) {
        continue;
      }
      int shares =
          (int)
              Math.min(MAX_PER_TYPE, Math.max(perType, Math.ceil(e.getValue() / evenPart - 1e-9)));
      for (int s = 0; s < shares; s++) {
        tasks.add(new TaskSplit(e.getKey(), s, shares));
      }
    }
    return tasks;
  }
}
