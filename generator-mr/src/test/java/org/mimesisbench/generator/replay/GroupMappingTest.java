package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Groups;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

/**
 * --groups FILE: Hadoop's static group mapping, an entry per user, read as Hadoop reads the
 * setting.
 */
class GroupMappingTest {
  @TempDir Path dir;

  @Test
  void entriesByLineOrSemicolonWithComments() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("groups"),
            "# the warehouse's users\nbackup=supergroup\n"
                + "hive=hive,etl; etl=etl,hive\n\nnobody=\n");
    Map<String, List<String>> m = GroupMapping.read("replay", file);
    assertEquals(
        Map.of(
            "backup",
            List.of("supergroup"),
            "hive",
            List.of("hive", "etl"),
            "etl",
            List.of("etl", "hive"),
            "nobody",
            List.of()),
        m);
    String value = GroupMapping.render(m);
    assertEquals("backup=supergroup;etl=etl,hive;hive=hive,etl;nobody=;", value);
    Configuration conf = new Configuration();
    conf.set(GroupMapping.KEY, value);
    assertEquals(
        List.of("etl", "hive"),
        new Groups(conf).getGroups("etl"),
        "Hadoop reads what render writes");
  }

  @Test
  void badFilesAreOneLineNamingTheFileAndTheLine() throws Exception {
    Path file = Files.writeString(dir.resolve("groups"), "backup=supergroup\nhive hive,etl\n");
    BadInputException e =
        assertThrows(BadInputException.class, () -> GroupMapping.read("replay", file));
    assertTrue(
        e.getMessage()
            .contains("--groups " + file + ": line 2: 'hive hive,etl': expected user=group,group"),
        e.getMessage());
    assertTrue(
        assertThrows(
                BadInputException.class, () -> GroupMapping.read("replay", dir.resolve("none")))
            .getMessage()
            .endsWith("none: no such file"));
    Path twice = Files.writeString(dir.resolve("twice"), "a=b=c");
    assertThrows(BadInputException.class, () -> GroupMapping.read("replay", twice));
    Path binary = Files.write(dir.resolve("binary"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    assertTrue(
        assertThrows(BadInputException.class, () -> GroupMapping.read("replay", binary))
            .getMessage()
            .endsWith("not UTF-8 text"));
  }
}
