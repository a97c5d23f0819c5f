package org.mimesisbench.tardis.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * java.util.zip's Deflater at its fastest level, for foreign chunks that compress: the chunk's
 * length (int, big-endian), then a zlib stream, whose Adler-32 catches damage.
 */
public final class DeflateCodec implements ChunkCodec {
  public static final String NAME = "deflate-1";
  private static final int LENGTH_BYTES = 4;

  private final int maxChunkBytes;

  /**
   * Decodes chunks of at most {@code maxChunkBytes}, a bound on what a damaged length allocates.
   */
  public DeflateCodec(int maxChunkBytes) {
    this.maxChunkBytes = maxChunkBytes;
  }

  @Override
  public byte[] compress(byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    try {
      deflater.setInput(data, off, len);
      deflater.finish();
      byte[] out = new byte[LENGTH_BYTES + len / 2 + 64];
      ByteBuffer.wrap(out).putInt(len);
      int n = LENGTH_BYTES;
      while (!deflater.finished()) {
        if (n == out.length) {
          out = Arrays.copyOf(out, 2 * out.length);
        }
        n += deflater.deflate(out, n, out.length - n);
      }
      return Arrays.copyOf(out, n);
    } finally {
      deflater.end();
    }
  }

  @Override
  public byte[] decompress(byte[] encoded, int off, int len) throws CorruptChunkException {
    Objects.checkFromIndexSize(off, len, encoded.length);
    if (len < LENGTH_BYTES) {
      throw new CorruptChunkException(
          "deflated chunk of " + len + " bytes: shorter than its length field");
    }
    int chunkLength = ByteBuffer.wrap(encoded, off, len).getInt();
    if (chunkLength < 0 || chunkLength > maxChunkBytes) {
      throw new CorruptChunkException(
          "deflated chunk: length " + chunkLength + " outside 0 to " + maxChunkBytes);
    }
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(encoded, off + LENGTH_BYTES, len - LENGTH_BYTES);
      byte[] chunk = new byte[chunkLength];
      int n = 0;
      for (int k; n < chunkLength && (k = inflater.inflate(chunk, n, chunkLength - n)) > 0; ) {
        n += k;
      }
      // one more byte of room: the stream must end exactly here, with nothing after it
      if (n != chunkLength
          || inflater.inflate(new byte[1]) != 0
          || !inflater.finished()
          || inflater.getRemaining() != 0) {
        throw new CorruptChunkException(
            "deflated chunk: the stream does not hold exactly " + chunkLength + " bytes");
      }
      return chunk;
    } catch (DataFormatException e) {
      throw new CorruptChunkException("deflated chunk: " + e.getMessage());
    } finally {
      inflater.end();
    }
  }

  @Override
  public String name() {
    return NAME;
  }
}
