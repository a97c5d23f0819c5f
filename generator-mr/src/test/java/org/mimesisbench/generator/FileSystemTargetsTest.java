package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mimesisbench.generator.RunChecks.PROFILE;
import static org.mimesisbench.generator.RunChecks.assertValidAndComplete;
import static org.mimesisbench.generator.RunChecks.run;
import static org.mimesisbench.generator.RunChecks.treeOutside;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.net.NetUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.RunChecks.Outcome;

/**
 * The run against Hadoop-compatible file systems other than plain HDFS: the local file system
 * ({@code file://}), a ViewFs mount table over HDFS, and HDFS through WebHDFS. Each run must be
 * valid, issue exactly what was scheduled, and create nothing outside its base directory.
 */
@Tag("slow")
class FileSystemTargetsTest {
  @TempDir static Path tmp;

  /**
   * The vector profile's HDFS commands (setSpaceQuota, ...): errors on another file system, never
   * an outage.
   */
  static final Set<String> HDFS_ONLY = Set.of("UnsupportedOperationException");

  static MiniDFSCluster dfs;
  static FileSystem hdfs;

  @BeforeAll
  static void start() throws IOException {
    Configuration conf = new Configuration();
    conf.setBoolean("dfs.webhdfs.enabled", true);
    dfs = new MiniDFSCluster.Builder(conf, tmp.resolve("dfs").toFile()).numDataNodes(1).build();
    dfs.waitActive();
    hdfs = dfs.getFileSystem();
  }

  @AfterAll
  static void stop() {
    if (dfs != null) {
      dfs.shutdown(true);
    }
  }

  @Test
  void localFileSystemGivenAsABaseUri() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("local-root"));
    Path results = tmp.resolve("local-results");
    String base = "file://" + root.toAbsolutePath() + "/mimesisbench";

    Path hadoopTmp = tmp.resolve("hadoop-tmp"); // Hadoop's own scratch space on this file system
    Configuration conf = new Configuration();
    conf.set("hadoop.tmp.dir", hadoopTmp.toString());

    Outcome o =
        run(
            conf,
            "--profile",
            PROFILE.toString(),
            "--time-scale",
            "0", // validity and counts: issued back to back
            "--base-dir",
            base,
            "--out",
            results.toString());

    JsonNode summary = assertValidAndComplete(results, o, HDFS_ONLY);
    assertEquals("file:///", summary.path("target").path("fileSystem").asText());
    assertEquals(base.replace("file://", "file:"), summary.path("target").path("baseDir").asText());
    try (Stream<Path> children = Files.list(root)) {
      assertEquals(List.of("mimesisbench"), children.map(p -> p.getFileName().toString()).toList());
    }
    assertTrue(Files.exists(root.resolve("mimesisbench/.mimesisbench/marker")));
    assertFalse(Files.exists(hadoopTmp), "the local job runner wrote to hadoop.tmp.dir");
  }

  @Test
  void viewFsMountTableOverHdfs() throws IOException {
    hdfs.mkdirs(new org.apache.hadoop.fs.Path("/data"));
    hdfs.mkdirs(new org.apache.hadoop.fs.Path("/elsewhere"));
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path("/data/mimesisbench");
    Set<String> before = treeOutside(hdfs, new org.apache.hadoop.fs.Path("/"), base);
    Path results = tmp.resolve("viewfs-results");

    Outcome o =
        run(
            new Configuration(),
            "-D",
            "fs.defaultFS=viewfs://bench/",
            "-D",
            "fs.viewfs.mounttable.bench.link./data=" + dfs.getURI() + "/data",
            "-D",
            "fs.viewfs.mounttable.bench.link./elsewhere=" + dfs.getURI() + "/elsewhere",
            "--profile",
            PROFILE.toString(),
            "--time-scale",
            "0", // validity and counts: issued back to back
            "--base-dir",
            "/data/mimesisbench",
            "--out",
            results.toString());

    JsonNode summary = assertValidAndComplete(results, o, HDFS_ONLY);
    assertEquals("viewfs://bench/", summary.path("target").path("fileSystem").asText());
    assertEquals(before, treeOutside(hdfs, new org.apache.hadoop.fs.Path("/"), base));
    assertTrue(hdfs.exists(new org.apache.hadoop.fs.Path(base, ".mimesisbench/marker")));
    assertTrue(hdfs.getContentSummary(base).getFileCount() > 100);
  }

  @Test
  void hdfsThroughWebHdfs() throws IOException {
    String web = "webhdfs://" + NetUtils.getHostPortString(dfs.getNameNode().getHttpAddress());
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path("/web/mimesisbench");
    Set<String> before = treeOutside(hdfs, new org.apache.hadoop.fs.Path("/"), base);
    Path results = tmp.resolve("webhdfs-results");

    Outcome o =
        run(
            new Configuration(),
            "-D",
            "fs.defaultFS=" + web,
            "--profile",
            PROFILE.toString(),
            "--time-scale",
            "0", // validity and counts: issued back to back
            // WebHDFS cannot count the DataNodes, and its appends run in the DataNode's own client:
            // with fewer DataNodes (1) than the drawn replication every append of data fails
            "--zero-size",
            "--base-dir",
            base.toString(),
            "--out",
            results.toString());

    JsonNode summary = assertValidAndComplete(results, o, HDFS_ONLY);
    assertEquals(web, summary.path("target").path("fileSystem").asText());
    Set<String> after = treeOutside(hdfs, new org.apache.hadoop.fs.Path("/"), base);
    after.remove("/web/"); // the base's parent, made with the base
    before.remove("/web/");
    assertEquals(before, after);
    assertTrue(hdfs.exists(new org.apache.hadoop.fs.Path(base, ".mimesisbench/marker")));
    assertTrue(hdfs.getContentSummary(base).getFileCount() > 100);
  }
}
