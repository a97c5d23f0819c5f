package org.mimesisbench.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.infra.Lease;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.generator.mr.QueueFit;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.mr.Workload;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.run.RunOptions;

/**
 * A run's plan put on its target: the base directory claimed (runs it finds unfinished noted), what
 * the tasks read staged, phase 2's schedule counted and its mappers fit to what the cluster can run
 * at once. Everything here that can refuse the run does so before phase 1 starts.
 */
final class RunSetup {
  /**
   * Phase 2 ready to run: where, what, how many ops of each op, and the map tasks (lists of
   * shares).
   */
  record Planned(
      FileSystem fs,
      BaseDirectory base,
      Workload plan,
      Map<Op, Long> scheduled,
      List<List<TaskSplit>> mappers) {
    long scheduledOps() {
      return scheduled.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The mappers' shares of the schedule: as many as map tasks unless shares were packed together.
     */
    int shares() {
      return mappers.stream().mapToInt(List::size).sum();
    }
  }

  private RunSetup() {}

  /**
   * Caps the files' replication to the live DataNodes (a replica per DataNode is all HDFS places),
   * with a note when the profile draws more; never fails the run: a file system that will not say
   * (not HDFS, or the report denied) places replicas its own way.
   */
  private static void capReplication(
      FileSystem fs, Configuration conf, Workload draft, Consumer<String> note, PrintStream out) {
    int live;
    try {
      live = DataTransfer.liveDataNodes(fs);
    } catch (IOException e) {
      live = 0;
      String unknown =
          "the live DataNodes could not be counted ("
              + Messages.firstLine(e)
              + "): replication is not capped";
      note.accept(unknown);
      out.println("note: " + unknown);
    }
    if (live > 0) {
      conf.setInt(DataTransfer.MAX_REPLICATION, live);
    } else if (!"file".equals(fs.getUri().getScheme())) { // the local one holds one copy anyway
      String uncapped =
          fs.getUri()
              + " does not count its DataNodes: each file gets the replication drawn for it";
      note.accept(uncapped);
      out.println("note: " + uncapped);
    }
    String files = draft instanceof RunPlan ? "the profile's files draw" : "the trace's files have";
    String capped = DataTransfer.cappedNote(files, draft.maxDataReplication(), live);
    if (capped != null) {
      note.accept(capped);
      out.println("note: " + capped);
    }
  }

  /**
   * Plans {@code draft} (run {@code runId}) on the file system of the base directory; {@code
   * onLeased} sees the base once {@code holder} holds its lease, {@code note} every note for the
   * summary, and {@code jobs} gives the configuration phase 2 will run with.
   */
  static Planned plan(
      Workload draft,
      String runId,
      Lease.Holder holder,
      RunOptions options,
      RunJobs jobs,
      PrintStream out,
      Consumer<String> note,
      Consumer<BaseDirectory> onLeased)
      throws IOException {
    org.apache.hadoop.fs.Path given = new org.apache.hadoop.fs.Path(options.getBaseDir());
    var conf = jobs.conf();
    FileSystemProbe.check(
        "run: --base-dir", given, conf); // a few quick retries, not Hadoop's minutes
    FileSystem fs = given.getFileSystem(conf);
    // every user the profile names may be impersonated (with Kerberos), checked before anything is
    // made
    UserClients.checkImpersonation(
        fs.getUri(), fs.makeQualified(given), conf, draft.modeledUsers());
    // a base that came in an fsimage (--name-dir) holds the namespace but not the benchmark's
    // marker
    BaseDirectory base =
        BaseDirectory.claim(
            fs, options.getBaseDir(), options.getReuse() || options.getNameDir() != null);
    // one run at a time in a base: what is found in it from here on is no live run's
    base.holdLease(
        draft.command() + ": --base-dir",
        holder,
        conf,
        took -> {
          note.accept(took);
          out.println("note: " + took);
        });
    onLeased.accept(base);
    for (String id : base.unfinishedRuns()) {
      String unfinished =
          "run "
              + id
              + " started in this base and never finished (killed?); its files are still"
              + " under "
              + base.path()
              + " and phase 1 resumes its namespace";
      note.accept(unfinished);
      out.println("note: " + unfinished);
      base.markFinished(id, "abandoned (found by run " + runId + ")");
    }
    if (draft.maxDataReplication() > 0) {
      capReplication(fs, conf, draft, note, out);
    }
    Workload plan = draft.at(base.path());
    if (!fs.exists(plan.root())) {
      base.recordMade(
          plan.root()); // before phase 1 creates it: --cleanup deletes only what the ledger names
    }
    fs.mkdirs(plan.runDir());
    plan.stage(fs);
    base.markRunning(runId);
    out.printf("%s %s: %s into %s%n", plan.command(), runId, plan.describe(), plan.root());

    ProgressLine forecastProgress = new ProgressLine(out, "schedule", "files");
    Workload.Scheduled forecast = plan.schedule(forecastProgress::tick);
    forecastProgress.done(0);

    List<List<TaskSplit>> mappers = plan.mappers(forecast, options.getMappers());
    if (mappers.isEmpty()) {
      throw new BadInputException(
          plan.command() + ": the chosen file types have no operations to replay");
    }
    try { // a phase 2 the cluster cannot run at once is refused before phase 1
      mappers =
          QueueFit.fit(
              jobs.jobConf(plan),
              forecast.byKey(),
              mappers,
              options.getMappers() != null,
              fit -> {
                note.accept(fit);
                out.println("note: " + fit);
              });
    } catch (BadInputException e) {
      base.markFinished(runId, "not run: " + e.getMessage());
      throw e;
    }
    return new Planned(fs, base, plan, forecast.byOp(), mappers);
  }
}
