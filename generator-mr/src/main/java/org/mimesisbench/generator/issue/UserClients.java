package org.mimesisbench.generator.issue;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AuthorizationException;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.schedule.Event;

/**
 * Issues each event as its user: through a file system of that user's, made on first use and kept
 * for the mapper's life (closed with it), or through the run's own for an event without one. On a
 * simple-auth cluster a user is a remote user (the NameNode takes the name as given); with
 * Kerberos, or when {@link #IMPERSONATE} says so, a proxy user impersonated by the run's login
 * user, which the NameNode allows only as its proxy-user rules say. The local file system (file://)
 * has no users of its own (it would chown to users the machine may not have): there every event
 * goes as the run's own user.
 */
public final class UserClients implements IssuingPipeline.EventSink, Closeable {
  /** Impersonate the users through the login user (default: when Kerberos is on). */
  public static final String IMPERSONATE = "mimesisbench.users.impersonate";

  private final NamespaceClient own;
  private final URI uri;
  private final Path root;
  private final Configuration conf;
  private final Map<String, NamespaceClient> clients =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final Map<String, FileSystem> fileSystems = new HashMap<>();
  private final String ownUser;
  private final boolean
      local; // the local file system has no users of its own: everything goes as the run's
  private volatile boolean ownIssued;

  /**
   * @param own the run's own client, for events without a user
   * @param conf the configuration of the users' file systems
   */
  public UserClients(NamespaceClient own, URI uri, Path root, Configuration conf)
      throws IOException {
    this.own = own;
    this.ownUser = UserGroupInformation.getCurrentUser().getShortUserName();
    this.local = "file".equals(uri.getScheme());
    this.uri = uri;
    this.root = root;
    this.conf = conf;
  }

  @Override
  public void issue(Event e) throws IOException {
    if (e.user() == null || local) {
      ownIssued = true;
      own.issue(e);
      return;
    }
    NamespaceClient client = clients.get(e.user());
    if (client == null) {
      synchronized (clients) { // several issuer threads (--in-flight): one file system per user
        client = clients.get(e.user());
        if (client == null) {
          client = new NamespaceClient(fileSystemOf(e.user()), root, e.user()).withData(own.data());
          clients.put(e.user(), client);
        }
      }
    }
    client.issue(e);
  }

  /**
   * The file system {@code user}'s calls go through, opened on first use and closed with this; null
   * when they go as the run's own user (no user, or the local file system, which has none).
   */
  public FileSystem fileSystemOf(String user) throws IOException {
    if (user == null || local) {
      return null;
    }
    synchronized (clients) {
      FileSystem fs = fileSystems.get(user);
      if (fs == null) {
        fs = open(uri, conf, user);
        fileSystems.put(user, fs);
      }
      return fs;
    }
  }

  /** The run's own file system and those of {@code users} (none of their own on file://). */
  @Override
  public List<FileSystem> clients(Set<String> users) throws IOException {
    List<FileSystem> made = new ArrayList<>();
    made.add(own.fileSystem());
    for (String user : users) {
      FileSystem fs = fileSystemOf(user);
      if (fs != null) {
        made.add(fs);
      }
    }
    return made;
  }

  /** The users issued as so far: the run's own among them once it issued a call. */
  @Override
  public java.util.Set<String> users() {
    java.util.Set<String> names = new java.util.TreeSet<>(clients.keySet());
    if (ownIssued) {
      names.add(ownUser);
    }
    return names;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (FileSystem fs : fileSystems.values()) {
      try {
        fs.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** Whether the users are impersonated (proxy users) rather than named (remote users). */
  public static boolean impersonating(Configuration conf) {
    return conf.getBoolean(IMPERSONATE, UserGroupInformation.isSecurityEnabled());
  }

  /** A new file system at {@code uri} that issues as {@code user}. */
  public static FileSystem open(URI uri, Configuration conf, String user) throws IOException {
    UserGroupInformation ugi =
        impersonating(conf)
            ? UserGroupInformation.createProxyUser(user, UserGroupInformation.getLoginUser())
            : UserGroupInformation.createRemoteUser(user);
    try {
      return ugi.doAs(
          (PrivilegedExceptionAction<FileSystem>) () -> FileSystem.newInstance(uri, conf));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted opening the file system of " + user);
    }
  }

  /**
   * {@code c} with a umask of 000: what the benchmark makes, every modeled user may change (README:
   * Users).
   */
  public static Configuration worldWritable(Configuration c) {
    Configuration open = new Configuration(c);
    open.set(CommonConfigurationKeys.FS_PERMISSIONS_UMASK_KEY, "000");
    return open;
  }

  /**
   * Checks, before anything is made, that every one of {@code users} may be impersonated: each asks
   * the NameNode whether {@code base} exists as that user. A user the proxy-user rules forbid is
   * bad input, named with the rule. Nothing to check without impersonation.
   */
  public static void checkImpersonation(
      URI uri, Path base, Configuration conf, Collection<String> users) throws IOException {
    if (users.isEmpty() || !impersonating(conf) || "file".equals(uri.getScheme())) {
      return;
    }
    String real = UserGroupInformation.getLoginUser().getShortUserName();
    for (String user : users) {
      try (FileSystem fs = open(uri, conf, user)) {
        fs.exists(base);
      } catch (IOException e) {
        if (e instanceof AuthorizationException
            || String.valueOf(e.getMessage()).contains("to impersonate")) {
          throw forbidden(user, real);
        }
        throw e;
      }
    }
  }

  private static BadInputException forbidden(String user, String real) {
    return new BadInputException(
        "run: user "
            + user
            + " cannot be impersonated by "
            + real
            + ": the NameNode's proxy-user rules (hadoop.proxyuser."
            + real
            + ".users, .groups, .hosts) do not allow it"
            + " (or run --as-one-user)");
  }
}
