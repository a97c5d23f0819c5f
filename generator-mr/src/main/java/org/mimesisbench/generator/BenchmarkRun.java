package org.mimesisbench.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.mapreduce.Job;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.infra.FailoverRetries;
import org.mimesisbench.generator.infra.Lease;
import org.mimesisbench.generator.infra.NativeLibraries;
import org.mimesisbench.generator.infra.RunningJob;
import org.mimesisbench.generator.infra.WorkFolder;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.measure.JvmUse;
import org.mimesisbench.generator.measure.NameNodeMetrics;
import org.mimesisbench.generator.mr.BarrierWatch;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.mr.Workload;
import org.mimesisbench.generator.options.RunOptionsJson;
import org.mimesisbench.generator.options.RunOptionsParser;
import org.mimesisbench.generator.results.OutFolder;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.output.HadoopLog;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.run.RunOptions;

/**
 * One benchmark run, driven from here: check everything, pick the target (the configured file
 * system, or an embedded HDFS), plan the run on it ({@link RunSetup}), run phase 1 (the namespace)
 * and phase 2 (the workload) as MapReduce jobs ({@link RunJobs}), write the results ({@link
 * RunRecorder}) and capture the NameNode's audit log ({@link AuditCapture}). Every check that can
 * fail on the user's input runs before anything is created.
 */
public final class BenchmarkRun {
  static final String FORCE_EMBEDDED = "mimesisbench.embedded";

  /**
   * false: the NameNode's audit log is kept but not parsed into the run's trace (a long run's log
   * takes minutes to parse; a sweep's warm-up deletes it unread).
   */
  public static final String PARSE_AUDIT = "mimesisbench.audit.parse";

  private final Configuration conf;
  private final RunOptions options;
  private final PrintStream out;
  private final List<String> notes = new ArrayList<>();
  private int embeddedDataNodes = EmbeddedCluster.DATA_NODES; // an embedded run's
  private final Map<String, String> givenSettings;
  private WorkFolder work;
  private RunJobs jobs;
  private RunSummary written; // the summary, once the results are written
  private Lease.Holder holder; // this run, as its leases name it
  private BaseDirectory leased; // the base whose lease this run holds, once RunSetup took it
  private volatile Stopped stopped; // what a SIGTERM or Ctrl-C found, once one came
  private volatile long scheduledOps;
  private volatile String id; // this run's
  private final Planner planner;

  /**
   * What a run issues, planned from its id and the base directory (as given) before anything is
   * created.
   */
  @FunctionalInterface
  public interface Planner {
    Workload plan(String runId, org.apache.hadoop.fs.Path base) throws IOException;
  }

  /** A run of the profile {@code options} name. */
  public BenchmarkRun(Configuration conf, RunOptions options, PrintStream out) {
    this(
        conf,
        options,
        out,
        (runId, base) -> {
          Path profileDir = Path.of(options.getProfile());
          Profile profile = ProfileReader.read(profileDir);
          return RunPlan.of(
              ProfileReader.file(profileDir).toString(), profile, options, runId, base);
        });
  }

  /** A run of what {@code planner} plans (a replay: a trace), with the options every run has. */
  public BenchmarkRun(Configuration conf, RunOptions options, PrintStream out, Planner planner) {
    this.givenSettings = RunRecorder.givenSettings(conf);
    this.conf = new Configuration(conf);
    FailoverRetries.boundBy(this.conf, options.getOutageLimitMs());
    this.options = options;
    this.out = out;
    this.planner = planner;
  }

