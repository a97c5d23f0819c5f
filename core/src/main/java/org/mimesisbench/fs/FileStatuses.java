package org.mimesisbench.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Looking a path up in a Hadoop file system when its absence is an answer, not an error. */
public final class FileStatuses {
  private FileStatuses() {}

  /** The status of {@code p}, or null when nothing is there. */
  public static FileStatus orNull(FileSystem fs, Path p) throws IOException {
    try {
      return fs.getFileStatus(p);
    } catch (FileNotFoundException e) {
      return null;
    }
  }
}
