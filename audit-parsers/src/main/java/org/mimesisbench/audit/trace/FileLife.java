package org.mimesisbench.audit.trace;

/**
 * What the trace builder knows of one path while the trace is read: whether it is a file,
 * when it was created, and the accesses so far. A renamed path keeps its FileLife, which is
 * how a file keeps one identity across renames.
 */
final class FileLife {
  enum Kind {
    /** Created, opened, appended...: certainly a file. */
    FILE,
    /** Made by mkdirs, or has children: certainly a directory. */
    DIRECTORY,
    /** Only listed or stat'ed so far: could be either, or not exist at all. */
    UNKNOWN
  }

  final long id;
  /** Path at trace start (pre-existing) or at creation. */
  final String path;
  Kind kind;
  /** Found in the snapshot (fsimage) of the namespace at trace start. */
  boolean inSnapshot;
  long createTime = -1;
  int renames;
  // accesses so far, kept in the trace builder's AccessChunks: these are where
  int accesses;
  int firstChunk = AccessChunks.NONE;
  int lastChunk = AccessChunks.NONE;

  FileLife(long id, String path, Kind kind) {
    this.id = id;
    this.path = path;
    this.kind = kind;
  }
}
