package org.mimesisbench.generator.schedule;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;

/**
 * The operations a run's schedule holds, counted without issuing any: what a complete run issues,
 * exactly, since the schedule is a function of the profile, the options and the seed.
 *
 * @param byOp operations per op, over every type phase 2 runs
 * @param byType operations per file type index ({@link ClusterSchedule#KEY} for the cluster's
 *     calls, {@link DirectorySchedule#key} for a directory type's)
 */
public record Forecast(Map<Op, Long> byOp, Map<Integer, Long> byType) {

  /**
   * Counts the schedule of every type phase 2 runs; {@code onFile} sees the files and directories
   * counted so far.
   */
  public static Forecast count(
      WorkloadModel model, NamespaceLayout layout, long seed, String runTag, LongConsumer onFile) {
    Map<Op, Long> byOp = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      byOp.put(op, 0L);
    }
    Map<Integer, Long> byType = new TreeMap<>();
    long[] lives = {0};
    LongConsumer onLife = n -> onFile.accept(++lives[0]);
    for (FileTypeModel type : model.runTypes()) {
      byType.put(
          type.index(),
          count(new TypeSchedule(model, type, layout, seed, 0, 1, runTag), byOp, onLife));
    }
    for (DirectoryTypeModel type : model.runDirectoryTypes()) {
      byType.put(
          DirectorySchedule.key(type),
          count(new DirectorySchedule(model, type, layout, seed, 0, 1, runTag), byOp, onLife));
    }
    if (!model.clusterCalls().isEmpty()) {
      byType.put(ClusterSchedule.KEY, count(new ClusterSchedule(model, seed, 0, 1), byOp, n -> {}));
    }
    return new Forecast(Collections.unmodifiableMap(byOp), Collections.unmodifiableMap(byType));
  }

  /** Every event of {@code schedule}, counted into {@code byOp}; {@code onLife} after each life. */
  private static long count(Schedule schedule, Map<Op, Long> byOp, LongConsumer onLife) {
    long ops = 0;
    for (Life life = schedule.next(); life != null; life = schedule.next()) {
      while (!life.done()) {
        byOp.merge(life.next().op(), 1L, Long::sum);
        ops++;
      }
      onLife.accept(ops);
    }
    return ops;
  }
}
