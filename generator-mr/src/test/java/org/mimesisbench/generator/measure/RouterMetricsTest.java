package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.federation.resolver.order.DestinationOrder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mimesisbench.tardis.cluster.EmulatedCluster;
import org.mimesisbench.tardis.cluster.NameService;

/**
 * Two federated subclusters behind one Router (its address) or two (a logical nameservice), found
 * from the client configuration alone as a run through them has it: each subcluster's NameNode's
 * share of the creates the Routers spread, and with one Router its own latency.
 */
@Tag("slow")
@Timeout(300)
class RouterMetricsTest {
  private static final int CREATES = 40;

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void eachSubclustersShareOfTheCallsThroughTheRouters(int routers, @TempDir Path dir)
      throws Exception {
    try (EmulatedCluster fed =
        EmulatedCluster.startFederated(
            new HdfsConfiguration(),
            dir.resolve("storage").toFile(),
            1,
            2,
            routers,
            DestinationOrder.HASH_ALL,
            true)) {
      // as a run's -conf reads it: a file (a key's source tells the user's from Hadoop's default)
      Path clientConf = dir.resolve("client-conf.xml");
      NameService.write(fed.federation().clientConfiguration(), clientConf);
      Configuration conf = new HdfsConfiguration();
      conf.addResource(new org.apache.hadoop.fs.Path(clientConf.toUri()));
      URI fs = fed.uri();
      NameNodeMetrics first = NameNodeMetrics.forRun(false, null, fs, conf);
      assertNotNull(first, "no metrics through the Routers");
      assertNull(first.start());
      try (FileSystem viaRouters = FileSystem.newInstance(fs, conf)) {
        for (int i = 0; i < CREATES; i++) {
          viaRouters.create(new org.apache.hadoop.fs.Path("/d/f" + i)).close();
        }
      }
      Thread.sleep(2_500); // the metrics refresh every second: the last calls show
      first.close();

      NameServiceMetrics.Summary s = first.summary().nameservice();
      assertNotNull(s, "no nameservice section");
      assertEquals(List.of("ns0", "ns1"), s.subclusters());
      long creates = 0;
      for (NameServiceMetrics.NameNodeShare nn : s.namenodes()) {
        long own = nn.calls().getOrDefault("Create", 0L);
        assertTrue(own > 0, nn.toString());
        creates += own;
      }
      assertEquals(CREATES, creates, s.toString());
      if (routers == 1) {
        assertNotNull(s.router(), s.toString());
        assertTrue(s.router().proxiedCalls() >= CREATES, s.router().toString());
      } else {
        assertNull(s.router(), "several Routers give no web address of one");
      }
    }
  }
}
