package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.layout.HierarchyLayout;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.namespace.stats.ProfileStatistics;
import org.mimesisbench.profile.PreExistingActivation;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

class ScheduleTest {

  private static WorkloadModel model(RunOptions options) throws Exception {
    return WorkloadModel.of("vector", GeneratorVectors.profile(), options);
  }

  /** Every event of a type's schedule split into {@code shares}, pooled. */
  private static List<String> events(
      WorkloadModel m, NamespaceLayout layout, FileTypeModel t, int shares) {
    List<String> all = new ArrayList<>();
    for (int s = 0; s < shares; s++) {
      TypeSchedule schedule = new TypeSchedule(m, t, layout, 7, s, shares, "tag");
      for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
        double last = -1;
        while (!f.done()) {
          Event e = f.next();
          assertTrue(e.timeMs() >= last, "a file's events come in time order");
          assertTrue(e.timeMs() < m.windowMs(), "every event lies in the window");
          last = e.timeMs();
          all.add(e.timeMs() + " " + e.op() + " " + e.path() + " " + e.target());
        }
      }
    }
    all.sort(null);
    return all;
  }

  @Test
  void aWindowIsTheSameScheduleAtEveryTimeScale() throws Exception {
    Profile profile = GeneratorVectors.profile();
    long window = profile.getDurationMs() / 3;
    for (double scale : new double[] {1, 0.5, 0}) {
      RunOptions o = GeneratorVectors.options().setTimeScale(scale).setWindowMs(window).build();
      assertEquals(window, model(o).windowMs(), 1e-9, "time scale " + scale);
    }
    RunOptions duration =
        GeneratorVectors.options().setTimeScale(0.5).setDurationMs(window).build();
    assertEquals(2.0 * window, model(duration).windowMs(), 1e-9, "--duration is wall clock");
  }

  @Test
  void theScheduleDoesNotDependOnHowManyMappersShareAType() throws Exception {
    Profile profile = GeneratorVectors.profile();
    WorkloadModel m = model(GeneratorVectors.options().build());
    NamespaceLayout layout = HierarchyLayout.of(m, ProfileStatistics.of(profile, "vector"), 60, 7);
    for (FileTypeModel t : m.runTypes()) {
      List<String> one = events(m, layout, t, 1);
      assertEquals(one, events(m, layout, t, 3), "type " + t.index());
      assertEquals(one, events(m, layout, t, 1), "the same seed gives the same schedule");
    }
  }

  /** The Java schedule against the reference generator's mean ops per copy of the model. */
  @Test
  void opCountsMatchTheReferenceGenerator() throws Exception {
    JsonNode vector = GeneratorVectors.schedule();
    int replicas = vector.get("replicas").asInt();
    for (double spanScale : new double[] {1.0, 2.0}) {
      WorkloadModel m =
          model(
              GeneratorVectors.options()
                  .setSpanScale(spanScale)
                  .setTypeScales(Map.of("all", (double) replicas))
                  .build());
      Map<Op, Long> java = Forecast.count(m, new FlatLayout(m), 3, "tag", n -> {}).byOp();
      // every call, by audit command: files', directories' (a recursive delete is a delete),
      // probes, the cluster's
      JsonNode reference = vector.get("expectedCommands").get(Double.toString(spanScale));
      Map<String, Long> byCommand = new java.util.TreeMap<>();
      java.forEach((op, n) -> byCommand.merge(op.auditCommand(), n, Long::sum));
      java.util.Set<String> commands = new java.util.TreeSet<>(byCommand.keySet());
      reference.fieldNames().forEachRemaining(commands::add);
      for (String command : commands) { // a command the reference does not list it never draws
        double expected = reference.has(command) ? reference.get(command).asDouble() : 0;
        double got = byCommand.getOrDefault(command, 0L) / (double) replicas;
        // a Poisson-like error of the two estimates, each from `replicas` copies, plus 2 % for
        // heavy tails
        double tolerance = 4 * Math.sqrt(2 * expected / replicas) + 0.02 * expected + 0.5;
        assertEquals(expected, got, tolerance, command + " at span scale " + spanScale);
      }
    }
  }

  @Test
  void spanScaleTwoAboutDoublesAccessesPerFile() throws Exception {
    WorkloadModel one =
        model(GeneratorVectors.options().setTypeScales(Map.of("all", 20.0)).build());
    WorkloadModel two =
        model(
            GeneratorVectors.options()
                .setTypeScales(Map.of("all", 20.0))
                .setSpanScale(2.0)
                .build());
    double ratio = accesses(two) / accesses(one);
    // not exactly 2: accesses pushed past the window's end are not issued
    assertTrue(ratio > 1.1 && ratio <= 2.05, "accesses ratio " + ratio);
  }

  /**
   * A directory's accesses are split among listings, stats and content summaries by systematic
   * sampling, as the reference generator's: each kind gets floor or ceil of its share of the
   * directory's accesses (independent draws scattered a type's listings over other directories than
   * the trace's: a run's listing popularity KS was 0.093 on the warehouse trace against the
   * reference's 0.041).
   */
  @Test
  void aDirectorysAccessesAreSplitByItsSharesToWithinOne() throws Exception {
    WorkloadModel m = model(GeneratorVectors.options().setTypeScales(Map.of("all", 5.0)).build());
    NamespaceLayout layout = new FlatLayout(m);
    long mixed = 0;
    for (DirectoryTypeModel t : m.runDirectoryTypes()) {
      double[] kinds = t.accessKinds();
      DirectorySchedule schedule = new DirectorySchedule(m, t, layout, 7, 0, 1, "tag");
      for (EntryLife d = schedule.next(); d != null; d = schedule.next()) {
        Map<Op, Long> byKind = new java.util.EnumMap<>(Op.class);
        long n = 0;
        while (!d.done()) {
          Event e = d.next();
          if (java.util.Arrays.asList(Op.DIRECTORY_ACCESSES).contains(e.op())) {
            byKind.merge(e.op(), 1L, Long::sum);
            n++;
          }
        }
        for (int k = 0; k < kinds.length; k++) {
          double expected = n * (kinds[k] - (k == 0 ? 0 : kinds[k - 1]));
          long got = byKind.getOrDefault(Op.DIRECTORY_ACCESSES[k], 0L);
          assertTrue(
              got >= Math.floor(expected - 1e-9) && got <= Math.ceil(expected + 1e-9),
              "d"
                  + t.index()
                  + " "
                  + Op.DIRECTORY_ACCESSES[k]
                  + ": "
                  + got
                  + " of "
                  + n
                  + " accesses");
        }
        mixed += byKind.size() > 1 ? 1 : 0;
      }
    }
    assertTrue(mixed > 0, "some directory has accesses of two kinds");
  }

  /**
   * UNIFORM spreads pre-existing files' first accesses over the profile's window; DELAY puts them
   * an activation delay (here under a quarter of the window) after its start.
   */
  @Test
  void preExistingFilesAreFirstAccessedUniformlyOverTheWindowWhenTheProfileSaysSo()
      throws Exception {
    Profile steady =
        SyntheticProfile.steadyAccesses(4000, 4, 1000.0, SyntheticProfile.only("open"));
    int[] delay = firstAccessQuarters(steady);
    assertEquals(4000, delay[0], "DELAY: every first access in the window's first quarter");
    steady.setPreExistingActivation(PreExistingActivation.UNIFORM);
    int[] uniform = firstAccessQuarters(steady);
    for (int q = 0; q < 4; q++) { // 1,000 expected, binomial sd 27
      assertEquals(1000, uniform[q], 120, "UNIFORM: first accesses in quarter " + q);
    }
  }

  /** How many files are first accessed in each quarter of the profile's window. */
  private static int[] firstAccessQuarters(Profile profile) {
    WorkloadModel m = WorkloadModel.of("synthetic", profile, GeneratorVectors.options().build());
    int[] quarters = new int[4];
    TypeSchedule schedule =
        new TypeSchedule(m, m.runTypes().get(0), new FlatLayout(m), 7, 0, 1, "t");
    for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
      if (!f.done()) {
        quarters[(int) (4 * f.next().timeMs() / profile.getDurationMs())]++;
      }
    }
    return quarters;
  }

  private static double accesses(WorkloadModel m) {
    Map<Op, Long> c = Forecast.count(m, new FlatLayout(m), 1, "t", n -> {}).byOp();
    return c.get(Op.OPEN) + c.get(Op.LIST_STATUS) + c.get(Op.GET_FILE_INFO);
  }
}
