package org.mimesisbench.namespace.image;

import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.mimesisbench.profile.FileSizeModel;

/**
 * A pre-existing file's size, block size and replication, drawn from its type's {@link
 * FileSizeModel} with uniforms from a stream of the file's own (the seed and the file's number), so
 * the same seed gives every file the same size whatever else is drawn. One mutable draw at a time:
 * an image of millions of files allocates nothing per file.
 */
public final class FileBlocks {
  private final IntFunction<FileSizeModel> byType;
  private final long seed;
  private final short fallbackReplication;
  private short maxReplication = Short.MAX_VALUE;
  private long bytes;
  private long blockSize;
  private short replication;

  /**
   * @param byType the size model of a file type (by the statistics' type index)
   * @param fallbackReplication replication when a type's images showed none (dfs.replication)
   */
  public FileBlocks(IntFunction<FileSizeModel> byType, long seed, short fallbackReplication) {
    this.byType = byType;
    this.seed = seed;
    this.fallbackReplication = fallbackReplication;
  }

  /**
   * The same draws with replication at most {@code max}: a cluster of fewer DataNodes than a type's
   * replication could neither hold the replicas nor append to its files.
   */
  public FileBlocks cappedAt(short max) {
    this.maxReplication = (short) Math.max(1, max);
    return this;
  }

  /** Draws file {@code number} (its place in the image, from 0) of type {@code type}. */
  public FileBlocks draw(long number, int type) {
    FileSizeModel model = byType.apply(type);
    SplittableRandom u = new SplittableRandom(mix(seed, number));
    bytes = model.preExistingBytes(u.nextDouble());
    blockSize = model.blockSize(u.nextDouble());
    replication =
        (short) Math.min(maxReplication, model.replication(u.nextDouble(), fallbackReplication));
    return this;
  }

  public long bytes() {
    return bytes;
  }

  public long blockSize() {
    return blockSize;
  }

  public short replication() {
    return replication;
  }

  public int blocks() {
    return FileSizeModel.blocks(bytes, blockSize);
  }

  public long blockLength(int i) {
    return FileSizeModel.blockLength(bytes, blockSize, i);
  }

  /**
   * A seed per file: Stafford's mix13 of the two, since SplittableRandom's seeds one gamma apart
   * give the same stream shifted by one.
   */
  static long mix(long seed, long number) {
    long z = seed ^ (number * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
