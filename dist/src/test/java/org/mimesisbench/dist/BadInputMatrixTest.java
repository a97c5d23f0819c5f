package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.util.MD5FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;

/**
 * Bad input across every command, each as a user would give it, run in process through the entry
 * point: exit code 2, one line on stderr naming what is wrong (no exception class name as the
 * message, no stack trace), and nothing written anywhere: not the given --out or --base-dir, not
 * beside them, not into the inputs, not into the working directory.
 *
 * <p>Unwritable places are unwritable for root too, since CI runs as root (where a chmod'ed
 * directory stays writable): a path under a regular file, and a new entry in /proc. A NameNode that
 * never answers is a loopback ServerSocket that accepts connections and never replies. Damaged name
 * directories are a real one ({@code namespace image}'s) with an older layout in its VERSION, or
 * with bytes of its image overwritten and its .md5 written anew, as Hadoop writes it.
 */
class BadInputMatrixTest {
  private static final Path VECTORS =
      Path.of("..", "profiles", "vectors").toAbsolutePath().normalize();

  /**
   * A Java exception's class name standing for the message, e.g. "failed: java.io.IOException: x".
   */
  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(java|javax|org)\\.[\\w.]*(Exception|Error)\\b");

  @TempDir static Path fixtures;
  private static final Map<String, String> NAMES = new TreeMap<>();
  private static ServerSocket silent;
  private static final List<Socket> accepted = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void makeFixtures() throws Exception {
    Path log = VECTORS.resolve("input/audit.log");
    NAMES.put("log", log.toString());
    NAMES.put("fsimage", VECTORS.resolve("input/fsimage.xml").toString());
    NAMES.put("profile", VECTORS.resolve("profile").toString());
    NAMES.put("file", Files.writeString(fixtures.resolve("notes.txt"), "a user's file").toString());
    NAMES.put("emptyfile", Files.createFile(fixtures.resolve("empty.log")).toString());
    byte[] noise = new byte[64 * 1024];
    new Random(11).nextBytes(noise);
    noise[0] = (byte) 0xC3; // not HDFSIMG1, not '<', not text
    NAMES.put("garbage", Files.write(fixtures.resolve("fsimage_garbage"), noise).toString());
    NAMES.put(
        "badgz",
        Files.write(fixtures.resolve("audit.log.gz"), damagedGzip(Files.readAllBytes(log)))
            .toString());
    Path logs = Files.createDirectories(fixtures.resolve("logs"));
    Files.copy(log, logs.resolve("hdfs-audit.log"));
    NAMES.put("logs", logs.toString());
    Path busy = Files.createDirectories(fixtures.resolve("busy"));
    Files.writeString(busy.resolve("keep.txt"), "a user's file");
    NAMES.put("busy", busy.toString());
    NAMES.put("emptydir", Files.createDirectories(fixtures.resolve("emptydir")).toString());
    NAMES.put("nan", nanProfile(fixtures.resolve("nan-profile")).toString());
    Path corrupt = Files.createDirectories(fixtures.resolve("corrupt-profile"));
    Files.writeString(ProfileReader.file(corrupt), "not avro");
    NAMES.put("corrupt", corrupt.toString());
    NAMES.put("missing", fixtures.resolve("no-such-thing").toString());
    NAMES.put(
        "trace",
        Path.of("..", "tests", "sample-trace", "trace").toAbsolutePath().normalize().toString());
    Path image = nameDirectory(fixtures.resolve("nn"));
    Path older = fixtures.resolve("nn-older");
    FileUtils.copyDirectory(image.toFile(), older.toFile());
    Path version = older.resolve("current/VERSION");
    Files.writeString(
        version, Files.readString(version).replaceAll("layoutVersion=-\\d+", "layoutVersion=-60"));
    NAMES.put("olderimage", older.toString());
    Path damaged = fixtures.resolve("nn-corrupt");
    FileUtils.copyDirectory(image.toFile(), damaged.toFile());
    Path corruptImage = damaged.resolve("current/fsimage_0000000000000000000");
    damageInodes(corruptImage);
    NAMES.put("corruptimage", damaged.toString());
    NAMES.put("corruptfsimage", corruptImage.toString());
    silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              try {
                while (true) {
                  accepted.add(silent.accept()); // held open, never read from or answered
                }
              } catch (IOException closed) {
                // the tests are over
              }
            },
            "silent-namenode");
    acceptor.setDaemon(true);
    acceptor.start();
    NAMES.put("silent", "hdfs://127.0.0.1:" + silent.getLocalPort());
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      NAMES.put("closed", "hdfs://127.0.0.1:" + free.getLocalPort());
    }
  }

  @AfterAll
  static void stopTheSilentNameNode() throws IOException {
    silent.close();
    for (Socket s : accepted) {
      s.close();
    }
  }

  /**
   * A name directory that namespace image writes (Hadoop's format, the project's FsImageWriter).
   */
  private static Path nameDirectory(Path out) {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    int exit =
        new MimesisBench(quiet, quiet)
            .execute(
                new Configuration(),
                new String[] {
                  "namespace",
                  "image",
                  "--stats",
                  VECTORS.resolve("profile").toString(),
                  "--dirs",
                  "20",
                  "--quiet",
                  "--out",
                  out.toString()
                });
    assertEquals(0, exit, "namespace image");
    return out;
  }

  /**
   * Overwrites bytes in the middle of the image's INODE section (0xFF: no valid protobuf field),
   * then writes its .md5 anew as Hadoop does: header, summary and MD5 check out; loading does not.
   */
  private static void damageInodes(Path image) throws IOException {
    FileSummary summary;
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "r")) {
      summary = FSImageUtil.loadSummary(f);
    }
    FileSummary.Section inodes =
        summary.getSectionsList().stream()
            .filter(section -> section.getName().equals("INODE"))
            .findFirst()
            .orElseThrow();
    byte[] bytes = Files.readAllBytes(image);
    int middle = (int) (inodes.getOffset() + inodes.getLength() / 2);
    Arrays.fill(bytes, middle, middle + 8, (byte) 0xFF);
    Files.write(image, bytes);
    MD5FileUtils.saveMD5File(image.toFile(), MD5FileUtils.computeMd5ForFile(image.toFile()));
  }

  /** A gzip whose flag byte says every optional header field follows: the header runs out. */
  private static byte[] damagedGzip(byte[] content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(bytes)) {
      z.write(content);
    }
    byte[] gz = bytes.toByteArray();
    gz[3] = (byte) 0xFF;
    return gz;
  }

  /** The vectors' profile with a NaN in type 1's access interarrivals. */
  private static Path nanProfile(Path dir) throws IOException {
    Profile profile = ProfileReader.read(VECTORS.resolve("profile"));
    List<Double> values =
        new ArrayList<>(profile.getFileTypes().get(1).getAccessInterarrival().getValues());
    values.set(0, Double.NaN);
    profile.getFileTypes().get(1).getAccessInterarrival().setValues(values);
    Files.createDirectories(dir);
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), ProfileReader.file(dir).toFile());
      w.append(profile);
    }
    return dir;
  }

  private static Arguments refused(String expected, String... argv) {
    return Arguments.of(String.join(" ", argv), List.of(argv), expected);
  }

  /** Quick probes: a NameNode that does not answer is told after one second here. */
  private static final String QUICK = "-Dmimesisbench.probe.answer.timeout.ms=1000";

  static Stream<Arguments> cases() {
    return Stream.of(
        // parse
        refused("parse: --audit is required", "parse", "--out", "{out}"),
        refused("parse: --out is required", "parse", "--audit", "{log}"),
        refused(
            "--audit {missing}: no such file", "parse", "--audit", "{missing}", "--out", "{out}"),
        refused("--audit: an empty path", "parse", "--audit", "", "--out", "{out}"),
        refused("--audit", "parse", "--audit", "{emptyfile}", "--out", "{out}"),
        refused(
            "--audit {badgz}: cannot read: damaged gzip header",
            "parse",
            "--audit",
            "{badgz}",
            "--out",
            "{out}"),
        refused("lines malformed", "parse", "--audit", "{garbage}", "--out", "{out}"),
        refused(
            "--out {file}: exists and is not a directory",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{file}"),
        refused(
            "--out {file}/x: cannot create it: Not a directory",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{file}/x"),
        refused(
            "--out /proc/mimesisbench-x: cannot create it",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "/proc/mimesisbench-x"),
        refused(
            "parse: --out {logs}/trace: inside the --audit input {logs}",
            "parse",
            "--audit",
            "{logs}",
            "--out",
            "{logs}/trace"),
        refused(
            "parse: --out {logs}: inside the --audit input {logs}/*",
            "parse",
            "--audit",
            "{logs}/*",
            "--out",
            "{logs}"),
        refused(
            "--fsimage {garbage}: not an fsimage",
            "parse",
            "--audit",
            "{log}",
            "--fsimage",
            "{garbage}",
            "--out",
            "{out}"),
        refused(
            "--fsimage {missing}: no such file",
            "parse",
            "--audit",
            "{log}",
            "--fsimage",
            "{missing}",
            "--out",
            "{out}"),
        refused(
            "--fsimage {emptyfile}: empty file",
            "parse",
            "--audit",
            "{log}",
            "--fsimage",
            "{emptyfile}",
            "--out",
            "{out}"),
        refused(
            "unknown time zone",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{out}",
            "--tz",
            "Mars/Olympus"),
        refused(
            "--codec nope: unknown",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{out}",
            "--codec",
            "nope"),
        refused(
            "--max-malformed",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{out}",
            "--max-malformed",
            "2"),
        refused(
            "--max-line-bytes x: not a number",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{out}",
            "--max-line-bytes",
            "x"),
        refused(
            "Unrecognized option: --bogus",
            "parse",
            "--audit",
            "{log}",
            "--out",
            "{out}",
            "--bogus"),
        // namespace generate
        refused("namespace: unknown subcommand 'grow'", "namespace", "grow"),
        refused(
            "namespace generate: --out is required",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "9"),
        refused(
            "namespace generate: --out {file}: exists and is not a directory",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--out",
            "{file}"),
        refused(
            "namespace generate: --out {file}/x: cannot create it: Not a directory",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--out",
            "{file}/x"),
        refused(
            "{missing}",
            "namespace",
            "generate",
            "--stats",
            "{missing}",
            "--dirs",
            "9",
            "--out",
            "{out}"),
        refused(
            "fileTypes[1].accessInterarrival.values[0] is NaN",
            "namespace",
            "generate",
            "--stats",
            "{nan}",
            "--dirs",
            "9",
            "--out",
            "{out}"),
        refused(
            "--dirs and --files must not be negative",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "-1",
            "--out",
            "{out}"),
        refused(
            "--dirs x: not a whole number",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "x",
            "--out",
            "{out}"),
        refused(
            "--codec nope: unknown Avro codec",
            "namespace",
            "generate",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--codec",
            "nope",
            "--out",
            "{out}"),
        // namespace image
        refused(
            "namespace image: --out {file}/x: cannot create its parent: a file is in the way",
            "namespace",
            "image",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--out",
            "{file}/x"),
        refused(
            "namespace image: --out /proc/mimesisbench-x: cannot create it",
            "namespace",
            "image",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--out",
            "/proc/mimesisbench-x"),
        // namespace materialize
        refused(
            "namespace materialize: cannot reach the file system {closed}",
            "namespace",
            "materialize",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--base",
            "{closed}/m"),
        refused(
            "namespace materialize: the NameNode at {silent} does not answer",
            "namespace",
            "materialize",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--base",
            "{silent}/m",
            QUICK),
        refused(
            "no such file (give namespace generate's --out)",
            "namespace",
            "materialize",
            "--namespace",
            "{emptydir}",
            "--base",
            "file://{base}"),
        refused(
            "namespace materialize: --base is empty",
            "namespace",
            "materialize",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--base",
            ""),
        refused(
            "give one of --namespace <dir> and --stats",
            "namespace",
            "materialize",
            "--base",
            "file://{base}"),
        refused(
            "--threads must be at least 1",
            "namespace",
            "materialize",
            "--stats",
            "{profile}",
            "--dirs",
            "9",
            "--base",
            "file://{base}",
            "--threads",
            "0"),
        // run
        refused("{missing}: no profile.avro", "run", "--profile", "{missing}", "--out", "{out}"),
        refused(
            "{corrupt}/profile.avro: not a readable profile",
            "run",
            "--profile",
            "{corrupt}",
            "--out",
            "{out}"),
        refused(
            "{nan}/profile.avro: fileTypes[1].accessInterarrival.values[0] is NaN, not a finite number",
            "run",
            "--profile",
            "{nan}",
            "--out",
            "{out}"),
        refused(
            "run: --types '': empty",
            "run",
            "--profile",
            "{profile}",
            "--types",
            "",
            "--out",
            "{out}"),
        refused(
            "--types: no file type 99",
            "run",
            "--profile",
            "{profile}",
            "--types",
            "99",
            "--out",
            "{out}"),
        refused(
            "--type-scale x=2: expected j=f",
            "run",
            "--profile",
            "{profile}",
            "--type-scale",
            "x=2",
            "--out",
            "{out}"),
        refused(
            "--type-scale: no file type '9'",
            "run",
            "--profile",
            "{profile}",
            "--type-scale",
            "9=2",
            "--out",
            "{out}"),
        refused(
            "--time-scale -1: must be >= 0",
            "run",
            "--profile",
            "{profile}",
            "--time-scale",
            "-1",
            "--out",
            "{out}"),
        refused(
            "give a unit", "run", "--profile", "{profile}", "--duration", "600", "--out", "{out}"),
        refused(
            "run: --out {busy} exists and is not empty",
            "run",
            "--profile",
            "{profile}",
            "--base-dir",
            "file://{base}",
            "--out",
            "{busy}"),
        refused(
            "run: --out {file}/x: cannot create it: Not a directory",
            "run",
            "--profile",
            "{profile}",
            "--base-dir",
            "file://{base}",
            "--out",
            "{file}/x"),
        refused(
            "run: cannot reach the file system {closed}",
            "run",
            "--profile",
            "{profile}",
            "--base-dir",
            "{closed}/bench",
            "--out",
            "{out}"),
        refused(
            "run: the NameNode at {silent} does not answer",
            "run",
            "--profile",
            "{profile}",
            "--base-dir",
            "{silent}/bench",
            "--out",
            "{out}",
            QUICK),
        // sweep
        refused(
            "sweep: --time-scale is required", "sweep", "--profile", "{profile}", "--out", "{out}"),
        refused(
            "sweep: --time-scale '': empty",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "",
            "--out",
            "{out}"),
        refused(
            "sweep: --repeat 0: must be 1 to 100",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "1",
            "--repeat",
            "0",
            "--out",
            "{out}"),
        refused(
            "sweep: --out {busy} exists and is not empty",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "1",
            "--out",
            "{busy}"),
        // capacity
        refused("capacity: --profile is required", "capacity", "--out", "{out}"),
        refused(
            "capacity: --resolution 1: must be above 1, at most 16",
            "capacity",
            "--profile",
            "{profile}",
            "--resolution",
            "1",
            "--out",
            "{out}"),
        refused(
            "capacity: --p99 0ms: must be positive",
            "capacity",
            "--profile",
            "{profile}",
            "--p99",
            "0ms",
            "--out",
            "{out}"),
        refused(
            "capacity: --from 0: must be 0.001 to 1000",
            "capacity",
            "--profile",
            "{profile}",
            "--from",
            "0",
            "--out",
            "{out}"),
        refused(
            "capacity: --out {busy} exists and is not empty",
            "capacity",
            "--profile",
            "{profile}",
            "--out",
            "{busy}"),
        refused(
            "capacity: Unrecognized option: --time-scale",
            "capacity",
            "--profile",
            "{profile}",
            "--time-scale",
            "0.5",
            "--out",
            "{out}"),
        // run options: one validation for run, replay and sweep; times at most 30 days
        refused(
            "run: --duration 99999999999h: longer than 30 days",
            "run",
            "--profile",
            "{profile}",
            "--time-scale",
            "0",
            "--duration",
            "99999999999h",
            "--out",
            "{out}"),
        refused(
            "run: --window 721h: longer than 30 days",
            "run",
            "--profile",
            "{profile}",
            "--window",
            "721h",
            "--out",
            "{out}"),
        refused(
            "replay: --duration 99999999999h: longer than 30 days",
            "replay",
            "--trace",
            "{trace}",
            "--time-scale",
            "0",
            "--duration",
            "99999999999h",
            "--out",
            "{out}"),
        refused(
            "sweep: --window 1m: at time scale 1 a run takes --window times 1 of wall clock, not"
                + " less than --duration 1m",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "1",
            "--window",
            "1m",
            "--duration",
            "1m",
            "--out",
            "{out}"),
        refused(
            "sweep: --window 10m: at time scale 0.5 a run takes",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "0,0.1,0.5",
            "--window",
            "10m",
            "--duration",
            "4m",
            "--out",
            "{out}"),
        refused(
            "sweep: --time-scale 1,,0: an empty item in the list",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "1,,0",
            "--out",
            "{out}"),
        refused(
            "sweep: --time-scale 0,: an empty item in the list",
            "sweep",
            "--replay",
            "{trace}",
            "--time-scale",
            "0,",
            "--out",
            "{out}"),
        refused(
            "sweep: --warm-up 99999999999h: longer than 30 days",
            "sweep",
            "--profile",
            "{profile}",
            "--time-scale",
            "0",
            "--warm-up",
            "99999999999h",
            "--out",
            "{out}"),
        refused(
            "sweep: --duration 99999999999h: longer than 30 days",
            "sweep",
            "--replay",
            "{trace}",
            "--time-scale",
            "0",
            "--duration",
            "99999999999h",
            "--out",
            "{out}"),
        // name directories: an older layout, an image corrupted under a matching .md5
        refused(
            "cluster: --name-dir {olderimage}: layout version -60 (current/VERSION) is not this"
                + " Hadoop's",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "{base}",
            "--name-dir",
            "{olderimage}"),
        refused(
            "run: --name-dir {olderimage}: layout version -60 (current/VERSION) is not this"
                + " Hadoop's",
            "run",
            "--profile",
            "{profile}",
            "--name-dir",
            "{olderimage}",
            "--out",
            "{out}"),
        refused(
            "cluster: --name-dir {corruptfsimage}: the NameNode cannot load this fsimage (",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "{base}",
            "--name-dir",
            "{corruptimage}"),
        refused(
            "run: --name-dir {corruptfsimage}: the NameNode cannot load this fsimage (",
            "run",
            "--profile",
            "{profile}",
            "--name-dir",
            "{corruptimage}",
            "--out",
            "{out}"),
        // cluster
        refused("cluster: --datanodes is required", "cluster"),
        refused("--datanodes 0: must be between 1 and 10000", "cluster", "--datanodes", "0"),
        refused(
            "--namenode-port 70000: not a port",
            "cluster",
            "--datanodes",
            "1",
            "--namenode-port",
            "70000"),
        refused(
            "cluster: --base-dir {file}: not a directory",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "{file}"),
        refused(
            "cluster: --base-dir {file}/x: cannot create it: Not a directory",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "{file}/x"),
        refused(
            "cluster: --base-dir /proc/mimesisbench-x: cannot create it",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "/proc/mimesisbench-x"),
        refused(
            "not empty (the cluster formats it)",
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            "{busy}"),
        // the dispatcher
        refused("unknown command 'nope'", "nope"),
        refused("option -D needs a value", "parse", "-D"));
  }

  private static String named(String s, Path work) {
    String out =
        s.replace("{out}", work.resolve("out").toString())
            .replace("{base}", work.resolve("base").toString());
    for (Map.Entry<String, String> e : NAMES.entrySet()) {
      out = out.replace("{" + e.getKey() + "}", e.getValue());
    }
    return out;
  }

  /** What the working directory holds (its build output aside), for before-and-after comparison. */
  private static List<String> workingDirectory() throws IOException {
    try (Stream<Path> top = Files.list(Path.of("").toAbsolutePath())) {
      return top.map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("target"))
          .sorted()
          .toList();
    }
  }

  /** Every file and directory under {@code root} with its size, for before-and-after comparison. */
  private static Map<String, Long> tree(Path root) throws IOException {
    Map<String, Long> found = new TreeMap<>();
    if (Files.exists(root)) {
      try (Stream<Path> all = Files.walk(root)) {
        for (Path p : (Iterable<Path>) all::iterator) {
          found.put(root.relativize(p).toString(), Files.isDirectory(p) ? -1 : Files.size(p));
        }
      }
    }
    return found;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void isRefusedInOneLineAndWritesNothing(
      String shown, List<String> argv, String expected, @TempDir Path work) throws Exception {
    Map<String, Long> inputsBefore = tree(fixtures);
    List<String> cwdBefore = workingDirectory();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] args = argv.stream().map(a -> named(a, work)).toArray(String[]::new);
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), args);
    String message = err.toString(StandardCharsets.UTF_8);

    assertEquals(2, exit, message);
    assertEquals(1, message.strip().lines().count(), message);
    assertTrue(message.startsWith("mimesisbench: "), message);
    assertTrue(message.contains(named(expected, work)), message);
    assertFalse(message.contains("\tat ") || message.contains("null"), message);
    assertFalse(CLASS_NAME.matcher(message).find(), "an exception's class name: " + message);
    assertEquals(
        Map.of("", -1L), tree(work), "nothing written, not even an empty --out or --base-dir");
    assertEquals(inputsBefore, tree(fixtures), "the inputs are as they were");
    assertEquals(cwdBefore, workingDirectory(), "nothing written where the command ran");
  }
}
