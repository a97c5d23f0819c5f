package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.results.RunSummary;

/**
 * What a benchmark run issues, for the driver that runs its two jobs (BenchmarkRun): a profile's
 * model ({@code run}, {@link RunPlan}) or a recorded trace ({@code replay}). The driver owns the
 * rest: the target, the base directory and its ledger, the barrier, outages, the results.
 */
public interface Workload {
  /** The command, in messages ("run", "replay"). */
  String command();

  String runId();

  /**
   * This workload with its run folder and namespace root under {@code base} (the qualified base
   * directory).
   */
  Workload at(Path base);

  /** The namespace root: every path phase 2 touches is under it. */
  Path root();

  Path runDir();

  /** Where phase 2's mappers meet before they start (StartBarrier). */
  default Path barrierDir() {
    return new Path(runDir(), "barrier");
  }

  /** Where phase 2's reducer writes the merged statistics (on a cluster). */
  default Path statisticsDir() {
    return new Path(runDir(), "statistics");
  }

  /**
   * The users phase 2 issues as, besides the run's own: checked for impersonation before anything
   * is made.
   */
  default java.util.Collection<String> modeledUsers() {
    return List.of();
  }

  /**
   * The most replicas a file of the workload is written with (the cap and the embedded DataNodes
   * follow it); 0 when it writes no data.
   */
  default int maxDataReplication() {
    return 0;
  }

  /** What phase 1 makes, in a line. */
  String describe();

  /**
   * What the user should know before the run (calls not issued, a layout not the one asked for).
   */
  List<String> notes();

  /**
   * Copies what the tasks read (the profile, the trace's partitions) into {@link #runDir()}, which
   * exists.
   */
  void stage(FileSystem fs) throws IOException;

  /** Writes what tasks need into the job configuration. */
  void toConf(Configuration conf) throws IOException;

  /**
   * Phase 2's operations, counted before anything is issued: per op and per task key (a file type,
   * a partition); {@code onUnit} sees the lives (files, partitions) counted so far.
   */
  Scheduled schedule(LongConsumer onUnit) throws IOException;

  /**
   * Phase 2's mappers, each a list of tasks (shares) for {@code scheduled}'s operations: one each,
   * or packed into {@code mappers} in all when that is given (null: as many as there are tasks).
   */
  List<List<TaskSplit>> mappers(Scheduled scheduled, Integer mappers);

  /** Entries phase 1 makes (for its number of mappers). */
  long namespaceEntries();

  /**
   * Makes what phase 1's mappers work under (top directories), before they start; true when the
   * namespace is whole in place already (an fsimage held it) and phase 1 only checks it.
   */
  boolean prepareNamespace(FileSystem fs, int mappers, boolean resume) throws IOException;

  Class<? extends Mapper<MapperTasks, NullWritable, NullWritable, NullWritable>> namespaceMapper();

  Class<? extends Mapper<MapperTasks, NullWritable, IntWritable, RunStatistics>> workloadMapper();

  /** The schedule's length in the workload's own time (before time scaling). */
  double windowMs();

  /**
   * The summary's record of the input ({@code profile} for a run, {@code replay} for a replay) and
   * the types phase 2 runs; {@code phase2}: the workload job's counters (null when it did not run).
   */
  RunSummary.Input input(org.apache.hadoop.mapreduce.Counters phase2);

  /** Phase 2's operations per op and per task key. */
  record Scheduled(Map<Op, Long> byOp, Map<Integer, Long> byKey) {}
}
