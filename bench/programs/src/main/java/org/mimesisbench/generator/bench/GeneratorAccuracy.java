package org.mimesisbench.generator.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.measure.JvmUse;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/**
 * The accuracy bench of bench/generator_accuracy.py (generator bar: one mapper sustains 20,000
 * scheduled ops/s at time scale 1 with p99 lateness under 2 ms, and costs under 3 % of throughput
 * against a bare loop issuing the same calls). The target is {@code noop:///}, so only the
 * generator is measured.
 *
 * <ol>
 *   <li>Kept schedule: one mapper's pipeline (three threads, as in a run) replays a synthetic
 *       profile of files accessed at a fixed rate, at time scale 1; prints the ops/s achieved
 *       against the ops/s scheduled and the lateness of the ops against their due times. In
 *       alternating rounds, a bare loop waits for the same due times on the precomputed events: the
 *       lateness the machine itself gives a timed loop.
 *   <li>Overhead: the same events issued back to back, by the pipeline at time scale 0 and by a
 *       bare loop calling the same NamespaceClient on the events precomputed in a list, in
 *       alternating rounds; overhead = 1 - pipeline / bare throughput (the bar's figure). A third
 *       side, the timed loop, is the bare loop that also times each call (one clock read per call,
 *       the end of one call being the begin of the next, as the pipeline does at time scale 0) and
 *       records it into an HdrHistogram: the least a latency benchmark does. The overhead against
 *       it is printed beside, never instead.
 * </ol>
 *
 * <p>usage: {@code java -cp mimesisbench.jar org.mimesisbench.generator.bench.GeneratorAccuracy
 * [--files 2000] [--interval-ms 100] [--seconds 30] [--kept-rounds 3] [--rounds 7]}
 */
public final class GeneratorAccuracy {
  private static final String COMMAND = "GeneratorAccuracy";

  /** The pipeline starts this long after it is made, as a mapper's does after the barrier. */
  private static final long LEAD_NANOS = 50_000_000L;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final WorkloadModel model;
  private final FlatLayout layout;
  private final NamespaceClient client;
  private int inFlight = 1; // of the pipeline at time scale 1: a run's --in-flight

  private GeneratorAccuracy(WorkloadModel model, NamespaceClient client) {
    this.model = model;
    this.layout = new FlatLayout(model);
    this.client = client;
  }

  public static void main(String[] args) throws Exception {
    Options o = new Options();
    o.addOption(null, "files", true, "files of the synthetic profile (default 2000)");
    o.addOption(null, "interval-ms", true, "time between two accesses of one file (default 100)");
    o.addOption(null, "seconds", true, "length of the schedule at time scale 1 (default 30)");
    o.addOption(null, "kept-rounds", true, "rounds of each side at time scale 1 (default 3)");
    o.addOption(null, "rounds", true, "rounds of each side of the overhead comparison (default 7)");
    int runsInFlight =
        ((Number) RunOptions.getClassSchema().getField("inFlight").defaultVal()).intValue();
    o.addOption(
        null,
        "in-flight",
        true,
        "calls in flight of the pipeline at time scale 1 (default run's, " + runsInFlight + ")");
    CommandLine cl = CommandLines.parse(COMMAND, o, args);
    long files = CommandLines.whole(cl, COMMAND, "files", 2000);
    long intervalMs = CommandLines.whole(cl, COMMAND, "interval-ms", 100);
    long seconds = CommandLines.whole(cl, COMMAND, "seconds", 30);
    int keptRounds = (int) CommandLines.whole(cl, COMMAND, "kept-rounds", 3);
    int rounds = (int) CommandLines.whole(cl, COMMAND, "rounds", 7);

    Profile profile =
        SyntheticProfile.steadyAccesses(
            files, seconds * 1000 / intervalMs, intervalMs, SyntheticProfile.shares(0.6, 0.1, 0.3));
    RunOptions options =
        RunOptions.newBuilder().setProfile("synthetic").setFlat(true).setSeed(1).build();
    WorkloadModel model = WorkloadModel.of("synthetic", profile, options);
    try (FileSystem fs = FileSystem.newInstance(URI.create("noop:///"), new Configuration())) {
      GeneratorAccuracy bench =
          new GeneratorAccuracy(model, new NamespaceClient(fs, new Path("noop:///accuracy")));
      bench.inFlight = (int) CommandLines.whole(cl, COMMAND, "in-flight", runsInFlight);
      System.out.printf(
          "profile: %s (%,.0f accesses/s scheduled over %d s); target noop:///; %s%n",
          profile.getSource(), files * 1000.0 / intervalMs, seconds, Runtime.version());
      List<Event> events = bench.events();
      bench.keptSchedule(events, keptRounds);
      bench.overhead(events, rounds);
    }
  }

