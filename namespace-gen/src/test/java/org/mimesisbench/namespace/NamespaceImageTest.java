package org.mimesisbench.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;

/**
 * namespace image end to end: the name directory it writes starts an unmodified NameNode
 * (MiniDFSCluster) holding exactly the generated tree, Hadoop's offline image viewer reads it, and
 * bad input is exit 2 with nothing written.
 */
class NamespaceImageTest {
  private static final int DIRS = 600;
  private static final int FILES = 4000;
  private static final String TIME = "2011-06-01T00:00:00Z";
  @TempDir static Path shared;
  static Path ns;
  static Path image;
  @TempDir Path tmp;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeAll
  static void writeImage() {
    ns = shared.resolve("ns");
    image = shared.resolve("nn");
    MimesisBench cli = new MimesisBench(new PrintStream(new ByteArrayOutputStream()), System.err);
    assertEquals(
        0,
        cli.execute(
            new Configuration(),
            new String[] {
              "namespace",
              "generate",
              "--stats",
              YahooStats.profile().toString(),
              "--dirs",
              "" + DIRS,
              "--files",
              "" + FILES,
              "--seed",
              "3",
              "--out",
              ns.toString()
            }));
    assertEquals(
        0,
        cli.execute(
            new Configuration(),
            new String[] {
              "namespace",
              "image",
              "--namespace",
              ns.toString(),
              "--out",
              image.toString(),
              "--time",
              TIME
            }));
  }

  private int run(String... args) {
    return new MimesisBench(new PrintStream(out, true), new PrintStream(err, true))
        .execute(new Configuration(), args);
  }

