package org.mimesisbench.generator.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedClusterTest {
  @TempDir Path dir;

  private int handlers(Configuration conf, String name) throws Exception {
    try (EmbeddedCluster c =
        EmbeddedCluster.start(conf, dir.resolve(name), dir.resolve(name + "-audit.log"), 1)) {
      return c.cluster()
          .getNameNode()
          .getConf()
          .getInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, -1);
    }
  }

  @Test
  void theUsersNameNodeSettingsWinOverTheEmbeddedDefaults() throws Exception {
    assertEquals(20, handlers(new Configuration(), "default"), "the embedded default");
    Configuration given = new Configuration();
    given.setInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, 3); // as -D does
    assertEquals(3, handlers(given, "given"), "-D dfs.namenode.handler.count=3");
  }
}
