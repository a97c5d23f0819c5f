package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Life;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.testing.SlowAuditLogger;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.run.RunOptions;

/**
 * Open-loop bar: against an embedded NameNode slowed on purpose (one handler, each audited call
 * sleeping {@value #DELAY_MS} ms: at most about 200 calls a second) and a schedule of {@value
 * #RATE} getFileInfo a second, which it cannot serve. Open loop (many calls in flight), the offered
 * rate of the first second is the schedule's, and the response time grows with the backlog (a
 * longer schedule, a longer backlog) while the service time stays where the in-flight bound holds
 * it (the calls in flight queued at the NameNode: about the bound over its rate). One call in
 * flight (the closed loop of before) offers only what the NameNode serves, and its service time
 * hides the backlog that its response time shows.
 */
@Tag("slow")
@Timeout(600)
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class OpenLoopTest {
  private static final int RATE = 400; // scheduled getFileInfo a second
  private static final long DELAY_MS = 5;
  private static final int IN_FLIGHT =
      512; // more than a second's ops: the first second is never held up

  @Test
  void againstASlowNameNodeTheOfferedRateIsTheSchedulesAndResponseTimeHoldsTheBacklog(
      @TempDir Path dir) throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, 1);
    conf.set(
        DFSConfigKeys.DFS_NAMENODE_AUDIT_LOGGERS_KEY, "default," + SlowAuditLogger.class.getName());
    SlowAuditLogger.delayMs = 0;
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      Schedule longer = new Schedule(fs, 4_000);
      Schedule shorter = new Schedule(fs, 1_500);
      SlowAuditLogger.delayMs = DELAY_MS;
      RunStatistics open = longer.run(IN_FLIGHT);
      RunStatistics openShort = shorter.run(IN_FLIGHT);
      RunStatistics closed = longer.run(1);
      long closedBehind = longer.behindSeen;
      SlowAuditLogger.delayMs = 0;

      long due = longer.dueInFirstSecond();
      String what =
          String.format(
              "scheduled in the first second %d; issued open %d, closed %d; service p99 (ms) "
                  + "open %.0f, shorter %.0f, closed %.0f; response p99 (ms) open %.0f, shorter %.0f, closed %.0f",
              due,
              open.timeline(0, Op.GET_FILE_INFO),
              closed.timeline(0, Op.GET_FILE_INFO),
              p99(open, false),
              p99(openShort, false),
              p99(closed, false),
              p99(open, true),
              p99(openShort, true),
              p99(closed, true));
      System.out.println("OpenLoopTest: " + what);
      assertEquals(longer.ops, open.totalCount(), what);
      assertEquals(
          0,
          open.totalErrors() + closed.totalErrors(),
          open.errorSamples() + " " + closed.errorSamples());
      // open loop: the first second offers what the schedule asks for, not what the NameNode serves
      assertTrue(open.timeline(0, Op.GET_FILE_INFO) >= 0.9 * due, what);
      assertTrue(closed.timeline(0, Op.GET_FILE_INFO) <= 0.75 * due, what);
      // response time grows with the backlog; service time stays where the in-flight bound holds it
      // (with 512 calls in flight against one handler, service time holds some NameNode queueing
      // too: on a
      // loaded machine it moves, so the bar is that response time grows clearly faster than service
      // time)
      double responseGrowth = p99(open, true) / p99(openShort, true);
      double serviceGrowth = p99(open, false) / p99(openShort, false);
      assertTrue(responseGrowth >= 1.5 && responseGrowth >= 1.3 * serviceGrowth, what);
      assertTrue(p99(open, true) >= 1.5 * p99(open, false), what);
      assertTrue(open.slotWaits() > 0, what);
      // the closed loop's service time is one call's: the backlog shows only in its response time
      assertTrue(p99(closed, true) >= 10 * p99(closed, false), what);
      assertTrue(closed.slotWaits() > longer.ops / 2, closed.slotWaits() + " ops waited; " + what);
      // the progress a run prints says how far behind it is: the closed loop falls seconds behind
      assertTrue(closedBehind > 1000, "closed loop behind by " + closedBehind + " ms; " + what);
    }
  }

  private static double p99(RunStatistics s, boolean response) {
    return (response ? s.response(Op.GET_FILE_INFO) : s.latency(Op.GET_FILE_INFO))
            .getValueAtPercentile(99)
        / 1e3;
  }

  /**
   * A schedule of getFileInfo, each on its own file made beforehand, RATE a second for {@code ms}.
   */
  private static final class Schedule {
    private final WorkloadModel model;
    private final FlatLayout layout;
    private final NamespaceClient client;
    private final long ops;

    Schedule(FileSystem fs, long ms) throws Exception {
      ops = RATE * ms / 1000;
      model =
          WorkloadModel.of(
              "synthetic",
              SyntheticProfile.steadyAccesses(ops, 1, ms, SyntheticProfile.only("getFileInfo")),
              RunOptions.newBuilder().setProfile("synthetic").setFlat(true).setSeed(1).build());
      layout = new FlatLayout(model);
      org.apache.hadoop.fs.Path root =
          fs.makeQualified(
              new org.apache.hadoop.fs.Path("/open-loop-" + ms + "/" + layout.rootName()));
      layout.materializeTop(fs, root, 1, false);
      layout.materializeShare(fs, root, 0, 1, false, () -> {});
      client = new NamespaceClient(fs, root);
    }

    TypeSchedule schedule() {
      return new TypeSchedule(model, model.runTypes().get(0), layout, 1, 0, 1, "open-loop");
    }

    long dueInFirstSecond() {
      long n = 0;
      TypeSchedule s = schedule();
      for (Life f = s.next(); f != null; f = s.next()) {
        while (!f.done()) {
          n += f.next().timeMs() < 1000 ? 1 : 0;
        }
      }
      return n;
    }

    long behindSeen; // the most the last run's progress said it was behind schedule, ms

    RunStatistics run(int inFlight) throws InterruptedException {
      IssuingPipeline pipeline =
          new IssuingPipeline(schedule(), client::issue, 1, 0, 0).inFlight(inFlight);
      long[] most = {0};
      RunStatistics stats =
          pipeline.run(
              System.nanoTime() + 50_000_000L,
              () -> most[0] = Math.max(most[0], pipeline.behindMillis()));
      behindSeen = most[0];
      assertEquals(0, pipeline.behindMillis(), "an ended pipeline is behind nothing");
      return stats;
    }
  }
}
