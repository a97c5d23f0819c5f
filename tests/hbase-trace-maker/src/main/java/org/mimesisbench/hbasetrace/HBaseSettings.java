package org.mimesisbench.hbasetrace;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The HBase and HDFS settings of the trace: production defaults scaled down so that what a
 * RegionServer and the master do to the NameNode in hours (flushes, WAL rolls, compactions, cleaner
 * runs, the catalog janitor) happens within minutes. Everything else is HBase's default.
 */
final class HBaseSettings {

  /** Every setting changed from the default, in the order applied (also into manifest.json). */
  static final Map<String, String> SETTINGS = new LinkedHashMap<>();

  static {
    // A memstore flushes at 512 KB (default 128 MB): a flush every few seconds to a minute.
    SETTINGS.put("hbase.hregion.memstore.flush.size", Integer.toString(512 * 1024));
    // That flush size is below the table sanity check's 1 MB floor.
    SETTINGS.put("hbase.table.sanity.checks", "false");
    // WALs roll every 60 s (default 1 h), and at 1 MB (the roll size is a share of the block size).
    SETTINGS.put("hbase.regionserver.logroll.period", "60000");
    SETTINGS.put("hbase.regionserver.hlog.blocksize", Integer.toString(2 * 1024 * 1024));
    // Minor compactions after 3 store files (the default), never blocked by a store's file count.
    SETTINGS.put("hbase.hstore.compactionThreshold", "3");
    SETTINGS.put("hbase.hstore.blockingStoreFiles", "100");
    // No time-based major compactions: the workload asks for them, as an operator's cron would.
    SETTINGS.put("hbase.hregion.majorcompaction", "0");
    // The master's cleaners run every 20 s (default 60 s) and keep old WALs and archived HFiles
    // 60 s (defaults 10 min and 5 min), so their deletes fall within the window.
    SETTINGS.put("hbase.master.cleaner.interval", "20000");
    SETTINGS.put("hbase.master.logcleaner.ttl", "60000");
    SETTINGS.put("hbase.master.hfilecleaner.ttl", "60000");
    // The catalog janitor (split parents' clean-up) every 30 s (default 5 min).
    SETTINGS.put("hbase.catalogjanitor.interval", "30000");
    // Blocks of 1 MB (default 128 MB): HFiles and WALs of a few blocks, as big files would have.
    SETTINGS.put("dfs.blocksize", Integer.toString(1024 * 1024));
    // The machine has no user "hbase": its groups come from here, as on a cluster from LDAP.
    SETTINGS.put("hadoop.user.group.static.mapping.overrides", "dr.who=;hbase=hbase,supergroup");
    // No web UIs: nothing reads them, and they cost ports and threads.
    SETTINGS.put("hbase.master.info.port", "-1");
    SETTINGS.put("hbase.regionserver.info.port", "-1");
  }

  private HBaseSettings() {}

  static void apply(Configuration conf) {
    SETTINGS.forEach(conf::set);
  }

  static String json() {
    StringBuilder j = new StringBuilder("{");
    String sep = "\n";
    for (Map.Entry<String, String> e : SETTINGS.entrySet()) {
      j.append(sep).append("    \"").append(e.getKey()).append("\": \"").append(e.getValue());
      j.append('"');
      sep = ",\n";
    }
    return j.append("\n  }").toString();
  }
}
