package org.mimesisbench.generator.issue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.CacheDirectiveInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Write;

/**
 * The binding between the schedule and the file system under test: issues one event as the matching
 * Hadoop {@link FileSystem} call (a {@link DistributedFileSystem} one for HDFS's own commands:
 * quotas, erasure coding, leases, the cluster's reports). Paths of events are relative to the
 * namespace root. A call that fails, or returns false where success means true, throws; a probe
 * that finds nothing, a delete of a path nothing makes, or a denied call (under {@link
 * ClusterSchedule#DENIED}) denied, is what it expects.
 */
public final class NamespaceClient {
  /** The extended attribute setXAttr sets: in the user namespace, which any owner may write. */
  static final String XATTR = "user.mimesisbench";

  private static final byte[] XATTR_VALUE = {1};
  // a quota no workload reaches: the call's cost without its limit
  private static final long NAMESPACE_QUOTA = 1L << 40;
  private static final long SPACE_QUOTA = 1L << 60;

  private final FileSystem fs;
  private final TracePaths root; // the events' paths under the namespace root
  private final TracePaths rootPath; // the same, the root's path alone, as HDFS's client takes
  private final DFSClient hdfs; // HDFS's own client, for the stats; null on other file systems
  private final String user; // whom fs issues as
  private final List<AclEntry> acl;
  private final List<AclEntry> namedUser;
  private final List<AclEntry> namedUserOnly;
  private DataTransfer data = DataTransfer.defaults();

  public NamespaceClient(FileSystem fs, Path root) throws IOException {
    this(fs, root, UserGroupInformation.getCurrentUser().getShortUserName());
  }

  /** A client whose {@code fs} issues as {@code user} (setOwner and the ACLs name that user). */
  public NamespaceClient(FileSystem fs, Path root, String user) {
    this.fs = fs;
    this.root = TracePaths.under(root);
    this.hdfs = fs instanceof DistributedFileSystem d ? d.getClient() : null;
    this.rootPath = TracePaths.under(new Path(fs.makeQualified(root).toUri().getPath()));
    this.user = user;
    this.acl =
        AclEntry.parseAclSpec("user::rwx,group::rwx,other::rwx", true); // the bits it was made with
    this.namedUser = AclEntry.parseAclSpec("user:" + user + ":rwx", true);
    this.namedUserOnly = AclEntry.parseAclSpec("user:" + user, false);
  }

  /** Moves file data with {@code data} (its flag, replication cap, reads and counts); this. */
  public NamespaceClient withData(DataTransfer data) {
    this.data = data;
    return this;
  }

  /** The file system its calls go through. */
  public FileSystem fileSystem() {
    return fs;
  }

  /** How this client moves file data, and the bytes it moved. */
  public DataTransfer data() {
    return data;
  }

  public void issue(Event e) throws IOException {
    if (e.path() != null && e.path().startsWith(ClusterSchedule.DENIED + "/")) {
      issueDenied(e);
      return;
    }
    call(e);
  }

  /**
   * A call the NameNode is to deny (a profile's deniedCalls): the denial is its answer; being
   * allowed is an error.
   */
  private void issueDenied(Event e) throws IOException {
    try {
      call(e);
    } catch (AccessControlException expected) {
      return; // denied, as the trace's call was
    } catch (RemoteException r) {
      if (r.getClassName().equals(AccessControlException.class.getName())) {
        return;
      }
      throw r;
    }
    throw new IOException(
        e.op().label()
            + " "
            + e.path()
            + " was allowed to "
            + user
            + ": a denied call issued as a user whom the NameNode lets in (its superuser?)");
  }

