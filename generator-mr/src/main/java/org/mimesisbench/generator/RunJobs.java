package org.mimesisbench.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.generator.infra.LocalRunnerLog;
import org.mimesisbench.generator.infra.RunningJob;
import org.mimesisbench.generator.infra.WorkFolder;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.NamespaceMapper;
import org.mimesisbench.generator.mr.StatisticsReducer;
import org.mimesisbench.generator.mr.TaskInputFormat;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.mr.Workload;
import org.mimesisbench.generator.mr.WorkloadMapper;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.results.JobCounters;
import org.mimesisbench.output.Durations;

/**
 * A run's two MapReduce jobs: phase 1 (the namespace) and phase 2 (the workload), set up, run with
 * a progress line, their counters read as each ends, and phase 2's statistics read back.
 */
final class RunJobs {
  private static final int NAMESPACE_ENTRIES_PER_MAPPER = 5_000;
  private static final int MAX_NAMESPACE_MAPPERS = 16;

  /**
   * Map-side sort buffer of phase 2, MB: room for a mapper's one statistics record, several times
   * over.
   */
  static final int STATISTICS_SORT_MB = 4;

  /** How often the phases print a progress line. */
  private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

  /** How often a task sends its counters to the job: each progress line reads fresh ones. */
  static final long PROGRESS_REPORT_MS = 2_000;

  private final Configuration conf;
  private final WorkFolder work;
  private final PrintStream out;
  private final RunningJob running = new RunningJob(); // killed on SIGTERM or Ctrl-C
  private volatile Progress progress; // of the job waited for: what an interrupt keeps
  private final Map<Job, JobCounters> finished = new IdentityHashMap<>(); // read as each job ended
  private org.apache.hadoop.fs.Path
      statisticsDir; // phase 2's output: local with the local job runner

  RunJobs(Configuration conf, WorkFolder work, PrintStream out) {
    this.conf = conf;
    this.work = work;
    this.out = out;
  }

  /** The run's configuration: the jobs' start from it. */
  Configuration conf() {
    return conf;
  }

  /** The job running now, killed on an interrupt. */
  RunningJob running() {
    return running;
  }

  Job namespaceJob(Workload plan, FileSystem fs) throws IOException {
    long entries = plan.namespaceEntries();
    int mappers =
        (int) Math.max(1, Math.min(MAX_NAMESPACE_MAPPERS, entries / NAMESPACE_ENTRIES_PER_MAPPER));
    boolean resume = fs.exists(plan.root());
    boolean inPlace = plan.prepareNamespace(fs, mappers, resume);
    if (inPlace) {
      out.println(
          "phase 1: the hierarchy is in place under "
              + plan.root()
              + " (its counts checked): not created again");
    }
    Job job = Job.getInstance(jobConf(plan), "mimesisbench phase 1 (namespace) " + plan.runId());
    job.getConfiguration().setBoolean(NamespaceMapper.RESUME, resume);
    job.getConfiguration().setBoolean(NamespaceMapper.IN_PLACE, inPlace);
    job.getConfiguration().setInt("mapreduce.local.map.tasks.maximum", mappers);
    List<TaskSplit> tasks = new ArrayList<>();
    for (int i = 0; i < mappers; i++) {
      tasks.add(new TaskSplit(-1, i, mappers));
    }
    TaskInputFormat.setTasks(job.getConfiguration(), tasks);
    job.setInputFormatClass(TaskInputFormat.class);
    job.setMapperClass(plan.namespaceMapper());
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    return job;
  }

