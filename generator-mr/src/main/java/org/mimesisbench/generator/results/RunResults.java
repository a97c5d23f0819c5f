package org.mimesisbench.generator.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.DirectorySchedule;
import org.mimesisbench.generator.schedule.Op;

/**
 * A run's results folder: {@code summary.json} (per op count, errors, throughput, and service and
 * response time percentiles in microseconds; drift; the ops that waited for an in-flight slot;
 * what was scheduled; the options and profile), {@code latency.hlog} (the raw HdrHistograms: per
 * op its service time, tagged {@code service:<op>}, and response time, {@code response:<op>}; and
 * one of lateness), {@code timeline.csv}
 * (ops per second of the run, by op, and the drift: how late the second's latest op was) and {@code counters.json} (the jobs' MapReduce counters).
 */
public final class RunResults {
  public static final String SUMMARY = "summary.json";
  public static final String HISTOGRAMS = "latency.hlog";
  public static final String TIMELINE = "timeline.csv";
  public static final String COUNTERS = "counters.json";
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private RunResults() {}

  /** The summary of a run: {@code head} (run, target, options, notes) completed with the statistics. */
  public static ObjectNode summary(ObjectNode head, RunStatistics total, Map<Integer, RunStatistics> byType,
      Map<Op, Long> scheduled) {
    ObjectNode s = head.deepCopy();
    double seconds = Math.max(total.elapsedSeconds(), 1e-9);
    ObjectNode ops = s.putObject("ops");
    for (Op op : Op.values()) {
      long n = total.count(op);
      if (n == 0 && scheduled.getOrDefault(op, 0L) == 0) {
        continue;
      }
      ObjectNode o = ops.putObject(op.label());
      o.put("count", n);
      o.put("errors", total.errors(op));
      if (total.errors(op) > 0) {
        o.set("errorsByClass", JSON.valueToTree(new TreeMap<>(total.errorClasses(op))));
      }
      o.put("scheduled", scheduled.getOrDefault(op, 0L));
      o.put("opsPerSecond", round(n / seconds));
      o.set("serviceMicros", percentiles(total.latency(op)));
      o.set("responseMicros", percentiles(total.response(op)));
    }
    ObjectNode overall = s.putObject("overall");
    overall.put("count", total.totalCount());
    overall.put("errors", total.totalErrors());
    overall.set("errorsByClass", JSON.valueToTree(total.errorClasses()));
    overall.put("scheduled", scheduled.values().stream().mapToLong(Long::longValue).sum());
    overall.put("seconds", round(total.elapsedSeconds()));
    overall.put("opsPerSecond", round(total.totalCount() / seconds));
    overall.put("mappers", total.mappers());
    overall.put("users", total.users().size()); // the users the calls were issued as
    ObjectNode drift = s.putObject("driftMicros");
    drift.setAll(percentiles(total.lateness()));
    ObjectNode waits = s.putObject("waits");
    waits.put("forSlot", total.slotWaits());
    waits.put("forSlotMicrosMean",
        total.slotWaits() == 0 ? 0 : round((double) total.slotWaitMicros() / total.slotWaits()));
    waits.put("forPreviousOp", total.orderWaits());
    waits.put("forPreviousOpMicrosMean",
        total.orderWaits() == 0 ? 0 : round((double) total.orderWaitMicros() / total.orderWaits()));
    ArrayNode stops = s.putArray("stoppedEarly");
    total.stops().forEach(stops::add);
    ArrayNode errors = s.putArray("errorSamples");
    total.errorSamples().forEach(errors::add);
    ArrayNode outages = s.putArray("outages");
    total.outages().forEach(outages::add);
    ObjectNode types = s.putObject("byType");
    for (Map.Entry<Integer, RunStatistics> e : byType.entrySet()) {
      ObjectNode t = types.putObject(typeName(e.getKey()));
      for (Op op : Op.values()) {
        if (e.getValue().count(op) > 0) {
          t.put(op.label(), e.getValue().count(op));
        }
      }
      t.put("errors", e.getValue().totalErrors());
      t.put("mappers", e.getValue().mappers());
    }
    return s;
  }

  /** How results name what a task replays: a file type's index, "d" and a directory type's, or "cluster". */
  public static String typeName(int key) {
    int directoryType = DirectorySchedule.indexOf(key);
    return key == ClusterSchedule.KEY ? "cluster" : directoryType >= 0 ? "d" + directoryType : Integer.toString(key);
  }

