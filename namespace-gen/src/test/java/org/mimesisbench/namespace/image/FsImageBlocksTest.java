package org.mimesisbench.namespace.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.NameSystemSection;
import org.apache.hadoop.hdfs.server.namenode.NNStorage;
import org.apache.hadoop.util.LimitInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileDataStream;
import org.mimesisbench.profile.FileSizeModel;
import org.mimesisbench.profile.FileSizes;
import org.mimesisbench.profile.SizeSource;

/**
 * An image written with sizes holds each file's blocks as a NameNode allocates them (ids and stamps
 * consecutive from the first after the reserved ones, lengths cut by the block size), its NS_INFO
 * the last of each; the same seed writes the same image, and a profile without sizes none.
 */
class FsImageBlocksTest {
  private static final long MIB = 1L << 20;
  @TempDir Path tmp;

  @Test
  void filesHoldTheirBlocksAndTheNameSystemTheLastIds() throws IOException {
    FileBlocks sizes = sizes(11);
    FsImageWriter writer = writer().withBlocks(sizes);
    Path image = write(writer, "a");

    long expectedBlocks = 0;
    long expectedBytes = 0;
    for (long i = 0; i < 300; i++) {
      drawFlat(sizes, i);
      expectedBlocks += sizes.blocks();
      expectedBytes += sizes.bytes();
    }
    assertEquals(expectedBlocks, writer.blocks());
    assertEquals(expectedBytes, writer.bytes());
    assertTrue(expectedBlocks > 300, "files of several blocks: " + expectedBlocks);

    long next = FsImageWriter.FIRST_BLOCK_ID;
    long bytes = 0;
    long number = 0;
    for (INodeSection.INodeFile f : files(image)) {
      drawFlat(sizes, number);
      number++;
      assertEquals(sizes.blocks(), f.getBlocksCount());
      assertEquals(sizes.replication(), f.getReplication());
      assertEquals(sizes.blockSize(), f.getPreferredBlockSize());
      for (BlockProto b : f.getBlocksList()) {
        assertEquals(next, b.getBlockId());
        assertEquals(
            FsImageWriter.FIRST_GENERATION_STAMP + (next - FsImageWriter.FIRST_BLOCK_ID),
            b.getGenStamp());
        assertTrue(b.getNumBytes() > 0 && b.getNumBytes() <= f.getPreferredBlockSize());
        bytes += b.getNumBytes();
        next++;
      }
    }
    assertEquals(expectedBytes, bytes);
    NameSystemSection ns = nameSystem(image);
    assertEquals(next - 1, ns.getLastAllocatedBlockId());
    assertEquals(FsImageWriter.FIRST_GENERATION_STAMP + expectedBlocks - 1, ns.getGenstampV2());
  }

  @Test
  void theSameSeedWritesTheSameFilesAndAnotherOthers() throws IOException {
    // the files' inodes, blocks included: the rest differs by the ids each format draws
    List<INodeSection.INodeFile> a = files(write(writer().withBlocks(sizes(3)), "a"));
    List<INodeSection.INodeFile> b = files(write(writer().withBlocks(sizes(3)), "b"));
    List<INodeSection.INodeFile> c = files(write(writer().withBlocks(sizes(4)), "c"));
    assertEquals(a, b, "same seed, same files and blocks");
    assertNotEquals(a, c, "another seed, other sizes");
  }

  @Test
  void withoutSizesFilesAreEmpty() throws IOException {
    FsImageWriter writer = writer();
    Path image = write(writer, "empty");
    assertEquals(0, writer.blocks());
    for (INodeSection.INodeFile f : files(image)) {
      assertEquals(0, f.getBlocksCount());
    }
    assertEquals(
        FsImageWriter.FIRST_BLOCK_ID - 1,
        nameSystem(image).getLastAllocatedBlockId(),
        "a formatted NameNode's last block id");
    assertNull(
        ProfileSizes.of(
            org.mimesisbench.profile.Profile.newBuilder()
                .setFormatVersion(5)
                .setSource("test")
                .setDurationMs(1)
                .setFileTypes(List.of())
                .setDormantFiles(0)
                .setMkdirsPerCreate(0)
                .setRenamesPerCreate(0)
                .build(),
            "test"));
  }

