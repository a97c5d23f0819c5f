package org.mimesisbench.audit.fsimage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.InodeVisitingImageWriter;
import org.mimesisbench.audit.trace.TraceBuilder;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.NamespaceEntry;

/** Reads a binary fsimage ({@code fsimage_<txid>}) with Hadoop's own image loader. */
final class BinaryFsImageReader extends FsImageReader {
  BinaryFsImageReader(String option) {
    super(option);
  }

  @Override
  public void read(Path file, NamespaceEntrySink sink) throws IOException {
    NamespaceEntry e = new NamespaceEntry();
    try (InodeVisitingImageWriter writer =
        new InodeVisitingImageWriter(
            (parent, inode, perm, size) -> {
              String name = inode.getName().toStringUtf8();
              String path =
                  parent.isEmpty() ? "/" : (parent.equals("/") ? "/" : parent + "/") + name;
              boolean dir = inode.getType() == INode.Type.DIRECTORY;
              e.setPath(path);
              e.setIsDir(dir);
              e.setDepth(TraceBuilder.depth(path));
              e.setSize(size);
              e.setMtime(
                  dir
                      ? inode.getDirectory().getModificationTime()
                      : inode.getFile().getModificationTime());
              e.setAtime(dir ? 0 : inode.getFile().getAccessTime());
              e.setReplication(dir ? 0 : inode.getFile().getReplication());
              e.setOwner(perm.getUserName());
              e.setGroup(perm.getGroupName());
              e.setPermission(perm.getPermission().toString());
              e.setBlocks(dir ? 0 : inode.getFile().getBlocksCount());
              e.setBlockSize(dir ? 0 : inode.getFile().getPreferredBlockSize());
              sink.accept(e);
            })) {
      writer.visit(file.toString());
    } catch (UncheckedIOException ex) {
      throw ex.getCause();
    } catch (IOException ex) {
      throw new BadInputException(
          option + " " + file + ": not a readable fsimage: " + ex.getMessage());
    }
  }
}
