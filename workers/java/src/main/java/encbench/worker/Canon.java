package encbench.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.NumberOutput;
import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Canonical JSON Lines: reading encbench's records file, and writing records
 * byte for byte as serde_json writes the Rust types (fields in declaration
 * order, shortest round-trip floats in ryu's notation, -0.0 kept, null for an
 * absent optional, attributes in key order, only ", \ and control characters
 * escaped, non-ASCII as UTF-8).
 */
public final class Canon {
    private Canon() {}

    static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .build();

    public static List<Object> readJsonl(Path path, Dataset ds) throws IOException {
        return parseJsonl(Files.readAllBytes(path), ds);
    }

    public static List<Object> parseJsonl(byte[] data, Dataset ds) throws IOException {
        try (JsonParser p = JSON.createParser(data)) {
            return JacksonIO.readSequence(p, ds);
        }
    }

    /** The records as canonical JSON Lines, one line (with its newline) per record. */
    public static List<String> lines(Dataset ds, List<?> rows) {
        List<String> out = new ArrayList<>(rows.size());
        StringBuilder sb = new StringBuilder(256);
        for (Object o : rows) {
            sb.setLength(0);
            switch (ds) {
                case LOGS -> log(sb, (LogRecord) o);
                case TELEMETRY -> telemetry(sb, (Telemetry) o);
                case ORDERS -> order(sb, (Order) o);
            }
            out.add(sb.toString());
        }
        return out;
    }

