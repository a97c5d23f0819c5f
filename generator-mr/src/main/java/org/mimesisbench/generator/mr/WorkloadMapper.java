package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.schedule.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.DirectorySchedule;
import org.mimesisbench.generator.schedule.Schedule;
import org.mimesisbench.generator.schedule.TypeSchedule;

/**
 * Phase 2: replays one share of one file type. Waits at the start barrier with the other
 * mappers, runs the issuing pipeline (up to --in-flight calls at once) against the file system
 * under test, and passes its statistics, keyed by type, to the reducer. A call that fails is
 * counted as an error; when every call has failed for the outage limit (the NameNode is gone) the
 * mapper stops issuing and still passes on what it measured.
 */
public final class WorkloadMapper extends Mapper<TaskSplit, NullWritable, IntWritable, RunStatistics> {
  public static final String PARTIES = "mimesisbench.barrier.parties";
  static final String BARRIER_TIMEOUT = "mimesisbench.barrier.timeout.ms";
  /** Counters of failed calls by op and exception class per mapper, at most: the job's counters are limited. */
  private static final int ERROR_CLASS_COUNTERS = 12;
  private final Set<String> classCounters = new HashSet<>();

  /** The schedule of the task's file type, directory type or the cluster's calls. */
  static Schedule schedule(RunPlan plan, TaskSplit task) {
    long seed = plan.options().getSeed();
    if (task.type() == ClusterSchedule.KEY) {
      return new ClusterSchedule(plan.model(), seed, task.share(), task.shares());
    }
    int directoryType = DirectorySchedule.indexOf(task.type());
    if (directoryType >= 0) {
      return new DirectorySchedule(plan.model(), plan.model().directoryTypes().get(directoryType), plan.layout(),
          seed, task.share(), task.shares(), plan.runTag());
    }
    return new TypeSchedule(plan.model(), plan.model().allTypes().get(task.type()), plan.layout(), seed,
        task.share(), task.shares(), plan.runTag());
  }

  @Override
  protected void map(TaskSplit task, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    RunPlan plan = RunPlan.fromConf(context.getConfiguration());
    FileSystem fs = plan.root().getFileSystem(context.getConfiguration());
    Schedule schedule = schedule(plan, task);
    long outageLimit = plan.options().getOutageLimitMs();
    try (FileSystem issuing = FileSystem.newInstance(plan.root().toUri(), clientConf(context.getConfiguration(),
        outageLimit))) {
      NamespaceClient client = new NamespaceClient(issuing, plan.root());
      double timeScale = plan.options().getTimeScale();
      Long duration = plan.options().getDurationMs();
      IssuingPipeline pipeline = new IssuingPipeline(schedule, client::issue, timeScale,
          plan.options().getMaxDriftMs(), timeScale == 0 && duration != null ? duration : 0).outageLimit(outageLimit)
          .inFlight(plan.options().getInFlight());
      StartBarrier barrier = new StartBarrier(fs, plan.barrierDir(),
          context.getConfiguration().getInt(PARTIES, 1),
          context.getConfiguration().getLong(BARRIER_TIMEOUT, 600_000)).outageLimit(outageLimit);
      long start = barrier.await("type" + task.type() + "-share" + task.share(), context::progress);
      Runnable report = () -> { // the job's status and counters move while it runs
        RunStatistics now = pipeline.statistics();
        counters(context, now);
        context.setStatus(task + ": " + now.totalCount() + " ops issued, " + now.totalErrors() + " failed");
        context.progress();
      };
      RunStatistics stats = pipeline.run(start, report);
      counters(context, stats);
      for (String why : stats.stops()) {
        context.setStatus(task + " stopped early: " + why);
      }
      context.write(new IntWritable(task.type()), stats);
    }
  }

  /**
   * The client of the calls under test: a call that waits longer than the outage limit is an
   * outage too (a NameNode that accepts connections and never answers), not a two-minute hang.
   */
  private static Configuration clientConf(Configuration job, long outageLimitMs) {
    Configuration c = new Configuration(job);
    int given = c.getInt(CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_KEY,
        CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_DEFAULT);
    if (outageLimitMs > 0 && (given <= 0 || given > outageLimitMs)) {
      c.setInt(CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_KEY, (int) Math.min(Integer.MAX_VALUE, outageLimitMs));
    }
    return c;
  }

  /** Brings this task's counters up to {@code stats}: ops issued and failed, per op and by exception class. */
  private void counters(Context context, RunStatistics stats) {
    set(context.getCounter(Counters.GROUP, Counters.ISSUED), stats.totalCount());
    set(context.getCounter(Counters.GROUP, Counters.FAILED), stats.totalErrors());
    for (Op op : Op.values()) {
      if (!Op.BASE.contains(op) && stats.count(op) + stats.errors(op) == 0) {
        continue; // only the ops issued: a job holds at most 120 counters by default
      }
      set(context.getCounter(Counters.GROUP, Counters.ops(op)), stats.count(op));
      set(context.getCounter(Counters.GROUP, Counters.errors(op)), stats.errors(op));
      for (Map.Entry<String, Long> c : stats.errorClasses(op).entrySet()) {
        String name = Counters.errorClass(op, c.getKey());
        if (classCounters.contains(name) || classCounters.size() < ERROR_CLASS_COUNTERS) {
          classCounters.add(name);
          set(context.getCounter(Counters.ERROR_CLASSES, name), c.getValue());
        }
      }
    }
  }

  private static void set(Counter counter, long value) {
    counter.increment(value - counter.getValue());
  }
}
