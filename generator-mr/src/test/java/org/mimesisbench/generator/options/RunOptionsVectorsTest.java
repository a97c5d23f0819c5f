package org.mimesisbench.generator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.run.RunOptions;

/**
 * The what-if options parse as profiles/vectors/options/cases.json says, the cases mimesis-model's
 * parser is tested on too (modeler-py tests/test_run_options.py): one meaning in both languages.
 */
class RunOptionsVectorsTest {
  @Test
  void everyCaseParsesOrIsRefusedAsTheVectorsSay() throws IOException {
    JsonNode cases =
        new ObjectMapper()
            .readTree(repository().resolve("profiles/vectors/options/cases.json").toFile());
    int checked = 0;
    for (JsonNode c : cases.get("cases")) {
      List<String> argv = new ArrayList<>(List.of("--profile", "p"));
      c.get("args").forEach(a -> argv.add(a.asText()));
      String[] args = argv.toArray(String[]::new);
      if (c.has("refused")) {
        String option = c.get("refused").asText().substring(2);
        String m =
            assertThrows(
                    BadInputException.class,
                    () ->
                        RunOptionsParser.parse(
                            CommandLines.parse("run", RunOptionsParser.options(), args)),
                    argv::toString)
                .getMessage();
        assertTrue(m.contains(option), argv + " refused with " + m);
      } else {
        RunOptions o =
            RunOptionsParser.parse(CommandLines.parse("run", RunOptionsParser.options(), args));
        JsonNode expected = c.get("options");
        if (expected.has("timeScale")) {
          assertEquals(expected.get("timeScale").asDouble(), o.getTimeScale(), argv::toString);
        }
        if (expected.has("spanScale")) {
          assertEquals(expected.get("spanScale").asDouble(), o.getSpanScale(), argv::toString);
        }
        if (expected.has("typeScales")) {
          Map<String, Double> scales = new LinkedHashMap<>();
          expected
              .get("typeScales")
              .fields()
              .forEachRemaining(e -> scales.put(e.getKey(), e.getValue().asDouble()));
          assertEquals(scales, o.getTypeScales(), argv::toString);
        }
        if (expected.has("zeroSize")) {
          assertEquals(expected.get("zeroSize").asBoolean(), o.getZeroSize(), argv::toString);
        }
        if (expected.has("readData")) {
          assertEquals(expected.get("readData").asBoolean(), o.getReadData(), argv::toString);
        }
        if (expected.has("types")) {
          List<Integer> types = new ArrayList<>();
          expected.get("types").forEach(t -> types.add(t.asInt()));
          assertEquals(types, o.getTypes(), argv::toString);
        }
      }
      checked++;
    }
    assertTrue(checked >= 30, checked + " cases");
  }

  private static Path repository() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("profiles/schema"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no profiles/schema above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
