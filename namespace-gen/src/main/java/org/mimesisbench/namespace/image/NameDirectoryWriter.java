package org.mimesisbench.namespace.image;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.namenode.NNStorage;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.util.MD5FileUtils;
import org.apache.hadoop.io.MD5Hash;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.OutputProblems;

/**
 * A NameNode name directory ({@code current/VERSION}, {@code seen_txid}, {@code fsimage_<txid>} and
 * its {@code .md5}) holding a generated namespace. Hadoop formats it, as {@code hdfs namenode
 * -format} would (so VERSION, ids and layout version are this Hadoop's), in a hidden folder beside
 * the output; the formatted empty image is then replaced by the generated one, and the folder is
 * renamed into place: a failed or killed run leaves no half-written name directory.
 */
public final class NameDirectoryWriter {
  /** The image's transaction id: a just-formatted NameNode's, so its edit log starts at 1. */
  static final long TXID = 0;

  private NameDirectoryWriter() {}

  /**
   * Refuses an output that exists and is not an empty directory (bad input, {@code option} named).
   */
  public static void checkOut(String option, Path out) throws IOException {
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new BadInputException(option + " " + out + ": exists and is not a directory");
    }
    if (Files.isDirectory(out)) {
      try (var entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          throw new BadInputException(
              option + " " + out + ": exists and is not empty (a name directory is written whole)");
        }
      }
    }
  }

  /** Writes the name directory {@code out} (absent or empty) with {@code writer}'s image. */
  public static void write(Configuration conf, FsImageWriter writer, String option, Path out)
      throws IOException {
    checkOut(option, out);
    Path parent = out.toAbsolutePath().getParent();
    Path createdParent = outermostMissing(parent);
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw OutputProblems.bad(
          option, out, "cannot create its parent: " + OutputProblems.reason(e, parent));
    }
    Path staging =
        parent.resolve(
            "."
                + out.getFileName()
                + ".inprogress-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt()));
    boolean done = false;
    try {
      try { // made here, not by the format, whose failure to make it is a stack trace
        Files.createDirectory(staging);
      } catch (IOException e) {
        throw OutputProblems.bad(
            option, out, "cannot create it: " + OutputProblems.reason(e, staging));
      }
      format(conf, staging);
      File current = staging.resolve("current").toFile();
      File image = new File(current, NNStorage.getImageFileName(TXID));
      File written = new File(current, "." + image.getName() + ".generated");
      MD5Hash md5 = writer.write(image, written);
      Files.move(
          written.toPath(),
          image.toPath(),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      MD5FileUtils.saveMD5File(image, md5);
      Files.move(
          staging,
          out.toAbsolutePath(),
          StandardCopyOption.ATOMIC_MOVE); // rename(2) replaces an empty dir
      done = true;
    } catch (IOException | RuntimeException e) {
      String storage = OutputProblems.storageReason(e);
      if (storage != null) { // a full disk: the user gives another --out, which is named
        throw OutputProblems.bad(option, out, "cannot write: " + storage);
      }
      throw e;
    } finally {
      if (!done) {
        FileUtils.deleteQuietly(staging.toFile());
        if (createdParent != null) {
          for (Path d = parent; d != null && d.startsWith(createdParent); d = d.getParent()) {
            if (!d.toFile().delete()) { // only an empty directory goes
              break;
            }
          }
        }
      }
    }
  }

  /**
   * Hadoop's own {@code namenode -format} of {@code dir}, quietly: VERSION, seen_txid, an empty
   * image.
   */
  static void format(Configuration base, Path dir) throws IOException {
    Configuration conf = new HdfsConfiguration(base);
    String uri = dir.toAbsolutePath().toUri().toString();
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, uri);
    conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, uri);
    conf.unset(DFSConfigKeys.DFS_NAMENODE_SHARED_EDITS_DIR_KEY);
    conf.setBoolean(
        DFSConfigKeys.DFS_IMAGE_COMPRESS_KEY,
        false); // the template's sections are copied as they are
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_SUPPORT_ALLOW_FORMAT_KEY, true);
    Logger hdfs = Logger.getLogger("org.apache.hadoop.hdfs");
    Level level = hdfs.getLevel();
    hdfs.setLevel(Level.WARN); // format's INFO lines describe a NameNode that is not started
    try {
      NameNode.format(conf);
    } finally {
      hdfs.setLevel(level);
    }
    Files.deleteIfExists(dir.resolve("current").resolve("in_use.lock"));
    Files.deleteIfExists(dir.resolve("in_use.lock"));
  }

  private static Path outermostMissing(Path dir) {
    Path missing = null;
    for (Path d = dir; d != null && !Files.exists(d); d = d.getParent()) {
      missing = d;
    }
    return missing;
  }
}
