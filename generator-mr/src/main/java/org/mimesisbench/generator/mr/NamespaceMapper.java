package org.mimesisbench.generator.mr;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/** Phase 1: creates one share of the run's namespace (directories and pre-existing files). */
public final class NamespaceMapper extends Mapper<TaskSplit, NullWritable, NullWritable, NullWritable> {
  public static final String RESUME = "mimesisbench.namespace.resume";

  @Override
  protected void map(TaskSplit task, NullWritable ignored, Context context) throws IOException {
    RunPlan plan = RunPlan.fromConf(context.getConfiguration());
    FileSystem fs = plan.root().getFileSystem(context.getConfiguration());
    Counter entries = context.getCounter(Counters.GROUP, Counters.NAMESPACE_ENTRIES);
    plan.layout().materializeShare(fs, plan.root(), task.share(), task.shares(),
        context.getConfiguration().getBoolean(RESUME, true), () -> {
          entries.increment(1);
          if ((entries.getValue() & 1023) == 0) {
            context.progress();
          }
        });
  }
}
