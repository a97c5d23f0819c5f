package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PopularityQuantilesTest {

  /** Kolmogorov-Smirnov distance of {@code q} from the uniform distribution on [0, 1). */
  private static double ksFromUniform(double[] q) {
    double[] s = q.clone();
    Arrays.sort(s);
    double d = 0;
    for (int i = 0; i < s.length; i++) {
      d = Math.max(d, Math.max((i + 1.0) / s.length - s[i], s[i] - (double) i / s.length));
    }
    return d;
  }

  private static double[] quantiles(PopularityQuantiles p, long from, int n) {
    double[] q = new double[n];
    for (int i = 0; i < n; i++) {
      q[i] = p.of(from + i);
      assertTrue(q[i] >= 0 && q[i] < 1, "quantile " + q[i]);
    }
    return q;
  }

  @Test
  void theTypesFilesTakeOneStratumEach() {
    for (long n : new long[] {1, 2, 10, 16, 113, 400, 10_000}) {
      for (long seed : new long[] {1, 42}) {
        double[] q = quantiles(new PopularityQuantiles(seed, n), 0, (int) n);
        Arrays.sort(q);
        for (int k = 0; k < n; k++) {
          assertEquals((k + 0.5) / n, q[k], 1e-12, "n " + n + ", stratum " + k);
        }
      }
    }
  }

  @Test
  void theStridesAreModelerPysToo() { // test_synthesis.py expects the same: one order in both
    assertEquals(
        java.util.List.of(1L, 1L, 11L, 70L, 247L),
        java.util.stream.LongStream.of(1, 2, 16, 113, 400)
            .map(PopularityQuantiles::stride)
            .boxed()
            .toList());
  }

  @Test
  void anyStretchOfFilesSpreadsEvenlyOverTheDistribution() {
    PopularityQuantiles p = new PopularityQuantiles(42, 1_000_000);
    for (int n : new int[] {10, 100, 400, 10_000}) {
      // within the strata, and past them (the Kronecker sequence)
      for (long from : new long[] {0, 12_345, 3_000_000_000L}) {
        // independent draws: about 1.36 / sqrt(n) at the 95th percentile (0.068 for n = 400)
        double bound = 2.0 * Math.log(n) / n + 1e-9;
        assertTrue(ksFromUniform(quantiles(p, from, n)) <= bound, n + " files from number " + from);
      }
    }
  }

  @Test
  void eachFilesQuantileIsUniformOverSeeds() {
    int seeds = 20_000;
    double[] q = new double[seeds];
    for (int s = 0; s < seeds; s++) {
      q[s] = new PopularityQuantiles(s, 1000).of(7);
    }
    assertTrue(ksFromUniform(q) < 0.015, "file 7's quantile over seeds");
    assertEquals(
        new PopularityQuantiles(3, 1000).of(7),
        new PopularityQuantiles(3, 1000).of(7),
        "the same seed, the same quantile");
  }
}
