package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.tardis.codec.StoredAsIs;

/**
 * A replica written in random pieces as the DataNode writes it (data, then CRCs, the last partial
 * CRC rewritten when its chunk grows) reads back exactly: data at any offset, and the meta file
 * HDFS would have written, while being written and once stored.
 */
class BlockWriterProperties {

  static final DataChecksum CRC = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);

  /** Writes {@code data} into a new replica {@code w} in random pieces, as BlockReceiver does. */
  static void feed(BlockWriter w, byte[] data, long seed, int maxPiece) throws IOException {
    feed(w, data, seed, maxPiece, true);
  }

  /** The same for an append ({@code create} false): the meta header is already there. */
  static void feed(BlockWriter w, byte[] data, long seed, int maxPiece, boolean create)
      throws IOException {
    BlockWriter.MetaStream meta = w.metaStream();
    if (create) {
      ByteArrayOutputStream header = new ByteArrayOutputStream();
      BlockMetadataHeader.writeHeader(new DataOutputStream(header), CRC);
      meta.write(header.toByteArray());
    }
    byte[] all = concat(w, data);
    Random random = new Random(seed);
    int from = (int) w.length();
    while (from < all.length) {
      int to = Math.min(all.length, from + 1 + random.nextInt(maxPiece));
      w.dataStream().write(all, from, to - from);
      int boundary = from - from % 512;
      if (boundary != from) {
        meta.rewind(CRC.getChecksumSize());
      }
      meta.write(ChunkChecksums.compute(CRC, all, boundary, to - boundary));
      from = to;
    }
  }

  private static byte[] concat(BlockWriter w, byte[] data) throws IOException {
    byte[] before = readAll(new BlockDataStream(w, 0));
    byte[] all = Arrays.copyOf(before, before.length + data.length);
    System.arraycopy(data, 0, all, before.length, data.length);
    return all;
  }

  static byte[] readAll(InputStream in) throws IOException {
    return in.readAllBytes();
  }

  static byte[] expectedMeta(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(out), CRC);
    out.write(ChunkChecksums.compute(CRC, data, 0, data.length));
    return out.toByteArray();
  }

  @Property(tries = 60)
  void writtenDataAndChecksumsReadBack(
      @ForAll @IntRange(max = 20_000) int length,
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 5000) int maxPiece,
      @ForAll @IntRange(min = 512, max = 8192) int chunk)
      throws IOException {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    BlockWriter w = new BlockWriter(new StoredAsIs(), chunk, CRC);
    feed(w, data, seed, maxPiece);
    assertArrayEquals(data, readAll(new BlockDataStream(w, 0)), "readable while written");
    assertArrayEquals(expectedMeta(data), readAll(new BlockMetaStream(w)));
    StoredBlock stored = w.finish();
    assertEquals(length, stored.length());
    int offset = length == 0 ? 0 : new Random(seed).nextInt(length);
    assertArrayEquals(
        Arrays.copyOfRange(data, offset, length), readAll(new BlockDataStream(stored, offset)));
    assertArrayEquals(expectedMeta(data), readAll(new BlockMetaStream(stored)));
  }

  @Property(tries = 40)
  void truncatedAndAppendedReplicasReadBack(
      @ForAll @IntRange(min = 1, max = 20_000) int length,
      @ForAll @IntRange(max = 20_000) int appended,
      @ForAll long seed)
      throws IOException {
    Random random = new Random(seed);
    byte[] data = new byte[length + appended];
    random.nextBytes(data);
    BlockWriter w = new BlockWriter(new StoredAsIs(), 2048, CRC);
    feed(w, Arrays.copyOf(data, length), seed, 3000);
    int kept = random.nextInt(length + 1); // pipeline recovery keeps the acknowledged bytes
    w.truncate(kept);
    assertArrayEquals(expectedMeta(Arrays.copyOf(data, kept)), readAll(new BlockMetaStream(w)));
    StoredBlock stored = w.finish();
    BlockWriter reopened = BlockWriter.reopen(stored, 2048); // append
    byte[] tail = Arrays.copyOfRange(data, length, length + appended);
    feed(reopened, tail, seed + 1, 3000, false);
    byte[] expected = new byte[kept + appended];
    System.arraycopy(data, 0, expected, 0, kept);
    System.arraycopy(tail, 0, expected, kept, appended);
    StoredBlock again = reopened.finish();
    assertArrayEquals(expected, readAll(new BlockDataStream(again, 0)));
    assertArrayEquals(expectedMeta(expected), readAll(new BlockMetaStream(again)));
  }
}
