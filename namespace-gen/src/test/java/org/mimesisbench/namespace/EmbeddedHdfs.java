package org.mimesisbench.namespace;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real in-process HDFS (one NameNode, one DataNode) for a test class, and a listing of what is
 * under a path.
 */
final class EmbeddedHdfs implements AutoCloseable {
  final MiniDFSCluster cluster;
  final Configuration conf;

  EmbeddedHdfs(File dir) {
    conf = new Configuration();
    conf.set("hadoop.tmp.dir", new File(dir, "tmp").getPath());
    try {
      cluster = new MiniDFSCluster.Builder(conf, new File(dir, "dfs")).numDataNodes(1).build();
      cluster.waitActive();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    conf.set("fs.defaultFS", cluster.getURI().toString());
  }

  DistributedFileSystem fs() throws IOException {
    return cluster.getFileSystem();
  }

  String uri(String path) {
    return cluster.getURI() + path;
  }

  /**
   * Every entry under {@code base}, the base itself included as "/": "D /d0" for a directory, "F
   * /d0/f1.t3" for a zero-length file, "F! <path> <length>" for a file that is not empty.
   */
  Set<String> tree(String base) throws IOException {
    return tree(fs(), base);
  }

  /** As {@link #tree(String)}, in any file system. */
  static Set<String> tree(FileSystem fs, String base) throws IOException {
    Path root = fs.makeQualified(new Path(base));
    int cut = root.toString().length();
    Set<String> entries = new HashSet<>();
    entries.add("D /");
    Deque<Path> todo = new ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      for (FileStatus st : fs.listStatus(todo.pop())) {
        String rel = st.getPath().toString().substring(cut);
        if (st.isDirectory()) {
          entries.add("D " + rel);
          todo.push(st.getPath());
        } else {
          entries.add(st.getLen() == 0 ? "F " + rel : "F! " + rel + " " + st.getLen());
        }
      }
    }
    return entries;
  }

  @Override
  public void close() {
    cluster.shutdown(true);
  }
}
