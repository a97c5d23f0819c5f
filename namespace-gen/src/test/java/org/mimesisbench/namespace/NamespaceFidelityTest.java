package org.mimesisbench.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GenerationRecord;
import org.mimesisbench.namespace.generate.NamespaceGenerator;
import org.mimesisbench.namespace.generate.NamespaceVisitor;
import org.mimesisbench.namespace.output.NamespaceReport;
import org.mimesisbench.namespace.stats.NamespaceStats;
import org.mimesisbench.namespace.stats.StatsSource;

/** The fidelity bar: each preserved distribution within KS 0.02 of the Yahoo statistics. */
class NamespaceFidelityTest {
  private static final double BAR = 0.02;

  @Test
  void yahooAt100kDirectoriesKeepsEveryDistribution() throws IOException {
    NamespaceStats stats = StatsSource.read(YahooStats.properties());
    long files = Math.round(100_000 * (double) YahooStats.FILES / YahooStats.DIRECTORIES);
    NamespaceReport r = generateAndReport(stats, 100_000, files, 7);
    assertEquals(100_000L, r.generated.get("directories"));
    assertEquals(files, r.generated.get("files"));
    assertWithinBar(r.ks);
  }

  @Test
  @Tag("slow")
  void yahooAtFullSizeKeepsEveryDistribution() throws IOException {
    NamespaceStats stats = StatsSource.read(YahooStats.properties());
    NamespaceReport r = generateAndReport(stats, YahooStats.DIRECTORIES, YahooStats.FILES, 1);
    assertEquals(YahooStats.FILES, r.generated.get("files"));
    assertWithinBar(r.ks);
  }

  @Test
  void profileTypesGetTheirWeightsAndDepths() throws IOException {
    NamespaceStats stats = StatsSource.read(YahooStats.profile());
    assertEquals(30, stats.fileTypes().size());
    NamespaceReport r = generateAndReport(stats, 20_000, 100_000, 3);
    for (NamespaceReport.TypeReport t : r.fileTypes) {
      assertEquals(t.weight, t.share, 1e-4, "type " + t.index);
      // a type of a few files cannot follow 19 depths closely: whole files per depth
      assertTrue(t.files < 5_000 || t.depthKs < BAR, "type " + t.index + " depth KS " + t.depthKs);
    }
    assertWithinBar(r.ks);
  }

  @Test
  void theSameSeedGivesTheSameTreeAndAnotherSeedAnother() throws IOException {
    NamespaceStats stats = StatsSource.read(YahooStats.properties());
    long a = fingerprint(NamespaceGenerator.generate(stats, 5_000, 30_000, 11));
    assertEquals(a, fingerprint(NamespaceGenerator.generate(stats, 5_000, 30_000, 11)));
    assertNotEquals(a, fingerprint(NamespaceGenerator.generate(stats, 5_000, 30_000, 12)));
  }

  @Test
  void everyEntryIsUniqueAndUnderItsParent() throws IOException {
    NamespaceStats stats = StatsSource.read(YahooStats.properties());
    GeneratedNamespace ns = NamespaceGenerator.generate(stats, 3_000, 20_000, 5);
    Set<String> dirs = new HashSet<>();
    Set<String> all = new HashSet<>();
    ns.walk(
        new NamespaceVisitor() {
          @Override
          public void directory(byte[] path, int length, int depth) {
            String p = new String(path, 0, length);
            check(p, depth);
            dirs.add(p);
          }

          @Override
          public void file(byte[] path, int length, int depth, int type) {
            check(new String(path, 0, length), depth);
          }

          private void check(String p, int depth) {
            assertTrue(all.add(p), "twice: " + p);
            assertEquals(depth, p.equals("/") ? 0 : p.split("/").length - 1, p);
            if (depth > 0) {
              String parent = p.substring(0, p.lastIndexOf('/'));
              assertTrue(dirs.contains(parent.isEmpty() ? "/" : parent), "no parent for " + p);
            }
          }
        });
    assertEquals(1 + 3_000 + 20_000, all.size());
    int someDir = ns.firstChild(ns.firstChild(0)) + 1;
    assertTrue(dirs.contains(ns.path(someDir)));
    assertEquals(ns.directoriesAt(1), ns.subdirectories(0));
  }

  static NamespaceReport generateAndReport(NamespaceStats stats, long dirs, long files, long seed) {
    GenerationRecord record = new GenerationRecord();
    GeneratedNamespace ns = NamespaceGenerator.generate(stats, dirs, files, seed, record);
    return NamespaceReport.of(stats, ns, dirs, files, seed, record);
  }

  private static void assertWithinBar(Map<String, Double> ks) {
    assertEquals(
        Set.of("dirs_at_depth", "subdirs_per_dir", "files_at_depth", "files_per_dir"), ks.keySet());
    ks.forEach((name, d) -> assertTrue(d != null && d <= BAR, name + " KS " + d));
  }

  private static long fingerprint(GeneratedNamespace ns) throws IOException {
    long[] h = {17};
    ns.walk(
        new NamespaceVisitor() {
          @Override
          public void directory(byte[] path, int length, int depth) {
            mix(path, length, depth);
          }

          @Override
          public void file(byte[] path, int length, int depth, int type) {
            mix(path, length, type);
          }

          private void mix(byte[] path, int length, int extra) {
            for (int i = 0; i < length; i++) {
              h[0] = h[0] * 31 + path[i];
            }
            h[0] = h[0] * 31 + extra;
          }
        });
    return h[0];
  }
}
