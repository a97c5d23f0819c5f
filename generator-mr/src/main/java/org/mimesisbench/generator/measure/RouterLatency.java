package org.mimesisbench.generator.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A Router's own latency through phase 2, from its FederationRPCMetrics at its web {@code /jmx}
 * (Hadoop's Router metrics, ms): Processing, the time the Router spends on a call itself, and
 * Proxy, the time its call to the subcluster's NameNode takes. Read once a second; each refresh's
 * mean is weighted by the calls it covers, so the result is the mean over phase 2's calls.
 */
public final class RouterLatency {
  private static final String BEAN =
      "Hadoop:service=Router,name=org.apache.hadoop.hdfs.server.federation.metrics"
          + ".FederationRPCMetrics";
  private static final long PERIOD_MS = 1_000;

  private final URI jmx;
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private ScheduledExecutorService timer;
  private volatile boolean closing; // set by close: a read it interrupts is not counted
  // under this: the last counts seen, and the weighted sums since the first sample
  private double[] last;
  private double processingSum;
  private double processingCalls;
  private double proxySum;
  private double proxyCalls;
  private int samples;
  private long failedReads;

  private RouterLatency(URI web) {
    this.jmx = URI.create(web.toString().replaceAll("/+$", "") + "/jmx?qry=" + BEAN);
  }

  /** The latency of the Router whose web address is {@code web} (e.g. http://router:50071). */
  static RouterLatency of(URI web) {
    return new RouterLatency(web);
  }

  void start() {
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "router-metrics");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleAtFixedRate(this::sample, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
  }

  void close() {
    closing = true;
    if (timer != null) {
      timer.shutdownNow();
      try {
        timer.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** ProcessingNumOps, ProcessingAvgTime, ProxyNumOps, ProxyAvgTime now. */
  private double[] read() throws IOException {
    JsonNode bean = NameNodeMetrics.jmxBeans(client, jmx).path(0);
    if (bean.isMissingNode()) {
      throw new IOException(jmx + ": no Router metrics there");
    }
    return new double[] {
      bean.path("ProcessingNumOps").asDouble(),
      bean.path("ProcessingAvgTime").asDouble(),
      bean.path("ProxyNumOps").asDouble(),
      bean.path("ProxyAvgTime").asDouble()
    };
  }

  private void sample() {
    double[] now;
    try {
      now = read();
    } catch (IOException | RuntimeException e) {
      if (closing) {
        return; // cut short by close's interrupt: not a read that failed
      }
      synchronized (this) {
        failedReads++;
      }
      return;
    }
    synchronized (this) {
      samples++;
      if (last != null) {
        // a refresh shows its interval's count risen and that interval's mean
        double processed = now[0] - last[0];
        if (processed > 0) {
          processingSum += processed * now[1];
          processingCalls += processed;
        }
        double proxied = now[2] - last[2];
        if (proxied > 0) {
          proxySum += proxied * now[3];
          proxyCalls += proxied;
        }
      }
      last = now;
    }
  }

  /**
   * summary.json's namenode.nameservice.router: where it was read, the samples, the calls the
   * Router processed and proxied over them, and their mean times (ms); means null without calls.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Summary(
      String web,
      int samples,
      long failedReads,
      long calls,
      Double processingMeanMs,
      long proxiedCalls,
      Double proxyMeanMs) {}

  synchronized Summary summary() {
    return new Summary(
        jmx.toString(),
        samples,
        failedReads,
        Math.round(processingCalls),
        processingCalls > 0 ? round(processingSum / processingCalls) : null,
        Math.round(proxyCalls),
        proxyCalls > 0 ? round(proxySum / proxyCalls) : null);
  }

  private static double round(double v) {
    return Math.round(v * 1_000) / 1_000.0;
  }
}
