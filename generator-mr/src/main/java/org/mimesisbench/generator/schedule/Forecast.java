package org.mimesisbench.generator.schedule;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongConsumer;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;

/**
 * The operations a run's schedule holds, counted without issuing any: what a complete run issues,
 * exactly, since the schedule is a function of the profile, the options and the seed.
 */
public final class Forecast {
  private Forecast() {}

  /** Operations per op of every type phase 2 runs; {@code onFile} sees the files counted so far. */
  public static Map<Op, Long> count(WorkloadModel model, NamespaceLayout layout, long seed,
      String runTag, LongConsumer onFile) {
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      counts.put(op, 0L);
    }
    long files = 0;
    for (FileTypeModel type : model.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(model, type, layout, seed, 0, 1, runTag);
      for (FileLife f = schedule.next(); f != null; f = schedule.next()) {
        while (!f.done()) {
          counts.merge(f.next().op(), 1L, Long::sum);
        }
        onFile.accept(++files);
      }
    }
    return counts;
  }
}
