package org.mimesisbench.generator.op;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.mimesisbench.profile.AccessShares;
import org.mimesisbench.profile.DirectoryAccessShares;
import org.mimesisbench.run.RunOp;
import org.mimesisbench.trace.AuditCommand;

/**
 * The namespace operations a run issues, each made from its symbol of {@code RunOp.avsc}
 * (profiles/schema), which names it in results and gives its audit command, and which Python reads
 * too. The base ops are every run's; the others come from a profile's calls, probes and cluster
 * calls, and each audit command in {@code AuditCommand.avsc}'s {@code generated} and {@code
 * generatedClusterCommands} lists has one (NamespaceClientTest checks both ways; OpTest that every
 * RunOp symbol has one Op).
 */
public enum Op {
  CREATE(RunOp.create),
  OPEN(RunOp.open),
  LIST_STATUS(RunOp.listStatus),
  GET_FILE_INFO(RunOp.getFileInfo),
  DELETE(RunOp.delete),
  MKDIRS(RunOp.mkdirs),
  RENAME(RunOp.rename),
  // probes: "does it exist?" of a path not made yet; the NameNode answers "no", which is no error
  GET_FILE_INFO_PROBE(RunOp.getFileInfoProbe),
  LIST_STATUS_PROBE(RunOp.listStatusProbe),
  // a delete of a path nothing makes: it returns false, which HDFS audits as allowed=false
  DELETE_MISSING(RunOp.deleteMissing),
  // a directory's recursive delete, its subtree with it in one call
  DELETE_RECURSIVE(RunOp.deleteRecursive),
  CONTENT_SUMMARY(RunOp.contentSummary),
  QUOTA_USAGE(RunOp.quotaUsage),
  APPEND(RunOp.append),
  TRUNCATE(RunOp.truncate),
  SET_PERMISSION(RunOp.setPermission),
  SET_OWNER(RunOp.setOwner),
  SET_TIMES(RunOp.setTimes),
  SET_REPLICATION(RunOp.setReplication),
  SET_QUOTA(RunOp.setQuota),
  CLEAR_QUOTA(RunOp.clearQuota),
  SET_SPACE_QUOTA(RunOp.setSpaceQuota),
  CLEAR_SPACE_QUOTA(RunOp.clearSpaceQuota),
  SET_STORAGE_POLICY(RunOp.setStoragePolicy),
  UNSET_STORAGE_POLICY(RunOp.unsetStoragePolicy),
  SET_ERASURE_CODING_POLICY(RunOp.setErasureCodingPolicy),
  UNSET_ERASURE_CODING_POLICY(RunOp.unsetErasureCodingPolicy),
  GET_ERASURE_CODING_POLICY(RunOp.getErasureCodingPolicy),
  SET_XATTR(RunOp.setXAttr),
  GET_XATTRS(RunOp.getXAttrs),
  LIST_XATTRS(RunOp.listXAttrs),
  SET_ACL(RunOp.setAcl),
  MODIFY_ACL_ENTRIES(RunOp.modifyAclEntries),
  REMOVE_ACL_ENTRIES(RunOp.removeAclEntries),
  REMOVE_DEFAULT_ACL(RunOp.removeDefaultAcl),
  REMOVE_ACL(RunOp.removeAcl),
  GET_ACL_STATUS(RunOp.getAclStatus),
  CHECK_ACCESS(RunOp.checkAccess),
  IS_FILE_CLOSED(RunOp.isFileClosed),
  // without a path: the cluster's
  DATANODE_REPORT(RunOp.datanodeReport),
  LIST_CACHE_POOLS(RunOp.listCachePools),
  LIST_CACHE_DIRECTIVES(RunOp.listCacheDirectives),
  GET_ERASURE_CODING_POLICIES(RunOp.getErasureCodingPolicies),
  GET_ERASURE_CODING_CODECS(RunOp.getErasureCodingCodecs),
  LIST_SNAPSHOTTABLE_DIRECTORY(RunOp.listSnapshottableDirectory),
  // only a replay issues it: it joins files with data, which a profile's files have none of
  CONCAT(RunOp.concat),
  // only a replay issues these: a trace's snapshots (a directory's, named in the call) and the
  // superuser's listing
  ALLOW_SNAPSHOT(RunOp.allowSnapshot),
  DISALLOW_SNAPSHOT(RunOp.disallowSnapshot),
  CREATE_SNAPSHOT(RunOp.createSnapshot),
  DELETE_SNAPSHOT(RunOp.deleteSnapshot),
  RENAME_SNAPSHOT(RunOp.renameSnapshot),
  LIST_ENCRYPTION_ZONES(RunOp.listEncryptionZones);

  /** The accesses, in the order of a profile's accessShares (its AccessShares fields). */
  public static final Op[] ACCESSES = named(AccessShares.getClassSchema());

  /** A directory's accesses, in the order of a directory type's accessShares. */
  public static final Op[] DIRECTORY_ACCESSES = named(DirectoryAccessShares.getClassSchema());

  /** Every run's ops, always in its results; the others appear when a run issues them. */
  public static final Set<Op> BASE = listed("base");

