package org.mimesisbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

/**
 * The one profile reader: the profile modeler-py wrote (profiles/vectors/profile) reads, and every
 * check refuses what it should with one line naming the file, from a local folder and from a Hadoop
 * file system alike (a run's tasks read the copy in the run's folder).
 */
class ProfileReaderTest {
  private static final Path VECTOR = repository().resolve("profiles/vectors/profile");

  @TempDir Path tmp;

  @Test
  void readsThePythonProfileAtTheSchemasVersion() throws IOException {
    Profile profile = ProfileReader.read(VECTOR);
    assertEquals(ProfileReader.FORMAT_VERSION, profile.getFormatVersion());
    assertEquals(7, ProfileReader.FORMAT_VERSION);
    assertTrue(profile.getFileTypes().size() > 1, "the vector has several types");
    assertTrue(
        profile.getFileTypes().stream().allMatch(t -> t.getSizes() != null),
        "the sample's fsimages size every type");
    assertTrue(
        profile.getFileTypes().stream().anyMatch(t -> t.getRemovedShare() > 0),
        "the sample's directory deletes removed some of its created files");
    assertTrue(
        profile.getFileTypes().stream().anyMatch(t -> t.getRenameDelay().getCount() > 0),
        "the sample's output committers renamed some of its created files");
  }

  @Test
  void aFolderWithoutTheFileIsNamed() {
    String m = assertThrows(BadInputException.class, () -> ProfileReader.read(tmp)).getMessage();
    assertEquals(
        tmp + ": no profile.avro (a profile directory or a mimesis.properties file is expected)",
        m);
  }

  @Test
  void aFileThatIsNotAvroIsUnreadable() throws IOException {
    Files.writeString(ProfileReader.file(tmp), "not avro");
    String m = assertThrows(BadInputException.class, () -> ProfileReader.read(tmp)).getMessage();
    assertTrue(m.startsWith(ProfileReader.file(tmp) + ": not a readable profile ("), m);
  }

  @Test
  void versionsOutsideOneToTheCurrentAreRefused() throws IOException {
    Profile profile = ProfileReader.read(VECTOR);
    profile.setFormatVersion(ProfileReader.FORMAT_VERSION + 1);
    Path future = write(profile, tmp.resolve("future"));
    assertEquals(
        future + ": formatVersion 8 is newer than 7",
        assertThrows(BadInputException.class, () -> ProfileReader.read(future.getParent()))
            .getMessage());
    profile.setFormatVersion(0);
    Path ancient = write(profile, tmp.resolve("ancient"));
    assertEquals(
        ancient + ": formatVersion 0 is unknown (1 to 7)",
        assertThrows(BadInputException.class, () -> ProfileReader.read(ancient.getParent()))
            .getMessage());
  }

  @Test
  void aNanIsNamedWhereItIsOnEitherFileSystem() throws IOException {
    Profile profile = ProfileReader.read(VECTOR);
    List<Double> values =
        new ArrayList<>(profile.getFileTypes().get(1).getAccessInterarrival().getValues());
    values.set(values.size() - 1, Double.NaN);
    profile.getFileTypes().get(1).getAccessInterarrival().setValues(values);
    Path nan = write(profile, tmp.resolve("nan"));
    String where =
        "fileTypes[1].accessInterarrival.values["
            + (values.size() - 1)
            + "] is NaN, not a finite number";
    assertEquals(
        nan + ": " + where,
        assertThrows(BadInputException.class, () -> ProfileReader.read(nan.getParent()))
            .getMessage());
    FileSystem local = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path onFs = new org.apache.hadoop.fs.Path(nan.toUri());
    String m =
        assertThrows(BadInputException.class, () -> ProfileReader.read(local, onFs)).getMessage();
    assertEquals(onFs + ": " + where, m);
  }

  @Test
  void aNanInATypesSizesIsNamed() throws IOException {
    Profile profile = ProfileReader.read(VECTOR);
    FileSizes sizes = profile.getFileTypes().get(0).getSizes();
    List<Double> values = new ArrayList<>(sizes.getBlockSize().getValues());
    values.set(0, Double.POSITIVE_INFINITY);
    sizes.getBlockSize().setValues(values);
    Path bad = write(profile, tmp.resolve("bad"));
    assertEquals(
        bad + ": fileTypes[0].sizes.blockSize.values[0] is Infinity, not a finite number",
        assertThrows(BadInputException.class, () -> ProfileReader.read(bad.getParent()))
            .getMessage());
  }

  @Test
  void aVersion4ProfileReadsWithEmptyFiles() throws IOException {
    Profile profile = ProfileReader.read(VECTOR);
    profile.setFormatVersion(4);
    profile.getFileTypes().forEach(t -> t.setSizes(null));
    Path old = write(profile, tmp.resolve("old"));
    Profile read = ProfileReader.read(old.getParent());
    assertEquals(4, read.getFormatVersion());
    for (FileType type : read.getFileTypes()) {
      assertTrue(FileSizeModel.of("type", type.getSizes()).isZero(), "no sizes: empty files");
    }
  }

  @Test
  void aHadoopFileSystemReadsTheSameProfile() throws IOException {
    FileSystem local = FileSystem.getLocal(new Configuration());
    Profile fromFs =
        ProfileReader.read(
            local, new org.apache.hadoop.fs.Path(ProfileReader.file(VECTOR).toUri()));
    assertEquals(ProfileReader.read(VECTOR), fromFs);
  }

  private static Path write(Profile profile, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = ProfileReader.file(dir);
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), file.toFile());
      w.append(profile);
    }
    return file;
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
