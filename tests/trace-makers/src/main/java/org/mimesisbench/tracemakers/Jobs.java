package org.mimesisbench.tracemakers;

import java.time.Instant;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.Grep;
import org.apache.hadoop.examples.MultiFileWordCount;
import org.apache.hadoop.examples.QuasiMonteCarlo;
import org.apache.hadoop.examples.RandomTextWriter;
import org.apache.hadoop.examples.RandomWriter;
import org.apache.hadoop.examples.Sort;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.examples.WordMean;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * Real MapReduce jobs from hadoop-mapreduce-examples, run with the local job runner against the
 * mini cluster as a given user. Each job's HDFS calls carry a caller context {@code
 * mr_<job>_<user>_<n>} (the local runner sets none of its own).
 */
final class Jobs {

  private final Env env;
  private int seq;

  Jobs(Env env) {
    this.env = env;
  }

  /** Generic option {@code -D key=value}, as on a {@code hadoop jar} command line. */
  private static String[] d(String key, Object value, String... rest) {
    String[] out = new String[2 + rest.length];
    out[0] = "-D";
    out[1] = key + "=" + value;
    System.arraycopy(rest, 0, out, 2, rest.length);
    return out;
  }

  private static String[] cat(String[] a, String... b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /**
   * Run a Tool as {@code user} with the cluster's configuration; {@code args} is its command line,
   * generic options (-D) included. Failures are recorded, not thrown.
   */
  boolean tool(String name, String user, Tool tool, String... args) {
    return tool(name, user, "mr_" + name + "_" + user + "_" + (seq + 1), tool, args);
  }

  /** As {@link #tool(String, String, Tool, String...)}, with the caller context given. */
  boolean tool(String name, String user, String ctx, Tool tool, String... args) {
    Configuration c = new Configuration(env.conf);
    Env.JobRecord rec = new Env.JobRecord(name, user, Arrays.asList(args));
    env.jobs.add(rec);
    seq++;
    Env.context(ctx);
    try {
      int rc = env.as(user, () -> ToolRunner.run(c, tool, args));
      rec.success = rc == 0;
      if (rc != 0) {
        rec.error = "exit code " + rc;
      }
    } catch (Exception e) {
      rec.success = false;
      rec.error = e.toString();
      Env.LOG.warn("job " + name + " as " + user + " failed", e);
    } finally {
      Env.context(null);
      rec.end = Instant.now();
    }
    if (!rec.success) {
      env.unexpectedErrors.incrementAndGet();
    }
    return rec.success;
  }

  boolean teraGen(String user, long rows, String out) {
    return tool(
        "teragen", user, new TeraGen(), d("mapreduce.job.maps", 2, Long.toString(rows), out));
  }

  boolean teraSort(String user, String in, String out) {
    return tool("terasort", user, new TeraSort(), d("mapreduce.job.reduces", 2, in, out));
  }

  boolean teraValidate(String user, String in, String out) {
    return tool("teravalidate", user, new TeraValidate(), in, out);
  }

  boolean randomTextWriter(String user, long totalBytes, long bytesPerMap, String out) {
    // short lines of a few words, so that the text suits word counting
    return tool(
        "randomtextwriter",
        user,
        new RandomTextWriter(),
        cat(
            d(
                RandomTextWriter.TOTAL_BYTES,
                totalBytes,
                d(
                    RandomTextWriter.BYTES_PER_MAP,
                    bytesPerMap,
                    d(RandomTextWriter.MAX_VALUE, 20, d(RandomTextWriter.MAX_KEY, 5)))),
            "-outFormat",
            "org.apache.hadoop.mapreduce.lib.output.TextOutputFormat",
            out));
  }

  boolean randomWriter(String user, long totalBytes, long bytesPerMap, String out) {
    return tool(
        "randomwriter",
        user,
        new RandomWriter(),
        d(RandomWriter.TOTAL_BYTES, totalBytes, d(RandomWriter.BYTES_PER_MAP, bytesPerMap, out)));
  }

  boolean sort(String user, String in, String out) {
    return tool("sort", user, new Sort<>(), "-r", "1", in, out);
  }

  boolean grep(String user, String in, String out, String regex) {
    Tool grep;
    try {
      // Grep's constructor is private (its main() calls System.exit).
      java.lang.reflect.Constructor<Grep> c = Grep.class.getDeclaredConstructor();
      c.setAccessible(true);
      grep = c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate " + Grep.class, e);
    }
    return tool("grep", user, grep, in, out, regex);
  }

  boolean pi(String user, int maps, long samples) {
    return tool("pi", user, new QuasiMonteCarlo(), Integer.toString(maps), Long.toString(samples));
  }

  boolean multiFileWordCount(String user, String in, String out) {
    return tool("multifilewc", user, new MultiFileWordCount(), in, out);
  }

  boolean wordMean(String user, String in, String out) {
    return tool("wordmean", user, new WordMean(), in, out);
  }

  /** The classic WordCount (its main() calls System.exit, so the job is built here). */
  boolean wordCount(String user, String in, String out) {
    return tool("wordcount", user, new WordCountTool(), in, out);
  }

  /** WordCount's own mapper, combiner and reducer, driven as a Tool. */
  static final class WordCountTool extends org.apache.hadoop.conf.Configured implements Tool {
    @Override
    public int run(String[] args) throws Exception {
      Job job = Job.getInstance(getConf(), "word count");
      job.setJarByClass(WordCount.class);
      job.setMapperClass(WordCount.TokenizerMapper.class);
      job.setCombinerClass(WordCount.IntSumReducer.class);
      job.setReducerClass(WordCount.IntSumReducer.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(IntWritable.class);
      FileInputFormat.addInputPath(job, new Path(args[0]));
      FileOutputFormat.setOutputPath(job, new Path(args[1]));
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }
}
