package org.mimesisbench.generator.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
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
    assertEquals(0, StartBarrier.arrived(fs, barrier));
    String m =
        assertThrows(
                IOException.class,
                () -> new StartBarrier(fs, barrier, 3, 1_200).await("mapper0", () -> {}))
            .getMessage();
    assertEquals(1, StartBarrier.arrived(fs, barrier));
    assertTrue(
        m.startsWith(
            "start barrier: 1 of 3 mappers arrived within 1 s (--barrier-timeout); a mapper that"
                + " never came either found no room (the queue cannot run 3 map containers and the application master at"
                + " once: give --mappers 1"),
        m);
    BarrierWatch watch = new BarrierWatch(fs, barrier, 3);
    assertEquals("start barrier: 1 of 3 mappers arrived", watch.waiting());
  }
}
