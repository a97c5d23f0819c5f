package org.mimesisbench.generator.layout;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.materialize.FileMaker;

/**
 * Where a run's files live under its namespace root: the pre-existing files phase 1 creates and the
 * directories new files go to. Every mapper builds the same layout from the same profile, options
 * and seed, so no file list has to be shipped to it. Paths are relative to the root
 * ("/d0/d1/f3.t7"; "/" is the root itself).
 */
public interface NamespaceLayout {

  /**
   * The root's name under the base directory: the same for the same layout, so a rerun reuses it.
   */
  String rootName();

  /**
   * Pre-existing files of type {@code type} in all: the profile's, or about it (a hierarchy
   * apportions the files among directories and may place one more or fewer).
   */
  long preExistingCount(int type);

  /** Pre-existing files of type {@code type} that share {@code share} of {@code shares} replays. */
  List<String> preExisting(int type, int share, int shares);

  /** A directory for a new file of {@code type}, drawn with {@code random}. */
  String directoryFor(FileTypeModel type, SplittableRandom random);

  /**
   * A directory to hold an entry at depth {@code depth} (a directory type's), drawn with {@code
   * random}.
   */
  String parentFor(int depth, SplittableRandom random);

  /**
   * Phase 1, coordinator: what must exist before {@code shares} mappers start (the root, top
   * directories).
   */
  void materializeTop(FileSystem fs, Path root, int shares, boolean resume) throws IOException;

  /**
   * Phase 1, mapper {@code share} of {@code shares}: creates its part, its files empty; returns the
   * entries it made or found.
   */
  default long materializeShare(
      FileSystem fs, Path root, int share, int shares, boolean resume, Runnable onEntry)
      throws IOException {
    return materializeShare(fs, root, share, shares, resume, FileMaker.EMPTY, onEntry);
  }

  /** As the other, each file made by {@code files} (with its data). */
  long materializeShare(
      FileSystem fs,
      Path root,
      int share,
      int shares,
      boolean resume,
      FileMaker files,
      Runnable onEntry)
      throws IOException;

  /**
   * Whether the layout's namespace is already whole under {@code root} (started from its fsimage):
   * the root holds exactly its directories and pre-existing files, so phase 1 need not visit them.
   */
  default boolean inPlace(FileSystem fs, Path root) throws IOException {
    GeneratedNamespace ns = hierarchy();
    if (ns == null) {
      return false;
    }
    ContentSummary summary = fs.getContentSummary(root);
    return summary.getDirectoryCount() == ns.directories() + 1L
        && summary.getFileCount() == ns.files();
  }

  /** The generated hierarchy, to write as an fsimage; null when the layout has none. */
  default GeneratedNamespace hierarchy() {
    return null;
  }

  /** Directories and pre-existing files, for messages. */
  String describe();
}
