package org.mimesisbench.generator.mr;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Splits made from the job's configuration, no input file: {@code mimesisbench.tasks} lists the
 * mappers, separated by commas, each as its shares {@code type:share:shares} joined by {@code +}.
 * Each split gives its mapper one record, the split itself.
 */
public final class TaskInputFormat extends InputFormat<MapperTasks, NullWritable> {
  static final String TASKS = "mimesisbench.tasks";

  /** One mapper per task. */
  public static void setTasks(Configuration conf, List<TaskSplit> tasks) {
    setMappers(conf, tasks.stream().map(List::of).toList());
  }

  /** One mapper per list of tasks. */
  public static void setMappers(Configuration conf, List<List<TaskSplit>> mappers) {
    StringBuilder b = new StringBuilder();
    for (List<TaskSplit> mapper : mappers) {
      b.append(b.length() == 0 ? "" : ",");
      for (int i = 0; i < mapper.size(); i++) {
        TaskSplit t = mapper.get(i);
        b.append(i == 0 ? "" : "+")
            .append(t.type())
            .append(':')
            .append(t.share())
            .append(':')
            .append(t.shares());
      }
    }
    conf.set(TASKS, b.toString());
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    List<InputSplit> splits = new ArrayList<>();
    for (String mapper : context.getConfiguration().getTrimmedStrings(TASKS)) {
      List<TaskSplit> tasks = new ArrayList<>();
      for (String t : mapper.split("\\+")) {
        String[] f = t.split(":");
        tasks.add(
            new TaskSplit(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2])));
      }
      splits.add(new MapperTasks(tasks));
    }
    return splits;
  }

  @Override
  public RecordReader<MapperTasks, NullWritable> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private MapperTasks task;
      private boolean read;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        task = (MapperTasks) s;
      }

      @Override
      public boolean nextKeyValue() {
        if (read) {
          return false;
        }
        read = true;
        return true;
      }

      @Override
      public MapperTasks getCurrentKey() {
        return task;
      }

      @Override
      public NullWritable getCurrentValue() {
        return NullWritable.get();
      }

      @Override
      public float getProgress() {
        return read ? 1 : 0;
      }

      @Override
      public void close() {}
    };
  }
}
