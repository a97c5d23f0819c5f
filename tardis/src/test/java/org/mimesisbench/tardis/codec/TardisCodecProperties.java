package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;
import org.mimesisbench.tardis.format.Unit;

/** The Tardis codec gives back every chunk exactly, and keeps Tardis data in a few bytes. */
class TardisCodecProperties {
  private static final TardisFlag FLAG = TardisFlag.DEFAULT;
  private static final int ONE_PIECE =
      TardisEncoding.HEADER_BYTES + TardisEncoding.SEQUENCE_BYTES + TardisEncoding.CRC_BYTES;

  private static TardisCodec codec(MarkerCheck check) {
    return new TardisCodec(FLAG, check);
  }

  private static byte[] roundTrip(TardisCodec codec, byte[] chunk) throws CorruptChunkException {
    byte[] encoded = codec.compress(chunk, 0, chunk.length);
    assertArrayEquals(chunk, codec.decompress(encoded, 0, encoded.length));
    return encoded;
  }

  @Provide
  Arbitrary<Long> sequenceLengths() {
    return Arbitraries.oneOf(
        Arbitraries.longs().between(0, 100),
        Arbitraries.longs().between(0, 1 << 20),
        Arbitraries.longs().between((1L << 32) - 1000, (1L << 32) + 1000),
        Arbitraries.longs().between(0, 1L << 50));
  }

  @Property(tries = 300)
  void randomBytesComeBackExactly(@ForAll MarkerCheck check, @ForAll @Size(max = 5000) byte[] chunk)
      throws CorruptChunkException {
    byte[] encoded = roundTrip(codec(check), chunk);
    assertTrue(encoded.length <= chunk.length + 22, "encoded " + encoded.length);
  }

  @Property(tries = 400)
  void aTardisChunkFromAnyOffsetIsOnePiece(
      @ForAll MarkerCheck check,
      @ForAll("sequenceLengths") long length,
      @ForAll @LongRange(min = 0) long at,
      @ForAll @IntRange(max = 70_000) int size)
      throws CorruptChunkException {
    int len = (int) Math.min(size, length);
    long from = at % (length - len + 1);
    byte[] chunk = new byte[len];
    new TardisSequence(FLAG, length).copy(from, chunk, 0, len);
    byte[] encoded = roundTrip(codec(check), chunk);
    // any 31 bytes hold a whole unit; then the whole chunk is one subsequence
    if (len >= 2 * Unit.BYTES - 1) {
      assertEquals(ONE_PIECE, encoded.length);
    }
  }

  @Property(tries = 30)
  void aMebibyteOfTardisDataCompressesMoreThan500To1(
      @ForAll MarkerCheck check,
      @ForAll @LongRange(min = 1 << 20, max = 1L << 42) long length,
      @ForAll @LongRange(min = 0) long at)
      throws CorruptChunkException {
    byte[] chunk = new byte[1 << 20];
    new TardisSequence(FLAG, length).copy(at % (length - chunk.length + 1), chunk, 0, chunk.length);
    byte[] encoded = roundTrip(codec(check), chunk);
    assertTrue(chunk.length / encoded.length >= 500, "ratio " + chunk.length / encoded.length);
  }

  @Provide
  Arbitrary<TardisChunks> tardisWithInsertions() {
    Arbitrary<Long> length = Arbitraries.longs().between(0, 200_000);
    Arbitrary<Integer> len = Arbitraries.integers().between(0, 20_000);
    // insertion points anywhere, and often just inside a flag or a marker
    Arbitrary<Integer> at =
        Arbitraries.oneOf(
            Arbitraries.integers().between(0, 20_000),
            Arbitraries.integers()
                .between(0, 1250)
                .flatMap(u -> Arbitraries.integers().between(1, 15).map(o -> 16 * u + o)));
    Arbitrary<byte[]> foreign = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(100);
    Arbitrary<List<TardisChunks.Insertion>> insertions =
        Combinators.combine(at, foreign).as(TardisChunks.Insertion::new).list().ofMaxSize(8);
    return Combinators.combine(length, len, Arbitraries.longs().greaterOrEqual(0), insertions)
        .as(
            (l, n, a, i) -> {
              int size = (int) Math.min(n, l);
              return new TardisChunks(FLAG, l, a % (l - size + 1), size, i);
            });
  }

