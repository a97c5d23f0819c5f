package org.mimesisbench.namespace.materialize;

import java.io.IOException;
import java.util.EnumSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.OpenFileEntry;
import org.apache.hadoop.hdfs.protocol.OpenFilesIterator.OpenFilesType;
import org.apache.hadoop.security.AccessControlException;

/**
 * Closes files a crashed run left open under the base (created, never closed): on HDFS they stay
 * under construction, holding a lease, until the NameNode's hard limit. A rerun recovers their
 * leases at once. Listing open files needs the HDFS superuser; without it they are left to the
 * NameNode, which is harmless for the benchmark (they exist, are empty, can be opened and deleted).
 */
public final class OpenFileCloser {
  private OpenFileCloser() {}

  /**
   * Files closed; 0 on a file system other than HDFS; -1 if HDFS would not say which are open (not
   * the superuser).
   */
  public static long closeUnder(FileSystem fs, Path base) throws IOException {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      return 0;
    }
    String prefix = base.toUri().getPath();
    long closed = 0;
    try {
      RemoteIterator<OpenFileEntry> open =
          dfs.listOpenFiles(EnumSet.of(OpenFilesType.ALL_OPEN_FILES), prefix);
      while (open.hasNext()) {
        String p = open.next().getFilePath();
        if (p.startsWith(
            prefix + "/")) { // the NameNode filters by prefix; a sibling like /base2 must not match
          dfs.recoverLease(new Path(p));
          closed++;
        }
      }
    } catch (AccessControlException e) {
      return -1;
    }
    return closed;
  }
}
