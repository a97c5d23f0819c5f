package org.mimesisbench.namespace.materialize;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** How a materializer makes one file of the namespace: empty, or with the data a caller writes. */
@FunctionalInterface
public interface FileMaker {
  /** Every file zero-length: {@code create(path, false)} and close. */
  FileMaker EMPTY = (fs, p, entry, type) -> fs.create(p, false).close();

  /**
   * Creates {@code p}, the namespace's file {@code entry} (its path from the namespace's root) of
   * file type {@code type}, failing if it exists; closes it.
   */
  void make(FileSystem fs, Path p, String entry, int type) throws IOException;
}