  @Property(tries = 400)
  void insertedForeignBytesStayVerbatimAndTheTardisAroundThemCompresses(
      @ForAll MarkerCheck check, @ForAll("tardisWithInsertions") TardisChunks chunk)
      throws CorruptChunkException {
    TardisCodec codec = codec(check);
    byte[] encoded = roundTrip(codec, chunk.bytes);
    // random foreign bytes hold no flag, and none straddles an insertion's edge
    Assume.that(TardisChunks.flagsIn(chunk.bytes, FLAG) == chunk.flagsInStretches());
    ChunkLayout layout = codec.layout(chunk.bytes, 0, chunk.bytes.length);
    long mustCompress = chunk.bytesInStretchesWithAWholeUnit();
    assertTrue(layout.tardisBytes() >= mustCompress, layout.tardisBytes() + " < " + mustCompress);
    long verbatim = chunk.bytes.length - mustCompress;
    int pieces = 2 * chunk.stretches.size() + 1;
    assertTrue(
        encoded.length <= ONE_PIECE + verbatim + (long) pieces * TardisEncoding.SEQUENCE_BYTES,
        "encoded " + encoded.length + " for " + verbatim + " verbatim bytes");
  }

  @Provide
  Arbitrary<byte[]> flagLadenBytes() {
    Arbitrary<byte[]> piece =
        Arbitraries.oneOf(
            Arbitraries.bytes().array(byte[].class).ofMaxSize(40),
            Arbitraries.just(unit(FLAG.value(), 0)).map(u -> java.util.Arrays.copyOf(u, 8)),
            Arbitraries.integers()
                .between(1, 15)
                .map(n -> java.util.Arrays.copyOf(unit(FLAG.value(), 0), n)),
            Arbitraries.longs().map(m -> unit(FLAG.value(), m)),
            Arbitraries.longs().between(-32, 5000).map(m -> unit(FLAG.value(), m)),
            // two units whose markers agree with the distance between them, around bytes that are
            // not units
            Combinators.combine(
                    Arbitraries.integers().between(1, 40),
                    Arbitraries.longs().between(0, 10_000),
                    Arbitraries.bytes())
                .as(TardisCodecProperties::forgedPair),
            Combinators.combine(
                    Arbitraries.longs().between(0, 5000),
                    Arbitraries.longs().between(0, 5000),
                    Arbitraries.integers().between(0, 300))
                .as(
                    (l, a, n) -> {
                      int size = (int) Math.min(n, l);
                      byte[] b = new byte[size];
                      new TardisSequence(FLAG, l).copy(a % (l - size + 1), b, 0, size);
                      return b;
                    }));
    return piece
        .list()
        .ofMaxSize(12)
        .map(
            pieces -> {
              ByteArrayOutputStream out = new ByteArrayOutputStream();
              pieces.forEach(out::writeBytes);
              return out.toByteArray();
            });
  }

  private static byte[] unit(long flag, long marker) {
    byte[] b = new byte[Unit.BYTES];
    Unit.write(flag, marker, 0, b, 0, Unit.BYTES);
    return b;
  }

  private static byte[] forgedPair(int units, long lastMarker, byte fill) {
    byte[] b = new byte[(units + 1) * Unit.BYTES];
    java.util.Arrays.fill(b, fill);
    System.arraycopy(
        unit(FLAG.value(), lastMarker + (long) units * Unit.BYTES), 0, b, 0, Unit.BYTES);
    System.arraycopy(unit(FLAG.value(), lastMarker), 0, b, units * Unit.BYTES, Unit.BYTES);
    return b;
  }

  @Property(tries = 1000)
  void everyUnitGivesBackForeignBytesThatHoldTheFlagExactly(@ForAll("flagLadenBytes") byte[] chunk)
      throws CorruptChunkException {
    roundTrip(codec(MarkerCheck.EVERY_UNIT), chunk);
    roundTrip(new TardisCodec(TardisFlag.of(0), MarkerCheck.EVERY_UNIT), chunk);
  }
}
