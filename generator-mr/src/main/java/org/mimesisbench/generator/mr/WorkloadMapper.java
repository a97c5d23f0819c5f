package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
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
 * mappers, runs the three-thread pipeline against the file system under test, and passes its
 * statistics, keyed by type, to the reducer.
 */
public final class WorkloadMapper extends Mapper<TaskSplit, NullWritable, IntWritable, RunStatistics> {
  public static final String PARTIES = "mimesisbench.barrier.parties";
  static final String BARRIER_TIMEOUT = "mimesisbench.barrier.timeout.ms";

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
    NamespaceClient client = new NamespaceClient(fs, plan.root());
    LongAdder issued = new LongAdder();
    double timeScale = plan.options().getTimeScale();
    Long duration = plan.options().getDurationMs();
    IssuingPipeline pipeline = new IssuingPipeline(schedule, e -> {
      issued.increment();
      client.issue(e);
    }, timeScale, plan.options().getMaxDriftMs(), timeScale == 0 && duration != null ? duration : 0);
    StartBarrier barrier = new StartBarrier(fs, plan.barrierDir(),
        context.getConfiguration().getInt(PARTIES, 1),
        context.getConfiguration().getLong(BARRIER_TIMEOUT, 600_000));
    long start = barrier.await("type" + task.type() + "-share" + task.share(), context::progress);
    Counter issuedCounter = context.getCounter(Counters.GROUP, Counters.ISSUED);
    Runnable report = () -> { // the job's status and counters move while it runs
      long now = issued.sum();
      issuedCounter.increment(now - issuedCounter.getValue());
      context.setStatus(task + ": " + now + " ops issued");
      context.progress();
    };
    RunStatistics stats = pipeline.run(start, report);
    report.run();
    for (String why : stats.stops()) {
      context.setStatus(task + " stopped early: " + why);
    }
    for (Op op : Op.values()) { // only the ops issued: a job holds at most 120 counters by default
      if (Op.BASE.contains(op) || stats.count(op) > 0) {
        context.getCounter(Counters.GROUP, Counters.ops(op)).increment(stats.count(op));
        context.getCounter(Counters.GROUP, Counters.errors(op)).increment(stats.errors(op));
      }
    }
    context.write(new IntWritable(task.type()), stats);
  }
}
