package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.PreExistingActivation;
import org.mimesisbench.profile.Profile;

/**
 * A run whose window is shorter than the profile's (--duration at a time scale, --window, a
 * capacity probe) issues the events of the whole window that come first, no others (but the probes
 * of a path whose create the cut leaves out): its lives are drawn over the profile's window and
 * cut. Drawn over the short window instead, a pre-existing file first read past it was deleted at
 * the window's start, and a life the cut shortened had its accesses squeezed in: a slow capacity
 * probe of the Yahoo profile met thousands of deletes in its first seconds.
 */
class ShorterWindowTest {

  /** The vector profile with calls, probes, a directory type, rename delays and deletes. */
  private static Profile profile(boolean uniform) throws Exception {
    Profile p = GeneratorVectors.profileWithCallsAndProbes();
    List<FileType> types = new ArrayList<>();
    for (FileType t : p.getFileTypes()) {
      types.add(
          FileType.newBuilder(t)
              .setRenameDelay(GeneratorVectors.twoPoints(50, p.getDurationMs() / 3.0))
              .setDeleteShare(Math.max(t.getDeleteShare(), 0.5))
              .setDeleteDelay(GeneratorVectors.twoPoints(1, 2000))
              .build());
    }
    return Profile.newBuilder(p)
        .setFileTypes(types)
        .setRenamesPerCreate(1.5)
        .setPreExistingActivation(
            uniform ? PreExistingActivation.UNIFORM : PreExistingActivation.DELAY)
        .build();
  }

  /** Every event of every type (files and directories), one line each, sorted. */
  private static List<String> events(WorkloadModel m, NamespaceLayout layout) {
    List<String> all = new ArrayList<>();
    for (FileTypeModel t : m.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(m, t, layout, 7, 0, 1, "tag");
      for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
        add(f, all);
      }
    }
    for (DirectoryTypeModel t : m.directoryTypes()) {
      DirectorySchedule schedule = new DirectorySchedule(m, t, layout, 7, 0, 1, "tag");
      for (EntryLife d = schedule.next(); d != null; d = schedule.next()) {
        add(d, all);
      }
    }
    all.sort(null);
    return all;
  }

  /** The first few of {@code a} not in {@code b} (a readable failure: schedules are long). */
  private static List<String> difference(List<String> a, List<String> b) {
    List<String> left = new ArrayList<>(a);
    for (String e : b) {
      left.remove(e);
    }
    return left.subList(0, Math.min(8, left.size()));
  }

  private static void add(EntryLife life, List<String> into) {
    while (!life.done()) {
      Event e = life.next();
      into.add(String.format("%015.6f %s %s %s", e.timeMs(), e.op(), e.path(), e.target()));
    }
  }

  @ParameterizedTest(name = "pre-existing activation uniform: {0}")
  @ValueSource(booleans = {false, true})
  void aShorterWindowIssuesTheWholeWindowsFirstEvents(boolean uniform) throws Exception {
    Profile p = profile(uniform);
    WorkloadModel whole = WorkloadModel.of("test", p, GeneratorVectors.options().build());
    NamespaceLayout layout = new FlatLayout(whole);
    List<String> all = events(whole, layout);
    for (long cut : new long[] {p.getDurationMs() / 4, p.getDurationMs() / 7}) {
      WorkloadModel shorter =
          WorkloadModel.of("test", p, GeneratorVectors.options().setWindowMs(cut).build());
      List<String> before =
          all.stream().filter(e -> Double.parseDouble(e.substring(0, 15)) < cut).toList();
      // the one exception: the probes of a path whose create comes after the cut, never made
      Set<String> made = new HashSet<>();
      for (String e : before) {
        String[] f = e.split(" ");
        if (f[1].equals("CREATE") || f[1].equals("MKDIRS")) {
          made.add(f[2].replaceFirst("\\._r\\d+$", ""));
        }
      }
      List<String> expected =
          before.stream()
              .filter(e -> !e.split(" ")[1].endsWith("_PROBE") || made.contains(e.split(" ")[2]))
              .toList();
      List<String> got = events(shorter, layout);
      assertEquals(List.of(), difference(expected, got), "window " + cut + ": not issued");
      assertEquals(List.of(), difference(got, expected), "window " + cut + ": not in the whole");
      Predicate<String> delete = e -> e.contains(" DELETE");
      assertTrue(expected.stream().anyMatch(delete), "the vector deletes in the short window");
      assertTrue(all.stream().filter(delete).count() > expected.stream().filter(delete).count());
    }
    assertFalse(all.isEmpty());
  }
}
