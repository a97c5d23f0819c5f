package org.mimesisbench.generator.issue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.viewfs.ViewFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.generator.schedule.Write;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * How a run's clients move file data: a create or append writes its bytes as Tardis data (the flag
 * from the configuration, so the emulated DataNodes keep them in a few bytes) through the file
 * system's own write pipeline, with the file's block size and its replication capped to the
 * DataNodes there are; an open reads the file's data when asked (--read-data), checking nothing.
 * Counts the bytes written and read, shared by every client of a mapper.
 */
public final class DataTransfer {
  /**
   * The most replicas a file gets: the live DataNodes the driver found (0: no cap), so that a
   * replication the cluster cannot hold does not leave every block under-replicated.
   */
  public static final String MAX_REPLICATION = "mimesisbench.data.max-replication";

  private static final int BUFFER_BYTES = 64 * 1024;

  /** How soon a close (or a next block) asks again whether its last block is reported, ms. */
  private static final int CLOSE_RETRY_MS = 10;

  /** How often it asks, doubling the wait: about 40 s in all, HDFS's 400 ms doubling 12 s. */
  private static final int CLOSE_RETRIES = 12;

  private final TardisFlag flag;
  private final short maxReplication;
  private final boolean readData;
  private final LongAdder written = new LongAdder();
  private final LongAdder read = new LongAdder();

  public DataTransfer(TardisFlag flag, int maxReplication, boolean readData) {
    this.flag = flag;
    this.maxReplication =
        (short) (maxReplication > 0 ? Math.min(maxReplication, Short.MAX_VALUE) : Short.MAX_VALUE);
    this.readData = readData;
  }

  /** As the run's configuration says (the flag, the cap), reading on open with {@code readData}. */
  public static DataTransfer from(Configuration conf, boolean readData) {
    return new DataTransfer(TardisFlag.from(conf), conf.getInt(MAX_REPLICATION, 0), readData);
  }

  /** Data written with the default flag, no cap, no reads: a client outside a run. */
  public static DataTransfer defaults() {
    return new DataTransfer(TardisFlag.DEFAULT, 0, false);
  }

  /** Creates {@code p} holding {@code w}'s bytes, with its block size and (capped) replication. */
  public void create(FileSystem fs, Path p, Write w) throws IOException {
    create(fs, p, w, false);
  }

  /**
   * As {@link #create}, replacing what is at {@code p}: a replay's create, as the trace's
   * succeeded.
   */
  public void overwrite(FileSystem fs, Path p, Write w) throws IOException {
    create(fs, p, w, true);
  }

  private void create(FileSystem fs, Path p, Write w, boolean overwrite) throws IOException {
    short replication = capped(w.replication());
    try (FSDataOutputStream out =
        fs.create(p, overwrite, BUFFER_BYTES, replication, w.blockSize())) {
      IssuingPipeline.fileExists(); // readers of a file being written are served
      write(out, w.bytes());
    }
  }

  /** Appends {@code w}'s bytes to {@code p}: a sequence of their own after the file's. */
  void append(FileSystem fs, Path p, Write w) throws IOException {
    try (OutputStream out = fs.append(p)) {
      write(out, w.bytes());
    }
  }

  /** Reads the whole of {@code in} when the run reads data, counting it; closes it either way. */
  void opened(InputStream in) throws IOException {
    try (in) {
      if (!readData) {
        return;
      }
      byte[] buffer = new byte[BUFFER_BYTES];
      for (int n; (n = in.read(buffer)) > 0; ) {
        read.add(n);
      }
    }
  }

  private void write(OutputStream out, long bytes) throws IOException {
    new TardisSequence(flag, bytes).writeTo(out);
    written.add(bytes);
  }

  /** Bytes written so far. */
  public long bytesWritten() {
    return written.sum();
  }

  /** Bytes read so far. */
  public long bytesRead() {
    return read.sum();
  }

  /**
   * Lets an append go on with the replicas its block has when no DataNode is left to add to its
   * pipeline (HDFS's best effort), unless the user said otherwise: on a cluster with fewer
   * DataNodes than a file's replication (a setReplication to the default 3, a file system that
   * cannot count its DataNodes) HDFS's default policy fails every append of a partial block.
   */
  public static void appendsOnFewDataNodes(Configuration c) {
    String key = HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.BEST_EFFORT_KEY;
    if (!UserSettings.given(c, key)) {
      c.setBoolean(key, true);
    }
  }

  /**
   * Retries a file's close (and its next block) {@value #CLOSE_RETRY_MS} ms after the NameNode
   * answered that the last block's replicas are not reported yet, not HDFS's 400 ms, unless the
   * user set either key: the DataNodes' report is a few ms behind the client, and on a loaded host
   * it loses that race often; the 400 ms then held the file's next op (the rename of an output into
   * place) far off its schedule.
   */
  public static void closesPromptly(Configuration c) {
    if (!UserSettings.given(
            c, HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY)
        && !UserSettings.given(
            c, HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_KEY)) {
      pollCloses(c);
    }
  }

  /**
   * Sets {@code c}'s closes (and next blocks) to ask every {@value #CLOSE_RETRY_MS} ms, doubling,
   * {@value #CLOSE_RETRIES} times, whatever was set: what phase 1, which is not measured, writes
   * with; phase 2 by {@link #closesPromptly}.
   */
  public static void pollCloses(Configuration c) {
    c.setInt(
        HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY, CLOSE_RETRY_MS);
    c.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_KEY, CLOSE_RETRIES);
  }

  /**
   * The live DataNodes of {@code fs} when it is HDFS (or a mount table over HDFS), else 0 (no cap:
   * another file system, WebHDFS among them, places replicas its own way).
   */
  public static int liveDataNodes(FileSystem fs) throws IOException {
    if (fs instanceof DistributedFileSystem d) {
      return d.getDataNodeStats(DatanodeReportType.LIVE).length;
    }
    int fewest = 0; // a mount table's: the fewest of the HDFS clusters it mounts
    for (FileSystem child : fs instanceof ViewFileSystem ? fs.getChildFileSystems() : NONE) {
      int live = liveDataNodes(child);
      if (live > 0 && (fewest == 0 || live < fewest)) {
        fewest = live;
      }
    }
    return fewest;
  }

  private static final FileSystem[] NONE = {};

  /** {@code replication} capped to the live DataNodes (what setReplication asks for too). */
  public short capped(short replication) {
    return (short) Math.min(replication, maxReplication);
  }

  /**
   * The note a run makes when its files draw up to {@code wanted} replicas and only {@code live}
   * DataNodes can hold them; null when they fit.
   */
  public static String cappedNote(int wanted, int live) {
    return cappedNote("the profile's files draw", wanted, live);
  }

  /** As {@link #cappedNote(int, int)}, {@code files} saying whose ("the trace's files have"). */
  public static String cappedNote(String files, int wanted, int live) {
    if (live <= 0 || wanted <= live) {
      return null;
    }
    return files
        + " up to "
        + wanted
        + " replicas and only "
        + live
        + " DataNode"
        + (live == 1 ? " is" : "s are")
        + " live: replication capped to "
        + live;
  }
}
