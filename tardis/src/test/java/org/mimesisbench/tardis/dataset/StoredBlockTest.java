package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.CorruptChunkException;
import org.mimesisbench.tardis.codec.StoredAsIs;

/** A stored block on disk: read back after a restart, and never read wrong when damaged. */
class StoredBlockTest {
  private static final String BPID = "BP-1-127.0.0.1-1";

  @TempDir Path volume;

  private static StoredBlock block(byte[] data) throws IOException {
    BlockWriter w = new BlockWriter(new StoredAsIs(), 4096, BlockWriterProperties.CRC);
    BlockWriterProperties.feed(w, data, 1, 1500);
    return w.finish();
  }

  private static ChunkCodec codecs(String name) {
    return name.equals(StoredAsIs.NAME) ? new StoredAsIs() : null;
  }

  @Test
  void aSavedBlockIsReadBackByANewStore() throws IOException {
    byte[] data = new byte[10_000];
    new Random(3).nextBytes(data);
    new DiskBlockStore(volume, StoredBlockTest::codecs).save(BPID, 42, 7, block(data));
    List<BlockStore.Loaded> loaded = new DiskBlockStore(volume, StoredBlockTest::codecs).load(BPID);
    assertEquals(1, loaded.size());
    assertEquals(42, loaded.get(0).blockId());
    assertEquals(7, loaded.get(0).genStamp());
    assertArrayEquals(data, new BlockDataStream(loaded.get(0).block(), 0).readAllBytes());
    assertArrayEquals(
        BlockWriterProperties.expectedMeta(data),
        new BlockMetaStream(loaded.get(0).block()).readAllBytes());
  }

  @Test
  void aFlippedByteOrACutFileIsACorruptChunkNeverWrongData() throws IOException {
    byte[] data = new byte[10_000];
    new Random(4).nextBytes(data);
    DiskBlockStore store = new DiskBlockStore(volume, StoredBlockTest::codecs);
    StoredBlock flipped = store.save(BPID, 1, 1, block(data));
    StoredBlock cut = store.save(BPID, 2, 1, block(data));
    try (RandomAccessFile raf = new RandomAccessFile(store.file(BPID, 1, 1).toFile(), "rw")) {
      raf.seek(raf.length() - 10);
      int b = raf.read();
      raf.seek(raf.length() - 10);
      raf.write(b ^ 1);
    }
    try (RandomAccessFile raf = new RandomAccessFile(store.file(BPID, 2, 1).toFile(), "rw")) {
      raf.setLength(raf.length() - 1);
    }
    CorruptChunkException e =
        assertThrows(
            CorruptChunkException.class, () -> new BlockDataStream(flipped, 0).readAllBytes());
    assertTrue(e.getMessage().contains("does not match its checksums"), e.getMessage());
    assertThrows(CorruptChunkException.class, () -> new BlockMetaStream(flipped).readAllBytes());
    e = assertThrows(CorruptChunkException.class, () -> new BlockDataStream(cut, 0).readAllBytes());
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    // the first chunks are intact and read
    assertArrayEquals(
        java.util.Arrays.copyOf(data, 4096), new BlockDataStream(cut, 0).readNBytes(4096));
  }

  @Test
  void aFileCutInsideItsHeaderIsSkippedOnLoad() throws IOException {
    DiskBlockStore store = new DiskBlockStore(volume, StoredBlockTest::codecs);
    store.save(BPID, 5, 1, block(new byte[100]));
    try (RandomAccessFile raf = new RandomAccessFile(store.file(BPID, 5, 1).toFile(), "rw")) {
      raf.setLength(12);
    }
    Files.writeString(store.folder(BPID).resolve(".blk_6_1.tardis.tmp"), "half written");
    assertEquals(List.of(), new DiskBlockStore(volume, StoredBlockTest::codecs).load(BPID));
    assertTrue(Files.notExists(store.folder(BPID).resolve(".blk_6_1.tardis.tmp")));
  }

  @Test
  void aOneMegabyteBlockCostsItsEncodedChunkAndAFewDozenBytes() throws IOException {
    StoredBlock b = block(new byte[1 << 20]);
    long overhead = b.storedBytes() - (1 << 20); // stored as is: the chunk itself, plus the header
    assertTrue(overhead < 2400, "header and index of 256 chunks: " + overhead + " bytes");
  }
}
