package org.apache.hadoop.hdfs.tools.offlineImageViewer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import org.apache.hadoop.fs.permission.PermissionStatus;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;

/**
 * Hands each inode of a binary fsimage, with its parent path, to a visitor, using the Offline Image
 * Viewer's own loader (the one behind {@code hdfs oiv -p Delimited}). It lives in Hadoop's package
 * because that loader's hooks are package-private; it only adapts, it parses nothing.
 */
public final class InodeVisitingImageWriter extends PBImageTextWriter {

  /** Receives one inode; {@code parent} is "" for the root, else the parent's path. */
  public interface InodeVisitor {
    void visit(String parent, INode inode, PermissionStatus permission, long fileSize)
        throws IOException;
  }

  private final InodeVisitor visitor;

  /** Keeps the directory tree in memory (no LevelDB temporary directory). */
  public InodeVisitingImageWriter(InodeVisitor visitor) throws IOException {
    super(new PrintStream(OutputStream.nullOutputStream()), "\t", "");
    this.visitor = visitor;
  }

  @Override
  protected String getEntry(String parent, INode inode) {
    try {
      switch (inode.getType()) {
        case FILE ->
            visitor.visit(
                parent,
                inode,
                getPermission(inode.getFile().getPermission()),
                FSImageLoader.getFileSize(inode.getFile()));
        case DIRECTORY ->
            visitor.visit(parent, inode, getPermission(inode.getDirectory().getPermission()), 0);
        default -> {} // symlinks are neither files nor directories of the model
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return "";
  }

  @Override
  protected String getHeader() {
    return "";
  }

  @Override
  protected void afterOutput() {}
}
