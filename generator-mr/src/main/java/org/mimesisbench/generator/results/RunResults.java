package org.mimesisbench.generator.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.mimesisbench.folders.ResultsFolder;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.output.Durations;

/**
 * A run's results folder: {@code summary.json} (written by {@link RunSummary}; printed here),
 * {@code latency.hlog} (the raw HdrHistograms: per op its service time, tagged {@code
 * service:<op>}, and response time, {@code response:<op>}; and one of lateness), {@code
 * timeline.csv} (ops per second of the run, by op, and the drift: how late the second's latest op
 * was) and {@code counters.json} (the jobs' MapReduce counters).
 */
public final class RunResults {
  public static final String SUMMARY = ResultsFolder.SUMMARY;
  public static final String HISTOGRAMS = ResultsFolder.HISTOGRAMS;
  public static final String TIMELINE = ResultsFolder.TIMELINE;
  public static final String COUNTERS = ResultsFolder.COUNTERS;
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private RunResults() {}

  /**
   * counters.json (profiles/schema/counters.schema.json): each phase's counters by group and name.
   */
  public static void writeCounters(Path file, JobCounters phase1, JobCounters phase2)
      throws IOException {
    ObjectNode counters = JSON.createObjectNode();
    counters.set("phase1", phase1.json());
    counters.set("phase2", phase2.json());
    JSON.writeValue(file.toFile(), counters);
  }

  /**
   * Tag prefixes of latency.hlog: an op's service time ("service:open"), its response time
   * ("response:open").
   */
  public static final String SERVICE_TAG = "service:";

  public static final String RESPONSE_TAG = "response:";

  /**
   * The raw histograms in HdrHistogram's log format, tagged service:op, response:op and "lateness".
   */
  public static void writeHistograms(
      Path file, RunStatistics total, long startMillis, long endMillis) throws IOException {
    try (PrintStream out =
        new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment(
          "MimesisBench run: per op service time (call start to end) and response time (due time to"
              + " end), and lateness against the schedule, in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(startMillis);
      w.outputLegend();
      for (Op op : Op.values()) {
        if (total.count(op) > 0) {
          w.outputIntervalHistogram(
              tagged(total.latency(op), SERVICE_TAG + op.label(), startMillis, endMillis));
          w.outputIntervalHistogram(
              tagged(total.response(op), RESPONSE_TAG + op.label(), startMillis, endMillis));
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

  /**
   * Ops per second of the run by op (every run's ops, and the others it issued), one row per second
   * from the start.
   */
  public static void writeTimeline(Path file, RunStatistics total) throws IOException {
    List<Op> columns =
        java.util.Arrays.stream(Op.values())
            .filter(op -> Op.BASE.contains(op) || total.count(op) > 0)
            .toList();
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
        w.write(
            row.append(',')
                .append(sum)
                .append(',')
                .append(total.maxLatenessMicros(sec))
                .append('\n')
                .toString());
      }
    }
  }

  /** "service / response" of one percentile. */
  private static String pair(long service, long response) {
    return String.format("%,d / %,d", service, response);
  }

  /** The summary as a few lines for a terminal. */
  public static void print(RunSummary summary, PrintStream out) {
    out.printf(
        "run %s: %s%n",
        summary.runId(), summary.valid() ? "valid" : "NOT valid: " + summary.invalidBecause());
    RunSummary.Overall overall = summary.overall();
    out.printf(
        "  %,d ops (%,d scheduled) in %.1f s: %,.1f ops/s, %,d errors%n",
        overall.count(),
        overall.scheduled(),
        overall.seconds(),
        overall.opsPerSecond(),
        overall.errors());
    // the op column as wide as its longest name (setReplication, contentSummary, ...)
    int width = summary.ops().keySet().stream().mapToInt(String::length).max().orElse(0);
    String opColumn = "%-" + Math.max(12, width) + "s";
    out.printf(
        "  " + opColumn + " %10s %8s %10s %21s %21s %21s%n",
        "op",
        "count",
        "errors",
        "ops/s",
        "p50 µs service/resp",
        "p99 µs service/resp",
        "max µs service/resp");
    summary
        .ops()
        .forEach(
            (op, o) -> {
              var l = o.serviceMicros();
              var r = o.responseMicros();
              out.printf(
                  "  " + opColumn + " %,10d %,8d %,10.1f %21s %21s %21s%n",
                  op,
                  o.count(),
                  o.errors(),
                  o.opsPerSecond(),
                  pair(l.p50(), r.p50()),
                  pair(l.p99(), r.p99()),
                  pair(l.max(), r.max()));
            });
    if (!overall.errorsByClass().isEmpty()) {
      StringBuilder classes = new StringBuilder();
      overall
          .errorsByClass()
          .forEach(
              (c, n) ->
                  classes.append(
                      String.format("%s%s %,d", classes.length() > 0 ? ", " : "", c, n)));
      out.println("  errors by class: " + classes);
    }
    out.printf("  issued as %,d user%s%n", overall.users(), overall.users() == 1 ? "" : "s");
    RunSummary.ReplayInput replay = summary.replay();
    if (replay != null && replay.outcomes() != null) {
      // the trace's own denials and false returns, met again: outcomes, not errors
      out.printf(
          "  as recorded: %,d denied as in the trace, %,d returned false as in it; %,d allowed"
              + " that it denied, %,d denied that it allowed%n",
          replay.outcomes().getOrDefault("deniedAsRecorded", 0L),
          replay.outcomes().getOrDefault("falseAsRecorded", 0L),
          replay.outcomes().getOrDefault("allowedButDeniedInTrace", 0L),
          replay.outcomes().getOrDefault("deniedButAllowedInTrace", 0L));
    }
    var d = summary.driftMicros();
    out.printf(
        "  drift: p50 %s  p99 %s  max %s%n",
        Durations.micros(d.p50()), Durations.micros(d.p99()), Durations.micros(d.max()));
    var w = summary.waits();
    if (w.forSlot() + w.forPreviousOp() > 0) {
      out.printf(
          "  waited past their due time: %,d ops for a free in-flight slot (mean %s), %,d for the op"
              + " before them on their file (mean %s)%n",
          w.forSlot(),
          Durations.micros(w.forSlotMicrosMean()),
          w.forPreviousOp(),
          Durations.micros(w.forPreviousOpMicrosMean()));
    }
    var jvm = summary.jvm();
    if (jvm != null) {
      out.printf(
          "  this JVM in phase 2: %.2f cores busy, %s of CPU per op, %d collections (%s)%n",
          jvm.cores(),
          Durations.micros(jvm.cpuMicrosPerOp()),
          jvm.collections(),
          Durations.micros(jvm.collectionSeconds() * 1e6));
    }
    for (String note : summary.notes()) {
      out.println("  note: " + note);
    }
  }
}
