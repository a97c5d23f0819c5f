package org.mimesisbench.namespace.generate;

import java.util.List;
import org.mimesisbench.namespace.stats.FileTypeShare;

/**
 * How many files of each type sit at each depth: the table closest to "type j has weight w_j of the
 * files, spread over depths as its own depth distribution" whose depth totals are exactly the
 * namespace's files at each depth (iterative proportional fitting, then whole numbers per depth).
 */
final class FileTypeAssigner {
  private static final int ROUNDS = 200;

  private FileTypeAssigner() {}

  /**
   * @param filesAtDepth files at each file depth (index = depth)
   * @return files[type][depth], each depth's column summing to filesAtDepth[depth]
   */
  static long[][] assign(List<FileTypeShare> types, long[] filesAtDepth) {
    int k = types.size();
    int depths = filesAtDepth.length;
    long total = 0;
    for (long f : filesAtDepth) {
      total += f;
    }
    double[][] t = new double[k][depths];
    for (int j = 0; j < k; j++) {
      FileTypeShare type = types.get(j);
      for (int e = 0; e < depths; e++) {
        // a small floor lets a depth no type names still take files, by the weights
        t[j][e] = type.weight() * (type.depth().probabilityOf(e) + 1e-9);
      }
    }
    for (int round = 0; round < ROUNDS; round++) {
      for (int e = 0; e < depths; e++) {
        double col = 0;
        for (int j = 0; j < k; j++) {
          col += t[j][e];
        }
        for (int j = 0; j < k && col > 0; j++) {
          t[j][e] *= filesAtDepth[e] / col;
        }
      }
      for (int j = 0; j < k; j++) {
        double row = 0;
        for (int e = 0; e < depths; e++) {
          row += t[j][e];
        }
        double want = types.get(j).weight() * total;
        for (int e = 0; e < depths && row > 0; e++) {
          t[j][e] *= want / row;
        }
      }
    }
    long[][] files = new long[k][depths];
    for (int e = 0; e < depths; e++) {
      double[] column = new double[k];
      for (int j = 0; j < k; j++) {
        column[j] = t[j][e];
      }
      long[] whole = Apportion.largestRemainder(filesAtDepth[e], column);
      for (int j = 0; j < k; j++) {
        files[j][e] = whole[j];
      }
    }
    return files;
  }
}
