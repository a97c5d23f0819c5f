package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.QueueConfigurations;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.mimesisbench.errors.BadInputException;

/**
 * How many of a job's map containers a YARN queue can run at once beside the job's application
 * master, asked of the ResourceManager: the room left on each running NodeManager (the AM first, on
 * the roomiest), capped by the queue's maximum. Memory only, as the schedulers' default resource
 * calculator counts; sizes rounded up to the scheduler's minimum allocation.
 */
public record YarnCapacity(String queue, int mapMb, int amMb, int mapsAtOnce) {
  /**
   * How long the question waits for an unreachable ResourceManager, 20 s unless set (Hadoop's own
   * default, which this replaces: 15 minutes).
   */
  public static final String CONNECT_WAIT = "mimesisbench.yarn.connect-wait";

  private static final long CONNECT_WAIT_MS = 20_000;

  /**
   * Asks the ResourceManager of {@code jobConf} (a job's configuration: its queue and container
   * sizes).
   */
  public static YarnCapacity ask(Configuration jobConf) throws IOException {
    Configuration c = new YarnConfiguration(jobConf);
    c.setLong(
        YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS,
        jobConf.getTimeDuration(CONNECT_WAIT, CONNECT_WAIT_MS, TimeUnit.MILLISECONDS));
    c.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 1_000);
    int minimum =
        Math.max(
            1,
            c.getInt(
                YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB,
                YarnConfiguration.DEFAULT_RM_SCHEDULER_MINIMUM_ALLOCATION_MB));
    int mapMb = rounded(new JobConf(jobConf).getMemoryRequired(TaskType.MAP), minimum);
    int amMb =
        rounded(
            jobConf.getInt(MRJobConfig.MR_AM_VMEM_MB, MRJobConfig.DEFAULT_MR_AM_VMEM_MB), minimum);
    String queue = jobConf.get(MRJobConfig.QUEUE_NAME, "default");
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(c);
      yarn.start();
      List<Long> free = new ArrayList<>();
      long total = 0;
      for (NodeReport n : yarn.getNodeReports(NodeState.RUNNING)) {
        long used = n.getUsed() == null ? 0 : n.getUsed().getMemorySize();
        free.add(n.getCapability().getMemorySize() - used);
        total += n.getCapability().getMemorySize();
      }
      QueueInfo q = yarn.getQueueInfo(queue);
      if (q == null) {
        throw new QueueException(
            "the ResourceManager has no queue " + queue + " (mapreduce.job.queuename)");
      }
      long queueFree = queueMaxMb(q, total) - queueUsedMb(q, total);
      return new YarnCapacity(queue, mapMb, amMb, mapsAtOnce(free, queueFree, mapMb, amMb));
    } catch (YarnException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /**
   * The mappers phase 2 runs when it wants {@code wanted}: all of them when they fit at once, else
   * as many as fit (their shares packed), unless they were {@code asked} for (--mappers) or not
   * even one fits: then the run is refused, naming the numbers.
   */
  public int mappersFor(int wanted, boolean asked) {
    if (mapsAtOnce >= wanted) {
      return wanted;
    }
    if (asked || mapsAtOnce < 1) {
      throw new BadInputException(
          "run: "
              + describe(wanted)
              + (mapsAtOnce < 1
                  ? ": give smaller containers (-D mapreduce.map.memory.mb, yarn.app.mapreduce.am.resource.mb) or a larger"
                      + " queue"
                  : ": use --mappers "
                      + mapsAtOnce
                      + ", smaller containers (-D mapreduce.map.memory.mb) or a larger queue"));
    }
    return mapsAtOnce;
  }

  /** What phase 2 with {@code mappers} needs at once, and what the queue can run now. */
  public String describe(int mappers) {
    return "phase 2 needs "
        + (mappers + 1)
        + " containers at once ("
        + mappers
        + " mappers of "
        + mapMb
        + " MB and the application master's "
        + amMb
        + " MB); queue "
        + queue
        + " can run "
        + (mapsAtOnce < 0 ? "not even the application master" : mapsAtOnce + " mappers beside it")
        + " now";
  }

  /** A queue the job names that the ResourceManager does not have. */
  public static final class QueueException extends IOException {
    QueueException(String message) {
      super(message);
    }
  }

  /**
   * Map containers of {@code mapMb} that fit at once in nodes with {@code freeMb} each, once an
   * application master of {@code amMb} has its place, and within {@code queueFreeMb}; -1 when the
   * application master itself has no room.
   */
  static int mapsAtOnce(List<Long> freeMb, long queueFreeMb, int mapMb, int amMb) {
    List<Long> free = new ArrayList<>(freeMb);
    int roomiest = -1;
    for (int i = 0; i < free.size(); i++) {
      if (free.get(i) >= amMb && (roomiest < 0 || free.get(i) > free.get(roomiest))) {
        roomiest = i;
      }
    }
    if (roomiest < 0 || queueFreeMb < amMb) {
      return -1;
    }
    free.set(roomiest, free.get(roomiest) - amMb);
    long onNodes = free.stream().mapToLong(f -> Math.max(0, f) / mapMb).sum();
    return (int) Math.min(Integer.MAX_VALUE, Math.min(onNodes, (queueFreeMb - amMb) / mapMb));
  }

  /**
   * The most memory the queue may use: its effective maximum, else its maximum capacity's share of
   * the nodes.
   */
  private static long queueMaxMb(QueueInfo q, long clusterMb) {
    QueueConfigurations partition =
        q.getQueueConfigurations() == null ? null : q.getQueueConfigurations().get("");
    Resource max = partition == null ? null : partition.getEffectiveMaxCapacity();
    if (max != null && max.getMemorySize() > 0) {
      return Math.min(clusterMb, max.getMemorySize());
    }
    if (partition != null && partition.getAbsoluteMaxCapacity() > 0) {
      return Math.round(clusterMb * (double) partition.getAbsoluteMaxCapacity());
    }
    float share = q.getMaximumCapacity() > 0 ? q.getMaximumCapacity() : 1;
    return Math.round(clusterMb * (double) Math.min(1, share));
  }

  /**
   * What the queue's applications use now: its current capacity is a share of its guaranteed
   * capacity.
   */
  private static long queueUsedMb(QueueInfo q, long clusterMb) {
    QueueConfigurations partition =
        q.getQueueConfigurations() == null ? null : q.getQueueConfigurations().get("");
    double guaranteed =
        partition != null && partition.getAbsoluteCapacity() > 0
            ? partition.getAbsoluteCapacity()
            : q.getCapacity();
    return Math.round(clusterMb * guaranteed * q.getCurrentCapacity());
  }

  private static int rounded(int mb, int minimum) {
    return (int) Math.max(minimum, (long) Math.ceil(mb / (double) minimum) * minimum);
  }
}
