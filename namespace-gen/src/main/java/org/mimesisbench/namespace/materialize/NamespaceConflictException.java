package org.mimesisbench.namespace.materialize;

import java.io.IOException;

/**
 * The file system holds something else where the namespace has an entry (a directory for a file, a
 * non-empty file).
 */
public final class NamespaceConflictException extends IOException {
  public NamespaceConflictException(String message) {
    super(message);
  }
}
