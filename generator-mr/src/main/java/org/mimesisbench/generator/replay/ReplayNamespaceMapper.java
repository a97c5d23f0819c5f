package org.mimesisbench.generator.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.MapperTasks;
import org.mimesisbench.generator.mr.NamespaceMapper;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.schedule.Write;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Phase 1 of a replay: makes one share of the trace's namespace at its start (every {@code
 * shares}-th entry): directories, and files of their fsimage's size, block size and replication
 * (capped to the DataNodes) when the replay writes data, else empty (a concat's sources get a byte,
 * since a concat refuses empty files); with recorded users each entry gets its fsimage owner, group
 * and mode (the superuser's calls), and without an fsimage every entry is open to all; directories
 * the trace's snapshot calls show snapshottable at its start are made so. A file's directory made
 * by another share is there already or made by the create, then given its own owner by its share:
 * the end state is the same.
 */
public final class ReplayNamespaceMapper
    extends Mapper<MapperTasks, NullWritable, NullWritable, NullWritable> {
  private static final FsPermission OPEN_DIRECTORY = new FsPermission((short) 0777);
  private static final FsPermission OPEN_FILE = new FsPermission((short) 0666);

  @Override
  protected void map(MapperTasks mapper, NullWritable ignored, Context context) throws IOException {
    TaskSplit task = mapper.only();
    ReplayPlan plan = ReplayPlan.fromConf(context.getConfiguration());
    // a client of its own: its close polls for a written file's last block every 10 ms
    try (FileSystem fs =
        FileSystem.newInstance(
            plan.root().toUri(), NamespaceMapper.settingUp(context.getConfiguration()))) {
      map(plan, fs, task, context);
    }
  }

  private static void map(ReplayPlan plan, FileSystem fs, TaskSplit task, Context context)
      throws IOException {
    Counter entries = context.getCounter(CounterNames.GROUP, CounterNames.NAMESPACE_ENTRIES);
    Counter written = context.getCounter(CounterNames.GROUP, CounterNames.BYTES_WRITTEN);
    DataTransfer data =
        plan.writesData() ? DataTransfer.from(context.getConfiguration(), false) : null;
    boolean owners = plan.users() == ReplayPlan.Users.RECORDED;
    Set<String> snapshottable = new HashSet<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(fs.open(plan.snapshottableFile()), StandardCharsets.UTF_8))) {
      in.lines().forEach(snapshottable::add);
    }
    TracePaths paths = TracePaths.under(plan.root());
    long i = 0;
    try (InputStream in = fs.open(plan.namespaceFile());
        DataFileStream<NamespaceEntry> r =
            new DataFileStream<>(in, new SpecificDatumReader<>(NamespaceEntry.class))) {
      for (NamespaceEntry e : r) {
        if (i++ % task.shares() != task.share()) {
          continue;
        }
        Path p = paths.resolve(e.getPath());
        if (e.getIsDir()) {
          if (!fs.mkdirs(p)) {
            throw new IOException("mkdirs " + p + " returned false");
          }
          if (snapshottable.contains(e.getPath())) {
            allowSnapshot(fs, p);
          }
        } else if (data != null && e.getSize() > 0) {
          data.overwrite(fs, p, write(fs, p, e));
        } else {
          try (OutputStream out = fs.create(p, true)) {
            if (e.getSize() > 0) { // a concat's source: a concat refuses empty files
              out.write(1);
            }
          }
        }
        if (owners) {
          own(fs, p, e);
        }
        entries.increment(1);
        if ((entries.getValue() & 1023) == 0) {
          context.progress();
          if (data != null) {
            written.setValue(data.bytesWritten());
          }
        }
      }
    }
    if (data != null) {
      written.setValue(data.bytesWritten());
    }
  }

  /**
   * What {@code e} (a file an fsimage holds, or one a create makes) is written with: its size, and
   * its block size and replication where the image has them, else the file system's defaults.
   */
  static Write write(FileSystem fs, Path p, NamespaceEntry e) {
    return new Write(
        e.getSize(),
        e.getBlockSize() > 0 ? e.getBlockSize() : fs.getDefaultBlockSize(p),
        e.getReplication() > 0
            ? (short) Math.min(e.getReplication(), Short.MAX_VALUE)
            : fs.getDefaultReplication(p));
  }

  /**
   * A directory the trace's snapshot calls show snapshottable at its start (HDFS's superuser's
   * call).
   */
  private static void allowSnapshot(FileSystem fs, Path dir) throws IOException {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      throw new IOException("allowSnapshot " + dir + ": snapshots need HDFS, not " + fs.getUri());
    }
    dfs.allowSnapshot(dir);
  }

  /** The entry's owner, group and mode, as the fsimage has them; open to all when it has none. */
  private static void own(FileSystem fs, Path p, NamespaceEntry e) throws IOException {
    if (e.getPermission() == null) {
      fs.setPermission(p, e.getIsDir() ? OPEN_DIRECTORY : OPEN_FILE);
      return;
    }
    if (e.getOwner() != null || e.getGroup() != null) {
      fs.setOwner(p, e.getOwner(), e.getGroup());
    }
    fs.setPermission(p, ReplayClient.permission(e.getPermission(), e.getIsDir()));
  }
}
