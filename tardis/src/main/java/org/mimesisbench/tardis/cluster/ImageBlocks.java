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
import org.apache.hadoop.hdfs.server.blockmanagement.SequentialBlockIdGenerator;
import org.apache.hadoop.hdfs.server.common.GenerationStamp;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.NameSystemSection;
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

  /**
   * Whether the NameNode that saved {@code image} ever allocated a block: its NS_INFO section's
   * last block id and generation stamps past the reserved ones. An image that never had one (a
   * formatted NameNode's, namespace image's without sizes) is not read through for blocks.
   */
  public static boolean everHadBlocks(Path image) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "r")) {
      FileSummary summary = FSImageUtil.loadSummary(f);
      for (FileSummary.Section s : summary.getSectionsList()) {
        if (s.getName().equals("NS_INFO")) {
          byte[] bytes = new byte[Math.toIntExact(s.getLength())];
          f.seek(s.getOffset());
          f.readFully(bytes);
          InputStream in =
              FSImageUtil.wrapInputStreamForCompression(
                  new Configuration(false),
                  summary.getCodec(),
                  new java.io.ByteArrayInputStream(bytes));
          NameSystemSection ns = NameSystemSection.parseDelimitedFrom(in);
          return ns.getLastAllocatedBlockId() > SequentialBlockIdGenerator.LAST_RESERVED_BLOCK_ID
              || ns.getGenstampV2() > GenerationStamp.LAST_RESERVED_STAMP
              || ns.getGenstampV1() > GenerationStamp.LAST_RESERVED_STAMP;
        }
      }
    }
    return true; // no NS_INFO: read it through rather than miss its blocks
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
