package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;

/** Bad input: one line on stderr naming what is wrong, exit code 2, nothing created. */
class RunBadInputTest {
  @TempDir Path dir;

  private String refused(String... args) {
    Path out = dir.resolve("out");
    Path base = dir.resolve("base");
    List<String> argv = new ArrayList<>(List.of("run", "--out", out.toString()));
    argv.addAll(List.of(args));
    if (!argv.contains("--base-dir")) {
      argv.addAll(List.of("--base-dir", "file://" + base));
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv.toArray(new String[0]));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out), "no results folder");
    assertFalse(Files.exists(base), "no base directory");
    return message;
  }

  @Test
  void aMissingProfile() {
    String m = refused("--profile", dir.resolve("nowhere").toString());
    assertTrue(m.contains("nowhere") && m.contains("profile.avro"), m);
  }

  @Test
  void aCorruptProfile() throws Exception {
    Path p = Files.createDirectories(dir.resolve("corrupt"));
    Files.writeString(ProfileReader.file(p), "not avro");
    String m = refused("--profile", p.toString());
    assertTrue(m.contains("corrupt/profile.avro: not a readable profile"), m);
  }

  @Test
  void anUnknownType() {
    String m = refused("--profile", GeneratorVectors.PROFILE.toString(), "--types", "0,99");
    assertTrue(m.contains("--types: no file type 99"), m);
    m = refused("--profile", GeneratorVectors.PROFILE.toString(), "--type-scale", "x=2");
    assertTrue(m.contains("--type-scale x=2: expected j=f, dj=f or all=f"), m);
    m = refused("--profile", GeneratorVectors.PROFILE.toString(), "--type-scale", "99=2");
    assertTrue(m.contains("--type-scale: no file type '99'"), m);
  }

  @Test
  void negativeOrMalformedScales() {
    String p = GeneratorVectors.PROFILE.toString();
    assertTrue(
        refused("--profile", p, "--time-scale", "-1").contains("--time-scale -1: must be >= 0"));
    assertTrue(
        refused("--profile", p, "--span-scale", "lots")
            .contains("--span-scale lots: not a number"));
    assertTrue(
        refused("--profile", p, "--type-scale", "3=0").contains("the factor must be positive"));
    assertTrue(refused("--profile", p, "--duration", "600").contains("give a unit"));
    assertTrue(refused("--profile", p, "--window", "0s").contains("--window 0s: must be positive"));
    assertTrue(
        refused("--profile", p, "--window", "10m", "--duration", "5m")
            .contains("give --window or --duration, not both, at time scale 1.0"));
    assertTrue(refused("--profile", p, "--mappers-per-type", "0").contains("--mappers-per-type 0"));
    assertTrue(
        refused("--profile", p, "--mappers", "0").contains("--mappers 0: must be 1 to 10000"));
    assertTrue(
        refused("--profile", p, "--barrier-timeout", "0s")
            .contains("--barrier-timeout 0s: must be positive"));
    assertTrue(
        refused("--profile", p, "--outage-limit", "0s")
            .contains("--outage-limit 0s: must be positive"));
    assertTrue(
        refused("--profile", p, "--outage-limit", "60").contains("--outage-limit 60: give a unit"));
    assertTrue(refused("--profile", p, "--bogus").contains("Unrecognized option: --bogus"));
  }

  @Test
  void anEmptyListIsNotEveryType() {
    String p = GeneratorVectors.PROFILE.toString();
    assertTrue(refused("--profile", p, "--types", "").contains("run: --types '': empty"));
    assertTrue(refused("--profile", p, "--types", " , ").contains("run: --types ' , ': empty"));
    assertTrue(refused("--profile", p, "--type-scale", "").contains("run: --type-scale '': empty"));
  }

  /** A profile of a version this reader does not know (newer, or below 1): refused in one line. */
  @Test
  void aProfileOfAnUnknownVersion() throws Exception {
    for (int version : new int[] {ProfileReader.FORMAT_VERSION + 1, 0}) {
      Profile profile = GeneratorVectors.profile();
      profile.setFormatVersion(version);
      Path p = GeneratorVectors.write(profile, dir.resolve("v" + version));
      String m = refused("--profile", p.toString());
      assertTrue(m.contains("v" + version + "/profile.avro: formatVersion " + version + " is "), m);
    }
  }

  /**
   * A NaN or infinity in the profile: refused naming the file type and the field, before anything
   * is made.
   */
  @Test
  void nonFiniteNumbersInTheProfile() throws Exception {
    Profile profile = ProfileReader.read(GeneratorVectors.PROFILE);
    List<Double> values =
        new ArrayList<>(profile.getFileTypes().get(1).getAccessInterarrival().getValues());
    values.set(values.size() - 1, Double.NaN);
    profile.getFileTypes().get(1).getAccessInterarrival().setValues(values);
    Path bad = Files.createDirectories(dir.resolve("nan"));
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), ProfileReader.file(bad).toFile());
      w.append(profile);
    }
    String m = refused("--profile", bad.toString());
    assertTrue(
        m.contains(
            "nan/profile.avro: fileTypes[1].accessInterarrival.values["
                + (values.size() - 1)
                + "] is NaN, not a finite number"),
        m);
    profile
        .getFileTypes()
        .get(1)
        .getAccessInterarrival()
        .setValues(values.stream().map(v -> Double.isNaN(v) ? 1e300 : v).toList());
    profile.getFileTypes().get(0).setWeight(Double.POSITIVE_INFINITY);
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), ProfileReader.file(bad).toFile());
      w.append(profile);
    }
    m = refused("--profile", bad.toString());
    assertTrue(m.contains("fileTypes[0].weight is Infinity, not a finite number"), m);
  }

  @Test
  void aMissingAuditLogToCapture() {
    String m =
        refused(
            "--profile",
            GeneratorVectors.PROFILE.toString(),
            "--capture-audit",
            dir.resolve("nn-audit.log").toString());
    assertTrue(m.contains("--capture-audit") && m.contains("nn-audit.log: no such file"), m);
    m =
        refused(
            "--profile",
            GeneratorVectors.PROFILE.toString(),
            "--base-dir",
            "/bench",
            "--capture-audit",
            "x.log");
    assertTrue(m.contains("an embedded run captures its own log"), m);
  }

  @Test
  void anUnreachableNameNode() {
    String m =
        refused(
            "--profile",
            GeneratorVectors.PROFILE.toString(),
            "--base-dir",
            "hdfs://127.0.0.1:1/bench");
    assertTrue(m.contains("cannot reach the file system hdfs://127.0.0.1:1"), m);
  }
}
