package org.mimesisbench.profile;

/**
 * The uniforms a file's data is drawn from (its bytes, block size, replication, appends): a stream
 * of the file's own, keyed by the run's seed, its type and its path, so that every writer of the
 * same file draws the same data: phase 1 making it through the DataNodes, and {@code run
 * --name-dir} or {@code namespace image --sizes} writing it into an fsimage.
 */
public final class FileDataStream {
  /** The uniform of the file's bytes. */
  public static final int BYTES = 0;

  /** The uniform of its block size. */
  public static final int BLOCK_SIZE = 1;

  /** The uniform of its replication. */
  public static final int REPLICATION = 2;

  /** The uniform of its first append's bytes; append {@code k} has {@code FIRST_APPEND + k}. */
  public static final int FIRST_APPEND = 3;

  /** The key of the empty path: {@link #pathKey(long, char)} goes on from here. */
  public static final long EMPTY_PATH = 0xcbf29ce484222325L;

  // the stream's offset from the file's seed: apart from the other draws of the same seed
  private static final long STREAM = 0x632BE59BD9B4E019L;

  private FileDataStream() {}

  /**
   * The seed of file {@code id} of type {@code type} in a run of seed {@code seed}: SplitMix64's
   * finalizer over the three, so that near seeds, types and ids give unrelated streams.
   */
  public static long fileSeed(long seed, int type, long id) {
    long z =
        seed * 0x9E3779B97F4A7C15L + (type + 1L) * 0xBF58476D1CE4E5B9L + id * 0x94D049BB133111EBL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The seed of the pre-existing file at {@code path} (from the namespace's root). */
  public static long preExistingSeed(long runSeed, int type, CharSequence path) {
    return fileSeed(runSeed, type, pathKey(path));
  }

  /** Uniform {@code k} of the stream of the file whose seed is {@code fileSeed}, in [0, 1). */
  public static double uniform(long fileSeed, int k) {
    long z = fileSeed + STREAM + (k + 1L) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return ((z ^ (z >>> 31)) >>> 11) * 0x1.0p-53;
  }

  /** A path's 64-bit key: FNV-1a over its characters, the same in every JVM. */
  public static long pathKey(CharSequence path) {
    long h = EMPTY_PATH;
    for (int i = 0; i < path.length(); i++) {
      h = pathKey(h, path.charAt(i));
    }
    return h;
  }

  /** The key of a path of key {@code h} with {@code c} after it. */
  public static long pathKey(long h, char c) {
    return (h ^ c) * 0x100000001b3L;
  }
}
