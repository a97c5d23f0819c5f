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
 * Splits made from the job's configuration, no input file: {@code mimesisbench.tasks} lists them
 * as {@code type:share:shares} separated by commas. Each split gives its mapper one record, the
 * split itself.
 */
public final class TaskInputFormat extends InputFormat<TaskSplit, NullWritable> {
  static final String TASKS = "mimesisbench.tasks";

  public static void setTasks(Configuration conf, List<TaskSplit> tasks) {
    StringBuilder b = new StringBuilder();
    for (TaskSplit t : tasks) {
      b.append(b.length() == 0 ? "" : ",").append(t.type()).append(':').append(t.share()).append(':').append(t.shares());
    }
    conf.set(TASKS, b.toString());
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    List<InputSplit> splits = new ArrayList<>();
    for (String t : context.getConfiguration().getTrimmedStrings(TASKS)) {
      String[] f = t.split(":");
      splits.add(new TaskSplit(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2])));
    }
    return splits;
  }

  @Override
  public RecordReader<TaskSplit, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private TaskSplit task;
      private boolean read;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        task = (TaskSplit) s;
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
      public TaskSplit getCurrentKey() {
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
