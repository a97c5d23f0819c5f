package org.mimesisbench.generator.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.generator.BenchmarkRun;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.infra.Lease;
import org.mimesisbench.generator.options.RunOptionsJson;
import org.mimesisbench.generator.replay.ReplayCommand;
import org.mimesisbench.generator.results.NamespaceEnd;
import org.mimesisbench.generator.results.OutFolder;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.output.Durations;
import org.mimesisbench.run.RunOptions;

/**
 * A series of runs of one profile (or replays of one trace) at several time scales, each repeated
 * (paper, section 4 and Figure 2: latency of each op against the issue rate; the repeats give each
 * point its spread). Every run is a whole {@code run}: its own embedded HDFS when none is
 * configured (so each starts from the same NameNode state), else the configured file system in the
 * same base directory. The runs' results go to {@code <out>/ts-<c>-r<k>/}; {@code sweep.json}
 * ({@link SweepFile}) lists them with the figures the plot needs ({@code mimesis-model sweep <out>}
 * draws it and estimates saturation), and the NameNode's metrics of each run (their means over
 * phase 2) when the run recorded them. The sweep holds the leases of its --out and (on a configured
 * file system) of the base directory from start to end; its runs take them again.
 */
public final class Sweep {

  private final Configuration conf;
  private final RunOptions options;
  private final String command; // "sweep", or the command searching with this series
  private final List<Double> timeScales; // as given; null: those the probes chose
  private final int repeat;
  private final Probes probes;
  private final PrintStream out;
  private final ReplayCommand.Replay replay; // null: runs of the profile
  private long warmUpMs; // 0: no warm-up run

  /**
   * {@code options} are every run's but for the time scale, which goes through {@code timeScales}.
   */
  public Sweep(
      Configuration conf,
      RunOptions options,
      List<Double> timeScales,
      int repeat,
      PrintStream out) {
    this(conf, options, timeScales, repeat, out, null);
  }

  /**
   * A sweep of replays of {@code replay}'s trace (null: runs of the profile {@code options} name).
   */
  public Sweep(
      Configuration conf,
      RunOptions options,
      List<Double> timeScales,
      int repeat,
      PrintStream out,
      ReplayCommand.Replay replay) {
    this(
        "sweep",
        conf,
        options,
        List.copyOf(timeScales),
        repeat,
        Probes.each(timeScales, repeat),
        out,
        replay);
  }

  /**
   * A series of runs of the profile {@code options} name at the time scales {@code probes} choose,
   * for {@code command} (which names it in messages and leases).
   */
  public Sweep(
      String command, Configuration conf, RunOptions options, Probes probes, PrintStream out) {
    this(command, conf, options, null, 1, probes, out, null);
  }

  private Sweep(
      String command,
      Configuration conf,
      RunOptions options,
      List<Double> timeScales,
      int repeat,
      Probes probes,
      PrintStream out,
      ReplayCommand.Replay replay) {
    this.command = command;
    this.conf = conf;
    this.options = options;
    this.timeScales = timeScales;
    this.repeat = repeat;
    this.probes = probes;
    this.out = out;
    this.replay = replay;
  }

  /**
   * Runs at time scale 0 for {@code ms} of wall clock before the series, their results deleted (0:
   * not). The runs share a JVM, so without it the first ones pay for compiling the NameNode's and
   * the client's hot paths: at time scale 0 on 2 cores, 30-40 s of compilation in the first run's
   * phase 2, 13-18 s in the second's and 2-6 s in the third's.
   */
  public Sweep warmUp(long ms) {
    this.warmUpMs = ms;
    return this;
  }

