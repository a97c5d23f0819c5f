package org.mimesisbench.generator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.EmpiricalCdf;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;

class EmpiricalCdfTest {

  @Test
  void inverseCdfIsTheFirstValueWhoseCumulativeExceedsTheDraw() {
    EmpiricalCdf d =
        EmpiricalCdf.of(
            "d", new Distribution(List.of(1.0, 5.0, 9.0), List.of(0.25, 0.25, 1.0), 4L));
    assertEquals(1.0, d.at(0.0));
    assertEquals(1.0, d.at(0.2499));
    assertEquals(9.0, d.at(0.25)); // the zero-width step at 5 is never drawn
    assertEquals(9.0, d.at(0.9999));
    assertEquals(0.25 * 1 + 0.75 * 9, d.mean(), 1e-12);
    assertEquals(18.0, d.scaled(2).at(0.5));
  }

  @Test
  void drawsMatchTheReferenceGeneratorValueForValue() throws Exception {
    Profile profile = GeneratorVectors.profile();
    JsonNode vector = GeneratorVectors.schedule();
    JsonNode uniforms = vector.get("uniforms");
    int checked = 0;
    for (FileType t : profile.getFileTypes()) {
      Map<String, Distribution> byName =
          Map.of(
              "depth",
              t.getDepth(),
              "createInterarrival",
              t.getCreateInterarrival(),
              "activationDelay",
              t.getActivationDelay(),
              "accessInterarrival",
              t.getAccessInterarrival(),
              "activeSpan",
              t.getActiveSpan(),
              "accessesPerFile",
              t.getAccessesPerFile(),
              "deleteDelay",
              t.getDeleteDelay());
      var draws = vector.get("draws").get(Integer.toString(t.getIndex())).fields();
      while (draws.hasNext()) {
        var e = draws.next();
        EmpiricalCdf d = EmpiricalCdf.of(e.getKey(), byName.get(e.getKey()));
        for (int i = 0; i < uniforms.size(); i++) {
          assertEquals(
              e.getValue().get(i).asDouble(),
              d.at(uniforms.get(i).asDouble()),
              "type " + t.getIndex() + " " + e.getKey() + " at " + uniforms.get(i));
          checked++;
        }
      }
    }
    assertEquals(true, checked > 300, "checked " + checked + " draws");
  }

  @Test
  void refusesABrokenDistributionNamingIt() {
    var e =
        assertThrows(
            BadInputException.class,
            () ->
                EmpiricalCdf.of(
                    "fileTypes[2].activeSpan",
                    new Distribution(List.of(3.0, 1.0), List.of(0.5, 1.0), 2L)));
    assertEquals(
        "fileTypes[2].activeSpan: values must ascend and cumulative probabilities must not decrease (at 1)",
        e.getMessage());
    assertThrows(
        BadInputException.class,
        () ->
            EmpiricalCdf.of(
                "x", new Distribution(List.of(1.0, Double.NaN), List.of(0.5, 1.0), 2L)));
    assertThrows(
        BadInputException.class,
        () -> EmpiricalCdf.of("x", new Distribution(List.of(1.0, 2.0), List.of(0.5, 0.9), 2L)));
  }
}
