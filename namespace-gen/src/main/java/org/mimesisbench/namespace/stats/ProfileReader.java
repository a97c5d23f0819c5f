package org.mimesisbench.namespace.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.NamespaceStatistics;
import org.mimesisbench.profile.Profile;

/**
 * The namespace statistics and file types of a profile ({@code profile-dir/profile.avro}).
 * Per-directory counts kept as bin means are rounded to whole numbers; a type whose depth
 * distribution is empty places its files by the namespace's files at depth.
 */
public final class ProfileReader {
  public static final String PROFILE_FILE = "profile.avro";
  static final int FORMAT_VERSION = 1;

  private ProfileReader() {}

  public static NamespaceStats read(Path profileDir) throws IOException {
    Path file = profileDir.resolve(PROFILE_FILE);
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(profileDir + ": no " + PROFILE_FILE + " (a profile directory or a mimesis.properties file is expected)");
    }
    Profile profile;
    try (DataFileReader<Profile> r = new DataFileReader<>(file.toFile(), new SpecificDatumReader<>(Profile.class))) {
      if (!r.hasNext()) {
        throw new BadInputException(file + ": no profile record");
      }
      profile = r.next();
    } catch (IOException | RuntimeException e) {
      if (e instanceof BadInputException b) {
        throw b;
      }
      throw new BadInputException(file + ": not a readable profile (" + e.getMessage() + ")", e);
    }
    if (profile.getFormatVersion() > FORMAT_VERSION) {
      throw new BadInputException(file + ": formatVersion " + profile.getFormatVersion() + " is newer than " + FORMAT_VERSION);
    }
    NamespaceStatistics ns = profile.getNamespace();
    if (ns == null) {
      throw new BadInputException(file + ": namespace is null (the trace had no fsimage): no statistics to generate from");
    }
    String at = file + ": namespace.";
    DiscreteDistribution filesAtDepth = distribution(at + "filesAtDepth", ns.getFilesAtDepth(), false);
    List<FileTypeShare> types = new ArrayList<>();
    double[] weights = new double[profile.getFileTypes().size()];
    double[] indexes = new double[weights.length];
    for (FileType t : profile.getFileTypes()) {
      DiscreteDistribution depth = t.getDepth().getCount() == 0 || t.getDepth().getValues().isEmpty()
          ? filesAtDepth
          : distribution(file + ": fileTypes[" + t.getIndex() + "].depth", t.getDepth(), false);
      weights[types.size()] = t.getWeight();
      indexes[types.size()] = types.size();
      types.add(new FileTypeShare(t.getIndex(), t.getWeight(), depth));
    }
    if (types.isEmpty()) {
      types.add(new FileTypeShare(0, 1.0, filesAtDepth));
    } else {
      // checks the weights (non-negative, summing to 1) and normalizes them
      DiscreteDistribution w = Tables.distribution(file + ": fileTypes[].weight", indexes, weights, 0, false);
      for (int i = 0; i < types.size(); i++) {
        FileTypeShare t = types.get(i);
        types.set(i, new FileTypeShare(t.index(), w.probabilityOf(i), t.depth()));
      }
    }
    return new NamespaceStats(file.toString(), ns.getDirectories(), ns.getFiles(),
        distribution(at + "dirsAtDepth", ns.getDirsAtDepth(), false),
        distribution(at + "subdirsPerDir", ns.getSubdirsPerDir(), true),
        filesAtDepth,
        distribution(at + "filesPerDir", ns.getFilesPerDir(), true),
        types);
  }

  /** A CDF as values and point probabilities. */
  private static DiscreteDistribution distribution(String where, Distribution d, boolean roundValues) {
    List<Double> values = d.getValues();
    List<Double> cumulative = d.getCumulative();
    if (values.size() != cumulative.size()) {
      throw new BadInputException(where + ": " + values.size() + " values but " + cumulative.size() + " cumulative");
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
