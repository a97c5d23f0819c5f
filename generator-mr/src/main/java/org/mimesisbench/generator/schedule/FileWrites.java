package org.mimesisbench.generator.schedule;

import org.mimesisbench.profile.FileSizeModel;

/**
 * One file's data as a run writes it: its size, block size and replication, and what each of its
 * appends adds, drawn from a stream of uniforms of its own (apart from its life's draws, which stay
 * as the reference generator makes them), so a file's bytes are a pure function of the run's seed
 * and the file: two runs with the same --seed write the same bytes.
 */
public final class FileWrites {
  // the stream's offset from the file's seed: apart from the users' draws (EntryLife)
  private static final long STREAM = 0x632BE59BD9B4E019L;
  private static final int BYTES = 0;
  private static final int BLOCK_SIZE = 1;
  private static final int REPLICATION = 2;
  private static final int FIRST_APPEND = 3;

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
    return of(sizes, TypeSchedule.fileSeed(runSeed, type, pathKey(path)));
  }

  /** A created file's whole data. */
  public Write created() {
    return write(sizes.createdBytes(uniform(BYTES)));
  }

  /** A pre-existing file's whole data. */
  public Write preExisting() {
    return write(sizes.preExistingBytes(uniform(BYTES)));
  }

  /** What the file's append number {@code k} (0-based) adds. */
  public Write append(int k) {
    return Write.appending(sizes.appendBytes(uniform(FIRST_APPEND + k)));
  }

  private Write write(long bytes) {
    return new Write(
        bytes,
        sizes.blockSize(uniform(BLOCK_SIZE)),
        sizes.replication(uniform(REPLICATION), DEFAULT_REPLICATION));
  }

  /** Uniform {@code k} of the file's data stream, in [0, 1): SplitMix64 over its seed. */
  private double uniform(int k) {
    long z = seed + STREAM + (k + 1L) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return ((z ^ (z >>> 31)) >>> 11) * 0x1.0p-53;
  }

  /** A path's 64-bit key: FNV-1a over its characters, the same in every JVM. */
  static long pathKey(String path) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < path.length(); i++) {
      h = (h ^ path.charAt(i)) * 0x100000001b3L;
    }
    return h;
  }
}
