package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.tardis.cluster.EmulatedCluster;
import org.mimesisbench.tardis.cluster.NameService;

/**
 * Every NameNode of a real HA nameservice (active, standby, Observer), found from the client
 * configuration alone as a run against hdfs://ns1 has it: their states, and each one's calls and
 * shares by RPC method, the writes on the active and the reads on the Observer; and a failover of
 * the active to the standby, named.
 */
@Tag("slow")
@Timeout(300)
class NameServiceMetricsTest {
  private static final int CREATES = 20;
  private static final int READS = 200;

  @Test
  void eachNameNodesCallsAndSharesAreItsOwnTheReadsTheObservers(@TempDir Path dir)
      throws Exception {
    Path base = Files.createDirectories(dir.resolve("storage"));
    try (EmulatedCluster ha =
        EmulatedCluster.startHa(new HdfsConfiguration(), base.toFile(), 1, 1, true)) {
      Configuration conf = new HdfsConfiguration();
      conf.addResource(NameService.clientConfiguration(ha.cluster(), true));
      URI ns = URI.create("hdfs://ns1");
      assertNull(NameServiceMetrics.forRun(conf, URI.create("hdfs://localhost:8020")));
      assertNull(NameNodeMetrics.forRun(false, null, URI.create("file:///"), conf));

      NameNodeMetrics active = NameNodeMetrics.forRun(false, null, ns, conf);
      assertNotNull(active, "no metrics for the nameservice");
      assertNull(active.start());
      try (FileSystem fs = FileSystem.newInstance(ns, conf)) {
        for (int i = 0; i < CREATES; i++) {
          fs.create(new org.apache.hadoop.fs.Path("/d/f" + i)).close();
        }
        for (int i = 0; i < READS; i++) {
          fs.getFileStatus(new org.apache.hadoop.fs.Path("/d/f" + (i % CREATES)));
        }
      }
      Thread.sleep(2_500); // the NameNodes' metrics refresh every second: the last calls show
      ha.cluster().transitionToStandby(0); // a failover, as haadmin -failover makes it
      ha.cluster().transitionToActive(1);
      Thread.sleep(1_500); // the states are read every half second
      active.close();

      NameServiceMetrics.Summary s = active.summary().nameservice();
      assertNotNull(s, "the active's summary has no nameservice");
      assertEquals("ns1", s.id());
      assertEquals(0, s.observerReads().autoMsyncPeriodMs());
      Map<String, NameServiceMetrics.NameNodeShare> byState = new java.util.HashMap<>();
      for (NameServiceMetrics.NameNodeShare nn : s.namenodes()) {
        byState.put(nn.stateAtStart(), nn);
        assertTrue(nn.samples() > 0, nn.toString());
        assertEquals(0, nn.failedReads(), nn.toString());
      }
      assertEquals(java.util.Set.of("active", "standby", "observer"), byState.keySet());
      var observer = byState.get("observer");
      var primary = byState.get("active");
      assertTrue(active.summary().source().contains(primary.web().replace("http://", "")));
      assertEquals(CREATES, primary.calls().get("Create"), primary.toString());
      assertEquals(1.0, primary.share().get("Create"));
      assertNull(observer.calls().get("Create"), observer.toString());
      long observed = observer.calls().getOrDefault("GetFileInfo", 0L);
      long onActive = primary.calls().getOrDefault("GetFileInfo", 0L);
      assertTrue(observed >= READS / 2, "the Observer's GetFileInfo: " + s);
      assertEquals(
          observed / (double) (observed + onActive),
          observer.share().get("GetFileInfo"),
          1e-4,
          s.toString());
      assertEquals(1.0, observer.readShare() + primary.readShare(), 1e-3, s.toString());
      assertEquals(0.0, byState.get("standby").readShare(), s.toString());
      assertEquals(1, s.failovers().size(), s.toString());
      NameServiceMetrics.Failover failover = s.failovers().get(0);
      assertEquals("nn0", failover.from());
      assertEquals("nn1", failover.to());
      assertEquals(failover.newActiveMs() - failover.lastActiveMs(), failover.withoutActiveMs());
      assertTrue(failover.withoutActiveMs() > 0, failover.toString());
    }
  }
}