  /** The ops without a path: AuditCommand.avsc's generatedClusterCommands. */
  public static final Set<Op> CLUSTER = clusterOps();

  /** The ops only an entry's owner (or the superuser) may make. */
  public static final Set<Op> OWNER_ONLY =
      EnumSet.of(
          SET_PERMISSION,
          SET_OWNER,
          SET_ACL,
          MODIFY_ACL_ENTRIES,
          REMOVE_ACL_ENTRIES,
          REMOVE_DEFAULT_ACL,
          REMOVE_ACL);

  /** The ops that make, rename or delete an entry: its owner's. */
  public static final Set<Op> OWNERS = EnumSet.of(CREATE, MKDIRS, RENAME, DELETE, DELETE_RECURSIVE);

  /** The ops only the superuser may make: quotas, the DataNodes' report. */
  public static final Set<Op> SUPERUSER_ONLY =
      EnumSet.of(SET_QUOTA, CLEAR_QUOTA, SET_SPACE_QUOTA, CLEAR_SPACE_QUOTA, DATANODE_REPORT);

  /**
   * The ops only a replay issues (a trace's calls with what they need from it); no profile's call
   * is one.
   */
  public static final Set<Op> REPLAYED_ONLY = listed("replayedOnly");

  /** A replay's calls on a directory's snapshots: the directory is their path. */
  public static final Set<Op> SNAPSHOTS = EnumSet.range(ALLOW_SNAPSHOT, RENAME_SNAPSHOT);

  /**
   * The changes HDFS serves on a file still open for write (by inode id, the writer's lease follows
   * a rename): a put's rename into place or a job's setPermission may go beside the create writing
   * the data, as the trace's went after a write the run cannot make as fast at every time scale.
   */
  public static final Set<Op> WHILE_WRITTEN =
      EnumSet.of(
          RENAME,
          SET_PERMISSION,
          SET_OWNER,
          SET_TIMES,
          SET_REPLICATION,
          SET_XATTR,
          SET_ACL,
          MODIFY_ACL_ENTRIES,
          REMOVE_ACL_ENTRIES,
          REMOVE_DEFAULT_ACL,
          REMOVE_ACL,
          SET_STORAGE_POLICY,
          UNSET_STORAGE_POLICY);

  /**
   * The ops that change nothing: several clients read one file at once (a job's tasks open the same
   * input), so a life's reads may overlap one another, never a change of it.
   */
  public static final Set<Op> READS =
      EnumSet.of(
          OPEN,
          LIST_STATUS,
          GET_FILE_INFO,
          GET_FILE_INFO_PROBE,
          LIST_STATUS_PROBE,
          CONTENT_SUMMARY,
          QUOTA_USAGE,
          GET_ERASURE_CODING_POLICY,
          GET_XATTRS,
          LIST_XATTRS,
          GET_ACL_STATUS,
          CHECK_ACCESS,
          IS_FILE_CLOSED);

  private static final Map<String, Op> BY_CALL = new HashMap<>();
  private static final Map<String, Op> BY_PROBE = new HashMap<>();

  static {
    for (Op op : values()) {
      if (!op.name().endsWith("_PROBE")
          && op != DELETE_RECURSIVE
          && op != DELETE_MISSING
          && !REPLAYED_ONLY.contains(op)) {
        BY_CALL.put(op.auditCommand, op);
      }
    }
    listed("probes").forEach(op -> BY_PROBE.put(op.auditCommand, op));
  }

  private final String label;
  private final String auditCommand;

  Op(RunOp name) {
    this.label = name.name();
    this.auditCommand = auditCommandOf(label);
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

  /**
   * The op that issues a probe logged as {@code command} (getfileinfo, listStatus), or null if none
   * does.
   */
  public static Op ofProbe(String command) {
    return BY_PROBE.get(command);
  }

  /** The op named {@code label} in results. */
  public static Op ofLabel(String label) {
    for (Op op : values()) {
      if (op.label.equals(label)) {
        return op;
      }
    }
    throw new IllegalArgumentException("RunOp.avsc has no op " + label);
  }

  private static String auditCommandOf(String label) {
    Object named = ((Map<?, ?>) RunOp.getClassSchema().getObjectProp("auditCommands")).get(label);
    return named == null ? label : named.toString();
  }

  private static Set<Op> listed(String property) {
    Set<Op> ops = EnumSet.noneOf(Op.class);
    for (Object label : (List<?>) RunOp.getClassSchema().getObjectProp(property)) {
      ops.add(ofLabel(label.toString()));
    }
    return java.util.Collections.unmodifiableSet(ops);
  }

  private static Op[] named(Schema shares) {
    return shares.getFields().stream().map(f -> ofLabel(f.name())).toArray(Op[]::new);
  }

  private static Set<Op> clusterOps() {
    Set<Op> ops = EnumSet.noneOf(Op.class);
    for (Object command :
        (List<?>) AuditCommand.getClassSchema().getObjectProp("generatedClusterCommands")) {
      ops.add(ofLabel(command.toString()));
    }
    return java.util.Collections.unmodifiableSet(ops);
  }
}
