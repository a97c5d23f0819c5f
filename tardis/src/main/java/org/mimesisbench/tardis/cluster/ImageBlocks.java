package org.mimesisbench.tardis.cluster;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockTypeProto;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.util.LimitInputStream;

/**
 * The blocks of a name directory's newest fsimage, read with Hadoop's own image messages
 * (FSImageFormatPBINode's INODE section): for each file's contiguous block its id, generation
 * stamp, length, the file's replication and the bytes of the file from the block on (what a
 * DataNode needs to regenerate the block's Tardis data). Striped (erasure-coded) files are counted
 * and skipped: their block groups need EC DataNodes.
 */
public final class ImageBlocks {
  /** One block of a file, with what placing and regenerating its replicas needs. */
  @FunctionalInterface
  public interface Visitor {
    void block(long id, long genStamp, long length, long sequenceLength, short replication)
        throws IOException;
  }

  /** What the image holds. */
  public record Totals(long files, long blocks, long bytes, long stripedFiles) {}

  private ImageBlocks() {}

  /** The block pool id of the name directory (its current/VERSION's blockpoolID). */
  public static String blockPoolId(Path nameDir) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(nameDir.resolve("current").resolve("VERSION"))) {
      p.load(in);
    }
    String id = p.getProperty("blockpoolID");
    if (id == null || id.isBlank()) {
      throw new IOException(nameDir + "/current/VERSION has no blockpoolID");
    }
    return id.strip();
  }

  /** Visits every block of every contiguous file of {@code image}, in inode order. */
  public static Totals read(Configuration conf, Path image, Visitor visitor) throws IOException {
    FileSummary summary;
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "r")) {
      summary = FSImageUtil.loadSummary(f);
    }
    FileSummary.Section inodes =
        summary.getSectionsList().stream()
            .filter(s -> s.getName().equals("INODE"))
            .findFirst()
            .orElseThrow(() -> new IOException(image + ": no INODE section"));
    long files = 0;
    long blocks = 0;
    long bytes = 0;
    long striped = 0;
    try (FileInputStream raw = new FileInputStream(image.toFile())) {
      raw.getChannel().position(inodes.getOffset());
      InputStream in =
          FSImageUtil.wrapInputStreamForCompression(
              conf,
              summary.getCodec(),
              new BufferedInputStream(new LimitInputStream(raw, inodes.getLength()), 1 << 20));
      INodeSection section = INodeSection.parseDelimitedFrom(in);
      for (long i = 0, n = section.getNumInodes(); i < n; i++) {
        INode inode = INode.parseDelimitedFrom(in);
        if (inode.getType() != INode.Type.FILE) {
          continue;
        }
        INodeSection.INodeFile file = inode.getFile();
        files++;
        if (file.getBlockType() == BlockTypeProto.STRIPED) {
          striped++;
          continue;
        }
        long remaining = 0;
        for (BlockProto b : file.getBlocksList()) {
          remaining += b.getNumBytes();
        }
        bytes += remaining;
        short replication = (short) file.getReplication();
        for (BlockProto b : file.getBlocksList()) {
          visitor.block(b.getBlockId(), b.getGenStamp(), b.getNumBytes(), remaining, replication);
          remaining -= b.getNumBytes();
          blocks++;
        }
      }
    }
    return new Totals(files, blocks, bytes, striped);
  }
}
