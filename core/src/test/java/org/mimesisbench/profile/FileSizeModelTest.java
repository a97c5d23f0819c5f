package org.mimesisbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;

/** How a generator draws a file's bytes and blocks from a type's sizes. */
class FileSizeModelTest {
  private static Distribution of(double... values) {
    List<Double> v = new java.util.ArrayList<>();
    List<Double> c = new java.util.ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      v.add(values[i]);
      c.add((i + 1.0) / values.length);
    }
    return new Distribution(v, c, (long) values.length);
  }

  private static final Distribution EMPTY = new Distribution(List.of(), List.of(), 0L);

  @Test
  void aTypeWithoutSizesMakesEmptyFiles() {
    FileSizeModel m = FileSizeModel.of("t", null);
    assertTrue(m.isZero());
    assertEquals(0, m.preExistingBytes(0.9));
    assertEquals(0, m.createdBytes(0.9));
    assertEquals(0, m.appendBytes(0.9));
    assertEquals((short) 3, m.replication(0.5, (short) 3));
  }

  @Test
  void sizesAreTheInverseCdfAtTheDraw() {
    FileSizes s =
        new FileSizes(
            of(10, 1000), of(5e9), SizeSource.END_IMAGE, EMPTY, of(1000, 134_217_728), of(2, 3));
    FileSizeModel m = FileSizeModel.of("t", s);
    assertEquals(10, m.preExistingBytes(0.1));
    assertEquals(1000, m.preExistingBytes(0.9));
    assertEquals(5_000_000_000L, m.createdBytes(0.3));
    assertEquals(5_000_000_000L, m.appendBytes(0.3), "no appends seen: the median created file");
    assertEquals(FileSizeModel.MIN_BLOCK_SIZE, m.blockSize(0.1), "below HDFS's minimum: raised");
    assertEquals(134_217_728, m.blockSize(0.9));
    assertEquals((short) 3, m.replication(0.9, (short) 1));
  }

  @Test
  void aFileIsCutIntoFullBlocksAndOneShorter() {
    long b = 128L << 20;
    assertEquals(0, FileSizeModel.blocks(0, b));
    assertEquals(1, FileSizeModel.blocks(1, b));
    assertEquals(1, FileSizeModel.blocks(b, b));
    assertEquals(2, FileSizeModel.blocks(b + 1, b));
    assertEquals(b, FileSizeModel.blockLength(b + 1, b, 0));
    assertEquals(1, FileSizeModel.blockLength(b + 1, b, 1));
  }

  @Test
  void aBrokenDistributionIsNamed() {
    Distribution bad = new Distribution(List.of(2.0, 1.0), List.of(0.5, 1.0), 2L);
    FileSizes s = new FileSizes(bad, of(1), SizeSource.ASSUMED, EMPTY, EMPTY, EMPTY);
    String m =
        assertThrows(BadInputException.class, () -> FileSizeModel.of("fileTypes[0].sizes", s))
            .getMessage();
    assertTrue(m.startsWith("fileTypes[0].sizes.preExisting: values must ascend"), m);
  }
}
