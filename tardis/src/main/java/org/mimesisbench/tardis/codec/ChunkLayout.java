package org.mimesisbench.tardis.codec;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32C;
import org.mimesisbench.tardis.format.TardisFlag;

/**
 * Where the Tardis subsequences of a chunk lie (the bytes between them are foreign), and its
 * encoding.
 */
public final class ChunkLayout {
  private final TardisFlag flag;
  private final byte[] data;
  private final int off;
  private final int len;
  private final List<Subsequence> subsequences;

  ChunkLayout(TardisFlag flag, byte[] data, int off, int len, List<Subsequence> subsequences) {
    this.flag = flag;
    this.data = data;
    this.off = off;
    this.len = len;
    this.subsequences = subsequences;
  }

  /** The chunk's bytes that are Tardis data. */
  public long tardisBytes() {
    long sum = 0;
    for (Subsequence s : subsequences) {
      sum += s.length();
    }
    return sum;
  }

  /** The size of {@link #encode()}'s result, known before encoding. */
  public int encodedBytes() {
    long foreign = len - tardisBytes();
    long pieces =
        (long) subsequences.size() * TardisEncoding.SEQUENCE_BYTES
            + foreign
            + (long) foreignPieces() * TardisEncoding.FOREIGN_BYTES;
    return Math.toIntExact(TardisEncoding.HEADER_BYTES + pieces + TardisEncoding.CRC_BYTES);
  }

  /** The chunk in the layout of {@link TardisEncoding}. */
  public byte[] encode() {
    byte[] encoded = new byte[encodedBytes()];
    ByteBuffer out = ByteBuffer.wrap(encoded);
    out.put(TardisEncoding.VERSION).putLong(flag.value()).putInt(len);
    int index = off;
    for (Subsequence s : subsequences) {
      if (s.start() > index) {
        putForeign(out, index, s.start());
      }
      out.put(TardisEncoding.SEQUENCE)
          .putLong(s.marker())
          .put((byte) s.offset())
          .putInt(s.length());
      index = s.end();
    }
    if (off + len > index) {
      putForeign(out, index, off + len);
    }
    CRC32C crc = new CRC32C();
    crc.update(encoded, 0, out.position());
    out.putInt((int) crc.getValue());
    return encoded;
  }

  private void putForeign(ByteBuffer out, int from, int to) {
    out.put(TardisEncoding.FOREIGN).putInt(to - from).put(data, from, to - from);
  }

  private int foreignPieces() {
    int pieces = 0;
    int index = off;
    for (Subsequence s : subsequences) {
      pieces += s.start() > index ? 1 : 0;
      index = s.end();
    }
    return pieces + (off + len > index ? 1 : 0);
  }
}
