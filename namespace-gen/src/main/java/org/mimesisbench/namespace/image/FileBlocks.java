package org.mimesisbench.namespace.image;

import java.util.function.IntFunction;
import org.mimesisbench.profile.FileDataStream;
import org.mimesisbench.profile.FileSizeModel;

/**
 * A pre-existing file's size, block size and replication, drawn from its type's {@link
 * FileSizeModel} with uniforms from the file's own {@link FileDataStream} (the seed, its type and
 * its path), so the same seed gives every file the same size whatever else is drawn, and the size a
 * run's phase 1 writes at that path. One mutable draw at a time: an image of millions of files
 * allocates nothing per file.
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

  /**
   * Draws the file of type {@code type} whose path from the namespace's root has key {@code
   * pathKey} ({@link #fileKey}).
   */
  public FileBlocks draw(long pathKey, int type) {
    FileSizeModel model = byType.apply(type);
    long file = FileDataStream.fileSeed(seed, type, pathKey);
    bytes = model.preExistingBytes(FileDataStream.uniform(file, FileDataStream.BYTES));
    blockSize = model.blockSize(FileDataStream.uniform(file, FileDataStream.BLOCK_SIZE));
    replication =
        (short)
            Math.min(
                maxReplication,
                model.replication(
                    FileDataStream.uniform(file, FileDataStream.REPLICATION), fallbackReplication));
    return this;
  }

  /**
   * The path key of the file named by {@code name}'s first {@code length} bytes (ASCII, as the
   * image writes it) in the directory whose path has key {@code dirKey} ({@link
   * FileDataStream#EMPTY_PATH} for the root).
   */
  public static long fileKey(long dirKey, byte[] name, int length) {
    long h = FileDataStream.pathKey(dirKey, '/');
    for (int i = 0; i < length; i++) {
      h = FileDataStream.pathKey(h, (char) (name[i] & 0xff));
    }
    return h;
  }

  /** The key of directory path {@code path} ("/" for the root: its files' paths start "/f"). */
  public static long dirKey(String path) {
    return path.equals("/") ? FileDataStream.EMPTY_PATH : FileDataStream.pathKey(path);
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
}
