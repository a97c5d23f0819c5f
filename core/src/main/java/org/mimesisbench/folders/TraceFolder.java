package org.mimesisbench.folders;

/**
 * The files of a trace folder (parse's --out, a run's own trace), as profiles/schema/Folders.avsc
 * names them for both languages.
 */
public final class TraceFolder {
  public static final String EVENTS = name("events");
  public static final String FILES = name("files");
  public static final String DIRS = name("dirs");
  public static final String CLUSTER = name("cluster");
  public static final String NAMESPACE = name("namespace");
  public static final String NAMESPACE_END = name("namespaceEnd");
  public static final String MANIFEST = name("manifest");
  public static final String PARSE_REPORT = name("parseReport");

  private TraceFolder() {}

  private static String name(String role) {
    return FolderContract.name("trace", role, "file");
  }
}
