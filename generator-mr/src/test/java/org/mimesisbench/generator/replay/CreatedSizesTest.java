package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.run.RunOptions;
import org.mimesisbench.trace.NamespaceEntry;

class CreatedSizesTest {
  @TempDir Path dir;

  private static ReplayTrace warehouse() throws Exception {
    return ReplayTrace.read("replay: --trace", SampleTrace.WAREHOUSE, true, 1, null, 4);
  }

  @Test
  void everyCreateOfTheTraceFindsItsSizeByPathAndTime() throws Exception {
    ReplayTrace t = warehouse();
    Set<ReplayClient.Created> sized =
        t.createdSizes.entries.stream()
            .map(e -> new ReplayClient.Created(e.getPath(), e.getMtime()))
            .collect(Collectors.toSet());
    List<ReplayClient.Created> creates =
        t.partitions.stream()
            .flatMap(List::stream)
            .map(ReplayCall::of)
            .filter(c -> c.event().op() == org.mimesisbench.generator.op.Op.CREATE)
            .map(c -> ReplayClient.Created.of(c.event()))
            .toList();
    assertEquals(78, creates.size());
    assertTrue(sized.containsAll(creates), "creates without a size");
    assertTrue(t.sizes && t.endImage);
    assertTrue(t.maxReplication() == 3, "max replication " + t.maxReplication());
  }

  @Test
  void aCreatedFileTheEndImageDoesNotHoldGetsADrawnSizeOfThoseItHolds() throws Exception {
    ReplayTrace t = warehouse();
    CreatedSizes sizes = t.createdSizes;
    assertTrue(sizes.drawn > 0 && sizes.drawn < sizes.entries.size(), sizes.drawn + " drawn");
    Set<Long> recorded =
        sizes.entries.subList(0, sizes.entries.size() - (int) sizes.drawn).stream()
            .map(NamespaceEntry::getSize)
            .collect(Collectors.toSet());
    for (NamespaceEntry e : sizes.entries) {
      assertTrue(recorded.contains(e.getSize()), e.toString());
    }
    // the same trace draws the same sizes
    assertEquals(sizes.entries, warehouse().createdSizes.entries);
  }

  private static ReplayPlan plan(ReplayTrace t, Path trace, boolean zeroSize) {
    return new ReplayPlan(
        "20260101-000000-abcdef",
        RunOptions.newBuilder().setProfile(trace.toString()).setZeroSize(zeroSize).build(),
        ReplayPlan.Users.ONE,
        t,
        new org.apache.hadoop.fs.Path("/base"));
  }

  @Test
  void aTraceWithoutSizesOrAZeroSizeReplayWritesNoData() throws Exception {
    for (String f : List.of(ReplayTrace.EVENTS, ReplayTrace.FILES, ReplayTrace.DIRS)) {
      Files.copy(SampleTrace.DIR.resolve(f), dir.resolve(f));
    }
    ReplayTrace none = ReplayTrace.read("replay: --trace", dir, true, 1, null, 4);
    assertFalse(none.sizes);
    ReplayPlan empty = plan(none, dir, false);
    assertFalse(empty.writesData());
    assertEquals(0, empty.maxDataReplication());
    assertTrue(
        empty.notes().stream().anyMatch(n -> n.contains("no file sizes")),
        empty.notes().toString());

    ReplayPlan zero = plan(warehouse(), SampleTrace.WAREHOUSE, true);
    assertFalse(zero.writesData());
    assertEquals(0, zero.maxDataReplication());
    assertTrue(zero.notes().stream().noneMatch(n -> n.contains("sizes")), zero.notes().toString());
    ReplayPlan sized = plan(warehouse(), SampleTrace.WAREHOUSE, false);
    assertTrue(sized.writesData());
    assertEquals(3, sized.maxDataReplication());
  }

  @Test
  void withoutAnyImageCreatedFilesStayEmpty() {
    CreatedSizes none =
        new CreatedSizes(
            List.of(new CreatedSizes.Created("/a/f", 10, "/a/f", true)), Map.of(), List.of(), 0);
    assertTrue(none.entries.isEmpty());
    assertEquals(0, none.drawn);
  }
}
