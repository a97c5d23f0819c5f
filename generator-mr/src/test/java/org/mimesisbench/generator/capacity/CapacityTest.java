package org.mimesisbench.generator.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.ResultsSchemas;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.sweep.SweepFile;

// not "paced": its bound is loose enough (1 s) that a loaded machine holds the slow probes, and
// it asserts what any search ends with, not where
@Tag("slow")
class CapacityTest {
  private static final Path VECTORS = GeneratorVectors.PROFILE.getParent().resolve("results");

  @TempDir Path dir;

  @Test
  void theSearchEndsOnAPassingProbeWithTheFailingOneWithinTheResolution() throws Exception {
    Path out = dir.resolve("capacity");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int exit;
    try (EmbeddedCluster cluster =
        EmbeddedCluster.start(
            new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1)) {
      exit =
          new MimesisBench(new PrintStream(printed, true, StandardCharsets.UTF_8), System.err)
              .execute(
                  new Configuration(),
                  new String[] {
                    "capacity",
                    "--profile",
                    GeneratorVectors.PROFILE.toString(),
                    // the vector profile issues about 30 ops/s as recorded: 64x asks for some
                    // 1,900 ops/s, 128x for 3,800, beyond what 2 cores sustain
                    "--from",
                    "64",
                    "--resolution",
                    "2",
                    "--max-probes",
                    "8",
                    // loose: a loaded machine's p99 at the recorded rate stayed under it, and
                    // 64x's (5 s) did not
                    "--p99",
                    "1s",
                    "--duration",
                    "5s",
                    "--base-dir",
                    "/capacity",
                    "--capture-audit",
                    dir.resolve("audit.log").toString(),
                    "--out",
                    out.toString(),
                    "-fs",
                    cluster.uri().toString()
                  });
    }
    String output = printed.toString(StandardCharsets.UTF_8);
    System.out.println(output);
    assertEquals(0, exit, output);
    Path file = out.resolve(CapacityFile.NAME);
    assertEquals("", ResultsSchemas.problems("capacity", file), output);
    JsonNode found = new ObjectMapper().readTree(file.toFile());
    JsonNode probes = found.path("probes");
    // the first probe at --from, its time scale to three digits
    assertEquals(0.0156, probes.get(0).path("timeScale").asDouble(), 1e-12);
    JsonNode passing = null;
    for (JsonNode p : probes) {
      assertTrue(Files.exists(out.resolve(p.path("results").asText()).resolve("summary.json")));
      assertEquals(
          p.path("valid").asBoolean() && p.path("responseP99Micros").asLong() <= 1_000_000,
          p.path("passed").asBoolean(),
          p.toString());
      if (p.path("passed").asBoolean()
          && p.path("speedUp").asDouble() == found.path("speedUp").asDouble()) {
        passing = p;
      }
    }
    assertTrue(passing != null, found.toString());
    assertTrue(passing.path("valid").asBoolean(), passing.toString());
    String kind = found.path("found").asText();
    assertTrue(List.of(CapacityFile.WITHIN, CapacityFile.AT_LEAST).contains(kind), kind);
    if (kind.equals(CapacityFile.WITHIN)) {
      double ratio = found.path("failedSpeedUp").asDouble() / found.path("speedUp").asDouble();
      assertTrue(ratio > 1 && (ratio <= 2 || probes.size() == 8), found.toString());
      assertTrue(output.contains("did not hold: within ["), output);
    }
    assertTrue(
        output.contains("capacity: " + String.format("%.1f", found.path("speedUp").asDouble()))
            || output.contains(
                "capacity: " + String.format("%.2f", found.path("speedUp").asDouble())),
        output);
    // the probes are a sweep's points too: mimesis-model sweep plots them
    assertEquals(probes.size(), SweepFile.read(out).points().size());
    assertFalse(output.contains(".inprogress"), output);
    // the results vector modeler-py reads (test_results_vectors.py), rewritten on request
    Path vector = VECTORS.resolve(CapacityFile.NAME);
    if (Boolean.getBoolean("mimesis.vectors.write")) {
      Files.copy(file, vector, StandardCopyOption.REPLACE_EXISTING);
    }
    assertEquals("", ResultsSchemas.problems("capacity", vector), vector.toString());
  }
}
