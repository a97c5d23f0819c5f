package org.mimesisbench.generator.mr;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * One mapper's task, read from no file: share {@code share} of {@code shares} of a file type
 * ({@code -1} in phase 1).
 */
public final class TaskSplit extends InputSplit implements Writable {
  private int type;
  private int share;
  private int shares;

  public TaskSplit() {} // for Writable

  public TaskSplit(int type, int share, int shares) {
    this.type = type;
    this.share = share;
    this.shares = shares;
  }

  public int type() {
    return type;
  }

  public int share() {
    return share;
  }

  public int shares() {
    return shares;
  }

  @Override
  public long getLength() {
    return 0;
  }

  @Override
  public String[] getLocations() {
    return new String[0];
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(type);
    out.writeInt(share);
    out.writeInt(shares);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    type = in.readInt();
    share = in.readInt();
    shares = in.readInt();
  }

  @Override
  public String toString() {
    return (type < 0 ? "namespace" : "type " + type) + " share " + share + "/" + shares;
  }
}