    public static byte[] bytes(Dataset ds, List<?> rows) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines(ds, rows)) sb.append(l).append('\n');
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static void key(StringBuilder sb, boolean first, String k) {
        if (!first) sb.append(',');
        sb.append('"').append(k).append("\":");
    }

    static void u64(StringBuilder sb, long v) { sb.append(Long.toUnsignedString(v)); }

    static void optStr(StringBuilder sb, String s) {
        if (s == null) sb.append("null");
        else str(sb, s);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static void str(StringBuilder sb, String s) {
        if (s == null) throw new IllegalStateException("a required string is missing");
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }

    /** A finite double as serde_json (ryu) writes it. */
    public static void f64(StringBuilder sb, double f) {
        if (Double.isNaN(f) || Double.isInfinite(f)) throw new IllegalArgumentException(f + " has no JSON form");
        if (f == 0) {
            sb.append(Double.doubleToRawLongBits(f) < 0 ? "-0.0" : "0.0");
            return;
        }
        if (f < 0) sb.append('-');
        double a = Math.abs(f);
        // Schubfach (jackson-core's, as JDK 19+ Double.toString): the shortest
        // digits, closest to the value; JDK 17's own Double.toString is not
        // always shortest.
        String s = NumberOutput.toString(a, true);
        int e = s.indexOf('E');
        String mant = e < 0 ? s : s.substring(0, e);
        int exp = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
        int dot = mant.indexOf('.');
        String all = dot < 0 ? mant : mant.substring(0, dot) + mant.substring(dot + 1);
        int point = (dot < 0 ? mant.length() : dot) + exp; // decimal point after this many digits of `all`
        int lead = 0;
        while (lead < all.length() - 1 && all.charAt(lead) == '0') { lead++; point--; }
        int end = all.length();
        while (end > lead + 1 && all.charAt(end - 1) == '0') end--;
        String digits = all.substring(lead, end);
        if (digits.length() == 2) {
            // Java picks the closest 2-digit decimal where a 1-digit one also
            // round-trips (4.9E-324); ryu takes the shortest.
            String best = null;
            int bestPoint = 0;
            BigDecimal bestDist = null;
            int d0 = digits.charAt(0) - '0';
            for (int d = d0; d <= d0 + 1; d++) {
                String cand = d == 10 ? "1" : Integer.toString(d);
                int pt = d == 10 ? point + 1 : point;
                double back = Double.parseDouble("0." + cand + "E" + pt);
                if (back == a) {
                    BigDecimal dist = new BigDecimal("0." + cand + "E" + pt).subtract(new BigDecimal(a)).abs();
                    if (bestDist == null || dist.compareTo(bestDist) < 0) { best = cand; bestPoint = pt; bestDist = dist; }
                }
            }
            if (best != null) { digits = best; point = bestPoint; }
        }
        int n = digits.length(), kk = point;
        if (n <= kk && kk <= 16) {
            sb.append(digits);
            for (int i = n; i < kk; i++) sb.append('0');
            sb.append(".0");
        } else if (0 < kk && kk <= 16) {
            sb.append(digits, 0, kk).append('.').append(digits, kk, n);
        } else if (-5 < kk && kk <= 0) {
            sb.append("0.");
            for (int i = kk; i < 0; i++) sb.append('0');
            sb.append(digits);
        } else {
            sb.append(digits.charAt(0));
            if (n > 1) sb.append('.').append(digits, 1, n);
            sb.append('e');
            if (kk - 1 >= 0) sb.append('+');
            sb.append(kk - 1);
        }
    }

    static void log(StringBuilder sb, LogRecord r) {
        sb.append('{');
        key(sb, true, "timestamp_ms");
        sb.append(r.timestampMs());
        key(sb, false, "ip");
        sb.append('[');
        for (int i = 0; i < r.ip().length; i++) {
            if (i > 0) sb.append(',');
            sb.append(r.ip()[i] & 0xFF);
        }
        sb.append(']');
        key(sb, false, "user_id");
        u64(sb, r.userId());
        key(sb, false, "method");
        str(sb, r.method());
        key(sb, false, "path");
        str(sb, r.path());
        key(sb, false, "status");
        sb.append(r.status());
        key(sb, false, "bytes");
        u64(sb, r.bytes());
        key(sb, false, "referrer");
        optStr(sb, r.referrer());
        key(sb, false, "user_agent");
        str(sb, r.userAgent());
        sb.append('}');
    }

    static void telemetry(StringBuilder sb, Telemetry r) {
        sb.append('{');
        key(sb, true, "timestamp_us");
        sb.append(r.timestampUs());
        key(sb, false, "sensor");
        sb.append(r.sensor());
        key(sb, false, "readings");
        sb.append('[');
        for (int i = 0; i < r.readings().length; i++) {
            if (i > 0) sb.append(',');
            f64(sb, r.readings()[i]);
        }
        sb.append(']');
        key(sb, false, "counters");
        sb.append('[');
        for (int i = 0; i < r.counters().length; i++) {
            if (i > 0) sb.append(',');
            sb.append(r.counters()[i]);
        }
        sb.append(']');
        key(sb, false, "flags");
        sb.append(r.flags());
        sb.append('}');
    }

    static void order(StringBuilder sb, Order r) {
        sb.append('{');
        key(sb, true, "id");
        u64(sb, r.id());
        key(sb, false, "customer");
        Customer c = r.customer();
        sb.append('{');
        key(sb, true, "id");
        u64(sb, c.id());
        key(sb, false, "name");
        str(sb, c.name());
        key(sb, false, "email");
        optStr(sb, c.email());
        key(sb, false, "tags");
        sb.append('[');
        for (int i = 0; i < c.tags().size(); i++) {
            if (i > 0) sb.append(',');
            str(sb, c.tags().get(i));
        }
        sb.append("]}");
        key(sb, false, "items");
        sb.append('[');
        for (int i = 0; i < r.items().size(); i++) {
            LineItem it = r.items().get(i);
            if (i > 0) sb.append(',');
            sb.append('{');
            key(sb, true, "sku");
            str(sb, it.sku());
            key(sb, false, "quantity");
            sb.append(it.quantity());
            key(sb, false, "price_cents");
            sb.append(it.priceCents());
            key(sb, false, "discount");
            if (it.discount() == null) sb.append("null");
            else f64(sb, it.discount());
            sb.append('}');
        }
        sb.append(']');
        key(sb, false, "attributes");
        sb.append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : r.attributes().entrySet()) {
            if (!first) sb.append(',');
            first = false;
            str(sb, e.getKey());
            sb.append(':');
            str(sb, e.getValue());
        }
        sb.append('}');
        key(sb, false, "note");
        optStr(sb, r.note());
        sb.append('}');
    }
}
