package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.tardis.dataset.HeldReplicas;

/**
 * Places the replicas of a name directory's blocks on N emulated DataNodes before they start, and
 * writes each DataNode's share into its storage directory as {@link HeldReplicas}: the DataNodes
 * then report them in their first block reports. HDFS's default placement on one rack puts a
 * block's replicas on distinct nodes chosen at random (the writer's own node first, which a client
 * outside the cluster does not have), so each block's replicas go to {@code replication} distinct
 * DataNodes drawn from a stream seeded by its block id: the same image on the same DataNodes always
 * gets the same placement, and the DataNodes share the replicas evenly.
 */
public final class ReplicaPlacement {
  /** What was placed, and how long reading the image took. */
  public record Placed(ImageBlocks.Totals image, long replicas, double seconds) {}

  private ReplicaPlacement() {}

  /**
   * Reads the image in {@code nameDir} and writes the replicas of DataNode i to {@code
   * storageDirs[i]}.
   */
  public static Placed place(Configuration conf, Path nameDir, Path image, Path[] storageDirs)
      throws IOException {
    long start = System.nanoTime();
    if (!ImageBlocks.everHadBlocks(image)) { // nothing to place: no pass over a large image
      return new Placed(new ImageBlocks.Totals(0, 0, 0, 0), 0, (System.nanoTime() - start) / 1e9);
    }
    int n = storageDirs.length;
    Share[] shares = new Share[n];
    for (int i = 0; i < n; i++) {
      shares[i] = new Share();
    }
    int[] chosen = new int[n];
    long[] replicas = {0};
    ImageBlocks.Totals totals =
        ImageBlocks.read(
            conf,
            image,
            (id, gs, length, sequence, replication) -> {
              int r = Math.min(Math.max(replication, 1), n);
              choose(id, r, n, chosen);
              for (int k = 0; k < r; k++) {
                shares[chosen[k]].add(id, gs, length, sequence);
              }
              replicas[0] += r;
            });
    String bpid = ImageBlocks.blockPoolId(nameDir);
    for (int i = 0; i < n; i++) {
      Share s = shares[i];
      HeldReplicas.write(storageDirs[i], bpid, s.size, s.ids, s.gs, s.lengths, s.sequences);
      shares[i] = null; // each share's arrays go as soon as written
    }
    return new Placed(totals, replicas[0], (System.nanoTime() - start) / 1e9);
  }

  /** Draws {@code r} distinct DataNodes of {@code n} for block {@code id} into {@code out}. */
  static void choose(long id, int r, int n, int[] out) {
    SplittableRandom random = new SplittableRandom(id);
    for (int k = 0; k < r; k++) {
      int candidate;
      boolean taken;
      do {
        candidate = random.nextInt(n);
        taken = false;
        for (int j = 0; j < k && !taken; j++) {
          taken = out[j] == candidate;
        }
      } while (taken);
      out[k] = candidate;
    }
  }

  /** One DataNode's replicas, in growing arrays (32 bytes a replica). */
  private static final class Share {
    long[] ids = new long[16];
    long[] gs = new long[16];
    long[] lengths = new long[16];
    long[] sequences = new long[16];
    int size;

    void add(long id, long genStamp, long length, long sequence) {
      if (size == ids.length) {
        int grown = size + (size >> 1);
        ids = Arrays.copyOf(ids, grown);
        gs = Arrays.copyOf(gs, grown);
        lengths = Arrays.copyOf(lengths, grown);
        sequences = Arrays.copyOf(sequences, grown);
      }
      ids[size] = id;
      gs[size] = genStamp;
      lengths[size] = length;
      sequences[size] = sequence;
      size++;
    }
  }
}
