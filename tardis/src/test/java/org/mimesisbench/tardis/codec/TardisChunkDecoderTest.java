package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** Encodings whose checksum is right but whose pieces lie: each is refused, none allocates much. */
class TardisChunkDecoderTest {
  private static final int MAX = 1 << 20;

  /** An encoding written by hand, its CRC32C computed over what {@code body} put. */
  private static byte[] encoding(Consumer<ByteBuffer> body) {
    ByteBuffer b = ByteBuffer.allocate(256);
    body.accept(b);
    CRC32C crc = new CRC32C();
    crc.update(b.array(), 0, b.position());
    b.putInt((int) crc.getValue());
    return java.util.Arrays.copyOf(b.array(), b.position());
  }

  private static void header(ByteBuffer b, int chunkLength) {
    b.put(TardisEncoding.VERSION).putLong(7).putInt(chunkLength);
  }

  private static void refused(Consumer<ByteBuffer> body) {
    byte[] e = encoding(body);
    assertThrows(CorruptChunkException.class, () -> TardisChunkDecoder.decode(e, 0, e.length, MAX));
  }

  @Test
  void decodesAWellMadeEncoding() throws CorruptChunkException {
    byte[] e =
        encoding(
            b -> {
              header(b, 20);
              b.put(TardisEncoding.FOREIGN).putInt(3).put(new byte[] {1, 2, 3});
              b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 15).putInt(17);
            });
    byte[] want = new byte[20];
    want[0] = 1;
    want[1] = 2;
    want[2] = 3;
    // byte 15 of the unit with marker 0, then a whole unit with marker -16: flag 7
    ByteBuffer.wrap(want, 4, 16).putLong(7).putLong(-16);
    assertArrayEquals(want, TardisChunkDecoder.decode(e, 0, e.length, MAX));
  }

  @Test
  void refusesLengthsThatDoNotAddUp() {
    refused(b -> header(b, -1));
    refused(b -> header(b, MAX + 1));
    refused(b -> header(b, Integer.MAX_VALUE));
    refused(b -> header(b, 5));
    refused(
        b -> {
          header(b, 4);
          b.put(TardisEncoding.FOREIGN).putInt(5).put(new byte[5]);
        });
    refused(
        b -> {
          header(b, 100);
          b.put(TardisEncoding.FOREIGN).putInt(100).put(new byte[5]);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.FOREIGN).putInt(0);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 0).putInt(10);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 0).putInt(-10);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 0).putInt(11);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 0).putInt(10);
          b.put(TardisEncoding.FOREIGN);
        });
  }

  @Test
  void refusesUnknownVersionsKindsOffsetsAndCutPieces() {
    refused(b -> b.put((byte) 2).putLong(7).putInt(0));
    refused(
        b -> {
          header(b, 10);
          b.put((byte) 2).putInt(10);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 16).putInt(10);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) -1).putInt(10);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.SEQUENCE).putLong(0).put((byte) 0).putShort((short) 0);
        });
    refused(
        b -> {
          header(b, 10);
          b.put(TardisEncoding.FOREIGN).putShort((short) 0);
        });
    refused(b -> b.put(TardisEncoding.VERSION).putLong(7));
    assertThrows(
        CorruptChunkException.class, () -> TardisChunkDecoder.decode(new byte[16], 0, 16, MAX));
    assertThrows(
        CorruptChunkException.class, () -> TardisChunkDecoder.decode(new byte[3], 0, 3, MAX));
  }
}
