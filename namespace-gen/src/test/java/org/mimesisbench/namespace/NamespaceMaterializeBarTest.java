package org.mimesisbench.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;

/**
 * The test's bar, scaled for CI: the Yahoo statistics' shape materialized into an embedded HDFS;
 * every entry present afterwards, nothing outside the base; the rate printed ("BAR materialize" in
 * the test's output). By default 20,000 directories and 100,000 files (about a minute on 2 cores);
 * the bar's own size (about 4 minutes) is a benchmark run, see BENCHMARKS.md: {@code mvn -pl
 * namespace-gen test -Dtest=NamespaceMaterializeBarTest -Dmaterialize.dirs=100000
 * -Dmaterialize.files=500000}.
 */
@Tag("slow")
class NamespaceMaterializeBarTest {
  static final long DIRS = Long.getLong("materialize.dirs", 20_000);
  static final long FILES = Long.getLong("materialize.files", 100_000);
  static final String THREADS = System.getProperty("materialize.threads", "16");
  @TempDir static Path tmp;
  static EmbeddedHdfs hdfs;

  @BeforeAll
  static void start() {
    hdfs = new EmbeddedHdfs(tmp.resolve("hdfs").toFile());
  }

  @AfterAll
  static void stop() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void yahooShapeAtTheBarsSizeIsCreatedWhole() throws Exception {
    Path ns = tmp.resolve("ns");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    MimesisBench cli = new MimesisBench(new PrintStream(out, true), System.err);
    assertEquals(
        0,
        cli.execute(
            hdfs.conf,
            new String[] {
              "namespace",
              "generate",
              "--stats",
              YahooStats.properties().toString(),
              "--dirs",
              "" + DIRS,
              "--files",
              "" + FILES,
              "--seed",
              "1",
              "--out",
              ns.toString(),
              "--quiet"
            }));
    Set<String> rootBefore = rootNames();

    long start = System.nanoTime();
    assertEquals(
        0,
        cli.execute(
            hdfs.conf,
            new String[] {
              "namespace",
              "materialize",
              "--namespace",
              ns.toString(),
              "--base",
              "/bench",
              "--threads",
              THREADS
            }));
    double seconds = (System.nanoTime() - start) / 1e9;
    long entries = 1 + DIRS + FILES;
    System.out.print(out);
    System.out.printf(
        "BAR materialize: %,d entries in %.1f s = %,.0f entries/s (%s threads, embedded HDFS, 1 DataNode)%n",
        entries, seconds, entries / seconds, THREADS);

    Set<String> expected = NamespaceFiles.entries(ns);
    Set<String> actual = hdfs.tree("/bench");
    assertEquals(entries, expected.size());
    assertEquals(
        expected, actual); // every entry, each a zero-length file or a directory, nothing more
    Set<String> rootAfter = rootNames();
    rootAfter.remove("bench");
    assertEquals(rootBefore, rootAfter); // nothing outside the base
    assertTrue(out.toString().contains(String.format("files %,d created", FILES)), out.toString());
  }

  private static Set<String> rootNames() throws java.io.IOException {
    Set<String> names = new java.util.HashSet<>();
    for (FileStatus st : hdfs.fs().listStatus(new org.apache.hadoop.fs.Path("/"))) {
      names.add(st.getPath().getName());
    }
    return names;
  }
}
