package org.mimesisbench.tardis.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileSizes;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.profile.SizeSource;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;
import org.mimesisbench.tardis.format.TardisValidator;

/**
 * A profile with file sizes, its namespace written by {@code namespace image}, started by {@code
 * cluster --name-dir} with DataNodes that hold the image's blocks: the NameNode leaves safe mode
 * with every block reported, FsShell counts the bytes the image holds, and the files read back as
 * Tardis data, can be deleted and appended to.
 */
class ImageBlocksClusterTest {
  private static final long MIB = 1L << 20;

  @TempDir java.nio.file.Path tmp;

  @Tag("slow")
  @Test
  void theDataNodesHoldTheImagesBlocksFromTheStart() throws Exception {
    java.nio.file.Path profile = sizedProfile(tmp.resolve("profile"));
    java.nio.file.Path nameDir = tmp.resolve("nn");
    assertEquals(
        0,
        command(
            "namespace",
            "image",
            "--stats",
            profile.toString(),
            "--dirs",
            "40",
            "--files",
            "120",
            "--seed",
            "7",
            "--out",
            nameDir.toString(),
            "--quiet"));
    ImageBlocks.Totals image =
        ImageBlocks.read(
            new Configuration(),
            NameDirCopy.newestImage(nameDir.resolve("current")),
            (id, gs, length, sequence, replication) -> {});
    assertTrue(image.blocks() > image.files() / 2, "files have blocks: " + image);

    ByteArrayOutputStream stages = new ByteArrayOutputStream();
    PrintStream err = System.err;
    System.setErr(new PrintStream(stages, true, StandardCharsets.UTF_8));
    Running cluster;
    String address;
    try {
      cluster =
          start(
              "cluster",
              "--datanodes",
              "4",
              "--base-dir",
              tmp.resolve("cluster").toString(),
              "--name-dir",
              nameDir.toString(),
              "--in-memory");
      address = readLine(cluster.printed());
    } finally {
      System.setErr(err);
    }
    String printed = stages.toString(StandardCharsets.UTF_8);
    System.err.print(printed);
    for (String stage :
        List.of("image's blocks read and placed", "NameNode started", "DataNodes registered")) {
      assertTrue(printed.contains(stage), printed);
    }
    assertTrue(
        printed.contains(
            String.format(
                "safe mode left in %s more with %,d of %,d blocks reported",
                printed.replaceAll("(?s).*safe mode left in ([0-9.]+ s).*", "$1"),
                image.blocks(),
                image.blocks())),
        printed);
    java.util.regex.Matcher replicas =
        java.util.regex.Pattern.compile("([\\d,]+) of ([\\d,]+) replicas reported")
            .matcher(printed);
    assertTrue(replicas.find(), printed);
    assertEquals(replicas.group(2), replicas.group(1), "every placed replica reported");
    assertTrue(printed.contains("heap used after start"), printed);
    Configuration conf = new Configuration();
    try (FileSystem fs = FileSystem.newInstance(URI.create(address), conf)) {
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      assertTrue(!dfs.isInSafeMode(), "out of safe mode");
      assertEquals(image.blocks(), nameNodeMetric("BlocksTotal"));
      assertEquals(
          image.bytes(), contentSize(conf, address + "/mimesis"), "FsShell -count's content size");

      List<FileStatus> files = filesWithBlocks(fs, new org.apache.hadoop.fs.Path("/mimesis"));
      TardisFlag flag = TardisFlag.from(conf);
      for (FileStatus f : files.subList(0, Math.min(5, files.size()))) {
        try (InputStream in = fs.open(f.getPath())) {
          assertEquals(
              TardisValidator.NONE,
              TardisValidator.firstMismatch(new TardisSequence(flag, f.getLen()), in),
              f.getPath() + " reads back as the Tardis data of its length");
        }
      }

      FileStatus appended = files.get(0);
      byte[] more = "appended after the image".getBytes(StandardCharsets.UTF_8);
      try (FSDataOutputStream out = fs.append(appended.getPath())) {
        out.write(more);
      }
      try (InputStream in = fs.open(appended.getPath())) {
        byte[] all = in.readAllBytes();
        assertEquals(appended.getLen() + more.length, all.length);
        assertEquals(
            TardisValidator.NONE,
            TardisValidator.firstMismatch(
                new TardisSequence(flag, appended.getLen()), 0, all, 0, (int) appended.getLen()));
        assertEquals(
            new String(more, StandardCharsets.UTF_8),
            new String(all, (int) appended.getLen(), more.length, StandardCharsets.UTF_8));
      }

      FileStatus deleted = files.get(1);
      long before = nameNodeMetric("BlocksTotal");
      int blocks = fs.getFileBlockLocations(deleted, 0, deleted.getLen()).length;
      assertTrue(fs.delete(deleted.getPath(), false));
      long deadline = System.nanoTime() + 60_000_000_000L;
      while ((nameNodeMetric("BlocksTotal") > before - blocks
              || nameNodeMetric("PendingDeletionBlocks") > 0)
          && System.nanoTime() < deadline) {
        Thread.sleep(200); // the NameNode drops the blocks, then the DataNodes their replicas
      }
      assertEquals(before - blocks, nameNodeMetric("BlocksTotal"), "before: " + before);
      assertEquals(0, nameNodeMetric("PendingDeletionBlocks"), "the DataNodes deleted them");
    }
    cluster.stop();
  }

