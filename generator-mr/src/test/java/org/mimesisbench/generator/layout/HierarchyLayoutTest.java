package org.mimesisbench.generator.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.namespace.stats.NamespaceStats;
import org.mimesisbench.namespace.stats.ProfileStatistics;
import org.mimesisbench.profile.Distribution;

class HierarchyLayoutTest {

  private static int depth(String dir) {
    return dir.equals("/") ? 0 : dir.split("/").length - 1;
  }

  /**
   * The vector profile comes from the bundled sample, whose jobs made directories deeper than its
   * fsimage's: new files still go as deep as their type's depths say.
   */
  @Test
  void newFilesGoAsDeepAsTheirTypeSaysEvenBelowTheHierarchy() throws Exception {
    WorkloadModel m =
        WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    NamespaceStats stats = ProfileStatistics.of(GeneratorVectors.profile(), "vector");
    HierarchyLayout layout = HierarchyLayout.of(m, stats, 60, 7);
    int hierarchyDepth = stats.dirsAtDepth().max();
    boolean belowHierarchy = false;
    for (FileTypeModel t : m.allTypes()) {
      Distribution want = GeneratorVectors.profile().getFileTypes().get(t.index()).getDepth();
      int deepest = (int) Math.round(want.getValues().get(want.getValues().size() - 1));
      SplittableRandom random = new SplittableRandom(t.index());
      int[] drawn = new int[deepest + 1];
      int draws = 4000;
      for (int i = 0; i < draws; i++) {
        String dir = layout.directoryFor(t, random);
        assertTrue(dir.startsWith("/"), dir);
        drawn[depth(dir) + 1]++;
      }
      double before = 0;
      for (int i = 0; i < want.getValues().size(); i++) {
        int d = (int) Math.round(want.getValues().get(i));
        double expected = want.getCumulative().get(i) - before;
        before = want.getCumulative().get(i);
        assertEquals(
            expected,
            drawn[d] / (double) draws,
            0.03,
            "type " + t.index() + ", files at depth " + d);
        belowHierarchy |= d > hierarchyDepth + 1 && drawn[d] > 0;
      }
    }
    assertTrue(belowHierarchy, "the sample has files below its fsimage's deepest directory");
  }

  /**
   * The hierarchy apportions the files, so a type may hold one more or fewer than the profile says:
   * the count the schedules number created files after is the hierarchy's own.
   */
  @Test
  void eachTypesCountIsTheFilesTheHierarchyHolds() throws Exception {
    WorkloadModel m =
        WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    HierarchyLayout layout =
        HierarchyLayout.of(m, ProfileStatistics.of(GeneratorVectors.profile(), "vector"), 60, 7);
    long all = 0;
    for (FileTypeModel t : m.allTypes()) {
      long held = layout.preExisting(t.index(), 0, 1).size();
      assertEquals(held, layout.preExistingCount(t.index()), "type " + t.index());
      assertEquals(t.preExisting(), held, 1.0, "about the profile's, type " + t.index());
      all += held;
    }
    assertTrue(all > 0);
  }
}
