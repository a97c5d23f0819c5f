package org.mimesisbench.tardis.codec;

/**
 * The layout of a Tardis-encoded chunk, big-endian throughout:
 *
 * <pre>
 * byte    version (1)
 * long    flag                  the chunk decodes without configuration, whatever the flag is now
 * int     chunk length          bytes decoded
 * pieces, in chunk order, until the chunk length is reached:
 *   byte 0, int n, n bytes                      foreign bytes, kept verbatim
 *   byte 1, long marker, byte offset, int n     n Tardis bytes from byte offset of that marker's unit
 * int     CRC32C of all the bytes before it
 * </pre>
 */
final class TardisEncoding {
  static final byte VERSION = 1;
  static final byte FOREIGN = 0;
  static final byte SEQUENCE = 1;
  static final int HEADER_BYTES = 1 + 8 + 4;
  static final int FOREIGN_BYTES = 1 + 4;
  static final int SEQUENCE_BYTES = 1 + 8 + 1 + 4;
  static final int CRC_BYTES = 4;

  private TardisEncoding() {}
}