  /**
   * One map task per list of shares (usually one share each) of the types that have files to
   * replay.
   */
  Job workloadJob(Workload plan, List<List<TaskSplit>> mappers) throws IOException {
    Job job = Job.getInstance(jobConf(plan), "mimesisbench phase 2 (workload) " + plan.runId());
    Configuration c = job.getConfiguration();
    c.setInt(WorkloadMapper.PARTIES, mappers.size());
    c.setInt(
        "mapreduce.local.map.tasks.maximum",
        mappers.size()); // all at once: they meet at the barrier
    c.setInt("mapreduce.map.maxattempts", 1); // a retried mapper would replay its share twice
    // each mapper emits one small record; the default 100 MB sort buffer per mapper made 53 local
    // mappers need 5.3 GB of heap, and one failing to get it never reached the start barrier
    c.setInt("mapreduce.task.io.sort.mb", STATISTICS_SORT_MB);
    TaskInputFormat.setMappers(c, mappers);
    job.setInputFormatClass(TaskInputFormat.class);
    job.setMapperClass(plan.workloadMapper());
    job.setMapOutputKeyClass(IntWritable.class);
    job.setMapOutputValueClass(RunStatistics.class);
    job.setReducerClass(StatisticsReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(IntWritable.class);
    job.setOutputValueClass(RunStatistics.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    // with the local job runner the statistics stay on this machine: a file system that went away
    // during the ops cannot take them along
    statisticsDir =
        "local".equals(c.get("mapreduce.framework.name", "local"))
            ? new org.apache.hadoop.fs.Path(work.path("statistics").toUri())
            : plan.statisticsDir();
    SequenceFileOutputFormat.setOutputPath(job, statisticsDir);
    return job;
  }

  /**
   * Has a job's tasks send their counters every {@value #PROGRESS_REPORT_MS} ms, unless the user
   * set how often: by default every 6 s (1 % of the task timeout), and a few mappers started
   * together left the progress line at 0 ops issued for the first 10 s of a replay.
   */
  static void reportsPromptly(Configuration c) {
    if (!UserSettings.given(c, MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL)) {
      c.setLong(MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL, PROGRESS_REPORT_MS);
    }
  }

  /** The configuration phase 2's jobs run with (for a check of the queue before phase 1). */
  Configuration jobConf(Workload plan) throws IOException {
    Configuration c = new Configuration(conf);
    plan.toConf(c);
    c.setBoolean(
        "mapreduce.map.speculative", false); // a speculative copy would issue the ops twice
    c.setBoolean("mapreduce.reduce.speculative", false);
    c.setInt("mapreduce.job.maps", 1);
    reportsPromptly(c);
    Job probe = Job.getInstance(c);
    Configuration job = probe.getConfiguration(); // mapred-default.xml and mapred-site.xml loaded
    if (!"local".equals(job.get("mapreduce.framework.name", "local"))) {
      // a cluster's containers load our classes from the job's jar; the local job runner runs them
      // in this JVM, and its copy of the 300 MB jar to the staging cost 1-2 s a job
      probe.setJarByClass(BenchmarkRun.class);
      // on a cluster the job's staging (job.jar, job.xml, splits) is under the base too, whatever
      // the cluster's default; the job history stays where the cluster's history server reads it
      String history = job.get("mapreduce.jobhistory.intermediate-done-dir");
      if (history != null) {
        job.set("mapreduce.jobhistory.intermediate-done-dir", history);
      }
      job.set(
          "yarn.app.mapreduce.am.staging-dir",
          new org.apache.hadoop.fs.Path(plan.runDir(), "staging").toString());
    }
    return job;
  }

  /**
   * Runs {@code job}, printing a line every few seconds with {@code counter}, the count its mappers
   * move as they go (their own map progress jumps from 0 to 100 % at once), against {@code
   * expected} of {@code unit} when that is known (> 0), and the failed ops when there are some;
   * before the first, what the job waits for when {@code waiting} says (the start barrier); and
   * what {@code news} says the moment it says it, polled with the job (the barrier passed), from
   * when on the rate per second is counted. Reads the job's counters as soon as it completes
   * ({@link #countersOf}). Returns null when the job succeeded, else why it failed, in a line.
   */
  String waitFor(
      Job job,
      String step,
      String counter,
      long expected,
      String unit,
      Supplier<String> waiting,
      Supplier<String> news)
      throws Exception {
    boolean local = "local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"));
    try (LocalRunnerLog log =
        local ? new LocalRunnerLog(conf.getBoolean(MimesisBench.VERBOSE, false)) : null) {
      job.submit();
      running.set(job);
      long start = System.nanoTime();
      progress = new Progress(job, step, start, null);
      long next = start + PROGRESS_EVERY_NANOS;
      long rateFrom = start; // the news (the barrier passed) restarts it: gathering issues nothing
      org.apache.hadoop.mapreduce.Counters seen = null;
      while (!job.isComplete()) {
        Thread.sleep(200);
        String said = news.get();
        long now = System.nanoTime();
        if (said != null) {
          out.printf("%s: %s%n", step, said);
          rateFrom = now;
        }
        if (now - next >= 0 && !job.isComplete()) {
          next = now + PROGRESS_EVERY_NANOS;
          org.apache.hadoop.mapreduce.Counters live = JobCounters.now(job);
          seen = live != null ? live : seen;
          progress = new Progress(job, step, start, seen);
          long done = value(live, counter);
          long failed = value(live, CounterNames.FAILED);
          double seconds = (now - start) / 1e9;
          String wait = done == 0 ? waiting.get() : null;
          if (wait != null) {
            out.printf("%s: %s, %.0f s%n", step, wait, seconds);
            continue;
          }
          String of = expected > 0 ? String.format(" of %,d", expected) : "";
          String share = expected > 0 ? String.format(" (%.0f %%)", 100.0 * done / expected) : "";
          String failures = failed > 0 ? String.format(", %,d failed", failed) : "";
          out.printf(
              "%s: %,d%s %s%s%s, %,.0f/s, %.0f s%s%n",
              step,
              done,
              of,
              unit,
              share,
              failures,
              done / Math.max((now - rateFrom) / 1e9, 1e-3),
              seconds,
              behind(live));
        }
      }
      running.haltIfInterrupted();
      // what the job did, read at once: its application master answers for a few seconds more
      String failure = job.isSuccessful() ? null : failure(job, log);
      finished.put(job, JobCounters.finished(job, step.replaceFirst(":.*", ""), seen));
      running.set(null);
      return failure;
    }
  }

