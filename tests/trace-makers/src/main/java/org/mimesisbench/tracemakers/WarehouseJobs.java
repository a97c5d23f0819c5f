package org.mimesisbench.tracemakers;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.apache.hadoop.tools.DistCp;
import org.apache.hadoop.util.Tool;

/**
 * The warehouse's jobs, built from Hadoop's own MapReduce library classes: a dynamic-partition load
 * (what a Hive INSERT ... PARTITION (dt) runs), a daily aggregate, and DistCp itself.
 */
final class WarehouseJobs {

  private WarehouseJobs() {}

  /** Hive's jobs write no _SUCCESS marker and keep a small sort buffer here (1 GB heap). */
  private static Job hiveJob(Configuration conf, String name) throws IOException {
    Job job = Job.getInstance(conf, name);
    job.getConfiguration().setBoolean("mapreduce.fileoutputcommitter.marksuccessfuljobs", false);
    job.getConfiguration().setInt("mapreduce.task.io.sort.mb", 8);
    job.setJarByClass(WarehouseJobs.class);
    return job;
  }

  /**
   * Map-only load: each input line is {@code <partition spec>\t<row>}; the row goes to {@code
   * <spec>/part-m-NNNNN} under the output directory (MultipleOutputs), so the job leaves one
   * directory per partition, as Hive's dynamic partitioning does.
   */
  static final class PartitionedLoad extends Configured implements Tool {

    static final class PartitionMapper extends Mapper<LongWritable, Text, NullWritable, Text> {
      private MultipleOutputs<NullWritable, Text> out;

      @Override
      protected void setup(Context context) {
        out = new MultipleOutputs<>(context);
      }

      @Override
      protected void map(LongWritable key, Text value, Context context)
          throws IOException, InterruptedException {
        String line = value.toString();
        int tab = line.indexOf('\t');
        if (tab > 0) {
          out.write(
              NullWritable.get(),
              new Text(line.substring(tab + 1)),
              line.substring(0, tab) + "/part");
        }
      }

      @Override
      protected void cleanup(Context context) throws IOException, InterruptedException {
        out.close();
      }
    }

    @Override
    public int run(String[] args) throws Exception {
      Job job = hiveJob(getConf(), "load " + args[0]);
      job.setMapperClass(PartitionMapper.class);
      job.setNumReduceTasks(0);
      job.setOutputKeyClass(NullWritable.class);
      job.setOutputValueClass(Text.class);
      FileInputFormat.addInputPath(job, new Path(args[0]));
      FileOutputFormat.setOutputPath(job, new Path(args[1]));
      // No empty part files where a map had no row for a partition.
      LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }

  /** Sum of the amounts (third field of {@code id,customer,amount}) per input partition. */
  static final class DailyAggregate extends Configured implements Tool {

    static final class AmountMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
      private Text partition;

      @Override
      protected void setup(Context context) {
        // The partition is the name of the directory the split's file sits in (dt=...).
        partition = new Text(((FileSplit) context.getInputSplit()).getPath().getParent().getName());
      }

      @Override
      protected void map(LongWritable key, Text value, Context context)
          throws IOException, InterruptedException {
        String[] f = value.toString().split(",");
        if (f.length >= 3) {
          context.write(partition, new LongWritable(Long.parseLong(f[2].trim())));
        }
      }
    }

    @Override
    public int run(String[] args) throws Exception {
      Job job = hiveJob(getConf(), "aggregate " + args[0]);
      job.setMapperClass(AmountMapper.class);
      job.setCombinerClass(LongSumReducer.class);
      job.setReducerClass(LongSumReducer.class);
      job.setNumReduceTasks(1);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(LongWritable.class);
      FileInputFormat.addInputPath(job, new Path(args[0]));
      FileOutputFormat.setOutputPath(job, new Path(args[1]));
      return job.waitForCompletion(false) ? 0 : 1;
    }
  }

  /**
   * DistCp as {@code hadoop distcp} runs it: built inside the caller's doAs (its staging folder
   * belongs to the user), with distcp-default.xml on top of the cluster's settings.
   */
  static final class DistCpTool extends Configured implements Tool {
    @Override
    public int run(String[] args) throws Exception {
      return new DistCp(getConf(), null).run(args);
    }
  }
}
