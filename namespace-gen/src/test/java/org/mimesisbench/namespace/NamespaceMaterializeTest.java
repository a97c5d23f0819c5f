package org.mimesisbench.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.OpenFilesIterator.OpenFilesType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GeneratedNamespaceReader;
import org.mimesisbench.namespace.materialize.BasePath;
import org.mimesisbench.namespace.materialize.MaterializeCounts;
import org.mimesisbench.namespace.materialize.OpenFileCloser;

/** namespace materialize into a real in-process HDFS: exact contents, crash and rerun, refusals. */
class NamespaceMaterializeTest {
  @TempDir static Path tmp;
  static EmbeddedHdfs hdfs;
  static Path small; // 2,000 directories, 9,000 files

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeAll
  static void start() {
    hdfs = new EmbeddedHdfs(tmp.resolve("hdfs").toFile());
    small = generate("small", 2000, 9000, 4);
  }

  @AfterAll
  static void stop() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  static Path generate(String name, long dirs, long files, long seed) {
    Path dir = tmp.resolve(name);
    int rc =
        new MimesisBench(new PrintStream(new ByteArrayOutputStream()), System.err)
            .execute(
                new org.apache.hadoop.conf.Configuration(),
                new String[] {
                  "namespace",
                  "generate",
                  "--stats",
                  YahooStats.properties().toString(),
                  "--dirs",
                  "" + dirs,
                  "--files",
                  "" + files,
                  "--seed",
                  "" + seed,
                  "--out",
                  dir.toString(),
                  "--quiet"
                });
    assertEquals(0, rc);
    return dir;
  }

  private int run(String... args) {
    return new MimesisBench(new PrintStream(out, true), new PrintStream(err, true))
        .execute(hdfs.conf, args);
  }

  @Test
  void smallNamespaceIsCreatedExactlyAsInNamespaceAvro() throws IOException {
    assertEquals(
        0,
        run(
            "namespace",
            "materialize",
            "--namespace",
            small.toString(),
            "--base",
            hdfs.uri("/small"),
            "--threads",
            "4"),
        err.toString());
    assertEquals(NamespaceFiles.entries(small), hdfs.tree("/small"));
    assertTrue(
        out.toString()
            .contains(
                "directories 2,001 created, 0 already present; files 9,000 created, 0 already present"),
        out.toString());
    // nothing outside the base: the root holds only the base (and nothing the cluster made itself)
    assertFalse(hdfs.fs().exists(new org.apache.hadoop.fs.Path("/d0")));

    out.reset();
    assertEquals(
        0,
        run("namespace", "materialize", "--namespace", small.toString(), "--base", "/small"),
        err.toString());
    assertTrue(
        out.toString()
            .contains(
                "directories 0 created, 2,001 already present; files 0 created, 9,000 already present"),
        out.toString());
  }

  @Test
  void generatingOnTheFlyGivesTheSameTreeAsTheWrittenNamespace() throws IOException {
    assertEquals(
        0,
        run(
            "namespace",
            "materialize",
            "--stats",
            YahooStats.properties().toString(),
            "--dirs",
            "2000",
            "--files",
            "9000",
            "--seed",
            "4",
            "--base",
            "/fly",
            "--quiet"),
        err.toString());
    assertEquals(NamespaceFiles.entries(small), hdfs.tree("/fly"));
    assertEquals("", out.toString());
  }

  @Test
  void aRerunAfterACrashFinishesWithoutDuplicatesOrLosses() throws Exception {
    Path ns = generate("crash", 3000, 12000, 7);
    GeneratedNamespace tree =
        GeneratedNamespaceReader.read(ns.resolve(NamespaceCommand.NAMESPACE_FILE));
    FileSystem dying =
        new CrashingFileSystem(FileSystem.newInstance(hdfs.conf), 5000); // abandoned, never closed
    BasePath base =
        BasePath.of("/crash", hdfs.fs().makeQualified(new org.apache.hadoop.fs.Path("/crash")));
    IOException crash =
        assertThrows(
            IOException.class,
            () -> MaterializeSubcommand.materialize(dying, base, tree, false, 4, null));
    assertTrue(crash.getMessage().contains("crash"), crash.getMessage());
    Set<String> partial = hdfs.tree("/crash");
    Set<String> expected = NamespaceFiles.entries(ns);
    assertTrue(
        partial.size() > 5000 && partial.size() < expected.size(), "partial: " + partial.size());
    assertTrue(expected.containsAll(partial));
    assertTrue(openFiles("/crash") >= 1, "the crash leaves the file it was creating open");

    try (FileSystem fresh = FileSystem.newInstance(hdfs.conf)) {
      MaterializeCounts c = MaterializeSubcommand.materialize(fresh, base, tree, true, 4, null);
      assertEquals(expected.size(), c.created() + c.present());
      assertEquals(partial.size(), c.present()); // each entry made once: before the crash or now
      assertTrue(OpenFileCloser.closeUnder(fresh, base.path()) >= 1);
    }
    assertEquals(expected, hdfs.tree("/crash"));
    assertEquals(0, openFiles("/crash"));
  }

