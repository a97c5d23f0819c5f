package org.mimesisbench.audit.trace;

/**
 * What the trace builder knows of one path while the trace is read: whether it is a file or a
 * directory, when it was created, and the calls on it so far. A renamed path keeps its FileLife,
 * which is how a file or directory keeps one identity across renames.
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
  /** Known to have had nothing at its path when it began (the snapshot lacks it): its first calls were probes. */
  boolean absent;
  long createTime = -1;
  /** A mkdirs named this path and made it (a directory made implicitly has a createTime too). */
  boolean madeByMkdirs;
  /** When the trace first showed the path. */
  long firstSeen;
  int renames;
  // calls so far (accesses and others), kept in the trace builder's AccessChunks: these are where
  int accesses;
  /** The first calls that were probes: made while nothing was at the path, before its create or mkdirs. */
  int probes;
  int firstChunk = AccessChunks.NONE;
  int lastChunk = AccessChunks.NONE;

  FileLife(long id, String path, Kind kind) {
    this.id = id;
    this.path = path;
    this.kind = kind;
  }
}
