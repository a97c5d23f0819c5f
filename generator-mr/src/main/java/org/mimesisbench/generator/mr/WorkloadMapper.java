package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.generator.issue.ClientWarmUp;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.UserModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.DirectorySchedule;
import org.mimesisbench.generator.schedule.Schedule;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.run.RunOptions;

/**
 * Phase 2: replays its shares of the file types (one, or several when the run is packed into fewer
 * mappers than shares). Waits at the start barrier with the other mappers, runs an issuing pipeline
 * (up to --in-flight calls at once) per share against the file system under test, and passes each
 * share's statistics, keyed by type, to the reducer. A call that fails is counted as an error; when
 * every call has failed for the outage limit (the NameNode is gone) the mapper stops issuing and
 * still passes on what it measured.
 */
public class WorkloadMapper extends Mapper<MapperTasks, NullWritable, IntWritable, RunStatistics> {
  public static final String PARTIES = "mimesisbench.barrier.parties";

  /**
   * Counters of failed calls by op and exception class per mapper, at most: the job's counters are
   * limited.
   */
  private static final int ERROR_CLASS_COUNTERS = 12;

  private final Set<String> classCounters = new HashSet<>();
  private RunPlan runPlan;
  private DataTransfer data; // null until a share of a run's plan opens its clients

  /** The schedule of the task's file type, directory type or the cluster's calls. */
  static Schedule schedule(RunPlan plan, TaskSplit task) {
    long seed = plan.options().getSeed();
    if (task.type() == ClusterSchedule.KEY) {
      return new ClusterSchedule(plan.model(), seed, task.share(), task.shares());
    }
    int directoryType = DirectorySchedule.indexOf(task.type());
    if (directoryType >= 0) {
      return new DirectorySchedule(
          plan.model(),
          plan.model().directoryTypes().get(directoryType),
          plan.layout(),
          seed,
          task.share(),
          task.shares(),
          plan.runTag());
    }
    return new TypeSchedule(
        plan.model(),
        plan.model().allTypes().get(task.type()),
        plan.layout(),
        seed,
        task.share(),
        task.shares(),
        plan.runTag(),
        plan.deletedDirectories());
  }

  /**
   * What one mapper issues and where: the namespace root, the barrier, the schedule, the run's
   * options (time scale, duration, drift and outage limits), how events become calls, and the users
   * they may go as (whose clients warm up before the start).
   */
  public record Issue(
      Path root,
      Path barrierDir,
      Schedule schedule,
      RunOptions options,
      Sinks sinks,
      Set<String> users) {}

  /**
   * The binding of events to calls, made on the client of the calls under test (and its
   * configuration).
   */
  @FunctionalInterface
  public interface Sinks {
    IssuingPipeline.EventSink open(FileSystem issuing, Configuration clientConf) throws IOException;
  }

  /**
   * The task's work: a share of a profile's type (a replay's mapper gives a partition of its
   * trace).
   */
  protected Issue issue(Configuration conf, TaskSplit task) throws IOException {
    if (runPlan == null) { // read once: a packed mapper has several shares of the same plan
      runPlan = RunPlan.fromConf(conf);
    }
    RunPlan plan = runPlan;
    return new Issue(
        plan.root(),
        plan.barrierDir(),
        schedule(plan, task),
        plan.options(),
        (issuing, clientConf) ->
            new UserClients(
                new NamespaceClient(issuing, plan.root()).withData(data(conf, plan)),
                plan.root().toUri(),
                plan.root(),
                clientConf), // each event as its modeled user
        users(plan.model(), task));
  }

  /** The users the task's calls may go as: its type's, or the cluster calls'. */
  static Set<String> users(WorkloadModel model, TaskSplit task) {
    List<UserModel> mixes = new ArrayList<>();
    int directoryType = DirectorySchedule.indexOf(task.type());
    if (task.type() == ClusterSchedule.KEY) {
      model.clusterCalls().forEach(c -> mixes.add(c.users()));
    } else if (directoryType >= 0) {
      mixes.add(model.directoryTypes().get(directoryType).users());
    } else {
      mixes.add(model.allTypes().get(task.type()).users());
    }
    return UserModel.names(mixes);
  }

  /** The mapper's one mover of file data: its clients count their bytes in it. */
  private DataTransfer data(Configuration conf, RunPlan plan) {
    if (data == null) {
      data = DataTransfer.from(conf, plan.options().getReadData());
    }
    return data;
  }

  /**
   * Called once issuing ended, before the statistics are passed on (a replay counts its own
   * outcomes).
   */
  protected void issued(Context context, IssuingPipeline.EventSink sink) throws IOException {}

