package org.mimesisbench.namespace.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Comparator;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The order is the NameNode's: sibling names compared as bytes. */
class SiblingOrderTest {
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 10, 35, 36, 37, 72, 1295, 1296, 1297, 5000, 46657, 100_003})
  void isTheOrderOfTheNames(int n) {
    int[] expected =
        IntStream.range(0, n)
            .boxed()
            .sorted(
                Comparator.comparing(
                    (Integer i) -> "f" + Integer.toString(i, 36) + ".t" + (i % 11)))
            .mapToInt(Integer::intValue)
            .toArray();
    int[] order = new int[n];
    SiblingOrder.of(n, order);
    assertArrayEquals(expected, order);
  }
}
