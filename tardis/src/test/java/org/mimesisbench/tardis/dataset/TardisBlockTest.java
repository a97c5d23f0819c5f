package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.mimesisbench.tardis.codec.AdaptiveCodec;
import org.mimesisbench.tardis.codec.ChunkCodecs;
import org.mimesisbench.tardis.codec.MarkerCheck;
import org.mimesisbench.tardis.codec.TardisCodec;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * Tardis data through a replica with the storage's default codec: a few bytes, read back exactly.
 */
class TardisBlockTest {
  private static final int CHUNK = 1 << 20;
  private final AdaptiveCodec codec =
      (AdaptiveCodec) ChunkCodecs.named(TardisDataset.CODEC_DEFAULT, new Configuration(false));

  private StoredBlock written(byte[] data) throws IOException {
    BlockWriter w = new BlockWriter(codec, CHUNK, BlockWriterProperties.CRC);
    BlockWriterProperties.feed(w, data, 7, 64 * 1024);
    return w.finish();
  }

  private static long storedBytes(StoredBlock b) throws IOException {
    return b.storedBytes();
  }

  @Test
  void tardisDataIsStoredInAFewBytesPerChunkAndReadBackExactly() throws IOException {
    assertEquals(
        MarkerCheck.FIRST_AND_LAST, TardisCodec.from(new Configuration(false)).markerCheck());
    byte[] data = new byte[4 * CHUNK + 12_345];
    new TardisSequence(TardisFlag.DEFAULT, data.length).copy(0, data, 0, data.length);
    StoredBlock b = written(data);
    assertArrayEquals(data, new BlockDataStream(b, 0).readAllBytes());
    assertTrue(
        storedBytes(b) < data.length / 1000, "stored " + storedBytes(b) + " of " + data.length);
  }

  @Test
  void foreignBytesForgedToLookLikeTardisDataAreStoredExactlyToo() throws IOException {
    // consistent flag-marker pairs at either end of a chunk around bytes that are not Tardis data:
    // the fast check takes them on trust, the storage's check of its own encoding does not
    byte[] data = new byte[CHUNK];
    new TardisSequence(TardisFlag.DEFAULT, data.length).copy(0, data, 0, data.length);
    Arrays.fill(data, 1000, CHUNK - 1000, (byte) 7);
    byte[] trusted = codec.compress(data, 0, data.length);
    assertTrue(
        !Arrays.equals(data, codec.decompress(trusted, 0, trusted.length)),
        "the fast check is fooled");
    StoredBlock b = written(data);
    assertArrayEquals(data, new BlockDataStream(b, 0).readAllBytes());
  }
}
