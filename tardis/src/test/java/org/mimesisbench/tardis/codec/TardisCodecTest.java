package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;
import org.mimesisbench.tardis.format.Unit;

/** Exalt's Figure 1 with 16-byte units, and the chunks at the edges of what a codec meets. */
class TardisCodecTest {
  private static final TardisFlag FLAG = TardisFlag.DEFAULT;
  private static final int ONE_PIECE =
      TardisEncoding.HEADER_BYTES + TardisEncoding.SEQUENCE_BYTES + TardisEncoding.CRC_BYTES;

  private final TardisCodec codec = new TardisCodec(FLAG, MarkerCheck.FIRST_AND_LAST);
  private final TardisCodec exact = new TardisCodec(FLAG, MarkerCheck.EVERY_UNIT);

  private static byte[] tardis(long length, long from, int len) {
    byte[] b = new byte[len];
    new TardisSequence(FLAG, length).copy(from, b, 0, len);
    return b;
  }

  private static byte[] concat(byte[]... parts) {
    ByteBuffer b = ByteBuffer.allocate(Arrays.stream(parts).mapToInt(p -> p.length).sum());
    Arrays.stream(parts).forEach(b::put);
    return b.array();
  }

  private byte[] roundTrip(TardisCodec c, byte[] chunk) throws CorruptChunkException {
    byte[] encoded = c.compress(chunk, 0, chunk.length);
    assertArrayEquals(chunk, c.decompress(encoded, 0, encoded.length));
    return encoded;
  }

  @Test
  void aWholeSequenceIsItsFirstMarkerAndLength() throws CorruptChunkException {
    byte[] kib = tardis(1024, 0, 1024);
    for (TardisCodec c : new TardisCodec[] {codec, exact}) {
      ChunkLayout layout = c.layout(kib, 0, kib.length);
      assertEquals(1024, layout.tardisBytes());
      assertEquals(ONE_PIECE, roundTrip(c, kib).length);
    }
  }

  @Test
  void eachHalfOfASplitSequenceCompressesOnItsOwn() throws CorruptChunkException {
    byte[] kib = tardis(1024, 0, 1024);
    assertEquals(ONE_PIECE, roundTrip(codec, Arrays.copyOfRange(kib, 0, 512)).length);
    assertEquals(ONE_PIECE, roundTrip(codec, Arrays.copyOfRange(kib, 512, 1024)).length);
    // and wherever the split falls, inside a flag or inside a marker
    for (int split = 1; split < 1024; split += 5) {
      int head = roundTrip(codec, Arrays.copyOf(kib, split)).length;
      int tail = roundTrip(codec, Arrays.copyOfRange(kib, split, 1024)).length;
      if (split >= Unit.BYTES) {
        assertEquals(ONE_PIECE, head, "head of " + split);
      }
      if (split <= 1024 - 2 * Unit.BYTES + 1) {
        assertEquals(ONE_PIECE, tail, "tail from " + split);
      }
    }
  }

  @Test
  void metadataInsertedInAFlagMarkerPairStaysVerbatimAndTheSplitPairCompresses()
      throws CorruptChunkException {
    byte[] kib = tardis(1024, 0, 1024);
    byte[] metadata = "HBase put this here".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    // inside the flag of the unit at 16 (Exalt's Figure 1c: subsequences of 20 and 1004 bytes)
    byte[] chunk = concat(Arrays.copyOf(kib, 20), metadata, Arrays.copyOfRange(kib, 20, 1024));
    for (TardisCodec c : new TardisCodec[] {codec, exact}) {
      ChunkLayout layout = c.layout(chunk, 0, chunk.length);
      assertEquals(1024, layout.tardisBytes());
      int expected =
          TardisEncoding.HEADER_BYTES
              + 2 * TardisEncoding.SEQUENCE_BYTES
              + TardisEncoding.FOREIGN_BYTES
              + metadata.length
              + TardisEncoding.CRC_BYTES;
      assertEquals(expected, roundTrip(c, chunk).length);
    }
  }

  @Test
  void foreignBytesAloneAreKeptVerbatim() throws CorruptChunkException {
    byte[] text =
        "no flag in here, just metadata".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals(
        TardisEncoding.HEADER_BYTES
            + TardisEncoding.FOREIGN_BYTES
            + text.length
            + TardisEncoding.CRC_BYTES,
        roundTrip(codec, text).length);
    assertEquals(
        TardisEncoding.HEADER_BYTES + TardisEncoding.CRC_BYTES,
        roundTrip(codec, new byte[0]).length);
    roundTrip(codec, new byte[] {42});
    roundTrip(codec, tardis(1024, 1000, 1));
  }

