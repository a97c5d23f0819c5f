package org.mimesisbench.generator;

import java.io.IOException;
import java.net.URI;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.VersionInfo;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.measure.JvmUse;
import org.mimesisbench.generator.measure.NameNodeMetrics;
import org.mimesisbench.generator.measure.NameServiceMetrics;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.StartBarrier;
import org.mimesisbench.generator.options.RunOptionsJson;
import org.mimesisbench.generator.results.NamespaceEnd;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.run.RunOptions;

/**
 * A run's results, once its jobs have ended: phase 2's statistics read back (or, when they are
 * lost, its counters), the run judged (valid, or why not), described (target, environment, phases)
 * and written to the results folder.
 */
final class RunRecorder {
  /** What the two phases did: their jobs, why each failed (null: it did not), their times. */
  record Phases(
      Job namespaceJob,
      String phase1Failure,
      double phase1Seconds,
      Job workloadJob,
      String phase2Failure,
      long startMillis,
      long endMillis,
      JvmUse phase2Use,
      NameNodeMetrics nameNode) {
    boolean phase2Ran() {
      return phase1Failure == null && phase2Failure == null;
    }
  }

  private final RunOptions options;
  private final RunJobs jobs;
  private final Map<String, String> givenSettings;
  private final List<String> notes;
  private int dataNodes = EmbeddedCluster.DATA_NODES; // an embedded run's

  RunRecorder(
      RunOptions options, RunJobs jobs, Map<String, String> givenSettings, List<String> notes) {
    this.options = options;
    this.jobs = jobs;
    this.givenSettings = givenSettings;
    this.notes = notes;
  }

  /**
   * Judges, describes and writes run {@code runId}'s results into {@code results}; returns its
   * summary.
   */
  RunSummary record(
      String runId,
      boolean embedded,
      RunSetup.Planned setup,
      Phases phases,
      List<String> invalid,
      AtomicOutputDir results)
      throws IOException {
    long scheduleStartMillis = -1;
    if (phases.phase2Ran()) {
      try {
        scheduleStartMillis = StartBarrier.startMillis(setup.fs(), setup.plan().barrierDir());
      } catch (
          IOException e) { // the file system went away after the ops: the results stand without it
        notes.add(
            "the schedule's start could not be read from its barrier on the file system: "
                + Messages.firstLine(e));
      }
    }
    Map<Integer, RunStatistics> byType = new TreeMap<>();
    RunStatistics total = new RunStatistics();
    String lost = null;
    if (phases.phase2Ran()) {
      try {
        byType = jobs.readStatistics(total);
      } catch (IOException e) {
        lost = "the mappers' statistics could not be read (" + Messages.firstLine(e) + ")";
      }
    } else if (phases.phase1Failure() == null) {
      invalid.add(
          "phase 2 failed at "
              + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss"))
              + ", "
              + Math.round((phases.endMillis() - phases.startMillis()) / 1000.0)
              + " s after its start: "
              + phases.phase2Failure());
      lost = "phase 2 failed";
    }
    if (lost != null) { // what was issued before is still known, op by op, from the job's counters
      byType.clear();
      total =
          RunJobs.countedStatistics(
              jobs.countersOf(phases.workloadJob()),
              (phases.endMillis() - phases.startMillis()) / 1000.0);
      notes.add(lost + ": ops and errors are from the job's counters, without latencies");
    }
    judge(total, setup, phases, invalid);
    if (phases.phase1Failure() == null
        // the run's own settings: the file system's, cached per cluster, are its first run's
        && jobs.conf().getBoolean(NamespaceEnd.WRITE_KEY, true)) {
      if (embedded && scheduleStartMillis > 0) {
        // the save's own audit lines (safemode, saveNamespace) must fall past the window that
        // fidelity scores: workload.endMs plus the audit log's slack (run_results.END_SLACK_MS)
        awaitAuditSlack(workloadEndMillis(scheduleStartMillis, total));
      }
      String unwritten = namespaceEnd(embedded, setup, results);
      if (unwritten != null) {
        notes.add(unwritten);
      }
    }
    RunSummary summary =
        RunSummary.of(
            describe(runId, embedded, setup, phases, invalid, total, scheduleStartMillis),
            total,
            byType,
            setup.scheduled());

    jobs.running().haltIfInterrupted();
    summary.write(results.file(RunResults.SUMMARY));
    RunResults.writeHistograms(
        results.file(RunResults.HISTOGRAMS), total, phases.startMillis(), phases.endMillis());
    RunResults.writeTimeline(results.file(RunResults.TIMELINE), total);
    if (phases.nameNode() != null) {
      phases
          .nameNode()
          .writeCsv(
              results.file(NameNodeMetrics.FILE),
              scheduleStartMillis > 0 ? scheduleStartMillis : phases.startMillis());
    }
    RunResults.writeCounters(
        results.file(RunResults.COUNTERS),
        jobs.countersOf(phases.namespaceJob()),
        jobs.countersOf(phases.workloadJob()));
    return summary;
  }

