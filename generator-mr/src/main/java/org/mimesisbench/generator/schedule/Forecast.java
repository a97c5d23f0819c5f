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

/**
 * The operations a run's schedule holds, counted without issuing any: what a complete run issues,
 * exactly, since the schedule is a function of the profile, the options and the seed.
 *
 * @param byOp operations per op, over every type phase 2 runs
 * @param byType operations per file type index ({@link ClusterSchedule#KEY} for the cluster's calls,
 *     {@link DirectorySchedule#key} for a directory type's)
 */
public record Forecast(Map<Op, Long> byOp, Map<Integer, Long> byType) {

  /** Counts the schedule of every type phase 2 runs; {@code onFile} sees the files counted so far. */
  public static Forecast count(WorkloadModel model, NamespaceLayout layout, long seed, String runTag,
      LongConsumer onFile) {
    Map<Op, Long> byOp = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      byOp.put(op, 0L);
    }
    Map<Integer, Long> byType = new TreeMap<>();
    long files = 0;
    for (FileTypeModel type : model.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(model, type, layout, seed, 0, 1, runTag);
      long ops = 0;
      for (FileLife f = schedule.next(); f != null; f = schedule.next()) {
        while (!f.done()) {
          byOp.merge(f.next().op(), 1L, Long::sum);
          ops++;
        }
        onFile.accept(++files);
      }
      byType.put(type.index(), ops);
    }
    for (DirectoryTypeModel type : model.runDirectoryTypes()) {
      DirectorySchedule schedule = new DirectorySchedule(model, type, layout, seed, 0, 1, runTag);
      long ops = 0;
      for (FileLife d = schedule.next(); d != null; d = schedule.next()) {
        while (!d.done()) {
          byOp.merge(d.next().op(), 1L, Long::sum);
          ops++;
        }
      }
      byType.put(DirectorySchedule.key(type), ops);
    }
    if (!model.clusterCalls().isEmpty()) {
      long ops = 0;
      ClusterSchedule cluster = new ClusterSchedule(model, seed, 0, 1);
      for (Life calls = cluster.next(); calls != null; calls = cluster.next()) {
        while (!calls.done()) {
          byOp.merge(calls.next().op(), 1L, Long::sum);
          ops++;
        }
      }
      byType.put(ClusterSchedule.KEY, ops);
    }
    return new Forecast(Collections.unmodifiableMap(byOp), Collections.unmodifiableMap(byType));
  }
}
