package org.mimesisbench.tardis.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TardisInputStreamTest {
  private static final TardisFlag FLAG = TardisFlag.DEFAULT;

  private static byte[] expected(long length) {
    byte[] b = new byte[(int) length];
    new TardisSequence(FLAG, length).copy(0, b, 0, b.length);
    return b;
  }

  @Test
  void readsOfAnySizeGiveTheSequence() throws IOException {
    SplittableRandom random = new SplittableRandom(6);
    for (long length : new long[] {0, 1, 16, 31, 4096, 65_537}) {
      InputStream in = new TardisInputStream(FLAG, length);
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      byte[] buffer = new byte[300];
      while (true) {
        if (random.nextInt(4) == 0) {
          int b = in.read();
          if (b < 0) {
            break;
          }
          got.write(b);
        } else {
          int off = random.nextInt(10);
          int n = in.read(buffer, off, random.nextInt(buffer.length - off));
          if (n < 0) {
            break;
          }
          got.write(buffer, off, n);
        }
      }
      assertArrayEquals(expected(length), got.toByteArray(), "length " + length);
      assertEquals(-1, in.read());
      assertEquals(0, in.read(buffer, 0, 0));
    }
  }

  @Test
  void skipsAndResets() throws IOException {
    byte[] whole = expected(10_000);
    TardisInputStream in = new TardisInputStream(FLAG, 10_000);
    assertEquals(1234, in.skip(1234));
    in.mark(0);
    byte[] got = new byte[100];
    assertEquals(100, in.readNBytes(got, 0, 100));
    assertArrayEquals(java.util.Arrays.copyOfRange(whole, 1234, 1334), got);
    in.reset();
    assertEquals(whole[1234] & 0xff, in.read());
    assertEquals(10_000 - 1235, in.available());
    assertEquals(10_000 - 1235, in.skip(1L << 40));
    assertEquals(0, in.skip(5));
    assertEquals(-1, in.read(got, 0, 10));
    assertEquals(10_000, in.position());
  }

  @Test
  void aSequenceFarPastIntegerRangeCostsNoMemory() throws IOException {
    long length = 6L << 30;
    TardisInputStream in = new TardisInputStream(FLAG, length);
    assertEquals(length - 20, in.skip(length - 20));
    byte[] tail = in.readAllBytes();
    byte[] want = new byte[20];
    new TardisSequence(FLAG, length).copy(length - 20, want, 0, 20);
    assertArrayEquals(want, tail);
    assertEquals(Integer.MAX_VALUE, new TardisInputStream(FLAG, length).available());
  }
}
