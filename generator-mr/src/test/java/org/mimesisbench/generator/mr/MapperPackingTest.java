package org.mimesisbench.generator.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MapperPackingTest {
  private static final Map<Integer, Long> OPS = Map.of(0, 470L, 1, 200L, 2, 150L, 3, 100L, 4, 80L);

  private static Set<String> shares(List<List<TaskSplit>> mappers) {
    Set<String> all = new HashSet<>();
    for (List<TaskSplit> m : mappers) {
      for (TaskSplit t : m) {
        assertTrue(all.add(t.type() + "/" + t.share()), "share " + t + " twice");
      }
    }
    return all;
  }

  @Test
  void withoutALimitEachShareHasAMapper() {
    List<List<TaskSplit>> mappers = MapperPacking.mappers(OPS, 1, null);
    assertEquals(MapperAllotment.tasks(OPS, 1).size(), mappers.size());
    mappers.forEach(m -> assertEquals(1, m.size()));
  }

  @Test
  void fewerMappersHoldEveryShareOnceAndEvenly() {
    List<TaskSplit> tasks = MapperAllotment.tasks(OPS, 1); // 7 shares of about 150 ops or less
    List<List<TaskSplit>> mappers = MapperPacking.pack(tasks, OPS, 3);
    assertEquals(3, mappers.size());
    assertEquals(tasks.size(), shares(mappers).size());
    for (List<TaskSplit> m : mappers) {
      double load = m.stream().mapToDouble(t -> OPS.get(t.type()) / (double) t.shares()).sum();
      assertTrue(load <= 1000.0 / 3 + 160, "mapper " + m + " holds " + load + " of 1,000 ops");
    }
  }

  @Test
  void moreMappersThanSharesSplitTheTypesFiner() {
    List<List<TaskSplit>> mappers = MapperPacking.mappers(OPS, 1, 12);
    assertEquals(12, mappers.size());
    assertTrue(shares(mappers).size() >= 12);
  }

  @Test
  void oneMapperHoldsEverything() {
    List<List<TaskSplit>> mappers = MapperPacking.mappers(OPS, 2, 1);
    assertEquals(1, mappers.size());
    assertEquals(MapperAllotment.tasks(OPS, 2).size(), mappers.get(0).size());
  }
}
