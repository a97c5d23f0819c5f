package org.mimesisbench.tardis.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.SequenceInputStream;
import org.junit.jupiter.api.Test;

class TardisValidatorTest {
  private static final TardisFlag FLAG = TardisFlag.DEFAULT;
  private static final TardisSequence SEQUENCE = new TardisSequence(FLAG, 100_003);

  private static byte[] slice(long from, int len) {
    byte[] b = new byte[len];
    SEQUENCE.copy(from, b, 0, len);
    return b;
  }

  @Test
  void findsTheFirstWrongByteOfARangeOfAKnownSequence() {
    byte[] b = slice(70_000, 30_003);
    assertEquals(
        TardisValidator.NONE, TardisValidator.firstMismatch(SEQUENCE, 70_000, b, 0, b.length));
    b[29_000]++;
    b[29_500]++;
    assertEquals(99_000, TardisValidator.firstMismatch(SEQUENCE, 70_000, b, 0, b.length));
    // bytes past the sequence's end are all wrong
    byte[] past = java.util.Arrays.copyOf(slice(99_990, 13), 20);
    assertEquals(100_003, TardisValidator.firstMismatch(SEQUENCE, 99_990, past, 0, 20));
  }

  @Test
  void readsAStreamToItsFirstDifferenceOrItsEnd() throws IOException {
    assertEquals(TardisValidator.NONE, TardisValidator.firstMismatch(SEQUENCE, SEQUENCE.open()));
    byte[] whole = slice(0, 100_003);
    assertEquals(
        100_000,
        TardisValidator.firstMismatch(SEQUENCE, new ByteArrayInputStream(whole, 0, 100_000)));
    assertEquals(
        100_003,
        TardisValidator.firstMismatch(
            SEQUENCE,
            new SequenceInputStream(
                new ByteArrayInputStream(whole), new ByteArrayInputStream(new byte[1]))));
    whole[65_536] ^= 1;
    assertEquals(65_536, TardisValidator.firstMismatch(SEQUENCE, new ByteArrayInputStream(whole)));
  }

  @Test
  void acceptsEveryPieceOfASequenceWhereverItStarts() {
    for (int from = 99_900; from < 100_003; from++) {
      for (int len : new int[] {0, 1, 7, 15, 16, 17, 31, 32, 33, 64}) {
        if (from + len <= 100_003) {
          assertTrue(
              TardisValidator.isWellFormed(FLAG, slice(from, len), 0, len), from + " " + len);
        }
      }
    }
  }

  @Test
  void rejectsAChangedByteAPieceRunningPastTheEndAndAnotherFlag() {
    byte[] b = slice(5000, 100);
    for (int i = 0; i < b.length; i++) {
      b[i] ^= 0x40;
      assertFalse(TardisValidator.isWellFormed(FLAG, b, 0, b.length), "byte " + i);
      b[i] ^= 0x40;
    }
    // a sequence's last unit (marker 3), its 3-byte tail, then one byte too many
    byte[] end = new byte[20];
    Unit.write(FLAG.value(), 3, 0, end, 0, 20);
    assertTrue(TardisValidator.isWellFormed(FLAG, end, 0, 19));
    assertFalse(TardisValidator.isWellFormed(FLAG, end, 0, 20));
    assertFalse(TardisValidator.isWellFormed(TardisFlag.of(FLAG.value() + 1), b, 0, b.length));
  }
}
