package org.mimesisbench.generator.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.generator.BenchmarkRun;
import org.mimesisbench.generator.replay.ReplayCommand;
import org.mimesisbench.generator.results.OutFolder;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.run.RunOptions;

/**
 * A series of runs of one profile (or replays of one trace) at several time scales, each repeated (paper, section 4 and
 * Figure 2: latency of each op against the issue rate; the repeats give each point its spread).
 * Every run is a whole {@code run}: its own embedded HDFS when none is configured (so each starts
 * from the same NameNode state), else the configured file system in the same base directory. The
 * runs' results go to {@code <out>/ts-<c>-r<k>/}; {@code sweep.json} lists them with the figures
 * the plot needs ({@code mimesis-model sweep <out>} draws it and estimates saturation), and the
 * NameNode's metrics of each run (their means over phase 2) when the run recorded them.
 */
public final class Sweep {
  public static final String SWEEP_FILE = "sweep.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Configuration conf;
  private final RunOptions options;
  private final List<Double> timeScales;
  private final int repeat;
  private final PrintStream out;
  private final ReplayCommand.Replay replay; // null: runs of the profile

  /** {@code options} are every run's but for the time scale, which goes through {@code timeScales}. */
  public Sweep(Configuration conf, RunOptions options, List<Double> timeScales, int repeat, PrintStream out) {
    this(conf, options, timeScales, repeat, out, null);
  }

  /** A sweep of replays of {@code replay}'s trace (null: runs of the profile {@code options} name). */
  public Sweep(Configuration conf, RunOptions options, List<Double> timeScales, int repeat, PrintStream out,
      ReplayCommand.Replay replay) {
    this.conf = conf;
    this.options = options;
    this.timeScales = List.copyOf(timeScales);
    this.repeat = repeat;
    this.out = out;
    this.replay = replay;
  }

  /** Runs the series; returns sweep.json's content. A run that is not valid is kept, marked so. */
  public ObjectNode execute(Path outDir) throws Exception {
    OutFolder.SWEEP.prepare(outDir, options.getOverwrite(), out);
    ObjectNode sweep = JSON.createObjectNode();
    sweep.put(replay == null ? "profile" : "replay", options.getProfile().toString());
    ArrayNode scales = sweep.putArray("timeScales");
    timeScales.forEach(scales::add);
    sweep.put("repeat", repeat);
    sweep.set("options", JSON.readTree(options.toString()));
    ArrayNode points = sweep.putArray("points");
    try (AtomicOutputDir results = new AtomicOutputDir("sweep: --out", outDir)) {
      int n = 0;
      for (double scale : timeScales) {
        for (int k = 1; k <= repeat; k++) {
          String label = String.format(Locale.ROOT, "ts-%s-r%d", label(scale), k);
          out.printf("sweep: run %d of %d: time scale %s, repeat %d of %d -> %s%n", ++n,
              timeScales.size() * repeat, label(scale), k, repeat, outDir.resolve(label));
          RunOptions point = RunOptions.newBuilder(options).setTimeScale(scale)
              .setOut(results.file(label).toString()).build();
          ObjectNode summary = replay == null ? new BenchmarkRun(conf, point, out).execute()
              : replay.with(point).run(conf, out);
          points.add(point(scale, k, label, summary));
        }
      }
      JSON.writeValue(results.file(SWEEP_FILE).toFile(), sweep);
      results.commit();
    }
    print(sweep);
    return sweep;
  }

  private static String label(double scale) {
    return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
  }

  /** One run's figures: issue rate, and per op issued its count, rate, service and response time (summary.json's). */
  private static ObjectNode point(double scale, int repeat, String label, ObjectNode summary) {
    ObjectNode p = JSON.createObjectNode();
    p.put("timeScale", scale);
    p.put("repeat", repeat);
    p.put("results", label);
    p.put("valid", summary.path("valid").asBoolean());
    p.put("opsPerSecond", summary.path("overall").path("opsPerSecond").asDouble());
    p.put("seconds", summary.path("overall").path("seconds").asDouble());
    if (summary.path("namenode").path("mean").isObject()) { // the NameNode's view: means over phase 2
      p.set("namenode", summary.path("namenode").path("mean"));
    }
    ObjectNode ops = p.putObject("ops");
    summary.path("ops").fields().forEachRemaining(e -> {
      if (e.getValue().path("count").asLong() > 0) {
        ObjectNode o = ops.putObject(e.getKey());
        o.set("count", e.getValue().path("count"));
        o.set("opsPerSecond", e.getValue().path("opsPerSecond"));
        o.set("serviceMicros", e.getValue().path("serviceMicros"));
        o.set("responseMicros", e.getValue().path("responseMicros"));
      }
    });
    return p;
  }

  private void print(ObjectNode sweep) {
    out.printf("sweep: %d runs%n  %-10s %-6s %12s  %s%n", sweep.path("points").size(), "time scale", "run",
        "ops/s", "p50 / p99 response time (us) by op");
    sweep.path("points").forEach(p -> {
      StringBuilder ops = new StringBuilder();
      p.path("ops").fields().forEachRemaining(e -> ops.append(String.format(Locale.ROOT, "%s %,d / %,d  ",
          e.getKey(), e.getValue().path("responseMicros").path("p50").asLong(),
          e.getValue().path("responseMicros").path("p99").asLong())));
      out.printf("  %-10s %-6s %,12.1f  %s%s%n", label(p.path("timeScale").asDouble()), "r" + p.path("repeat").asInt(),
          p.path("opsPerSecond").asDouble(), ops, p.path("valid").asBoolean() ? "" : " (NOT valid)");
    });
  }

  /** The sweep.json of a finished sweep. */
  public static ObjectNode read(Path sweepDir) throws IOException {
    return (ObjectNode) JSON.readTree(sweepDir.resolve(SWEEP_FILE).toFile());
  }
}
