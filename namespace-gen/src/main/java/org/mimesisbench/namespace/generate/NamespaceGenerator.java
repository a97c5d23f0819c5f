package org.mimesisbench.namespace.generate;

import java.util.List;
import java.util.SplittableRandom;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.namespace.stats.FileTypeShare;
import org.mimesisbench.namespace.stats.NamespaceStats;

/**
 * Generates a namespace with given statistics: the library entry point.
 *
 * <pre>{@code
 * NamespaceStats stats = StatsSource.read(Path.of("profile/"));
 * GeneratedNamespace ns = NamespaceGenerator.generate(stats, 100_000, 660_000, 42);
 * ns.walk(visitor);   // or ns.walk(dir, visitor) for one subtree, ns.path(dir), ns.filesIn(dir)
 * }</pre>
 *
 * <p>How: directories per depth are the target count split in the depth distribution's proportions
 * (every depth down to the deepest keeps at least one); each depth's directories are shared out as
 * fan-outs among the directories one level up ({@link DepthPacker}), and likewise each depth's
 * files among the directories that hold them. Files get types per depth in proportion to the types'
 * weights and depth distributions ({@link FileTypeAssigner}), shuffled within the depth. The same
 * statistics, targets and seed give the same namespace.
 */
public final class NamespaceGenerator {
  private NamespaceGenerator() {}

  public static GeneratedNamespace generate(
      NamespaceStats stats, long directories, long files, long seed) {
    return generate(stats, directories, files, seed, null);
  }

  /** As above, recording how it went in {@code record} (may be null). */
  public static GeneratedNamespace generate(
      NamespaceStats stats, long directories, long files, long seed, GenerationRecord record) {
    int maxDepth = stats.maxDepth();
    if (directories < 0 || files < 0) {
      throw new BadInputException(
          "negative target: " + directories + " directories, " + files + " files");
    }
    if (directories < maxDepth) {
      throw new BadInputException(
          stats.source()
              + ": "
              + directories
              + " directories cannot reach depth "
              + maxDepth
              + " (at least one directory per depth is needed)");
    }
    if (directories > Integer.MAX_VALUE - 8 || files > Integer.MAX_VALUE - 8) {
      throw new BadInputException(
          "targets above " + (Integer.MAX_VALUE - 8) + " directories or files are not supported");
    }
    SplittableRandom root = new SplittableRandom(seed);
    SplittableRandom dirRandom = root.split();
    SplittableRandom fileRandom = root.split();
    SplittableRandom typeRandom = root.split();

    long[] dirsAt = dirsPerDepth(stats, directories); // index = depth, [0] = the root
    int[] depthStart = new int[maxDepth + 2];
    for (int d = 0; d <= maxDepth; d++) {
      depthStart[d + 1] = depthStart[d] + (int) dirsAt[d];
    }
    int n = depthStart[maxDepth + 1]; // with the root

    // subdirectories: the directories at depth d + 1 shared among those at depth d
    long[] childTotals = new long[maxDepth + 1];
    for (int d = 0; d < maxDepth; d++) {
      childTotals[d] = dirsAt[d + 1];
    }
    DepthPacker fanOuts = new DepthPacker(stats.subdirsPerDir(), dirRandom);
    int[][] fanOut = fanOuts.pack(childTotals, dirsAt);
    int[] childStart = new int[n + 1];
    scatter(fanOut, depthStart, childStart, dirRandom);
    childStart[0] = 1;
    for (int i = 0; i < n; i++) {
      childStart[i + 1] += childStart[i];
    }

    // files: those at depth e sit in directories at depth e - 1
    int fileDepths = maxDepth + 2;
    double[] depthShare = new double[fileDepths];
    for (int e = 1; e < fileDepths; e++) {
      depthShare[e] = stats.filesAtDepth().probabilityOf(e);
    }
    long[] filesAtDepth = Apportion.largestRemainder(files, depthShare);
    long[] fileTotals = new long[maxDepth + 1]; // by the holding directory's depth
    for (int e = 1; e < fileDepths; e++) {
      fileTotals[e - 1] = filesAtDepth[e];
    }
    DepthPacker perDir = new DepthPacker(stats.filesPerDir(), fileRandom);
    int[][] filesPerDir = perDir.pack(fileTotals, dirsAt);
    int[] fileCount = new int[n + 1];
    scatter(filesPerDir, depthStart, fileCount, fileRandom);
    long[] fileStart = new long[n + 1];
    for (int i = 0; i < n; i++) {
      fileStart[i + 1] = fileStart[i] + fileCount[i + 1];
    }
    fileCount = null; // the largest temporary; fileStart holds the same

    List<FileTypeShare> types = stats.fileTypes();
    long[][] typeAtDepth = FileTypeAssigner.assign(types, filesAtDepth);
    byte[] fileType = new byte[(int) files];
    for (int e = 1; e < fileDepths; e++) {
      int from = (int) fileStart[depthStart[e - 1]];
      int at = from;
      for (int j = 0; j < types.size(); j++) {
        for (long c = 0; c < typeAtDepth[j][e]; c++) {
          fileType[at++] = (byte) j;
        }
      }
      shuffle(fileType, from, at, typeRandom);
    }
    int[] typeIndex = types.stream().mapToInt(FileTypeShare::index).toArray();
    if (record != null) {
      record.filesAtDepth = filesAtDepth;
      record.typeAtDepth = typeAtDepth;
      record.fanOutsOutsidePool = fanOuts.outsidePool();
      record.filesPerDirOutsidePool = perDir.outsidePool();
    }
    return new GeneratedNamespace(depthStart, childStart, fileStart, fileType, typeIndex);
  }

  /** Directories per depth, the root first; every depth down to the deepest has at least one. */
  static long[] dirsPerDepth(NamespaceStats stats, long directories) {
    int maxDepth = stats.maxDepth();
    double[] share = new double[maxDepth + 1];
    for (int d = 1; d <= maxDepth; d++) {
      share[d] = stats.dirsAtDepth().probabilityOf(d);
    }
    long[] at = Apportion.largestRemainder(directories, share);
    for (int d = 1; d <= maxDepth; d++) {
      if (at[d]
          == 0) { // a path down to the deepest directories needs one here: take it from the fullest
        // depth
        int fullest = 1;
        for (int e = 2; e <= maxDepth; e++) {
          fullest = at[e] > at[fullest] ? e : fullest;
        }
        at[fullest]--;
        at[d] = 1;
      }
    }
    at[0] = 1;
    return at;
  }

  /**
   * Puts each depth's counts on a random subset of that depth's directories: {@code into[dir + 1] =
   * count} (offset by one, ready for a prefix sum).
   */
  private static void scatter(int[][] counts, int[] depthStart, int[] into, SplittableRandom rng) {
    for (int d = 0; d < counts.length; d++) {
      int[] c = counts[d];
      int slots = depthStart[d + 1] - depthStart[d];
      int need = c.length;
      int next = 0;
      // selection sampling: each directory is picked with probability needed / left
      for (int s = 0; s < slots && need > 0; s++) {
        if (rng.nextInt(slots - s) < need) {
          into[depthStart[d] + s + 1] = c[next++];
          need--;
        }
      }
    }
  }

  private static void shuffle(byte[] a, int from, int to, SplittableRandom rng) {
    for (int i = to - 1; i > from; i--) {
      int j = from + rng.nextInt(i - from + 1);
      byte t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
