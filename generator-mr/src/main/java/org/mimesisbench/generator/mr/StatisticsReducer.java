package org.mimesisbench.generator.mr;

import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.mimesisbench.generator.measure.RunStatistics;

/** Merges the statistics of every mapper of a file type into one record per type. */
public final class StatisticsReducer
    extends Reducer<IntWritable, RunStatistics, IntWritable, RunStatistics> {
  @Override
  protected void reduce(IntWritable type, Iterable<RunStatistics> mappers, Context context)
      throws IOException, InterruptedException {
    RunStatistics merged = new RunStatistics();
    for (RunStatistics s : mappers) {
      merged.add(s);
    }
    context.write(type, merged);
  }
}
