package org.mimesisbench.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonEncoder;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.TraceFolder;

/**
 * A trace folder's manifest (profiles/schema/TraceManifest.avsc, in Avro's JSON encoding): the
 * records and size of each Avro file, written by {@code parse} and checked by every reader, so a
 * file cut at a block boundary is told from the one written.
 */
public final class TraceManifests {
  /** The manifest's file name in a trace folder, as the schema declares it. */
  public static final String FILE = TraceFolder.MANIFEST;

  /** The newest format version this build reads and writes. */
  public static final int FORMAT_VERSION =
      ((Number) TraceManifest.getClassSchema().getField("formatVersion").getObjectProp("current"))
          .intValue();

  private TraceManifests() {}

  /** The manifest of the Avro files {@code written} (by name: where written), checked whole. */
  public static TraceManifest of(Map<String, Path> written) throws IOException {
    Map<String, TraceFileCount> files = new TreeMap<>();
    for (Map.Entry<String, Path> avro : written.entrySet()) {
      String name = avro.getKey();
      Path file = avro.getValue();
      if (Files.isRegularFile(file)) {
        AvroBlocks.Whole whole = AvroBlocks.check(file, file.toString());
        files.put(name, new TraceFileCount(whole.records(), whole.bytes()));
      }
    }
    return new TraceManifest(FORMAT_VERSION, files);
  }

  /** Writes {@code manifest} to {@code file} (the caller names it FILE in the trace folder). */
  public static void write(TraceManifest manifest, Path file) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonEncoder json = EncoderFactory.get().jsonEncoder(TraceManifest.getClassSchema(), out, true);
    new SpecificDatumWriter<>(TraceManifest.class).write(manifest, json);
    json.flush();
    out.write('\n');
    Files.write(file, out.toByteArray());
  }

  /**
   * Checks the Avro file {@code file} of a trace folder: its blocks whole, and its records and size
   * those the folder's manifest lists when it has one. Bad input (one line led by {@code named})
   * otherwise.
   *
   * @return the file's records
   */
  public static long check(Path file, String named) throws IOException {
    AvroBlocks.Whole whole = AvroBlocks.check(file, named);
    Path manifestFile = file.resolveSibling(FILE);
    if (!Files.isRegularFile(manifestFile)) {
      return whole.records(); // a trace of an older parse: the blocks check alone
    }
    TraceFileCount listed = read(manifestFile).getFiles().get(file.getFileName().toString());
    if (listed == null) {
      throw new BadInputException(named + ": not in the trace's " + manifestFile);
    }
    if (listed.getBytes() != whole.bytes() || listed.getRecords() != whole.records()) {
      throw new BadInputException(
          named
              + ": "
              + whole.records()
              + " records in "
              + whole.bytes()
              + " bytes, but parse wrote "
              + listed.getRecords()
              + " in "
              + listed.getBytes()
              + " ("
              + manifestFile
              + "): truncated or replaced");
    }
    return whole.records();
  }

  /** The manifest {@code file}, checked: bad input naming it when it is not one. */
  public static TraceManifest read(Path file) throws IOException {
    TraceManifest manifest;
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      manifest =
          new SpecificDatumReader<>(TraceManifest.class)
              .read(null, DecoderFactory.get().jsonDecoder(TraceManifest.getClassSchema(), text));
    } catch (IOException | AvroRuntimeException e) {
      throw new BadInputException(file + ": not a trace manifest: " + e.getMessage(), e);
    }
    if (manifest.getFormatVersion() < 1 || manifest.getFormatVersion() > FORMAT_VERSION) {
      throw new BadInputException(
          file
              + ": formatVersion "
              + manifest.getFormatVersion()
              + " is not one this build reads (1 to "
              + FORMAT_VERSION
              + ")");
    }
    return manifest;
  }
}
