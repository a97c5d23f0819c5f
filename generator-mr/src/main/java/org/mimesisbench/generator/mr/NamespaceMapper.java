package org.mimesisbench.generator.mr;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.schedule.DirectorySchedule;
import org.mimesisbench.generator.schedule.EntryLife;
import org.mimesisbench.generator.schedule.FileWrites;
import org.mimesisbench.namespace.materialize.FileMaker;

/** Phase 1: creates one share of the run's namespace (directories and pre-existing files). */
public final class NamespaceMapper
    extends Mapper<MapperTasks, NullWritable, NullWritable, NullWritable> {
  public static final String RESUME = "mimesisbench.namespace.resume";

  /**
   * The hierarchy is whole under the root already (an fsimage held it): only directory types'
   * entries are made.
   */
  public static final String IN_PLACE = "mimesisbench.namespace.in-place";

  @Override
  protected void map(MapperTasks mapper, NullWritable ignored, Context context) throws IOException {
    TaskSplit task = mapper.only();
    RunPlan plan = RunPlan.fromConf(context.getConfiguration());
    Configuration open = settingUp(UserClients.worldWritable(context.getConfiguration()));
    try (FileSystem fs = FileSystem.newInstance(plan.root().toUri(), open);
        UserClients owners =
            new UserClients(
                new NamespaceClient(fs, plan.root()), plan.root().toUri(), plan.root(), open)) {
      map(plan, fs, owners, task, context);
    }
  }

  /**
   * The client phase 1 writes with: its close polls for the last block's report every 10 ms, not
   * HDFS's 400 ms doubling, whatever the user set (phase 1 is not measured). A DataNode's report
   * races the client's close, and on a loaded host it loses most races: at 400 ms each, setting up
   * thousands of files took minutes. Phase 2's clients do the same unless the user set it ({@link
   * DataTransfer#closesPromptly}).
   */
  public static Configuration settingUp(Configuration conf) {
    Configuration c = new Configuration(conf);
    DataTransfer.pollCloses(c);
    return c;
  }

  /**
   * Makes the share with {@code fs}, whose entries every modeled user may change (README: Users).
   */
  private static void map(
      RunPlan plan, FileSystem fs, UserClients owners, TaskSplit task, Context context)
      throws IOException {
    Counter entries = context.getCounter(CounterNames.GROUP, CounterNames.NAMESPACE_ENTRIES);
    Counter written = context.getCounter(CounterNames.GROUP, CounterNames.BYTES_WRITTEN);
    boolean resume = context.getConfiguration().getBoolean(RESUME, true);
    DataTransfer data = DataTransfer.from(context.getConfiguration(), false);
    Runnable onEntry =
        () -> {
          entries.increment(1);
          if ((entries.getValue() & 1023) == 0) {
            written.setValue(data.bytesWritten());
            context.progress();
          }
        };
    if (!context.getConfiguration().getBoolean(IN_PLACE, false)) {
      plan.layout()
          .materializeShare(
              fs,
              plan.root(),
              task.share(),
              task.shares(),
              resume,
              preExistingFiles(plan, data),
              onEntry);
      written.setValue(data.bytesWritten());
    }
    for (DirectoryTypeModel type : plan.model().directoryTypes()) {
      DirectorySchedule schedule =
          new DirectorySchedule(
              plan.model(),
              type,
              plan.layout(),
              plan.options().getSeed(),
              task.share(),
              task.shares(),
              plan.runTag());
      for (EntryLife d = schedule.nextPreExisting(); d != null; d = schedule.nextPreExisting()) {
        FileSystem owner = owners.fileSystemOf(d.owner());
        makeDirectory(owner != null ? owner : fs, plan.root(), d, resume, onEntry);
      }
    }
  }

  /**
   * How phase 1 makes a pre-existing file: with its data when its type (or, for a dormant file, the
   * profile's dormant files) has sizes, drawn from the run's seed and its path; else empty.
   */
  static FileMaker preExistingFiles(RunPlan plan, DataTransfer data) {
    if (!plan.model().writesData()) {
      return FileMaker.EMPTY;
    }
    long seed = plan.options().getSeed();
    return (fs, p, entry, type) -> {
      FileWrites writes = FileWrites.preExisting(plan.model().sizesOf(type), seed, type, entry);
      if (writes == null) {
        FileMaker.EMPTY.make(fs, p, entry, type);
      } else {
        data.create(fs, p, writes.preExisting());
      }
    };
  }

  /**
   * A directory type's pre-existing directory, with the subtree its delete will remove, made by its
   * owner, who makes its owner-only calls in phase 2 as the trace's owner did.
   */
  private static void makeDirectory(
      FileSystem fs, Path root, EntryLife d, boolean resume, Runnable onEntry) throws IOException {
    TracePaths paths = TracePaths.under(root);
    Path dir = paths.resolve(d.path());
    if (!fs.mkdirs(dir)) {
      throw new IOException("mkdirs " + dir + " returned false");
    }
    onEntry.run();
    for (int i = 0; i < d.subtreeFiles(); i++) {
      Path file = paths.resolve(d.subtreeFile(i));
      if (!(resume && fs.exists(file))) {
        fs.create(file, true).close();
      }
      onEntry.run();
    }
  }
}
