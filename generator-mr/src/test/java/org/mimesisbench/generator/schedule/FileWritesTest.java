package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/** A file's data is a pure function of the run's seed and the file, drawn apart from its life. */
class FileWritesTest {

  /** Every event of every type's schedule, with what it writes. */
  private static List<String> events(Profile profile, RunOptions options) {
    return events(profile, options, true);
  }

  /** The same, what each event writes left out unless {@code writes}. */
  private static List<String> events(Profile profile, RunOptions options, boolean writes) {
    WorkloadModel m = WorkloadModel.of("sized", profile, options);
    FlatLayout layout = new FlatLayout(m);
    List<String> all = new ArrayList<>();
    for (FileTypeModel t : m.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(m, t, layout, options.getSeed(), 0, 1, "tag");
      for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
        while (!f.done()) {
          Event e = f.next();
          assertTrue(
              e.write() == null || e.op() == Op.CREATE || e.op() == Op.APPEND,
              "only creates and appends write: " + e);
          all.add(e.timeMs() + " " + e.op() + " " + e.path() + (writes ? " " + e.write() : ""));
        }
      }
    }
    return all;
  }

  @Test
  void createsWriteTheirDrawnSizesTheSameForTheSameSeed() throws Exception {
    Profile sized = GeneratorVectors.profileWithSizes();
    RunOptions seven = GeneratorVectors.options().setSeed(7).build();
    List<String> withData = events(sized, seven);
    assertTrue(withData.stream().anyMatch(e -> e.contains("CREATE") && !e.endsWith("null")));
    assertEquals(withData, events(sized, seven), "the same seed writes the same data");
    assertNotEquals(withData, events(sized, GeneratorVectors.options().setSeed(8).build()));
  }

  @Test
  void sizesLeaveTheScheduleAsItWas() throws Exception {
    Profile sized = GeneratorVectors.profileWithSizes();
    RunOptions zero = GeneratorVectors.options().setSeed(7).setZeroSize(true).build();
    List<String> empty = events(sized, zero);
    assertTrue(empty.stream().allMatch(e -> e.endsWith("null")), "--zero-size writes nothing");
    assertEquals(
        events(sized, zero, false),
        events(sized, GeneratorVectors.options().setSeed(7).build(), false),
        "the same ops at the same times with data or without");
  }

  @Test
  void aPreExistingFilesDataDependsOnTheSeedAndItsPathOnly() throws Exception {
    WorkloadModel m =
        WorkloadModel.of(
            "sized", GeneratorVectors.profileWithSizes(), GeneratorVectors.options().build());
    var sizes = m.allTypes().get(1).sizes();
    Write a = FileWrites.preExisting(sizes, 7, 1, "/d0/f3.t1").preExisting();
    assertEquals(a, FileWrites.preExisting(sizes, 7, 1, "/d0/f3.t1").preExisting());
    assertTrue(a.bytes() == 1000 || a.bytes() == (long) (2.5 * GeneratorVectors.MIB), a::toString);
    assertEquals(GeneratorVectors.MIB, a.blockSize());
    assertTrue(a.replication() == 2 || a.replication() == 5, a::toString);
    assertTrue(m.writesData());
    assertEquals(5, m.maxReplication());
    assertNull(FileWrites.of(org.mimesisbench.profile.FileSizeModel.ZERO, 7), "no sizes: empty");
  }

  @Test
  void aProfileWithoutSizesWritesNothing() throws Exception {
    Profile v4 = GeneratorVectors.profileWithoutSizes();
    WorkloadModel m = WorkloadModel.of("v4", v4, GeneratorVectors.options().build());
    assertTrue(!m.writesData());
    assertEquals(1, m.maxReplication());
    assertTrue(
        events(v4, GeneratorVectors.options().build()).stream().allMatch(e -> e.endsWith("null")));
  }
}
