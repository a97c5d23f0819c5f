package org.mimesisbench.generator.bench;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.measure.JvmUse;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.run.RunOptions;

/**
 * The ceiling bench of bench/namenode_ceiling.py (generator bar: at time scale 0 against the
 * embedded NameNode, the benchmark's open and getFileInfo throughput is at least 0.9x Hadoop's own
 * NNThroughputBenchmark against the same NameNode over RPC with the same thread count).
 *
 * <p>One embedded HDFS (as {@code run} starts it, audit log on, written to /dev/null). Each round
 * runs, for each op, four sides, each first in turn:
 *
 * <ol>
 *   <li>NNThroughputBenchmark ({@code -fs hdfs://... -op open|fileStatus -threads T -files N}: T
 *       threads calling the NameNode's ClientProtocol directly on N files of one directory, while
 *       its main thread busy-waits for them);
 *   <li>a direct RPC loop: T threads calling the same ClientProtocol methods on our N files;
 *   <li>a NamespaceClient loop: T threads making our FileSystem calls on event lists made
 *       beforehand (what MimesisBench issues, without its pipeline);
 *   <li>T pipelines: T issuing pipelines of one call in flight each (the closed loop of before
 *       open-loop issuing), each replaying its share of a profile of N pre-existing files of one
 *       directory accessed once each, at time scale 0, through NamespaceClient on the cluster's
 *       FileSystem;
 *   <li>MimesisBench: one pipeline (a mapper) replaying the whole profile with up to T calls in
 *       flight ({@code run --in-flight T}), the same way.
 * </ol>
 *
 * <p>The bar's figure comes after the rounds (which warm the JIT and the NameNode up): {@code
 * --pairs} pairs of the direct RPC loop and MimesisBench measured back to back, the first of a pair
 * alternating (ABBA), so a drift of the host's speed falls on both sides alike; the median of the
 * pairs' ratios. A round of five sides spreads each pair over 10-20 s, and its ratios scatter by
 * 0.8-1.2 on this VM.
 *
 * <p>With {@code --in-flight-series 1,2,4,...} it then measures one pipeline at each bound, each
 * round in turn (how a run's default bound was chosen).
 *
 * <p>usage: {@code java -cp mimesisbench.jar org.mimesisbench.generator.bench.NameNodeCeiling
 * --work <dir> [--threads 4] [--files 50000] [--rounds 5] [--pairs 12] [--in-flight-series
 * 1,2,4,8,16,32]}
 */
public final class NameNodeCeiling {
  private static final String COMMAND = "NameNodeCeiling";

  /** NNThroughputBenchmark's name for each access, and ours. */
  private static final Map<String, String> OPS = new LinkedHashMap<>();

  static {
    OPS.put("open", "open");
    OPS.put("fileStatus", "getFileInfo");
  }

  private final Configuration conf;
  private final FileSystem fs;
  private final int threads;
  private final int files;
  private final Map<String, Boolean> nnFilesMade = new TreeMap<>();

  private NameNodeCeiling(Configuration conf, FileSystem fs, int threads, int files) {
    this.conf = conf;
    this.fs = fs;
    this.threads = threads;
    this.files = files;
  }

