package org.mimesisbench.tardis.dataset;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.CorruptChunkException;

/**
 * A finalized block as stored: a header (codec, meta file header, length, chunk size, and per chunk
 * its encoded size and the digest of its CRCs) followed by the encoded chunks. The same bytes are a
 * block file on disk or an array in memory. Decoding a chunk recomputes its CRCs and checks them
 * against the digest, so a damaged or truncated store is a {@link CorruptChunkException}, never
 * wrong data.
 */
final class StoredBlock implements BlockContent {
  private static final int MAGIC = 0x54444231; // "TDB1"

  private final ChunkCodec codec;
  private final byte[] metaHeader;
  private final DataChecksum checksum;
  private final long length;
  private final int chunkBytes;
  private final int[] encodedLengths;
  private final int[] digests;
  private final long[] offsets;
  private final ChunkSource source;

  private StoredBlock(
      ChunkCodec codec,
      byte[] metaHeader,
      long length,
      int chunkBytes,
      int[] encodedLengths,
      int[] digests,
      long dataStart,
      ChunkSource source)
      throws IOException {
    this.codec = codec;
    this.metaHeader = metaHeader;
    this.checksum = ChunkChecksums.fromHeader(metaHeader);
    this.length = length;
    this.chunkBytes = chunkBytes;
    this.encodedLengths = encodedLengths;
    this.digests = digests;
    this.source = source;
    this.offsets = new long[encodedLengths.length];
    long at = dataStart;
    for (int i = 0; i < encodedLengths.length; i++) {
      offsets[i] = at;
      at += encodedLengths[i];
    }
  }

  /** The stored bytes of a block whose chunks are already encoded, held in memory. */
  static StoredBlock encode(
      ChunkCodec codec,
      byte[] metaHeader,
      long length,
      int chunkBytes,
      List<byte[]> encoded,
      List<Integer> digests)
      throws IOException {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    DataOutputStream h = new DataOutputStream(header);
    h.writeUTF(codec.name());
    h.writeShort(metaHeader.length);
    h.write(metaHeader);
    h.writeLong(length);
    h.writeInt(chunkBytes);
    h.writeInt(encoded.size());
    int[] lengths = new int[encoded.size()];
    int[] sums = new int[encoded.size()];
    long total = 0;
    for (int i = 0; i < encoded.size(); i++) {
      lengths[i] = encoded.get(i).length;
      sums[i] = digests.get(i);
      h.writeInt(lengths[i]);
      h.writeInt(sums[i]);
      total += lengths[i];
    }
    h.flush();
    long size = 8L + header.size() + total;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IOException(
          "block of " + length + " bytes encodes to " + size + " bytes, more than an array holds");
    }
    ByteArrayOutputStream all = new ByteArrayOutputStream((int) size);
    DataOutputStream out = new DataOutputStream(all);
    out.writeInt(MAGIC);
    out.writeInt(header.size());
    header.writeTo(out);
    for (byte[] chunk : encoded) {
      out.write(chunk);
    }
    out.flush();
    return new StoredBlock(
        codec,
        metaHeader,
        length,
        chunkBytes,
        lengths,
        sums,
        8L + header.size(),
        ChunkSource.of(all.toByteArray()));
  }

  /**
   * Reads a stored block's header from {@code source}; {@code codecs} maps the recorded codec name
   * to the codec that decodes it. A header that cannot be read is a {@link CorruptChunkException}.
   */
  static StoredBlock read(ChunkSource source, Function<String, ChunkCodec> codecs)
      throws IOException {
    try {
      DataInputStream prefix = new DataInputStream(new ByteArrayInputStream(source.read(0, 8)));
      if (prefix.readInt() != MAGIC) {
        throw new CorruptChunkException("not a stored block (bad magic)");
      }
      int headerLength = prefix.readInt();
      if (headerLength < 0 || headerLength > source.size()) {
        throw new CorruptChunkException(
            "stored block header of " + headerLength + " bytes is out of range");
      }
      DataInputStream h =
          new DataInputStream(new ByteArrayInputStream(source.read(8, headerLength)));
      String codecName = h.readUTF();
      byte[] metaHeader = new byte[h.readShort()];
      h.readFully(metaHeader);
      long length = h.readLong();
      int chunkBytes = h.readInt();
      int count = h.readInt();
      if (length < 0
          || chunkBytes <= 0
          || count < 0
          || (long) count * 8 > headerLength
          || (length + chunkBytes - 1) / chunkBytes != count) {
        throw new CorruptChunkException(
            "stored block header is inconsistent: length "
                + length
                + ", chunk "
                + chunkBytes
                + ", chunks "
                + count);
      }
      int[] lengths = new int[count];
      int[] sums = new int[count];
      for (int i = 0; i < count; i++) {
        lengths[i] = h.readInt();
        sums[i] = h.readInt();
      }
      ChunkCodec codec = codecs.apply(codecName);
      if (codec == null) {
        throw new IOException(
            "stored block was encoded with codec '" + codecName + "', which this DataNode lacks");
      }
      return new StoredBlock(
          codec, metaHeader, length, chunkBytes, lengths, sums, 8L + headerLength, source);
    } catch (EOFException e) {
      throw new CorruptChunkException("stored block is truncated: " + e.getMessage());
    }
  }

  /**
   * The same block read from another source holding the same bytes (after it is written to disk).
   */
  StoredBlock movedTo(ChunkSource to) {
    try {
      return new StoredBlock(
          codec,
          metaHeader,
          length,
          chunkBytes,
          encodedLengths,
          digests,
          offsets.length == 0 ? 8 : offsets[0],
          to);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // the header was parsed once already
    }
  }

  /** All stored bytes, to write them elsewhere. */
  byte[] bytes() throws IOException {
    return source.read(0, (int) source.size());
  }

  long storedBytes() throws IOException {
    return source.size();
  }

  int chunkCount() {
    return encodedLengths.length;
  }

  /** The encoded form of chunk {@code index}, as stored. */
  byte[] encodedChunk(int index) throws IOException {
    try {
      return source.read(offsets[index], encodedLengths[index]);
    } catch (EOFException e) {
      throw new CorruptChunkException("stored chunk " + index + " is truncated: " + e.getMessage());
    }
  }

  int digest(int index) {
    return digests[index];
  }

  ChunkCodec codec() {
    return codec;
  }

  @Override
  public Chunk chunk(int index) throws IOException {
    byte[] encoded = encodedChunk(index);
    byte[] data = codec.decompress(encoded, 0, encoded.length);
    long expected = Math.min(chunkBytes, length - (long) index * chunkBytes);
    if (data.length != expected) {
      throw new CorruptChunkException(
          "stored chunk " + index + " decodes to " + data.length + " bytes, not " + expected);
    }
    byte[] crcs = ChunkChecksums.compute(checksum, data, 0, data.length);
    if (ChunkChecksums.digest(crcs, 0, crcs.length) != digests[index]) {
      throw new CorruptChunkException("stored chunk " + index + " does not match its checksums");
    }
    return new Chunk(data, crcs);
  }

  @Override
  public byte[] metaHeader() {
    return metaHeader.clone();
  }

  @Override
  public DataChecksum checksum() {
    return checksum;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public int chunkBytes() {
    return chunkBytes;
  }
}
