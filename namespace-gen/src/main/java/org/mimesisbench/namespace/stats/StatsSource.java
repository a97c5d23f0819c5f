package org.mimesisbench.namespace.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mimesisbench.errors.BadInputException;

/** Reads statistics from either source: a profile directory or a mimesis.properties file. */
public final class StatsSource {
  private StatsSource() {}

  public static NamespaceStats read(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      return ProfileStatistics.read(path);
    }
    if (Files.isRegularFile(path)) {
      return MimesisPropertiesReader.read(path);
    }
    throw new BadInputException(path + ": no such profile directory or statistics file");
  }
}
