package org.mimesisbench.profile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.fs.FileSystem;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.AvroBlocks;

/**
 * The one reader of a profile folder's {@code profile.avro} (profiles/schema/Profile.avsc): every
 * module reads profiles through it, so each is checked the same way, readable, of a format version
 * this build knows (the schema's {@code formatVersion.current}), whole (AvroBlocks: a cut file
 * would read as a shorter one) and without a NaN or infinite number.
 */
public final class ProfileReader {
  /** The profile's file in its folder (modeler-py's {@code PROFILE_FILE}). */
  public static final String PROFILE_FILE = "profile.avro";

  /** The newest format version this build reads (and modeler-py writes). */
  public static final int FORMAT_VERSION =
      ((Number) Profile.getClassSchema().getField("formatVersion").getObjectProp("current"))
          .intValue();

  private ProfileReader() {}

  /** {@code profileDir}'s profile file. */
  public static Path file(Path profileDir) {
    return profileDir.resolve(PROFILE_FILE);
  }

  /** The profile record of {@code profileDir/profile.avro}, checked. */
  public static Profile read(Path profileDir) throws IOException {
    Path file = file(profileDir);
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(
          profileDir
              + ": no "
              + PROFILE_FILE
              + " (a profile directory or a mimesis.properties file is expected)");
    }
    return read(Files.readAllBytes(file), file.toString());
  }

  /**
   * The profile record of {@code file} on {@code fs} (a run's tasks read the copy in the run's
   * folder), checked.
   */
  public static Profile read(FileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return read(in.readAllBytes(), file.toString());
    }
  }

  /** The profile in {@code bytes} (one record: a few MB at most, read whole to be checked). */
  private static Profile read(byte[] bytes, String file) {
    Profile profile;
    try (DataFileStream<Profile> r =
        new DataFileStream<>(
            new ByteArrayInputStream(bytes), new SpecificDatumReader<>(Profile.class))) {
      // its header read: its blocks whole, or Avro's reader would take a cut for the end
      AvroBlocks.check(new SeekableByteArrayInput(bytes), file);
      if (!r.hasNext()) {
        throw new BadInputException(file + ": no profile record");
      }
      profile = r.next();
    } catch (IOException | RuntimeException e) {
      if (e instanceof BadInputException b) {
        throw b;
      }
      throw new BadInputException(file + ": not a readable profile (" + e.getMessage() + ")", e);
    }
    checkVersion(profile.getFormatVersion(), file);
    for (Schema.Field field : profile.getSchema().getFields()) {
      if (!field.name().equals("fit")) { // how the types were found: read by no generator
        refuseNonFinite(profile.get(field.pos()), field.name(), file);
      }
    }
    return profile;
  }

  private static void checkVersion(int version, String file) {
    if (version > FORMAT_VERSION) {
      throw new BadInputException(
          file + ": formatVersion " + version + " is newer than " + FORMAT_VERSION);
    }
    if (version < 1) {
      throw new BadInputException(
          file + ": formatVersion " + version + " is unknown (1 to " + FORMAT_VERSION + ")");
    }
  }

  /**
   * Refuses a NaN or infinite number anywhere in {@code value} (a record, list or map of the
   * profile), naming where it is, e.g. {@code fileTypes[2].accessInterarrival.values[5]}: a
   * generator sampling it would schedule nonsense, or nothing, without a word.
   */
  static void refuseNonFinite(Object value, String where, String file) {
    if (value instanceof Double d && !Double.isFinite(d)
        || value instanceof Float f && !Float.isFinite(f)) {
      throw new BadInputException(file + ": " + where + " is " + value + ", not a finite number");
    }
    if (value instanceof IndexedRecord r) {
      for (Schema.Field field : r.getSchema().getFields()) {
        refuseNonFinite(r.get(field.pos()), where + "." + field.name(), file);
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        refuseNonFinite(list.get(i), where + "[" + i + "]", file);
      }
    } else if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> refuseNonFinite(v, where + "[" + k + "]", file));
    }
  }
}
