package org.mimesisbench.audit.fsimage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Arrays;
import org.apache.hadoop.fs.permission.FsPermission;
import org.mimesisbench.errors.BadInputException;

/**
 * Reads a namespace snapshot in any of its three forms: the binary fsimage, or the Offline Image
 * Viewer's XML or Delimited output. The form is told by the file's first bytes.
 */
public abstract class FsImageReader {
  /** The option that named the image, as errors name it ("--fsimage", "--fsimage-end"). */
  protected final String option;

  FsImageReader(String option) {
    this.option = option;
  }

  /** Streams every inode of {@code file} into {@code sink}. */
  public abstract void read(Path file, NamespaceEntrySink sink) throws IOException;

  /** The reader for {@code file}'s form; Delimited times are local, hence the zone. */
  public static FsImageReader forFile(Path file, ZoneId zone) throws IOException {
    return forFile(file, zone, "--fsimage");
  }

  /** As {@link #forFile(Path, ZoneId)}, errors naming the image by {@code option}. */
  public static FsImageReader forFile(Path file, ZoneId zone, String option) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(option + " " + file + ": no such file");
    }
    byte[] head = new byte[64];
    int n;
    try (InputStream in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    }
    if (n == 0) {
      throw new BadInputException(option + " " + file + ": empty file");
    }
    String start = new String(Arrays.copyOf(head, n), StandardCharsets.ISO_8859_1);
    if (start.startsWith("HDFSIMG1")) {
      return new BinaryFsImageReader(option);
    }
    if (start.stripLeading().startsWith("<")) {
      return new OivXmlReader(option);
    }
    return new OivDelimitedReader(zone, option);
  }

  /** Symbolic mode from either form the viewer writes: "rwxr-xr-x" or octal "0755"/"1777". */
  static String symbolicMode(String mode) {
    if (!mode.isEmpty() && Character.isDigit(mode.charAt(0))) {
      try {
        return new FsPermission(Short.parseShort(mode, 8)).toString();
      } catch (NumberFormatException e) {
        return mode;
      }
    }
    return mode;
  }
}
