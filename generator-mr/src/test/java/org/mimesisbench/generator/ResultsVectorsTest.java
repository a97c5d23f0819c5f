package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.results.NamespaceEnd;
import org.mimesisbench.generator.results.OutFolder;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.sweep.SweepFile;

/**
 * The Java half of the results vectors: the current code writes a sweep (its run's summary.json and
 * counters.json, and the run's own trace with its parse-report.json), a replay's summary.json, a
 * parse of the cross-language input and a generated namespace's report, and each is checked against
 * its JSON Schema in {@code profiles/schema/}. With {@code -Dmimesis.vectors.write=true} they are
 * copied into {@code profiles/vectors/results/}, which modeler-py's test_results_vectors.py reads
 * through its readers.
 */
@Tag("slow")
class ResultsVectorsTest {
  private static final Path VECTORS = RunChecks.PROFILE.getParent();
  private static final Path SAMPLE_TRACE =
      VECTORS.getParent().getParent().resolve("tests/sample-trace/trace");

  @TempDir Path dir;
  private final StringBuilder printed =
      new StringBuilder(); // what the commands printed, for a failure's message

  @Test
  void everyResultsFileTheCodeWritesIsWhatItsSchemaSays() throws Exception {
    Map<String, Path> written = new LinkedHashMap<>(); // vector name -> the file written now
    Path sweep = dir.resolve("sweep");
    run(
        "sweep",
        "--profile",
        RunChecks.PROFILE.toString(),
        "--time-scale",
        "0",
        "--repeat",
        "1",
        "--out",
        sweep.toString());
    written.put("sweep.json", sweep.resolve(SweepFile.NAME));
    Path run = sweep.resolve("ts-0-r1");
    written.put("run/summary.json", run.resolve(RunResults.SUMMARY));
    written.put("run/counters.json", run.resolve(RunResults.COUNTERS));
    written.put("run/trace/parse-report.json", run.resolve("trace/parse-report.json"));
    // the namespace at the run's end: fidelity reads its sizes and blocks
    written.put("run/" + NamespaceEnd.FILE, run.resolve(NamespaceEnd.FILE));
    Path replay = dir.resolve("replay");
    run(
        "replay",
        "--trace",
        SAMPLE_TRACE.toString(),
        "--time-scale",
        "0",
        "--out",
        replay.toString());
    written.put("replay/summary.json", replay.resolve(RunResults.SUMMARY));
    Path trace = dir.resolve("trace");
    run(
        "parse",
        "--audit",
        VECTORS.resolve("input/audit.log").toString(),
        "--fsimage",
        VECTORS.resolve("input/fsimage.xml").toString(),
        "--out",
        trace.toString(),
        "--quiet");
    written.put("parse-report.json", trace.resolve("parse-report.json"));
    Path namespace = dir.resolve("namespace");
    run(
        "namespace",
        "generate",
        "--stats",
        RunChecks.PROFILE.toString(),
        "--dirs",
        "40",
        "--seed",
        "1",
        "--out",
        namespace.toString(),
        "--quiet");
    written.put("namespace-report.json", namespace.resolve("namespace-report.json"));

    for (Map.Entry<String, Path> e :
        written.entrySet()) { // written now: every .json with its schema
      assertTrue(Files.isRegularFile(e.getValue()), e.getKey() + " not written:\n" + printed);
      if (!e.getKey().endsWith(".json")) { // namespace-end.tsv: Hadoop's oiv Delimited layout
        assertTrue(Files.readAllLines(e.getValue()).get(0).startsWith("Path\tReplication\t"));
        continue;
      }
      String schema = ResultsSchemas.schemaOf(e.getKey());
      assertEquals(
          "", ResultsSchemas.problems(schema, e.getValue()), e.getKey() + " against " + schema);
    }
    for (Path folder : List.of(run, replay)) { // --overwrite deletes each of them, and nothing else
      try (var files = Files.list(folder)) {
        for (Path f : files.toList()) {
          String name = f.getFileName().toString();
          assertTrue(OutFolder.RUN.writes(name), folder + " holds " + name + ", not a run's file");
        }
      }
    }
    Path committed = VECTORS.resolve("results");
    // the results files: the trace's own files copied below have no results schema
    List<String> results = List.copyOf(written.keySet());
    if (Boolean.getBoolean("mimesis.vectors.write")) {
      // the run's trace too, whole: modeler-py scores the run's fidelity from it
      for (var f : Files.list(run.resolve("trace")).toList()) {
        written.putIfAbsent("run/trace/" + f.getFileName(), f);
      }
      for (Map.Entry<String, Path> e : written.entrySet()) {
        Files.createDirectories(committed.resolve(e.getKey()).getParent());
        Files.copy(
            e.getValue(), committed.resolve(e.getKey()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    for (String name : results) { // the committed vectors are still what the schemas say
      if (name.endsWith(".json")) {
        assertEquals(
            "",
            ResultsSchemas.problems(ResultsSchemas.schemaOf(name), committed.resolve(name)),
            name);
      }
    }
  }

  /** One command through the command line, which must succeed. */
  private void run(String... argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] verbose = java.util.Arrays.copyOf(argv, argv.length + 1);
    verbose[argv.length] =
        "--verbose"; // as the end-to-end tests: the embedded NameNode's audit log is kept
    int exit =
        new MimesisBench(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), verbose);
    printed
        .append(String.join(" ", argv))
        .append('\n')
        .append(out.toString(StandardCharsets.UTF_8))
        .append(err.toString(StandardCharsets.UTF_8));
    assertEquals(0, exit, printed.toString());
    assertTrue(
        err.size() == 0 || !err.toString(StandardCharsets.UTF_8).contains("Exception"),
        err.toString(StandardCharsets.UTF_8));
  }
}