  private void call(Event e) throws IOException {
    if (hdfs != null && e.op() == Op.OPEN) {
      data.opened(hdfs.open(rootPath.pathOf(e.path())));
      return;
    }
    if (hdfs != null && (e.op() == Op.GET_FILE_INFO || e.op() == Op.GET_FILE_INFO_PROBE)) {
      stat(e);
      return;
    }
    Path p = e.path() == null ? null : root.resolve(e.path());
    switch (e.op()) {
      case CREATE -> create(p, e.write());
      case OPEN -> data.opened(fs.open(p));
      case LIST_STATUS -> fs.listStatus(p);
      case GET_FILE_INFO -> fs.getFileStatus(p);
      case DELETE -> check(fs.delete(p, false), e);
      case DELETE_RECURSIVE -> check(fs.delete(p, true), e);
      case MKDIRS -> check(fs.mkdirs(p), e);
      case RENAME -> check(fs.rename(p, root.resolve(e.target())), e);
      case GET_FILE_INFO_PROBE -> probe(() -> fs.getFileStatus(p));
      case LIST_STATUS_PROBE -> probe(() -> fs.listStatus(p));
      case DELETE_MISSING ->
          fs.delete(p, false); // false: nothing there, as the trace's delete found
      case CONTENT_SUMMARY -> fs.getContentSummary(p);
      case QUOTA_USAGE -> fs.getQuotaUsage(p);
      case APPEND -> append(p, e.write());
      case TRUNCATE -> fs.truncate(p, 0);
      case SET_PERMISSION ->
          fs.setPermission(p, WORLD_WRITABLE); // as it was made: every user may go on using it
      case SET_OWNER ->
          fs.setOwner(p, user, null); // the owner giving it to itself: allowed to the owner
      case SET_TIMES -> fs.setTimes(p, System.currentTimeMillis(), -1);
      case SET_REPLICATION -> // false on a directory: no error; no more replicas than DataNodes
          fs.setReplication(p, data.capped(fs.getDefaultReplication(p)));
      case SET_QUOTA -> dfs(e).setQuota(p, NAMESPACE_QUOTA, HdfsConstants.QUOTA_DONT_SET);
      case CLEAR_QUOTA ->
          dfs(e).setQuota(p, HdfsConstants.QUOTA_RESET, HdfsConstants.QUOTA_DONT_SET);
      case SET_SPACE_QUOTA -> dfs(e).setQuota(p, HdfsConstants.QUOTA_DONT_SET, SPACE_QUOTA);
      case CLEAR_SPACE_QUOTA ->
          dfs(e).setQuota(p, HdfsConstants.QUOTA_DONT_SET, HdfsConstants.QUOTA_RESET);
      case SET_STORAGE_POLICY -> fs.setStoragePolicy(p, HdfsConstants.HOT_STORAGE_POLICY_NAME);
      case UNSET_STORAGE_POLICY -> fs.unsetStoragePolicy(p);
      case SET_ERASURE_CODING_POLICY -> dfs(e).setErasureCodingPolicy(p, REPLICATION_POLICY);
      case UNSET_ERASURE_CODING_POLICY -> dfs(e).unsetErasureCodingPolicy(p);
      case GET_ERASURE_CODING_POLICY -> dfs(e).getErasureCodingPolicy(p);
      case SET_XATTR ->
          fs.setXAttr(p, XATTR, XATTR_VALUE, EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
      case GET_XATTRS -> fs.getXAttrs(p);
      case LIST_XATTRS -> fs.listXAttrs(p);
      case SET_ACL -> fs.setAcl(p, acl);
      case MODIFY_ACL_ENTRIES -> fs.modifyAclEntries(p, namedUser);
      case REMOVE_ACL_ENTRIES -> fs.removeAclEntries(p, namedUserOnly);
      case REMOVE_DEFAULT_ACL -> fs.removeDefaultAcl(p);
      case REMOVE_ACL -> fs.removeAcl(p);
      case GET_ACL_STATUS -> fs.getAclStatus(p);
      case CHECK_ACCESS -> fs.access(p, FsAction.READ);
      case IS_FILE_CLOSED -> dfs(e).isFileClosed(p);
      case DATANODE_REPORT -> dfs(e).getDataNodeStats();
      case LIST_CACHE_POOLS -> first(dfs(e).listCachePools());
      case LIST_CACHE_DIRECTIVES ->
          first(dfs(e).listCacheDirectives(new CacheDirectiveInfo.Builder().build()));
      case GET_ERASURE_CODING_POLICIES -> dfs(e).getAllErasureCodingPolicies();
      case GET_ERASURE_CODING_CODECS -> dfs(e).getAllErasureCodingCodecs();
      case LIST_SNAPSHOTTABLE_DIRECTORY -> dfs(e).getSnapshottableDirListing();
      default -> throw new IllegalArgumentException("no call for " + e.op());
    }
  }

  /**
   * A stat on HDFS through its client, the same getfileinfo RPC (opens likewise, above):
   * FileSystem's path parsing, link resolution and qualified result cost a tenth of the call.
   */
  private void stat(Event e) throws IOException {
    String path = rootPath.pathOf(e.path());
    if (hdfs.getFileInfo(path) == null && e.op() == Op.GET_FILE_INFO) {
      throw new FileNotFoundException(path);
    }
  }

  /** What setPermission sets: what the benchmark makes is world-writable (README: Users). */
  static final FsPermission WORLD_WRITABLE = new FsPermission((short) 0777);

  /**
   * The policy setErasureCodingPolicy sets: replication, which any number of DataNodes can hold.
   */
  static final String REPLICATION_POLICY = "replication";

  /** A call that looks for a path not made yet: "not found" is its answer, not an error. */
  private static void probe(Call call) throws IOException {
    try {
      call.run();
    } catch (FileNotFoundException expected) {
      // nothing there yet, as the trace's probe found
    }
  }

  /**
   * A create: of an empty file (a zero-size run), or of one with its data, written and closed in
   * the same op, as a client's put is one step (the NameNode sees create, addBlock per block and
   * complete).
   */
  private void create(Path p, Write w) throws IOException {
    if (w == null) {
      fs.create(p, false).close();
    } else {
      data.create(fs, p, w);
    }
  }

  /**
   * An append writes its data, or a byte in a zero-size run, so that it goes through the DataNodes
   * as a real one does.
   */
  private void append(Path p, Write w) throws IOException {
    if (w != null) {
      data.append(fs, p, w);
      return;
    }
    try (OutputStream out = fs.append(p)) {
      out.write(1);
    }
  }

  private DistributedFileSystem dfs(Event e) {
    if (fs instanceof DistributedFileSystem d) {
      return d;
    }
    throw new UnsupportedOperationException(
        e.op().label() + " is an HDFS command; " + fs.getUri() + " has none");
  }

  /** A listing's first page: the RPC the audit log records. */
  private static void first(RemoteIterator<?> it) throws IOException {
    it.hasNext();
  }

  @FunctionalInterface
  private interface Call {
    void run() throws IOException;
  }

  private static void check(boolean ok, Event e) throws IOException {
    if (!ok) {
      throw new IOException(e.op().label() + " " + e.path() + " returned false");
    }
  }
}
