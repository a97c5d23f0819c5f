package org.mimesisbench.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** The results files' JSON Schemas in profiles/schema/, and a results file checked against one. */
public final class ResultsSchemas {
  private static final Path DIR = RunChecks.PROFILE.getParent().getParent().resolve("schema");
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultsSchemas() {}

  /**
   * The schema of the results file {@code name} (a path ending in summary.json, sweep.json, ...).
   */
  public static String schemaOf(String name) {
    return Path.of(name).getFileName().toString().replaceFirst("\\.json$", "");
  }

  /** What makes {@code file} not a {@code schema} file, a line each; empty when it is one. */
  public static String problems(String schema, Path file) throws IOException {
    Path declared = DIR.resolve(schema + ".schema.json");
    // located at its file, against which its relative $id resolves
    Schema checker =
        REGISTRY.getSchema(
            SchemaLocation.of(declared.toUri().toString()), JSON.readTree(declared.toFile()));
    return checker.validate(JSON.readTree(file.toFile())).stream()
        .map(Object::toString)
        .collect(Collectors.joining("\n"));
  }
}
