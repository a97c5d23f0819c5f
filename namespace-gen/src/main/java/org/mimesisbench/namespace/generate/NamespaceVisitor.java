package org.mimesisbench.namespace.generate;

import java.io.IOException;

/**
 * Receives a generated namespace entry by entry, parents before children. The path is ASCII in a
 * buffer reused for the next entry: copy it to keep it.
 */
public interface NamespaceVisitor {
  /** A directory; the root is "/" at depth 0. */
  void directory(byte[] path, int length, int depth) throws IOException;

  /** A file of file type {@code type} (its index in the statistics' file types). */
  void file(byte[] path, int length, int depth, int type) throws IOException;
}
