package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.util.List;

/**
 * Where a volume keeps its finalized blocks. The replica map knows every replica; the store only
 * keeps finalized ones, so a restarted DataNode reads its finalized replicas back.
 */
interface BlockStore {

  /** Keeps a finalized block; returns it as read from the store from now on. */
  StoredBlock save(String bpid, long blockId, long genStamp, StoredBlock block) throws IOException;

  /** The same block under a new generation stamp (recovery, append, close recovery). */
  StoredBlock changeGenStamp(
      String bpid, long blockId, long oldGenStamp, long newGenStamp, StoredBlock block)
      throws IOException;

  void delete(String bpid, long blockId, long genStamp, StoredBlock block) throws IOException;

  /** Finalized blocks kept from before, none for a store that forgets on restart. */
  List<Loaded> load(String bpid) throws IOException;

  /** Bytes the store holds (what compression saves shows here). */
  long storedBytes();

  /** One finalized block found in the store. */
  record Loaded(long blockId, long genStamp, StoredBlock block) {}
}
