package org.mimesisbench.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.UserGroupInformation;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.namespace.image.FileBlocks;
import org.mimesisbench.namespace.image.FsImageWriter;
import org.mimesisbench.namespace.image.NameDirectoryWriter;
import org.mimesisbench.namespace.image.ProfileSizes;
import org.mimesisbench.profile.FileSizeModel;
import org.mimesisbench.run.RunOptions;
import org.mimesisbench.tardis.cluster.NameDirCopy;

/**
 * {@code run --name-dir}: the name directory an embedded run starts its NameNode on. One that
 * exists is checked (a NameNode's, its newest image whole); one that does not is written first with
 * the run's own hierarchy under its namespace root, so this and every later run with the same
 * options starts with the namespace in place (phase 1 then only checks it).
 */
public final class NameDirImage {
  static final String OPTION = "run: --name-dir";
  private static final long HISTORY_MILLIS = 365L * 86_400_000L;

  private NameDirImage() {}

  /** The --name-dir given, checked before anything is made; null without the option. */
  public static Path given(RunOptions options, boolean embedded, NamespaceLayout layout)
      throws IOException {
    if (options.getNameDir() == null) {
      return null;
    }
    Path dir = Path.of(options.getNameDir());
    if (!embedded) {
      throw new BadInputException(
          OPTION
              + " starts the embedded NameNode; a configured file system's NameNode is "
              + "started on an image by its operator (or by cluster --name-dir)");
    }
    if (holdsSomething(dir)) {
      NameDirCopy.check(OPTION, dir);
    } else if (layout.hierarchy() == null) {
      throw new BadInputException(
          OPTION
              + " "
              + dir
              + ": does not exist, and this run's layout has no namespace to write "
              + "as an fsimage; give a name directory that exists");
    } else {
      NameDirectoryWriter.checkOut(OPTION, dir);
    }
    return dir;
  }

  /**
   * Writes the run's hierarchy as an fsimage into {@code dir} unless it already holds a name
   * directory.
   */
  public static void prepare(Configuration conf, RunPlan plan, Path dir, PrintStream out)
      throws IOException {
    if (holdsSomething(dir)) {
      out.println("starting the embedded NameNode on the image in " + dir + " (a copy)");
      return;
    }
    String root = plan.root().toUri().getPath();
    String user = UserGroupInformation.getCurrentUser().getShortUserName();
    if (!root.startsWith("/")) { // a relative base is under the user's home in HDFS
      root = "/user/" + user + "/" + root;
    }
    String group =
        conf.get(
            DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_KEY,
            DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_DEFAULT);
    FsImageWriter writer =
        new FsImageWriter(
                plan.layout().hierarchy(),
                root,
                user,
                group,
                System.currentTimeMillis(),
                HISTORY_MILLIS,
                conf.getInt(
                    DFSConfigKeys.DFS_REPLICATION_KEY, DFSConfigKeys.DFS_REPLICATION_DEFAULT),
                () -> {})
            // as phase 1 makes it (umask 000): every modeled user may work in it (README: Users)
            .modes(new FsPermission((short) 0777), new FsPermission((short) 0666));
    IntFunction<FileSizeModel> sizes =
        plan.options().getZeroSize() // the paper's empty files: no blocks in the image either
            ? null
            : ProfileSizes.of(plan.profile(), plan.options().getProfile().toString());
    if (sizes != null) { // files with the profile's sizes, as blocks the DataNodes will hold
      writer.withBlocks(
          new FileBlocks(
                  sizes,
                  plan.options().getSeed(),
                  (short)
                      conf.getInt(
                          DFSConfigKeys.DFS_REPLICATION_KEY, DFSConfigKeys.DFS_REPLICATION_DEFAULT))
              // the embedded cluster's DataNodes hold every replica, and its appends need them all
              .cappedAt((short) EmbeddedCluster.DATA_NODES));
    }
    long start = System.nanoTime();
    out.printf(
        "writing the run's namespace as an fsimage in %s (%,d inodes under %s)%n",
        dir, writer.inodes(), root);
    NameDirectoryWriter.write(conf, writer, OPTION, dir);
    if (sizes != null) {
      out.printf("its files hold %,d bytes in %,d blocks%n", writer.bytes(), writer.blocks());
    }
    out.printf(
        "fsimage written in %.1f s; later runs with the same options start on it too%n",
        (System.nanoTime() - start) / 1e9);
  }

  private static boolean holdsSomething(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Files.exists(dir);
    }
    try (var entries = Files.list(dir)) {
      return entries.findAny().isPresent();
    }
  }
}
