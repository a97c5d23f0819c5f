package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** The eight-at-a-time scans find what a byte-at-a-time loop finds, wherever they start and end. */
class LineBytesProperties {
  @Provide
  Arbitrary<byte[]> bytes() {
    // mostly ASCII, with line ends and bytes with the high bit (0x8a, 0x8d: LF, CR plus it)
    Arbitrary<Byte> b =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of((byte) 'a', (byte) '/', (byte) '=')),
            Tuple.of(2, Arbitraries.bytes()),
            Tuple.of(
                2,
                Arbitraries.of(
                    (byte) '\n',
                    (byte) '\r',
                    (byte) 0x80,
                    (byte) 0xff,
                    (byte) 0x0b,
                    (byte) 0x8a,
                    (byte) 0x8d)));
    return b.array(byte[].class).ofMaxSize(100);
  }

  @Property(tries = 5000)
  void lineEndIsTheFirstLfOrCr(@ForAll("bytes") byte[] b, @ForAll int from, @ForAll int to) {
    int[] range = range(b.length, from, to);
    int expected = range[1];
    for (int i = range[0]; i < range[1]; i++) {
      if (b[i] == '\n' || b[i] == '\r') {
        expected = i;
        break;
      }
    }
    assertEquals(expected, LineBytes.lineEnd(b, range[0], range[1]));
  }

  @Property(tries = 5000)
  void isAsciiWhenNoByteHasItsHighBit(@ForAll("bytes") byte[] b, @ForAll int from, @ForAll int to) {
    int[] range = range(b.length, from, to);
    boolean expected = true;
    for (int i = range[0]; i < range[1]; i++) {
      expected &= b[i] >= 0;
    }
    assertEquals(expected, LineBytes.isAscii(b, range[0], range[1]));
  }

  private static int[] range(int length, int a, int b) {
    int from = Math.floorMod(a, length + 1);
    int to = from + Math.floorMod(b, length - from + 1);
    return new int[] {from, to};
  }
}
