package org.mimesisbench.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.mimesisbench.namespace.stats.ProfileReader;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/** The profile vector fitted by Python and what the reference generator made of it (profiles/vectors/profile). */
public final class GeneratorVectors {
  public static final Path PROFILE = Path.of("..", "profiles", "vectors", "profile").toAbsolutePath().normalize();

  private GeneratorVectors() {}

  public static Profile profile() throws IOException {
    return ProfileReader.readProfile(PROFILE);
  }

  /** schedule.json: draws at fixed uniforms and the reference generator's expected ops. */
  public static JsonNode schedule() throws IOException {
    return new ObjectMapper().readTree(PROFILE.resolve("schedule.json").toFile());
  }

  public static RunOptions.Builder options() {
    return RunOptions.newBuilder().setProfile(PROFILE.toString());
  }
}
