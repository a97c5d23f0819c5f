package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

class AdaptiveCodecTest {
  private final AdaptiveCodec codec =
      new AdaptiveCodec(new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT));

  static byte[] text(int len, long seed) {
    String[] words =
        "the block report of each datanode lists its replicas and their generation stamps"
            .split(" ");
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder b = new StringBuilder();
    while (b.length() < len) {
      b.append(words[random.nextInt(words.length)]).append(random.nextInt(10) == 0 ? '\n' : ' ');
    }
    return b.substring(0, len).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] random(int len, long seed) {
    byte[] b = new byte[len];
    new SplittableRandom(seed).nextBytes(b);
    return b;
  }

  private String keptAs(byte[] chunk) throws CorruptChunkException {
    byte[] encoded = codec.compress(chunk, 0, chunk.length);
    assertArrayEquals(chunk, codec.decompress(encoded, 0, encoded.length));
    return codec.encodedWith(encoded, 0, encoded.length);
  }

  @Test
  void tardisDataIsKeptAsTardis() throws CorruptChunkException {
    byte[] chunk = new byte[65_536];
    new TardisSequence(TardisFlag.DEFAULT, 1L << 30).copy(12_345, chunk, 0, chunk.length);
    assertEquals(TardisCodec.NAME, keptAs(chunk));
    assertTrue(codec.compress(chunk, 0, chunk.length).length < 40);
  }

  @Test
  void foreignDataIsDeflatedWhenItsSampleCompressesAndStoredOtherwise()
      throws CorruptChunkException {
    assertEquals(DeflateCodec.NAME, keptAs(text(200_000, 1)));
    assertEquals(DeflateCodec.NAME, keptAs(text(3000, 2)));
    assertEquals(StoredAsIs.NAME, keptAs(random(200_000, 3)));
    assertEquals(StoredAsIs.NAME, keptAs(random(100, 4)));
    assertEquals(StoredAsIs.NAME, keptAs(new byte[0]));
    assertEquals(StoredAsIs.NAME, keptAs(new byte[] {1}));
    // the sample is judged, not the whole: random bytes where the slices fall, text elsewhere
    byte[] mixed = text(400_000, 5);
    for (int i = 0; i < 4; i++) {
      int at = (int) ((long) (mixed.length - 4096) * i / 3);
      System.arraycopy(random(4096, i), 0, mixed, at, 4096);
    }
    assertEquals(StoredAsIs.NAME, keptAs(mixed));
  }

  @Test
  void aStoredChunkCostsFiveBytesMore() {
    byte[] chunk = random(10_000, 6);
    assertEquals(10_005, codec.compress(chunk, 0, chunk.length).length);
  }

  @Test
  void refusesUnknownCodecsAndDamage() {
    byte[] chunk = text(5000, 7);
    byte[] encoded = codec.compress(chunk, 0, chunk.length);
    encoded[0] = 'X';
    assertThrows(CorruptChunkException.class, () -> codec.decompress(encoded, 0, encoded.length));
    assertThrows(CorruptChunkException.class, () -> codec.decompress(encoded, 0, 4));
    assertThrows(CorruptChunkException.class, () -> codec.encodedWith(new byte[] {'T'}, 0, 1));
  }

  @Test
  void comesFromTheConfiguration() {
    Configuration conf = new Configuration(false);
    conf.set(AdaptiveCodec.MIN_RATIO_KEY, "0.5");
    assertTrue(
        assertThrows(BadInputException.class, () -> AdaptiveCodec.from(conf))
            .getMessage()
            .startsWith(AdaptiveCodec.MIN_RATIO_KEY));
    conf.set(AdaptiveCodec.MIN_RATIO_KEY, "2");
    conf.set(AdaptiveCodec.SAMPLE_BYTES_KEY, "0");
    assertTrue(
        assertThrows(BadInputException.class, () -> AdaptiveCodec.from(conf))
            .getMessage()
            .startsWith(AdaptiveCodec.SAMPLE_BYTES_KEY));
    conf.setInt(AdaptiveCodec.SAMPLE_BYTES_KEY, 4096);
    AdaptiveCodec fromConf = AdaptiveCodec.from(conf);
    byte[] chunk = text(50_000, 8);
    byte[] encoded = fromConf.compress(chunk, 0, chunk.length);
    assertEquals(AdaptiveCodec.NAME, fromConf.name());
    assertTrue(encoded.length * 2 <= chunk.length);
  }
}
