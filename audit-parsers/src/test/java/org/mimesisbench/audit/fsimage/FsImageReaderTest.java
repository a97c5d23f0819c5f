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
import java.util.TimeZone;
import java.util.TreeMap;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Every form of namespace snapshot: the binary fsimage and Hadoop's own XML and Delimited views of
 * it (tests/sample-trace, made by real Hadoop), the 2.7 XML layout and a comma-delimited view in
 * another zone (src/test/resources/fsimage, and Hadoop's viewer run here); the public samples
 * beside the repository where they are present.
 */
class FsImageReaderTest {
  private static final Path FIXTURES =
      Traces.repo().resolve("audit-parsers/src/test/resources/fsimage");
  private static final Path SAMPLE_TRACE = Traces.repo().resolve("tests/sample-trace/data/fsimage");

  static List<NamespaceEntry> read(Path file, ZoneId zone) throws Exception {
    List<NamespaceEntry> entries = new ArrayList<>();
    FsImageReader.forFile(file, zone)
        .read(file, e -> entries.add(NamespaceEntry.newBuilder(e).build()));
    return entries;
  }

  static Map<String, NamespaceEntry> byPath(List<NamespaceEntry> entries) {
    Map<String, NamespaceEntry> m = new TreeMap<>();
    entries.forEach(e -> m.put(e.getPath(), e));
    return m;
  }

  @Test
  void hadoop27XmlWithInodeChildrenAndSymbolicPermissions() throws Exception {
    List<NamespaceEntry> entries =
        read(
            Traces.publicSamples().resolve("linkedin-dynamometer__fsimage_0000000000000061740.xml"),
            ZoneId.of("UTC"));
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
    List<NamespaceEntry> entries =
        read(
            Traces.publicSamples()
                .resolve("lowkeysp-lowkeysp.github.io__fsimage_342-hadoop-3.3.1.xml"),
            ZoneId.of("UTC"));
    assertEquals(56, entries.size());
    for (NamespaceEntry e : entries) {
      assertTrue(e.getPermission().matches("[rwxtT-]{9}"), e.getPath() + " " + e.getPermission());
      assertTrue(e.getPath().startsWith("/"));
    }
    assertTrue(entries.stream().anyMatch(e -> e.getPermission().endsWith("t")), "sticky /tmp");
  }

  @Test
  void tinyHadoop272Image() throws Exception {
    List<NamespaceEntry> entries =
        read(
            Traces.publicSamples().resolve("GitHuHao-hadoop__fsimage09-hadoop-2.7.2.xml"),
            ZoneId.of("UTC"));
    assertEquals(7, entries.size());
    assertTrue(entries.stream().allMatch(NamespaceEntry::getIsDir));
  }

  @Test
  void delimitedWithHeaderReadsLocalMinutes() throws Exception {
    Map<String, NamespaceEntry> m =
        byPath(
            read(
                Traces.publicSamples().resolve("apache-hadoop__HdfsImageViewer-doc-Delimited.tsv"),
                ZoneId.of("Asia/Shanghai")));
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
    List<NamespaceEntry> entries =
        read(
            Traces.publicSamples()
                .resolve("unidentified-repo__blog-hdfs-small-files-fsimage-Delimited-comma.csv"),
            ZoneId.of("UTC"));
    assertEquals(9, entries.size());
    assertEquals(
        438472,
        byPath(entries)
            .get(
                "/user/hive/warehouse/test.db/table1/partitionday=20200914/partitionhour=16/000151_0.lzo")
            .getSize());
  }

  @Test
  void hadoop27DelimitedWithoutHeaderOrTypePrefix() throws Exception {
    Path tsv = dir.resolve("old.tsv");
    Files.writeString(
        tsv,
        "/\t0\t2017-02-13 10:39\t1970-01-01 00:00\t0\t0\t0\t9223372036854775807\t-1\trwxr-xr-x\thdfs\tsupergroup\n"
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
    assertTrue(
        assertThrows(BadInputException.class, () -> read(xml, ZoneId.of("UTC")))
            .getMessage()
            .contains("not well-formed XML"));
    Path empty = Files.createFile(dir.resolve("empty"));
    assertTrue(
        assertThrows(BadInputException.class, () -> read(empty, ZoneId.of("UTC")))
            .getMessage()
            .contains("empty file"));
    Path fake = dir.resolve("fsimage_1");
    Files.writeString(fake, "HDFSIMG1 but truncated");
    assertThrows(BadInputException.class, () -> read(fake, ZoneId.of("UTC")));
  }

  /** The binary start image of the bundled sample trace. */
  private static Path startImage() throws Exception {
    try (var files = Files.list(SAMPLE_TRACE)) {
      return files
          .filter(p -> p.getFileName().toString().matches("fsimage_\\d+"))
          .findFirst()
          .orElseThrow();
    }
  }

  @Test
  void binaryFsImageEqualsItsXmlAndDelimitedViews() throws Exception {
    Map<String, NamespaceEntry> fromBinary = byPath(read(startImage(), ZoneId.of("UTC")));
    Map<String, NamespaceEntry> fromXml =
        byPath(read(SAMPLE_TRACE.resolve("fsimage-start.xml"), ZoneId.of("UTC")));
    Map<String, NamespaceEntry> fromTsv =
        byPath(read(SAMPLE_TRACE.resolve("fsimage-start.tsv"), ZoneId.of("UTC")));
    assertTrue(fromBinary.size() > 50, "a real namespace");
    assertEquals(
        "rwxrwxrwt", fromBinary.get("/tmp").getPermission(), "sticky bit, octal 1777 in the XML");
    assertEquals(fromXml, fromBinary);
    assertEquals(fromTsv.keySet(), fromBinary.keySet());
    for (NamespaceEntry e : fromBinary.values()) {
      NamespaceEntry t = fromTsv.get(e.getPath());
      assertEquals(e.getIsDir(), t.getIsDir(), e.getPath());
      assertEquals(e.getSize(), t.getSize(), e.getPath());
      assertEquals(e.getPermission(), t.getPermission(), e.getPath());
      assertEquals(
          e.getMtime() / 60_000, t.getMtime() / 60_000, "Delimited has minutes: " + e.getPath());
    }
  }

  @Test
  void commaDelimitedWrittenInAnotherZoneByHadoopsViewer() throws Exception {
    Path csv = dir.resolve("fsimage.csv");
    ZoneId shanghai = ZoneId.of("Asia/Shanghai");
    TimeZone jvmZone = TimeZone.getDefault();
    TimeZone.setDefault(
        TimeZone.getTimeZone(shanghai)); // the viewer writes minutes in the JVM's zone
    try {
      assertEquals(
          0,
          OfflineImageViewerPB.run(
              new String[] {
                "-p",
                "Delimited",
                "-delimiter",
                ",",
                "-i",
                startImage().toString(),
                "-o",
                csv.toString()
              }));
    } finally {
      TimeZone.setDefault(jvmZone);
    }
    assertTrue(Files.readAllLines(csv).get(0).startsWith("Path,Replication,ModificationTime,"));
    Map<String, NamespaceEntry> fromBinary = byPath(read(startImage(), ZoneId.of("UTC")));
    Map<String, NamespaceEntry> fromCsv = byPath(read(csv, shanghai));
    Map<String, NamespaceEntry> misread = byPath(read(csv, ZoneId.of("UTC")));
    assertEquals(fromBinary.keySet(), fromCsv.keySet());
    for (NamespaceEntry e : fromBinary.values()) {
      NamespaceEntry c = fromCsv.get(e.getPath());
      assertEquals(e.getIsDir(), c.getIsDir(), e.getPath());
      assertEquals(e.getSize(), c.getSize(), e.getPath());
      assertEquals(e.getReplication(), c.getReplication(), e.getPath());
      assertEquals(
          e.getOwner() + ":" + e.getGroup() + ":" + e.getPermission(),
          c.getOwner() + ":" + c.getGroup() + ":" + c.getPermission(),
          e.getPath());
      assertEquals(
          e.getMtime() / 60_000,
          c.getMtime() / 60_000,
          "local minutes read in their zone: " + e.getPath());
      assertEquals(
          8 * 3_600_000L, misread.get(e.getPath()).getMtime() - c.getMtime(), "UTC+8 read as UTC");
    }
  }

  @Test
  void hadoop27LayoutXml() throws Exception {
    // inode children, symbolic modes, the misspelt <perferredBlockSize>, no <version>
    List<NamespaceEntry> entries =
        read(FIXTURES.resolve("hadoop-2.7-layout.xml"), ZoneId.of("UTC"));
    assertEquals(
        List.of(
            "/",
            "/data",
            "/tmp",
            "/user",
            "/data/logs",
            "/user/ana",
            "/data/logs/day1.log",
            "/user/ana/empty",
            "/user/ana/notes.txt"),
        entries.stream().map(NamespaceEntry::getPath).toList(),
        "breadth first, children in the image's order");
    Map<String, NamespaceEntry> m = byPath(entries);
    assertEquals("rwxrwxrwt", m.get("/tmp").getPermission());
    NamespaceEntry notes = m.get("/user/ana/notes.txt");
    assertEquals(134_218_728L, notes.getSize(), "two blocks");
    assertEquals(3, notes.getReplication());
    assertEquals(3, notes.getDepth());
    assertEquals(1450000004000L, notes.getMtime());
    assertEquals(1450000005000L, notes.getAtime());
    assertEquals("ana", notes.getOwner());
    assertEquals("staff", notes.getGroup());
    assertEquals("rw-r-----", notes.getPermission());
    assertEquals(0, m.get("/user/ana/empty").getSize(), "no blocks");
    NamespaceEntry ana = m.get("/user/ana");
    assertTrue(ana.getIsDir());
    assertEquals(0, ana.getAtime());
    assertEquals("rwx------", ana.getPermission());
  }

  @Test
  void xattrsAreNotTheInodesFields() throws Exception {
    // Hadoop 3's XML writes an inode's xattrs inside it, each with its own <name>
    Path xml = dir.resolve("xattrs.xml");
    Files.writeString(
        xml,
        """
        <?xml version="1.0"?>
        <fsimage><version><layoutVersion>-66</layoutVersion><onDiskVersion>1</onDiskVersion></version>
        <INodeSection><lastInodeId>16387</lastInodeId><numInodes>3</numInodes>
        <inode><id>16385</id><type>DIRECTORY</type><name></name><mtime>1600000000000</mtime>\
        <permission>hdfs:supergroup:0755</permission><nsquota>9223372036854775807</nsquota><dsquota>-1</dsquota></inode>
        <inode><id>16386</id><type>DIRECTORY</type><name>jobs</name><mtime>1600000001000</mtime>\
        <permission>yarn:hadoop:0700</permission><xattrs><xattr><ns>SYSTEM</ns><name>hdfs.erasurecoding.policy</name>\
        <val>\\0000;\\0000;\\0000;\\000b;replication</val></xattr></xattrs><nsquota>-1</nsquota><dsquota>-1</dsquota></inode>
        <inode><id>16387</id><type>FILE</type><name>report.csv</name><replication>2</replication>\
        <mtime>1600000002000</mtime><atime>1600000003000</atime><preferredBlockSize>134217728</preferredBlockSize>\
        <permission>yarn:hadoop:0640</permission><xattrs><xattr><ns>USER</ns><name>origin</name><val>etl</val></xattr>\
        </xattrs><blocks><block><id>1073741825</id><genstamp>1001</genstamp><numBytes>77</numBytes></block></blocks>\
        <storagePolicyId>0</storagePolicyId></inode>
        </INodeSection>
        <INodeDirectorySection><directory><parent>16385</parent><child>16386</child></directory>
        <directory><parent>16386</parent><child>16387</child></directory></INodeDirectorySection>
        </fsimage>
        """);
    Map<String, NamespaceEntry> m = byPath(read(xml, ZoneId.of("UTC")));
    assertEquals(List.of("/", "/jobs", "/jobs/report.csv"), List.copyOf(m.keySet()));
    assertEquals(77, m.get("/jobs/report.csv").getSize());
    assertEquals("rw-r-----", m.get("/jobs/report.csv").getPermission());
    assertEquals("rwx------", m.get("/jobs").getPermission());
  }
}
