package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;

/**
 * Selects the emulated storage: {@code dfs.datanode.fsdataset.factory} = this class. Not
 * "simulated" to the DataNode, so it keeps its storage directories, its UUID and its storage IDs
 * across restarts as a real one does.
 */
public final class TardisDatasetFactory extends FsDatasetSpi.Factory<TardisDataset> {
  @Override
  public TardisDataset newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    return new TardisDataset(datanode, storage, conf);
  }
}
