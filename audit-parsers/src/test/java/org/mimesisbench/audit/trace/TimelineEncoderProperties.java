package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.mimesisbench.trace.AuditCommand;

/**
 * A timeline encoded field by field is, byte for byte, the generated FileTimeline or
 * DirectoryTimeline record encoding itself (the code generated from their schemas): a change of a
 * schema shows here.
 */
class TimelineEncoderProperties {
  private static final List<String> NAMES = List.of("hdfs", "hive", "bob", "ünï");

  @Property(tries = 1000)
  void encodesAsItsRecord(
      @ForAll boolean directory,
      @ForAll boolean withSnapshot,
      @ForAll boolean inSnapshot,
      @ForAll boolean madeByMkdirs,
      @ForAll @LongRange(min = -1, max = 1_000_000) long createTime,
      @ForAll @LongRange(min = -1, max = 1_000_000) long deleteTime,
      @ForAll @IntRange(min = 0, max = 300) int calls,
      @ForAll @IntRange(min = 0, max = 5) int probes,
      @ForAll @IntRange(min = 0, max = 4) int renames,
      @ForAll @IntRange(min = 0, max = 6) int userEvents,
      @ForAll boolean deletedItself,
      @ForAll long seed)
      throws IOException {
    java.util.Random random = new java.util.Random(seed);
    AccessChunks chunks = new AccessChunks();
    TraceCounts users = new TraceCounts();
    TracedEntry life =
        new TracedEntry(
            random.nextInt(1 << 20),
            "/a/b" + (directory ? "" : "/f.txt") + (random.nextBoolean() ? "/ä" : ""),
            directory ? TracedEntry.Kind.DIRECTORY : TracedEntry.Kind.FILE);
    life.inSnapshot = inSnapshot;
    life.madeByMkdirs = madeByMkdirs;
    life.createTime = createTime;
    life.firstSeen = random.nextInt(2_000_000) - 1_000_000; // a log's times may precede 1970
    life.probes = Math.min(probes, calls);
    AuditCommand[] commands = AuditCommand.values();
    for (int i = 0; i < calls; i++) { // out of order at times: the encoder sorts them
      chunks.add(life, random.nextInt(1_000_000), (byte) random.nextInt(commands.length));
    }
    for (int i = 0; i < renames; i++) {
      life.renamed(random.nextInt(1_000_000));
    }
    for (int i = 0; i < userEvents; i++) {
      life.countUser(users.user(NAMES.get(random.nextInt(NAMES.size()))));
    }
    long[] subtree = deletedItself ? new long[] {random.nextInt(50), random.nextInt(9)} : null;
    ByteBuffer direct =
        new TimelineEncoder(chunks, withSnapshot)
            .encode(life, "/z/y", deleteTime, subtree, new TraceCounts());
    byte[] expected =
        bytes(
            new TimelineEncoder(chunks, withSnapshot, true)
                .encode(life, "/z/y", deleteTime, subtree, new TraceCounts()));
    assertEquals(java.util.HexFormat.of().formatHex(expected), hex(direct));
  }

  private static String hex(ByteBuffer b) {
    return java.util.HexFormat.of().formatHex(bytes(b));
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }
}
