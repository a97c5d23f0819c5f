package org.mimesisbench.tardis.dataset;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.CorruptChunkException;

/**
 * A replica being written: data arrives at its end, CRCs at a position of the meta file (the last,
 * partial one is rewritten when its chunk grows). Each full chunk, once its CRCs are in, is encoded
 * and kept with the digest of its CRCs; the unfinished tail stays raw. Readable while written
 * (hflush), cut back for pipeline recovery, and turned into a {@link StoredBlock} when finalized.
 * Thread-safe: the receiver writes while readers read.
 */
final class BlockWriter implements BlockContent {
  private static final int HEADER_BYTES = BlockMetadataHeader.getHeaderSize();

  private final ChunkCodec codec;
  private final int chunkBytesWanted;
  private final byte[] metaHeader = new byte[HEADER_BYTES];
  private DataChecksum checksum;
  private int chunkBytes;
  private final List<byte[]> sealed = new ArrayList<>();
  private final List<Integer> sealedDigests = new ArrayList<>();
  private byte[] tail = new byte[0];
  private int tailLength;
  private byte[] tailCrcs = new byte[0];
  private int tailCrcLength;
  private long metaPosition;

  /**
   * An empty replica whose CRCs are of {@code checksum}; its meta header is still to be written.
   */
  BlockWriter(ChunkCodec codec, int chunkBytesWanted, DataChecksum checksum) throws IOException {
    this.codec = codec;
    this.chunkBytesWanted = chunkBytesWanted;
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(header), checksum);
    System.arraycopy(header.toByteArray(), 0, metaHeader, 0, HEADER_BYTES);
    useChecksum(checksum);
  }

  /**
   * A finalized block opened for append: its full chunks stay encoded, its last partial chunk is
   * decoded.
   */
  static BlockWriter reopen(StoredBlock stored, int chunkBytesWanted) throws IOException {
    BlockWriter w = new BlockWriter(stored.codec(), chunkBytesWanted, stored.checksum());
    System.arraycopy(stored.metaHeader(), 0, w.metaHeader, 0, HEADER_BYTES);
    w.chunkBytes = stored.chunkBytes();
    int full = (int) (stored.length() / stored.chunkBytes());
    for (int i = 0; i < full; i++) {
      w.sealed.add(stored.encodedChunk(i));
      w.sealedDigests.add(stored.digest(i));
    }
    if (full < stored.chunkCount()) {
      Chunk last = stored.chunk(full);
      w.tail = Arrays.copyOf(last.data(), w.chunkBytes);
      w.tailLength = last.data().length;
      w.tailCrcs = Arrays.copyOf(last.crcs(), w.crcsPerChunk());
      w.tailCrcLength = last.crcs().length;
    }
    w.metaPosition = HEADER_BYTES + ChunkChecksums.crcBytes(w.checksum, w.length());
    return w;
  }

  /**
   * A finalized replica whose content is regenerated ({@link RegeneratedBlock}) opened for append:
   * its full chunks are encoded with {@code codec} now, its last partial chunk kept raw.
   */
  static BlockWriter reopen(BlockContent content, ChunkCodec codec, int chunkBytesWanted)
      throws IOException {
    if (content instanceof StoredBlock stored) {
      return reopen(stored, chunkBytesWanted);
    }
    BlockWriter w = new BlockWriter(codec, chunkBytesWanted, content.checksum());
    System.arraycopy(content.metaHeader(), 0, w.metaHeader, 0, HEADER_BYTES);
    w.chunkBytes = content.chunkBytes();
    int full = (int) (content.length() / content.chunkBytes());
    for (int i = 0; i < full; i++) {
      Chunk c = content.chunk(i);
      w.sealed.add(w.encodeExactly(c.data(), c.data().length));
      w.sealedDigests.add(ChunkChecksums.digest(c.crcs(), 0, c.crcs().length));
    }
    if ((long) full * content.chunkBytes() < content.length()) {
      Chunk last = content.chunk(full);
      w.tail = Arrays.copyOf(last.data(), w.chunkBytes);
      w.tailLength = last.data().length;
      w.tailCrcs = Arrays.copyOf(last.crcs(), w.crcsPerChunk());
      w.tailCrcLength = last.crcs().length;
    }
    w.metaPosition = HEADER_BYTES + ChunkChecksums.crcBytes(w.checksum, w.length());
    return w;
  }

  private void useChecksum(DataChecksum c) {
    checksum = c;
    int bpc = c.getBytesPerChecksum();
    chunkBytes = Math.max(bpc, chunkBytesWanted / bpc * bpc);
  }

  private int crcsPerChunk() {
    return (int) ChunkChecksums.crcBytes(checksum, chunkBytes);
  }

  private long sealedBytes() {
    return (long) sealed.size() * chunkBytes;
  }

  /** Appends data at the end of the replica. */
  synchronized void appendData(byte[] b, int off, int len) throws IOException {
    ensureTail(tailLength + len);
    System.arraycopy(b, off, tail, tailLength, len);
    tailLength += len;
  }

  /** Writes meta file bytes (the header, then CRCs) at the current meta position. */
  synchronized void writeMeta(byte[] b, int off, int len) throws IOException {
    for (int i = 0; i < len; ) {
      if (metaPosition < HEADER_BYTES) {
        int n = (int) Math.min(len - i, HEADER_BYTES - metaPosition);
        System.arraycopy(b, off + i, metaHeader, (int) metaPosition, n);
        metaPosition += n;
        i += n;
        if (metaPosition == HEADER_BYTES) {
          DataChecksum written = ChunkChecksums.fromHeader(metaHeader);
          if (!sealed.isEmpty()
              && written.getBytesPerChecksum() != checksum.getBytesPerChecksum()) {
            throw new IOException("meta header changes bytes per checksum after data was stored");
          }
          useChecksum(written);
        }
        continue;
      }
      long rel = metaPosition - HEADER_BYTES - ChunkChecksums.crcBytes(checksum, sealedBytes());
      if (rel < 0) {
        throw new IOException(
            "cannot rewrite the checksum of a stored chunk at meta offset " + metaPosition);
      }
      int n = len - i;
      ensureTailCrcs((int) rel + n);
      System.arraycopy(b, off + i, tailCrcs, (int) rel, n);
      tailCrcLength = Math.max(tailCrcLength, (int) rel + n);
      metaPosition += n;
      i += n;
    }
    sealFullChunks();
  }

  /** Moves the meta position back, so the last (partial) CRC is written again. */
  synchronized void rewindMeta(int bytes) throws IOException {
    if (bytes < 0 || bytes > metaPosition) {
      throw new IOException("cannot move the meta position " + metaPosition + " back by " + bytes);
    }
    metaPosition -= bytes;
  }

  /**
   * Cuts the replica to {@code newLength} bytes (pipeline recovery); the last partial CRC is
   * recomputed.
   */
  synchronized void truncate(long newLength) throws IOException {
    if (newLength > length()) {
      throw new IOException("cannot truncate a replica of " + length() + " bytes to " + newLength);
    }
    while (sealedBytes() > newLength) {
      unsealLast();
    }
    tailLength = (int) (newLength - sealedBytes());
    int bpc = checksum.getBytesPerChecksum();
    tailCrcLength = (int) Math.min(tailCrcLength, ChunkChecksums.crcBytes(checksum, tailLength));
    int partial = tailLength % bpc;
    if (partial != 0 && checksum.getChecksumSize() > 0) {
      byte[] last = ChunkChecksums.compute(checksum, tail, tailLength - partial, partial);
      ensureTailCrcs(tailLength / bpc * checksum.getChecksumSize() + last.length);
      System.arraycopy(
          last, 0, tailCrcs, tailLength / bpc * checksum.getChecksumSize(), last.length);
      tailCrcLength = (int) ChunkChecksums.crcBytes(checksum, tailLength);
    }
    metaPosition = HEADER_BYTES + ChunkChecksums.crcBytes(checksum, newLength);
  }

  /**
   * Moves the meta position to the end of the CRCs of the data written (a reopened write stream).
   */
  synchronized void positionMetaAtEnd() {
    metaPosition = HEADER_BYTES + ChunkChecksums.crcBytes(checksum, length());
  }

  /** The replica as stored, its last partial chunk encoded too. */
  synchronized StoredBlock finish() throws IOException {
    long needed = ChunkChecksums.crcBytes(checksum, tailLength);
    if (tailCrcLength < needed) {
      throw new IOException(
          "the last "
              + tailLength
              + " bytes have "
              + tailCrcLength
              + " of "
              + needed
              + " checksum bytes");
    }
    List<byte[]> chunks = new ArrayList<>(sealed);
    List<Integer> digests = new ArrayList<>(sealedDigests);
    if (tailLength > 0) {
      chunks.add(encodeExactly(tail, tailLength));
      digests.add(ChunkChecksums.digest(tailCrcs, 0, (int) needed));
    }
    return StoredBlock.encode(codec, metaHeader.clone(), length(), chunkBytes, chunks, digests);
  }

  /**
   * Encodes the full chunks whose CRCs are written. Only after a meta write: the DataNode writes a
   * packet's data first, and until its CRCs follow, the last CRC before them may be a stale partial
   * one.
   */
  private void sealFullChunks() {
    int crcs = crcsPerChunk();
    while (tailLength >= chunkBytes
        && tailCrcLength >= crcs
        && metaPosition
            >= HEADER_BYTES + ChunkChecksums.crcBytes(checksum, sealedBytes() + chunkBytes)) {
      sealed.add(encodeExactly(tail, chunkBytes));
      sealedDigests.add(ChunkChecksums.digest(tailCrcs, 0, crcs));
      System.arraycopy(tail, chunkBytes, tail, 0, tailLength - chunkBytes);
      tailLength -= chunkBytes;
      System.arraycopy(tailCrcs, crcs, tailCrcs, 0, tailCrcLength - crcs);
      tailCrcLength -= crcs;
    }
  }

  /**
   * The encoding of {@code data[0, length)}, checked to decode to it: the fast Tardis check takes
   * the bytes between two consistent flag-marker pairs on trust, so foreign bytes forged to look
   * like Tardis data would come back wrong; such a chunk is encoded again by the exact codec.
   */
  private byte[] encodeExactly(byte[] data, int length) {
    byte[] encoded = codec.compress(data, 0, length);
    try {
      byte[] back = codec.decompress(encoded, 0, encoded.length);
      if (Arrays.equals(back, 0, back.length, data, 0, length)) {
        return encoded;
      }
    } catch (CorruptChunkException e) {
      // encoded wrong in another way: the exact codec below
    }
    return codec.exact().compress(data, 0, length);
  }

  private void unsealLast() throws IOException {
    int last = sealed.size() - 1;
    byte[] data = decodeSealed(last);
    byte[] crcs = ChunkChecksums.compute(checksum, data, 0, data.length);
    ensureTail(chunkBytes + tailLength);
    System.arraycopy(tail, 0, tail, chunkBytes, tailLength);
    System.arraycopy(data, 0, tail, 0, chunkBytes);
    tailLength += chunkBytes;
    ensureTailCrcs(crcs.length + tailCrcLength);
    System.arraycopy(tailCrcs, 0, tailCrcs, crcs.length, tailCrcLength);
    System.arraycopy(crcs, 0, tailCrcs, 0, crcs.length);
    tailCrcLength += crcs.length;
    sealed.remove(last);
    sealedDigests.remove(last);
  }

  private byte[] decodeSealed(int index) throws IOException {
    byte[] encoded = sealed.get(index);
    byte[] data = codec.decompress(encoded, 0, encoded.length);
    byte[] crcs = ChunkChecksums.compute(checksum, data, 0, data.length);
    if (data.length != chunkBytes
        || ChunkChecksums.digest(crcs, 0, crcs.length) != sealedDigests.get(index)) {
      throw new CorruptChunkException(
          "chunk " + index + " of a replica being written does not match its checksums");
    }
    return data;
  }

  private void ensureTail(int size) {
    if (tail.length < size) {
      tail =
          Arrays.copyOf(tail, Math.max(size, Math.min(2 * tail.length + 4096, chunkBytes + size)));
    }
  }

  private void ensureTailCrcs(int size) {
    if (tailCrcs.length < size) {
      tailCrcs = Arrays.copyOf(tailCrcs, Math.max(size, 2 * tailCrcs.length + 64));
    }
  }

  /**
   * The data output stream of {@link
   * org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaOutputStreams}.
   */
  OutputStream dataStream() {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        appendData(b, off, len);
      }
    };
  }

  /** The meta (checksum) output stream; {@link #rewindMeta} is its channel position. */
  MetaStream metaStream() {
    return new MetaStream();
  }

  /**
   * The checksum stream the DataNode writes, and moves back by one checksum to rewrite a partial
   * one.
   */
  final class MetaStream extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      writeMeta(b, off, len);
    }

    void rewind(int bytes) throws IOException {
      rewindMeta(bytes);
    }
  }

  /**
   * The CRC of the last partial chunk as written, or null when the data ends on a checksum
   * boundary.
   */
  synchronized byte[] lastPartialCrc() {
    int size = checksum.getChecksumSize();
    if (tailLength % checksum.getBytesPerChecksum() == 0 || size == 0 || tailCrcLength < size) {
      return null;
    }
    int at = (int) ChunkChecksums.crcBytes(checksum, tailLength) - size;
    return Arrays.copyOfRange(tailCrcs, at, at + size);
  }

  @Override
  public synchronized byte[] metaHeader() {
    return metaHeader.clone();
  }

  @Override
  public synchronized DataChecksum checksum() {
    return checksum;
  }

  @Override
  public synchronized long length() {
    return sealedBytes() + tailLength;
  }

  @Override
  public synchronized int chunkBytes() {
    return chunkBytes;
  }

  @Override
  public synchronized Chunk chunk(int index) throws IOException {
    if (index < sealed.size()) {
      byte[] data = decodeSealed(index);
      return new Chunk(data, ChunkChecksums.compute(checksum, data, 0, data.length));
    }
    long from = (long) (index - sealed.size()) * chunkBytes;
    if (index >= sealed.size() && from < Math.max(tailLength, 1)) {
      int to = (int) Math.min(from + chunkBytes, tailLength);
      int bpc = checksum.getBytesPerChecksum();
      int crcFrom = (int) (from / bpc * checksum.getChecksumSize());
      int crcTo = (int) Math.min(tailCrcLength, ChunkChecksums.crcBytes(checksum, to));
      return new Chunk(
          Arrays.copyOfRange(tail, (int) from, to),
          Arrays.copyOfRange(tailCrcs, crcFrom, Math.max(crcFrom, crcTo)));
    }
    throw new IOException(
        "chunk " + index + " is past the end of a replica of " + length() + " bytes");
  }
}
