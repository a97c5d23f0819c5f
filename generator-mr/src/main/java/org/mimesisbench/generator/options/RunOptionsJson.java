package org.mimesisbench.generator.options;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import org.mimesisbench.run.RunOptions;

/** A run's options as its results record them: Avro's plain JSON, unions unwrapped. */
public final class RunOptionsJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RunOptionsJson() {}

  /** {@code options} as summary.json's and sweep.json's {@code options}. */
  public static JsonNode of(RunOptions options) {
    try {
      return JSON.readTree(options.toString());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e); // Avro's own toString is JSON
    }
  }
}
