package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.TraceParse;

/** A plain local file found without Hadoop is the file Hadoop finds, named as Hadoop names it. */
class AuditLogFilesTest {
  @TempDir Path dir;

  private final Configuration conf = new Configuration();

  private org.apache.hadoop.fs.Path hadoop(String argument) throws IOException {
    List<org.apache.hadoop.fs.Path> found = new ArrayList<>();
    AuditLogFiles.expandWithHadoop(argument, conf, found);
    assertEquals(1, found.size());
    return found.get(0);
  }

  @Test
  void plainLocalFilesAreQualifiedAsHadoopQualifiesThem() throws IOException {
    Path log = Files.writeString(dir.resolve("hdfs-audit.log"), "a line\n");
    Files.createDirectories(dir.resolve("sub"));
    Path cwd = Path.of("").toAbsolutePath();
    for (String argument :
        List.of(
            log.toString(),
            dir + "/sub/../hdfs-audit.log",
            dir + "/./hdfs-audit.log",
            "file://" + log,
            cwd.relativize(log).toString())) {
      org.apache.hadoop.fs.Path ours = AuditLogFiles.plainLocalFile(argument, conf);
      assertNotNull(ours, argument);
      assertEquals(hadoop(argument), ours, argument);
      assertEquals(TraceParse.displayName(hadoop(argument)), TraceParse.displayName(ours));
      try (InputStream in = AuditLogFiles.open(ours, conf)) {
        assertEquals("a line\n", new String(in.readAllBytes()));
      }
    }
  }

  @Test
  void globsDirectoriesMissingAndChecksummedFilesAreLeftToHadoop() throws IOException {
    Files.writeString(dir.resolve("a.log"), "x\n");
    Files.writeString(dir.resolve("b.log"), "x\n");
    Files.writeString(dir.resolve(".b.log.crc"), "not really a checksum");
    assertNull(AuditLogFiles.plainLocalFile(dir + "/*.log", conf));
    assertNull(AuditLogFiles.plainLocalFile(dir + "/{a,b}.log", conf));
    assertNull(AuditLogFiles.plainLocalFile(dir.toString(), conf));
    assertNull(AuditLogFiles.plainLocalFile(dir + "/missing.log", conf));
    assertNull(AuditLogFiles.plainLocalFile(dir + "/b.log", conf));
    assertNotNull(AuditLogFiles.plainLocalFile(dir + "/a.log", conf));
    assertEquals(2, AuditLogFiles.expand(List.of(dir + "/*.log"), conf).size());
  }
}
