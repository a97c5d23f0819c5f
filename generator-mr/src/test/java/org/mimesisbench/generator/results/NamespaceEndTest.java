package org.mimesisbench.generator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.infra.EmbeddedCluster;

/**
 * namespace-end.tsv from a real NameNode's image: exactly the files and directories under the base
 * as the file system lists them, with their sizes, blocks and replication, and nothing outside it;
 * a cluster's image older than the run's end, or a file system without one, is a note.
 */
@Tag("slow")
@Timeout(300)
class NamespaceEndTest {
  private static final String HEADER =
      "Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\tBlocksCount\t"
          + "FileSize\tNSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName";

  @TempDir Path dir;

  @Test
  void theRowsAreExactlyTheBasesFilesAndDirectoriesWithTheirSizesAndBlocks() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 1L << 20);
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 1);
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path("/bench");
      fs.mkdirs(new org.apache.hadoop.fs.Path(base, "a/b/c"));
      fs.mkdirs(new org.apache.hadoop.fs.Path("/bench-other/x")); // its name starts as the base's
      fs.create(new org.apache.hadoop.fs.Path("/elsewhere/f")).close();
      fs.create(new org.apache.hadoop.fs.Path(base, "a/empty")).close();
      write(fs, new org.apache.hadoop.fs.Path(base, "a/b/two-blocks"), (3 << 20) / 2);
      write(fs, new org.apache.hadoop.fs.Path(base, "small"), 1000);
      URI web =
          URI.create(
              "http://localhost:" + cluster.cluster().getNameNode().getHttpAddress().getPort());
      Path out = dir.resolve("results").resolve(NamespaceEnd.FILE);
      Files.createDirectories(out.getParent());

      assertNull(NamespaceEnd.write(fs, true, web, base, out));

      List<String> lines = Files.readAllLines(out);
      assertEquals(HEADER, lines.get(0));
      Map<String, String[]> rows = new TreeMap<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.split("\t", -1);
        assertEquals(12, f.length, line);
        rows.put(f[0], f);
      }
      Map<String, FileStatus> listed = new TreeMap<>();
      listed.put(base.toString(), fs.getFileStatus(base));
      list(fs, base, listed);
      assertEquals(listed.keySet(), rows.keySet());
      for (Map.Entry<String, FileStatus> e : listed.entrySet()) {
        String[] row = rows.get(e.getKey());
        FileStatus s = e.getValue();
        if (s.isFile()) {
          assertEquals(s.getLen(), Long.parseLong(row[6]), e.getKey());
          assertEquals(s.getReplication(), Short.parseShort(row[1]), e.getKey());
          long blocks = fs.getFileBlockLocations(s, 0, s.getLen()).length;
          assertEquals(blocks, Long.parseLong(row[5]), e.getKey());
        }
      }
      assertEquals("2", rows.get("/bench/a/b/two-blocks")[5]);
      assertFalse(Files.exists(out.resolveSibling("." + NamespaceEnd.FILE + ".tmp")));
    }
  }

  @Test
  void aClustersImageOlderThanTheRunsEndIsANoteAndNothingIsWritten() throws Exception {
    Configuration conf = new HdfsConfiguration();
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(conf, dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), conf)) {
      fs.mkdirs(new org.apache.hadoop.fs.Path("/bench/made-after-the-newest-checkpoint"));
      URI web =
          URI.create(
              "http://localhost:" + cluster.cluster().getNameNode().getHttpAddress().getPort());
      Path out = dir.resolve(NamespaceEnd.FILE);
      String note =
          NamespaceEnd.write(fs, false, web, new org.apache.hadoop.fs.Path("/bench"), out);
      assertTrue(note != null && note.contains("older than the run's end"), note);
      assertFalse(Files.exists(out));
      String none =
          NamespaceEnd.write(fs, false, null, new org.apache.hadoop.fs.Path("/bench"), out);
      assertTrue(none != null && none.contains("--namenode-http"), none);
    }
    FileSystem local = FileSystem.getLocal(new Configuration());
    String notHdfs =
        NamespaceEnd.write(
            local, false, null, new org.apache.hadoop.fs.Path(dir.toString()), dir.resolve("x"));
    assertTrue(notHdfs != null && notHdfs.contains("not HDFS"), notHdfs);
  }

  private static void write(FileSystem fs, org.apache.hadoop.fs.Path p, int bytes)
      throws Exception {
    try (FSDataOutputStream out = fs.create(p)) {
      out.write(new byte[bytes]);
    }
  }

  private static void list(
      FileSystem fs, org.apache.hadoop.fs.Path dir, Map<String, FileStatus> into) throws Exception {
    RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(dir);
    while (it.hasNext()) {
      FileStatus s = it.next();
      into.put(s.getPath().toUri().getPath(), s);
      if (s.isDirectory()) {
        list(fs, s.getPath(), into);
      }
    }
  }
}
