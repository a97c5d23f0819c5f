package org.mimesisbench.namespace.image;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Set;
import org.apache.commons.io.output.CountingOutputStream;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.server.blockmanagement.SequentialBlockIdGenerator;
import org.apache.hadoop.hdfs.server.common.GenerationStamp;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.NameSystemSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.StringTableSection;
import org.apache.hadoop.hdfs.server.namenode.INodeId;
import org.apache.hadoop.io.MD5Hash;
import org.apache.hadoop.thirdparty.protobuf.ByteString;
import org.apache.hadoop.thirdparty.protobuf.CodedOutputStream;
import org.apache.hadoop.thirdparty.protobuf.MessageLite;
import org.mimesisbench.namespace.generate.GeneratedNamespace;

/**
 * Writes a generated namespace as a NameNode fsimage (Hadoop's protobuf image format, its own
 * message classes), under a base directory such as {@code /mimesis}. The sections that do not hold
 * the namespace (NS_INFO, erasure coding, secret and cache managers, ...) are copied from a
 * template: the empty image a NameNode of this Hadoop wrote when it formatted the name directory,
 * so they are exactly what this version writes. The INODE, INODE_DIR and STRING_TABLE sections are
 * the generated tree's, written one inode at a time from the compact {@link GeneratedNamespace},
 * never a Java object per entry kept.
 *
 * <p>Inode ids: the file system root is 16385 (the NameNode's), then the base's directories, then
 * the namespace's directories in breadth-first order, then its files. Times: the entries were made
 * one after another in depth-first order over {@code historyMillis} ending at {@code endMillis}; a
 * file's access time is its modification time, a directory's modification time is the time its last
 * child was made.
 *
 * <p>Files are empty unless {@link #withBlocks} gives their sizes: then each file has the blocks a
 * client writing it would have left, as FSImageFormatPBINode saves them (id, generation stamp,
 * length; the file's replication and preferred block size), numbered as a NameNode allocates them:
 * ids from {@code SequentialBlockIdGenerator.LAST_RESERVED_BLOCK_ID + 1}, generation stamps from
 * {@code GenerationStamp.LAST_RESERVED_STAMP + 1}, one each, in inode order. The NS_INFO section
 * then records the last of each, so the NameNode allocates new blocks after them.
 */
public final class FsImageWriter {
  /** Hadoop's default block size, what every generated file would have been written with. */
  static final long BLOCK_SIZE = 128L * 1024 * 1024;

  /** Sections this writer makes; every other section of the template is copied as it is. */
  private static final Set<String> OWN =
      Set.of("INODE", "INODE_SUB", "INODE_DIR", "INODE_DIR_SUB", "STRING_TABLE");

  // FSImageFormatPBINode's packing of user, group and mode into a permission
  private static final int USER_SHIFT = 40;
  private static final int GROUP_SHIFT = 16;
  private static final int USER_ID = 1;
  private static final int GROUP_ID = 2;
  private static final int BUFFER = 1 << 20;

  /** What mkdirs and create give under HDFS's default umask 022. */
  static final FsPermission DIRECTORY_MODE = new FsPermission((short) 0755);

  static final FsPermission FILE_MODE = new FsPermission((short) 0644);

  private final GeneratedNamespace ns;
  private final String[] baseNames; // e.g. {"mimesis"} for /mimesis
  private final String user;
  private final String group;
  private final long startMillis;
  private final long historyMillis;
  private final int replication;
  private final Runnable onInode;
  private FsPermission directoryMode = DIRECTORY_MODE;
  private FsPermission fileMode = FILE_MODE;
  private long parallelThreshold = PARALLEL_THRESHOLD;
  private FileBlocks blocks; // null: every file empty
  private long blockCount = -1; // counted before NS_INFO, which precedes the inodes
  private long byteCount;

  /**
   * Hadoop's dfs.image.parallel.target.sections and .inode.threshold: sub-sections for a parallel
   * load.
   */
  static final int SUB_SECTIONS = 12;

  static final long PARALLEL_THRESHOLD = 1_000_000;

