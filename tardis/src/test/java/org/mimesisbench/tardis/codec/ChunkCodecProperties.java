package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * What holds for every codec the DataNode may use: exact round trips, and damage always detected.
 */
class ChunkCodecProperties {
  private static final TardisCodec TARDIS =
      new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT);

  @Provide
  Arbitrary<ChunkCodec> codecs() {
    return Arbitraries.of(
        TARDIS,
        new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.FIRST_AND_LAST),
        new DeflateCodec(TardisCodec.MAX_CHUNK_BYTES_DEFAULT),
        new AdaptiveCodec(TARDIS),
        new AdaptiveCodec(TARDIS, 1.01, 64));
  }

  /** Random bytes, text, Tardis data, one after another: chunks each codec keeps in its own way. */
  @Provide
  Arbitrary<byte[]> chunks() {
    Arbitrary<byte[]> piece =
        Arbitraries.oneOf(
            Arbitraries.bytes().array(byte[].class).ofMaxSize(3000),
            Combinators.combine(Arbitraries.integers().between(0, 20_000), Arbitraries.longs())
                .as(AdaptiveCodecTest::text),
            Combinators.combine(
                    Arbitraries.longs().between(0, 1L << 40),
                    Arbitraries.longs().greaterOrEqual(0),
                    Arbitraries.integers().between(0, 30_000))
                .as(
                    (l, a, n) -> {
                      int size = (int) Math.min(n, l);
                      byte[] b = new byte[size];
                      new TardisSequence(TardisFlag.DEFAULT, l)
                          .copy(a % (l - size + 1), b, 0, size);
                      return b;
                    }));
    return piece.list().ofMaxSize(4).map(ChunkCodecProperties::concat);
  }

  private static byte[] concat(List<byte[]> pieces) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    pieces.forEach(out::writeBytes);
    return out.toByteArray();
  }

  @Property(tries = 300)
  void everyChunkComesBackExactly(
      @ForAll("codecs") ChunkCodec codec, @ForAll("chunks") byte[] chunk)
      throws CorruptChunkException {
    byte[] encoded = codec.compress(chunk, 0, chunk.length);
    byte[] framed = new byte[encoded.length + 10];
    System.arraycopy(encoded, 0, framed, 3, encoded.length);
    assertArrayEquals(chunk, codec.decompress(framed, 3, encoded.length));
  }

  enum Damage {
    FLIP_A_BIT,
    CHANGE_A_BYTE,
    CUT,
    EXTEND
  }

  @Provide
  Arbitrary<ChunkCodec> checksummedCodecs() {
    return Arbitraries.of(
        TARDIS,
        new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.FIRST_AND_LAST),
        new AdaptiveCodec(TARDIS),
        new AdaptiveCodec(TARDIS, 1.01, 64));
  }

  /** Tardis and adaptive encodings are checksummed end to end: any damage is a corrupt chunk. */
  @Property(tries = 1000)
  void aDamagedEncodingIsACorruptChunk(
      @ForAll("checksummedCodecs") ChunkCodec codec,
      @ForAll("chunks") byte[] chunk,
      @ForAll Damage damage,
      @ForAll @IntRange(min = 0) int where,
      @ForAll byte with) {
    byte[] damaged = damage(codec.compress(chunk, 0, chunk.length), damage, where, with);
    assertThrows(CorruptChunkException.class, () -> codec.decompress(damaged, 0, damaged.length));
  }

  /**
   * A zlib stream has bits its decoder ignores (the padding after the last block), so damage there
   * gives the chunk back unchanged: deflated chunks are corrupt or exact, never wrong.
   */
  @Property(tries = 500)
  void aDamagedDeflateStreamIsCorruptOrStillExact(
      @ForAll("chunks") byte[] chunk,
      @ForAll Damage damage,
      @ForAll @IntRange(min = 0) int where,
      @ForAll byte with) {
    DeflateCodec codec = new DeflateCodec(TardisCodec.MAX_CHUNK_BYTES_DEFAULT);
    byte[] damaged = damage(codec.compress(chunk, 0, chunk.length), damage, where, with);
    try {
      assertArrayEquals(chunk, codec.decompress(damaged, 0, damaged.length));
    } catch (CorruptChunkException expected) {
      // detected
    }
  }

  private static byte[] damage(byte[] encoded, Damage damage, int where, byte with) {
    int at = where % encoded.length;
    return switch (damage) {
      case FLIP_A_BIT -> flip(encoded, at, 1 << (with & 7));
      case CHANGE_A_BYTE -> flip(encoded, at, with == 0 ? 0x80 : with);
      case CUT -> Arrays.copyOf(encoded, at);
      case EXTEND -> {
        byte[] b = Arrays.copyOf(encoded, encoded.length + 1 + (at & 7));
        Arrays.fill(b, encoded.length, b.length, with);
        yield b;
      }
    };
  }

  private static byte[] flip(byte[] encoded, int at, int bits) {
    byte[] b = encoded.clone();
    b[at] ^= (byte) bits;
    return b;
  }
}
