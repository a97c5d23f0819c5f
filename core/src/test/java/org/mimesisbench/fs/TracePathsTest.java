package org.mimesisbench.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;

/**
 * The trace paths' rule, over every string of up to seven characters of '/', '.', 'a', ':' and '\'
 * (the characters it turns on): it agrees with its definition, its char and byte forms agree, a
 * confined path joined to a root lands under the root unchanged by Hadoop's normalisation, and one
 * that is not is refused.
 */
class TracePathsTest {
  private static final char[] ALPHABET = {'/', '.', 'a', ':', '\\'};
  private static final int LONGEST = 7;

  /** Every string over {@link #ALPHABET} of up to {@link #LONGEST} characters (97,656 of them). */
  private static List<String> allStrings() {
    List<String> all = new ArrayList<>();
    List<String> level = List.of("");
    all.add("");
    for (int length = 1; length <= LONGEST; length++) {
      List<String> next = new ArrayList<>();
      for (String s : level) {
        for (char c : ALPHABET) {
          next.add(s + c);
        }
      }
      all.addAll(next);
      level = next;
    }
    return all;
  }

  /** The rule as the docs state it, written the slow, obvious way. */
  private static boolean confinedByDefinition(String p) {
    if (!p.startsWith("/")) {
      return false;
    }
    if (p.equals("/")) {
      return true;
    }
    for (String name : p.substring(1).split("/", -1)) {
      if (name.isEmpty()
          || name.equals(".")
          || name.equals("..")
          || name.contains(":")
          || name.contains("\\")) {
        return false;
      }
    }
    return true;
  }

  @Test
  void theRuleIsItsDefinitionAndItsByteFormAgrees() {
    for (String p : allStrings()) {
      String why = TracePaths.whyNotConfined(p);
      assertEquals(confinedByDefinition(p), why == null, p);
      byte[] b = ("xx" + p + "yy").getBytes(StandardCharsets.US_ASCII);
      assertEquals(why, TracePaths.whyNotConfined(b, 2, 2 + p.length()), "bytes of " + p);
      assertEquals(why, TracePaths.whyNotConfined("xx" + p + "yy", 2, 2 + p.length()), p);
    }
  }

  @Test
  void aConfinedPathLandsUnderTheRootAsItIs() {
    TracePaths hdfs = TracePaths.under(new Path("hdfs://nn:8020/bench/mb/replay-1"));
    TracePaths local = TracePaths.under(new Path("file:/tmp/mb/root/"));
    for (String p : allStrings()) {
      if (TracePaths.whyNotConfined(p) != null) {
        assertThrows(BadInputException.class, () -> hdfs.resolve(p), p);
        assertThrows(BadInputException.class, () -> local.pathOf(p), p);
        continue;
      }
      Path h = hdfs.resolve(p);
      assertEquals(
          p.equals("/") ? "/bench/mb/replay-1" : "/bench/mb/replay-1" + p, h.toUri().getPath());
      assertEquals("nn:8020", h.toUri().getAuthority(), p);
      assertEquals(p.equals("/") ? "/tmp/mb/root" : "/tmp/mb/root" + p, local.pathOf(p));
      assertEquals(
          p.equals("/") ? "/tmp/mb/root" : "/tmp/mb/root" + p,
          local.resolve(p).toUri().getPath(),
          p);
    }
  }

  @Test
  void theAttacksLinesAreRefusedNamingWhy() {
    TracePaths root = TracePaths.under(new Path("hdfs://nn:8020/mb/replay-1"));
    for (String p :
        List.of(
            "/../../precious",
            "/../../victim/overwritten.txt",
            "/../../user/alice/notebooks/nb-07.ipynb",
            "/a//b/./c",
            "/a/",
            "/a/.",
            "//nn2/x",
            "/hdfs:/x",
            "/a\\..\\..\\b",
            "../x",
            "")) {
      BadInputException e = assertThrows(BadInputException.class, () -> root.resolve(p), p);
      assertTrue(e.getMessage().contains("trace path " + p + " would leave"), e.getMessage());
    }
    assertEquals(
        TracePaths.BAD_NAME, TracePaths.whyNotConfined("/../../precious"), "named by reason");
    assertEquals(TracePaths.NOT_ABSOLUTE, TracePaths.whyNotConfined("precious"));
    assertEquals(TracePaths.BAD_CHARACTER, TracePaths.whyNotConfined("/a:b"));
    assertEquals("hdfs://nn:8020/mb/replay-1", root.resolve("/").toString(), "/ is the root");
  }

  @Test
  void namesOfHadoopThatLookOddAreConfined() {
    TracePaths root = TracePaths.under(new Path("hdfs://nn:8020/mb"));
    for (String p :
        List.of(
            "/d/.snapshot/s1/f",
            "/tmp/caf\u00e9 tab\tname",
            "/a/...",
            "/a/.hidden",
            "/a/b..c",
            "/a b/%2e%2e",
            "/x#y?z")) {
      assertNull(TracePaths.whyNotConfined(p), p);
      assertEquals("/mb" + p, root.resolve(p).toUri().getPath(), p);
    }
  }

  @Test
  void anAuditValueIsAPathAConcatsListOrNoPath() {
    assertNull(TracePaths.whyNotConfinedValue("/a/b"));
    assertEquals(TracePaths.BAD_NAME, TracePaths.whyNotConfinedValue("/../../precious"));
    assertNull(TracePaths.whyNotConfinedValue("[/a/x, /a/y]"));
    assertEquals(TracePaths.BAD_NAME, TracePaths.whyNotConfinedValue("[/a/x, /../../y]"));
    assertEquals(TracePaths.BAD_NAME, TracePaths.whyNotConfinedValue("[/../x]"));
    assertNull(TracePaths.whyNotConfinedValue("[]"));
    // not paths, and a replay issues nothing on them: an erasure-coding policy, a cache directive
    assertNull(TracePaths.whyNotConfinedValue("RS-6-3-1024k"));
    assertNull(TracePaths.whyNotConfinedValue("{id: 1, path: /a, pool: p}"));
    assertNull(TracePaths.whyNotConfinedValue(""));
  }

  @Test
  void aNameIsOneConfinedComponent() {
    for (String n : allStrings()) {
      boolean one = !n.isEmpty() && !n.contains("/") && confinedByDefinition("/" + n);
      assertEquals(one, TracePaths.whyNotName(n) == null, n);
    }
    assertEquals(TracePaths.BAD_NAME, TracePaths.whyNotName(".."));
    assertEquals(TracePaths.SLASH_IN_NAME, TracePaths.whyNotName("a/b"));
    assertEquals(TracePaths.BAD_NAME, TracePaths.whyNotName(""));
  }
}
