package org.mimesisbench.tardis.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TardisSequenceTest {
  private static final TardisFlag FLAG = TardisFlag.parse("f1a90000000000f1");

  private static byte[] bytes(long length) {
    byte[] b = new byte[(int) length];
    new TardisSequence(FLAG, length).copy(0, b, 0, b.length);
    return b;
  }

  @Test
  void markersCountTheBytesLeftAfterTheirUnit() {
    // the paper's 1 KB example with 8-byte flags and markers: <flag>1008<flag>992...<flag>16<flag>0
    ByteBuffer b = ByteBuffer.wrap(bytes(1024));
    for (int unit = 0; unit < 64; unit++) {
      assertEquals(FLAG.value(), b.getLong(16 * unit));
      assertEquals(1024 - 16 * (unit + 1), b.getLong(16 * unit + 8));
    }
    assertEquals(1008, new TardisSequence(FLAG, 1024).markerAt(15));
    assertEquals(0, new TardisSequence(FLAG, 1024).markerAt(1008));
  }

  @Test
  void markersAreEightBytesSoSequencesPastFourGibibytesCount() {
    long length = (5L << 30) + 16;
    TardisSequence s = new TardisSequence(FLAG, length);
    byte[] first = new byte[16];
    s.copy(0, first, 0, 16);
    assertEquals(length - 16, ByteBuffer.wrap(first).getLong(8));
    byte[] last = new byte[32];
    s.copy(length - 32, last, 0, 32);
    assertEquals(16, ByteBuffer.wrap(last).getLong(8));
    assertEquals(0, ByteBuffer.wrap(last).getLong(24));
  }

  @Test
  void aTailShorterThanAUnitIsTheStartOfOneMoreUnitCut() {
    // 20 bytes: a whole unit whose marker counts the 4 tail bytes, then the flag's first 4 bytes
    ByteBuffer b = ByteBuffer.wrap(bytes(20));
    assertEquals(FLAG.value(), b.getLong(0));
    assertEquals(4, b.getLong(8));
    assertArrayEquals(
        new byte[] {(byte) 0xf1, (byte) 0xa9, 0, 0},
        java.util.Arrays.copyOfRange(b.array(), 16, 20));
    // 30 bytes: past the flag, the tail holds the cut unit's marker, 14 - 16 = -2
    ByteBuffer c = ByteBuffer.wrap(bytes(30));
    assertEquals(14, c.getLong(8));
    assertEquals(FLAG.value(), c.getLong(16));
    assertArrayEquals(
        new byte[] {-1, -1, -1, -1, -1, -1}, java.util.Arrays.copyOfRange(c.array(), 24, 30));
    // shorter than a unit: the tail alone
    assertArrayEquals(new byte[] {(byte) 0xf1, (byte) 0xa9, 0}, bytes(3));
    assertArrayEquals(new byte[0], bytes(0));
  }

  @Test
  void copiesAnyRangeAsTheWholeSequenceHasIt() {
    byte[] whole = bytes(1000);
    TardisSequence s = new TardisSequence(FLAG, 1000);
    for (int from = 0; from <= 1000; from += 7) {
      for (int len = 0; from + len <= 1000 && len < 60; len += 3) {
        byte[] part = new byte[len + 2];
        s.copy(from, part, 1, len);
        assertArrayEquals(
            java.util.Arrays.copyOfRange(whole, from, from + len),
            java.util.Arrays.copyOfRange(part, 1, len + 1));
      }
    }
    assertThrows(IndexOutOfBoundsException.class, () -> s.copy(990, new byte[20], 0, 11));
    assertThrows(IndexOutOfBoundsException.class, () -> s.copy(-1, new byte[20], 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new TardisSequence(FLAG, -1));
  }

  @Test
  void writesItselfToAnOutputStream() throws IOException {
    for (long length : new long[] {0, 1, 15, 16, 17, 100_000, 200_003}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      new TardisSequence(FLAG, length).writeTo(out);
      assertArrayEquals(bytes(length), out.toByteArray(), "length " + length);
    }
  }
}
