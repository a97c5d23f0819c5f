package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.NameNodeLayoutVersion;
import org.apache.hadoop.hdfs.util.MD5FileUtils;
import org.apache.hadoop.io.MD5Hash;
import org.apache.hadoop.util.VersionInfo;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.OutputProblems;

/**
 * A NameNode name directory given to start from ({@code namespace image}'s output, or a real
 * NameNode's): checked, then copied into the cluster's own storage, so the NameNode's edit log, new
 * checkpoints and VERSION updates never touch the original (which may be read-only). Images are
 * never written in place by a NameNode, so they are hard-linked when the file system allows (a 3 GB
 * image costs nothing); everything else is copied.
 */
public final class NameDirCopy {
  /**
   * The copy's folder in the cluster's storage; a cluster that finds it starts its NameNode there.
   */
  public static final String NAME = "name-given";

  private static final Pattern IMAGE = Pattern.compile("fsimage_(\\d+)");

  private NameDirCopy() {}

  /**
   * Checks that {@code dir} is a NameNode name directory with a whole newest image (its MD5 as
   * recorded); bad input, one line naming {@code option} and the problem, otherwise. Returns that
   * image.
   */
  public static Path check(String option, Path dir) throws IOException {
    Path current = dir.resolve("current");
    Path version = current.resolve("VERSION");
    if (!Files.isRegularFile(version)) {
      throw new BadInputException(
          option + " " + dir + ": not a NameNode name directory (no current/VERSION)");
    }
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(version)) {
      p.load(in);
    }
    if (!"NAME_NODE".equals(p.getProperty("storageType"))) {
      throw new BadInputException(
          option
              + " "
              + dir
              + ": current/VERSION is not a NameNode's (storageType "
              + p.getProperty("storageType")
              + ")");
    }
    Path image = newestImage(current);
    if (image == null) {
      throw new BadInputException(option + " " + dir + ": no fsimage_<txid> in current/");
    }
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "r")) {
      if (!FSImageUtil.checkFileFormat(f)) {
        throw new BadInputException(
            option + " " + image + ": not an fsimage (its header or length is wrong)");
      }
      FileSummary summary = FSImageUtil.loadSummary(f);
      if (summary.getSectionsCount() == 0) {
        throw new BadInputException(option + " " + image + ": an fsimage without sections");
      }
    } catch (IOException | RuntimeException e) { // a protobuf error is a runtime one
      if (e instanceof BadInputException b) {
        throw b;
      }
      throw new BadInputException(
          option + " " + image + ": not a readable fsimage (" + e.getMessage() + ")", e);
    }
    checkLayout(option, dir, p.getProperty("layoutVersion"));
    MD5Hash expected;
    try {
      expected = MD5FileUtils.readStoredMd5ForFile(image.toFile());
    } catch (IOException e) {
      throw new BadInputException(
          option + " " + image + ".md5: unreadable (" + e.getMessage() + ")", e);
    }
    if (expected == null) {
      throw new BadInputException(
          option + " " + image + ": no " + image.getFileName() + ".md5 beside it");
    }
    if (!expected.equals(MD5FileUtils.computeMd5ForFile(image.toFile()))) {
      throw new BadInputException(
          option + " " + image + ": corrupt (its MD5 is not the one in its .md5 file)");
    }
    return image;
  }

  /**
   * A NameNode starts only on its own layout (an older one needs {@code hdfs namenode -upgrade}, a
   * newer one a newer Hadoop): any other is bad input, before a NameNode fails on it.
   */
  private static void checkLayout(String option, Path dir, String given) {
    int own = NameNodeLayoutVersion.CURRENT_LAYOUT_VERSION;
    String where = option + " " + dir + ": ";
    if (given == null) {
      throw new BadInputException(where + "current/VERSION gives no layoutVersion");
    }
    int layout;
    try {
      layout = Integer.parseInt(given.strip());
    } catch (NumberFormatException e) {
      throw new BadInputException(
          where + "current/VERSION's layoutVersion " + given + " is not a number");
    }
    if (layout != own) {
      throw new BadInputException(
          where
              + "layout version "
              + layout
              + " (current/VERSION) is not this Hadoop's ("
              + VersionInfo.getVersion()
              + ") "
              + own
              + ": "
              + (layout > own
                  ? "an older Hadoop's image, which a NameNode loads only after hdfs namenode"
                      + " -upgrade"
                  : "a newer Hadoop's image, which this NameNode cannot load"));
    }
  }

  /** Starting a NameNode on a copy of a checked name directory. */
  @FunctionalInterface
  public interface Start<T> {
    T start() throws IOException;
  }

  /**
   * Runs {@code start}, a NameNode starting on a copy of the checked name directory {@code dir}:
   * one whose image passed {@link #check} (header, summary, MD5) yet does not load (bytes corrupted
   * before its MD5 was written) is bad input, one line naming the image and the NameNode's reason
   * (which Hadoop logs, its exception saying only "see error(s) above").
   */
  public static <T> T starting(String option, Path dir, Start<T> start) throws IOException {
    Path image = newestImage(dir.resolve("current"));
    ImageLoadError seen = new ImageLoadError();
    Logger loader = Logger.getLogger(FSIMAGE_LOGGER);
    loader.addAppender(seen);
    try {
      return start.start();
    } catch (IOException | RuntimeException e) {
      if (OutputProblems.storageReason(e) == null && (seen.reason != null || loading(e))) {
        throw new BadInputException(
            option
                + " "
                + image
                + ": the NameNode cannot load this fsimage ("
                + (seen.reason != null ? seen.reason : Messages.firstLine(e))
                + "): corrupt, or not written by a NameNode",
            e);
      }
      throw e;
    } finally {
      loader.removeAppender(seen);
    }
  }

  /** The logger of the NameNode's image loading (FSImage's). */
  private static final String FSIMAGE_LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSImage";

  /** Whether {@code e} was thrown while the NameNode loaded its image. */
  private static boolean loading(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      for (StackTraceElement frame : t.getStackTrace()) {
        // the image's blocks are read before the NameNode starts (ImageBlocks): its failure too
        if (frame.getClassName().startsWith("org.apache.hadoop.hdfs.server.namenode.FSImageFormat")
            || frame.getClassName().equals(ImageBlocks.class.getName())
            || frame.getClassName().equals(FSIMAGE_LOGGER)
                && frame.getMethodName().startsWith("loadFSImage")) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first error FSImage logs with its cause while a NameNode loads: why the image failed. */
  private static final class ImageLoadError extends AppenderSkeleton {
    private volatile String reason;

    @Override
    protected void append(LoggingEvent event) {
      if (reason == null
          && event.getLevel().isGreaterOrEqual(Level.ERROR)
          && event.getThrowableInformation() != null) {
        Throwable cause = event.getThrowableInformation().getThrowable();
        reason =
            cause.getMessage() != null
                ? Messages.firstLine(cause)
                : cause.getClass().getSimpleName();
      }
    }

    @Override
    public void close() {}

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }

  /** Copies name directory {@code from} to {@code to} (made here), hard-linking its images. */
  public static void copy(Path from, Path to) throws IOException {
    Path target = Files.createDirectories(to.resolve("current"));
    List<Path> files;
    try (Stream<Path> s = Files.list(from.resolve("current"))) {
      files = s.filter(Files::isRegularFile).toList();
    }
    for (Path f : files) {
      String name = f.getFileName().toString();
      if (name.equals("in_use.lock")) {
        continue; // the lock of a NameNode running on the original, if any
      }
      Path dest = target.resolve(name);
      if (IMAGE.matcher(name).matches()) {
        try {
          Files.createLink(dest, f);
          continue;
        } catch (IOException | UnsupportedOperationException e) {
          // another file system, or links not allowed: copy instead
        }
      }
      Files.copy(f, dest);
    }
  }

  /** The fsimage with the highest transaction id, or null. */
  static Path newestImage(Path current) throws IOException {
    Path newest = null;
    long txid = -1;
    try (Stream<Path> s = Files.list(current)) {
      for (Path f : (Iterable<Path>) s::iterator) {
        Matcher m = IMAGE.matcher(f.getFileName().toString());
        if (m.matches() && Long.parseLong(m.group(1)) > txid) {
          txid = Long.parseLong(m.group(1));
          newest = f;
        }
      }
    }
    return newest;
  }
}
