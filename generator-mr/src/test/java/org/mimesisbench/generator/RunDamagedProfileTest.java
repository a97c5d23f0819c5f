package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.profile.ProfileReader;

/**
 * A profile.avro cut short is refused by run before anything is made: inside its one block (Avro's
 * reader would take the cut for the file's end and find no record), or after its header.
 */
class RunDamagedProfileTest {
  @TempDir Path dir;

  @Test
  void aProfileCutInsideItsBlock() throws Exception {
    Path profile = cut(0.6);
    String m = refused(profile);
    assertTrue(m.contains(ProfileReader.file(profile) + ": truncated: the block at byte "), m);
  }

  @Test
  void aProfileCutAfterItsHeader() throws Exception {
    byte[] whole = Files.readAllBytes(ProfileReader.file(GeneratorVectors.PROFILE));
    byte[] sync = Arrays.copyOfRange(whole, whole.length - 16, whole.length);
    int headerEnd = 0;
    while (!Arrays.equals(whole, headerEnd, headerEnd + 16, sync, 0, 16)) {
      headerEnd++; // the header ends with the sync marker each block ends with
    }
    Path profile = cut(whole, headerEnd + 16);
    String m = refused(profile);
    assertTrue(m.contains(ProfileReader.file(profile) + ": no profile record"), m);
  }

  @Test
  void aProfileCutInItsHeader() throws Exception {
    Path profile = cut(0.02);
    String m = refused(profile);
    assertTrue(m.contains(ProfileReader.file(profile) + ": not a readable profile"), m);
  }

  /** A copy of the vectors' profile folder, its profile.avro cut to {@code share} of its size. */
  private Path cut(double share) throws Exception {
    byte[] whole = Files.readAllBytes(ProfileReader.file(GeneratorVectors.PROFILE));
    return cut(whole, (int) (whole.length * share));
  }

  private Path cut(byte[] whole, int size) throws Exception {
    Path profile = Files.createDirectories(dir.resolve("profile"));
    Files.write(ProfileReader.file(profile), Arrays.copyOf(whole, size));
    return profile;
  }

  private String refused(Path profile) {
    Path out = dir.resolve("out");
    Path base = dir.resolve("base");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(
                new Configuration(),
                new String[] {
                  "run",
                  "--profile",
                  profile.toString(),
                  "--out",
                  out.toString(),
                  "--base-dir",
                  "file://" + base
                });
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out), "no results folder");
    assertFalse(Files.exists(base), "no base directory");
    return message;
  }
}
