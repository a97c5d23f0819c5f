package org.mimesisbench.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.util.VersionInfo;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.input.AuditLogFiles;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.infra.LocalRunnerLog;
import org.mimesisbench.generator.infra.NameDirImage;
import org.mimesisbench.generator.infra.NativeLibraries;
import org.mimesisbench.generator.infra.QueueFit;
import org.mimesisbench.generator.infra.RunningJob;
import org.mimesisbench.generator.infra.WorkFolder;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.generator.measure.JvmUse;
import org.mimesisbench.generator.measure.NameNodeMetrics;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.mr.BarrierWatch;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.options.RunOptionsParser;
import org.mimesisbench.generator.mr.JobCounters;
import org.mimesisbench.generator.mr.MapperPacking;
import org.mimesisbench.generator.mr.NamespaceMapper;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.mr.StartBarrier;
import org.mimesisbench.generator.mr.StatisticsReducer;
import org.mimesisbench.generator.mr.TaskInputFormat;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.mr.Workload;
import org.mimesisbench.generator.mr.WorkloadMapper;
import org.mimesisbench.generator.results.OutFolder;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.schedule.Op;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/**
 * One benchmark run, driven from here: check everything, pick the target (the configured file
 * system, or an embedded HDFS), claim the base directory, run phase 1 (the namespace) and phase 2
 * (the workload) as MapReduce jobs, and write the results. Every check that can fail on the
 * user's input runs before anything is created.
 */
public final class BenchmarkRun {
  /** The audit log of an embedded run, in the results folder. */
  public static final String AUDIT_LOG = "namenode-audit.log";
  /** The run's own trace: its NameNode audit log parsed by the project's parser. */
  public static final String TRACE = "trace";
  static final String FORCE_EMBEDDED = "mimesisbench.embedded";
  private static final int NAMESPACE_ENTRIES_PER_MAPPER = 5_000;
  private static final int MAX_NAMESPACE_MAPPERS = 16;
  /** Map-side sort buffer of phase 2, MB: room for a mapper's one statistics record, several times over. */
  static final int STATISTICS_SORT_MB = 4;
  /** How often the phases print a progress line. */
  private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

  private final Configuration conf;
  private final RunOptions options;
  private final PrintStream out;
  private final List<String> notes = new ArrayList<>();
  private final Map<String, String> givenSettings;
  private WorkFolder work;
  private org.apache.hadoop.fs.Path statisticsDir; // phase 2's output: local with the local job runner
  private ObjectNode written; // the summary, once the results are written
  private final RunningJob running = new RunningJob(System.err); // killed on SIGTERM or Ctrl-C
  private final Map<Job, JobCounters> finished = new IdentityHashMap<>(); // read as each job ended
  private final Planner planner;

  /** What a run issues, planned from its id and the base directory (as given) before anything is created. */
  @FunctionalInterface
  public interface Planner {
    Workload plan(String runId, org.apache.hadoop.fs.Path base) throws IOException;
  }

  /** A run of the profile {@code options} name. */
  public BenchmarkRun(Configuration conf, RunOptions options, PrintStream out) {
    this(conf, options, out, (runId, base) -> {
      Path profileDir = Path.of(options.getProfile());
      Profile profile = ProfileReader.read(profileDir);
      return RunPlan.of(ProfileReader.file(profileDir).toString(), profile, options, runId, base);
    });
  }

  /** A run of what {@code planner} plans (a replay: a trace), with the options every run has. */
  public BenchmarkRun(Configuration conf, RunOptions options, PrintStream out, Planner planner) {
    this.givenSettings = givenSettings(conf);
    this.conf = new Configuration(conf);
    this.options = options;
    this.out = out;
    this.planner = planner;
  }

