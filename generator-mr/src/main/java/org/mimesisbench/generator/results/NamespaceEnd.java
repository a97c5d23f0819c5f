package org.mimesisbench.generator.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.SafeModeAction;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.folders.ResultsFolder;

/**
 * namespace-end.tsv: the namespace under the run's base directory at its end, as Hadoop's Offline
 * Image Viewer writes it ({@code hdfs oiv -p Delimited}: a header line, then per inode Path,
 * Replication, ModificationTime, AccessTime, PreferredBlockSize, BlocksCount, FileSize, NSQUOTA,
 * DSQUOTA, Permission, UserName, GroupName), so anyone can check its sizes with Hadoop's own tools.
 * The image is the NameNode's own: the embedded one saves its namespace first; a cluster's newest
 * image is fetched over HTTP as {@code hdfs dfsadmin -fetchImage} does, and used only when it holds
 * the run's end. Rows outside the base (other users' paths) are never written.
 */
public final class NamespaceEnd {
  public static final String FILE = ResultsFolder.NAMESPACE_END;

  /**
   * false: namespace-end.tsv is left out (a run of millions of files writes a row each, and a
   * sweep's warm-up needs none).
   */
  public static final String WRITE_KEY = "mimesisbench.namespace-end";

  private static final Pattern IMAGE = Pattern.compile("fsimage_(\\d+)");

  private NamespaceEnd() {}

  /**
   * Writes {@code out} with the rows of {@code fs}'s namespace under {@code base}; returns null, or
   * why it was not written (a note for summary.json: a run's results never fail for it). {@code
   * web} is the NameNode's HTTP address (--namenode-http, or the embedded NameNode's).
   */
  public static String write(
      FileSystem fs, boolean embedded, URI web, org.apache.hadoop.fs.Path base, Path out) {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      return FILE + " not written: the file system under test is not HDFS (it has no fsimage)";
    }
    if (web == null) {
      return FILE
          + " not written: give --namenode-http to fetch the NameNode's newest image at the end";
    }
    Path scratch = out.resolveSibling("." + FILE + ".tmp");
    try {
      Files.createDirectories(scratch);
      if (embedded) { // its image then holds the run's end: saving needs safe mode, briefly
        dfs.setSafeMode(SafeModeAction.ENTER);
        try {
          dfs.saveNamespace();
        } finally {
          dfs.setSafeMode(SafeModeAction.LEAVE);
        }
      }
      long endTxId = embedded ? -1 : lastTxId(web);
      Path image = fetchNewestImage(dfs, web, scratch);
      long imageTxId = txId(image);
      if (endTxId > imageTxId) {
        return FILE
            + " not written: the NameNode's newest image (transaction "
            + imageTxId
            + ") is older than the run's end (transaction "
            + endTxId
            + "); a checkpoint after the run holds it (hdfs oiv -p Delimited on it)";
      }
      Path all = scratch.resolve("all.tsv");
      int rc =
          OfflineImageViewerPB.run(
              new String[] {
                "-p",
                "Delimited",
                "-i",
                image.toString(),
                "-o",
                all.toString(),
                "-t",
                scratch.resolve("oiv").toString()
              });
      if (rc != 0) {
        return FILE
            + " not written: Hadoop's Offline Image Viewer failed on "
            + image.getFileName();
      }
      keepUnder(all, base.toUri().getPath(), out);
      return null;
    } catch (IOException | RuntimeException e) {
      FileUtils.deleteQuietly(out.toFile());
      return FILE + " not written: " + Messages.firstLine(e);
    } catch (Exception e) { // OfflineImageViewerPB.run declares Exception
      FileUtils.deleteQuietly(out.toFile());
      return FILE + " not written: " + Messages.firstLine(e);
    } finally {
      FileUtils.deleteQuietly(scratch.toFile());
    }
  }

  /** The newest image over the NameNode's HTTP server, as {@code hdfs dfsadmin -fetchImage}. */
  private static Path fetchNewestImage(DistributedFileSystem dfs, URI web, Path into)
      throws IOException {
    Configuration conf = new Configuration(dfs.getConf());
    conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, dfs.getUri().toString());
    conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, web.getHost() + ":" + web.getPort());
    new DFSAdmin(conf).fetchImage(new String[] {"-fetchImage", into.toString()}, 1);
    try (var files = Files.list(into)) {
      return files
          .filter(f -> IMAGE.matcher(f.getFileName().toString()).matches())
          .findFirst()
          .orElseThrow(() -> new IOException("the NameNode sent no image"));
    }
  }

  private static long txId(Path image) {
    Matcher m = IMAGE.matcher(image.getFileName().toString());
    return m.matches() ? Long.parseLong(m.group(1)) : -1;
  }

  /** The NameNode's last transaction (its NameNodeInfo bean); -1 when it does not say. */
  private static long lastTxId(URI web) {
    URI info =
        URI.create(
            web.toString().replaceAll("/+$", "")
                + "/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo");
    try {
      JsonNode bean = new ObjectMapper().readTree(info.toURL()).path("beans").path(0);
      JsonNode journal = bean.path("JournalTransactionInfo");
      if (journal.isTextual()) { // a map some Hadoop versions give as a JSON string
        journal = new ObjectMapper().readTree(journal.asText());
      }
      return journal.path("LastAppliedOrWrittenTxId").asLong(-1);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The header and the rows of {@code all} whose path is {@code base} or under it. */
  private static void keepUnder(Path all, String base, Path out) throws IOException {
    String under = base.endsWith("/") ? base : base + "/";
    try (BufferedReader in = Files.newBufferedReader(all, StandardCharsets.UTF_8);
        BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      String line = in.readLine();
      if (line != null && line.startsWith("Path\t")) {
        w.write(line);
        w.write('\n');
        line = in.readLine();
      }
      for (; line != null; line = in.readLine()) {
        int tab = line.indexOf('\t');
        String path = tab < 0 ? line : line.substring(0, tab);
        if (path.equals(base) || path.startsWith(under)) {
          w.write(line);
          w.write('\n');
        }
      }
    }
  }
}
