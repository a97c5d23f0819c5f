package org.mimesisbench.namespace;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A real file system that "crashes" after a number of creates: the create that reaches the limit
 * goes through to the NameNode and then fails, leaving its file open, as a client dying between
 * create and close would; every later call fails too.
 */
final class CrashingFileSystem extends FilterFileSystem {
  private final AtomicInteger creates = new AtomicInteger();
  private final int limit;
  private volatile boolean crashed;

  CrashingFileSystem(FileSystem real, int limit) {
    super(real);
    this.limit = limit;
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    alive();
    FSDataOutputStream out =
        super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    if (creates.incrementAndGet() >= limit) {
      crashed = true;
      throw new IOException("crash after create of " + f);
    }
    return out;
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    alive();
    return super.mkdirs(f, permission);
  }

  private void alive() throws IOException {
    if (crashed) {
      throw new IOException("crashed");
    }
  }
}
