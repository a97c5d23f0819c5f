package org.mimesisbench.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.mimesisbench.profile.CallShare;
import org.mimesisbench.profile.ClusterCalls;
import org.mimesisbench.profile.DirectoryAccessShares;
import org.mimesisbench.profile.DirectoryType;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileSizes;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Probes;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.profile.SizeSource;
import org.mimesisbench.run.RunOptions;

/**
 * The profile vector fitted by Python and what the reference generator made of it
 * (profiles/vectors/profile).
 */
public final class GeneratorVectors {
  public static final Path PROFILE =
      Path.of("..", "profiles", "vectors", "profile").toAbsolutePath().normalize();

  private GeneratorVectors() {}

  public static Profile profile() throws IOException {
    return ProfileReader.read(PROFILE);
  }

  /** schedule.json: draws at fixed uniforms and the reference generator's expected ops. */
  public static JsonNode schedule() throws IOException {
    return new ObjectMapper().readTree(PROFILE.resolve("schedule.json").toFile());
  }

  /** A distribution uniform on the two values given. */
  public static Distribution twoPoints(double low, double high) {
    return Distribution.newBuilder()
        .setValues(List.of(low, high))
        .setCumulative(List.of(0.5, 1.0))
        .setCount(2)
        .build();
  }

  /**
   * The vector profile with format 2's streams added: every file type gets 1.5 setPermission and
   * 0.25 setReplication per file, and 2 probes per create; 40 datanodeReport calls; and a directory
   * type of 30 directories, listed, stat'ed, summed up and half of them deleted with their subtree.
   */
  public static Profile profileWithCallsAndProbes() throws IOException {
    Profile p = Profile.newBuilder(profile()).build();
    List<FileType> types = new ArrayList<>();
    for (FileType t : p.getFileTypes()) {
      types.add(
          FileType.newBuilder(t)
              .setCalls(
                  List.of(
                      new CallShare("setPermission", 1.5, twoPoints(0, 2000)),
                      new CallShare("setReplication", 0.25, twoPoints(10, 20))))
              .setProbes(new Probes(2.0, 0.25, twoPoints(100, 3000)))
              .build());
    }
    p.setFileTypes(types);
    p.setClusterCalls(
        List.of(new ClusterCalls("datanodeReport", 40L, twoPoints(1000, 10000), null)));
    p.setDirectoryTypes(
        List.of(
            DirectoryType.newBuilder()
                .setIndex(0)
                .setWeight(1.0)
                .setDirectories(30)
                .setPreExisting(6)
                .setUnaccessedShare(0.1)
                .setAccessShares(new DirectoryAccessShares(0.6, 0.3, 0.1))
                .setDeleteShare(0.5)
                .setSubtreeFiles(twoPoints(2, 5))
                .setDepth(twoPoints(2, 3))
                .setCreateInterarrival(twoPoints(3000, 9000))
                .setActivationDelay(twoPoints(0, 5000))
                .setAccessInterarrival(twoPoints(100, 2000))
                .setActiveSpan(twoPoints(1000, 20000))
                .setAccessesPerDirectory(twoPoints(2, 10))
                .setDeleteDelay(twoPoints(100, 1000))
                .setCalls(List.of(new CallShare("setPermission", 1.0, twoPoints(10, 500))))
                .setProbes(new Probes(1.0, 0.0, twoPoints(5, 50)))
                .build()));
    return p;
  }

  public static final long MIB = 1L << 20;

  /** The vector profile as a profile of format 4 reads: no type has sizes, every file empty. */
  public static Profile profileWithoutSizes() throws IOException {
    Profile vector = profile();
    List<FileType> types = new ArrayList<>();
    for (FileType t : vector.getFileTypes()) {
      types.add(FileType.newBuilder(t).setSizes(null).build());
    }
    return Profile.newBuilder(vector).setFileTypes(types).setDormantSizes(null).build();
  }

  /**
   * The vector profile with sizes: files of up to 2.5 MiB in 1 MiB blocks, replication 2 or 5 (5:
   * more than a small cluster's DataNodes); no calls, so no append or truncate changes a file's
   * size.
   */
  public static Profile profileWithSizes() throws IOException {
    Profile vector = profile();
    List<FileType> types = new ArrayList<>();
    for (FileType t : vector.getFileTypes()) {
      types.add(
          FileType.newBuilder(t)
              .setCalls(List.of())
              .setSizes(
                  FileSizes.newBuilder()
                      .setPreExisting(twoPoints(1000, 2.5 * MIB))
                      .setCreated(twoPoints(0, 1.5 * MIB + 17))
                      .setCreatedFrom(SizeSource.END_IMAGE)
                      .setAppendBytes(twoPoints(100, 5000))
                      .setBlockSize(
                          Distribution.newBuilder()
                              .setValues(List.of((double) MIB))
                              .setCumulative(List.of(1.0))
                              .setCount(1)
                              .build())
                      .setReplication(twoPoints(2, 5))
                      .build())
              .build());
    }
    return Profile.newBuilder(vector).setFormatVersion(5).setFileTypes(types).build();
  }

  /** Writes {@code profile} as a profile folder {@code dir} (profile.avro), as the modeler does. */
  public static Path write(Profile profile, Path dir) throws IOException {
    java.nio.file.Files.createDirectories(dir);
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), dir.resolve(ProfileReader.PROFILE_FILE).toFile());
      w.append(profile);
    }
    return dir;
  }

  public static RunOptions.Builder options() {
    return RunOptions.newBuilder().setProfile(PROFILE.toString());
  }
}
