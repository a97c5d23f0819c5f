package org.mimesisbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;

/**
 * A profile written by modeler-py (profiles/vectors/profile/, fitted from the bundled sample trace)
 * reads into the generated Java classes with every value that Python says it holds.
 */
class ProfileVectorsTest {
  private static final Path VECTOR = repository().resolve("profiles/vectors/profile");

  @Test
  void javaReadsThePythonProfileValueForValue() throws IOException {
    List<Profile> profiles = new ArrayList<>();
    try (DataFileReader<Profile> reader =
        new DataFileReader<>(
            ProfileReader.file(VECTOR).toFile(), new SpecificDatumReader<>(Profile.class))) {
      reader.forEach(profiles::add);
    }
    assertEquals(1, profiles.size());
    Profile profile = profiles.get(0);
    JsonNode expected =
        new ObjectMapper().readTree(VECTOR.resolve("expected.json").toFile()).get("profile");
    assertEquals(expected.get("formatVersion").asInt(), profile.getFormatVersion());
    assertEquals(expected.get("source").asText(), profile.getSource());
    assertEquals(expected.get("durationMs").asLong(), profile.getDurationMs());
    assertEquals(expected.get("dormantFiles").asLong(), profile.getDormantFiles());
    assertEquals(expected.get("mkdirsPerCreate").asDouble(), profile.getMkdirsPerCreate());
    assertEquals(expected.get("renamesPerCreate").asDouble(), profile.getRenamesPerCreate());
    assertEquals(expected.get("fileTypes").size(), profile.getFileTypes().size());
    double weights = 0;
    for (int j = 0; j < profile.getFileTypes().size(); j++) {
      FileType type = profile.getFileTypes().get(j);
      JsonNode want = expected.get("fileTypes").get(j);
      assertEquals(j, type.getIndex());
      assertEquals(want.get("files").asLong(), type.getFiles());
      assertEquals(want.get("preExisting").asLong(), type.getPreExisting());
      assertEquals(want.get("weight").asDouble(), type.getWeight());
      assertEquals(want.get("unaccessedShare").asDouble(), type.getUnaccessedShare());
      assertEquals(want.get("deleteShare").asDouble(), type.getDeleteShare());
      AccessShares shares = type.getAccessShares();
      assertEquals(want.get("accessShares").get("open").asDouble(), shares.getOpen());
      assertEquals(want.get("accessShares").get("listStatus").asDouble(), shares.getListStatus());
      assertEquals(want.get("accessShares").get("getFileInfo").asDouble(), shares.getGetFileInfo());
      assertEquals(1.0, shares.getOpen() + shares.getListStatus() + shares.getGetFileInfo(), 1e-9);
      Map<String, Distribution> distributions =
          Map.of(
              "depth", type.getDepth(),
              "createInterarrival", type.getCreateInterarrival(),
              "activationDelay", type.getActivationDelay(),
              "accessInterarrival", type.getAccessInterarrival(),
              "activeSpan", type.getActiveSpan(),
              "accessesPerFile", type.getAccessesPerFile(),
              "deleteDelay", type.getDeleteDelay(),
              "renameDelay", type.getRenameDelay());
      for (Map.Entry<String, Distribution> entry : distributions.entrySet()) {
        checkDistribution(
            want.get(entry.getKey()), entry.getValue(), "type " + j + " " + entry.getKey());
      }
      checkUsers(want.get("users"), type.getUsers(), "type " + j);
      checkSizes(want.get("sizes"), type.getSizes(), "type " + j);
      weights += type.getWeight();
    }
    assertEquals(1.0, weights, 1e-9);
    for (int j = 0; j < profile.getDirectoryTypes().size(); j++) {
      checkUsers(
          expected.get("directoryTypes").get(j).get("users"),
          profile.getDirectoryTypes().get(j).getUsers(),
          "directory type " + j);
    }
    for (int j = 0; j < profile.getClusterCalls().size(); j++) {
      checkUsers(
          expected.get("clusterCalls").get(j).get("users"),
          profile.getClusterCalls().get(j).getUsers(),
          "cluster calls " + j);
    }
    assertTrue(profile.getNamespace() != null, "the sample trace has an fsimage");
    assertTrue(profile.getFit().getKSearch().isEmpty(), "the vector's k is given (-k 8)");
    assertTrue(
        profile.getDirectoryFit().getKSearch().size() >= 1,
        "the directory k was chosen by a search");
    JsonNode probes = expected.get("missingPathProbes");
    assertEquals(probes.size(), profile.getMissingPathProbes().size());
    for (int k = 0; k < probes.size(); k++) {
      ClusterCalls got = profile.getMissingPathProbes().get(k);
      assertEquals(probes.get(k).get("command").asText(), got.getCommand());
      assertEquals(probes.get(k).get("calls").asLong(), got.getCalls());
      checkDistribution(
          probes.get(k).get("interarrival"), got.getInterarrival(), "missingPathProbes[" + k + "]");
    }
    assertTrue(probes.size() > 0, "the sample probes paths nothing makes");
  }

  /** A type's sizes, distribution by distribution: the sample's images size every type. */
  private static void checkSizes(JsonNode want, FileSizes got, String what) {
    assertTrue(want != null && !want.isNull() && got != null, what + ": sizes");
    assertEquals(want.get("createdFrom").asText(), got.getCreatedFrom().name(), what);
    Map<String, Distribution> distributions =
        Map.of(
            "preExisting", got.getPreExisting(),
            "created", got.getCreated(),
            "appendBytes", got.getAppendBytes(),
            "blockSize", got.getBlockSize(),
            "replication", got.getReplication());
    for (Map.Entry<String, Distribution> entry : distributions.entrySet()) {
      checkDistribution(
          want.get(entry.getKey()), entry.getValue(), what + " sizes " + entry.getKey());
    }
    FileSizeModel.of(what, got); // a generator takes them as they are
  }

  /** A user mix, user by user: the sample's types name their users (it has five). */
  private static void checkUsers(JsonNode want, UserMix got, String what) {
    assertTrue(want != null && !want.isNull() && got != null, what + ": users");
    assertEquals(want.get("top").size(), got.getTop().size(), what);
    double sum = got.getOtherShare();
    for (int i = 0; i < got.getTop().size(); i++) {
      assertEquals(
          want.get("top").get(i).get("user").asText(), got.getTop().get(i).getUser(), what);
      assertEquals(
          want.get("top").get(i).get("share").asDouble(), got.getTop().get(i).getShare(), what);
      sum += got.getTop().get(i).getShare();
    }
    assertEquals(want.get("otherUsers").asLong(), got.getOtherUsers(), what);
    assertEquals(1.0, sum, 1e-9, what);
  }

  private static void checkDistribution(JsonNode want, Distribution got, String what) {
    assertEquals(want.get("count").asLong(), got.getCount(), what);
    assertEquals(want.get("points").asInt(), got.getValues().size(), what);
    assertEquals(got.getValues().size(), got.getCumulative().size(), what);
    if (!got.getValues().isEmpty()) {
      assertEquals(want.get("first").asDouble(), got.getValues().get(0), what);
      assertEquals(
          want.get("last").asDouble(), got.getValues().get(got.getValues().size() - 1), what);
      assertEquals(1.0, got.getCumulative().get(got.getCumulative().size() - 1), 1e-9, what);
    }
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
