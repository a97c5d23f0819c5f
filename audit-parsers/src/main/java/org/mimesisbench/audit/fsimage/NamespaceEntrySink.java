package org.mimesisbench.audit.fsimage;

import java.io.IOException;
import org.mimesisbench.trace.NamespaceEntry;

/** Receives the inodes of a namespace snapshot; the entry may be reused after the call. */
public interface NamespaceEntrySink {
  void accept(NamespaceEntry entry) throws IOException;
}
