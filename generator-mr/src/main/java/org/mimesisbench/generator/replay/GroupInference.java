package org.mimesisbench.generator.replay;

import java.util.HashSet;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The groups a trace's users must have been in for the NameNode to allow what it allowed. Following
 * every entry's owner, group and mode through the trace (the fsimage's, then each allowed call's
 * {@code perm=}), it makes HDFS's permission checks of each allowed call: an access only an entry's
 * group bits allow makes its user a member of that group; one no bits allow, or a command only the
 * superuser may issue (allowSnapshot, quotas, a setOwner giving an entry to another user), makes
 * the user a superuser. An entry's group is no sign of its owner's (HDFS gives a new entry its
 * directory's group). A wrong guess can only allow what the traced cluster denied, so a user the
 * trace saw denied a permission check is made a superuser only by a superuser's command, never by a
 * guess from the modes.
 */
final class GroupInference {
  /**
   * HDFS superuser group (dfs.permissions.superusergroup default): an owner's group, never a sign
   * of its member.
   */
  static final String SUPERGROUP = "supergroup";

  /** Commands only the superuser may issue. */
  private static final Set<String> SUPERUSER_COMMANDS =
      Set.of(
          "allowSnapshot",
          "disallowSnapshot",
          "setQuota",
          "clearQuota",
          "setSpaceQuota",
          "clearSpaceQuota",
          "datanodeReport",
          "listEncryptionZones",
          "createEncryptionZone");

  /** Commands that log allowed=false when they only return false: no sign of a permission check. */
  private static final Set<String> FALSE_NOT_DENIED = Set.of("delete", "rename");

  /** A namespace entry's owner, group and mode, as last seen. */
  private record Entry(String owner, String group, FsPermission mode, boolean dir) {}

  private final NavigableMap<String, Entry> state = new TreeMap<>();

  /** User -> group -> the first sign of it. */
  private final Map<String, Map<String, String>> members = new TreeMap<>();

  /** User -> why a superuser's command says so. */
  private final Map<String, String> superusers = new TreeMap<>();

  /** User -> why the modes say so (dropped for users denied a permission check). */
  private final Map<String, String> guessedSuperusers = new TreeMap<>();

  private final Set<String> denied = new HashSet<>();
  private final String superuser;

  /**
   * Follows the trace from {@code namespace} (the fsimage's entries), whose root's owner is {@code
   * superuser}.
   */
  GroupInference(Iterable<NamespaceEntry> namespace, String superuser) {
    this.superuser = superuser;
    for (NamespaceEntry e : namespace) {
      if (e.getOwner() != null && e.getGroup() != null && e.getPermission() != null) {
        state.put(
            e.getPath(),
            new Entry(
                e.getOwner(),
                e.getGroup(),
                ReplayClient.permission(e.getPermission(), e.getIsDir()),
                e.getIsDir()));
      }
    }
  }

  /** The next call of the trace, in trace order. */
  void accept(AuditEvent e) {
    String user = e.getUser();
    String op = e.getOp();
    if (!e.getAllowed()) {
      if (!FALSE_NOT_DENIED.contains(op)) {
        denied.add(user);
      }
      return;
    }
    if (SUPERUSER_COMMANDS.contains(op)) {
      superusers.putIfAbsent(user, op);
    }
    String src = e.getSrc();
    if (src == null
        || !src.startsWith("/")
        || ReplayCalls.inSnapshot(src)
        || user.equals(superuser)) {
      follow(e);
      return;
    }
    traverse(user, src, op);
    Entry result = result(e);
    switch (op) {
      case "open" -> need(user, src, FsAction.READ, op);
      case "listStatus" -> {
        Entry at = state.get(src);
        if (at != null && at.dir()) {
          need(user, src, FsAction.READ_EXECUTE, op);
        }
      }
      case "contentSummary", "quotaUsage" ->
          subtree(src)
              .forEach(
                  (p, x) -> {
                    if (x.dir()) {
                      need(user, p, FsAction.READ_EXECUTE, op);
                    }
                  });
      case "setTimes",
          "append",
          "truncate",
          "setReplication",
          "concat",
          "setXAttr",
          "removeXAttr" ->
          need(user, src, FsAction.WRITE, op);
      case "create", "mkdirs" -> {
        if (!(op.equals("mkdirs") && state.containsKey(src))) {
          need(user, existingAncestor(src), FsAction.WRITE, op);
        }
      }
      case "delete" -> {
        unlinks(user, src, op);
        subtree(src)
            .forEach(
                (p, x) -> {
                  if (x.dir() && hasChildren(p)) {
                    need(user, p, FsAction.ALL, op);
                  }
                });
      }
      case "rename" -> {
        unlinks(user, src, op);
        need(user, existingAncestor(target(e)), FsAction.WRITE, op);
      }
      case "setPermission", "createSnapshot", "deleteSnapshot", "renameSnapshot" ->
          owner(user, src, op);
      case "setOwner" -> {
        owner(user, src, op);
        if (result != null && !result.owner().equals(user)) {
          superusers.putIfAbsent(user, "setOwner to another owner");
        } else if (result != null && result.group().equals(SUPERGROUP)) {
          guess(
              user,
              "setOwner to the superuser group"); // or the group unchanged: the log cannot tell
        } else if (result != null) {
          member(user, result.group(), "setOwner " + src); // setOwner gives a group of its own
        }
      }
      default -> {}
    }
    if (op.equals("setPermission") && result != null && !result.owner().equals(user)) {
      superusers.putIfAbsent(user, "setPermission of another's entry");
    }
    follow(e);
  }

  /** The users and their groups: the members found, and each superuser in {@code superGroup}. */
  Map<String, Set<String>> mapping(String superGroup) {
    Map<String, Set<String>> mapping = new TreeMap<>();
    members.forEach((user, groups) -> mapping.put(user, new TreeSet<>(groups.keySet())));
    for (String user : superusers()) {
      mapping.computeIfAbsent(user, u -> new TreeSet<>()).add(superGroup);
    }
    return mapping;
  }

  /** The users found to be superusers, with the fsimage root's owner. */
  Set<String> superusers() {
    Set<String> all = new TreeSet<>(superusers.keySet());
    guessedSuperusers.keySet().stream().filter(u -> !denied.contains(u)).forEach(all::add);
    if (superuser != null) {
      all.add(superuser);
    }
    return all;
  }

  /** Why each user is in each group: the first call (or fsimage entry) that shows it. */
  Map<String, Map<String, String>> membersWhy() {
    return members;
  }

  /** Why each superuser (but the fsimage root's owner) is one: the command that shows it. */
  Map<String, String> why() {
    Map<String, String> why = new TreeMap<>();
    guessedSuperusers.forEach(
        (u, w) -> {
          if (!denied.contains(u)) {
            why.put(u, w + " (the modes allow it no one else)");
          }
        });
    why.putAll(superusers);
    return why;
  }

  /**
   * The checks of an entry's unlinking (delete, rename's source): its directory's write, its sticky
   * bit.
   */
  private void unlinks(String user, String path, String op) {
    String parent = parent(path);
    need(user, parent, FsAction.WRITE, op);
    Entry dir = state.get(parent);
    Entry entry = state.get(path);
    if (dir != null
        && dir.mode().getStickyBit()
        && !user.equals(dir.owner())
        && (entry == null || !user.equals(entry.owner()))) {
      guess(user, op + " in a sticky directory of another's");
    }
  }

  private void owner(String user, String path, String op) {
    Entry at = state.get(path);
    if (at != null && !at.owner().equals(user)) {
      guess(user, op + " of another's entry");
    }
  }

  /**
   * HDFS's check of {@code action} on {@code path} by {@code user}: owner bits, else group, else
   * other.
   */
  private void need(String user, String path, FsAction action, String op) {
    Entry at = path == null ? null : state.get(path);
    if (at == null) {
      return;
    }
    if (user.equals(at.owner())) {
      if (!at.mode().getUserAction().implies(action)) {
        guess(user, op + " the owner's mode denies");
      }
    } else if (!at.mode().getOtherAction().implies(action)) {
      if (at.mode().getGroupAction().implies(action) && !at.group().equals(SUPERGROUP)) {
        member(user, at.group(), op + " " + path);
      } else if (at.mode().getGroupAction().implies(action)) {
        guess(user, op + " that only the superuser group's bits allow");
      } else {
        guess(user, op);
      }
    }
  }

  private void member(String user, String group, String why) {
    members.computeIfAbsent(user, u -> new TreeMap<>()).putIfAbsent(group, why);
  }

  private void guess(String user, String why) {
    guessedSuperusers.putIfAbsent(user, why);
  }

  /** Search (execute) on every directory above {@code path}. */
  private void traverse(String user, String path, String op) {
    for (String dir = parent(path); dir != null; dir = parent(dir)) {
      Entry at = state.get(dir);
      if (at != null && at.dir()) { // below a file: HDFS finds nothing there, no access is checked
        need(user, dir, FsAction.EXECUTE, op);
      }
    }
  }

  /**
   * The namespace after {@code e}: entries made, moved, removed, their owners and modes as its
   * perm= says.
   */
  private void follow(AuditEvent e) {
    String src = e.getSrc();
    if (!e.getAllowed() || src == null || !src.startsWith("/") || ReplayCalls.inSnapshot(src)) {
      return;
    }
    Entry result = result(e);
    switch (e.getOp()) {
      case "delete" -> remove(src);
      case "rename" -> {
        String to = target(e);
        if (to == null) {
          return;
        }
        Map<String, Entry> moved = subtree(src);
        remove(src);
        remove(to);
        moved.forEach((p, x) -> state.put(to + p.substring(src.length()), x));
        if (result != null) {
          Entry old = state.get(to);
          state.put(to, withDir(result, old != null && old.dir()));
        }
      }
      case "mkdirs" -> {
        if (result != null) {
          for (String dir = src; dir != null && !state.containsKey(dir); dir = parent(dir)) {
            state.put(dir, withDir(result, true));
          }
        }
      }
      case "create" -> {
        if (result != null) {
          state.put(src, withDir(result, false));
        }
      }
      case "setOwner", "setPermission", "setTimes" -> {
        Entry old = state.get(src);
        if (result != null) {
          state.put(src, withDir(result, old != null && old.dir()));
        }
      }
      default -> {}
    }
  }

  private static Entry withDir(Entry e, boolean dir) {
    return new Entry(e.owner(), e.group(), e.mode(), dir);
  }

  /** The owner, group and mode the call's perm= logs ("owner:group:mode"), or null. */
  private static Entry result(AuditEvent e) {
    String perm = e.getPerm();
    String[] f = perm == null ? null : perm.split(":", 3);
    if (f == null || f.length < 3 || f[0].isEmpty()) {
      return null;
    }
    try {
      return new Entry(f[0], f[1], ReplayClient.permission(f[2], false), false);
    } catch (IllegalArgumentException notAMode) {
      return null;
    }
  }

  /**
   * Where a rename puts its source: into the target directory when the rename has no options and
   * the target is one.
   */
  private String target(AuditEvent e) {
    String dst = e.getDst();
    if (dst == null || !dst.startsWith("/")) {
      return null;
    }
    Entry at = state.get(dst);
    if (at != null && at.dir() && !e.getCmd().contains("options=") && !dst.equals(e.getSrc())) {
      return (dst.equals("/") ? "" : dst) + e.getSrc().substring(e.getSrc().lastIndexOf('/'));
    }
    return dst;
  }

  /** The entries below {@code path} ("/a/" up to "/a0": '0' follows '/'), as a view. */
  private NavigableMap<String, Entry> below(String path) {
    String dir = path.equals("/") ? "" : path;
    return state.subMap(dir + "/", true, dir + "0", false);
  }

  /** {@code path}'s entry and those below it, a copy. */
  private Map<String, Entry> subtree(String path) {
    Map<String, Entry> subtree = new TreeMap<>(below(path));
    Entry self = state.get(path);
    if (self != null) {
      subtree.put(path, self);
    }
    return subtree;
  }

  private void remove(String path) {
    below(path).clear();
    state.remove(path);
  }

  private boolean hasChildren(String dir) {
    return !below(dir).isEmpty();
  }

  private String existingAncestor(String path) {
    for (String dir = path == null ? null : parent(path); dir != null; dir = parent(dir)) {
      if (state.containsKey(dir)) {
        return dir;
      }
    }
    return null;
  }

  private static String parent(String path) {
    if (path.equals("/")) {
      return null;
    }
    int at = path.lastIndexOf('/');
    return at <= 0 ? "/" : path.substring(0, at);
  }
}
