package org.mimesisbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserSettingsTest {
  @TempDir Path dir;

  @Test
  void aKeyTheUserSetIsGivenAndHadoopsDefaultIsNot() {
    Configuration conf = new Configuration();
    assertFalse(UserSettings.given(conf, "fs.defaultFS"), "core-default.xml's");
    assertFalse(UserSettings.given(conf, "mimesisbench.nowhere"), "set nowhere");
    conf.set("fs.defaultFS", "hdfs://nn:8020");
    assertTrue(UserSettings.given(conf, "fs.defaultFS"), "set by the user");
  }

  /**
   * A task reads its job's configuration from the file the client wrote: Hadoop's defaults there
   * are still not the user's, and what the user set still is.
   */
  @Test
  void throughAJobsConfigurationFileADefaultStaysADefault() throws Exception {
    Configuration client = new Configuration();
    client.set("fs.defaultFS", "hdfs://nn:8020");
    for (String name :
        new String[] {"job.xml", "job_local1394032652_0002.xml", "job_1796002413976_0003.xml"}) {
      Path file = dir.resolve(name);
      try (OutputStream out = Files.newOutputStream(file)) {
        client.writeXml(out);
      }
      Configuration task = new Configuration(false);
      task.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
      assertEquals(2, task.getPropertySources("io.file.buffer.size").length, name);
      assertFalse(UserSettings.given(task, "io.file.buffer.size"), name + ": core-default.xml's");
      assertTrue(UserSettings.given(task, "fs.defaultFS"), name + ": set by the user");
    }
    Configuration site = new Configuration(false);
    Path other = dir.resolve("my-job.xml");
    Files.writeString(
        other,
        "<configuration><property><name>io.file.buffer.size</name><value>8192</value>"
            + "</property></configuration>");
    site.addResource(new org.apache.hadoop.fs.Path(other.toUri()));
    assertTrue(UserSettings.given(site, "io.file.buffer.size"), "a file of the user's own");
  }
}