  /** Runs; returns the summary (its "valid" says whether the run counts). */
  public ObjectNode execute() throws Exception {
    RunOptionsParser.check(options); // as the command line checks them: options made in code (a sweep's) too
    NativeLibraries.load(); // before the first Avro file: nothing of theirs is left in java.io.tmpdir
    String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
        + String.format("%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    // the whole plan (model and namespace layout, or the trace) is checked before anything exists
    Workload plan = planner.plan(runId, new org.apache.hadoop.fs.Path(options.getBaseDir()));
    notes.addAll(plan.notes());
    Path outDir = Path.of(options.getOut() != null ? options.getOut() : "results/" + runId);
    boolean embedded = !fileSystemConfigured();
    List<String> auditLogs = capturedAuditLogs(embedded);
    Path nameDir = plan instanceof RunPlan run ? NameDirImage.given(options, embedded, run.layout()) : null;
    OutFolder.RUN.named(plan.command()).prepare(outDir, options.getOverwrite(), out);
    try (AtomicOutputDir results = new AtomicOutputDir(plan.command() + ": --out", outDir)) {
      work = new WorkFolder(outDir.resolve(WorkFolder.NAME), results::close);
      EmbeddedCluster cluster = null;
      try {
        localRunnerDirs(embedded);
        if (embedded) {
          out.println("no file system configured: starting an embedded HDFS (a real NameNode, in this JVM)");
          if (nameDir != null) {
            NameDirImage.prepare(conf, (RunPlan) plan, nameDir, out);
          }
          cluster = EmbeddedCluster.start(serverConf(), work.path("dfs"), results.file(AUDIT_LOG),
              EmbeddedCluster.DATA_NODES, nameDir);
          work.onInterrupt(cluster::close);
          conf.set("fs.defaultFS", cluster.uri().toString());
        }
        ObjectNode summary;
        try {
          summary = run(plan, runId, embedded, results);
        } catch (Exception e) {
          if (written == null) {
            throw e;
          }
          // what failed came after the results were written (the run's record on the file system): keep them
          summary = written;
          RunResults.print(summary, out);
          out.println("note: the results are complete, but the run's end could not be recorded under "
              + options.getBaseDir() + ": " + Messages.firstLine(e));
        }
        if (cluster != null) {
          cluster.close(); // the audit log is complete only now
          cluster = null;
        }
        try {
          captureAudit(embedded ? List.of(results.file(AUDIT_LOG).toUri().toString()) : auditLogs,
              results.file(TRACE), outDir.resolve(TRACE));
        } catch (IOException | RuntimeException e) { // the results stand without the run's trace
          out.println("note: the NameNode's audit log could not be captured: " + Messages.firstLine(e));
        }
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

  /** The --capture-audit files, checked before anything is created; local paths unless a URI is given. */
  private List<String> capturedAuditLogs(boolean embedded) throws IOException {
    List<String> logs = new ArrayList<>();
    for (CharSequence given : options.getCaptureAudit()) {
      // Hadoop's own path parsing: globs ({a,b}, *) survive it, as the parser's expansion needs
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(given.toString());
      logs.add((p.toUri().getScheme() != null ? p : FileSystem.getLocal(conf).makeQualified(p)).toString());
    }
    if (embedded && !logs.isEmpty()) {
      throw new BadInputException("run: --capture-audit is for runs on a cluster; an embedded run captures its own log");
    }
    if (!logs.isEmpty()) {
      try {
        AuditLogFiles.expand(logs, conf);
      } catch (BadInputException e) {
        throw new BadInputException("run: " + e.getMessage().replace("--audit", "--capture-audit"));
      }
    }
    return logs;
  }

  /** Parses the run's NameNode audit log into {@code traceDir} (events, files, report), for fidelity. */
  private void captureAudit(List<String> logs, Path traceDir, Path shownAs) throws IOException {
    if (logs.isEmpty()) {
      return;
    }
    // the embedded NameNode's log4j writes local time; a cluster's NameNode is assumed to share our zone
    ParseOptions parse = new ParseOptions(logs, null, traceDir, ZoneId.systemDefault(),
        ParseOptions.MAX_MALFORMED_DEFAULT, AvroFiles.CODEC_DEFAULT, ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseReport report = new TraceParse(parse, conf, null).run();
    out.printf("captured the NameNode's audit log: %,d events in %s%n", report.events, shownAs);
  }

  private ObjectNode run(Workload draft, String runId, boolean embedded, AtomicOutputDir results)
      throws Exception {
    org.apache.hadoop.fs.Path given = new org.apache.hadoop.fs.Path(options.getBaseDir());
    FileSystem fs = reachable(given);
    // every user the profile names may be impersonated (with Kerberos), checked before anything is made
    UserClients.checkImpersonation(fs.getUri(), fs.makeQualified(given), conf, draft.modeledUsers());
    // a base that came in an fsimage (--name-dir) holds the namespace but not the benchmark's marker
    BaseDirectory base = BaseDirectory.claim(fs, options.getBaseDir(), options.getReuse() || options.getNameDir() != null);
    for (String id : base.unfinishedRuns()) {
      String note = "run " + id + " started in this base and never finished (killed?); its files are still under "
          + base.path() + " and phase 1 resumes its namespace";
      notes.add(note);
      out.println("note: " + note);
      base.markFinished(id, "abandoned (found by run " + runId + ")");
    }
    Workload plan = draft.at(base.path());
    if (!fs.exists(plan.root())) {
      base.recordMade(plan.root()); // before phase 1 creates it: --cleanup deletes only what the ledger names
    }
    fs.mkdirs(plan.runDir());
    plan.stage(fs);
    base.markRunning(runId);
    out.printf("%s %s: %s into %s%n", plan.command(), runId, plan.describe(), plan.root());

    ProgressLine forecastProgress = new ProgressLine(out, "schedule", "files");
    Workload.Scheduled forecast = plan.schedule(forecastProgress::tick);
    Map<Op, Long> scheduled = forecast.byOp();
    forecastProgress.done(0);

    List<List<TaskSplit>> mappers = plan.mappers(forecast, options.getMappers());
    if (mappers.isEmpty()) {
      throw new BadInputException(plan.command() + ": the chosen file types have no operations to replay");
    }
    work.onInterrupt(() -> interrupted(base, runId));
    try { // a phase 2 the cluster cannot run at once is refused before phase 1
      mappers = QueueFit.fit(jobConf(plan), forecast.byKey(), mappers, options.getMappers() != null, note -> {
        notes.add(note);
        out.println("note: " + note);
      });
    } catch (BadInputException e) {
      base.markFinished(runId, "not run: " + e.getMessage());
      throw e;
    }
    int shares = mappers.stream().mapToInt(List::size).sum();
    List<String> invalid = new ArrayList<>();
    long phase1Start = System.nanoTime();
    Job namespaceJob = namespaceJob(plan, fs);
    String phase1Failure = waitFor(namespaceJob, "phase 1: namespace", CounterNames.NAMESPACE_ENTRIES, 0,
        "directories and files made", () -> null);
    double phase1Seconds = (System.nanoTime() - phase1Start) / 1e9;
    if (phase1Failure != null) { // phase 2 is not started: the summary says why
      invalid.add("phase 1 (namespace) failed: " + phase1Failure);
    }

    Job workloadJob = workloadJob(plan, mappers);
    long startMillis = System.currentTimeMillis();
    long scheduledOps = scheduled.values().stream().mapToLong(Long::longValue).sum();
    JvmUse phase2Start = JvmUse.now();
    BarrierWatch barrier = new BarrierWatch(fs, plan.barrierDir(), mappers.size());
    NameNodeMetrics nameNode = phase1Failure != null ? null : nameNodeMetrics(embedded, fs);
    String phase2Failure;
    try {
      phase2Failure = phase1Failure != null ? null
          : waitFor(workloadJob, "phase 2: workload", CounterNames.ISSUED, scheduledOps, "ops issued",
              barrier::waiting);
    } finally {
      if (nameNode != null) {
        nameNode.close();
      }
    }
    boolean phase2 = phase1Failure == null && phase2Failure == null;
    JvmUse phase2Use = JvmUse.now().since(phase2Start);
    long endMillis = System.currentTimeMillis();
    long scheduleStartMillis = -1;
    if (phase2) {
      try {
        scheduleStartMillis = StartBarrier.startMillis(fs, plan.barrierDir());
      } catch (IOException e) { // the file system went away after the ops: the results stand without it
        notes.add("the schedule's start could not be read from its barrier on the file system: "
            + Messages.firstLine(e));
      }
    }

    Map<Integer, RunStatistics> byType = new TreeMap<>();
    RunStatistics total = new RunStatistics();
    String lost = null;
    if (phase2) {
      try {
        readStatistics(statisticsDir.getFileSystem(conf), statisticsDir, byType, total);
      } catch (IOException e) {
        lost = "the mappers' statistics could not be read (" + Messages.firstLine(e) + ")";
      }
    } else if (phase1Failure == null) {
      invalid.add("phase 2 failed at " + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss")) + ", "
          + Math.round((endMillis - startMillis) / 1000.0) + " s after its start: " + phase2Failure);
      lost = "phase 2 failed";
    }
    if (lost != null) { // what was issued before is still known, op by op, from the job's counters
      byType.clear();
      total = countedStatistics(countersOf(workloadJob), (endMillis - startMillis) / 1000.0);
      notes.add(lost + ": ops and errors are from the job's counters, without latencies");
    }
    List<String> stops = total.stops().stream().filter(why -> !why.equals(IssuingPipeline.DURATION_ENDED)).toList();
    if (!stops.isEmpty()) {
      invalid.add("issuing stopped early in " + stops.size() + " mapper(s): " + stops.get(0));
    }
    if (stops.size() < total.stops().size()) { // asked for: at time scale 0 --duration caps the wall clock
      notes.add("the --duration ended with ops still scheduled: " + total.totalCount() + " of " + scheduledOps
          + " issued");
    }
    if (phase2 && total.mappers() != shares) {
      invalid.add(total.mappers() + " of " + shares + " mappers reported statistics");
    }
    if (total.totalErrors() > 0) {
      notes.add(total.totalErrors() + " ops failed, each counted as an error (see errorSamples, errorsByClass)");
    }
    // a run through an outage measured a file system that was away: its errors are counted, it does not count
    if (!total.outages().isEmpty() && stops.stream().noneMatch(s -> s.startsWith(IssuingPipeline.OUTAGE))) {
      invalid.add(IssuingPipeline.OUTAGE + total.outages().get(0)); // each mapper saw it: the longest says enough
    }

    for (Job job : List.of(namespaceJob, workloadJob)) {
      if (countersOf(job).warning() != null) {
        notes.add(countersOf(job).warning());
      }
    }
    ObjectNode head = new ObjectMapper().createObjectNode();
    head.put("runId", runId);
    head.put("valid", invalid.isEmpty());
    ArrayNode why = head.putArray("invalidBecause");
    invalid.forEach(why::add);
    ObjectNode target = head.putObject("target");
    target.put("fileSystem", fs.getUri().toString());
    target.put("embedded", embedded);
    target.put("baseDir", base.path().toString());
    target.put("namespaceRoot", plan.root().toString());
    String framework = workloadJob.getConfiguration().get("mapreduce.framework.name", "local");
    target.put("framework", framework);
    head.set("options", new ObjectMapper().readTree(options.toString())); // Avro's plain JSON, unions unwrapped
    head.set("environment", environment(embedded));
    ObjectNode ns = head.putObject("namespace");
    ns.put("layout", plan.describe());
    ns.put("seconds", Math.round(phase1Seconds * 1000) / 1000.0);
    ns.put("entries", countersOf(namespaceJob).get(CounterNames.GROUP, CounterNames.NAMESPACE_ENTRIES));
    ObjectNode wl = head.putObject("workload");
    wl.put("windowMs", plan.windowMs());
    wl.put("timeScale", options.getTimeScale());
    plan.describeInput(head, phase1Failure != null ? null : countersOf(workloadJob).counters());
    wl.put("mappers", shares);
    wl.put("mapTasks", mappers.size()); // fewer than the mappers when shares were packed together
    if (scheduleStartMillis > 0) { // the schedule's time zero on the file system's clock: phase 2's audit events follow it
      wl.put("startMs", scheduleStartMillis);
      wl.put("endMs", scheduleStartMillis + Math.round(total.elapsedSeconds() * 1000));
    }
    if (framework.equals("local")) { // on YARN the mappers' CPU is in their containers, not here
      head.set("jvm", jvmUse(phase2Use, total.totalCount(), embedded));
    }
    if (nameNode != null) { // over the schedule's span when known: not the job's start-up before the barrier
      head.set("namenode", scheduleStartMillis > 0 ? nameNode.summary(scheduleStartMillis,
          scheduleStartMillis + Math.round(total.elapsedSeconds() * 1000) + 1000) : nameNode.summary());
    }
    ArrayNode n = head.putArray("notes");
    notes.forEach(n::add);
    ObjectNode summary = RunResults.summary(head, total, byType, scheduled);

    running.haltIfInterrupted();
    RunResults.writeSummary(results.file(RunResults.SUMMARY), summary);
    RunResults.writeHistograms(results.file(RunResults.HISTOGRAMS), total, startMillis, endMillis);
    RunResults.writeTimeline(results.file(RunResults.TIMELINE), total);
    if (nameNode != null) {
      nameNode.writeCsv(results.file(NameNodeMetrics.FILE),
          scheduleStartMillis > 0 ? scheduleStartMillis : startMillis);
    }
    ObjectNode counters = new ObjectMapper().createObjectNode();
    counters.set("phase1", countersOf(namespaceJob).json());
    counters.set("phase2", countersOf(workloadJob).json());
    RunResults.writeCounters(results.file(RunResults.COUNTERS), counters);
    written = summary;

    base.markFinished(runId, invalid.isEmpty() ? "valid" : "invalid");
    if (options.getCleanup()) {
      out.println(base.cleanUp().describe(base.path()));
    }
    RunResults.print(summary, out);
    return summary;
  }

  /**
   * The NameNode's metrics through phase 2 (in process for the embedded one, --namenode-http for a
   * cluster), sampling from now on; null when there is none to read. One that cannot be read is a
   * warning: the run goes on.
   */
  private NameNodeMetrics nameNodeMetrics(boolean embedded, FileSystem fs) {
    NameNodeMetrics m = NameNodeMetrics.forRun(embedded, options.getNamenodeHttp(), fs.getUri());
    if (m == null) {
      notes.add("no NameNode metrics: give --namenode-http <the NameNode's web address> to record them");
      return null;
    }
    String failed = m.start();
    if (failed != null) {
      String what = "the NameNode's metrics could not be read (" + failed + "); the run goes on without them";
      out.println("warning: " + what);
      notes.add(what);
    }
    return m;
  }

  /**
   * What this JVM spent in phase 2 (the job, from submission to its end): with the local job
   * runner it holds every mapper, and with the embedded default the NameNode too, so CPU per op
   * tells a run that was given fewer or slower cycles from one whose ops cost more.
   */
  private static ObjectNode jvmUse(JvmUse use, long ops, boolean embedded) {
    ObjectNode jvm = new ObjectMapper().createObjectNode();
    jvm.put("scope", embedded ? "phase 2 in this JVM: the NameNode, its DataNodes and every mapper"
        : "phase 2 in this JVM: every mapper (the file system too only if it runs in this JVM)");
    jvm.put("seconds", Math.round(use.nanos() / 1e6) / 1000.0);
    jvm.put("cpuSeconds", Math.round(use.cpuNanos() / 1e6) / 1000.0);
    jvm.put("cores", Math.round(use.cores() * 100) / 100.0);
    jvm.put("cpuMicrosPerOp", ops > 0 ? Math.round(use.cpuNanos() / 1e1 / ops) / 100.0 : 0);
    jvm.put("collections", use.collections());
    jvm.put("collectionSeconds", use.collectionMillis() / 1000.0);
    if (use.compilationMillis() >= 0) {
      jvm.put("compilationSeconds", use.compilationMillis() / 1000.0);
    }
    return jvm;
  }

  /**
   * What the run ran on, for comparing runs: versions, the DataNodes, and every setting given on
   * the command line (-D, -conf), since an A/B of NameNode settings is only as good as this record.
   */
  private ObjectNode environment(boolean embedded) {
    ObjectNode env = new ObjectMapper().createObjectNode();
    env.put("hadoop", VersionInfo.getVersion());
    env.put("java", System.getProperty("java.vm.name") + " " + Runtime.version());
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    env.put("cores", Runtime.getRuntime().availableProcessors());
    env.put("dataNodes", embedded ? EmbeddedCluster.DATA_NODES + " emulated (tardis), in process" : "the cluster's");
    ObjectNode settings = env.putObject("settings");
    givenSettings.forEach(settings::put);
    return env;
  }

  /** The settings of {@code conf} that differ from Hadoop's defaults and site files: -D, -fs, -conf. */
  private static Map<String, String> givenSettings(Configuration conf) {
    Configuration defaults = new Configuration();
    Map<String, String> given = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      if (!e.getValue().equals(defaults.getRaw(e.getKey()))
          && !e.getKey().startsWith("mapreduce.client.genericoptionsparser") && !e.getKey().equals(MimesisBench.VERBOSE)) {
        given.put(e.getKey(), e.getValue());
      }
    }
    return given;
  }

  /** Whether the user pointed the run at a file system: -fs, -D fs.defaultFS, a site file, or a URI as base. */
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

  /** The base's file system, checked to answer (a few quick retries, not Hadoop's minutes). */
  private FileSystem reachable(org.apache.hadoop.fs.Path base) throws IOException {
    FileSystemProbe.check("run: --base-dir", base, conf);
    return base.getFileSystem(conf);
  }

  /** The embedded servers' settings: their web servers' temporary folders in the run's working folder, not /tmp. */
  private Configuration serverConf() {
    Configuration servers = new Configuration(conf); // not the jobs': on YARN it would name a folder of this machine
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

  private Job namespaceJob(Workload plan, FileSystem fs) throws IOException {
    long entries = plan.namespaceEntries();
    int mappers = (int) Math.max(1, Math.min(MAX_NAMESPACE_MAPPERS, entries / NAMESPACE_ENTRIES_PER_MAPPER));
    boolean resume = fs.exists(plan.root());
    boolean inPlace = plan.prepareNamespace(fs, mappers, resume);
    if (inPlace) {
      out.println("phase 1: the hierarchy is in place under " + plan.root() + " (its counts checked): not created again");
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

  /** One map task per list of shares (usually one share each) of the types that have files to replay. */
  private Job workloadJob(Workload plan, List<List<TaskSplit>> mappers) throws IOException {
    Job job = Job.getInstance(jobConf(plan), "mimesisbench phase 2 (workload) " + plan.runId());
    Configuration c = job.getConfiguration();
    c.setInt(WorkloadMapper.PARTIES, mappers.size());
    c.setInt("mapreduce.local.map.tasks.maximum", mappers.size()); // all at once: they meet at the barrier
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
    statisticsDir = "local".equals(c.get("mapreduce.framework.name", "local"))
        ? new org.apache.hadoop.fs.Path(work.path("statistics").toUri()) : plan.statisticsDir();
    SequenceFileOutputFormat.setOutputPath(job, statisticsDir);
    return job;
  }

  private Configuration jobConf(Workload plan) throws IOException {
    Configuration c = new Configuration(conf);
    plan.toConf(c);
    c.setBoolean("mapreduce.map.speculative", false); // a speculative copy would issue the ops twice
    c.setBoolean("mapreduce.reduce.speculative", false);
    c.setInt("mapreduce.job.maps", 1);
    Job probe = Job.getInstance(c);
    probe.setJarByClass(BenchmarkRun.class);
    Configuration job = probe.getConfiguration(); // mapred-default.xml and mapred-site.xml loaded
    if (!"local".equals(job.get("mapreduce.framework.name", "local"))) {
      // on a cluster the job's staging (job.jar, job.xml, splits) is under the base too, whatever the
      // cluster's default; the job history stays where the cluster's history server reads it
      String history = job.get("mapreduce.jobhistory.intermediate-done-dir");
      if (history != null) {
        job.set("mapreduce.jobhistory.intermediate-done-dir", history);
      }
      job.set("yarn.app.mapreduce.am.staging-dir", new org.apache.hadoop.fs.Path(plan.runDir(), "staging").toString());
    }
    return job;
  }

  /**
   * Runs {@code job}, printing a line every few seconds with {@code counter}, the count its mappers
   * move as they go (their own map progress jumps from 0 to 100 % at once), against
   * {@code expected} of {@code unit} when that is known (> 0), and the failed ops when there are
   * some; before the first, what the job waits for when {@code waiting} says (the start barrier).
   * Reads the job's counters as soon as it completes ({@link #countersOf}). Returns null when the
   * job succeeded, else why it failed, in a line.
   */
  private String waitFor(Job job, String step, String counter, long expected, String unit,
      Supplier<String> waiting) throws Exception {
    boolean local = "local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"));
    try (LocalRunnerLog log = local ? new LocalRunnerLog(conf.getBoolean(MimesisBench.VERBOSE, false)) : null) {
      job.submit();
      running.set(job);
      long start = System.nanoTime();
      long next = start + PROGRESS_EVERY_NANOS;
      org.apache.hadoop.mapreduce.Counters seen = null;
      while (!job.isComplete()) {
        Thread.sleep(200);
        long now = System.nanoTime();
        if (now - next >= 0 && !job.isComplete()) {
          next = now + PROGRESS_EVERY_NANOS;
          org.apache.hadoop.mapreduce.Counters live = JobCounters.now(job);
          seen = live != null ? live : seen;
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
          out.printf("%s: %,d%s %s%s%s, %,.0f/s, %.0f s%n", step, done, of, unit, share, failures, done / seconds,
              seconds);
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

  /** A counter of ours in {@code counters}; 0 when there are none. */
  private static long value(org.apache.hadoop.mapreduce.Counters counters, String name) {
    Counter c = counters == null ? null : counters.findCounter(CounterNames.GROUP, name);
    return c == null ? 0 : c.getValue();
  }

  /** The counters {@code job} ended with; none when it never ran. */
  private JobCounters countersOf(Job job) {
    return finished.getOrDefault(job, JobCounters.none());
  }

  /** On SIGTERM or Ctrl-C: the running job is killed and the run's state says so. */
  private void interrupted(BaseDirectory base, String runId) {
    running.kill();
    try (FileSystem fresh = FileSystem.newInstance(base.path().toUri(), conf)) {
      base.through(fresh).markFinished(runId, "killed (SIGTERM or Ctrl-C)"
          + (running.killed() != null ? "; its job " + running.killed() + " was killed" : ""));
    } catch (IOException | RuntimeException e) {
      // the file system is going too: the next run in this base names the run as never finished
    }
  }

  private static void readStatistics(FileSystem fs, org.apache.hadoop.fs.Path dir,
      Map<Integer, RunStatistics> byType, RunStatistics total) throws IOException {
    for (var part : fs.globStatus(new org.apache.hadoop.fs.Path(dir, "part-*"))) {
      try (SequenceFile.Reader r = new SequenceFile.Reader(fs.getConf(), SequenceFile.Reader.file(part.getPath()))) {
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
  }

  /**
   * What phase 2's counters say the mappers issued, op by op, and how their calls failed: the
   * statistics when the mappers' own are lost (the job failed). {@code seconds}: the phase's length.
   */
  private static RunStatistics countedStatistics(JobCounters job, double seconds) {
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
    } catch (IOException | RuntimeException e) { // gone with its application master: the failure stands without why
      return "a task failed (why could not be read: " + Messages.firstLine(e) + ")";
    }
  }

  private static String failureOf(Job job, LocalRunnerLog log) throws IOException, InterruptedException {
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
    return info == null || info.isBlank() || "NA".equals(info) ? "a task failed" : Messages.firstLine(info);
  }
}
