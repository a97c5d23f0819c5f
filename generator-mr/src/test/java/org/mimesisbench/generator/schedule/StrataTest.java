package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrataTest {
  /** modeler-py's strata_step gives the same steps (test_synthesis.py holds the same list). */
  @Test
  void eachCountHasTheStepOfItsOwnPrimesRoot() {
    double[] steps = new double[6];
    long prime = 3;
    for (int s = 0; s < steps.length; s++) {
      steps[s] = Strata.step(prime);
      prime = Strata.nextPrime(prime);
    }
    assertArrayEquals(
        new double[] {0.732051, 0.645751, 0.316625, 0.605551, 0.123106, 0.358899}, steps, 1e-6);
  }

  /** 65 calls over 178 files: every seed within three of the mean, where a binomial spreads 6.4. */
  @Test
  void aCountOverATypesFilesComesWithinThreeOfItsMeanInEverySeed() {
    double perFile = 65.0 / 178;
    double deleteShare = 0.3;
    for (long seed = 0; seed < 200; seed++) {
      Strata strata = new Strata(seed, 3);
      int calls = 0;
      int deleted = 0;
      for (long id = 0; id < 178; id++) {
        calls += strata.entry(id).round(perFile, Strata.CALLS + 1);
        deleted += strata.of(id, Strata.DELETE) < deleteShare ? 1 : 0;
      }
      assertEquals(65, calls, 3, "calls, seed " + seed);
      assertEquals(178 * deleteShare, deleted, 3, "deletes, seed " + seed);
    }
  }

  /** Over seeds a file's uniform is uniform, and the counts are not tied to one another. */
  @Test
  void aFilesUniformIsUniformOverSeedsAndTheCountsAreNotTied() {
    int seeds = 4000;
    double sum = 0;
    int both = 0;
    for (long seed = 0; seed < seeds; seed++) {
      Strata.Entry file = new Strata(seed, 1).entry(17);
      double u = file.u(Strata.DELETE);
      sum += u;
      if (u < 0.5 && file.u(Strata.CALLS) < 0.5) {
        both++;
      }
    }
    assertEquals(0.5, sum / seeds, 0.02);
    assertEquals(0.25, both / (double) seeds, 0.03);
    // over one seed's files too: deleted and called files overlap as independent draws would
    Strata strata = new Strata(7, 1);
    int overlap = 0;
    for (long id = 0; id < 10_000; id++) {
      if (strata.of(id, Strata.DELETE) < 0.3 && strata.of(id, Strata.CALLS) < 0.4) {
        overlap++;
      }
    }
    assertTrue(Math.abs(overlap / 10_000.0 - 0.12) < 0.01, "overlap " + overlap);
  }
}