  @Override
  protected void map(MapperTasks mapper, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    List<TaskSplit> tasks = mapper.tasks();
    List<Issue> issues = new ArrayList<>();
    for (TaskSplit task : tasks) {
      issues.add(issue(conf, task));
    }
    Issue plan = issues.get(0); // where and how: the same for every share of the run
    FileSystem fs = plan.root().getFileSystem(conf);
    long outageLimit = plan.options().getOutageLimitMs();
    Configuration clientConf = clientConf(conf, outageLimit);
    try (FileSystem issuing = FileSystem.newInstance(plan.root().toUri(), clientConf)) {
      double timeScale = plan.options().getTimeScale();
      Long duration = plan.options().getDurationMs();
      List<IssuingPipeline.EventSink> sinks = new ArrayList<>();
      List<IssuingPipeline> pipelines = new ArrayList<>();
      for (Issue issue :
          issues) { // a share each, on its own pipeline: the statistics stay per type
        IssuingPipeline.EventSink sink = issue.sinks().open(issuing, clientConf);
        sinks.add(sink);
        pipelines.add(
            new IssuingPipeline(
                    issue.schedule(),
                    sink,
                    timeScale,
                    plan.options().getMaxDriftMs(),
                    timeScale == 0 && duration != null ? duration : 0)
                .outageLimit(outageLimit)
                .inFlight(plan.options().getInFlight()));
      }
      warmUp(context, issues, sinks, ClientWarmUp.millis(conf));
      StartBarrier barrier =
          new StartBarrier(
                  fs,
                  plan.barrierDir(),
                  context.getConfiguration().getInt(PARTIES, 1),
                  plan.options().getBarrierTimeoutMs())
              .outageLimit(outageLimit);
      long start =
          barrier.await(
              "mapper" + context.getTaskAttemptID().getTaskID().getId(), context::progress);
      RunStatistics[] seen =
          new RunStatistics[pipelines.size()]; // each share's counts at its last report
      List<Runnable> reports = new ArrayList<>();
      for (int i = 0; i < pipelines.size(); i++) {
        int share = i;
        reports.add(
            () -> { // the job's status and counters move while it runs
              RunStatistics own =
                  countsOf(pipelines.get(share).statistics()); // on its own issuing thread: safe
              synchronized (seen) {
                seen[share] = own;
                RunStatistics now = new RunStatistics();
                for (RunStatistics s : seen) {
                  if (s != null) {
                    now.add(s);
                  }
                }
                counters(context, now);
                behind(context, pipelines);
                context.setStatus(
                    mapper
                        + ": "
                        + now.totalCount()
                        + " ops issued, "
                        + now.totalErrors()
                        + " failed");
                context.progress();
              }
            });
      }
      List<RunStatistics> stats;
      try {
        stats = runAll(pipelines, start, reports);
      } finally {
        for (IssuingPipeline.EventSink sink : sinks) {
          if (sink instanceof java.io.Closeable c) {
            c.close();
          }
        }
      }
      for (int i = 0; i < sinks.size(); i++) {
        stats.get(i).issuedAs(sinks.get(i).users());
        issued(context, sinks.get(i));
      }
      RunStatistics all = new RunStatistics();
      stats.forEach(all::add);
      synchronized (seen) {
        counters(context, all);
        behind(context, pipelines); // every pipeline ended: behind nothing
      }
      for (int i = 0; i < tasks.size(); i++) {
        for (String why : stats.get(i).stops()) {
          context.setStatus(tasks.get(i) + " stopped early: " + why);
        }
        context.write(new IntWritable(tasks.get(i).type()), stats.get(i));
      }
    }
  }

  /** Warms the clients every share's calls will go through, before the barrier (not timed). */
  private static void warmUp(
      Context context, List<Issue> issues, List<IssuingPipeline.EventSink> sinks, long ms)
      throws IOException {
    if (ms <= 0) {
      return;
    }
    List<FileSystem> clients = new ArrayList<>();
    for (int i = 0; i < issues.size(); i++) {
      clients.addAll(sinks.get(i).clients(issues.get(i).users()));
    }
    context.setStatus("warming up " + clients.size() + " clients for " + ms + " ms");
    long began = System.nanoTime();
    long calls = ClientWarmUp.run(clients, issues.get(0).root(), ms);
    context.setStatus(
        String.format(
            java.util.Locale.ROOT,
            "warmed up: %,d calls in %.1f s; at the start barrier",
            calls,
            (System.nanoTime() - began) / 1e9));
  }

