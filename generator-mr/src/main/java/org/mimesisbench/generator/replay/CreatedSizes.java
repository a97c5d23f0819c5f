package org.mimesisbench.generator.replay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The size each file a trace creates is written with: what the end image (namespace-end.avro) holds
 * at the file's final path when it lives to the trace's end; else (deleted or overwritten in the
 * window: no size recorded) one drawn from the sizes of the created files the end image holds
 * (without any, the start image's files; without those, 0), the uniform a hash of its path and
 * create time, so every replay of the trace writes the same.
 */
final class CreatedSizes {
  /** A created file's life as files.avro has it: where it was made, when, and where it ended. */
  record Created(String path, long createTime, String finalPath, boolean survives) {}

  /**
   * Each created file's size, block size and replication, as an entry at the path of its create
   * with mtime its create's time from the trace's first event (the key a create call finds it by).
   */
  final List<NamespaceEntry> entries = new ArrayList<>();

  /** Created files whose size is drawn (the end image does not hold them). */
  long drawn;

  private static final Comparator<NamespaceEntry> BY_SIZE =
      Comparator.comparingLong(NamespaceEntry::getSize)
          .thenComparingLong(NamespaceEntry::getBlockSize)
          .thenComparingInt(NamespaceEntry::getReplication)
          .thenComparing(e -> e.getPath().toString());

  /**
   * The sizes of {@code created} from the end image's files ({@code endFiles} by path) and, for a
   * draw without them, {@code startFiles}; {@code first}: the trace's first event's time.
   */
  CreatedSizes(
      List<Created> created,
      Map<String, NamespaceEntry> endFiles,
      Collection<NamespaceEntry> startFiles,
      long first) {
    List<Created> unrecorded = new ArrayList<>();
    List<NamespaceEntry> pool = new ArrayList<>();
    for (Created c : created) {
      NamespaceEntry end = c.survives() ? endFiles.get(c.finalPath()) : null;
      if (end == null) {
        unrecorded.add(c);
      } else {
        pool.add(end);
        entries.add(entry(c, first, end));
      }
    }
    if (pool.isEmpty()) {
      pool.addAll(startFiles);
    }
    pool.sort(BY_SIZE); // the empirical distribution, in an order every replay shares
    for (Created c : unrecorded) {
      if (pool.isEmpty()) {
        continue; // nothing to draw from: the file stays empty
      }
      double u =
          new SplittableRandom(c.path().hashCode() * 0x9E3779B97F4A7C15L ^ c.createTime())
              .nextDouble();
      entries.add(entry(c, first, pool.get((int) (u * pool.size()))));
      drawn++;
    }
  }

  private static NamespaceEntry entry(Created c, long first, NamespaceEntry sized) {
    return NamespaceEntry.newBuilder()
        .setPath(c.path())
        .setIsDir(false)
        .setDepth((int) c.path().chars().filter(ch -> ch == '/').count())
        .setSize(sized.getSize())
        .setMtime(c.createTime() - first)
        .setAtime(0)
        .setReplication(sized.getReplication())
        .setBlockSize(sized.getBlockSize())
        .setBlocks(sized.getBlocks())
        .build();
  }
}