  private static ObjectNode percentiles(Histogram h) {
    ObjectNode o = JSON.createObjectNode();
    for (double p : PERCENTILES) {
      o.put("p" + (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p).replace(".", "")),
          h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p));
    }
    o.put("max", h.getTotalCount() == 0 ? 0 : h.getMaxValue());
    o.put("mean", h.getTotalCount() == 0 ? 0 : round(h.getMean()));
    return o;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  public static void writeSummary(Path file, ObjectNode summary) throws IOException {
    JSON.writeValue(file.toFile(), summary);
  }

  public static void writeCounters(Path file, ObjectNode counters) throws IOException {
    JSON.writeValue(file.toFile(), counters);
  }

  /** Tag prefixes of latency.hlog: an op's service time ("service:open"), its response time ("response:open"). */
  public static final String SERVICE_TAG = "service:";
  public static final String RESPONSE_TAG = "response:";

  /** The raw histograms in HdrHistogram's log format, tagged service:op, response:op and "lateness". */
  public static void writeHistograms(Path file, RunStatistics total, long startMillis, long endMillis)
      throws IOException {
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("MimesisBench run: per op service time (call start to end) and response time (due time to"
          + " end), and lateness against the schedule, in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(startMillis);
      w.outputLegend();
      for (Op op : Op.values()) {
        if (total.count(op) > 0) {
          w.outputIntervalHistogram(tagged(total.latency(op), SERVICE_TAG + op.label(), startMillis, endMillis));
          w.outputIntervalHistogram(tagged(total.response(op), RESPONSE_TAG + op.label(), startMillis, endMillis));
        }
      }
      w.outputIntervalHistogram(tagged(total.lateness(), "lateness", startMillis, endMillis));
    }
  }

  private static Histogram tagged(Histogram h, String tag, long start, long end) {
    Histogram c = h.copy();
    c.setTag(tag);
    c.setStartTimeStamp(start);
    c.setEndTimeStamp(Math.max(end, start));
    return c;
  }

  /** Ops per second of the run by op (every run's ops, and the others it issued), one row per second from the start. */
  public static void writeTimeline(Path file, RunStatistics total) throws IOException {
    List<Op> columns = java.util.Arrays.stream(Op.values())
        .filter(op -> Op.BASE.contains(op) || total.count(op) > 0).toList();
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder head = new StringBuilder("second");
      for (Op op : columns) {
        head.append(',').append(op.label());
      }
      w.write(head.append(",total,maxLatenessUs\n").toString());
      for (int sec = 0; sec < total.seconds(); sec++) {
        StringBuilder row = new StringBuilder().append(sec);
        long sum = 0;
        for (Op op : columns) {
          long n = total.timeline(sec, op);
          sum += n;
          row.append(',').append(n);
        }
        w.write(row.append(',').append(sum).append(',').append(total.maxLatenessMicros(sec)).append('\n').toString());
      }
    }
  }

  /** "service / response" of one percentile, for the terminal. */
  private static String pair(com.fasterxml.jackson.databind.JsonNode service,
      com.fasterxml.jackson.databind.JsonNode response, String p) {
    return String.format("%,d / %,d", service.path(p).asLong(), response.path(p).asLong());
  }

  /** The summary as a few lines for a terminal. */
  public static void print(ObjectNode summary, PrintStream out) {
    out.printf("run %s: %s%n", summary.path("runId").asText(),
        summary.path("valid").asBoolean() ? "valid" : "NOT valid: " + summary.path("invalidBecause"));
    ObjectNode overall = (ObjectNode) summary.path("overall");
    out.printf("  %,d ops (%,d scheduled) in %.1f s: %,.1f ops/s, %,d errors%n",
        overall.path("count").asLong(), overall.path("scheduled").asLong(), overall.path("seconds").asDouble(),
        overall.path("opsPerSecond").asDouble(), overall.path("errors").asLong());
    out.printf("  %-12s %10s %8s %10s %21s %21s %21s%n", "op", "count", "errors", "ops/s", "p50 us service/resp",
        "p99 us service/resp", "max us service/resp");
    summary.path("ops").fields().forEachRemaining(e -> {
      var o = e.getValue();
      var l = o.path("serviceMicros");
      var r = o.path("responseMicros");
      out.printf("  %-12s %,10d %,8d %,10.1f %21s %21s %21s%n", e.getKey(), o.path("count").asLong(),
          o.path("errors").asLong(), o.path("opsPerSecond").asDouble(), pair(l, r, "p50"), pair(l, r, "p99"),
          pair(l, r, "max"));
    });
    var byClass = summary.path("overall").path("errorsByClass");
    if (byClass.size() > 0) {
      StringBuilder classes = new StringBuilder();
      byClass.fields().forEachRemaining(e -> classes.append(String.format("%s%s %,d", classes.length() > 0 ? ", " : "",
          e.getKey(), e.getValue().asLong())));
      out.println("  errors by class: " + classes);
    }
    long users = overall.path("users").asLong();
    out.printf("  issued as %,d user%s%n", users, users == 1 ? "" : "s");
    var d = summary.path("driftMicros");
    out.printf("  drift (us): p50 %,d  p99 %,d  max %,d%n", d.path("p50").asLong(), d.path("p99").asLong(), d.path("max").asLong());
    var w = summary.path("waits");
    if (w.path("forSlot").asLong() + w.path("forPreviousOp").asLong() > 0) {
      out.printf("  waited past their due time: %,d ops for a free in-flight slot (mean %,.0f us), %,d for the op"
          + " before them on their file (mean %,.0f us)%n", w.path("forSlot").asLong(),
          w.path("forSlotMicrosMean").asDouble(), w.path("forPreviousOp").asLong(),
          w.path("forPreviousOpMicrosMean").asDouble());
    }
    var jvm = summary.path("jvm");
    if (jvm.isObject()) {
      out.printf("  this JVM in phase 2: %.2f cores busy, %.1f us of CPU per op, %d collections (%.1f s)%n",
          jvm.path("cores").asDouble(), jvm.path("cpuMicrosPerOp").asDouble(), jvm.path("collections").asLong(),
          jvm.path("collectionSeconds").asDouble());
    }
    for (var note : (Iterable<com.fasterxml.jackson.databind.JsonNode>) summary.path("notes")::elements) {
      out.println("  note: " + note.asText());
    }
  }
}
