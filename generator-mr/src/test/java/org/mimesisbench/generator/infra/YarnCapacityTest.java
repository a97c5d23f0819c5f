package org.mimesisbench.generator.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;

class YarnCapacityTest {
  @Test
  void theApplicationMasterGoesOnTheRoomiestNodeAndMapsFillTheRest() {
    // two NodeManagers of 4 GiB (MiniHadoopClusterManager's default), AM 2 GiB, maps 1 GiB: 2 + 4
    assertEquals(6, YarnCapacity.mapsAtOnce(List.of(4096L, 4096L), 8192, 1024, 2048));
    assertEquals(
        3, YarnCapacity.mapsAtOnce(List.of(4096L, 4096L), 5120, 1024, 2048), "the queue's limit");
    assertEquals(
        -1, YarnCapacity.mapsAtOnce(List.of(1024L, 1024L), 8192, 1024, 2048), "no room for the AM");
    assertEquals(0, YarnCapacity.mapsAtOnce(List.of(2048L), 8192, 1024, 2048));
  }

  @Test
  void whatDoesNotFitIsPackedUnlessAskedForOrNothingFits() {
    YarnCapacity six = new YarnCapacity("default", 1024, 2048, 6);
    assertEquals(5, six.mappersFor(5, true));
    assertEquals(6, six.mappersFor(12, false));
    String m = assertThrows(BadInputException.class, () -> six.mappersFor(12, true)).getMessage();
    assertEquals(
        "run: phase 2 needs 13 containers at once (12 mappers of 1024 MB and the application master's"
            + " 2048 MB); queue default can run 6 mappers beside it now: use --mappers 6, smaller containers"
            + " (-D mapreduce.map.memory.mb) or a larger queue",
        m);
    m =
        assertThrows(
                BadInputException.class,
                () -> new YarnCapacity("q", 1024, 2048, -1).mappersFor(3, false))
            .getMessage();
    assertTrue(m.contains("queue q can run not even the application master now"), m);
  }
}