  /**
   * A share's counts alone (no latencies), copied on its issuing thread for the mapper's counters.
   */
  private static RunStatistics countsOf(RunStatistics stats) {
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    Map<Op, Long> errors = new EnumMap<>(Op.class);
    Map<Op, Map<String, Long>> classes = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      counts.put(op, stats.count(op));
      errors.put(op, stats.errors(op));
      classes.put(op, new TreeMap<>(stats.errorClasses(op)));
    }
    return RunStatistics.counted(counts, errors, classes, 0);
  }

  /**
   * Runs the pipelines together from {@code start}, one thread each (the caller's for one), each
   * reporting with its own of {@code reports}; their statistics in order.
   */
  private static List<RunStatistics> runAll(
      List<IssuingPipeline> pipelines, long start, List<Runnable> reports)
      throws InterruptedException, IOException {
    if (pipelines.size() == 1) {
      return List.of(pipelines.get(0).run(start, reports.get(0)));
    }
    ExecutorService threads = Executors.newFixedThreadPool(pipelines.size());
    try {
      List<Future<RunStatistics>> running = new ArrayList<>();
      for (int i = 0; i < pipelines.size(); i++) {
        IssuingPipeline p = pipelines.get(i);
        Runnable report = reports.get(i);
        running.add(threads.submit(() -> p.run(start, report)));
      }
      List<RunStatistics> stats = new ArrayList<>();
      for (Future<RunStatistics> f : running) {
        try {
          stats.add(f.get());
        } catch (ExecutionException e) {
          pipelines.forEach(IssuingPipeline::stop);
          throw new IOException("a share's pipeline failed: " + e.getCause(), e.getCause());
        }
      }
      return stats;
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * The client of the calls under test: a call that waits longer than the outage limit is an outage
   * too (a NameNode that accepts connections and never answers), not a two-minute hang.
   */
  private Configuration clientConf(Configuration job, long outageLimitMs) {
    Configuration c = creating(job);
    int given =
        c.getInt(
            CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_KEY,
            CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_DEFAULT);
    if (outageLimitMs > 0 && (given <= 0 || given > outageLimitMs)) {
      c.setInt(
          CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_KEY,
          (int) Math.min(Integer.MAX_VALUE, outageLimitMs));
    }
    if (runPlan != null && runPlan.model().writesData()) {
      DataTransfer.appendsOnFewDataNodes(c);
      DataTransfer.closesPromptly(c);
    }
    return c;
  }

  /**
   * How the calls under test make entries: umask 000, so what one modeled user makes the others may
   * change.
   */
  protected Configuration creating(Configuration job) {
    return UserClients.worldWritable(job);
  }

  /** This mapper's lateness now in its counters (its pipelines' most), for the run's progress. */
  private static void behind(Context context, List<IssuingPipeline> pipelines) {
    long ms = 0;
    for (IssuingPipeline p : pipelines) {
      ms = Math.max(ms, p.behindMillis());
    }
    context.getCounter(CounterNames.SCHEDULE, CounterNames.BEHIND_MS).setValue(ms);
    context
        .getCounter(CounterNames.SCHEDULE, CounterNames.BEHIND_MAPPERS)
        .setValue(ms > CounterNames.BEHIND_THRESHOLD_MS ? 1 : 0);
  }

  /**
   * Brings this task's counters up to {@code stats}: ops issued and failed, per op and by exception
   * class.
   */
  private void counters(Context context, RunStatistics stats) {
    set(context.getCounter(CounterNames.GROUP, CounterNames.ISSUED), stats.totalCount());
    set(context.getCounter(CounterNames.GROUP, CounterNames.FAILED), stats.totalErrors());
    if (data != null) {
      set(context.getCounter(CounterNames.GROUP, CounterNames.BYTES_WRITTEN), data.bytesWritten());
      set(context.getCounter(CounterNames.GROUP, CounterNames.BYTES_READ), data.bytesRead());
    }
    for (Op op : Op.values()) {
      if (!Op.BASE.contains(op) && stats.count(op) + stats.errors(op) == 0) {
        continue; // only the ops issued: a job holds at most 120 counters by default
      }
      set(context.getCounter(CounterNames.GROUP, CounterNames.ops(op)), stats.count(op));
      set(context.getCounter(CounterNames.GROUP, CounterNames.errors(op)), stats.errors(op));
      for (Map.Entry<String, Long> c : stats.errorClasses(op).entrySet()) {
        String name = CounterNames.errorClass(op, c.getKey());
        if (classCounters.contains(name) || classCounters.size() < ERROR_CLASS_COUNTERS) {
          classCounters.add(name);
          set(context.getCounter(CounterNames.ERROR_CLASSES, name), c.getValue());
        }
      }
    }
  }

  private static void set(Counter counter, long value) {
    counter.increment(value - counter.getValue());
  }
}
