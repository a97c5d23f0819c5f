package org.mimesisbench.generator.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartBarrierTest {
  @TempDir Path dir;

  @Test
  void aBarrierThatTimesOutSaysHowManyCameAndWhyOneMightNot() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path barrier =
        new org.apache.hadoop.fs.Path(dir.resolve("barrier").toUri());
    assertEquals(0, StartBarrier.arrivals(fs, barrier).length);
    String m =
        assertThrows(
                IOException.class,
                () -> new StartBarrier(fs, barrier, 3, 1_200).await("mapper0", () -> {}))
            .getMessage();
    assertEquals(1, StartBarrier.arrivals(fs, barrier).length);
    assertTrue(
        m.startsWith(
            "start barrier: 1 of 3 mappers arrived within 1 s (--barrier-timeout); a mapper that"
                + " never came either found no room (the queue cannot run 3 map containers and the application master at"
                + " once: give --mappers 1"),
        m);
    BarrierWatch watch = new BarrierWatch(fs, barrier, 3);
    assertEquals("start barrier: 1 of 3 mappers arrived", watch.waiting());
    assertNull(watch.passed());
  }

  @Test
  void theWatchSaysOnceWhenEveryMapperArrivedAndTheTimeZeroTheyStartAt() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path barrier =
        new org.apache.hadoop.fs.Path(dir.resolve("barrier").toUri());
    BarrierWatch watch = new BarrierWatch(fs, barrier, 2);
    assertEquals("start barrier: 0 of 2 mappers arrived", watch.waiting());
    Thread other =
        new Thread(
            () -> {
              try {
                new StartBarrier(fs, barrier, 2, 10_000).await("mapper1", () -> {});
              } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    other.start();
    new StartBarrier(fs, barrier, 2, 10_000).await("mapper0", () -> {});
    other.join();
    assertNull(watch.waiting());
    assertEquals(
        "every mapper arrived at the start barrier: time zero at "
            + Instant.ofEpochMilli(StartBarrier.startMillis(fs, barrier)),
        watch.passed());
    assertNull(watch.passed(), "said once");
  }
}
