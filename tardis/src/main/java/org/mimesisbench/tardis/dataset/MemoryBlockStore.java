package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Finalized blocks kept on the heap, in their stored form; gone when the DataNode stops. */
final class MemoryBlockStore implements BlockStore {
  private final AtomicLong stored = new AtomicLong();

  @Override
  public StoredBlock save(String bpid, long blockId, long genStamp, StoredBlock block)
      throws IOException {
    stored.addAndGet(block.storedBytes());
    return block;
  }

  @Override
  public StoredBlock changeGenStamp(
      String bpid, long blockId, long oldGenStamp, long newGenStamp, StoredBlock block) {
    return block;
  }

  @Override
  public void delete(String bpid, long blockId, long genStamp, StoredBlock block)
      throws IOException {
    stored.addAndGet(-block.storedBytes());
  }

  @Override
  public List<Loaded> load(String bpid) {
    return List.of();
  }

  @Override
  public long storedBytes() {
    return stored.get();
  }
}
