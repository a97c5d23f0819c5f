package org.mimesisbench.tardis.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The held replicas file: read back in id order, and a replica taken out (deleted, appended to)
 * stays out when the DataNode reads the file again after a restart.
 */
class HeldReplicasTest {
  @TempDir Path root;

  @Test
  void aTakenReplicaIsNotHeldAgainAfterARestart() throws IOException {
    HeldReplicas.write(
        root,
        "BP-1",
        3,
        new long[] {1_073_741_900L, 1_073_741_826L, 1_073_741_850L},
        new long[] {1002, 1001, 1003},
        new long[] {10, 20, 30},
        new long[] {10, 50, 30});
    HeldReplicas first = HeldReplicas.read(root, "BP-1");
    assertEquals(3, first.size());
    assertEquals(1_073_741_826L, first.id(first.next(0)), "in id order");
    int deleted = first.indexOf(1_073_741_850L);
    assertEquals(1003, first.genStamp(deleted));
    first.take(deleted);
    first.take(deleted); // once is enough
    assertEquals(-1, first.indexOf(1_073_741_850L));
    first.close();

    HeldReplicas restarted = HeldReplicas.read(root, "BP-1");
    assertEquals(2, restarted.size());
    assertEquals(-1, restarted.indexOf(1_073_741_850L), "the deleted replica stays deleted");
    assertEquals(20, restarted.length(restarted.indexOf(1_073_741_826L)));
    assertEquals(Long.BYTES, Files.size(root.resolve(HeldReplicas.TAKEN)), "recorded once");
    assertNull(HeldReplicas.read(root, "BP-2"), "another block pool's image holds nothing here");
  }

  @Test
  void anIdCutShortByACrashWasNeverTakenAndANewSetForgetsTheOld() throws IOException {
    HeldReplicas.write(
        root, "BP-1", 1, new long[] {7}, new long[] {1}, new long[] {5}, new long[] {5});
    Files.write(root.resolve(HeldReplicas.TAKEN), new byte[] {0, 0, 0}, StandardOpenOption.CREATE);
    assertEquals(1, HeldReplicas.read(root, "BP-1").size());

    HeldReplicas h = HeldReplicas.read(root, "BP-1");
    h.take(h.indexOf(7));
    h.close();
    HeldReplicas.write(
        root, "BP-1", 1, new long[] {7}, new long[] {2}, new long[] {5}, new long[] {5});
    assertFalse(Files.exists(root.resolve(HeldReplicas.TAKEN)), "the old set's record goes");
    assertEquals(1, HeldReplicas.read(root, "BP-1").size());
  }
}
