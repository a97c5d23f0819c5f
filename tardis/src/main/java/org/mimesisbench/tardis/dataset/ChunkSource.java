package org.mimesisbench.tardis.dataset;

import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/** Where a stored block's bytes are: a block file on disk, or the same bytes in memory. */
interface ChunkSource {

  /** {@code len} bytes from {@code pos}; EOFException when the source is shorter (truncated). */
  byte[] read(long pos, int len) throws IOException;

  /** The bytes a store holds for the block. */
  long size() throws IOException;

  static ChunkSource of(byte[] bytes) {
    return new ChunkSource() {
      @Override
      public byte[] read(long pos, int len) throws EOFException {
        if (pos < 0 || pos + len > bytes.length) {
          throw new EOFException(
              "stored block has " + bytes.length + " bytes, wanted " + len + " at " + pos);
        }
        byte[] out = new byte[len];
        System.arraycopy(bytes, (int) pos, out, 0, len);
        return out;
      }

      @Override
      public long size() {
        return bytes.length;
      }
    };
  }

  /**
   * Opens the file on each read: hundreds of DataNodes in one process must not hold a descriptor
   * per block.
   */
  static ChunkSource of(Path file) {
    return new ChunkSource() {
      @Override
      public byte[] read(long pos, int len) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
          if (pos + len > raf.length()) {
            throw new EOFException(
                file + " has " + raf.length() + " bytes, wanted " + len + " at " + pos);
          }
          byte[] out = new byte[len];
          raf.seek(pos);
          raf.readFully(out);
          return out;
        }
      }

      @Override
      public long size() throws IOException {
        return java.nio.file.Files.size(file);
      }
    };
  }
}