  private static long openFiles(String under) throws IOException {
    long n = 0;
    var it = hdfs.fs().listOpenFiles(EnumSet.of(OpenFilesType.ALL_OPEN_FILES), under);
    while (it.hasNext()) {
      it.next();
      n++;
    }
    return n;
  }

  @Test
  void aDifferentEntryInTheWayIsAnErrorNamingIt() throws IOException {
    Path ns = generate("conflict", 200, 600, 1);
    FileSystem fs = hdfs.fs();
    GeneratedNamespace tree =
        GeneratedNamespaceReader.read(ns.resolve(NamespaceCommand.NAMESPACE_FILE));
    String file = fileOf(tree);
    try (FSDataOutputStream o = fs.create(new org.apache.hadoop.fs.Path("/conflict1" + file))) {
      o.write(1);
    }
    assertEquals(
        2, run("namespace", "materialize", "--namespace", ns.toString(), "--base", "/conflict1"));
    assertTrue(
        err.toString().contains("/conflict1" + file + " is a file of 1 bytes"), err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());

    err.reset();
    fs.mkdirs(new org.apache.hadoop.fs.Path("/conflict2" + file));
    assertEquals(
        2, run("namespace", "materialize", "--namespace", ns.toString(), "--base", "/conflict2"));
    assertTrue(err.toString().contains("/conflict2" + file + " is a directory"), err.toString());
  }

  private static String fileOf(GeneratedNamespace tree) {
    for (int d = 0; d <= tree.directories(); d++) {
      if (tree.filesIn(d) > 0) {
        return (d == 0 ? "" : tree.path(d))
            + "/"
            + GeneratedNamespace.fileName(0, tree.fileType(d, 0));
      }
    }
    throw new AssertionError("no files");
  }

  @Test
  void basesAtARootOrWithDotDotAreRefused() throws IOException {
    for (String base : new String[] {"/", hdfs.uri("/"), hdfs.uri(""), "/x/..", "/a/../b", "./x"}) {
      err.reset();
      assertEquals(
          2,
          run("namespace", "materialize", "--namespace", small.toString(), "--base", base),
          base);
      assertEquals(1, err.toString().strip().lines().count(), err.toString());
      assertTrue(err.toString().contains("--base"), err.toString());
    }
    Set<String> top = new HashSet<>();
    for (var st : hdfs.fs().listStatus(new org.apache.hadoop.fs.Path("/"))) {
      top.add(st.getPath().getName());
    }
    assertFalse(top.contains("d0") || top.contains("b") || top.contains("x"), top.toString());
  }

  @Test
  void entriesThatWouldLeaveTheBaseAreRefused() {
    BasePath base = BasePath.of("/b", new org.apache.hadoop.fs.Path("hdfs://nn:8020/b"));
    for (String entry :
        new String[] {"/..", "/d0/../../etc", "/d0/./f", "//x", "d0", "/d0/", "/a:b"}) {
      byte[] b = entry.getBytes(StandardCharsets.US_ASCII);
      assertThrows(
          org.mimesisbench.errors.BadInputException.class, () -> base.resolve(b, b.length), entry);
    }
    byte[] ok = "/d0/f1.t3".getBytes(StandardCharsets.US_ASCII);
    assertEquals("hdfs://nn:8020/b/d0/f1.t3", base.resolve(ok, ok.length).toString());
  }

  @Test
  void aMissingOrForeignNamespaceIsBadInput() {
    assertEquals(
        2,
        run(
            "namespace",
            "materialize",
            "--namespace",
            tmp.resolve("none").toString(),
            "--base",
            "/m"));
    assertEquals(2, run("namespace", "materialize", "--base", "/m"));
    File sample =
        Path.of(System.getProperty("user.dir")).resolve("../tests/sample-trace/trace").toFile();
    err.reset();
    assertEquals(
        2, run("namespace", "materialize", "--namespace", sample.toString(), "--base", "/m"));
    assertTrue(
        err.toString().contains("not in the order or naming of a generated namespace"),
        err.toString());
  }
}