  /** Runs the series; returns sweep.json's content. A run that is not valid is kept, marked so. */
  public SweepFile execute(Path outDir) throws Exception {
    BenchmarkRun first = new BenchmarkRun(conf, options, out);
    first.checkCapturedLogs(command); // not after the warm-up
    if (replay != null) {
      replay.check(); // the whole trace, before the sweep claims its base or --out
    }
    String id =
        command + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Lease.Holder holder =
        Lease.Holder.now(
            command
                + " "
                + (replay == null ? "--profile " : "--replay ")
                + options.getProfile()
                + " --base-dir "
                + options.getBaseDir()
                + " --out "
                + outDir,
            id);
    FileSystem fs = baseFs(first);
    if (fs != null) { // before --out is touched
      BaseDirectory.refuseIfLeased(command + ": --base-dir", fs, options.getBaseDir(), conf);
    }
    List<String> tookOver = new ArrayList<>(); // said once --out is accepted: bad input is one line
    try (Lease outLease =
        OutFolder.SWEEP.named(command).lease(outDir, holder, conf, tookOver::add)) {
      BaseDirectory base = fs == null ? null : holdBase(fs, holder, tookOver);
      Thread hook = new Thread(() -> letGo(outLease, base), "mimesisbench-sweep-leases");
      Runtime.getRuntime().addShutdownHook(hook); // SIGTERM or Ctrl-C: the leases go too
      boolean accepted = false; // --out and the base: from here on, the runs make what they make
      try {
        OutFolder.SWEEP.named(command).prepare(outDir, options.getOverwrite(), out);
        tookOver.forEach(n -> out.println("note: " + n));
        accepted = true;
        return series(outDir);
      } catch (Exception e) {
        if (!accepted && base != null) { // refused before any run: the sweep leaves nothing
          base.removeWhatTheRunMade(id);
        }
        throw e;
      } finally {
        if (base != null) {
          base.releaseLease(options.getCleanup());
        }
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
          // shutting down: the hook lets go
        }
      }
    }
  }

  /**
   * The base directory's file system when one is configured (its runs share the base), checked
   * quickly; null for embedded runs, each on its own cluster.
   */
  private FileSystem baseFs(BenchmarkRun first) throws IOException {
    if (!first.fileSystemConfigured()) {
      return null;
    }
    org.apache.hadoop.fs.Path given = new org.apache.hadoop.fs.Path(options.getBaseDir());
    FileSystemProbe.check(command + ": --base-dir", given, conf);
    return given.getFileSystem(conf);
  }

  /** The base claimed and its lease held for the whole sweep. */
  private BaseDirectory holdBase(FileSystem fs, Lease.Holder holder, List<String> tookOver)
      throws IOException {
    BaseDirectory base =
        BaseDirectory.claim(
            fs, options.getBaseDir(), options.getReuse() || options.getNameDir() != null);
    base.holdLease(command + ": --base-dir", holder, conf, tookOver::add);
    return base;
  }

  private void letGo(Lease outLease, BaseDirectory base) {
    try {
      outLease.close();
      if (base != null) {
        base.releaseLeaseThrough(conf);
      }
    } catch (IOException | RuntimeException e) {
      // the JVM is going: the next run takes the leases over (their process is gone)
    }
  }

  /** The warm-up and the runs, into {@code outDir}; returns sweep.json's content. */
  private SweepFile series(Path outDir) throws Exception {
    List<Probes.Done> done = new ArrayList<>();
    SweepFile sweep;
    try (AtomicOutputDir results = new AtomicOutputDir(command + ": --out", outDir)) {
      if (warmUpMs > 0) {
        warmUp(outDir.resolve(".warm-up.inprogress"));
      }
      for (Double scale = probes.next(done); scale != null; scale = probes.next(done)) {
        double at = scale;
        int k = 1 + (int) done.stream().filter(d -> d.point().timeScale() == at).count();
        String label = String.format(Locale.ROOT, "ts-%s-r%d", label(scale), k);
        out.printf(
            timeScales != null
                ? "%s: run %d of %d: time scale %s, repeat %d of %d -> %s%n"
                : "%s: run %d of at most %d: time scale %s -> %7$s%n",
            command,
            done.size() + 1,
            probes.atMost(),
            label(scale),
            k,
            repeat,
            outDir.resolve(label));
        RunOptions point =
            RunOptions.newBuilder(options)
                .setTimeScale(scale)
                .setOut(results.file(label).toString())
                .build();
        RunSummary summary = run(point);
        done.add(
            new Probes.Done(SweepFile.Point.of(scale, k, label, summary), results.file(label)));
      }
      List<SweepFile.Point> points = done.stream().map(Probes.Done::point).toList();
      String input = options.getProfile().toString();
      sweep =
          new SweepFile(
              replay == null ? input : null,
              replay == null ? null : input,
              timeScales != null
                  ? timeScales
                  : points.stream().map(SweepFile.Point::timeScale).distinct().toList(),
              repeat,
              warmUpMs > 0 ? warmUpMs : null,
              RunOptionsJson.of(options),
              points);
      sweep.write(results.file(SweepFile.NAME));
      probes.finish(done, results);
      results.commit();
    }
    print(sweep);
    return sweep;
  }

  private RunSummary run(RunOptions point) throws Exception {
    return run(conf, point);
  }

  private RunSummary run(Configuration given, RunOptions point) throws Exception {
    return replay == null
        ? new BenchmarkRun(given, point, out).execute()
        : replay.with(point).run(given, out);
  }

  /**
   * The warm-up: runs at time scale 0, one after another, until its time has passed (the last one
   * capped at what is left), each in {@code dir}, which is deleted after it (its audit log, which
   * may be GBs, unparsed: the warm-up's time goes to the NameNode's hot paths). One run compiles
   * what its ops reach; the next still compiled 13-18 s more.
   */
  private void warmUp(Path dir) throws Exception {
    long start = System.nanoTime();
    for (long left = warmUpMs;
        left > 0;
        left = warmUpMs - (System.nanoTime() - start) / 1_000_000) {
      long cap = options.getDurationMs() == null ? left : Math.min(left, options.getDurationMs());
      out.printf(
          Locale.ROOT,
          "%s: warm-up: time scale 0 for at most %.0f s, not recorded%n",
          command,
          cap / 1000.0);
      Configuration unparsed = new Configuration(conf);
      unparsed.setBoolean(BenchmarkRun.PARSE_AUDIT, false); // its trace is deleted unread
      // and its namespace-end.tsv: on the Yahoo image a save and 3.4 M rows written per warm-up run
      unparsed.setBoolean(NamespaceEnd.WRITE_KEY, false);
      try {
        run(
            unparsed,
            RunOptions.newBuilder(options)
                .setTimeScale(0)
                .setDurationMs(cap)
                .setOut(dir.toString())
                .build());
      } finally {
        FileUtil.fullyDelete(dir.toFile());
      }
    }
  }

  private static String label(double scale) {
    return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
  }

  private void print(SweepFile sweep) {
    out.printf(
        "%s: %d runs%n  %-10s %-6s %12s  %s%n",
        command,
        sweep.points().size(),
        "time scale",
        "run",
        "ops/s",
        "p50 / p99 response time (" + Durations.MICROS + ") by op");
    for (SweepFile.Point p : sweep.points()) {
      StringBuilder ops = new StringBuilder();
      p.ops()
          .forEach(
              (op, o) ->
                  ops.append(
                      String.format(
                          Locale.ROOT,
                          "%s %,d / %,d  ",
                          op,
                          o.responseMicros().p50(),
                          o.responseMicros().p99())));
      out.printf(
          "  %-10s %-6s %,12.1f  %s%s%n",
          label(p.timeScale()),
          "r" + p.repeat(),
          p.opsPerSecond(),
          ops,
          p.valid() ? "" : " (NOT valid)");
    }
  }
}
