package org.mimesisbench.generator.replay;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.mr.WorkloadMapper;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Phase 2 of a replay: one partition of the trace's calls (its task's type is the partition),
 * issued by the run's pipeline (barrier, due times, outages, statistics) through a {@link
 * ReplayClient}.
 */
public final class ReplayMapper extends WorkloadMapper {
  private DataTransfer data; // the mapper's one mover of file data, shared by its partitions

  @Override
  protected Issue issue(Configuration conf, TaskSplit task) throws IOException {
    ReplayPlan plan = ReplayPlan.fromConf(conf);
    if (data == null) {
      data = DataTransfer.from(conf, plan.options().getReadData());
    }
    List<ReplayCall> calls = new ArrayList<>();
    Set<ReplayClient.Created> creates = new HashSet<>();
    FileSystem fs = plan.root().getFileSystem(conf);
    try (InputStream in = fs.open(plan.partitionFile(task.type()));
        DataFileStream<AuditEvent> r =
            new DataFileStream<>(in, new SpecificDatumReader<>(AuditEvent.class))) {
      for (AuditEvent e : r) {
        ReplayCall call = ReplayCall.of(e);
        calls.add(call);
        if (call.event().op() == Op.CREATE) {
          creates.add(ReplayClient.Created.of(call.event()));
        }
      }
    }
    Map<ReplayClient.Created, NamespaceEntry> sizes =
        plan.writesData() ? sizes(fs, plan, creates) : Map.of();
    DataTransfer moves = data;
    Set<String> users = new java.util.TreeSet<>();
    if (plan.users() == ReplayPlan.Users.RECORDED) {
      calls.stream().map(c -> c.recorded().getUser()).filter(u -> u != null).forEach(users::add);
    }
    return new Issue(
        plan.root(),
        plan.barrierDir(),
        new ReplaySchedule(calls),
        plan.options(),
        (issuing, clientConf) ->
            new ReplayClient(
                calls, issuing, writing(clientConf), plan.root(), plan.users(), moves, sizes),
        users);
  }

  /** The sizes of the files this partition's creates make, of all the trace creates. */
  private static Map<ReplayClient.Created, NamespaceEntry> sizes(
      FileSystem fs, ReplayPlan plan, Set<ReplayClient.Created> creates) throws IOException {
    Map<ReplayClient.Created, NamespaceEntry> sizes = new HashMap<>();
    try (InputStream in = fs.open(plan.createdFile());
        DataFileStream<NamespaceEntry> r =
            new DataFileStream<>(in, new SpecificDatumReader<>(NamespaceEntry.class))) {
      for (NamespaceEntry e : r) {
        ReplayClient.Created key = new ReplayClient.Created(e.getPath(), e.getMtime());
        if (creates.contains(key)) {
          sizes.put(key, e);
        }
      }
    }
    return sizes;
  }

  /**
   * The replay's client, writing as a run's phase 2 does ({@link
   * DataTransfer#appendsOnFewDataNodes}, {@link DataTransfer#closesPromptly}): the trace appends to
   * a file again and again, which with fewer DataNodes than the replication would fail each append
   * after the first; and without the prompt close a replayed create of data held its file's next
   * call 400 ms (HDFS's first retry of the close), the trace's calls on it off their times and a
   * replay at time scale 0 as slow as its creates. The user's own setting of either wins.
   */
  static Configuration writing(Configuration clientConf) {
    Configuration c = new Configuration(clientConf);
    DataTransfer.appendsOnFewDataNodes(c);
    DataTransfer.closesPromptly(c);
    return c;
  }

  /**
   * The cluster's own umask: a replay's entries get the modes the trace's calls gave; denials come
   * as recorded.
   */
  @Override
  protected Configuration creating(Configuration job) {
    return new Configuration(job);
  }

  @Override
  protected void issued(Context context, IssuingPipeline.EventSink sink) {
    context
        .getCounter(CounterNames.GROUP, CounterNames.BYTES_WRITTEN)
        .setValue(data.bytesWritten());
    context.getCounter(CounterNames.GROUP, CounterNames.BYTES_READ).setValue(data.bytesRead());
    for (Map.Entry<String, Long> o : ((ReplayClient) sink).outcomes().entrySet()) {
      context.getCounter(ReplayClient.GROUP, o.getKey()).increment(o.getValue());
    }
  }
}
