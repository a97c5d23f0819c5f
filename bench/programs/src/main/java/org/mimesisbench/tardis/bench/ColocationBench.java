package org.mimesisbench.tardis.bench;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.util.Time;
import org.mimesisbench.tardis.cluster.EmulatedCluster;
import org.mimesisbench.tardis.dataset.TardisDataset;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * The colocation bench: a NameNode and N emulated DataNodes in this JVM while a client creates 1
 * MiB files at a steady rate (Tardis data, or random bytes to see the storage without its codec's
 * help; each deleted after a retention time when one is given, so in-memory random data stays
 * bounded), printing every interval the live, dead and stale DataNodes, the longest time since a
 * DataNode's last heartbeat, the heap, threads and write rate, and at the end the disk and stored
 * bytes against the logical bytes written.
 *
 * <p>{@code java -cp ... ColocationBench <datanodes> <seconds> <files-per-second> <memory|disk>
 * [tardis|random] [retain-seconds, 0 keeps every file] [base-dir]}
 */
public final class ColocationBench {
  private static final int FILE_BYTES = 1 << 20;

  private ColocationBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println(
          "usage: ColocationBench <datanodes> <seconds> <files-per-second> <memory|disk> "
              + "[tardis|random] [retain-seconds] [base-dir]");
      System.exit(2);
    }
    int n = Integer.parseInt(args[0]);
    long seconds = Long.parseLong(args[1]);
    double rate = Double.parseDouble(args[2]);
    boolean inMemory = args[3].equals("memory");
    boolean tardis = args.length <= 4 || args[4].equals("tardis");
    long retainMs = args.length > 5 ? Long.parseLong(args[5]) * 1000 : 0;
    File base =
        args.length > 6 ? new File(args[6]) : Files.createTempDirectory("colocation").toFile();
    long t0 = System.nanoTime();
    try (EmulatedCluster cluster =
        EmulatedCluster.start(new Configuration(), base, n, 0, inMemory)) {
      double startS = (System.nanoTime() - t0) / 1e9;
      System.out.printf(
          "started %d DataNodes in %.1f s; storage %s under %s%n",
          n, startS, inMemory ? "in memory" : "on disk", base);
      System.out.printf(
          "files: 1 MiB of %s, %s%n",
          tardis ? "Tardis data" : "random bytes",
          retainMs > 0 ? "each deleted " + retainMs / 1000 + " s after it is written" : "all kept");
      run(cluster, n, seconds, rate, base.toPath(), tardis, retainMs);
    }
    System.exit(0);
  }

  private static void run(
      EmulatedCluster cluster,
      int n,
      long seconds,
      double rate,
      Path base,
      boolean tardis,
      long retainMs)
      throws Exception {
    FSNamesystem ns = cluster.cluster().getNamesystem();
    FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration());
    AtomicLong written = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    Deque<Object[]> live = new ArrayDeque<>();
    long[] latencies = new long[(int) (seconds * rate) + 16];
    AtomicLong count = new AtomicLong();
    byte[] data = new byte[FILE_BYTES];
    if (tardis) {
      new TardisSequence(TardisFlag.DEFAULT, FILE_BYTES).copy(0, data, 0, FILE_BYTES);
    } else {
      new Random(1).nextBytes(data);
    }
    ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor();
    long periodUs = (long) (1e6 / rate);
    writer.scheduleAtFixedRate(
        () -> {
          long i = count.getAndIncrement();
          org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/colocation/f" + i);
          long start = System.nanoTime();
          try (FSDataOutputStream out = fs.create(p, (short) 3)) {
            out.write(data);
          } catch (IOException e) {
            failed.incrementAndGet();
            System.err.println("write " + p + " failed: " + e);
            return;
          }
          if (i < latencies.length) {
            latencies[(int) i] = System.nanoTime() - start;
          }
          written.incrementAndGet();
          synchronized (live) {
            live.add(new Object[] {p, System.currentTimeMillis()});
            while (retainMs > 0
                && !live.isEmpty()
                && System.currentTimeMillis() - (Long) live.peek()[1] > retainMs) {
              try {
                fs.delete((org.apache.hadoop.fs.Path) live.poll()[0], false);
              } catch (IOException e) {
                failed.incrementAndGet();
              }
            }
          }
        },
        0,
        periodUs,
        TimeUnit.MICROSECONDS);
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    long lastWritten = 0;
    long lastT = System.nanoTime();
    long worstLagMs = 0;
    int maxDead = 0;
    int maxStale = 0;
    System.out.println(
        "  t_s  live dead stale  max_hb_lag_s  heap_used_MiB  threads  files/s  files  failed");
    while (System.nanoTime() < end) {
      Thread.sleep(Math.min(30_000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      long now = Time.monotonicNow();
      long lag = 0;
      for (DatanodeDescriptor d :
          ns.getBlockManager()
              .getDatanodeManager()
              .getDatanodeListForReport(DatanodeReportType.ALL)) {
        lag = Math.max(lag, now - d.getLastUpdateMonotonic());
      }
      worstLagMs = Math.max(worstLagMs, lag);
      int dead = ns.getNumDeadDataNodes();
      int stale = ns.getNumStaleDataNodes();
      maxDead = Math.max(maxDead, dead);
      maxStale = Math.max(maxStale, stale);
      long w = written.get();
      double dt = (System.nanoTime() - lastT) / 1e9;
      System.out.printf(
          "%5.0f %5d %4d %5d %13.1f %14d %8d %8.2f %6d %7d%n",
          seconds - (end - System.nanoTime()) / 1e9,
          ns.getNumLiveDataNodes(),
          dead,
          stale,
          lag / 1000.0,
          memory.getHeapMemoryUsage().getUsed() >> 20,
          Thread.activeCount(),
          (w - lastWritten) / dt,
          w,
          failed.get());
      lastWritten = w;
      lastT = System.nanoTime();
    }
    writer.shutdown();
    writer.awaitTermination(60, TimeUnit.SECONDS);
    long files = written.get();
    long[] lat = Arrays.copyOf(latencies, (int) Math.min(files, latencies.length));
    Arrays.sort(lat);
    long logical = 0;
    long stored = 0;
    for (DataNode dn : cluster.cluster().getDataNodes()) {
      logical += dn.getFSDataset().getDfsUsed();
      stored += ((TardisDataset) dn.getFSDataset()).storedBytes();
    }
    System.gc();
    System.out.printf(
        "summary: %d DataNodes, %d s, %d files written (%.2f/s, target %.2f), %d failed; "
            + "max dead %d, max stale %d, longest heartbeat gap %.1f s; write latency p50 %.0f ms, p99 %.0f ms; "
            + "heap after GC %d MiB; logical bytes held %d, stored %d (%.3f %%), on disk under base %d (%.3f %%)%n",
        n,
        seconds,
        files,
        files / (double) seconds,
        rate,
        failed.get(),
        maxDead,
        maxStale,
        worstLagMs / 1000.0,
        pct(lat, 0.5) / 1e6,
        pct(lat, 0.99) / 1e6,
        memory.getHeapMemoryUsage().getUsed() >> 20,
        logical,
        stored,
        100.0 * stored / Math.max(1, logical),
        du(base),
        100.0 * du(base) / Math.max(1, logical));
    fs.close();
  }

  private static long pct(long[] sorted, double q) {
    return sorted.length == 0
        ? 0
        : sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  }

  /**
   * Bytes of the files under {@code dir} (apparent sizes; the NameNode's edits and image included).
   */
  private static long du(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
