package org.mimesisbench.audit.fsimage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.mimesisbench.audit.trace.TraceBuilder;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Reads the Offline Image Viewer's XML ({@code hdfs oiv -p XML}) of Hadoop 2.x and 3.x: the
 * INodeSection's inodes, and the INodeDirectorySection's parent-child lists (children as {@code
 * <child>} in 3.x, {@code <inode>} in 2.7) from which paths are rebuilt.
 */
final class OivXmlReader extends FsImageReader {
  OivXmlReader(String option) {
    super(option);
  }

  private static final class Inode {
    long id;
    String type;
    String name = "";
    long mtime;
    long atime;
    int replication;
    long size;
    int blocks;
    long blockSize;
    String permission;
  }

  @Override
  public void read(Path file, NamespaceEntrySink sink) throws IOException {
    Map<Long, Inode> inodes = new HashMap<>();
    Map<Long, List<Long>> children = new HashMap<>();
    List<Long> references = new ArrayList<>(); // INodeReferenceSection: index -> referred inode
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      ArrayDeque<String> open = new ArrayDeque<>();
      Inode inode = null;
      Long parent = null;
      StringBuilder text = new StringBuilder();
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          String name = xml.getLocalName();
          open.addLast(name);
          text.setLength(0);
          if (name.equals("inode") && open.contains("INodeSection")) {
            inode = new Inode();
          } else if (name.equals("directory") && open.contains("INodeDirectorySection")) {
            parent = null;
          }
        } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
          text.append(xml.getText());
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          String name = open.removeLast();
          String value = text.toString().trim();
          text.setLength(0);
          if (open.contains("INodeSection") && inode != null) {
            // an inode's own fields are its direct children: blocks have ids, xattrs have names
            String within = open.peekLast();
            if (name.equals("inode") && !open.contains("inode")) {
              inodes.put(inode.id, inode);
              inode = null;
            } else if (name.equals("numBytes") && "block".equals(within)) {
              inode.size += Long.parseLong(value);
              inode.blocks++;
            } else if ("inode".equals(within)) {
              switch (name) {
                case "id" -> inode.id = Long.parseLong(value);
                case "type" -> inode.type = value;
                case "name" -> inode.name = value;
                case "mtime" -> inode.mtime = Long.parseLong(value);
                case "atime" -> inode.atime = Long.parseLong(value);
                case "replication" -> inode.replication = Integer.parseInt(value);
                case "permission" -> inode.permission = value;
                case "preferredBlockSize" -> inode.blockSize = Long.parseLong(value);
                default -> {}
              }
            }
          } else if (open.contains("INodeReferenceSection") && name.equals("referredId")) {
            references.add(Long.parseLong(value));
          } else if (open.contains("INodeDirectorySection")) {
            switch (name) {
              case "parent" -> parent = Long.parseLong(value);
              case "child", "inode" ->
                  children
                      .computeIfAbsent(parent, k -> new ArrayList<>())
                      .add(Long.parseLong(value));
              case "refChild" -> {
                int index = Integer.parseInt(value);
                if (index < references.size()) {
                  children
                      .computeIfAbsent(parent, k -> new ArrayList<>())
                      .add(references.get(index));
                }
              }
              default -> {}
            }
          }
        }
      }
    } catch (XMLStreamException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNumber();
      throw new BadInputException(option + " " + file + ": not well-formed XML" + where);
    } catch (NumberFormatException e) {
      throw new BadInputException(
          option + " " + file + ": not a number where one belongs: " + e.getMessage());
    }
    emit(file, inodes, children, sink);
  }

  /** Walks the tree from the root, so every path is built from its parent's. */
  private void emit(
      Path file, Map<Long, Inode> inodes, Map<Long, List<Long>> children, NamespaceEntrySink sink)
      throws IOException {
    Inode root = null;
    for (Inode i : inodes.values()) {
      if ("DIRECTORY".equals(i.type) && i.name.isEmpty()) {
        root = i;
        break;
      }
    }
    if (root == null) {
      throw new BadInputException(option + " " + file + ": no root directory inode");
    }
    NamespaceEntry entry = new NamespaceEntry();
    ArrayDeque<Object[]> todo = new ArrayDeque<>();
    todo.add(new Object[] {root, "/"});
    while (!todo.isEmpty()) {
      Object[] next = todo.poll();
      Inode inode = (Inode) next[0];
      String path = (String) next[1];
      boolean dir = "DIRECTORY".equals(inode.type);
      if (dir || "FILE".equals(inode.type)) {
        fill(entry, inode, path, dir);
        sink.accept(entry);
      }
      for (Long childId : children.getOrDefault(inode.id, List.of())) {
        Inode child = inodes.get(childId);
        if (child != null) {
          todo.add(
              new Object[] {child, path.equals("/") ? "/" + child.name : path + "/" + child.name});
        }
      }
    }
  }

  private static void fill(NamespaceEntry e, Inode inode, String path, boolean dir) {
    e.setPath(path);
    e.setIsDir(dir);
    e.setDepth(TraceBuilder.depth(path));
    e.setSize(dir ? 0 : inode.size);
    e.setMtime(inode.mtime);
    e.setAtime(dir ? 0 : inode.atime);
    e.setReplication(dir ? 0 : inode.replication);
    String owner = null, group = null, mode = null;
    if (inode.permission != null) {
      String[] p = inode.permission.split(":");
      if (p.length == 3) {
        owner = p[0];
        group = p[1];
        mode = symbolicMode(p[2]);
      }
    }
    e.setOwner(owner);
    e.setGroup(group);
    e.setPermission(mode);
    e.setBlocks(dir ? 0 : inode.blocks);
    e.setBlockSize(dir ? 0 : inode.blockSize);
  }
}
