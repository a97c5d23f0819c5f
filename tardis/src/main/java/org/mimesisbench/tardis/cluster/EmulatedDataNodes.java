package org.mimesisbench.tardis.cluster;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.mimesisbench.tardis.dataset.TardisDataset;
import org.mimesisbench.tardis.dataset.TardisDatasetFactory;

/**
 * The settings that make in-process DataNodes emulated and light enough for hundreds to share one
 * machine with a NameNode: the Tardis storage, one volume each, few server threads, and no
 * background scanners that need block files. The entry point for every embedded cluster.
 */
public final class EmulatedDataNodes {
  /**
   * IPC handler threads per DataNode (HDFS default 10): the NameNode and peers call them rarely.
   */
  public static final String HANDLERS_KEY = "mimesisbench.tardis.datanode.handlers";

  public static final int HANDLERS_DEFAULT = 2;

  private EmulatedDataNodes() {}

  /**
   * {@code conf} with the emulated storage selected and the DataNodes made light; returns {@code
   * conf}.
   */
  public static Configuration configure(Configuration conf, boolean inMemory) {
    conf.set(
        DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY, TardisDatasetFactory.class.getName());
    conf.setBoolean(TardisDataset.IN_MEMORY_KEY, inMemory);
    // scanners read block files; the stored chunks are checked whenever they are read instead
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SCANNER_VOLUME_BYTES_PER_SECOND, 0L);
    conf.setInt(DFSConfigKeys.DFS_DATANODE_DIRECTORYSCAN_INTERVAL_KEY, -1);
    conf.setInt(
        DFSConfigKeys.DFS_DATANODE_HANDLER_COUNT_KEY, conf.getInt(HANDLERS_KEY, HANDLERS_DEFAULT));
    return conf;
  }

  /**
   * A MiniDFSCluster builder for a NameNode and {@code dataNodes} emulated DataNodes under {@code
   * baseDir}.
   */
  public static MiniDFSCluster.Builder builder(
      Configuration conf, File baseDir, int dataNodes, boolean inMemory) {
    configure(conf, inMemory);
    return new MiniDFSCluster.Builder(conf, baseDir).numDataNodes(dataNodes).storagesPerDatanode(1);
  }
}
