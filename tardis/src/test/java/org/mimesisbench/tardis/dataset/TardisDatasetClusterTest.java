package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.tools.DFSck;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.tardis.cluster.EmulatedDataNodes;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/** The real HDFS stack (NameNode, DataNodes, client) on emulated storage kept on disk. */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TardisDatasetClusterTest {
  private static final int MB = 1 << 20;

  @TempDir static java.nio.file.Path base;
  private MiniDFSCluster cluster;
  private DistributedFileSystem fs;

  @BeforeAll
  void start() throws IOException {
    Configuration conf = new Configuration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 4 * MB);
    conf.setInt(TardisDataset.CHUNK_BYTES_KEY, 256 * 1024); // several chunks a block
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    cluster = EmulatedDataNodes.builder(conf, base.toFile(), 4, false).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
  }

  @AfterAll
  void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  private static byte[] random(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private byte[] write(String name, int bytes, long seed) throws IOException {
    byte[] data = random(bytes, seed);
    try (FSDataOutputStream out = fs.create(new Path(name), (short) 3)) {
      out.write(data);
    }
    return data;
  }

  /** A file of {@code bytes} of Tardis data, as a client of the emulated cluster writes. */
  private byte[] writeTardis(String name, int bytes) throws IOException {
    try (FSDataOutputStream out = fs.create(new Path(name), (short) 3)) {
      new TardisSequence(TardisFlag.DEFAULT, bytes).writeTo(out);
    }
    byte[] data = new byte[bytes];
    new TardisSequence(TardisFlag.DEFAULT, bytes).copy(0, data, 0, bytes);
    return data;
  }

  private byte[] read(String name) throws IOException {
    try (FSDataInputStream in = fs.open(new Path(name))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      IOUtils.copyBytes(in, out, 64 * 1024);
      return out.toByteArray();
    }
  }

  private String fsck() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc =
        ToolRunner.run(
            new DFSck(
                cluster.getConfiguration(0), new PrintStream(out, true, StandardCharsets.UTF_8)),
            new String[] {"/"});
    assertEquals(0, rc, out.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  private long replicasOnNameNode() {
    return cluster
        .getNamesystem()
        .getBlockManager()
        .getDatanodeManager()
        .getDatanodeListForReport(
            org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE)
        .stream()
        .mapToLong(DatanodeDescriptor::numBlocks)
        .sum();
  }

  private static long ourReplicas(DataNode dn, String bpid, java.util.Set<Long> blocks) {
    long n = 0;
    for (var report : dn.getFSDataset().getBlockReports(bpid).values()) {
      for (var replica : report) {
        n += blocks.contains(replica.getBlockId()) ? 1 : 0;
      }
    }
    return n;
  }

  @Test
  void filesReadBackExactlyAndSurviveARestart() throws Exception {
    long blocksBefore = cluster.getNamesystem().getBlocksTotal();
    long replicasBefore = replicasOnNameNode();
    byte[] small = writeTardis("/a/one-mb", MB);
    byte[] multi = write("/a/ten-mb", 10 * MB + 123, 2); // three blocks, the last partial
    byte[] odd = write("/a/odd", 777, 3);
    assertArrayEquals(small, read("/a/one-mb"));
    assertArrayEquals(multi, read("/a/ten-mb"));
    assertArrayEquals(odd, read("/a/odd"));
    try (FSDataInputStream in = fs.open(new Path("/a/ten-mb"))) { // a read at any offset
      byte[] part = new byte[5000];
      in.readFully(4 * MB + 99_999, part);
      assertArrayEquals(
          java.util.Arrays.copyOfRange(multi, 4 * MB + 99_999, 4 * MB + 104_999), part);
    }
    assertEquals(blocksBefore + 5, cluster.getNamesystem().getBlocksTotal());
    DFSTestWait.until(
        () -> replicasOnNameNode() == replicasBefore + 15, "15 more replicas on the NameNode");
    assertTrue(fsck().contains("is HEALTHY"));

    DataNode dn = cluster.getDataNodes().get(0);
    String bpid = cluster.getNamesystem().getBlockPoolId();
    // this test's blocks only: the other tests' corrupt replicas may be deleted meanwhile
    java.util.Set<Long> ours = new java.util.HashSet<>();
    for (String f : java.util.List.of("/a/one-mb", "/a/ten-mb", "/a/odd")) {
      fs.getClient()
          .getLocatedBlocks(f, 0)
          .getLocatedBlocks()
          .forEach(lb -> ours.add(lb.getBlock().getBlockId()));
    }
    long before = ourReplicas(dn, bpid, ours);
    assertTrue(before > 0, "DataNode 0 holds replicas");
    assertInstanceOf(TardisDataset.class, dn.getFSDataset());
    MiniDFSCluster.DataNodeProperties props = cluster.stopDataNode(0);
    assertTrue(cluster.restartDataNode(props, true));
    cluster.waitActive();
    DataNode restarted = cluster.getDataNodes().get(cluster.getDataNodes().size() - 1);
    long after = ourReplicas(restarted, bpid, ours);
    assertEquals(before, after, "replicas read back after the restart");
    cluster.triggerBlockReports();
    DFSTestWait.until(
        () -> replicasOnNameNode() == replicasBefore + 15, "15 more replicas after the restart");
    assertArrayEquals(multi, read("/a/ten-mb"));
    assertTrue(fsck().contains("is HEALTHY"));
  }

  @Test
  void hflushShowsDataToReadersAndAppendExtendsTheLastChunk() throws Exception {
    Path p = new Path("/b/flushed");
    byte[] first = random(700, 4); // ends inside a checksum chunk: its CRC is rewritten later
    byte[] second = random(3 * MB, 5);
    try (FSDataOutputStream out = fs.create(p, (short) 3)) {
      out.write(first);
      out.hflush();
      assertArrayEquals(first, read("/b/flushed"));
      out.write(second, 0, 1000);
      out.hflush();
      byte[] seen = read("/b/flushed");
      assertEquals(1700, seen.length);
      out.write(second, 1000, second.length - 1000);
    }
    try (FSDataOutputStream out = fs.append(p)) {
      out.write(first);
    }
    try (FSDataOutputStream out = fs.append(p)) {
      out.write(second, 0, 10);
      out.hflush();
    }
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.write(first);
    expected.write(second);
    expected.write(first);
    expected.write(second, 0, 10);
    assertArrayEquals(expected.toByteArray(), read("/b/flushed"));
    assertTrue(fsck().contains("is HEALTHY"));
  }

  @Test
  void aCorruptOrTruncatedStoredChunkIsReportedAsACorruptReplica() throws Exception {
    byte[] flipped = write("/c/flipped", MB, 6);
    byte[] cut = write("/c/cut", MB, 7);
    for (String file : List.of("/c/flipped", "/c/cut")) {
      byte[] data = file.endsWith("cut") ? cut : flipped;
      damage(file, file.endsWith("cut"));
      // the DataNode sends its report with the next heartbeat: read until it is in
      for (int i = 0; i < 300 && cluster.getNamesystem().getCorruptReplicaBlocks() == 0; i++) {
        if (i % 10 == 0) {
          assertArrayEquals(data, read(file), "a read fails over to a good replica");
        }
        Thread.sleep(50);
      }
      assertEquals(
          1,
          cluster.getNamesystem().getCorruptReplicaBlocks(),
          file + ": the damaged replica is reported");
      // HDFS heals it: a new replica is copied from a good one and the corrupt one deleted
      DFSTestWait.until(
          () -> cluster.getNamesystem().getCorruptReplicaBlocks() == 0,
          "the corrupt replica replaced");
      assertArrayEquals(data, read(file));
    }
    assertTrue(fsck().contains("is HEALTHY"));
  }

  /** Damages the stored block file of the first replica of {@code file}'s first block. */
  private void damage(String file, boolean truncate) throws IOException {
    LocatedBlock lb = fs.getClient().getLocatedBlocks(file, 0).get(0);
    ExtendedBlock b = lb.getBlock();
    for (DataNode dn : cluster.getDataNodes()) {
      if (!dn.getDatanodeUuid().equals(lb.getLocations()[0].getDatanodeUuid())) {
        continue;
      }
      List<java.nio.file.Path> files;
      try (Stream<java.nio.file.Path> all =
          Files.walk(java.nio.file.Path.of(dn.getFSDataset().getVolume(b).getBaseURI()))) {
        files =
            all.filter(
                    f ->
                        f.getFileName()
                            .toString()
                            .equals(
                                "blk_" + b.getBlockId() + "_" + b.getGenerationStamp() + ".tardis"))
                .toList();
      }
      assertEquals(1, files.size(), "one stored file for " + b);
      try (RandomAccessFile raf = new RandomAccessFile(files.get(0).toFile(), "rw")) {
        if (truncate) {
          raf.setLength(raf.length() - 100);
        } else {
          long at = raf.length() - 1000;
          raf.seek(at);
          int v = raf.read();
          raf.seek(at);
          raf.write(v ^ 0x5a);
        }
      }
      return;
    }
    throw new AssertionError("no DataNode holds " + b);
  }
}
