package org.mimesisbench.generator.issue;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.generator.schedule.Event;

/**
 * The binding between the schedule and the file system under test: issues one event as the
 * matching Hadoop {@link FileSystem} call. Paths of events are relative to the namespace root.
 * A call that fails, or returns false where success means true, throws.
 */
public final class NamespaceClient {
  private final FileSystem fs;
  private final String root; // the namespace root, qualified, without a trailing '/'

  public NamespaceClient(FileSystem fs, Path root) {
    this.fs = fs;
    String r = root.toString();
    this.root = r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
  }

  public void issue(Event e) throws IOException {
    Path p = new Path(root + e.path());
    switch (e.op()) {
      case CREATE -> fs.create(p, false).close();
      case OPEN -> fs.open(p).close();
      case LIST_STATUS -> fs.listStatus(p);
      case GET_FILE_INFO -> fs.getFileStatus(p);
      case DELETE -> check(fs.delete(p, false), e);
      case MKDIRS -> check(fs.mkdirs(p), e);
      case RENAME -> check(fs.rename(p, new Path(root + e.target())), e);
      default -> throw new IllegalArgumentException("no call for " + e.op());
    }
  }

  private static void check(boolean ok, Event e) throws IOException {
    if (!ok) {
      throw new IOException(e.op().label() + " " + e.path() + " returned false");
    }
  }
}
