package org.mimesisbench.audit.fsimage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.trace.NamespaceEntry;

class FsImageReaderTest {
  private static final Path SAMPLES = Traces.shared().resolve("data/public-audit-samples");

  static List<NamespaceEntry> read(Path file, ZoneId zone) throws Exception {
    List<NamespaceEntry> entries = new ArrayList<>();
    FsImageReader.forFile(file, zone).read(file, e -> entries.add(NamespaceEntry.newBuilder(e).build()));
    return entries;
  }

  static Map<String, NamespaceEntry> byPath(List<NamespaceEntry> entries) {
    Map<String, NamespaceEntry> m = new TreeMap<>();
    entries.forEach(e -> m.put(e.getPath(), e));
    return m;
  }

  @Test
  void hadoop27XmlWithInodeChildrenAndSymbolicPermissions() throws Exception {
    List<NamespaceEntry> entries = read(SAMPLES.resolve("linkedin-dynamometer__fsimage_0000000000000061740.xml"), ZoneId.of("UTC"));
    assertEquals(216, entries.size());
    assertEquals(100, entries.stream().filter(e -> !e.getIsDir()).count());
    NamespaceEntry root = byPath(entries).get("/");
    assertTrue(root.getIsDir());
    assertEquals(0, root.getDepth());
    NamespaceEntry file = entries.stream().filter(e -> !e.getIsDir()).findFirst().orElseThrow();
    assertTrue(file.getReplication() > 0);
    assertEquals(file.getPath().split("/").length - 1, file.getDepth());
    assertTrue(file.getPermission().matches("[rwx-]{9}"), file.getPermission());
  }

  @Test
  void hadoop33XmlWithChildElementsAndOctalPermissions() throws Exception {
    List<NamespaceEntry> entries = read(SAMPLES.resolve("lowkeysp-lowkeysp.github.io__fsimage_342-hadoop-3.3.1.xml"), ZoneId.of("UTC"));
    assertEquals(56, entries.size());
    for (NamespaceEntry e : entries) {
      assertTrue(e.getPermission().matches("[rwxtT-]{9}"), e.getPath() + " " + e.getPermission());
      assertTrue(e.getPath().startsWith("/"));
    }
    assertTrue(entries.stream().anyMatch(e -> e.getPermission().endsWith("t")), "sticky /tmp");
  }

  @Test
  void tinyHadoop272Image() throws Exception {
    List<NamespaceEntry> entries = read(SAMPLES.resolve("GitHuHao-hadoop__fsimage09-hadoop-2.7.2.xml"), ZoneId.of("UTC"));
    assertEquals(7, entries.size());
    assertTrue(entries.stream().allMatch(NamespaceEntry::getIsDir));
  }

  @Test
  void delimitedWithHeaderReadsLocalMinutes() throws Exception {
    Map<String, NamespaceEntry> m = byPath(read(SAMPLES.resolve("apache-hadoop__HdfsImageViewer-doc-Delimited.tsv"), ZoneId.of("Asia/Shanghai")));
    assertEquals(5, m.size());
    assertTrue(m.get("/dir0").getIsDir());
    NamespaceEntry f = m.get("/dir0/file1");
    assertEquals(1, f.getSize());
    assertEquals(1, f.getReplication());
    assertEquals("rw-r--r--", f.getPermission());
    assertEquals(1486953540000L, f.getMtime()); // 2017-02-13 10:39 at UTC+8
    assertEquals(0, m.get("/dir0").getAtime());
  }

  @Test
  void commaDelimited() throws Exception {
    List<NamespaceEntry> entries = read(SAMPLES.resolve("unidentified-repo__blog-hdfs-small-files-fsimage-Delimited-comma.csv"), ZoneId.of("UTC"));
    assertEquals(9, entries.size());
    assertEquals(438472, byPath(entries).get("/user/hive/warehouse/test.db/table1/partitionday=20200914/partitionhour=16/000151_0.lzo").getSize());
  }

  @Test
  void hadoop27DelimitedWithoutHeaderOrTypePrefix() throws Exception {
    Path tsv = dir.resolve("old.tsv");
    Files.writeString(tsv, "/\t0\t2017-02-13 10:39\t1970-01-01 00:00\t0\t0\t0\t9223372036854775807\t-1\trwxr-xr-x\thdfs\tsupergroup\n"
        + "/f\t3\t2017-02-13 10:39\t2017-02-13 10:40\t134217728\t1\t42\t0\t0\trw-r--r--\thdfs\tsupergroup\n");
    Map<String, NamespaceEntry> m = byPath(read(tsv, ZoneId.of("UTC")));
    assertTrue(m.get("/").getIsDir());
    assertEquals(42, m.get("/f").getSize());
    assertEquals(1, m.get("/f").getDepth());
  }

  @TempDir Path dir;

  @Test
  void badImagesAreOneLineErrors() throws Exception {
    Path xml = dir.resolve("broken.xml");
    Files.writeString(xml, "<?xml version=\"1.0\"?>\n<fsimage><INodeSection><inode><id>1</id>");
    assertTrue(assertThrows(BadInputException.class, () -> read(xml, ZoneId.of("UTC"))).getMessage().contains("not well-formed XML"));
    Path empty = Files.createFile(dir.resolve("empty"));
    assertTrue(assertThrows(BadInputException.class, () -> read(empty, ZoneId.of("UTC"))).getMessage().contains("empty file"));
    Path fake = dir.resolve("fsimage_1");
    Files.writeString(fake, "HDFSIMG1 but truncated");
    assertThrows(BadInputException.class, () -> read(fake, ZoneId.of("UTC")));
  }

  @Test
  void binaryFsImageEqualsItsXmlAndDelimitedViews() throws Exception {
    Path data = Traces.repo().resolve("tests/sample-trace/data/fsimage");
    Path binary;
    try (var files = Files.list(data)) {
      binary = files.filter(p -> p.getFileName().toString().matches("fsimage_\\d+")).findFirst().orElseThrow();
    }
    Map<String, NamespaceEntry> fromBinary = byPath(read(binary, ZoneId.of("UTC")));
    Map<String, NamespaceEntry> fromXml = byPath(read(data.resolve("fsimage-start.xml"), ZoneId.of("UTC")));
    Map<String, NamespaceEntry> fromTsv = byPath(read(data.resolve("fsimage-start.tsv"), ZoneId.of("UTC")));
    assertTrue(fromBinary.size() > 50, "a real namespace");
    assertEquals(fromXml, fromBinary);
    assertEquals(fromTsv.keySet(), fromBinary.keySet());
    for (NamespaceEntry e : fromBinary.values()) {
      NamespaceEntry t = fromTsv.get(e.getPath());
      assertEquals(e.getIsDir(), t.getIsDir(), e.getPath());
      assertEquals(e.getSize(), t.getSize(), e.getPath());
      assertEquals(e.getPermission(), t.getPermission(), e.getPath());
      assertEquals(e.getMtime() / 60_000, t.getMtime() / 60_000, "Delimited has minutes: " + e.getPath());
    }
  }
}
