package org.mimesisbench.namespace.stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.NamespaceStatistics;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;

/**
 * The namespace statistics and file types of a profile. Per-directory counts kept as bin means are
 * rounded to whole numbers; a type whose depth distribution is empty places its files by the
 * namespace's files at depth.
 */
public final class ProfileStatistics {
  private ProfileStatistics() {}

  /**
   * The namespace statistics of the profile in {@code profileDir}, read through core's {@link
   * ProfileReader}.
   */
  public static NamespaceStats read(Path profileDir) throws IOException {
    return of(ProfileReader.read(profileDir), ProfileReader.file(profileDir).toString());
  }

  /** The namespace statistics of {@code profile}, read from {@code file} (for messages). */
  public static NamespaceStats of(Profile profile, String file) {
    NamespaceStatistics ns = profile.getNamespace();
    if (ns == null) {
      throw new BadInputException(
          file + ": namespace is null (the trace had no fsimage): no statistics to generate from");
    }
    String at = file + ": namespace.";
    DiscreteDistribution filesAtDepth =
        distribution(at + "filesAtDepth", ns.getFilesAtDepth(), false);
    DiscreteDistribution dirsAtDepth = distribution(at + "dirsAtDepth", ns.getDirsAtDepth(), false);
    int deepest = dirsAtDepth.size() == 0 ? 1 : dirsAtDepth.max() + 1;
    List<FileTypeShare> types = new ArrayList<>();
    double[] weights = new double[profile.getFileTypes().size()];
    double[] indexes = new double[weights.length];
    for (FileType t : profile.getFileTypes()) {
      DiscreteDistribution depth =
          t.getDepth().getCount() == 0 || t.getDepth().getValues().isEmpty()
              ? filesAtDepth
              : foldBelow(
                  distribution(
                      file + ": fileTypes[" + t.getIndex() + "].depth", t.getDepth(), false),
                  deepest);
      weights[types.size()] = t.getWeight();
      indexes[types.size()] = types.size();
      types.add(new FileTypeShare(t.getIndex(), t.getWeight(), depth));
    }
    if (types.isEmpty()) {
      types.add(new FileTypeShare(0, 1.0, filesAtDepth));
    } else {
      // checks the weights (non-negative, summing to 1) and normalizes them
      DiscreteDistribution w =
          Tables.distribution(file + ": fileTypes[].weight", indexes, weights, 0, false);
      for (int i = 0; i < types.size(); i++) {
        FileTypeShare t = types.get(i);
        types.set(i, new FileTypeShare(t.index(), w.probabilityOf(i), t.depth()));
      }
    }
    return new NamespaceStats(
        file.toString(),
        ns.getDirectories(),
        ns.getFiles(),
        dirsAtDepth,
        distribution(at + "subdirsPerDir", ns.getSubdirsPerDir(), true),
        filesAtDepth,
        distribution(at + "filesPerDir", ns.getFilesPerDir(), true),
        types);
  }

  /**
   * {@code depth} with the files deeper than {@code deepest} counted at {@code deepest}: a type's
   * depths cover the files created in the window too, some in directories made after the snapshot
   * the namespace statistics describe, and the generated hierarchy only reaches that snapshot's
   * depth.
   */
  static DiscreteDistribution foldBelow(DiscreteDistribution depth, int deepest) {
    if (depth.size() == 0 || depth.max() <= deepest) {
      return depth;
    }
    int[] v = depth.values();
    double[] p = depth.probabilities();
    int kept = 0;
    while (kept < v.length && v[kept] < deepest) {
      kept++;
    }
    int[] values = java.util.Arrays.copyOf(v, kept + 1);
    double[] weights = java.util.Arrays.copyOf(p, kept + 1);
    values[kept] = deepest;
    weights[kept] = 1.0 - (kept == 0 ? 0 : depth.cdf(deepest - 1));
    return DiscreteDistribution.of(values, weights);
  }

  /** A CDF as values and point probabilities. */
  private static DiscreteDistribution distribution(
      String where, Distribution d, boolean roundValues) {
    List<Double> values = d.getValues();
    List<Double> cumulative = d.getCumulative();
    if (values.size() != cumulative.size()) {
      throw new BadInputException(
          where + ": " + values.size() + " values but " + cumulative.size() + " cumulative");
    }
    double[] v = new double[values.size()];
    double[] p = new double[values.size()];
    double before = 0;
    for (int i = 0; i < v.length; i++) {
      v[i] = values.get(i);
      double c = cumulative.get(i);
      if (c < before - 1e-12) {
        throw new BadInputException(where + ": cumulative decreases at value " + v[i]);
      }
      p[i] = Math.max(0, c - before);
      before = c;
    }
    return Tables.distribution(where, v, p, 1, roundValues);
  }
}
