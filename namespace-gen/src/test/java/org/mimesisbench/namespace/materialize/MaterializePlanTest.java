package org.mimesisbench.namespace.materialize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.NamespaceGenerator;
import org.mimesisbench.namespace.generate.NamespaceVisitor;
import org.mimesisbench.namespace.stats.StatsSource;

/** The plan covers every entry exactly once, top directories parents first, shares balanced. */
class MaterializePlanTest {
  static GeneratedNamespace yahoo(long dirs, long files) throws IOException {
    Path props =
        Path.of(
            System.getProperty("user.dir"),
            "src/test/resources/yahoo-namespace/mimesis.properties");
    return NamespaceGenerator.generate(StatsSource.read(props), dirs, files, 3);
  }

  @Test
  void everyEntryIsInExactlyOneUnitOrTheTop() throws IOException {
    GeneratedNamespace ns = yahoo(20_000, 90_000);
    for (int shares : new int[] {1, 4, 64}) {
      MaterializePlan plan = MaterializePlan.of(ns, shares);
      List<String> covered = new ArrayList<>();
      for (int d : plan.top()) {
        covered.add("D " + ns.path(d));
      }
      for (int i = 0; i < plan.shareCount(); i++) {
        for (MaterializePlan.Unit u : plan.share(i)) {
          if (u.subtree()) {
            ns.walk(u.dir(), collect(covered));
          } else {
            for (int f = 0; f < ns.filesIn(u.dir()); f++) {
              covered.add(
                  "F "
                      + (u.dir() == 0 ? "" : ns.path(u.dir()))
                      + "/"
                      + GeneratedNamespace.fileName(f, ns.fileType(u.dir(), f)));
            }
          }
        }
      }
      List<String> all = new ArrayList<>();
      ns.walk(collect(all));
      assertEquals(all.size(), covered.size(), "no entry twice");
      assertEquals(new HashSet<>(all), new HashSet<>(covered), "every entry once");
      assertEquals(all.size(), plan.entries());
    }
  }

  @Test
  void topIsParentsFirstAndSharesAreBalanced() throws IOException {
    GeneratedNamespace ns = yahoo(20_000, 90_000);
    MaterializePlan plan = MaterializePlan.of(ns, 16);
    int[] top = plan.top();
    Set<Integer> made = new HashSet<>();
    for (int d : top) {
      assertTrue(d == 0 || made.contains(ns.parent(d)), "parent of " + d + " first");
      made.add(d);
    }
    for (int i = 0; i < plan.shareCount(); i++) {
      for (MaterializePlan.Unit u : plan.share(i)) {
        assertTrue(
            u.dir() == 0 && !made.contains(0)
                || made.contains(u.subtree() ? ns.parent(u.dir()) : u.dir()));
      }
    }
    long max = 0;
    for (int i = 0; i < plan.shareCount(); i++) {
      max = Math.max(max, plan.share(i).stream().mapToLong(MaterializePlan.Unit::entries).sum());
    }
    assertTrue(max <= 1.3 * plan.entries() / 16, "largest share " + max + " of " + plan.entries());
  }

  @Test
  void theSamePlanForTheSameNamespace() throws IOException {
    MaterializePlan a = MaterializePlan.of(yahoo(5_000, 20_000), 8);
    MaterializePlan b = MaterializePlan.of(yahoo(5_000, 20_000), 8);
    assertArrayEquals(a.top(), b.top());
    for (int i = 0; i < 8; i++) {
      assertEquals(a.share(i), b.share(i));
    }
  }

  static NamespaceVisitor collect(List<String> into) {
    return new NamespaceVisitor() {
      @Override
      public void directory(byte[] path, int length, int depth) {
        into.add("D " + new String(path, 0, length, StandardCharsets.US_ASCII));
      }

      @Override
      public void file(byte[] path, int length, int depth, int type) {
        into.add("F " + new String(path, 0, length, StandardCharsets.US_ASCII));
      }
    };
  }
}