  @Test
  void aFlagWithAnImplausibleMarkerIsForeign() throws CorruptChunkException {
    byte[] chunk = new byte[40];
    Unit.write(FLAG.value(), -32, 0, chunk, 4, 16);
    assertEquals(0, codec.layout(chunk, 0, chunk.length).tardisBytes());
    roundTrip(codec, chunk);
  }

  @Test
  void compressesAChunkAtAnyOffsetOfASequencePastFourGibibytes() throws CorruptChunkException {
    long length = 9L << 30;
    byte[] chunk = tardis(length, (4L << 30) + 3, 100_000);
    assertEquals(ONE_PIECE, roundTrip(codec, chunk).length);
    assertEquals(ONE_PIECE, roundTrip(exact, chunk).length);
    byte[] end = tardis(length, length - 77, 77);
    assertEquals(ONE_PIECE, roundTrip(codec, end).length);
  }

  @Test
  void firstAndLastReadsOnlyTheEndsWhereEveryUnitReadsAll() throws CorruptChunkException {
    // consistent first and last units around bytes that are not Tardis data: forged on purpose
    byte[] forged = tardis(4096, 0, 4096);
    Arrays.fill(forged, 1000, 3000, (byte) 7);
    byte[] trusted = codec.compress(forged, 0, forged.length);
    assertEquals(ONE_PIECE, trusted.length);
    assertFalse(Arrays.equals(forged, codec.decompress(trusted, 0, trusted.length)));
    // the exact check finds the forged range: verbatim, with the units on either side compressed
    byte[] encoded = roundTrip(exact, forged);
    assertTrue(encoded.length < 2000 + 100, "encoded " + encoded.length);
  }

  @Test
  void refusesChunksOverItsBoundAndDecodesWithTheFlagItWasWrittenWith()
      throws CorruptChunkException {
    TardisCodec small = new TardisCodec(FLAG, MarkerCheck.EVERY_UNIT, 100);
    assertThrows(IllegalArgumentException.class, () -> small.compress(new byte[101], 0, 101));
    byte[] big = exact.compress(new byte[101], 0, 101);
    assertThrows(CorruptChunkException.class, () -> small.decompress(big, 0, big.length));
    byte[] chunk = tardis(5000, 17, 3000);
    byte[] encoded = exact.compress(chunk, 0, chunk.length);
    TardisCodec otherFlag = new TardisCodec(TardisFlag.of(12345), MarkerCheck.EVERY_UNIT);
    assertArrayEquals(chunk, otherFlag.decompress(encoded, 0, encoded.length));
  }

  @Test
  void comesFromTheConfiguration() {
    Configuration conf = new Configuration(false);
    TardisCodec c = TardisCodec.from(conf);
    assertEquals(MarkerCheck.FIRST_AND_LAST, c.markerCheck());
    assertEquals(MarkerCheck.EVERY_UNIT, c.exact().markerCheck());
    assertEquals(TardisCodec.MAX_CHUNK_BYTES_DEFAULT, c.maxChunkBytes());
    conf.set(TardisCodec.MARKER_CHECK_KEY, "Every-Unit");
    assertEquals(MarkerCheck.EVERY_UNIT, TardisCodec.from(conf).markerCheck());
    conf.set(TardisCodec.MARKER_CHECK_KEY, "First-And-Last");
    conf.setInt(TardisCodec.MAX_CHUNK_BYTES_KEY, 1 << 20);
    conf.set(TardisFlag.FLAG_KEY, "0000000000000001");
    c = TardisCodec.from(conf);
    assertEquals(MarkerCheck.FIRST_AND_LAST, c.markerCheck());
    assertEquals(1 << 20, c.maxChunkBytes());
    assertEquals(TardisFlag.of(1), c.flag());
    conf.set(TardisCodec.MARKER_CHECK_KEY, "some");
    assertTrue(
        assertThrows(BadInputException.class, () -> TardisCodec.from(conf))
            .getMessage()
            .startsWith(TardisCodec.MARKER_CHECK_KEY));
    conf.set(TardisCodec.MARKER_CHECK_KEY, "every-unit");
    conf.set(TardisCodec.MAX_CHUNK_BYTES_KEY, "lots");
    assertTrue(
        assertThrows(BadInputException.class, () -> TardisCodec.from(conf))
            .getMessage()
            .startsWith(TardisCodec.MAX_CHUNK_BYTES_KEY));
  }
}