  public static void main(String[] args) throws Exception {
    Options o = new Options();
    o.addOption(null, "work", true, "a folder for the cluster's storage");
    o.addOption(
        null, "threads", true, "threads of NNThroughputBenchmark, and our pipelines (default 4)");
    o.addOption(null, "files", true, "files each side accesses once a round (default 50000)");
    o.addOption(null, "rounds", true, "rounds (default 5)");
    o.addOption(
        null, "pairs", true, "back-to-back pairs of direct RPC and MimesisBench (default 12)");
    o.addOption(
        null,
        "in-flight-series",
        true,
        "bounds of one pipeline to measure after the rounds (e.g. 1,2,4,8)");
    CommandLine cl = CommandLines.parse(COMMAND, o, args, "work");
    int threads = (int) CommandLines.whole(cl, COMMAND, "threads", 4);
    int files = (int) CommandLines.whole(cl, COMMAND, "files", 50_000);
    int rounds = (int) CommandLines.whole(cl, COMMAND, "rounds", 5);
    int pairs = (int) CommandLines.whole(cl, COMMAND, "pairs", 12);
    if (pairs < 1) {
      throw new BadInputException(COMMAND + ": --pairs " + pairs + ": at least 1");
    }
    java.nio.file.Path work = java.nio.file.Path.of(cl.getOptionValue("work")).toAbsolutePath();
    Files.createDirectories(work);

    Configuration conf = new HdfsConfiguration();
    // NNThroughputBenchmark creates its files with 16-byte blocks
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 0);
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
    try (EmbeddedCluster cluster =
        EmbeddedCluster.start(conf, work.resolve("dfs"), java.nio.file.Path.of("/dev/null"), 1)) {
      conf.set("fs.defaultFS", cluster.uri().toString());
      FileSystem fs = FileSystem.get(cluster.uri(), conf);
      System.out.printf(
          "embedded NameNode %s (handlers %d, audit log on); %d threads, %,d files a side, "
              + "%d rounds, %d pairs; %s%n",
          cluster.uri(),
          cluster
              .cluster()
              .getNameNode()
              .getConf()
              .getInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, 0),
          threads,
          files,
          rounds,
          pairs,
          Runtime.version());
      List<Integer> series = new ArrayList<>();
      for (String n : cl.getOptionValue("in-flight-series", "").split(",")) {
        if (!n.isBlank()) {
          series.add(Integer.parseInt(n.trim()));
        }
      }
      new NameNodeCeiling(conf, fs, threads, files).run(rounds, pairs, series);
    }
  }

  private void run(int rounds, int pairs, List<Integer> series) throws Exception {
    Map<String, WorkloadModel> models = new TreeMap<>();
    for (String op : OPS.values()) {
      var profile = SyntheticProfile.steadyAccesses(files, 1, 1.0, SyntheticProfile.only(op));
      models.put(
          op,
          WorkloadModel.of(
              "synthetic",
              profile,
              RunOptions.newBuilder()
                  .setProfile("synthetic")
                  .setFlat(true)
                  .setSeed(1)
                  .setTimeScale(0)
                  .build()));
    }
    FlatLayout layout =
        new FlatLayout(models.get("open")); // the same for both ops: the same number of files
    // 4 components deep, as NNThroughputBenchmark's
    // /nnThroughputBenchmark/open/ThroughputBenchDir0/ThroughputBench7
    Path root = fs.makeQualified(new Path("/mimesisbench/ceiling/" + layout.rootName()));
    long t = System.nanoTime();
    materialize(layout, root);
    System.out.printf(
        "our %,d files made under %s in %.1f s%n", files, root, (System.nanoTime() - t) / 1e9);
    NamespaceClient client = new NamespaceClient(fs, root);
    List<List<String>> shares = new ArrayList<>();
    for (int s = 0; s < threads; s++) {
      List<String> paths = new ArrayList<>();
      for (String p : layout.preExisting(0, s, threads)) {
        paths.add(root.toUri().getPath() + p);
      }
      shares.add(paths);
    }

    List<Side> sides =
        List.of(
            new Side("NNThroughputBenchmark", this::nnThroughput),
            new Side("direct RPC", op -> directRpc(OPS.get(op), shares)),
            new Side("NamespaceClient loop", op -> clientLoop(OPS.get(op), shares, client, root)),
            new Side("T pipelines", op -> pipelines(models.get(OPS.get(op)), layout, client)),
            new Side("MimesisBench", op -> ours(models.get(OPS.get(op)), layout, client, threads)));
    Side ours = sides.get(sides.size() - 1);
    for (int r = 1; r <= rounds; r++) {
      for (String op : OPS.keySet()) {
        StringBuilder line =
            new StringBuilder(String.format("round %d %-11s ops/s:", r, OPS.get(op)));
        StringBuilder cpuLine =
            new StringBuilder("  CPU us/op (the whole JVM: NameNode and client):");
        for (int k = 0; k < sides.size(); k++) {
          Side side = sides.get((k + r - 1) % sides.size()); // each side goes first in turn
          long cpu = JvmUse.processCpuNanos();
          double v = side.measure.opsPerSecond(op);
          double cpuPerOp = (JvmUse.processCpuNanos() - cpu) / 1e3 / files;
          side.figures.computeIfAbsent(op, x -> new ArrayList<>()).add(v);
          line.append(String.format("%s %s %,.0f", k == 0 ? "" : ",", side.name, v));
          if (side != sides.get(0)) { // NNThroughputBenchmark's run includes its setup
            cpuLine.append(String.format(" %s %.1f", side.name, cpuPerOp));
          }
        }
        line.append("; MimesisBench/");
        for (int k = 0; k < sides.size() - 1; k++) {
          line.append(
              String.format(
                  "%s%s %.3f",
                  k == 0 ? "" : ", ", sides.get(k).name, last(ours, op) / last(sides.get(k), op)));
        }
        System.out.println(line);
        System.out.println(cpuLine);
      }
    }
    for (String op : OPS.keySet()) {
      StringBuilder line = new StringBuilder(String.format("median %-11s ops/s:", OPS.get(op)));
      StringBuilder json = new StringBuilder("{");
      for (Side side : sides) {
        line.append(String.format(" %s %,.0f;", side.name, median(side.figures.get(op))));
        json.append(String.format("\"%s\": %.1f, ", side.name, median(side.figures.get(op))));
      }
      line.append(" MimesisBench/");
      for (int k = 0; k < sides.size() - 1; k++) {
        List<Double> ratio = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
          ratio.add(ours.figures.get(op).get(i) / sides.get(k).figures.get(op).get(i));
        }
        line.append(
            String.format(
                "%s%s %.3f (rounds %.3f-%.3f)",
                k == 0 ? "" : ", ", sides.get(k).name, median(ratio), min(ratio), max(ratio)));
        json.append(
            String.format(
                "%s\"ratio to %s\": %.4f", k == 0 ? "" : ", ", sides.get(k).name, median(ratio)));
      }
      System.out.println(line);
      Side direct = sides.get(1);
      List<Double> paired = pairs(op, direct, ours, pairs);
      json.append(
          String.format(
              ", \"paired ratio to %s\": %.4f, \"pairs\": %s}",
              direct.name, median(paired), paired));
      System.out.println("json " + OPS.get(op) + " " + json);
    }
    Map<String, Map<Integer, List<Double>>> byBound = new TreeMap<>();
    for (int r = 1; r <= rounds && !series.isEmpty(); r++) {
      for (String op : OPS.values()) {
        StringBuilder line =
            new StringBuilder(
                String.format("series round %d %-11s ops/s by in-flight bound:", r, op));
        for (int k = 0; k < series.size(); k++) {
          int bound = series.get((k + r - 1) % series.size()); // each bound first in turn
          double v = ours(models.get(op), layout, client, bound);
          byBound
              .computeIfAbsent(op, x -> new TreeMap<>())
              .computeIfAbsent(bound, x -> new ArrayList<>())
              .add(v);
          line.append(String.format(" %d: %,.0f", bound, v));
        }
        System.out.println(line);
      }
    }
    byBound.forEach(
        (op, figures) -> {
          StringBuilder line =
              new StringBuilder(String.format("series median %-11s ops/s by in-flight bound:", op));
          figures.forEach((bound, v) -> line.append(String.format(" %d: %,.0f", bound, median(v))));
          System.out.println(line);
        });
  }

  /**
   * {@code n} pairs of {@code a} and {@code b} measured back to back, {@code a} first in even pairs
   * and {@code b} in odd ones; each pair's ratio b/a.
   */
  private static List<Double> pairs(String op, Side a, Side b, int n) throws Exception {
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double first = (i % 2 == 0 ? a : b).measure.opsPerSecond(op);
      double second = (i % 2 == 0 ? b : a).measure.opsPerSecond(op);
      double ratio = i % 2 == 0 ? second / first : first / second;
      ratios.add(ratio);
      System.out.printf(
          "pair %d %-11s ops/s: %s %,.0f, %s %,.0f; %s/%s %.3f%n",
          i + 1,
          OPS.get(op),
          (i % 2 == 0 ? a : b).name,
          first,
          (i % 2 == 0 ? b : a).name,
          second,
          b.name,
          a.name,
          ratio);
    }
    System.out.printf(
        "paired median %-11s %s/%s %.3f (quartiles %.3f-%.3f, pairs %.3f-%.3f)%n",
        OPS.get(op),
        b.name,
        a.name,
        median(ratios),
        percentile(ratios, 25),
        percentile(ratios, 75),
        min(ratios),
        max(ratios));
    return ratios;
  }

  /** One way of issuing the op, and what it measured round after round. */
  private record Side(String name, Measure measure, Map<String, List<Double>> figures) {
    Side(String name, Measure measure) {
      this(name, measure, new TreeMap<>());
    }
  }

  @FunctionalInterface
  private interface Measure {
    double opsPerSecond(String nnThroughputOp) throws Exception;
  }

  private static double last(Side side, String op) {
    List<Double> v = side.figures.get(op);
    return v.get(v.size() - 1);
  }

  /**
   * What NNThroughputBenchmark's threads do, without its main thread spinning on their progress: T
   * threads calling the NameNode's ClientProtocol directly, each on its share of our files.
   */
  private double directRpc(String op, List<List<String>> shares) throws Exception {
    ClientProtocol nn = ((DistributedFileSystem) fs).getClient().getNamenode();
    List<Callable<Void>> callers = new ArrayList<>();
    for (List<String> share : shares) {
      callers.add(
          () -> {
            for (String p : share) {
              if (op.equals("open")) {
                nn.getBlockLocations(p, 0L, 16L);
              } else if (nn.getFileInfo(p) == null) {
                throw new java.io.FileNotFoundException(p);
              }
            }
            return null;
          });
    }
    return files / secondsInParallel(callers);
  }

  /** Our pre-existing files, made by {@code threads} shares in parallel (as phase 1 does). */
  private void materialize(FlatLayout layout, Path root) throws Exception {
    layout.materializeTop(fs, root, threads, false);
    List<Callable<Void>> makers = new ArrayList<>();
    for (int s = 0; s < threads; s++) {
      int share = s;
      makers.add(
          () -> {
            layout.materializeShare(fs, root, share, threads, false, () -> {});
            return null;
          });
    }
    secondsInParallel(makers);
  }

  /**
   * The calls MimesisBench makes, without its pipeline: T threads, each calling NamespaceClient on
   * an event list made beforehand from its share of our files.
   */
  private double clientLoop(String op, List<List<String>> shares, NamespaceClient client, Path root)
      throws Exception {
    Op access = op.equals("open") ? Op.OPEN : Op.GET_FILE_INFO;
    String prefix = root.toUri().getPath();
    List<List<Event>> events = new ArrayList<>();
    for (List<String> share : shares) {
      List<Event> list = new ArrayList<>();
      for (String p : share) {
        list.add(
            new Event(
                0,
                access,
                p.substring(prefix.length()),
                null)); // relative to the root, as a schedule's
      }
      events.add(list);
    }
    List<Callable<Void>> callers = new ArrayList<>();
    for (List<Event> list : events) {
      callers.add(
          () -> {
            for (Event e : list) {
              client.issue(e);
            }
            return null;
          });
    }
    return files / secondsInParallel(callers);
  }

  /**
   * Runs {@code tasks} at once, one thread each started beforehand; the wall seconds they took. The
   * first failure is thrown.
   */
  private static double secondsInParallel(List<Callable<Void>> tasks) throws Exception {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            tasks.size(), tasks.size(), 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    pool.prestartAllCoreThreads(); // thread start-up is not timed
    try {
      long start = System.nanoTime();
      List<Future<Void>> done = pool.invokeAll(tasks);
      long end = System.nanoTime();
      for (Future<Void> f : done) {
        try {
          f.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
      }
      return (end - start) / 1e9;
    } finally {
      pool.shutdown();
    }
  }

  /**
   * One pipeline on all the type's files with up to {@code inFlight} calls in flight; ops/s over
   * the wall time.
   */
  private double ours(WorkloadModel model, FlatLayout layout, NamespaceClient client, int inFlight)
      throws Exception {
    TypeSchedule schedule =
        new TypeSchedule(model, model.runTypes().get(0), layout, 1, 0, 1, "ceiling");
    IssuingPipeline pipeline =
        new IssuingPipeline(schedule, client::issue, 0, 0, 0).inFlight(inFlight);
    long start = System.nanoTime();
    RunStatistics s = pipeline.run(start, () -> {}); // time scale 0: every event is due at once
    double seconds = (System.nanoTime() - start) / 1e9;
    if (s.totalCount() != files || s.totalErrors() > 0) {
      throw new IllegalStateException(
          "MimesisBench issued "
              + s.totalCount()
              + " of "
              + files
              + " ops, "
              + s.totalErrors()
              + " failed: "
              + s.errorSamples());
    }
    return files / seconds;
  }

  /**
   * T pipelines of one call in flight, each on its share of the files, from one start; ops/s over
   * the wall time.
   */
  private double pipelines(WorkloadModel model, FlatLayout layout, NamespaceClient client)
      throws Exception {
    List<IssuingPipeline> pipelines = new ArrayList<>();
    for (int s = 0; s < threads; s++) {
      TypeSchedule schedule =
          new TypeSchedule(model, model.runTypes().get(0), layout, 1, s, threads, "ceiling");
      pipelines.add(new IssuingPipeline(schedule, client::issue, 0, 0, 0));
    }
    RunStatistics total = new RunStatistics();
    List<Callable<Void>> issuers = new ArrayList<>();
    for (IssuingPipeline p : pipelines) {
      issuers.add(
          () -> {
            RunStatistics s =
                p.run(System.nanoTime(), () -> {}); // time scale 0: every event is due at once
            synchronized (total) {
              total.add(s);
            }
            return null;
          });
    }
    double seconds = secondsInParallel(issuers);
    if (total.totalCount() != files || total.totalErrors() > 0) {
      throw new IllegalStateException(
          "MimesisBench issued "
              + total.totalCount()
              + " of "
              + files
              + " ops, "
              + total.totalErrors()
              + " failed: "
              + total.errorSamples());
    }
    return files / seconds;
  }

  /** One run of NNThroughputBenchmark over RPC; its ops/s as it reports them. */
  private double nnThroughput(String op) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-fs",
                conf.get("fs.defaultFS"),
                "-op",
                op,
                "-threads",
                Integer.toString(threads),
                "-files",
                Integer.toString(files),
                "-filesPerDir",
                Integer.toString(files),
                "-keepResults"));
    if (nnFilesMade.getOrDefault(op, false)) {
      args.add("-useExisting"); // its files are made in its first run of the op and kept
    }
    ReportCapture report = new ReportCapture();
    Logger log = Logger.getLogger(NNThroughputBenchmark.class);
    log.setLevel(Level.INFO);
    log.setAdditivity(false);
    log.addAppender(report);
    try {
      NNThroughputBenchmark.runBenchmark(new HdfsConfiguration(conf), args.toArray(new String[0]));
    } finally {
      log.removeAppender(report);
    }
    nnFilesMade.put(op, true);
    return report.opsPerSecond(op);
  }

  private static double median(List<Double> v) {
    return new Median().evaluate(v.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double percentile(List<Double> v, double p) {
    return new Percentile(p).evaluate(v.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double min(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
  }

  private static double max(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
  }

  /**
   * NNThroughputBenchmark reports only in its log: "--- open stats ---", "# operations: N", " Ops
   * per sec: X".
   */
  private static final class ReportCapture extends AppenderSkeleton {
    private static final Pattern STATS = Pattern.compile("--- (\\w+) stats\\s*---");
    private static final Pattern OPS = Pattern.compile("Ops per sec: ([0-9.E]+)");
    private final Map<String, Double> opsPerSecond = new TreeMap<>();
    private String current;

    @Override
    protected void append(LoggingEvent event) {
      String m = event.getRenderedMessage();
      Matcher s = STATS.matcher(m);
      if (s.find()) {
        current = s.group(1);
      }
      Matcher o = OPS.matcher(m);
      if (o.find() && current != null) {
        opsPerSecond.put(current, Double.parseDouble(o.group(1)));
      }
    }

    double opsPerSecond(String op) {
      Double v = opsPerSecond.get(op);
      if (v == null) {
        throw new IllegalStateException(
            "NNThroughputBenchmark reported no ops/s for " + op + ": " + opsPerSecond);
      }
      return v;
    }

    @Override
    public void close() {}

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }
}
