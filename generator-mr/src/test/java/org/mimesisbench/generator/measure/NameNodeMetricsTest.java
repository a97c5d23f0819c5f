package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.client.BlockReportOptions;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.infra.EmbeddedCluster;

/**
 * The NameNode's metrics of a run, read in process and over its HTTP /jmx from an embedded NameNode
 * under load: the lock hold and RPC queue times are there and non-zero, with the activity, files
 * and live DataNodes; an address where no NameNode answers is a warning, not a failure.
 */
@Tag("slow")
@Timeout(300)
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class NameNodeMetricsTest {
  @Test
  void underLoadTheLockHoldAndQueueTimesAreNonZeroInProcessAndOverHttp(@TempDir Path dir)
      throws Exception {
    Configuration conf = new HdfsConfiguration();
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      InetSocketAddress web = cluster.cluster().getNameNode().getHttpAddress();
      NameNodeMetrics inProcess = NameNodeMetrics.inProcess(cluster.uri().getPort());
      NameNodeMetrics overHttp =
          NameNodeMetrics.overHttp(
              URI.create("http://localhost:" + web.getPort() + "/"), cluster.uri().getPort());
      assertNull(inProcess.start());
      assertNull(overHttp.start());
      load(fs, 8, 4_000);
      Thread.sleep(1_500); // the metrics' last interval ends
      inProcess.close();
      overHttp.close();
      for (NameNodeMetrics m : List.of(inProcess, overHttp)) {
        JsonNode s = new ObjectMapper().valueToTree(m.summary());
        JsonNode peak = s.path("peak");
        String what = s.toString();
        assertTrue(s.path("samples").asInt() >= 4, what);
        assertEquals(0, s.path("failedReads").asInt(), what);
        for (String positive :
            List.of(
                "readLockHoldAvgMs",
                "writeLockHoldAvgMs",
                "rpcQueueTimeAvgMs",
                "rpcProcessingTimeAvgMs",
                "rpcCallsPerSecond",
                "createFileOpsPerSecond",
                "fileInfoOpsPerSecond",
                "readLocksPerSecond",
                "writeLocksPerSecond",
                "heapUsedMB")) {
          assertTrue(peak.path(positive).asDouble() > 0, positive + ": " + what);
        }
        assertTrue(peak.path("filesTotal").asDouble() >= 500, what);
        assertEquals(1, peak.path("liveDataNodes").asInt(), what);
      }
      Path csv = dir.resolve(NameNodeMetrics.FILE);
      inProcess.writeCsv(csv, System.currentTimeMillis() - 10_000);
      List<String> lines = Files.readAllLines(csv);
      assertTrue(lines.get(0).startsWith("second,epochMs,rpcQueueTimeAvgMs,"), lines.get(0));
      assertEquals(inProcess.samples() + 1, lines.size());
      assertEquals(
          lines.get(0).split(",").length, lines.get(lines.size() - 1).split(",", -1).length);
    }
  }

  @Test
  void theCallRateHasNoZeroRowUnderSteadyLoadAndItsMeanIsTheClientsRate(@TempDir Path dir)
      throws Exception {
    // the NameNode refreshes its beans every other sample: rates over the sampling period alone
    // alternated 0 and double
    Configuration conf = new HdfsConfiguration();
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/stat-me");
      fs.create(p).close();
      NameNodeMetrics m = NameNodeMetrics.inProcess(cluster.uri().getPort());
      assertNull(m.start());
      Thread.sleep(1_500);
      long from = System.currentTimeMillis();
      long calls = stats(fs, p, 4, 9_000);
      long to = System.currentTimeMillis();
      Thread.sleep(2_500); // the interval holding the load's last calls is refreshed
      m.close();
      double clientRate = calls * 1000.0 / (to - from);
      Path csv = dir.resolve(NameNodeMetrics.FILE);
      m.writeCsv(csv, from);
      List<String> lines = Files.readAllLines(csv);
      int column = List.of(lines.get(0).split(",")).indexOf("rpcCallsPerSecond");
      List<Double> during = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split(",", -1);
        double second = Double.parseDouble(cells[0]);
        // whole seconds of load: a row's interval ends at its sample
        if (second >= 2 && second <= (to - from) / 1000.0) {
          assertTrue(!cells[column].isEmpty(), "an empty rate under load: " + lines);
          during.add(Double.parseDouble(cells[column]));
        }
      }
      assertTrue(during.size() >= 5, lines.toString());
      for (double rate : during) {
        assertTrue(rate > 0, "a zero row under load: " + during);
      }
      double mean = during.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      assertEquals(clientRate, mean, clientRate * 0.2, "rows " + during + ", client " + clientRate);
    }
  }

  /** {@code threads} clients stat'ing {@code p} for {@code ms}; the calls made. */
  private static long stats(FileSystem fs, org.apache.hadoop.fs.Path p, int threads, long ms)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long end = System.nanoTime() + ms * 1_000_000L;
    List<Callable<Long>> clients = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      clients.add(
          () -> {
            long n = 0;
            while (System.nanoTime() < end) {
              fs.getFileStatus(p);
              n++;
            }
            return n;
          });
    }
    long calls = 0;
    for (Future<Long> f : pool.invokeAll(clients)) {
      calls += f.get();
    }
    pool.shutdown();
    return calls;
  }

  @Test
  void theNameNodeReadIsTheLiveOneWhenAnEarlierOneRanInTheSameJvm(@TempDir Path dir)
      throws Exception {
    // a sweep starts an embedded NameNode per run: the first one's beans stay behind, stale
    Configuration conf = new HdfsConfiguration();
    for (int k = 1; k <= 2; k++) {
      try (EmbeddedCluster cluster =
              EmbeddedCluster.start(conf, dir.resolve("dfs" + k), dir.resolve("a" + k), 1);
          FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
        for (int i = 0; i < 40 * k; i++) {
          fs.create(new org.apache.hadoop.fs.Path("/k" + k + "/f" + i)).close();
        }
        Thread.sleep(1_200); // the metrics' period
        NameNodeMetrics m = NameNodeMetrics.inProcess(cluster.uri().getPort());
        assertNull(m.start());
        m.close();
        JsonNode s = new ObjectMapper().valueToTree(m.summary());
        assertTrue(s.path("peak").path("filesTotal").asInt() >= 40 * k, k + ": " + s);
      }
    }
  }

  @Test
  void filesWithDataShowTheBlockSideAddBlockCompleteBlockReportsAndPendingDeletions(
      @TempDir Path dir) throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 1L << 20);
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      NameNodeMetrics m = NameNodeMetrics.inProcess(cluster.uri().getPort());
      assertNull(m.start());
      byte[] data = new byte[(3 << 20) / 2]; // two blocks of 1 MiB each file
      for (int i = 0; i < 20; i++) {
        try (var out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i))) {
          out.write(data);
        }
      }
      DataNode dn = cluster.cluster().getDataNodes().get(0);
      dn.triggerBlockReport(new BlockReportOptions.Factory().build()); // a full report
      fs.delete(new org.apache.hadoop.fs.Path("/data"), true);
      Thread.sleep(2_500); // two of the metrics' periods end
      m.close();
      JsonNode s = new ObjectMapper().valueToTree(m.summary());
      JsonNode peak = s.path("peak");
      String what = s.toString();
      for (String positive :
          List.of(
              "addBlockPerSecond",
              "completePerSecond",
              "incrementalBlockReportsPerSecond",
              "fullBlockReportsPerSecond",
              "blocksTotal")) {
        assertTrue(peak.path(positive).asDouble() > 0, positive + ": " + what);
      }
      assertTrue(peak.has("pendingDeletionBlocks"), what);
      Path csv = dir.resolve(NameNodeMetrics.FILE);
      m.writeCsv(csv, System.currentTimeMillis());
      String head = Files.readAllLines(csv).get(0);
      assertTrue(
          head.endsWith(
              ",addBlockPerSecond,completePerSecond,incrementalBlockReportsPerSecond,"
                  + "fullBlockReportsPerSecond,pendingDeletionBlocks"),
          head);
    }
  }

  @Test
  void aClusterWhoseWebAddressTheClientConfigurationGivesIsReadThere(@TempDir Path dir)
      throws Exception {
    Configuration conf = new HdfsConfiguration();
    try (EmbeddedCluster cluster =
        EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1)) {
      URI nameNode = cluster.uri();
      // without the address configured, nothing is guessed: the run says to give --namenode-http
      assertNull(NameNodeMetrics.forRun(false, null, nameNode, new HdfsConfiguration()));
      Configuration client = new HdfsConfiguration();
      int web = cluster.cluster().getNameNode().getHttpAddress().getPort();
      client.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "0.0.0.0:" + web);
      NameNodeMetrics m = NameNodeMetrics.forRun(false, null, nameNode, client);
      assertNotNull(m);
      assertNull(m.start());
      m.close();
      // the wildcard is the NameNode's host, as DFSUtil.getInfoServer makes it
      assertEquals("http://" + nameNode.getHost() + ":" + web + "/jmx", m.summary().source());
      assertTrue(m.samples() > 0);
    }
  }

  @Test
  void anAddressWhereNoNameNodeAnswersIsAWarningAndSamplingGoesOn() throws Exception {
    NameNodeMetrics m =
        NameNodeMetrics.overHttp(URI.create("http://localhost:9"), 0); // discard port: refused
    String failed = m.start();
    assertNotNull(failed);
    m.close();
    assertEquals(0, m.samples());
    assertTrue(m.summary().failedReads() >= 1, m.summary().toString());
  }

  /**
   * {@code threads} clients creating, stat'ing and opening files for {@code ms}; the files made.
   */
  private static long load(FileSystem fs, int threads, long ms) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long end = System.nanoTime() + ms * 1_000_000L;
    List<Callable<Long>> clients = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      clients.add(
          () -> {
            long n = 0;
            while (System.nanoTime() < end || n < 100) {
              org.apache.hadoop.fs.Path p =
                  new org.apache.hadoop.fs.Path("/load/t" + id + "/f" + n++);
              fs.create(p).close();
              fs.getFileStatus(p);
              fs.open(p).close();
            }
            return n;
          });
    }
    long files = 0;
    for (Future<Long> f : pool.invokeAll(clients)) {
      files += f.get();
    }
    pool.shutdown();
    return files;
  }
}