  /** Where a section is cut into sub-sections: at the current end of the file. */
  private interface Cut {
    void here() throws IOException;
  }

  /**
   * @param base absolute path of the namespace's root, not "/" (e.g. {@code /mimesis})
   * @param onInode called once per inode written (progress)
   */
  public FsImageWriter(
      GeneratedNamespace ns,
      String base,
      String user,
      String group,
      long endMillis,
      long historyMillis,
      int replication,
      Runnable onInode) {
    this.ns = ns;
    this.baseNames = base.replaceAll("^/+|/+$", "").split("/+");
    this.user = user;
    this.group = group;
    this.startMillis = endMillis - historyMillis;
    this.historyMillis = historyMillis;
    this.replication = replication;
    this.onInode = onInode;
  }

  /**
   * The same image with these modes (default 0755 and 0644): a run whose users share the tree makes
   * it 0777/0666.
   */
  public FsImageWriter modes(FsPermission directories, FsPermission files) {
    this.directoryMode = directories;
    this.fileMode = files;
    return this;
  }

  /**
   * Images of at least {@code inodes} inodes get INODE_SUB and INODE_DIR_SUB sub-sections, as
   * Hadoop's saver writes them, so a NameNode with dfs.image.parallel.load loads them on several
   * threads (default 1,000,000).
   */
  public FsImageWriter parallelOver(long inodes) {
    this.parallelThreshold = inodes;
    return this;
  }

  /** Files get their sizes and blocks from {@code sizes} instead of being empty. */
  public FsImageWriter withBlocks(FileBlocks sizes) {
    this.blocks = sizes;
    this.blockCount = -1;
    return this;
  }

  /** The blocks the image's files hold (0 without {@link #withBlocks}). */
  public long blocks() {
    count();
    return blockCount;
  }

  /** The bytes the image's files hold: the content size FsShell -count shows. */
  public long bytes() {
    count();
    return byteCount;
  }

  private void count() {
    if (blockCount >= 0) {
      return;
    }
    long n = 0;
    long bytes = 0;
    if (blocks != null) {
      byte[] buf = new byte[64];
      for (int p = 0, dirs = ns.directories(); p <= dirs; p++) {
        long dirKey = ns.filesIn(p) == 0 ? 0 : FileBlocks.dirKey(ns.path(p));
        for (int i = 0, files = ns.filesIn(p); i < files; i++) {
          int type = ns.fileType(p, i);
          blocks.draw(FileBlocks.fileKey(dirKey, buf, suffix(buf, name(buf, 'f', i), type)), type);
          n += blocks.blocks();
          bytes += blocks.bytes();
        }
      }
    }
    blockCount = n;
    byteCount = bytes;
  }

  /** All inodes of the image: the file system root, the base's directories, the namespace's. */
  public long inodes() {
    return 1L + (baseNames.length - 1) + (ns.directories() + 1L) + ns.files();
  }

