package org.mimesisbench.tardis.bench;

import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.mimesisbench.tardis.codec.AdaptiveCodec;
import org.mimesisbench.tardis.codec.CorruptChunkException;
import org.mimesisbench.tardis.codec.MarkerCheck;
import org.mimesisbench.tardis.codec.TardisCodec;
import org.mimesisbench.tardis.format.TardisFlag;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The Tardis codec's speed bar: compressing a 1 MiB Tardis chunk against java.util.zip's Deflater
 * at BEST_SPEED on the same chunk (one Deflater, reset between chunks: its best case),
 * decompressing it against Inflater, and the adaptive codec on 1 MiB of random bytes.
 * bench/tardis_codec.py runs it and prints the ratios.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TardisChunkBenchmark {
  private final byte[] tardisChunk = Chunks.tardis();
  private final byte[] randomChunk = Chunks.random();
  private final TardisCodec firstAndLast =
      new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.FIRST_AND_LAST);
  private final TardisCodec everyUnit = new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT);
  private final AdaptiveCodec adaptive =
      new AdaptiveCodec(new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT));
  private final byte[] out = new byte[2 * Chunks.BYTES];
  private Deflater deflater;
  private Inflater inflater;
  private byte[] tardisEncoded;
  private byte[] tardisDeflated;
  private byte[] randomAdaptive;

  @Setup
  public void setUp() {
    deflater = new Deflater(Deflater.BEST_SPEED);
    inflater = new Inflater();
    tardisEncoded = firstAndLast.compress(tardisChunk, 0, tardisChunk.length);
    tardisDeflated = java.util.Arrays.copyOf(out, deflate(tardisChunk));
    randomAdaptive = adaptive.compress(randomChunk, 0, randomChunk.length);
  }

  @TearDown
  public void tearDown() {
    deflater.end();
    inflater.end();
  }

  @Benchmark
  public byte[] tardisCompressFirstAndLast() {
    return firstAndLast.compress(tardisChunk, 0, tardisChunk.length);
  }

  @Benchmark
  public byte[] tardisCompressEveryUnit() {
    return everyUnit.compress(tardisChunk, 0, tardisChunk.length);
  }

  @Benchmark
  public int deflaterCompressTardis() {
    return deflate(tardisChunk);
  }

  @Benchmark
  public byte[] tardisDecompress() throws CorruptChunkException {
    return firstAndLast.decompress(tardisEncoded, 0, tardisEncoded.length);
  }

  @Benchmark
  public byte[] inflaterDecompressTardis() throws DataFormatException {
    inflater.reset();
    inflater.setInput(tardisDeflated, 0, tardisDeflated.length);
    byte[] chunk = new byte[Chunks.BYTES];
    for (int n = 0; !inflater.finished(); ) {
      n += inflater.inflate(chunk, n, chunk.length - n);
    }
    return chunk;
  }

  @Benchmark
  public byte[] adaptiveCompressTardis() {
    return adaptive.compress(tardisChunk, 0, tardisChunk.length);
  }

  @Benchmark
  public byte[] adaptiveCompressRandom() {
    return adaptive.compress(randomChunk, 0, randomChunk.length);
  }

  @Benchmark
  public int deflaterCompressRandom() {
    return deflate(randomChunk);
  }

  @Benchmark
  public byte[] adaptiveDecompressRandom() throws CorruptChunkException {
    return adaptive.decompress(randomAdaptive, 0, randomAdaptive.length);
  }

  private int deflate(byte[] chunk) {
    deflater.reset();
    deflater.setInput(chunk, 0, chunk.length);
    deflater.finish();
    int n = 0;
    while (!deflater.finished()) {
      n += deflater.deflate(out, n, out.length - n);
    }
    return n;
  }
}