  /** The yahoo-2011 profile, each type's files given sizes of 0 to 3.5 blocks of 1 MiB. */
  static java.nio.file.Path sizedProfile(java.nio.file.Path dir) throws IOException {
    Profile p =
        ProfileReader.read(
            java.nio.file.Path.of(System.getProperty("user.dir"))
                .resolve("../profiles/yahoo-2011")
                .normalize());
    FileSizes sizes =
        FileSizes.newBuilder()
            .setPreExisting(
                distribution(
                    List.of(0.0, 1000.0, 3.0 * MIB, 3.5 * MIB + 7), List.of(0.2, 0.4, 0.7, 1.0)))
            .setCreated(distribution(List.of(1000.0), List.of(1.0)))
            .setCreatedFrom(SizeSource.ASSUMED)
            .setAppendBytes(distribution(List.of(), List.of()))
            .setBlockSize(distribution(List.of((double) MIB), List.of(1.0)))
            .setReplication(distribution(List.of(2.0, 3.0), List.of(0.5, 1.0)))
            .build();
    List<FileType> types = new ArrayList<>();
    for (FileType t : p.getFileTypes()) {
      t.setSizes(sizes);
      types.add(t);
    }
    p.setFileTypes(types);
    p.setFormatVersion(ProfileReader.FORMAT_VERSION);
    Files.createDirectories(dir);
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), ProfileReader.file(dir).toFile());
      w.append(p);
    }
    return dir;
  }

  private static Distribution distribution(List<Double> values, List<Double> cumulative) {
    return Distribution.newBuilder()
        .setValues(values)
        .setCumulative(cumulative)
        .setCount(values.size())
        .build();
  }

  /** An attribute of the NameNode's FSNamesystem MBean (this JVM runs one NameNode at a time). */
  private static long nameNodeMetric(String name) throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    Set<ObjectName> names =
        server.queryNames(new ObjectName("Hadoop:service=NameNode,name=FSNamesystem*"), null);
    for (ObjectName n : names) {
      if (n.getKeyProperty("name").equals("FSNamesystem")) {
        return ((Number) server.getAttribute(n, name)).longValue();
      }
    }
    throw new AssertionError("no FSNamesystem MBean among " + names);
  }

  /** The content size (third column) Hadoop's FsShell -count prints for {@code path}. */
  private static long contentSize(Configuration conf, String path) throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, ToolRunner.run(new FsShell(conf), new String[] {"-count", path}));
    } finally {
      System.setOut(out);
    }
    String[] columns = captured.toString(StandardCharsets.UTF_8).strip().split("\\s+");
    return Long.parseLong(columns[2]);
  }

  private static List<FileStatus> filesWithBlocks(FileSystem fs, org.apache.hadoop.fs.Path dir)
      throws IOException {
    List<FileStatus> found = new ArrayList<>();
    var it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      FileStatus f = it.next();
      if (f.getLen() > 0) {
        found.add(f);
      }
    }
    found.sort((a, b) -> Long.compare(b.getLen(), a.getLen())); // the largest, most blocks, first
    return found;
  }

  private static int command(String... args) {
    return new MimesisBench(new PrintStream(new ByteArrayOutputStream()), System.err)
        .execute(new Configuration(), args);
  }

  /** A cluster command on a thread of its own: what it prints, and how to stop it. */
  private record Running(Thread thread, PipedInputStream printed, AtomicInteger rc) {
    void stop() throws InterruptedException {
      thread.interrupt();
      thread.join(60_000);
      assertEquals(0, rc.get());
    }
  }

  private static Running start(String... argv) throws IOException {
    PipedOutputStream sink = new PipedOutputStream();
    PipedInputStream printed = new PipedInputStream(sink, 1 << 16);
    AtomicInteger rc = new AtomicInteger(-1);
    Thread command =
        new Thread(
            () ->
                rc.set(
                    new MimesisBench(new PrintStream(sink, true), System.err)
                        .execute(new Configuration(), argv)));
    command.start();
    return new Running(command, printed, rc);
  }

  private static String readLine(PipedInputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b; (b = in.read()) != -1 && b != '\n'; ) {
      line.write(b);
    }
    return line.toString(StandardCharsets.UTF_8);
  }
}
