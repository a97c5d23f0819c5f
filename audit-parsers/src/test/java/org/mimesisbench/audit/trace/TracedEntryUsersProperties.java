package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A path's users sorted as numbers (events and name rank packed, at the trace's end) come in the
 * order the records' sort gives them: by descending events, ties by name, whatever the names
 * (non-ASCII, prefixes of each other) and however many events (too many to pack falls back).
 */
class TracedEntryUsersProperties {
  private static final List<String> NAMES =
      List.of("hdfs", "hive", "hive2", "bob", "Bob", "ünï", "zoë", "a", "yarn", "spark");

  @Property(tries = 1000)
  void rankedSortIsTheRecordsSort(
      @ForAll @IntRange(min = 1, max = 40) int events,
      @ForAll boolean hugeCount,
      @ForAll long seed) {
    Random random = new Random(seed);
    TraceCounts counts = new TraceCounts();
    for (String name : NAMES) { // users first met in an order of their own, not by name
      if (random.nextBoolean()) {
        counts.user(name);
      }
    }
    TracedEntry life = new TracedEntry(0, "/p", TracedEntry.Kind.FILE);
    for (int i = 0; i < events; i++) {
      life.countUser(counts.user(NAMES.get(random.nextInt(NAMES.size()))));
    }
    if (hugeCount) {
      life.userEvents += 1L << (31 + random.nextInt(30));
    }
    int n = life.userCount();
    String[] expectedNames = new String[n];
    long[] expectedEvents = new long[n];
    assertEquals(n, life.users(expectedNames, expectedEvents, null));

    TraceCounts.User[] byName = counts.usersByName();
    String[] names = new String[n];
    long[] counted = new long[n];
    assertEquals(n, life.users(names, counted, byName));
    assertArrayEquals(expectedNames, names, Arrays.toString(expectedEvents));
    assertArrayEquals(expectedEvents, counted);
  }
}