  /**
   * ", N mappers over 1 s behind schedule (about ... s each)": what phase 2's mappers say of their
   * lateness when any is over a second late (the few under it count in the mean too); "" otherwise.
   */
  private static String behind(org.apache.hadoop.mapreduce.Counters counters) {
    if (counters == null) {
      return "";
    }
    long mappers =
        counters.findCounter(CounterNames.SCHEDULE, CounterNames.BEHIND_MAPPERS).getValue();
    long ms = counters.findCounter(CounterNames.SCHEDULE, CounterNames.BEHIND_MS).getValue();
    return mappers == 0
        ? ""
        : String.format(
            ", %d mapper%s over 1 s behind schedule (about %s each)",
            mappers, mappers == 1 ? "" : "s", Durations.micros(ms * 1e3 / mappers));
  }

  /** A counter of ours in {@code counters}; 0 when there are none. */
  private static long value(org.apache.hadoop.mapreduce.Counters counters, String name) {
    Counter c = counters == null ? null : counters.findCounter(CounterNames.GROUP, name);
    return c == null ? 0 : c.getValue();
  }

  /**
   * The job waited for, its step ("phase 2: workload"), when it started and the counters last read
   * of it; what a run stopped by SIGTERM or Ctrl-C keeps of it.
   */
  record Progress(
      Job job, String step, long startNanos, org.apache.hadoop.mapreduce.Counters counters) {
    /** The counters now, when the job still answers; else those last read. */
    org.apache.hadoop.mapreduce.Counters latest() {
      org.apache.hadoop.mapreduce.Counters now = JobCounters.now(job);
      return now != null ? now : counters;
    }
  }

  /** The job waited for, or last waited for; null before the first. */
  Progress progress() {
    return progress;
  }

  /** The counters {@code job} ended with; none when it never ran. */
  JobCounters countersOf(Job job) {
    return finished.getOrDefault(job, JobCounters.none());
  }

  /** Phase 2's statistics, per task key, added into {@code total}. */
  Map<Integer, RunStatistics> readStatistics(RunStatistics total) throws IOException {
    Map<Integer, RunStatistics> byType = new TreeMap<>();
    FileSystem fs = statisticsDir.getFileSystem(conf);
    for (var part : fs.globStatus(new org.apache.hadoop.fs.Path(statisticsDir, "part-*"))) {
      try (SequenceFile.Reader r =
          new SequenceFile.Reader(fs.getConf(), SequenceFile.Reader.file(part.getPath()))) {
        IntWritable type = new IntWritable();
        while (true) {
          RunStatistics s = new RunStatistics();
          if (!r.next(type, s)) {
            break;
          }
          byType.put(type.get(), s);
          total.add(s);
        }
      }
    }
    return byType;
  }

  /**
   * What phase 2's counters say the mappers issued, op by op, and how their calls failed: the
   * statistics when the mappers' own are lost (the job failed). {@code seconds}: the phase's
   * length.
   */
  static RunStatistics countedStatistics(JobCounters job, double seconds) {
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    Map<Op, Long> errors = new EnumMap<>(Op.class);
    Map<Op, Map<String, Long>> classes = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      counts.put(op, job.get(CounterNames.GROUP, CounterNames.ops(op)));
      errors.put(op, job.get(CounterNames.GROUP, CounterNames.errors(op)));
    }
    org.apache.hadoop.mapreduce.Counters all = job.counters();
    for (Counter c : all == null ? List.<Counter>of() : all.getGroup(CounterNames.ERROR_CLASSES)) {
      String[] opAndClass = c.getName().split(" ", 2);
      for (Op op : Op.values()) {
        if (opAndClass.length == 2 && op.label().equals(opAndClass[0])) {
          classes.computeIfAbsent(op, o -> new TreeMap<>()).put(opAndClass[1], c.getValue());
        }
      }
    }
    return RunStatistics.counted(counts, errors, classes, seconds);
  }

  /**
   * Why a job failed: its first failed task's diagnostics, else what the local job runner logged
   * (it keeps no diagnostics), else the job's own failure info.
   */
  private static String failure(Job job, LocalRunnerLog log) throws InterruptedException {
    try {
      return failureOf(job, log);
    } catch (IOException
        | RuntimeException e) { // gone with its application master: the failure stands without why
      return "a task failed (why could not be read: " + Messages.firstLine(e) + ")";
    }
  }

  private static String failureOf(Job job, LocalRunnerLog log)
      throws IOException, InterruptedException {
    if (log != null && log.failure() != null) {
      return log.failure();
    }
    for (var event : job.getTaskCompletionEvents(0, 1000)) {
      if (event.getStatus() == org.apache.hadoop.mapreduce.TaskCompletionEvent.Status.FAILED) {
        String[] diagnostics = job.getTaskDiagnostics(event.getTaskAttemptId());
        if (diagnostics != null && diagnostics.length > 0) {
          return event.getTaskAttemptId() + ": " + Messages.firstLine(diagnostics[0].strip());
        }
      }
    }
    String info = job.getStatus().getFailureInfo();
    // the local job runner keeps no diagnostics: it logs the first failed task's exception instead
    return info == null || info.isBlank() || "NA".equals(info)
        ? "a task failed"
        : Messages.firstLine(info);
  }
}
