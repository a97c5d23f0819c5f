package org.mimesisbench.tracemakers;

import java.io.IOException;
import java.util.StringTokenizer;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;

/**
 * The commit workload's MapReduce jobs (word count, sort, a multi-output job), each writing through
 * FileOutputCommitter. Their reducers misbehave on purpose, as a busy cluster makes them: the first
 * attempt of the partition {@link #FAIL_PARTITION} fails after writing its output (the task is
 * retried), and the first attempt of {@link #SLOW_PARTITION} crawls, so that the speculator starts
 * a second attempt beside it. Usage of each tool: {@code IN OUT}.
 */
final class CommitJobs {

  /** Reduce partition whose first attempt fails after writing its output; -1 for none. */
  static final String FAIL_PARTITION = "mimesis.commit.fail.partition";

  /** Reduce partition whose first attempt crawls (a straggler); -1 for none. */
  static final String SLOW_PARTITION = "mimesis.commit.slow.partition";

  /** How long the straggler sleeps per key, in milliseconds. */
  static final String SLOW_MS_PER_KEY = "mimesis.commit.slow.ms.per.key";

  private CommitJobs() {}

  /** Sleeps or fails as the job's configuration asks of this attempt; called per key. */
  static void misbehave(TaskInputOutputContext<?, ?, ?, ?> ctx) throws InterruptedException {
    if (ctx.getTaskAttemptID().getId() != 0) {
      return;
    }
    int partition = ctx.getTaskAttemptID().getTaskID().getId();
    if (partition == ctx.getConfiguration().getInt(SLOW_PARTITION, -1)) {
      Thread.sleep(ctx.getConfiguration().getLong(SLOW_MS_PER_KEY, 500));
    }
  }

  /** Fails the first attempt of the configured partition once its output is written. */
  static void failIfAsked(TaskInputOutputContext<?, ?, ?, ?> ctx) throws IOException {
    int partition = ctx.getTaskAttemptID().getTaskID().getId();
    if (ctx.getTaskAttemptID().getId() == 0
        && partition == ctx.getConfiguration().getInt(FAIL_PARTITION, -1)) {
      throw new IOException("injected failure of " + ctx.getTaskAttemptID() + " (retried)");
    }
  }

  private static Job job(Configured tool, String name, String[] args) throws IOException {
    Job job = Job.getInstance(tool.getConf(), name);
    // the tasks run in container JVMs: they load these classes from the job's jar
    job.setJar(tool.getConf().get(CommitWorkload.JOB_JAR));
    FileInputFormat.addInputPath(job, new Path(args[0]));
    FileOutputFormat.setOutputPath(job, new Path(args[1]));
    return job;
  }

  // ------------------------------------------------------------------ word count

  static final class WordMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private static final IntWritable ONE = new IntWritable(1);
    private final Text word = new Text();

    @Override
    protected void map(LongWritable key, Text value, Context ctx)
        throws IOException, InterruptedException {
      StringTokenizer it = new StringTokenizer(value.toString());
      while (it.hasMoreTokens()) {
        word.set(it.nextToken());
        ctx.write(word, ONE);
      }
    }
  }

  static final class SumCombiner extends Reducer<Text, IntWritable, Text, IntWritable> {
    @Override
    protected void reduce(Text key, Iterable<IntWritable> values, Context ctx)
        throws IOException, InterruptedException {
      int sum = 0;
      for (IntWritable v : values) {
        sum += v.get();
      }
      ctx.write(key, new IntWritable(sum));
    }
  }

  static final class SumReducer extends Reducer<Text, IntWritable, Text, IntWritable> {
    @Override
    protected void reduce(Text key, Iterable<IntWritable> values, Context ctx)
        throws IOException, InterruptedException {
      misbehave(ctx);
      int sum = 0;
      for (IntWritable v : values) {
        sum += v.get();
      }
      ctx.write(key, new IntWritable(sum));
    }

    @Override
    protected void cleanup(Context ctx) throws IOException {
      failIfAsked(ctx);
    }
  }

  static final class WordCount extends Configured implements Tool {
    @Override
    public int run(String[] args) throws Exception {
      Job job = job(this, "word count", args);
      job.setMapperClass(WordMapper.class);
      job.setCombinerClass(SumCombiner.class);
      job.setReducerClass(SumReducer.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(IntWritable.class);
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }

  // ------------------------------------------------------------------ sort

  static final class LineMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
    @Override
    protected void map(LongWritable key, Text value, Context ctx)
        throws IOException, InterruptedException {
      ctx.write(value, NullWritable.get());
    }
  }

  static final class LineReducer extends Reducer<Text, NullWritable, Text, NullWritable> {
    @Override
    protected void reduce(Text key, Iterable<NullWritable> values, Context ctx)
        throws IOException, InterruptedException {
      misbehave(ctx);
      for (NullWritable v : values) {
        ctx.write(key, v);
      }
    }

    @Override
    protected void cleanup(Context ctx) throws IOException {
      failIfAsked(ctx);
    }
  }

  /** Sorts text lines (each reducer's output sorted, as {@code sort} of the examples does). */
  static final class Sort extends Configured implements Tool {
    @Override
    public int run(String[] args) throws Exception {
      Job job = job(this, "sort", args);
      job.setMapperClass(LineMapper.class);
      job.setReducerClass(LineReducer.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(NullWritable.class);
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }

  // ------------------------------------------------------------------ multi-output

  static final class FirstLetterMapper extends Mapper<LongWritable, Text, Text, Text> {
    private final Text letter = new Text();

    @Override
    protected void map(LongWritable key, Text value, Context ctx)
        throws IOException, InterruptedException {
      String line = value.toString();
      if (!line.isEmpty()) {
        letter.set(line.substring(0, 1));
        ctx.write(letter, value);
      }
    }
  }

  /**
   * Splits lines by their first letter into {@code OUT/letter=X/part-r-NNNNN} and writes a count
   * per letter to the named output {@code summary}; LazyOutputFormat leaves no empty part files.
   */
  static final class SplitReducer extends Reducer<Text, Text, Text, Text> {
    private MultipleOutputs<Text, Text> out;

    @Override
    protected void setup(Context ctx) {
      out = new MultipleOutputs<>(ctx);
    }

    @Override
    protected void reduce(Text key, Iterable<Text> values, Context ctx)
        throws IOException, InterruptedException {
      misbehave(ctx);
      long n = 0;
      for (Text v : values) {
        out.write(key, v, "letter=" + key + "/part");
        n++;
      }
      out.write("summary", key, new Text(Long.toString(n)));
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      out.close();
      failIfAsked(ctx);
    }
  }

  static final class SplitByLetter extends Configured implements Tool {
    @Override
    public int run(String[] args) throws Exception {
      Job job = job(this, "split by letter", args);
      job.setMapperClass(FirstLetterMapper.class);
      job.setReducerClass(SplitReducer.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(Text.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Text.class);
      LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
      MultipleOutputs.addNamedOutput(
          job, "summary", TextOutputFormat.class, Text.class, Text.class);
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }
}
