package org.mimesisbench.namespace.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.IndexedRecord;
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
  static final int FORMAT_VERSION = 3;

  private ProfileReader() {}

  public static NamespaceStats read(Path profileDir) throws IOException {
    return statistics(readProfile(profileDir), profileDir.resolve(PROFILE_FILE).toString());
  }

  /** The profile record of {@code profileDir/profile.avro}, checked to be readable and of a known version. */
  public static Profile readProfile(Path profileDir) throws IOException {
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
    if (profile.getFormatVersion() < 1) {
      throw new BadInputException(file + ": formatVersion " + profile.getFormatVersion() + " is unknown (1 to "
          + FORMAT_VERSION + ")");
    }
    for (Schema.Field field : profile.getSchema().getFields()) {
      if (!field.name().equals("fit")) { // how the types were found: read by no generator
        refuseNonFinite(profile.get(field.pos()), field.name(), file);
      }
    }
    return profile;
  }

  /**
   * Refuses a NaN or infinite number anywhere in {@code value} (a record, list or map of the
   * profile), naming where it is, e.g. {@code fileTypes[2].accessInterarrival.values[5]}: a
   * generator sampling it would schedule nonsense, or nothing, without a word.
   */
  static void refuseNonFinite(Object value, String where, Path file) {
    if (value instanceof Double d && !Double.isFinite(d) || value instanceof Float f && !Float.isFinite(f)) {
      throw new BadInputException(file + ": " + where + " is " + value + ", not a finite number");
    }
    if (value instanceof IndexedRecord r) {
      for (Schema.Field field : r.getSchema().getFields()) {
        refuseNonFinite(r.get(field.pos()), where + "." + field.name(), file);
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        refuseNonFinite(list.get(i), where + "[" + i + "]", file);
      }
    } else if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> refuseNonFinite(v, where + "[" + k + "]", file));
    }
  }

  /** The namespace statistics of {@code profile}, read from {@code file} (for messages). */
  public static NamespaceStats statistics(Profile profile, String file) {
    NamespaceStatistics ns = profile.getNamespace();
    if (ns == null) {
      throw new BadInputException(file + ": namespace is null (the trace had no fsimage): no statistics to generate from");
    }
    String at = file + ": namespace.";
    DiscreteDistribution filesAtDepth = distribution(at + "filesAtDepth", ns.getFilesAtDepth(), false);
    DiscreteDistribution dirsAtDepth = distribution(at + "dirsAtDepth", ns.getDirsAtDepth(), false);
    int deepest = dirsAtDepth.size() == 0 ? 1 : dirsAtDepth.max() + 1;
    List<FileTypeShare> types = new ArrayList<>();
    double[] weights = new double[profile.getFileTypes().size()];
    double[] indexes = new double[weights.length];
    for (FileType t : profile.getFileTypes()) {
      DiscreteDistribution depth = t.getDepth().getCount() == 0 || t.getDepth().getValues().isEmpty()
          ? filesAtDepth
          : foldBelow(distribution(file + ": fileTypes[" + t.getIndex() + "].depth", t.getDepth(), false), deepest);
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
        dirsAtDepth,
        distribution(at + "subdirsPerDir", ns.getSubdirsPerDir(), true),
        filesAtDepth,
        distribution(at + "filesPerDir", ns.getFilesPerDir(), true),
        types);
  }

  /**
   * {@code depth} with the files deeper than {@code deepest} counted at {@code deepest}: a type's
   * depths cover the files created in the window too, some in directories made after the snapshot
   * the namespace statistics describe, and the generated hierarchy only reaches that snapshot's depth.
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
