package encbench.worker;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * The native record types, mirroring crates/codecs/src/records/types.rs.
 * Java has no unsigned integers: u64 travels as long (two's complement; the
 * canonical writer prints it unsigned), u32 as long, u16 and u8 as int; the
 * IPv4 address is byte[4]; optionals are null; attributes a TreeMap, so in
 * key order as Rust's BTreeMap.
 */
public final class Model {
    private Model() {}

    /** Code point order, which is UTF-8 byte order: how Rust's BTreeMap<String, _> sorts keys. */
    public enum CodePointOrder implements Comparator<String> {
        INSTANCE;

        @Override
        public int compare(String a, String b) {
            int n = Math.min(a.length(), b.length());
            for (int i = 0; i < n; i++) {
                char x = a.charAt(i), y = b.charAt(i);
                if (x != y) {
                    // surrogates (U+D800..DFFF) sort after U+E000..FFFF in code point order
                    boolean sx = Character.isSurrogate(x), sy = Character.isSurrogate(y);
                    if (sx != sy) return sx ? 1 : -1;
                    return x - y;
                }
            }
            return a.length() - b.length();
        }
    }

    public static TreeMap<String, String> newAttributes() { return new TreeMap<>(CodePointOrder.INSTANCE); }

    public record LogRecord(long timestampMs, byte[] ip, long userId, String method, String path,
                            int status, long bytes, String referrer, String userAgent) implements Serializable {}

    public record Telemetry(long timestampUs, long sensor, double[] readings, int[] counters, int flags)
            implements Serializable {}

    public record Customer(long id, String name, String email, List<String> tags) implements Serializable {}

    public record LineItem(String sku, long quantity, long priceCents, Double discount) implements Serializable {}

    public record Order(long id, Customer customer, List<LineItem> items, TreeMap<String, String> attributes,
                        String note) implements Serializable {}
}
