package org.mimesisbench.generator.noop;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A file system whose every call returns at once and changes nothing ({@code noop:///}): the target
 * that measures the generator alone, with no file system behind its calls. Creates return a stream
 * that discards, opens an empty stream; every path is a zero-length file (the root a directory),
 * and mkdirs, rename and delete succeed. Found by its scheme through the FileSystem service file,
 * or named with {@code fs.noop.impl}.
 */
public final class NoopFileSystem extends FileSystem {
  public static final String SCHEME = "noop";
  private static final URI ROOT = URI.create(SCHEME + ":///");
  private static final long BLOCK_SIZE = 128L << 20; // HDFS's default, for a plausible status

  private Path workingDirectory = new Path("/");

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    setConf(conf);
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return ROOT;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) {
    return new FSDataInputStream(new EmptyInputStream());
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
    return new FSDataOutputStream(OutputStream.nullOutputStream(), null);
  }

  @Override
  public FSDataOutputStream append(Path f, int bufferSize, Progressable progress)
      throws IOException {
    return new FSDataOutputStream(OutputStream.nullOutputStream(), null);
  }

  @Override
  public boolean rename(Path src, Path dst) {
    return true;
  }

  @Override
  public boolean delete(Path f, boolean recursive) {
    return true;
  }

  /** Listing a file gives the file itself, as HDFS does. */
  @Override
  public FileStatus[] listStatus(Path f) {
    return new FileStatus[] {getFileStatus(f)};
  }

  @Override
  public void setWorkingDirectory(Path dir) {
    workingDirectory = makeQualified(dir);
  }

  @Override
  public Path getWorkingDirectory() {
    return workingDirectory;
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) {
    return true;
  }

  @Override
  public FileStatus getFileStatus(Path f) {
    boolean root = f.isRoot();
    return new FileStatus(0, root, 1, BLOCK_SIZE, 0, f);
  }

  /** A file of no bytes: reads end at once. */
  private static final class EmptyInputStream extends FSInputStream {
    @Override
    public void seek(long pos) throws IOException {
      if (pos != 0) {
        throw new java.io.EOFException("seek to " + pos + " in an empty file");
      }
    }

    @Override
    public long getPos() {
      return 0;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public int read() {
      return -1;
    }
  }
}
