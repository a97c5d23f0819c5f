package org.mimesisbench.namespace.stats;

import java.util.List;
import org.mimesisbench.errors.BadInputException;

/**
 * The statistics a namespace is generated from, checked to describe a tree that can exist. Depths
 * count path components ('/a' is 1); the root is not among the directories.
 *
 * @param source what the statistics were read from, for messages
 * @param directories directories (not counting the root) of the namespace described
 * @param files files of the namespace described
 * @param dirsAtDepth depth of each directory other than the root
 * @param subdirsPerDir subdirectories of each directory that has at least one
 * @param filesAtDepth depth of each file
 * @param filesPerDir files in each directory that holds at least one
 * @param fileTypes weights summing to 1 and per-type file depths; one type when none were given
 */
public record NamespaceStats(
    String source,
    long directories,
    long files,
    DiscreteDistribution dirsAtDepth,
    DiscreteDistribution subdirsPerDir,
    DiscreteDistribution filesAtDepth,
    DiscreteDistribution filesPerDir,
    List<FileTypeShare> fileTypes) {

  /** Types are stored one byte per file. */
  public static final int MAX_FILE_TYPES = 256;

  public NamespaceStats {
    if (directories < 0 || files < 0) {
      throw new BadInputException(
          source + ": negative count (" + directories + " directories, " + files + " files)");
    }
    for (int i = 0; i < dirsAtDepth.size(); i++) {
      if (dirsAtDepth.value(i) != i + 1) { // the values start at 1 and have no holes
        throw new BadInputException(
            source
                + ": directories at depth "
                + dirsAtDepth.value(i)
                + " but none at depth "
                + (i + 1)
                + ": a tree needs a directory at every depth above");
      }
    }
    if (filesAtDepth.max() > dirsAtDepth.max() + 1) {
      throw new BadInputException(
          source
              + ": files at depth "
              + filesAtDepth.max()
              + " but directories only down to depth "
              + dirsAtDepth.max());
    }
    if (fileTypes.isEmpty() || fileTypes.size() > MAX_FILE_TYPES) {
      throw new BadInputException(
          source + ": " + fileTypes.size() + " file types (1 to " + MAX_FILE_TYPES + " supported)");
    }
    for (FileTypeShare t : fileTypes) {
      if (t.weight() > 0 && t.depth().max() > dirsAtDepth.max() + 1) {
        throw new BadInputException(
            source
                + ": file type "
                + t.index()
                + " has files at depth "
                + t.depth().max()
                + " but directories only go down to depth "
                + dirsAtDepth.max());
      }
    }
    fileTypes = List.copyOf(fileTypes);
  }

  /** Deepest directory. */
  public int maxDepth() {
    return dirsAtDepth.max();
  }

  /** Files per directory in the source namespace, to scale files with directories. */
  public double filesPerDirectory() {
    return directories == 0 ? 0 : (double) files / directories;
  }
}