  private TypeSchedule schedule() {
    return new TypeSchedule(model, model.runTypes().get(0), layout, 1, 0, 1, "bench");
  }

  /**
   * The schedule's events in issuing order (the pipeline's own order, collected at time scale 0).
   */
  private List<Event> events() throws InterruptedException {
    List<Event> events = new ArrayList<>();
    new IssuingPipeline(schedule(), events::add, 0, 0, 0).run(System.nanoTime(), () -> {});
    return events;
  }

  /**
   * Part 1: time scale 1, as a mapper runs, against a bare loop waiting for the same due times the
   * same way (parkNanos) on the precomputed events: the lateness this machine gives any timed loop.
   */
  private void keptSchedule(List<Event> events, int rounds) throws Exception {
    double scheduled = events.size() / (model.windowMs() / 1000);
    System.out.printf(
        "kept schedule (time scale 1): %,d events, %,.0f ops/s scheduled; %d rounds of each, "
            + "alternating; the pipeline with up to %d calls in flight; lateness in us%n",
        events.size(), scheduled, rounds, inFlight);
    List<Double> p99 = new ArrayList<>();
    List<Double> achieved = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      for (int k = 0; k < 2; k++) {
        boolean pipeline = (k + r) % 2 == 1; // the pipeline first in odd rounds
        long gcBefore = JvmUse.now().collectionMillis();
        long start = System.nanoTime() + LEAD_NANOS;
        Histogram late;
        long count;
        double seconds;
        if (pipeline) {
          RunStatistics s =
              new IssuingPipeline(schedule(), client::issue, 1.0, 0, 0)
                  .inFlight(inFlight)
                  .run(start, () -> {});
          late = s.lateness();
          count = s.totalCount();
          seconds = s.elapsedSeconds();
          p99.add((double) late.getValueAtPercentile(99));
          achieved.add(count / seconds);
        } else {
          late = new Histogram(3);
          for (Event e : events) {
            long due = start + (long) (e.timeMs() * 1e6);
            long now = System.nanoTime();
            while (due - now > 0) {
              LockSupport.parkNanos(due - now);
              now = System.nanoTime();
            }
            client.issue(e);
            late.recordValue(Math.max(0, (now - due) / 1000));
          }
          count = events.size();
          seconds = (System.nanoTime() - start) / 1e9;
        }
        System.out.printf(
            "round %d %-9s %,d ops in %.2f s = %,.0f ops/s; lateness p50 %,d  p99 %,d  p99.9 %,d  "
                + "max %,d; GC %d ms%n",
            r,
            pipeline ? "pipeline" : "bare loop",
            count,
            seconds,
            count / seconds,
            late.getValueAtPercentile(50),
            late.getValueAtPercentile(99),
            late.getValueAtPercentile(99.9),
            late.getMaxValue(),
            JvmUse.now().collectionMillis() - gcBefore);
      }
    }
    double[] p = p99.stream().mapToDouble(Double::doubleValue).toArray();
    double[] a = achieved.stream().mapToDouble(Double::doubleValue).toArray();
    System.out.printf(
        "json kept {\"scheduledOpsPerSecond\": %.1f, \"opsPerSecond\": %.1f, \"latenessP99Us\": %.0f, "
            + "\"worstLatenessP99Us\": %.0f}%n",
        scheduled,
        new Median().evaluate(a),
        new Median().evaluate(p),
        Arrays.stream(p).max().orElse(0));
  }

  /**
   * Part 2: the same events back to back, the pipeline against the bare loop and the timed loop, in
   * rotating order (each side first in turn).
   */
  private void overhead(List<Event> events, int rounds) throws Exception {
    System.out.printf(
        "overhead: %,d events, back to back (time scale 0), %d rounds of each side, in rotating "
            + "order; CPU per op of the whole process, then of the calling thread alone (the pipeline's issuer)%n",
        events.size(), rounds);
    String[] sides = {"pipeline", "bare loop", "timed loop"};
    double[][] rate = new double[sides.length][rounds]; // [side][round], ops/s
    double[] ratio = new double[rounds]; // pipeline / bare loop
    double[] timedRatio = new double[rounds]; // pipeline / timed loop
    double[][] callerCpu =
        new double[sides.length][rounds]; // [side][round], us per op of the calling thread
    for (int r = 0; r < rounds; r++) {
      double[] cpuPerOp = new double[sides.length];
      double[] callerCpuPerOp = new double[sides.length];
      for (int k = 0; k < sides.length; k++) {
        int side = (k + r) % sides.length;
        long cpu0 = JvmUse.processCpuNanos();
        long callerCpu0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        if (side == 0) {
          RunStatistics s =
              new IssuingPipeline(schedule(), client::issue, 0, 0, 0).run(t0, () -> {});
          if (s.totalCount() != events.size() || s.totalErrors() > 0) {
            throw new IllegalStateException(
                "the pipeline issued "
                    + s.totalCount()
                    + " ops ("
                    + s.totalErrors()
                    + " errors), not the "
                    + events.size()
                    + " events");
          }
        } else if (side == 1) {
          for (Event e : events) {
            client.issue(e);
          }
        } else {
          Histogram latencyMicros = new Histogram(3);
          long begin = System.nanoTime();
          for (Event e : events) {
            client.issue(e);
            long end = System.nanoTime();
            latencyMicros.recordValue((end - begin) / 1000);
            begin = end;
          }
          if (latencyMicros.getTotalCount() != events.size()) {
            throw new IllegalStateException(
                "the timed loop recorded " + latencyMicros.getTotalCount() + " ops");
          }
        }
        rate[side][r] = events.size() / ((System.nanoTime() - t0) / 1e9);
        cpuPerOp[side] = (JvmUse.processCpuNanos() - cpu0) / 1e3 / events.size();
        callerCpuPerOp[side] =
            (THREADS.getCurrentThreadCpuTime() - callerCpu0) / 1e3 / events.size();
        callerCpu[side][r] = callerCpuPerOp[side];
      }
      ratio[r] = rate[0][r] / rate[1][r];
      timedRatio[r] = rate[0][r] / rate[2][r];
      System.out.printf(
          "round %d: pipeline %,.0f ops/s (%.2f us CPU/op, issuer %.3f), bare loop %,.0f ops/s (%.2f, "
              + "%.3f), timed loop %,.0f ops/s (%.2f, %.3f): pipeline/bare %.3f, pipeline/timed %.3f (%s first)%n",
          r + 1,
          rate[0][r],
          cpuPerOp[0],
          callerCpuPerOp[0],
          rate[1][r],
          cpuPerOp[1],
          callerCpuPerOp[1],
          rate[2][r],
          cpuPerOp[2],
          callerCpuPerOp[2],
          ratio[r],
          timedRatio[r],
          sides[r % sides.length]);
    }
    double mp = new Median().evaluate(rate[0]);
    double mb = new Median().evaluate(rate[1]);
    double mt = new Median().evaluate(rate[2]);
    double mr = new Median().evaluate(ratio);
    double mtr = new Median().evaluate(timedRatio);
    System.out.printf(
        "median: pipeline %,.0f ops/s, bare loop %,.0f ops/s, timed loop %,.0f ops/s; calling thread's "
            + "CPU per op: pipeline's issuer %.3f us, bare loop %.3f us, timed loop %.3f us%n",
        mp,
        mb,
        mt,
        new Median().evaluate(callerCpu[0]),
        new Median().evaluate(callerCpu[1]),
        new Median().evaluate(callerCpu[2]));
    System.out.printf(
        "  against the bare loop:  pipeline/bare %.3f (rounds %.3f-%.3f): overhead %.1f %%%n",
        mr,
        Arrays.stream(ratio).min().orElse(0),
        Arrays.stream(ratio).max().orElse(0),
        100 * (1 - mr));
    System.out.printf(
        "  against the timed loop: pipeline/timed %.3f (rounds %.3f-%.3f): overhead %.1f %%%n",
        mtr,
        Arrays.stream(timedRatio).min().orElse(0),
        Arrays.stream(timedRatio).max().orElse(0),
        100 * (1 - mtr));
    System.out.printf(
        "json overhead {\"events\": %d, \"pipelineOpsPerSecond\": %.1f, \"bareOpsPerSecond\": %.1f, "
            + "\"ratio\": %.4f, \"overheadPercent\": %.2f, \"timedOpsPerSecond\": %.1f, \"timedRatio\": %.4f, "
            + "\"timedOverheadPercent\": %.2f}%n",
        events.size(), mp, mb, mr, 100 * (1 - mr), mt, mtr, 100 * (1 - mtr));
  }
}
