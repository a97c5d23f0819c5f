package org.mimesisbench.generator.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.mimesisbench.generator.measure.NameNodeMetrics;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.DirectorySchedule;

/**
 * {@code summary.json}, the one place its keys are named: every field of {@code
 * profiles/schema/summary.schema.json}, which documents each (units in the names: Micros, Ms,
 * seconds). Absent (null) sections are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunSummary(
    String runId,
    boolean valid,
    List<String> invalidBecause,
    Target target,
    JsonNode options,
    Environment environment,
    Namespace namespace,
    Workload workload,
    ProfileInput profile,
    ReplayInput replay,
    Jvm jvm,
    NameNodeMetrics.Summary namenode,
    List<String> notes,
    Map<String, OpFigures> ops,
    Overall overall,
    Percentiles driftMicros,
    Waits waits,
    List<String> stoppedEarly,
    List<String> errorSamples,
    List<String> outages,
    Map<String, Map<String, Long>> byType) {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};

  /** What the run ran against. */
  public record Target(
      String fileSystem,
      boolean embedded,
      String baseDir,
      String namespaceRoot,
      String framework) {}

  /** What the run ran on: versions, the DataNodes, the settings given on the command line. */
  public record Environment(
      String hadoop,
      String java,
      String os,
      int cores,
      String dataNodes,
      Map<String, String> settings) {}

  /** Phase 1. */
  public record Namespace(String layout, double seconds, long entries) {}

  /** Phase 2's schedule; startMs and endMs null when the schedule's start could not be read. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Workload(
      double windowMs,
      double timeScale,
      int types,
      int mappers,
      int mapTasks,
      Long startMs,
      Long endMs) {}

  /** A run of a profile: the profile it was made from. */
  public record ProfileInput(String path, String source, long durationMs, int fileTypes) {}

  /** A replay: the trace and what became of its calls. */
  public record ReplayInput(
      String trace,
      long events,
      long replayed,
      long startMs,
      long endMs,
      long windowMs,
      boolean fsimage,
      String users,
      int partitions,
      long afterDuration,
      Map<String, Map<String, Long>> notReplayed,
      Map<String, Long> outcomes,
      Map<String, Long> calls) {}

  /** What a run was of (a profile or a trace: the other null), and the types phase 2 runs. */
  public record Input(ProfileInput profile, ReplayInput replay, int types) {}

  /** What this JVM spent in phase 2; compilationSeconds null when the JVM does not say. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Jvm(
      String scope,
      double seconds,
      double cpuSeconds,
      double cores,
      double cpuMicrosPerOp,
      long collections,
      double collectionSeconds,
      Double compilationSeconds) {}

  /** One op's figures; errorsByClass only when some failed, no latencies in an interrupted run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record OpFigures(
      long count,
      long errors,
      Map<String, Long> errorsByClass,
      long scheduled,
      double opsPerSecond,
      Percentiles serviceMicros,
      Percentiles responseMicros) {}

  /** Every op together. */
  public record Overall(
      long count,
      long errors,
      Map<String, Long> errorsByClass,
      long scheduled,
      double seconds,
      double opsPerSecond,
      long mappers,
      int users) {}

  /** A histogram's percentiles, microseconds (0 when it is empty). */
  public record Percentiles(long p50, long p90, long p99, long p999, long max, double mean) {
    static Percentiles of(Histogram h) {
      long[] at = new long[PERCENTILES.length];
      for (int i = 0; i < at.length; i++) {
        at[i] = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(PERCENTILES[i]);
      }
      return new Percentiles(
          at[0],
          at[1],
          at[2],
          at[3],
          h.getTotalCount() == 0 ? 0 : h.getMaxValue(),
          h.getTotalCount() == 0 ? 0 : round(h.getMean()));
    }
  }

  /** Ops issued past their due time because they waited for a slot or for the op before them. */
  public record Waits(
      long forSlot, double forSlotMicrosMean, long forPreviousOp, double forPreviousOpMicrosMean) {}

  /** How the run is described before its statistics: everything but the figures. */
  public record Description(
      String runId,
      List<String> invalidBecause,
      Target target,
      JsonNode options,
      Environment environment,
      Namespace namespace,
      Workload workload,
      Input input,
      Jvm jvm,
      NameNodeMetrics.Summary namenode,
      List<String> notes) {}

  /** The summary of a run described by {@code d}, with its statistics. */
  public static RunSummary of(
      Description d,
      RunStatistics total,
      Map<Integer, RunStatistics> byType,
      Map<Op, Long> scheduled) {
    double seconds = Math.max(total.elapsedSeconds(), 1e-9);
    Map<String, OpFigures> ops = new LinkedHashMap<>();
    for (Op op : Op.values()) {
      long n = total.count(op);
      if (n == 0 && scheduled.getOrDefault(op, 0L) == 0) {
        continue;
      }
      ops.put(
          op.label(),
          new OpFigures(
              n,
              total.errors(op),
              total.errors(op) > 0 ? new TreeMap<>(total.errorClasses(op)) : null,
              scheduled.getOrDefault(op, 0L),
              round(n / seconds),
              Percentiles.of(total.latency(op)),
              Percentiles.of(total.response(op))));
    }
    Overall overall =
        new Overall(
            total.totalCount(),
            total.totalErrors(),
            total.errorClasses(),
            scheduled.values().stream().mapToLong(Long::longValue).sum(),
            round(total.elapsedSeconds()),
            round(total.totalCount() / seconds),
            total.mappers(),
            total.users().size());
    Waits waits =
        new Waits(
            total.slotWaits(),
            mean(total.slotWaitMicros(), total.slotWaits()),
            total.orderWaits(),
            mean(total.orderWaitMicros(), total.orderWaits()));
    Map<String, Map<String, Long>> types = new LinkedHashMap<>();
    for (Map.Entry<Integer, RunStatistics> e : byType.entrySet()) {
      Map<String, Long> t = new LinkedHashMap<>();
      for (Op op : Op.values()) {
        if (e.getValue().count(op) > 0) {
          t.put(op.label(), e.getValue().count(op));
        }
      }
      t.put("errors", e.getValue().totalErrors());
      t.put("mappers", e.getValue().mappers());
      types.put(typeName(e.getKey()), t);
    }
    Input in = d.input();
    return new RunSummary(
        d.runId(),
        d.invalidBecause().isEmpty(),
        d.invalidBecause(),
        d.target(),
        d.options(),
        d.environment(),
        d.namespace(),
        d.workload(),
        in == null ? null : in.profile(),
        in == null ? null : in.replay(),
        d.jvm(),
        d.namenode(),
        d.notes(),
        ops,
        overall,
        Percentiles.of(total.lateness()),
        waits,
        total.stops(),
        total.errorSamples(),
        total.outages(),
        types);
  }

  /**
   * How results name what a task replays: a file type's index, "d" and a directory type's, or
   * "cluster".
   */
  public static String typeName(int key) {
    int directoryType = DirectorySchedule.indexOf(key);
    return key == ClusterSchedule.KEY
        ? "cluster"
        : directoryType >= 0 ? "d" + directoryType : Integer.toString(key);
  }

  /**
   * The summary of a run stopped by SIGTERM or Ctrl-C in phase 2: not valid, saying why, with the
   * ops its job had counted when it was stopped ({@code ops}: label to count and errors) over
   * {@code seconds} of phase 2; no latencies (their histograms go with the killed job).
   */
  public static RunSummary interrupted(
      String runId,
      String why,
      JsonNode options,
      List<String> notes,
      Map<String, long[]> ops,
      double seconds,
      long scheduled) {
    double over = Math.max(seconds, 1e-9);
    Map<String, OpFigures> figures = new LinkedHashMap<>();
    long count = 0;
    long errors = 0;
    for (Map.Entry<String, long[]> e : ops.entrySet()) {
      long n = e.getValue()[0];
      figures.put(
          e.getKey(), new OpFigures(n, e.getValue()[1], null, 0, round(n / over), null, null));
      count += n;
      errors += e.getValue()[1];
    }
    return new RunSummary(
        runId,
        false,
        List.of(why),
        null,
        options,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        notes,
        figures,
        new Overall(count, errors, Map.of(), scheduled, round(seconds), round(count / over), 0, 0),
        null,
        null,
        List.of(why),
        null,
        null,
        null);
  }

  public void write(Path file) throws IOException {
    JSON.writeValue(file.toFile(), this);
  }

  /** This summary as a JSON tree, as written. */
  public JsonNode json() {
    return JSON.valueToTree(this);
  }

  private static double mean(long sum, long n) {
    return n == 0 ? 0 : round((double) sum / n);
  }

  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
