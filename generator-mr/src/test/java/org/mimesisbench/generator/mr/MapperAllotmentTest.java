package org.mimesisbench.generator.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MapperAllotmentTest {

  private static Map<Integer, Integer> sharesByType(List<TaskSplit> tasks) {
    Map<Integer, Integer> shares = new TreeMap<>();
    for (TaskSplit t : tasks) {
      shares.merge(t.type(), 1, Integer::sum);
      assertEquals(
          tasks.stream().filter(o -> o.type() == t.type()).count(),
          t.shares(),
          "shares of type " + t.type());
    }
    return shares;
  }

  @Test
  void evenTypesGetTheMappersPerTypeAsked() {
    assertEquals(
        Map.of(0, 2, 1, 2, 2, 2),
        sharesByType(MapperAllotment.tasks(Map.of(0, 100L, 1, 100L, 2, 100L), 2)));
  }

  @Test
  void aHeavyTypeGetsMappersInProportionSoNoMapperHoldsMuchMoreThanTheAverage() {
    // the shape of the sample profile: one type with 47 % of the operations
    Map<Integer, Long> ops = Map.of(0, 470L, 1, 200L, 2, 150L, 3, 100L, 4, 80L);
    List<TaskSplit> tasks = MapperAllotment.tasks(ops, 1);
    Map<Integer, Integer> shares = sharesByType(tasks);
    assertEquals(3, shares.get(0));
    assertEquals(1, shares.get(1)); // 200 is exactly the average of 1,000 over 5
    double average = 1000.0 / 5;
    for (var e : ops.entrySet()) {
      assertTrue(
          e.getValue() / (double) shares.get(e.getKey()) <= average,
          "type " + e.getKey() + " " + shares);
    }
  }

  @Test
  void typesWithoutOperationsGetNoMapperAndShareIndexesAreDistinct() {
    Map<Integer, Long> ops = new TreeMap<>(Map.of(0, 0L, 1, 1_000_000L));
    for (int light = 2; light < 102; light++) {
      ops.put(light, 10L);
    }
    List<TaskSplit> tasks = MapperAllotment.tasks(ops, 1);
    Map<Integer, Integer> shares = sharesByType(tasks);
    assertEquals(101, shares.size(), "type 0 has no operations and no mapper");
    assertEquals(MapperAllotment.MAX_PER_TYPE, shares.get(1), "capped");
    assertEquals(1, shares.get(2));
    assertEquals(
        MapperAllotment.MAX_PER_TYPE,
        tasks.stream()
            .filter(t -> t.type() == 1)
            .map(TaskSplit::share)
            .collect(Collectors.toSet())
            .size());
  }
}
