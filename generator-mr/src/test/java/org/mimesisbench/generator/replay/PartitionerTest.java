package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionerTest {
  @Test
  void aPathsKeyIsItsFirstTwoComponents() {
    assertEquals("/user/alice", Partitioner.key("/user/alice/x/y"));
    assertEquals("/user/alice", Partitioner.key("/user/alice"));
    assertEquals("/user", Partitioner.key("/user"));
    assertEquals("/", Partitioner.key("/"));
    assertEquals(Partitioner.CLUSTER, Partitioner.key(null));
  }

  @Test
  void keysGoWholeToTheLeastLoadedMapper() {
    Partitioner p = new Partitioner();
    for (int i = 0; i < 10; i++) {
      p.add("/a/b/f" + i, null, false);
    }
    p.add("/c/d/f", null, false);
    p.add("/e/f/g", null, false);
    Map<String, Integer> byKey = p.partition(2);
    assertNotEquals(byKey.get("/a/b"), byKey.get("/c/d"), "the big key alone on one mapper");
    assertEquals(byKey.get("/c/d"), byKey.get("/e/f"));
  }

  @Test
  void aRenameJoinsItsPathsKeys() {
    Partitioner p = new Partitioner();
    for (String key : new String[] {"/a/b", "/c/d", "/e/f", "/g/h"}) {
      p.add(key + "/x", null, false);
    }
    p.add("/a/b/x", "/g/h/x", false);
    Map<String, Integer> byKey = p.partition(4);
    assertEquals(byKey.get("/a/b"), byKey.get("/g/h"));
    assertEquals(3, byKey.values().stream().distinct().count());
  }

  @Test
  void aDeleteAboveKeyDepthJoinsEveryKeyUnderIt() {
    Partitioner p = new Partitioner();
    p.add("/tmp/a/x", null, false);
    p.add("/tmp/b/y", null, false);
    p.add("/data/c/z", null, false);
    p.add("/tmp", null, true);
    Map<String, Integer> byKey = p.partition(3);
    assertEquals(byKey.get("/tmp"), byKey.get("/tmp/a"));
    assertEquals(byKey.get("/tmp"), byKey.get("/tmp/b"));
    assertNotEquals(byKey.get("/tmp"), byKey.get("/data/c"));
  }
}