  /** workload.endMs: the schedule's start on the file system's clock plus phase 2's length. */
  private static long workloadEndMillis(long scheduleStartMillis, RunStatistics total) {
    return scheduleStartMillis + Math.round(total.elapsedSeconds() * 1000);
  }

  /** How long after workload.endMs phase 2's audit lines may be stamped (Python's END_SLACK_MS). */
  static final long AUDIT_SLACK_MILLIS = 1_000;

  private static void awaitAuditSlack(long workloadEndMillis) {
    long wait = workloadEndMillis + AUDIT_SLACK_MILLIS - System.currentTimeMillis();
    if (wait > 0) {
      try {
        Thread.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * namespace-end.tsv, the namespace under the base at the run's end, from the NameNode's image:
   * the embedded one's web server, --namenode-http's, or an HA nameservice's active NameNode's;
   * null, or why it was not written.
   */
  private String namespaceEnd(boolean embedded, RunSetup.Planned setup, AtomicOutputDir results) {
    CharSequence given = options.getNamenodeHttp();
    String own = setup.fs().getConf().get(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY);
    URI web =
        given != null
            ? URI.create(given.toString())
            : embedded && own != null
                ? URI.create("http://" + own)
                : NameServiceMetrics.activeWeb(setup.fs().getConf(), setup.fs().getUri());
    return NamespaceEnd.write(
        setup.fs(), embedded, web, setup.base().path(), results.file(NamespaceEnd.FILE));
  }

  /**
   * Why the run does not count ({@code invalid}), and what its reader should know ({@code notes}).
   */
  private void judge(
      RunStatistics total, RunSetup.Planned setup, Phases phases, List<String> invalid) {
    List<String> stops =
        total.stops().stream().filter(why -> !why.equals(IssuingPipeline.DURATION_ENDED)).toList();
    if (!stops.isEmpty()) {
      invalid.add("issuing stopped early in " + stops.size() + " mapper(s): " + stops.get(0));
    }
    if (stops.size()
        < total.stops().size()) { // asked for: at time scale 0 --duration caps the wall clock
      notes.add(
          "the --duration ended with ops still scheduled: "
              + total.totalCount()
              + " of "
              + setup.scheduledOps()
              + " issued");
    }
    if (phases.phase2Ran() && total.mappers() != setup.shares()) {
      invalid.add(total.mappers() + " of " + setup.shares() + " mappers reported statistics");
    }
    if (total.totalErrors() > 0) {
      notes.add(
          total.totalErrors()
              + " ops failed, each counted as an error (see errorSamples, errorsByClass)");
    }
    // a run through an outage measured a file system that was away: its errors are counted, it does
    // not count
    if (!total.outages().isEmpty()
        && stops.stream().noneMatch(s -> s.startsWith(IssuingPipeline.OUTAGE))) {
      invalid.add(
          IssuingPipeline.OUTAGE
              + total.outages().get(0)); // each mapper saw it: the longest says enough
    }
    for (Job job : List.of(phases.namespaceJob(), phases.workloadJob())) {
      if (jobs.countersOf(job).warning() != null) {
        notes.add(jobs.countersOf(job).warning());
      }
    }
  }

  private RunSummary.Description describe(
      String runId,
      boolean embedded,
      RunSetup.Planned setup,
      Phases phases,
      List<String> invalid,
      RunStatistics total,
      long scheduleStartMillis)
      throws IOException {
    String framework =
        phases.workloadJob().getConfiguration().get("mapreduce.framework.name", "local");
    var target =
        new RunSummary.Target(
            setup.fs().getUri().toString(),
            embedded,
            setup.base().path().toString(),
            setup.plan().root().toString(),
            framework);
    var namespace =
        new RunSummary.Namespace(
            setup.plan().describe(),
            Math.round(phases.phase1Seconds() * 1000) / 1000.0,
            jobs.countersOf(phases.namespaceJob())
                .get(CounterNames.GROUP, CounterNames.NAMESPACE_ENTRIES));
    RunSummary.Input input =
        setup
            .plan()
            .input(
                phases.phase1Failure() != null
                    ? null
                    : jobs.countersOf(phases.workloadJob()).counters());
    long workloadEnd = workloadEndMillis(scheduleStartMillis, total);
    // the schedule's time zero on the file system's clock: phase 2's audit events follow it
    boolean started = scheduleStartMillis > 0;
    var workload =
        new RunSummary.Workload(
            setup.plan().windowMs(),
            options.getTimeScale(),
            input.types(),
            setup.shares(),
            setup.mappers().size(),
            started ? scheduleStartMillis : null,
            started ? workloadEnd : null);
    // on YARN the mappers' CPU is in their containers, not here
    RunSummary.Jvm jvm =
        framework.equals("local") ? jvmUse(phases.phase2Use(), total.totalCount(), embedded) : null;
    NameNodeMetrics nameNode = phases.nameNode();
    // over the schedule's span when known: not the job's start-up before the barrier
    var namenode =
        nameNode == null
            ? null
            : started
                ? nameNode.summary(scheduleStartMillis, workloadEnd + 1000, total)
                : nameNode.summary();
    return new RunSummary.Description(
        runId,
        List.copyOf(invalid),
        target,
        RunOptionsJson.of(options),
        environment(embedded),
        namespace,
        workload,
        input,
        jvm,
        namenode,
        new ArrayList<>(notes));
  }

  /**
   * What this JVM spent in phase 2 (the job, from submission to its end): with the local job runner
   * it holds every mapper, and with the embedded default the NameNode too, so CPU per op tells a
   * run that was given fewer or slower cycles from one whose ops cost more.
   */
  private static RunSummary.Jvm jvmUse(JvmUse use, long ops, boolean embedded) {
    return new RunSummary.Jvm(
        embedded
            ? "phase 2 in this JVM: the NameNode, its DataNodes and every mapper"
            : "phase 2 in this JVM: every mapper (the file system too only if it runs in this JVM)",
        Math.round(use.nanos() / 1e6) / 1000.0,
        Math.round(use.cpuNanos() / 1e6) / 1000.0,
        Math.round(use.cores() * 100) / 100.0,
        ops > 0 ? Math.round(use.cpuNanos() / 1e1 / ops) / 100.0 : 0,
        use.collections(),
        use.collectionMillis() / 1000.0,
        use.compilationMillis() >= 0 ? use.compilationMillis() / 1000.0 : null);
  }

  /** The embedded cluster's DataNodes, as it started; returns this. */
  RunRecorder embeddedDataNodes(int n) {
    this.dataNodes = n;
    return this;
  }

  /**
   * What the run ran on, for comparing runs: versions, the DataNodes, and every setting given on
   * the command line (-D, -conf), since an A/B of NameNode settings is only as good as this record.
   */
  private RunSummary.Environment environment(boolean embedded) {
    return new RunSummary.Environment(
        VersionInfo.getVersion(),
        System.getProperty("java.vm.name") + " " + Runtime.version(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        Runtime.getRuntime().availableProcessors(),
        embedded ? dataNodes + " emulated (tardis), in process" : "the cluster's",
        new TreeMap<>(givenSettings));
  }

  /**
   * The settings of {@code conf} that differ from Hadoop's defaults and site files: -D, -fs, -conf.
   */
  static Map<String, String> givenSettings(Configuration conf) {
    Configuration defaults = new Configuration();
    Map<String, String> given = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      if (!e.getValue().equals(defaults.getRaw(e.getKey()))
          && !e.getKey().startsWith("mapreduce.client.genericoptionsparser")
          && !e.getKey().equals(MimesisBench.VERBOSE)) {
        given.put(e.getKey(), e.getValue());
      }
    }
    return given;
  }
}
