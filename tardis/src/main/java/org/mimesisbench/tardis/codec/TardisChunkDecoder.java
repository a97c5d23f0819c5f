package org.mimesisbench.tardis.codec;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.mimesisbench.tardis.format.Unit;

/**
 * Reads a chunk in the layout of {@link TardisEncoding} back, checking every length against the
 * rest.
 */
final class TardisChunkDecoder {
  private TardisChunkDecoder() {}

  static byte[] decode(byte[] encoded, int off, int len, int maxChunkBytes)
      throws CorruptChunkException {
    if (len < TardisEncoding.HEADER_BYTES + TardisEncoding.CRC_BYTES) {
      throw new CorruptChunkException("Tardis chunk of " + len + " bytes: shorter than its header");
    }
    int body = len - TardisEncoding.CRC_BYTES;
    CRC32C crc = new CRC32C();
    crc.update(encoded, off, body);
    ByteBuffer in = ByteBuffer.wrap(encoded, off, len);
    if ((int) crc.getValue() != in.getInt(off + body)) {
      throw new CorruptChunkException("Tardis chunk of " + len + " bytes: checksum mismatch");
    }
    in.limit(off + body);
    byte version = in.get();
    if (version != TardisEncoding.VERSION) {
      throw new CorruptChunkException("Tardis chunk: unknown version " + version);
    }
    long flag = in.getLong();
    int chunkLength = in.getInt();
    if (chunkLength < 0 || chunkLength > maxChunkBytes) {
      throw new CorruptChunkException(
          "Tardis chunk: length " + chunkLength + " outside 0 to " + maxChunkBytes);
    }
    byte[] chunk = new byte[chunkLength];
    int at = 0;
    while (in.hasRemaining()) {
      byte kind = in.get();
      int n;
      if (kind == TardisEncoding.FOREIGN && in.remaining() >= TardisEncoding.FOREIGN_BYTES - 1) {
        n = pieceLength(in.getInt(), chunkLength - at, at);
        if (n > in.remaining()) {
          throw new CorruptChunkException(
              "Tardis chunk: " + n + " foreign bytes at " + at + ", past its end");
        }
        in.get(chunk, at, n);
      } else if (kind == TardisEncoding.SEQUENCE
          && in.remaining() >= TardisEncoding.SEQUENCE_BYTES - 1) {
        long marker = in.getLong();
        int offset = in.get();
        n = pieceLength(in.getInt(), chunkLength - at, at);
        if (offset < 0 || offset >= Unit.BYTES) {
          throw new CorruptChunkException("Tardis chunk: unit offset " + offset + " at " + at);
        }
        Unit.write(flag, marker, offset, chunk, at, n);
      } else {
        throw new CorruptChunkException("Tardis chunk: bad piece (kind " + kind + ") at " + at);
      }
      at += n;
    }
    if (at != chunkLength) {
      throw new CorruptChunkException("Tardis chunk: pieces end at " + at + ", not " + chunkLength);
    }
    return chunk;
  }

  private static int pieceLength(int n, int left, int at) throws CorruptChunkException {
    if (n <= 0 || n > left) {
      throw new CorruptChunkException(
          "Tardis chunk: piece of " + n + " bytes at " + at + " (" + left + " left)");
    }
    return n;
  }
}
