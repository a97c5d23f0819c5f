package org.mimesisbench.tracemakers;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.protocol.ClientProtocol;
import org.apache.hadoop.mapreduce.protocol.ClientProtocolProvider;

/**
 * The local job runner, except that it keeps the job's {@code mapreduce.job.maps}.
 *
 * <p>Hadoop's own LocalClientProtocolProvider forces {@code mapreduce.job.maps=1} on every job it
 * runs, so generator jobs (teragen, randomwriter, randomtextwriter), whose split count is that
 * setting, would always write one file. This provider is listed in META-INF/services ahead of
 * Hadoop's (this module's classes come first on the class path) and only acts when {@link #KEY} is
 * true, as it is in the trace makers' runs; if it is not reached first, jobs still run, with one
 * map.
 */
public final class MultiMapLocalProvider extends ClientProtocolProvider {

  static final String KEY = "mimesisbench.tracemakers.local-runner.keep-num-maps";

  @Override
  public ClientProtocol create(Configuration conf) throws IOException {
    if (!"local".equals(conf.get("mapreduce.framework.name", "local"))
        || !conf.getBoolean(KEY, false)) {
      return null;
    }
    return new LocalJobRunner(conf);
  }

  @Override
  public ClientProtocol create(InetSocketAddress addr, Configuration conf) {
    return null;
  }

  @Override
  public void close(ClientProtocol clientProtocol) {}
}
