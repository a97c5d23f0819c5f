package org.mimesisbench.namespace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.mimesisbench.trace.NamespaceEntry;

/** What a namespace.avro says should exist, in the form {@link EmbeddedHdfs#tree} lists. */
final class NamespaceFiles {
  private NamespaceFiles() {}

  static Set<String> entries(Path nsDir) throws IOException {
    Set<String> entries = new HashSet<>();
    try (DataFileReader<NamespaceEntry> r =
        new DataFileReader<>(
            nsDir.resolve(NamespaceCommand.NAMESPACE_FILE).toFile(),
            new SpecificDatumReader<>(NamespaceEntry.class))) {
      for (NamespaceEntry e : r) {
        entries.add((e.getIsDir() ? "D " : "F ") + e.getPath());
      }
    }
    return entries;
  }
}
