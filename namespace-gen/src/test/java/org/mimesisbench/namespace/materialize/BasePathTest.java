package org.mimesisbench.namespace.materialize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.TracePaths;

/**
 * A namespace entry's check (on its bytes, the materializer's hot path) is the trace paths' rule:
 * over every string of up to six of the characters the rule turns on, BasePath refuses exactly what
 * TracePaths refuses, and resolves the rest where TracePaths does.
 */
class BasePathTest {
  @Test
  void theEntryCheckIsTheTracePathsRule() {
    BasePath base = BasePath.of("/b", new Path("hdfs://nn:8020/b"));
    TracePaths paths = TracePaths.under(new Path("hdfs://nn:8020/b"));
    List<String> level = List.of("");
    List<String> all = new ArrayList<>(level);
    for (int length = 1; length <= 6; length++) {
      List<String> next = new ArrayList<>();
      for (String s : level) {
        for (char c : new char[] {'/', '.', 'a', ':', '\\'}) {
          next.add(s + c);
        }
      }
      all.addAll(next);
      level = next;
    }
    for (String entry : all) {
      byte[] b = entry.getBytes(StandardCharsets.US_ASCII);
      if (TracePaths.whyNotConfined(entry) != null) {
        assertThrows(BadInputException.class, () -> base.resolve(b, b.length), entry);
      } else {
        assertEquals(paths.resolve(entry), base.resolve(b, b.length), entry);
      }
    }
  }
}
