package org.mimesisbench.generator.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/**
 * The accuracy bench of bench/generator_accuracy.py (issue 5's bar: one mapper sustains 20,000
 * scheduled ops/s at time scale 1 with p99 lateness under 2 ms, and costs under 3 % of throughput
 * against a bare loop issuing the same calls). The target is {@code noop:///}, so only the
 * generator is measured.
 *
 * <ol>
 *   <li>Kept schedule: one mapper's pipeline (three threads, as in a run) replays a synthetic
 *       profile of files accessed at a fixed rate, at time scale 1; prints the ops/s achieved
 *       against the ops/s scheduled and the lateness of the ops against their due times.
 *   <li>Overhead: the same events issued back to back, by the pipeline at time scale 0 and by a
 *       bare loop calling the same NamespaceClient on the events precomputed in a list, in
 *       alternating rounds; overhead = 1 - pipeline / bare throughput.
 * </ol>
 *
 * <p>usage: {@code java -cp mimesisbench.jar org.mimesisbench.generator.bench.GeneratorAccuracy
 * [--files 2000] [--interval-ms 100] [--seconds 30] [--rounds 7]}
 */
public final class GeneratorAccuracy {
  private static final String COMMAND = "GeneratorAccuracy";
  /** The pipeline starts this long after it is made, as a mapper's does after the barrier. */
  private static final long LEAD_NANOS = 50_000_000L;

  private final WorkloadModel model;
  private final FlatLayout layout;
  private final NamespaceClient client;

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
    o.addOption(null, "rounds", true, "rounds of each side of the overhead comparison (default 7)");
    CommandLine cl = CommandLines.parse(COMMAND, o, args);
    long files = CommandLines.whole(cl, COMMAND, "files", 2000);
    long intervalMs = CommandLines.whole(cl, COMMAND, "interval-ms", 100);
    long seconds = CommandLines.whole(cl, COMMAND, "seconds", 30);
    int rounds = (int) CommandLines.whole(cl, COMMAND, "rounds", 7);

    Profile profile = SyntheticProfile.steadyAccesses(files, seconds * 1000 / intervalMs, intervalMs,
        SyntheticProfile.shares(0.6, 0.1, 0.3));
    RunOptions options = RunOptions.newBuilder().setProfile("synthetic").setFlat(true).setSeed(1).build();
    WorkloadModel model = WorkloadModel.of("synthetic", profile, options);
    try (FileSystem fs = FileSystem.newInstance(URI.create("noop:///"), new Configuration())) {
      GeneratorAccuracy bench = new GeneratorAccuracy(model, new NamespaceClient(fs, new Path("noop:///accuracy")));
      System.out.printf("profile: %s (%,.0f accesses/s scheduled over %d s); target noop:///; %s%n",
          profile.getSource(), files * 1000.0 / intervalMs, seconds, Runtime.version());
      bench.keptSchedule();
      bench.overhead(rounds);
    }
  }

  private TypeSchedule schedule() {
    return new TypeSchedule(model, model.runTypes().get(0), layout, 1, 0, 1, "bench");
  }

  /** Part 1: time scale 1, as a mapper runs. */
  private void keptSchedule() throws InterruptedException {
    long gcBefore = gcMillis();
    long start = System.nanoTime() + LEAD_NANOS;
    RunStatistics s = new IssuingPipeline(schedule(), client::issue, 1.0, 0, 0).run(start, () -> {});
    long gcMs = gcMillis() - gcBefore;
    double scheduled = model.runTypes().get(0).preExisting() * model.runTypes().get(0).accessesPerFile().max();
    Histogram late = s.lateness();
    System.out.printf("kept schedule (time scale 1): %,d of %,.0f ops in %.2f s: %,.0f ops/s achieved, %,.0f scheduled%n",
        s.totalCount(), scheduled, s.elapsedSeconds(), s.totalCount() / s.elapsedSeconds(),
        scheduled / (model.windowMs() / 1000));
    System.out.printf("  lateness (us): p50 %,d  p99 %,d  p99.9 %,d  max %,d  mean %,.1f; GC %d ms; errors %d%s%n",
        late.getValueAtPercentile(50), late.getValueAtPercentile(99), late.getValueAtPercentile(99.9),
        late.getMaxValue(), late.getMean(), gcMs, s.totalErrors(), s.stops().isEmpty() ? "" : "; stopped: " + s.stops());
    System.out.printf("json kept {\"ops\": %d, \"seconds\": %.3f, \"opsPerSecond\": %.1f, \"scheduledOpsPerSecond\": %.1f, "
        + "\"latenessP50Us\": %d, \"latenessP99Us\": %d, \"latenessP999Us\": %d, \"latenessMaxUs\": %d, \"gcMs\": %d}%n",
        s.totalCount(), s.elapsedSeconds(), s.totalCount() / s.elapsedSeconds(), scheduled / (model.windowMs() / 1000),
        late.getValueAtPercentile(50), late.getValueAtPercentile(99), late.getValueAtPercentile(99.9), late.getMaxValue(), gcMs);
  }

  /** Part 2: the same events back to back, pipeline against a bare loop, alternating. */
  private void overhead(int rounds) throws Exception {
    List<Event> events = new ArrayList<>();
    new IssuingPipeline(schedule(), events::add, 0, 0, 0).run(System.nanoTime(), () -> {});
    System.out.printf("overhead: %,d events, back to back (time scale 0), %d rounds of each, alternating%n",
        events.size(), rounds);
    double[] pipeline = new double[rounds];
    double[] bare = new double[rounds];
    double[] ratio = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long cpu0 = processCpuNanos();
      long t0 = System.nanoTime();
      RunStatistics s = new IssuingPipeline(schedule(), client::issue, 0, 0, 0).run(t0, () -> {});
      long t1 = System.nanoTime();
      long cpu1 = processCpuNanos();
      if (s.totalCount() != events.size() || s.totalErrors() > 0) {
        throw new IllegalStateException("the pipeline issued " + s.totalCount() + " ops (" + s.totalErrors()
            + " errors), not the " + events.size() + " events");
      }
      for (Event e : events) {
        client.issue(e);
      }
      long t2 = System.nanoTime();
      long cpu2 = processCpuNanos();
      pipeline[r] = events.size() / ((t1 - t0) / 1e9);
      bare[r] = events.size() / ((t2 - t1) / 1e9);
      ratio[r] = pipeline[r] / bare[r];
      System.out.printf("round %d: pipeline %,.0f ops/s (%.2f us CPU/op), bare loop %,.0f ops/s (%.2f us CPU/op): "
          + "pipeline/bare %.3f%n", r + 1, pipeline[r], (cpu1 - cpu0) / 1e3 / events.size(), bare[r],
          (cpu2 - cpu1) / 1e3 / events.size(), ratio[r]);
    }
    double mp = new Median().evaluate(pipeline);
    double mb = new Median().evaluate(bare);
    double mr = new Median().evaluate(ratio);
    System.out.printf("median: pipeline %,.0f ops/s, bare loop %,.0f ops/s, pipeline/bare %.3f (rounds %.3f-%.3f): "
        + "overhead %.1f %%%n", mp, mb, mr, Arrays.stream(ratio).min().orElse(0), Arrays.stream(ratio).max().orElse(0),
        100 * (1 - mr));
    System.out.printf("json overhead {\"events\": %d, \"pipelineOpsPerSecond\": %.1f, \"bareOpsPerSecond\": %.1f, "
        + "\"ratio\": %.4f, \"overheadPercent\": %.2f}%n", events.size(), mp, mb, mr, 100 * (1 - mr));
  }

  private static long gcMillis() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