  @Test
  void writesANameDirectory() {
    Path current = image.resolve("current");
    for (String name :
        List.of(
            "VERSION",
            "seen_txid",
            "fsimage_0000000000000000000",
            "fsimage_0000000000000000000.md5")) {
      assertTrue(Files.isRegularFile(current.resolve(name)), name);
    }
    try (var left = Files.list(shared)) {
      assertEquals(
          List.of("nn", "ns"),
          left.map(p -> p.getFileName().toString()).sorted().toList(),
          "no staging folder left beside it");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aNameNodeStartsOnItWithExactlyTheGeneratedTree() throws Exception {
    File copy = tmp.resolve("name").toFile();
    FileUtils.copyDirectory(image.toFile(), copy);
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, copy.toURI().toString());
    conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, copy.toURI().toString());
    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf, tmp.resolve("dfs").toFile())
            .numDataNodes(1)
            .format(false)
            .manageNameDfsDirs(false)
            .build();
    try {
      cluster.waitActive();
      FileSystem fs = cluster.getFileSystem();
      assertEquals(NamespaceFiles.entries(ns), EmbeddedHdfs.tree(fs, "/mimesis"));
      ContentSummary summary = fs.getContentSummary(new org.apache.hadoop.fs.Path("/mimesis"));
      assertEquals(DIRS + 1, summary.getDirectoryCount());
      assertEquals(FILES, summary.getFileCount());
      ByteArrayOutputStream counted = new ByteArrayOutputStream();
      PrintStream stdout = System.out;
      System.setOut(new PrintStream(counted, true));
      try {
        assertEquals(0, new FsShell(fs.getConf()).run(new String[] {"-count", "/mimesis"}));
      } finally {
        System.setOut(stdout);
      }
      String[] count = counted.toString(StandardCharsets.UTF_8).trim().split("\\s+");
      assertEquals(List.of("" + (DIRS + 1), "" + FILES, "0", "/mimesis"), List.of(count));

      String user = UserGroupInformation.getCurrentUser().getShortUserName();
      FileStatus dir = fs.getFileStatus(new org.apache.hadoop.fs.Path("/mimesis/d0"));
      assertEquals(user, dir.getOwner());
      assertEquals("supergroup", dir.getGroup());
      assertEquals("rwxr-xr-x", dir.getPermission().toString());
      long end = Instant.parse(TIME).toEpochMilli();
      long newest = 0;
      for (FileStatus st : fs.listStatus(dir.getPath())) {
        assertTrue(
            st.getModificationTime() <= end && st.getModificationTime() > end - 366L * 86_400_000L);
        newest = Math.max(newest, st.getModificationTime());
        if (st.isFile()) { // made once, never changed: its modification time is when it was made
          assertEquals("rw-r--r--", st.getPermission().toString());
          assertEquals(st.getModificationTime(), st.getAccessTime());
          assertTrue(
              st.getModificationTime() <= dir.getModificationTime(),
              "a directory changes with each child");
        }
      }
      // its subdirectories changed again later, when their own children were made
      assertTrue(dir.getModificationTime() <= newest);
      // the NameNode takes new entries after the image's: its inode ids go on from the image's last
      assertTrue(fs.mkdirs(new org.apache.hadoop.fs.Path("/mimesis/d0/new")));
      fs.create(new org.apache.hadoop.fs.Path("/mimesis/d0/new/f")).close();
      assertEquals(
          FILES + 1,
          fs.getContentSummary(new org.apache.hadoop.fs.Path("/mimesis")).getFileCount());
    } finally {
      cluster.shutdown();
    }
    assertTrue(
        Files.exists(image.resolve("current/fsimage_0000000000000000000")),
        "the original is untouched");
  }

  @Test
  void anImageWithSubSectionsLoadsInParallel() throws Exception {
    Path nn = tmp.resolve("parallel");
    var namespace =
        org.mimesisbench.namespace.generate.GeneratedNamespaceReader.read(
            ns.resolve(NamespaceCommand.NAMESPACE_FILE));
    var writer =
        new org.mimesisbench.namespace.image.FsImageWriter(
                namespace,
                "/mimesis",
                UserGroupInformation.getCurrentUser().getShortUserName(),
                "supergroup",
                Instant.parse(TIME).toEpochMilli(),
                86_400_000L,
                3,
                () -> {})
            .parallelOver(1);
    org.mimesisbench.namespace.image.NameDirectoryWriter.write(
        new Configuration(), writer, "--out", nn);
    String fsimage = nn.resolve("current/fsimage_0000000000000000000").toString();
    Path xml = tmp.resolve("parallel.xml");
    assertEquals(
        0,
        OfflineImageViewerPB.run(new String[] {"-p", "XML", "-i", fsimage, "-o", xml.toString()}));
    try (var f = new java.io.RandomAccessFile(fsimage, "r")) {
      var sections =
          org.apache.hadoop.hdfs.server.namenode.FSImageUtil.loadSummary(f).getSectionsList();
      assertEquals(12, sections.stream().filter(x -> x.getName().equals("INODE_SUB")).count());
      assertTrue(sections.stream().filter(x -> x.getName().equals("INODE_DIR_SUB")).count() > 1);
    }
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, nn.toUri().toString());
    conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, nn.toUri().toString());
    conf.setBoolean(DFSConfigKeys.DFS_IMAGE_PARALLEL_LOAD_KEY, true);
    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf, tmp.resolve("dfs2").toFile())
            .numDataNodes(1)
            .format(false)
            .manageNameDfsDirs(false)
            .build();
    try {
      cluster.waitActive();
      assertEquals(
          NamespaceFiles.entries(ns), EmbeddedHdfs.tree(cluster.getFileSystem(), "/mimesis"));
    } finally {
      cluster.shutdown();
    }
  }

  @Test
  void theOfflineImageViewerReadsIt() throws Exception {
    String fsimage = image.resolve("current/fsimage_0000000000000000000").toString();
    Path xml = tmp.resolve("image.xml");
    assertEquals(
        0,
        OfflineImageViewerPB.run(new String[] {"-p", "XML", "-i", fsimage, "-o", xml.toString()}));
    String text = Files.readString(xml);
    assertTrue(text.contains("<name>mimesis</name>"));
    Path tsv = tmp.resolve("image.tsv");
    assertEquals(
        0,
        OfflineImageViewerPB.run(
            new String[] {"-p", "Delimited", "-i", fsimage, "-o", tsv.toString()}));
    List<String> lines = Files.readAllLines(tsv);
    // a header, then the root, /mimesis and every generated entry
    assertEquals(1 + 1 + (DIRS + 1) + FILES, lines.size());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("/mimesis/d0\t")));
  }

  @Test
  void writesStraightFromStatistics() throws Exception {
    Path nn = tmp.resolve("nn2");
    assertEquals(
        0,
        run(
            "namespace",
            "image",
            "--stats",
            YahooStats.profile().toString(),
            "--dirs",
            "50",
            "--files",
            "300",
            "--seed",
            "3",
            "--base",
            "/bench/ns",
            "--out",
            nn.toString()));
    Path tsv = tmp.resolve("image.tsv");
    assertEquals(
        0,
        OfflineImageViewerPB.run(
            new String[] {
              "-p",
              "Delimited",
              "-i",
              nn.resolve("current/fsimage_0000000000000000000").toString(),
              "-o",
              tsv.toString()
            }));
    List<String> lines = Files.readAllLines(tsv);
    assertEquals(1 + 2 + 51 + 300, lines.size());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("/bench/ns/d0\t")));
  }

  @Test
  void aMissingNamespaceIsBadInputAndWritesNothing() {
    Path nn = tmp.resolve("nn");
    assertEquals(
        2,
        run(
            "namespace",
            "image",
            "--namespace",
            tmp.resolve("nope").toString(),
            "--out",
            nn.toString()));
    assertOneLine("namespace.avro: no such file");
    assertFalse(Files.exists(nn));
  }

  @Test
  void anOutputThatIsNotEmptyIsBadInputAndLeftAlone() throws IOException {
    Path nn = Files.createDirectories(tmp.resolve("nn"));
    Files.writeString(nn.resolve("mine"), "x");
    assertEquals(
        2, run("namespace", "image", "--namespace", ns.toString(), "--out", nn.toString()));
    assertOneLine("exists and is not empty");
    try (var left = Files.list(nn)) {
      assertEquals(List.of(nn.resolve("mine")), left.toList());
    }
    try (var beside = Files.list(tmp)) {
      assertEquals(List.of(nn), beside.toList());
    }
  }

  @Test
  void theRootAsBaseIsBadInput() {
    assertEquals(
        2,
        run(
            "namespace",
            "image",
            "--namespace",
            ns.toString(),
            "--base",
            "/",
            "--out",
            tmp.resolve("nn").toString()));
    assertOneLine("refusing the file system's root");
    assertFalse(Files.exists(tmp.resolve("nn")));
  }

  private void assertOneLine(String expected) {
    String e = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, e.lines().count(), e);
    assertTrue(e.contains(expected), e);
  }
}
