package org.mimesisbench.generator.schedule;

import org.mimesisbench.profile.FileDataStream;
import org.mimesisbench.profile.FileSizeModel;

/**
 * One file's data as a run writes it: its size, block size and replication, and what each of its
 * appends adds, drawn from a stream of uniforms of its own (apart from its life's draws, which stay
 * as the reference generator makes them), so a file's bytes are a pure function of the run's seed
 * and the file: two runs with the same --seed write the same bytes ({@link FileDataStream}, which
 * the fsimages of --name-dir draw a pre-existing file's data from too).
 */
public final class FileWrites {
  /**
   * The replication a file gets when the profile's images showed none: HDFS's default
   * (dfs.replication).
   */
  public static final short DEFAULT_REPLICATION = 3;

  private final FileSizeModel sizes;
  private final long seed;

  private FileWrites(FileSizeModel sizes, long seed) {
    this.sizes = sizes;
    this.seed = seed;
  }

  /**
   * The writes of the file whose own seed is {@code fileSeed} (its life's), or null when its type's
   * files are empty.
   */
  public static FileWrites of(FileSizeModel sizes, long fileSeed) {
    return sizes.isZero() ? null : new FileWrites(sizes, fileSeed);
  }

  /**
   * The writes of a pre-existing file of type {@code type} at {@code path} (relative to the
   * namespace root), as phase 1 makes it: drawn from the run's seed and the file's path (phase 1
   * meets its files by path, in the layout's order, not by number).
   */
  public static FileWrites preExisting(FileSizeModel sizes, long runSeed, int type, String path) {
    return of(sizes, FileDataStream.preExistingSeed(runSeed, type, path));
  }

  /** A created file's whole data. */
  public Write created() {
    return write(sizes.createdBytes(uniform(FileDataStream.BYTES)));
  }

  /** A pre-existing file's whole data. */
  public Write preExisting() {
    return write(sizes.preExistingBytes(uniform(FileDataStream.BYTES)));
  }

  /** What the file's append number {@code k} (0-based) adds. */
  public Write append(int k) {
    return Write.appending(sizes.appendBytes(uniform(FileDataStream.FIRST_APPEND + k)));
  }

  private Write write(long bytes) {
    return new Write(
        bytes,
        sizes.blockSize(uniform(FileDataStream.BLOCK_SIZE)),
        sizes.replication(uniform(FileDataStream.REPLICATION), DEFAULT_REPLICATION));
  }

  private double uniform(int k) {
    return FileDataStream.uniform(seed, k);
  }
}
