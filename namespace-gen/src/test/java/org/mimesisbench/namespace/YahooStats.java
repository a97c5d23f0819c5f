package org.mimesisbench.namespace;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The Yahoo namespace statistics (mimesis.properties of the Mimesis Namespace Generator), as a test
 * resource.
 */
final class YahooStats {
  static final long DIRECTORIES = 7_519_938;
  static final long FILES = 49_700_655;

  private YahooStats() {}

  static Path properties() {
    try {
      return Path.of(YahooStats.class.getResource("/yahoo-namespace/mimesis.properties").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The shipped profile of the same cluster, with its 30 file types. */
  static Path profile() {
    return Path.of(System.getProperty("user.dir")).resolve("../profiles/yahoo-2011").normalize();
  }
}
