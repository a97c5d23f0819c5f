package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.tardis.cluster.EmulatedDataNodes;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * A 1 GiB Tardis file (eight 128 MiB blocks) with replication 3 through emulated DataNodes, read
 * back byte for byte, and kept on disk in far less than 1 % of its 3 GiB of replicas.
 */
@Tag("slow")
class LargeFileTest {
  private static final int PIECE = 1 << 20;
  private static final int PIECES = 1024;

  @TempDir java.nio.file.Path base;

  private static final TardisSequence FILE =
      new TardisSequence(TardisFlag.DEFAULT, (long) PIECE * PIECES);

  private static byte[] piece(int i) {
    byte[] b = new byte[PIECE];
    FILE.copy((long) i * PIECE, b, 0, PIECE);
    return b;
  }

  private static long bytesUnder(java.nio.file.Path dir) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  @Test
  void aGigabyteFileReadsBackExactly() throws Exception {
    MiniDFSCluster cluster =
        EmulatedDataNodes.builder(new Configuration(), base.toFile(), 3, false).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      Path p = new Path("/big");
      try (FSDataOutputStream out = fs.create(p, (short) 3)) {
        for (int i = 0; i < PIECES; i++) {
          out.write(piece(i));
        }
      }
      assertEquals((long) PIECE * PIECES, fs.getFileStatus(p).getLen());
      // close waits for one replica per block; the others reach the NameNode in the DataNodes'
      // incremental block reports, which may come a moment later
      DFSTestUtil.waitReplication(fs, p, (short) 3);
      for (LocatedBlock lb : fs.getClient().getLocatedBlocks("/big", 0).getLocatedBlocks()) {
        assertEquals(3, lb.getLocations().length, "three replicas of " + lb.getBlock());
      }
      assertEquals(8, fs.getClient().getLocatedBlocks("/big", 0).locatedBlockCount());
      long logical = 3L * PIECE * PIECES;
      long disk = bytesUnder(base); // the NameNode's image and edits included
      assertTrue(disk < logical / 100, disk + " bytes on disk for " + logical + " logical");
      byte[] got = new byte[PIECE];
      try (FSDataInputStream in = fs.open(p)) {
        for (int i = 0; i < PIECES; i++) {
          in.readFully(got);
          assertArrayEquals(piece(i), got, "MiB " + i);
        }
        assertTrue(in.read() < 0);
      }
    } finally {
      cluster.shutdown();
    }
  }
}