  /** Runs; returns the summary (its valid says whether the run counts). */
  public RunSummary execute() throws Exception {
    RunOptionsParser.check(
        options); // as the command line checks them: options made in code (a sweep's) too
    NativeLibraries
        .load(); // before the first Avro file: nothing of theirs is left in java.io.tmpdir
    String runId =
        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
            + "-"
            + String.format("%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    id = runId;
    if (!options.getAsOneUser() && localTarget()) {
      // file:// has no users: every call goes as the run's own, whom nothing denies (UserClients)
      options.setAsOneUser(true);
      notes.add(
          "a local file system has no users of its own: every call goes as the run's own user"
              + " (as --as-one-user)");
    }
    // the whole plan (model and namespace layout, or the trace) is checked before anything exists
    Workload plan = planner.plan(runId, new org.apache.hadoop.fs.Path(options.getBaseDir()));
    notes.addAll(plan.notes());
    Path outDir = Path.of(options.getOut() != null ? options.getOut() : "results/" + runId);
    boolean embedded = !fileSystemConfigured();
    List<String> auditLogs = AuditCapture.givenLogs(plan.command(), options, embedded, conf);
    Path nameDir =
        plan instanceof RunPlan run ? NameDirImage.given(options, embedded, run.layout()) : null;
    holder = Lease.Holder.now(described(plan.command(), outDir), runId);
    OutFolder outFolder = OutFolder.RUN.named(plan.command());
    if (!embedded) { // an embedded cluster is this run's alone
      refuseLeasedBase(plan.command());
    }
    List<String> tookOver = new ArrayList<>(); // said once --out is accepted: bad input is one line
    try (Lease outLease = outFolder.lease(outDir, holder, conf, tookOver::add);
        AtomicOutputDir results = prepared(outFolder, outDir, plan.command());
        HadoopLog log = HadoopLog.to(results.file(HadoopLog.FILE), conf)) {
      tookOver.forEach(this::noted);
      work =
          new WorkFolder(
              outDir.resolve(WorkFolder.NAME),
              left -> {
                try {
                  System.err.println(interrupted(plan.command(), results, outDir, left));
                } finally {
                  letGo(outLease);
                }
              });
      jobs = new RunJobs(conf, work, out);
      // the last stop on an interrupt, after the job is killed and the cluster closed: the local
      // runner's tasks end before the working files go (they write their output as they stop)
      work.onInterrupt(
          () -> {
            IssuingPipeline.stopAll("interrupted: the run was stopped");
            RunningJob.awaitLocalTasks(Duration.ofSeconds(30));
          });
      EmbeddedCluster cluster = null;
      try {
        localRunnerDirs(embedded);
        if (embedded) {
          cluster = startEmbedded(plan, nameDir, results);
        }
        RunSummary summary = runKeepingResults(plan, runId, embedded, results);
        if (cluster != null) {
          cluster.close(); // the audit log is complete only now
          cluster = null;
        }
        captureTrace(
            embedded ? List.of(results.file(AuditCapture.AUDIT_LOG).toUri().toString()) : auditLogs,
            results,
            outDir);
        results.commit();
        return summary;
      } finally {
        if (cluster != null) {
          cluster.close();
        }
        try {
          work.close();
        } catch (UncheckedIOException e) {
          out.println("note: " + e.getMessage() + " (" + Messages.firstLine(e.getCause()) + ")");
        }
      }
    }
  }

  /**
   * Starts the embedded HDFS (on {@code nameDir}'s image when given) with a DataNode per replica
   * the files draw, and points the run's configuration at it; closed on an interrupt.
   */
  private EmbeddedCluster startEmbedded(Workload plan, Path nameDir, AtomicOutputDir results)
      throws IOException {
    embeddedDataNodes =
        plan.maxDataReplication() > 0
            ? EmbeddedCluster.dataNodesFor(plan.maxDataReplication())
            : EmbeddedCluster.DATA_NODES;
    out.println(
        "no file system configured: starting an embedded HDFS (a real NameNode, in this JVM)");
    if (nameDir != null) {
      NameDirImage.prepare(conf, (RunPlan) plan, nameDir, out);
    }
    EmbeddedCluster cluster =
        EmbeddedCluster.start(
            serverConf(),
            work.path("dfs"),
            results.file(AuditCapture.AUDIT_LOG),
            embeddedDataNodes,
            nameDir);
    work.onInterrupt(cluster::close);
    conf.set("fs.defaultFS", cluster.uri().toString());
    // its web server, where namespace-end.tsv's image is fetched as dfsadmin -fetchImage does
    conf.set(
        DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY,
        "localhost:" + cluster.cluster().getNameNode().getHttpAddress().getPort());
    return cluster;
  }

  /**
   * Runs the plan; a failure before its results were written removes what it made and is thrown,
   * one after them (the run's record on the file system) keeps them with a note.
   */
  private RunSummary runKeepingResults(
      Workload plan, String runId, boolean embedded, AtomicOutputDir results) throws Exception {
    try {
      return run(plan, runId, embedded, results);
    } catch (Exception e) {
      if (written == null) {
        removeWhatTheRunMade(runId, e);
        throw e;
      }
      RunResults.print(written, out);
      out.println(
          "note: the results are complete, but the run's end could not be recorded under "
              + options.getBaseDir()
              + ": "
              + Messages.firstLine(e));
      return written;
    } finally {
      releaseBase();
    }
  }

  /**
   * Parses the NameNode's audit {@code logs} into the results' trace/; the results stand without.
   */
  private void captureTrace(List<String> logs, AtomicOutputDir results, Path outDir) {
    if (!logs.isEmpty() && !conf.getBoolean(PARSE_AUDIT, true)) {
      out.println("the NameNode's audit log is not parsed into trace/ (" + PARSE_AUDIT + "=false)");
      return;
    }
    try {
      AuditCapture.parse(
          logs,
          results.file(AuditCapture.TRACE),
          AtomicOutputDir.committedName(outDir).resolve(AuditCapture.TRACE),
          conf,
          out);
    } catch (IOException | RuntimeException e) {
      out.println("note: the NameNode's audit log could not be captured: " + Messages.firstLine(e));
    }
  }

  /** Plans the run on its target, runs its two phases, writes the results; returns the summary. */
  private RunSummary run(Workload draft, String runId, boolean embedded, AtomicOutputDir results)
      throws Exception {
    RunSetup.Planned setup =
        RunSetup.plan(
            draft,
            runId,
            holder,
            options,
            jobs,
            out,
            notes::add,
            base -> {
              leased = base;
              work.onInterrupt(() -> interrupted(base, runId));
            });
    Workload plan = setup.plan();
    FileSystem fs = setup.fs();
    List<String> invalid = new ArrayList<>();
    long phase1Start = System.nanoTime();
    Job namespaceJob = jobs.namespaceJob(plan, fs);
    String phase1Failure =
        jobs.waitFor(
            namespaceJob,
            "phase 1: namespace",
            CounterNames.NAMESPACE_ENTRIES,
            0,
            "directories and files made",
            () -> null,
            () -> null);
    double phase1Seconds = (System.nanoTime() - phase1Start) / 1e9;
    if (phase1Failure != null) { // phase 2 is not started: the summary says why
      invalid.add("phase 1 (namespace) failed: " + phase1Failure);
    }

    Job workloadJob = jobs.workloadJob(plan, setup.mappers());
    scheduledOps = setup.scheduledOps();
    long startMillis = System.currentTimeMillis();
    JvmUse phase2Start = JvmUse.now();
    BarrierWatch barrier = new BarrierWatch(fs, plan.barrierDir(), setup.mappers().size());
    NameNodeMetrics nameNode = phase1Failure != null ? null : nameNodeMetrics(embedded, fs);
    String phase2Failure;
    try {
      phase2Failure =
          phase1Failure != null
              ? null
              : jobs.waitFor(
                  workloadJob,
                  "phase 2: workload",
                  CounterNames.ISSUED,
                  setup.scheduledOps(),
                  "ops issued",
                  barrier::waiting,
                  barrier::passed);
    } finally {
      if (nameNode != null) {
        nameNode.close();
      }
    }
    var phases =
        new RunRecorder.Phases(
            namespaceJob,
            phase1Failure,
            phase1Seconds,
            workloadJob,
            phase2Failure,
            startMillis,
            System.currentTimeMillis(),
            JvmUse.now().since(phase2Start),
            nameNode);
    RunSummary summary =
        new RunRecorder(options, jobs, givenSettings, notes)
            .embeddedDataNodes(embeddedDataNodes)
            .record(runId, embedded, setup, phases, invalid, results);
    written = summary;

    setup.base().markFinished(runId, summary.valid() ? "valid" : "invalid");
    if (options.getCleanup()) {
      out.println(setup.base().cleanUp().describe(setup.base().path()));
    }
    RunResults.print(summary, out);
    return summary;
  }

  /** --out checked (and, with --overwrite, cleared of an earlier run's files), then opened. */
  private AtomicOutputDir prepared(OutFolder folder, Path outDir, String command)
      throws IOException {
    folder.prepare(outDir, options.getOverwrite(), out);
    return new AtomicOutputDir(command + ": --out", outDir);
  }

  /** The run as its leases show it to a run they refuse: the command, what it reads and writes. */
  private String described(String command, Path outDir) {
    return command
        + (command.equals("replay") ? " --trace " : " --profile ")
        + options.getProfile()
        + " --base-dir "
        + options.getBaseDir()
        + " --out "
        + outDir
        + " --time-scale "
        + options.getTimeScale();
  }

  private void noted(String note) {
    notes.add(note);
    out.println("note: " + note);
  }

  /**
   * A base a live run holds is refused before this run deletes or makes anything, in the base or in
   * --out (RunSetup's lease decides; this looks first).
   */
  private void refuseLeasedBase(String command) throws IOException {
    org.apache.hadoop.fs.Path given = new org.apache.hadoop.fs.Path(options.getBaseDir());
    FileSystemProbe.check(command + ": --base-dir", given, conf);
    BaseDirectory.refuseIfLeased(
        command + ": --base-dir", given.getFileSystem(conf), options.getBaseDir(), conf);
  }

  /**
   * A run that failed before its results were written removes what it made in the base (a failure
   * after that keeps the results and the base they describe).
   */
  private void removeWhatTheRunMade(String runId, Exception failure) {
    if (leased == null) {
      return;
    }
    try {
      leased.removeWhatTheRunMade(runId);
      out.println(
          "note: the run failed before its results were written: removed what it made under "
              + leased.path());
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  private void releaseBase() {
    if (leased == null) {
      return;
    }
    try {
      leased.releaseLease(options.getCleanup());
    } catch (IOException | RuntimeException e) {
      out.println(
          "note: the lease of "
              + leased.path()
              + " could not be let go ("
              + Messages.firstLine(e)
              + "); the next run takes it over once its heartbeat is old");
    }
    leased = null;
  }

  private static void letGo(Lease lease) {
    try {
      lease.close();
    } catch (IOException | RuntimeException e) {
      // the JVM is going: the next run takes the lease over (its process is gone)
    }
  }

  /**
   * The NameNode's metrics through phase 2 (in process for the embedded one, --namenode-http for a
   * cluster), sampling from now on; null when there is none to read. One that cannot be read is a
   * warning: the run goes on.
   */
  private NameNodeMetrics nameNodeMetrics(boolean embedded, FileSystem fs) {
    NameNodeMetrics m =
        NameNodeMetrics.forRun(embedded, options.getNamenodeHttp(), fs.getUri(), fs.getConf());
    if (m == null) {
      notes.add(
          "no NameNode metrics: give --namenode-http <the NameNode's web address> (or set"
              + " dfs.namenode.http-address, or run against an HA nameservice's logical URI) to"
              + " record them");
      return null;
    }
    String failed = m.start();
    if (failed != null) {
      String what =
          "the NameNode's metrics could not be read (" + failed + "); the run goes on without them";
      out.println("warning: " + what);
      notes.add(what);
    }
    return m;
  }

  /** Whether the run's file system is the local one (file://). */
  private boolean localTarget() {
    if (!fileSystemConfigured()) {
      return false;
    }
    String scheme = URI.create(options.getBaseDir()).getScheme();
    return "file".equals(scheme != null ? scheme : FileSystem.getDefaultUri(conf).getScheme());
  }

  /**
   * Bad input (one line, naming {@code command}) when the --capture-audit files cannot be read or
   * the run is embedded: what a sweep checks before its warm-up.
   */
  public void checkCapturedLogs(String command) throws IOException {
    AuditCapture.givenLogs(command, options, !fileSystemConfigured(), conf);
  }

  /**
   * Whether the user pointed the run at a file system: -fs, -D fs.defaultFS, a site file, or a URI
   * as base.
   */
  public boolean fileSystemConfigured() {
    if (conf.getBoolean(FORCE_EMBEDDED, false)) {
      return false;
    }
    if (URI.create(options.getBaseDir()).getScheme() != null) {
      return true;
    }
    String[] sources = conf.getPropertySources("fs.defaultFS");
    return sources != null && !Arrays.asList(sources).equals(List.of("core-default.xml"));
  }

  /**
   * The embedded servers' settings: their web servers' temporary folders in the run's working
   * folder, not /tmp.
   */
  private Configuration serverConf() {
    Configuration servers =
        new Configuration(conf); // not the jobs': on YARN it would name a folder of this machine
    if (servers.get(HttpServer2.HTTP_TEMP_DIR_KEY) == null) {
      servers.set(HttpServer2.HTTP_TEMP_DIR_KEY, work.path("http").toString());
    }
    return servers;
  }

  /**
   * The local job runner's staging and scratch space and Hadoop's temporary folder: inside the
   * run's own working folder, never /tmp.
   */
  private void localRunnerDirs(boolean embedded) {
    if (embedded) {
      conf.set("mapreduce.framework.name", "local");
    }
    if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
      conf.set("mapreduce.jobtracker.staging.root.dir", work.path("staging").toString());
      conf.set("mapreduce.cluster.local.dir", work.path("local").toString());
      if (!givenSettings.containsKey("hadoop.tmp.dir")) {
        conf.set("hadoop.tmp.dir", work.path("hadoop").toString());
      }
    }
  }

  /**
   * The one line a run stopped by SIGTERM or Ctrl-C prints, its working files gone (or {@code left}
   * says what stayed): the unfinished results are dropped with them.
   */
  private String interrupted(String command, AtomicOutputDir results, Path outDir, String left) {
    List<String> done = new ArrayList<>();
    if (jobs != null && jobs.running().outcome() != null) {
      done.add(jobs.running().outcome());
    }
    String kept = left == null ? keepWhatWasMeasured(results, outDir) : null;
    if (kept != null) {
      done.add(kept);
    } else if (left == null) {
      try {
        results.close();
        done.add("its working files and unfinished results removed");
      } catch (UncheckedIOException e) {
        done.add("could not remove its unfinished results: " + Messages.firstLine(e));
      }
    } else {
      done.add(left + " (the next run with this --out names them)");
    }
    return command + ": interrupted (SIGTERM or Ctrl-C): " + String.join("; ", done);
  }

  /**
   * Phase 2's ops counted when the run was stopped, as a summary.json that says the run is not
   * valid, committed with the results written so far (the audit log, hadoop.log); what the console
   * line says of it, or null when phase 2 had not started or the summary could not be written (the
   * unfinished results then go).
   */
  private String keepWhatWasMeasured(AtomicOutputDir results, Path outDir) {
    Stopped s = stopped;
    RunJobs.Progress phase2 = s == null ? null : s.job();
    if (phase2 == null || s.counters() == null || !phase2.step().startsWith("phase 2")) {
      return null;
    }
    org.apache.hadoop.mapreduce.Counters stoppedCounters = s.counters();
    long stoppedAtNanos = s.atNanos();
    Map<String, long[]> ops = new java.util.LinkedHashMap<>();
    for (org.mimesisbench.generator.op.Op op : org.mimesisbench.generator.op.Op.values()) {
      long n = stoppedCounters.findCounter(CounterNames.GROUP, CounterNames.ops(op)).getValue();
      long errors =
          stoppedCounters.findCounter(CounterNames.GROUP, CounterNames.errors(op)).getValue();
      if (n > 0) {
        ops.put(op.label(), new long[] {n, errors});
      }
    }
    String why =
        String.format(
            "interrupted (SIGTERM or Ctrl-C) %.0f s into phase 2: the ops issued so far, counted"
                + " by the job as it went (no latencies)",
            (stoppedAtNanos - phase2.startNanos()) / 1e9);
    try {
      RunSummary summary =
          RunSummary.interrupted(
              id,
              why,
              RunOptionsJson.of(options),
              notes,
              ops,
              (stoppedAtNanos - phase2.startNanos()) / 1e9,
              scheduledOps);
      summary.write(results.file(RunResults.SUMMARY));
      results.commit();
      return String.format(
          "what it measured so far (%,d ops, not valid) in %s",
          summary.overall().count(),
          AtomicOutputDir.committedName(outDir).resolve(RunResults.SUMMARY));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * What a SIGTERM or Ctrl-C found: the job it stopped (null: none running), that job's counters
   * then, and when (System.nanoTime).
   */
  private record Stopped(
      RunJobs.Progress job, org.apache.hadoop.mapreduce.Counters counters, long atNanos) {}

  /** On SIGTERM or Ctrl-C: the running job is killed and the run's state says so. */
  private void interrupted(BaseDirectory base, String runId) {
    long at = System.nanoTime();
    RunJobs.Progress job = jobs.progress(); // before the kill: the job still answers its counters
    stopped = new Stopped(job, job == null ? null : job.latest(), at);
    jobs.running().kill();
    try (FileSystem fresh = FileSystem.newInstance(base.path().toUri(), conf)) {
      base.through(fresh)
          .markFinished(
              runId,
              "killed (SIGTERM or Ctrl-C)"
                  + (jobs.running().killed() != null
                      ? "; its job " + jobs.running().killed() + " was killed"
                      : ""));
    } catch (IOException | RuntimeException e) {
      // the file system is going too: the next run in this base names the run as never finished
    }
    try {
      base.releaseLeaseThrough(conf);
    } catch (IOException | RuntimeException e) {
      // the next run takes the lease over once its heartbeat is old
    }
  }
}