  /**
   * Writes the image to {@code out}, taking the other sections from {@code template}; returns its
   * MD5.
   */
  public MD5Hash write(File template, File out) throws IOException {
    FileSummary templateSummary;
    try (RandomAccessFile t = new RandomAccessFile(template, "r")) {
      if (!FSImageUtil.checkFileFormat(t)) {
        throw new IOException(template + ": not an fsimage");
      }
      templateSummary = FSImageUtil.loadSummary(t);
    }
    if (!templateSummary.getCodec().isEmpty()) {
      throw new IOException(
          template + ": a compressed template (" + templateSummary.getCodec() + ")");
    }
    MessageDigest md5 = MD5Hash.getDigester();
    try (RandomAccessFile t = new RandomAccessFile(template, "r");
        CountingOutputStream file =
            new CountingOutputStream(
                new DigestOutputStream(
                    new BufferedOutputStream(new FileOutputStream(out), BUFFER), md5))) {
      file.write(FSImageUtil.MAGIC_HEADER);
      CodedOutputStream coded = CodedOutputStream.newInstance(file, BUFFER);
      FileSummary.Builder summary =
          FileSummary.newBuilder()
              .setOndiskVersion(templateSummary.getOndiskVersion())
              .setLayoutVersion(templateSummary.getLayoutVersion());
      boolean stringTable = false;
      boolean parallel = inodes() >= parallelThreshold;
      java.util.List<Long> cuts = new java.util.ArrayList<>();
      Cut cut =
          () -> {
            coded.flush();
            cuts.add(file.getByteCount());
          };
      for (FileSummary.Section s : templateSummary.getSectionsList()) {
        long offset = file.getByteCount();
        cuts.clear();
        switch (s.getName()) {
          case "NS_INFO" -> {
            coded.flush();
            nameSystem(t, s, coded);
          }
          case "INODE" -> inodeSection(coded, parallel ? cut : null);
          case "INODE_DIR" -> directorySection(coded, parallel ? cut : null);
          case "STRING_TABLE" -> {
            stringTable(coded);
            stringTable = true;
          }
          default -> {
            if (OWN.contains(s.getName())) {
              continue; // a parallel-load subsection of the template's own inodes
            }
            coded.flush();
            copy(t, s, file);
          }
        }
        coded.flush();
        long end = file.getByteCount();
        if (!cuts.isEmpty()) { // sub-sections first, as Hadoop's saver lists them
          cuts.remove(end);
          cuts.add(0, offset);
          cuts.add(end);
          for (int i = 0; i + 1 < cuts.size(); i++) {
            summary.addSections(
                FileSummary.Section.newBuilder()
                    .setName(s.getName() + "_SUB")
                    .setOffset(cuts.get(i))
                    .setLength(cuts.get(i + 1) - cuts.get(i)));
          }
        }
        summary.addSections(
            FileSummary.Section.newBuilder()
                .setName(s.getName())
                .setOffset(offset)
                .setLength(end - offset));
      }
      if (!stringTable) { // the template's NameNode had no strings yet: the section is still needed
        long offset = file.getByteCount();
        stringTable(coded);
        coded.flush();
        summary.addSections(
            FileSummary.Section.newBuilder()
                .setName("STRING_TABLE")
                .setOffset(offset)
                .setLength(file.getByteCount() - offset));
      }
      FileSummary fs = summary.build();
      delimited(coded, fs);
      coded.flush();
      // the summary's length, delimiter included, closes the file (FSImageUtil.loadSummary reads
      // it)
      int length =
          CodedOutputStream.computeUInt32SizeNoTag(fs.getSerializedSize()) + fs.getSerializedSize();
      file.write(ByteBuffer.allocate(4).putInt(length).array());
    }
    return new MD5Hash(md5.digest());
  }

  private static void copy(RandomAccessFile template, FileSummary.Section s, OutputStream out)
      throws IOException {
    byte[] bytes = new byte[Math.toIntExact(s.getLength())];
    template.seek(s.getOffset());
    template.readFully(bytes);
    out.write(bytes);
  }

  /**
   * The template's NameSystemSection with the last block id and generation stamp the image's blocks
   * took.
   */
  private void nameSystem(RandomAccessFile template, FileSummary.Section s, CodedOutputStream out)
      throws IOException {
    byte[] bytes = new byte[Math.toIntExact(s.getLength())];
    template.seek(s.getOffset());
    template.readFully(bytes);
    NameSystemSection.Builder ns =
        NameSystemSection.parseDelimitedFrom(new java.io.ByteArrayInputStream(bytes)).toBuilder();
    long n = blocks();
    if (n > 0) {
      ns.setLastAllocatedBlockId(Math.max(ns.getLastAllocatedBlockId(), FIRST_BLOCK_ID + n - 1))
          .setGenstampV2(Math.max(ns.getGenstampV2(), FIRST_GENERATION_STAMP + n - 1));
    }
    delimited(out, ns.build());
  }

  /** What a NameNode's first block gets: the first id and stamp after the reserved ones. */
  static final long FIRST_BLOCK_ID = SequentialBlockIdGenerator.LAST_RESERVED_BLOCK_ID + 1;

  static final long FIRST_GENERATION_STAMP = GenerationStamp.LAST_RESERVED_STAMP + 1;

