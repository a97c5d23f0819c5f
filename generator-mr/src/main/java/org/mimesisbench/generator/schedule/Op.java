package org.mimesisbench.generator.schedule;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The namespace operations a run issues, named as in results and NameNode audit logs. The first
 * seven are every run's; the others come from a profile's calls, probes and cluster calls, and
 * each audit command in {@code AuditCommand.avsc}'s {@code generated} and
 * {@code generatedClusterCommands} lists has one (OpsTest checks both ways).
 */
public enum Op {
  CREATE("create", "create"),
  OPEN("open", "open"),
  LIST_STATUS("listStatus", "listStatus"),
  GET_FILE_INFO("getFileInfo", "getfileinfo"),
  DELETE("delete", "delete"),
  MKDIRS("mkdirs", "mkdirs"),
  RENAME("rename", "rename"),
  // probes: "does it exist?" of a path not made yet; the NameNode answers "no", which is no error
  GET_FILE_INFO_PROBE("getFileInfoProbe", "getfileinfo"),
  LIST_STATUS_PROBE("listStatusProbe", "listStatus"),
  // a delete of a path nothing makes: it returns false, which HDFS audits as allowed=false
  DELETE_MISSING("deleteMissing", "delete"),
  // a directory's recursive delete, its subtree with it in one call
  DELETE_RECURSIVE("deleteRecursive", "delete"),
  CONTENT_SUMMARY("contentSummary", "contentSummary"),
  QUOTA_USAGE("quotaUsage", "quotaUsage"),
  APPEND("append", "append"),
  TRUNCATE("truncate", "truncate"),
  SET_PERMISSION("setPermission", "setPermission"),
  SET_OWNER("setOwner", "setOwner"),
  SET_TIMES("setTimes", "setTimes"),
  SET_REPLICATION("setReplication", "setReplication"),
  SET_QUOTA("setQuota", "setQuota"),
  CLEAR_QUOTA("clearQuota", "clearQuota"),
  SET_SPACE_QUOTA("setSpaceQuota", "setSpaceQuota"),
  CLEAR_SPACE_QUOTA("clearSpaceQuota", "clearSpaceQuota"),
  SET_STORAGE_POLICY("setStoragePolicy", "setStoragePolicy"),
  UNSET_STORAGE_POLICY("unsetStoragePolicy", "unsetStoragePolicy"),
  SET_ERASURE_CODING_POLICY("setErasureCodingPolicy", "setErasureCodingPolicy"),
  UNSET_ERASURE_CODING_POLICY("unsetErasureCodingPolicy", "unsetErasureCodingPolicy"),
  GET_ERASURE_CODING_POLICY("getErasureCodingPolicy", "getErasureCodingPolicy"),
  SET_XATTR("setXAttr", "setXAttr"),
  GET_XATTRS("getXAttrs", "getXAttrs"),
  LIST_XATTRS("listXAttrs", "listXAttrs"),
  SET_ACL("setAcl", "setAcl"),
  MODIFY_ACL_ENTRIES("modifyAclEntries", "modifyAclEntries"),
  REMOVE_ACL_ENTRIES("removeAclEntries", "removeAclEntries"),
  REMOVE_DEFAULT_ACL("removeDefaultAcl", "removeDefaultAcl"),
  REMOVE_ACL("removeAcl", "removeAcl"),
  GET_ACL_STATUS("getAclStatus", "getAclStatus"),
  CHECK_ACCESS("checkAccess", "checkAccess"),
  IS_FILE_CLOSED("isFileClosed", "isFileClosed"),
  // without a path: the cluster's
  DATANODE_REPORT("datanodeReport", "datanodeReport"),
  LIST_CACHE_POOLS("listCachePools", "listCachePools"),
  LIST_CACHE_DIRECTIVES("listCacheDirectives", "listCacheDirectives"),
  GET_ERASURE_CODING_POLICIES("getErasureCodingPolicies", "getErasureCodingPolicies"),
  GET_ERASURE_CODING_CODECS("getErasureCodingCodecs", "getErasureCodingCodecs"),
  LIST_SNAPSHOTTABLE_DIRECTORY("listSnapshottableDirectory", "listSnapshottableDirectory"),
  // only a replay issues it: it joins files with data, which a profile's files have none of
  CONCAT("concat", "concat");

  /** The accesses, in the order of a profile's accessShares. */
  public static final Op[] ACCESSES = {OPEN, LIST_STATUS, GET_FILE_INFO};
  /** A directory's accesses, in the order of a directory type's accessShares. */
  public static final Op[] DIRECTORY_ACCESSES = {LIST_STATUS, GET_FILE_INFO, CONTENT_SUMMARY};
  /** Every run's ops, always in its results; the others appear when a run issues them. */
  public static final Set<Op> BASE = EnumSet.range(CREATE, RENAME);
  /** The ops without a path. */
  public static final Set<Op> CLUSTER = EnumSet.range(DATANODE_REPORT, LIST_SNAPSHOTTABLE_DIRECTORY);
  /** The ops only an entry's owner (or the superuser) may make. */
  public static final Set<Op> OWNER_ONLY = EnumSet.of(SET_PERMISSION, SET_OWNER, SET_ACL, MODIFY_ACL_ENTRIES,
      REMOVE_ACL_ENTRIES, REMOVE_DEFAULT_ACL, REMOVE_ACL);
  /** The ops that make, rename or delete an entry: its owner's. */
  public static final Set<Op> OWNERS = EnumSet.of(CREATE, MKDIRS, RENAME, DELETE, DELETE_RECURSIVE);
  /** The ops only the superuser may make: quotas, the DataNodes' report. */
  public static final Set<Op> SUPERUSER_ONLY = EnumSet.of(SET_QUOTA, CLEAR_QUOTA, SET_SPACE_QUOTA, CLEAR_SPACE_QUOTA,
      DATANODE_REPORT);

  /** The ops only a replay issues (a trace's calls with what they need from it); no profile's call is one. */
  public static final Set<Op> REPLAYED_ONLY = EnumSet.of(CONCAT);

  private static final Map<String, Op> BY_CALL = new HashMap<>();

  static {
    for (Op op : values()) {
      if (!op.name().endsWith("_PROBE") && op != DELETE_RECURSIVE && op != DELETE_MISSING
          && !REPLAYED_ONLY.contains(op)) {
        BY_CALL.put(op.auditCommand, op);
      }
    }
  }

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

  /** The op that issues a profile's call of audit command {@code command}, or null if none does. */
  public static Op ofCall(String command) {
    return BY_CALL.get(command);
  }
}
