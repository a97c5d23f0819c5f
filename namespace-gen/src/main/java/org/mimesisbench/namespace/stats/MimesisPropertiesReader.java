package org.mimesisbench.namespace.stats;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.mimesisbench.errors.BadInputException;

/**
 * The Mimesis Namespace Generator's statistics file (mimesis.properties): each table a line of keys
 * and a line of weights, e.g. {@code SUBDIRS_AT_DEPTH_KEYS} / {@code SUBDIRS_AT_DEPTH_WEIGHTS}. It
 * has no file types, so all files are one type placed by {@code FILES_AT_DEPTH}.
 */
public final class MimesisPropertiesReader {
  private MimesisPropertiesReader() {}

  public static NamespaceStats read(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      p.load(r);
    }
    String name = file.getFileName().toString();
    DiscreteDistribution dirsAtDepth = table(p, name, "SUBDIRS_AT_DEPTH");
    DiscreteDistribution subdirsPerDir = table(p, name, "SUBDIRS_PER_DIR");
    DiscreteDistribution filesAtDepth = table(p, name, "FILES_AT_DEPTH");
    DiscreteDistribution filesPerDir = table(p, name, "FILES_PER_DIRECTORY");
    long dirs = count(p, name, "DIRS_IN_NAMESPACE");
    long files = count(p, name, "FILES_IN_NAMESPACE");
    return new NamespaceStats(
        file.toString(),
        dirs,
        files,
        dirsAtDepth,
        subdirsPerDir,
        filesAtDepth,
        filesPerDir,
        List.of(new FileTypeShare(0, 1.0, filesAtDepth)));
  }

  private static DiscreteDistribution table(Properties p, String file, String key) {
    double[] keys = numbers(p, file, key + "_KEYS");
    double[] weights = numbers(p, file, key + "_WEIGHTS");
    return Tables.distribution(file + ": " + key, keys, weights, 1, false);
  }

  private static double[] numbers(Properties p, String file, String key) {
    String line = p.getProperty(key);
    if (line == null || line.isBlank()) {
      throw new BadInputException(file + ": " + key + " is missing");
    }
    String[] parts = line.trim().split("\\s*,\\s*");
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        out[i] = Double.parseDouble(parts[i]);
      } catch (NumberFormatException e) {
        throw new BadInputException(file + ": " + key + ": '" + parts[i] + "' is not a number");
      }
    }
    return out;
  }

  private static long count(Properties p, String file, String key) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new BadInputException(file + ": " + key + " is missing");
    }
    try {
      long n = Long.parseLong(v.trim());
      if (n < 0) {
        throw new BadInputException(file + ": " + key + " = " + n + " is negative");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new BadInputException(
          file + ": " + key + " = '" + v.trim() + "' is not a whole number");
    }
  }
}
