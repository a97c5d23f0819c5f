package org.mimesisbench.trace;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.avro.file.SeekableFileInput;
import org.apache.avro.file.SeekableInput;
import org.mimesisbench.errors.BadInputException;

/**
 * Checks that an Avro container file is whole, block by block, without decoding its records: Avro's
 * readers end quietly when the file ends inside a block (DataFileStream takes the EOF for the end
 * of the file), so a cut file would read as a shorter one. Every block must be complete and
 * followed by the header's sync marker, and the last one must end where the file ends. A cut
 * exactly after a block's sync marker still reads as whole: the trace's manifest (TraceManifests)
 * tells that one.
 */
public final class AvroBlocks {
  private static final byte[] MAGIC = {'O', 'b', 'j', 1};
  private static final int SYNC_SIZE = 16;

  /** The records and size of a whole file. */
  public record Whole(long records, long bytes) {}

  private final SeekableInput in;
  private final String named;
  private final long length;
  private final byte[] one = new byte[1];

  private AvroBlocks(SeekableInput in, String named) throws IOException {
    this.in = in;
    this.named = named;
    this.length = in.length();
  }

  /**
   * The records of the local file {@code file}, its blocks checked whole; bad input (one line led
   * by {@code named}, e.g. "replay: --trace t/events.avro") when it is short or damaged.
   */
  public static Whole check(Path file, String named) throws IOException {
    try (SeekableFileInput in = new SeekableFileInput(file.toFile())) {
      return check(in, named);
    }
  }

  /** The records of the Avro file read from {@code in}, its blocks checked whole. */
  public static Whole check(SeekableInput in, String named) throws IOException {
    return new AvroBlocks(in, named).walk();
  }

  private Whole walk() throws IOException {
    byte[] magic = new byte[MAGIC.length];
    if (length < MAGIC.length || !readFully(magic) || !Arrays.equals(magic, MAGIC)) {
      throw damaged("not an Avro container file");
    }
    byte[] sync = new byte[SYNC_SIZE];
    try {
      skipMetadata();
      if (!readFully(sync)) {
        throw damaged("its header ends early (byte " + length + ")");
      }
    } catch (EOFException e) {
      throw damaged("its header ends early (byte " + length + ")");
    }
    long records = 0;
    byte[] marker = new byte[SYNC_SIZE];
    while (in.tell() < length) {
      long at = in.tell();
      long count;
      long size;
      try {
        count = readLong();
        size = readLong();
      } catch (EOFException e) {
        throw cut(at);
      }
      if (count < 0 || size < 0) {
        throw damaged("the block at byte " + at + " has a negative count or size");
      }
      long end = in.tell() + size + SYNC_SIZE;
      if (end > length) {
        throw cut(at);
      }
      in.seek(in.tell() + size);
      if (!readFully(marker) || !Arrays.equals(marker, sync)) {
        throw damaged("the block at byte " + at + " is not followed by the file's sync marker");
      }
      records += count;
    }
    return new Whole(records, length);
  }

  private BadInputException cut(long at) {
    return damaged(
        "truncated: the block at byte " + at + " ends past the file's end (byte " + length + ")");
  }

  private BadInputException damaged(String why) {
    return new BadInputException(named + ": " + why);
  }

  /** The header's metadata map (Avro's map encoding: blocks of key and value byte strings). */
  private void skipMetadata() throws IOException {
    for (long count = readLong(); count != 0; count = readLong()) {
      if (count < 0) {
        count = -count;
        readLong(); // the block's size in bytes, which a reader may use to skip it
      }
      for (long i = 0; i < count; i++) {
        skip(readLong());
        skip(readLong());
      }
    }
  }

  private void skip(long bytes) throws IOException {
    if (bytes < 0 || in.tell() + bytes > length) {
      throw new EOFException();
    }
    in.seek(in.tell() + bytes);
  }

  /** A zig-zag variable-length long, as Avro's binary encoding writes one. */
  private long readLong() throws IOException {
    long raw = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in.read(one, 0, 1) != 1) {
        throw new EOFException();
      }
      raw |= (long) (one[0] & 0x7f) << shift;
      if ((one[0] & 0x80) == 0) {
        return (raw >>> 1) ^ -(raw & 1);
      }
    }
    throw damaged("a malformed number at byte " + in.tell());
  }

  private boolean readFully(byte[] into) throws IOException {
    int done = 0;
    while (done < into.length) {
      int n = in.read(into, done, into.length - done);
      if (n <= 0) {
        return false;
      }
      done += n;
    }
    return true;
  }
}
