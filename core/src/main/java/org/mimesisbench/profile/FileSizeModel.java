package org.mimesisbench.profile;

/**
 * A file type's files as data, as every generator draws them: a pre-existing or created file's
 * bytes, what an append adds, its block size and replication. The caller gives the uniforms (from
 * its own seeded stream), so a file's size is a pure function of the run's seed wherever it is
 * drawn: the synthetic fsimage, phase 1 and phase 2 agree.
 */
public final class FileSizeModel {
  /** A type without sizes: every file empty, the MimesisBench paper's design. */
  public static final FileSizeModel ZERO = new FileSizeModel(null, null, null, null, null);

  /** HDFS's smallest block size ({@code dfs.namenode.fs-limits.min-block-size}'s default). */
  public static final long MIN_BLOCK_SIZE = 1L << 20;

  /** HDFS's default block size, for a type whose images showed none. */
  public static final long DEFAULT_BLOCK_SIZE = 128L << 20;

  private static final int BYTES_PER_CHECKSUM = 512;

  private final EmpiricalCdf preExisting;
  private final EmpiricalCdf created;
  private final EmpiricalCdf appendBytes;
  private final EmpiricalCdf blockSize;
  private final EmpiricalCdf replication;

  private FileSizeModel(
      EmpiricalCdf preExisting,
      EmpiricalCdf created,
      EmpiricalCdf appendBytes,
      EmpiricalCdf blockSize,
      EmpiricalCdf replication) {
    this.preExisting = preExisting;
    this.created = created;
    this.appendBytes = appendBytes;
    this.blockSize = blockSize;
    this.replication = replication;
  }

  /** {@code sizes} checked; {@link #ZERO} when null. {@code where} names it in errors. */
  public static FileSizeModel of(String where, FileSizes sizes) {
    if (sizes == null) {
      return ZERO;
    }
    return new FileSizeModel(
        EmpiricalCdf.of(where + ".preExisting", sizes.getPreExisting()),
        EmpiricalCdf.of(where + ".created", sizes.getCreated()),
        EmpiricalCdf.of(where + ".appendBytes", sizes.getAppendBytes()),
        EmpiricalCdf.of(where + ".blockSize", sizes.getBlockSize()),
        EmpiricalCdf.of(where + ".replication", sizes.getReplication()));
  }

  /** True when every file of the type is empty. */
  public boolean isZero() {
    return preExisting == null;
  }

  /** Bytes of a pre-existing file drawn with {@code u} in [0, 1). */
  public long preExistingBytes(double u) {
    return isZero() ? 0 : bytes(preExisting.isEmpty() ? created : preExisting, u);
  }

  /** Bytes of a file created in the window drawn with {@code u}. */
  public long createdBytes(double u) {
    return isZero() ? 0 : bytes(created.isEmpty() ? preExisting : created, u);
  }

  /** Bytes one append adds, drawn with {@code u}; the median created file when none was seen. */
  public long appendBytes(double u) {
    if (isZero()) {
      return 0;
    }
    return appendBytes.isEmpty() ? createdBytes(0.5) : bytes(appendBytes, u);
  }

  /**
   * The preferred block size drawn with {@code u}: a multiple of 512 bytes (HDFS's bytes per
   * checksum), at least HDFS's minimum, so that the NameNode accepts it.
   */
  public long blockSize(double u) {
    if (isZero() || blockSize.isEmpty()) {
      return DEFAULT_BLOCK_SIZE;
    }
    long b = Math.round(blockSize.at(u) / BYTES_PER_CHECKSUM) * BYTES_PER_CHECKSUM;
    return Math.max(MIN_BLOCK_SIZE, b);
  }

  /** The replication factor drawn with {@code u}; {@code fallback} when the images showed none. */
  public short replication(double u, short fallback) {
    if (isZero() || replication.isEmpty()) {
      return fallback;
    }
    return (short) Math.max(1, Math.min(Short.MAX_VALUE, Math.round(replication.at(u))));
  }

  /** The blocks a file of {@code bytes} is cut into: ceil(bytes / blockSize), none when empty. */
  public static int blocks(long bytes, long blockSize) {
    return (int) ((bytes + blockSize - 1) / blockSize);
  }

  /** The length of block {@code i} (0-based) of a file of {@code bytes}: full but the last. */
  public static long blockLength(long bytes, long blockSize, int i) {
    return Math.min(blockSize, bytes - (long) i * blockSize);
  }

  private static long bytes(EmpiricalCdf d, double u) {
    return d.isEmpty() ? 0 : Math.max(0, Math.round(d.at(u)));
  }
}
