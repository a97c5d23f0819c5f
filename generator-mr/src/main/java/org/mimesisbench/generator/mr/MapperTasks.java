package org.mimesisbench.generator.mr;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * One mapper's input: the shares it runs, usually one; several when phase 2 is packed into fewer
 * mappers than it has shares (a small queue, or --mappers), each share still on its own pipeline.
 */
public final class MapperTasks extends InputSplit implements Writable {
  private final List<TaskSplit> tasks = new ArrayList<>();

  public MapperTasks() {} // for Writable

  public MapperTasks(List<TaskSplit> tasks) {
    this.tasks.addAll(tasks);
  }

  public List<TaskSplit> tasks() {
    return List.copyOf(tasks);
  }

  /** The one share of a mapper that holds one (phase 1's). */
  public TaskSplit only() {
    if (tasks.size() != 1) {
      throw new IllegalStateException("a mapper of " + tasks.size() + " shares, one expected");
    }
    return tasks.get(0);
  }

  @Override
  public long getLength() {
    return 0;
  }

  @Override
  public String[] getLocations() {
    return new String[0];
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(tasks.size());
    for (TaskSplit t : tasks) {
      t.write(out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    tasks.clear();
    int n = in.readInt();
    for (int i = 0; i < n; i++) {
      TaskSplit t = new TaskSplit();
      t.readFields(in);
      tasks.add(t);
    }
  }

  @Override
  public String toString() {
    return tasks.stream().map(TaskSplit::toString).collect(Collectors.joining(", "));
  }
}
