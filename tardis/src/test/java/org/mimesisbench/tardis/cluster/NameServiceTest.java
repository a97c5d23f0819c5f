package org.mimesisbench.tardis.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An HA nameservice with an Observer started by {@link EmulatedCluster#startHa}, reached only
 * through the client configuration {@link NameService} writes, as a user's {@code -conf} file.
 */
@Tag("slow")
class NameServiceTest {
  @TempDir Path tmp;

  @Test
  void theWrittenClientConfigurationReachesTheNameServiceAndReadsOnTheObserver() throws Exception {
    Path base = Files.createDirectories(tmp.resolve("storage"));
    try (NameNodeAuditLog audit = NameNodeAuditLog.open(tmp.resolve("audit.log"), true);
        EmulatedCluster ha =
            EmulatedCluster.startHa(new HdfsConfiguration(), base.toFile(), 3, 1, true)) {
      MiniDFSCluster cluster = ha.cluster();
      assertEquals(URI.create("hdfs://ns1"), ha.uri());
      assertEquals(
          HAServiceState.ACTIVE,
          cluster.getNameNode(0).getRpcServer().getServiceStatus().getState());
      assertEquals(
          HAServiceState.STANDBY,
          cluster.getNameNode(1).getRpcServer().getServiceStatus().getState());
      assertEquals(
          HAServiceState.OBSERVER,
          cluster.getNameNode(2).getRpcServer().getServiceStatus().getState());
      for (int i = 0; i < 3; i++) { // every NameNode knows every DataNode: the standby's blocks
        assertEquals(3, cluster.getNameNode(i).getNamesystem().getNumLiveDataNodes(), "nn" + i);
      }
      assertTrue(Files.isDirectory(base.resolve("journal")), "the journal is in the storage");

      Path file = base.resolve(NameService.CLIENT_CONF);
      NameService.write(NameService.clientConfiguration(cluster, true), file);
      Configuration client = new Configuration(false);
      client.addResource(file.toUri().toURL());
      Map<String, Map<String, InetSocketAddress>> rpc = DFSUtilClient.getHaNnRpcAddresses(client);
      assertEquals(3, rpc.get("ns1").size(), rpc.toString());
      assertEquals(
          cluster.getNameNode(2).getNameNodeAddress().getPort(),
          rpc.get("ns1").get("nn2").getPort());
      assertEquals(0, client.getLong("dfs.client.failover.observer.auto-msync-period.ns1", -1));
      Map<String, Map<String, InetSocketAddress>> web =
          DFSUtilClient.getHaNnWebHdfsAddresses(client, "webhdfs");
      assertEquals(
          cluster.getNameNode(1).getHttpAddress().getPort(), web.get("ns1").get("nn1").getPort());

      Configuration conf = new HdfsConfiguration();
      conf.addResource(file.toUri().toURL());
      try (FileSystem fs = FileSystem.newInstance(conf)) {
        DistributedFileSystem dfs = (DistributedFileSystem) fs;
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/bench/a");
        try (FSDataOutputStream out = fs.create(p)) {
          out.write(new byte[1000]);
        }
        assertEquals(1000, fs.getFileStatus(p).getLen()); // a client's own write, read back
        assertTrue(HATestUtil.isSentToAnyOfNameNodes(dfs, cluster, 2), "the read went elsewhere");
      }
      // the audit log's lines do not say which NameNode logged them; their handlers' ports do
      String observerPort = "port " + cluster.getNameNode(2).getNameNodeAddress().getPort() + "]";
      String activePort = "port " + cluster.getNameNode(0).getNameNodeAddress().getPort() + "]";
      List<String> lines = Files.readAllLines(audit.byHandler());
      assertTrue(
          lines.stream().anyMatch(l -> l.contains(observerPort) && l.contains("cmd=getfileinfo")),
          "the Observer's read: " + lines);
      assertTrue(
          lines.stream().anyMatch(l -> l.contains(activePort) && l.contains("cmd=create")),
          "the active's create: " + lines);
      assertEquals(Files.readAllLines(audit.file()).size(), lines.size(), "the same lines");
    }
  }
}