  /**
   * Draws file {@code number} of the flat namespace by its path, as phase 1 meets it: the image's
   * key, from the name bytes it writes, is the path's.
   */
  private static void drawFlat(FileBlocks sizes, long number) {
    int type = (int) (number / 100);
    String path = "/" + GeneratedNamespace.fileName((int) number, type);
    assertEquals(
        FileDataStream.pathKey(path),
        FileBlocks.fileKey(FileBlocks.dirKey("/"), ascii(path.substring(1)), path.length() - 1),
        path);
    sizes.draw(FileDataStream.pathKey(path), type);
  }

  @Test
  void aFilesKeyIsItsPathsWhateverItsDirectoryNumberAndType() {
    for (String dir : List.of("/d0", "/d1/dz/d10")) {
      for (int i : new int[] {0, 9, 35, 36, 1295, 1296, 123_456_789}) {
        for (int type : new int[] {0, 7, 10, 123}) {
          String path = dir + "/" + GeneratedNamespace.fileName(i, type);
          assertEquals(
              FileDataStream.pathKey(path),
              FileBlocks.fileKey(
                  FileBlocks.dirKey(dir),
                  ascii(GeneratedNamespace.fileName(i, type)),
                  GeneratedNamespace.fileName(i, type).length()),
              path);
        }
      }
    }
  }

  private static byte[] ascii(String name) {
    return name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** Three types of 100 files, sizes 0 to 2.5 blocks of 1 MiB, replication 1 to 3. */
  private static FileBlocks sizes(long seed) {
    FileSizeModel model =
        FileSizeModel.of(
            "test",
            FileSizes.newBuilder()
                .setPreExisting(
                    distribution(
                        List.of(0.0, 100.0, 1.0 * MIB, 2.5 * MIB), List.of(0.1, 0.3, 0.6, 1.0)))
                .setCreated(distribution(List.of(), List.of()))
                .setCreatedFrom(SizeSource.ASSUMED)
                .setAppendBytes(distribution(List.of(), List.of()))
                .setBlockSize(distribution(List.of((double) MIB), List.of(1.0)))
                .setReplication(distribution(List.of(1.0, 2.0, 3.0), List.of(0.3, 0.6, 1.0)))
                .build());
    return new FileBlocks(type -> model, seed, (short) 3);
  }

  private static Distribution distribution(List<Double> values, List<Double> cumulative) {
    return Distribution.newBuilder()
        .setValues(values)
        .setCumulative(cumulative)
        .setCount(values.size())
        .build();
  }

  private static FsImageWriter writer() {
    return new FsImageWriter(
        GeneratedNamespace.flat(new long[] {100, 100, 100}),
        "/mimesis",
        "alice",
        "supergroup",
        1_300_000_000_000L,
        86_400_000L,
        3,
        () -> {});
  }

  private Path write(FsImageWriter writer, String name) throws IOException {
    Path dir = tmp.resolve(name);
    NameDirectoryWriter.write(new Configuration(), writer, "test --out", dir);
    return dir.resolve("current").resolve(NNStorage.getImageFileName(NameDirectoryWriter.TXID));
  }

  private static FileSummary summary(Path image) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "r")) {
      return FSImageUtil.loadSummary(f);
    }
  }

  private static InputStream section(Path image, String name) throws IOException {
    FileSummary.Section s =
        summary(image).getSectionsList().stream()
            .filter(x -> x.getName().equals(name))
            .findFirst()
            .orElseThrow();
    FileInputStream in = new FileInputStream(image.toFile());
    in.getChannel().position(s.getOffset());
    return new BufferedInputStream(new LimitInputStream(in, s.getLength()));
  }

  private static List<INodeSection.INodeFile> files(Path image) throws IOException {
    try (InputStream in = section(image, "INODE")) {
      INodeSection header = INodeSection.parseDelimitedFrom(in);
      List<INodeSection.INodeFile> files = new java.util.ArrayList<>();
      for (long i = 0; i < header.getNumInodes(); i++) {
        INode inode = INode.parseDelimitedFrom(in);
        if (inode.getType() == INode.Type.FILE) {
          files.add(inode.getFile());
        }
      }
      return files;
    }
  }

  private static NameSystemSection nameSystem(Path image) throws IOException {
    try (InputStream in = section(image, "NS_INFO")) {
      return NameSystemSection.parseDelimitedFrom(in);
    }
  }
}