  private static void delimited(CodedOutputStream out, MessageLite m) throws IOException {
    out.writeUInt32NoTag(m.getSerializedSize());
    m.writeTo(out);
  }

  private void stringTable(CodedOutputStream out) throws IOException {
    delimited(out, StringTableSection.newBuilder().setNumEntry(2).setMaskBits(0).build());
    delimited(out, StringTableSection.Entry.newBuilder().setId(USER_ID).setStr(user).build());
    delimited(out, StringTableSection.Entry.newBuilder().setId(GROUP_ID).setStr(group).build());
  }

  private static long permission(short mode) {
    return ((long) USER_ID << USER_SHIFT) | ((long) GROUP_ID << GROUP_SHIFT) | (mode & 0xFFFF);
  }

  // ids
  private long directoryId(int dir) {
    return INodeId.ROOT_INODE_ID + baseNames.length + dir;
  }

  private long firstFileId() {
    return directoryId(ns.directories() + 1);
  }

  private void inodeSection(CodedOutputStream out, Cut cut) throws IOException {
    long every = Math.max(1, (inodes() + SUB_SECTIONS - 1) / SUB_SECTIONS);
    long[] written = {0};
    Runnable inodeDone =
        () -> {
          onInode.run();
          if (cut != null && ++written[0] % every == 0) {
            try {
              cut.here();
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
        };
    try {
      inodes(out, inodeDone);
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void inodes(CodedOutputStream out, Runnable done) throws IOException {
    long dirPermission = permission(directoryMode.toShort());
    long filePermission = permission(fileMode.toShort());
    long lastId = firstFileId() + ns.files() - 1;
    delimited(out, INodeSection.newBuilder().setLastInodeId(lastId).setNumInodes(inodes()).build());
    EntryTimes times = new EntryTimes(ns);
    // the file system root: quota as a formatted NameNode has it
    delimited(
        out,
        directory(INodeId.ROOT_INODE_ID, ByteString.EMPTY, startMillis, dirPermission)
            .setDirectory(
                INodeSection.INodeDirectory.newBuilder()
                    .setModificationTime(startMillis)
                    .setNsQuota(Long.MAX_VALUE)
                    .setDsQuota(-1)
                    .setPermission(dirPermission))
            .build());
    done.run();
    for (int i = 0; i < baseNames.length - 1; i++) {
      delimited(
          out,
          directory(INodeId.ROOT_INODE_ID + 1 + i, name(baseNames[i]), startMillis, dirPermission)
              .build());
      done.run();
    }
    delimited(
        out,
        directory(
                directoryId(0),
                name(baseNames[baseNames.length - 1]),
                time(times.lastChild(0)),
                dirPermission)
            .build());
    done.run();
    byte[] buf = new byte[64];
    long fileId = firstFileId();
    int dirs = ns.directories();
    INodeSection.INodeFile.Builder file =
        INodeSection.INodeFile.newBuilder()
            .setReplication(replication)
            .setPreferredBlockSize(BLOCK_SIZE)
            .setPermission(filePermission)
            .setStoragePolicyID(0);
    INode.Builder inode = INode.newBuilder().setType(INode.Type.FILE);
    BlockProto.Builder block = BlockProto.newBuilder();
    long blockIndex = 0;
    for (int p = 0; p <= dirs; p++) {
      int first = ns.firstChild(p);
      for (int c = first, end = first + ns.subdirectories(p); c < end; c++) {
        int n = name(buf, 'd', c - first);
        delimited(
            out,
            directory(
                    directoryId(c),
                    ByteString.copyFrom(buf, 0, n),
                    time(times.lastChild(c)),
                    dirPermission)
                .build());
        done.run();
      }
      long firstFile = times.position(p) + 1;
      long dirKey = blocks == null || ns.filesIn(p) == 0 ? 0 : FileBlocks.dirKey(ns.path(p));
      for (int i = 0, files = ns.filesIn(p); i < files; i++) {
        int n = name(buf, 'f', i);
        n = suffix(buf, n, ns.fileType(p, i));
        long t = time(firstFile + i);
        file.setModificationTime(t).setAccessTime(t);
        if (blocks != null) {
          blocks.draw(FileBlocks.fileKey(dirKey, buf, n), ns.fileType(p, i));
          file.setReplication(blocks.replication())
              .setPreferredBlockSize(blocks.blockSize())
              .clearBlocks();
          for (int b = 0, count = blocks.blocks(); b < count; b++, blockIndex++) {
            file.addBlocks(
                block
                    .setBlockId(FIRST_BLOCK_ID + blockIndex)
                    .setGenStamp(FIRST_GENERATION_STAMP + blockIndex)
                    .setNumBytes(blocks.blockLength(b)));
          }
        }
        delimited(
            out,
            inode.setId(fileId++).setName(ByteString.copyFrom(buf, 0, n)).setFile(file).build());
        done.run();
      }
    }
  }

  private static INode.Builder directory(long id, ByteString name, long mtime, long permission) {
    return INode.newBuilder()
        .setType(INode.Type.DIRECTORY)
        .setId(id)
        .setName(name)
        .setDirectory(
            INodeSection.INodeDirectory.newBuilder()
                .setModificationTime(mtime)
                .setNsQuota(-1)
                .setDsQuota(-1)
                .setPermission(permission)); // -1: no quota
  }

  private long time(long position) {
    long entries = ns.directories() + 1L + ns.files();
    return startMillis + (long) ((double) position / entries * historyMillis);
  }

  private static ByteString name(String s) {
    return ByteString.copyFrom(s, StandardCharsets.UTF_8);
  }

  /**
   * Writes prefix and {@code index} in base 36 (GeneratedNamespace's names) at the start of buf.
   */
  private static int name(byte[] buf, char prefix, int index) {
    buf[0] = (byte) prefix;
    String digits = Integer.toString(index, SiblingOrder.RADIX);
    for (int i = 0; i < digits.length(); i++) {
      buf[1 + i] = (byte) digits.charAt(i);
    }
    return 1 + digits.length();
  }

  private static int suffix(byte[] buf, int at, int type) {
    String s = ".t" + type;
    for (int i = 0; i < s.length(); i++) {
      buf[at + i] = (byte) s.charAt(i);
    }
    return at + s.length();
  }

  private void directorySection(CodedOutputStream out, Cut cut) throws IOException {
    long entries = baseNames.length;
    for (int p = 0, dirs = ns.directories(); p <= dirs; p++) {
      entries += ns.subdirectories(p) + ns.filesIn(p) > 0 ? 1 : 0;
    }
    long every = Math.max(1, (entries + SUB_SECTIONS - 1) / SUB_SECTIONS);
    long written = baseNames.length;
    for (int i = 0;
        i < baseNames.length - 1;
        i++) { // the chain from the file system root to the base
      delimited(
          out,
          DirEntry.newBuilder()
              .setParent(INodeId.ROOT_INODE_ID + i)
              .addChildren(INodeId.ROOT_INODE_ID + i + 1)
              .build());
    }
    delimited(
        out,
        DirEntry.newBuilder()
            .setParent(INodeId.ROOT_INODE_ID + baseNames.length - 1)
            .addChildren(directoryId(0))
            .build());
    int[] order = new int[1024];
    long fileId = firstFileId();
    for (int p = 0, dirs = ns.directories(); p <= dirs; p++) {
      int subdirs = ns.subdirectories(p);
      int files = ns.filesIn(p);
      if (subdirs + files > 0) {
        DirEntry.Builder b = DirEntry.newBuilder().setParent(directoryId(p));
        int first = ns.firstChild(p);
        order = SiblingOrder.sized(order, Math.max(subdirs, files));
        SiblingOrder.of(subdirs, order);
        for (int k = 0; k < subdirs; k++) { // "d..." before "f...": subdirectories first
          b.addChildren(directoryId(first + order[k]));
        }
        SiblingOrder.of(files, order);
        for (int k = 0; k < files; k++) {
          b.addChildren(fileId + order[k]);
        }
        delimited(out, b.build());
        if (cut != null && ++written % every == 0) {
          cut.here();
        }
      }
      fileId += files;
    }
  }
}
