package org.mimesisbench.tardis.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.federation.resolver.order.DestinationOrder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two federated nameservices behind Routers, reached as a client does, through the client
 * configuration alone: files written through the Routers land in both subclusters (HASH_ALL), each
 * read back through them, and the DataNodes serve both block pools.
 */
@Tag("slow")
class RouterFederationTest {
  @TempDir Path tmp;

  @Test
  void filesWrittenThroughTheRoutersLandInEverySubcluster() throws Exception {
    writeThroughRouters(1);
  }

  @Test
  void severalRoutersAreOneLogicalNameservice() throws Exception {
    writeThroughRouters(2);
  }

  private void writeThroughRouters(int routers) throws Exception {
    try (EmulatedCluster cluster =
        EmulatedCluster.startFederated(
            new Configuration(),
            tmp.resolve("storage").toFile(),
            2,
            2,
            routers,
            DestinationOrder.HASH_ALL,
            true)) {
      Configuration client = new Configuration();
      client.addResource(cluster.federation().clientConfiguration());
      URI fs = URI.create(client.get("fs.defaultFS"));
      assertEquals(cluster.uri(), fs);
      assertEquals(routers == 1, fs.getPort() > 0, fs.toString());
      int files = 40;
      try (FileSystem viaRouters = FileSystem.newInstance(fs, client)) {
        for (int i = 0; i < files; i++) {
          try (var out = viaRouters.create(new org.apache.hadoop.fs.Path("/bench/d/f" + i))) {
            out.write(new byte[1000 + i]);
          }
        }
        for (int i = 0; i < files; i++) {
          assertEquals(
              1000 + i,
              viaRouters.getFileStatus(new org.apache.hadoop.fs.Path("/bench/d/f" + i)).getLen());
        }
        assertEquals(
            files, viaRouters.listStatus(new org.apache.hadoop.fs.Path("/bench/d")).length);
      }
      int total = 0;
      for (String ns : cluster.federation().nameServices()) {
        try (FileSystem subcluster =
            FileSystem.newInstance(
                URI.create("hdfs://" + client.get("dfs.namenode.rpc-address." + ns)), client)) {
          FileStatus[] here = subcluster.listStatus(new org.apache.hadoop.fs.Path("/bench/d"));
          assertTrue(here.length > 0, ns + " holds none of the files");
          total += here.length;
          assertEquals(
              2,
              ((DistributedFileSystem) subcluster)
                  .getDataNodeStats(DatanodeReportType.LIVE)
                  .length);
        }
      }
      assertEquals(files, total);
    }
  }
}
