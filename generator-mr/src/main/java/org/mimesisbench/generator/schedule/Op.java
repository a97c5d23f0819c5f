package org.mimesisbench.generator.schedule;

/** The namespace operations a run issues, named as in results and NameNode audit logs. */
public enum Op {
  CREATE("create", "create"),
  OPEN("open", "open"),
  LIST_STATUS("listStatus", "listStatus"),
  GET_FILE_INFO("getFileInfo", "getfileinfo"),
  DELETE("delete", "delete"),
  MKDIRS("mkdirs", "mkdirs"),
  RENAME("rename", "rename");

  /** The accesses, in the order of a profile's accessShares. */
  public static final Op[] ACCESSES = {OPEN, LIST_STATUS, GET_FILE_INFO};

  private final String label;
  private final String auditCommand;

  Op(String label, String auditCommand) {
    this.label = label;
    this.auditCommand = auditCommand;
  }

  /** The name in results (summary.json, timeline.csv, counters). */
  public String label() {
    return label;
  }

  /** The {@code cmd=} of this operation in an HDFS audit log. */
  public String auditCommand() {
    return auditCommand;
  }
}
