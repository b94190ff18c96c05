package encbench.worker;

import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * MessagePack as rmp-serde (with_struct_map) writes the Rust types: an array
 * of maps with string keys in field order, integers in their smallest form,
 * f64 as float 64, None as nil, the IPv4 address an array of 4 integers.
 */
final class MsgpackCodec implements Codec.Coder {
    private final Dataset ds;
    private final MessageBufferPacker pk = MessagePack.newDefaultBufferPacker();

    MsgpackCodec(Dataset ds) { this.ds = ds; }

    @Override
    public byte[] encode(List<?> rows) throws IOException {
        pk.clear();
        pk.packArrayHeader(rows.size());
        for (Object o : rows) {
            switch (ds) {
                case LOGS -> log(pk, (LogRecord) o);
                case TELEMETRY -> telemetry(pk, (Telemetry) o);
                case ORDERS -> order(pk, (Order) o);
            }
        }
        return pk.toByteArray();
    }

    static void u64(MessagePacker p, long v) throws IOException {
        if (v >= 0) p.packLong(v);
        else p.packBigInteger(new BigInteger(Long.toUnsignedString(v)));
    }

    static void optStr(MessagePacker p, String s) throws IOException {
        if (s == null) p.packNil();
        else p.packString(s);
    }

    static void log(MessagePacker p, LogRecord r) throws IOException {
        p.packMapHeader(9);
        p.packString("timestamp_ms").packLong(r.timestampMs());
        p.packString("ip").packArrayHeader(4);
        for (byte b : r.ip()) p.packInt(b & 0xFF);
        p.packString("user_id");
        u64(p, r.userId());
        p.packString("method").packString(r.method());
        p.packString("path").packString(r.path());
        p.packString("status").packInt(r.status());
        p.packString("bytes");
        u64(p, r.bytes());
        p.packString("referrer");
        optStr(p, r.referrer());
        p.packString("user_agent").packString(r.userAgent());
    }

    static void telemetry(MessagePacker p, Telemetry r) throws IOException {
        p.packMapHeader(5);
        p.packString("timestamp_us").packLong(r.timestampUs());
        p.packString("sensor").packLong(r.sensor());
        p.packString("readings").packArrayHeader(8);
        for (double d : r.readings()) p.packDouble(d);
        p.packString("counters").packArrayHeader(4);
        for (int c : r.counters()) p.packInt(c);
        p.packString("flags").packInt(r.flags());
    }

    static void order(MessagePacker p, Order r) throws IOException {
        p.packMapHeader(5);
        p.packString("id");
        u64(p, r.id());
        Customer c = r.customer();
        p.packString("customer").packMapHeader(4);
        p.packString("id");
        u64(p, c.id());
        p.packString("name").packString(c.name());
        p.packString("email");
        optStr(p, c.email());
        p.packString("tags").packArrayHeader(c.tags().size());
        for (String t : c.tags()) p.packString(t);
        p.packString("items").packArrayHeader(r.items().size());
        for (LineItem it : r.items()) {
            p.packMapHeader(4);
            p.packString("sku").packString(it.sku());
            p.packString("quantity").packLong(it.quantity());
            p.packString("price_cents").packLong(it.priceCents());
            p.packString("discount");
            if (it.discount() == null) p.packNil();
            else p.packDouble(it.discount());
        }
        p.packString("attributes").packMapHeader(r.attributes().size());
        for (Map.Entry<String, String> e : r.attributes().entrySet()) p.packString(e.getKey()).packString(e.getValue());
        p.packString("note");
        optStr(p, r.note());
    }

    // ---- reading

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(data)) {
            int n = len(u, u.unpackArrayHeader(), data.length);
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(switch (ds) {
                    case LOGS -> readLog(u, data.length);
                    case TELEMETRY -> readTelemetry(u);
                    case ORDERS -> readOrder(u, data.length);
                });
            }
            if (u.hasNext()) throw new IOException("msgpack: trailing bytes after the batch");
            return out;
        }
    }

    /** A container length, at most one element per remaining byte. */
    static int len(MessageUnpacker u, int n, int total) throws IOException {
        if (n < 0 || n > total) throw new IOException("msgpack: length " + n + " exceeds the input");
        return n;
    }

    static long integer(MessageUnpacker u, String f, long min, long max) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt.getValueType() != ValueType.INTEGER) throw new IOException(f + ": expected an integer, found " + fmt.getValueType());
        if (fmt == MessageFormat.UINT64) {
            BigInteger b = u.unpackBigInteger();
            if (b.bitLength() > 63 || b.longValue() > max) throw new IOException(f + ": " + b + " out of range");
            return b.longValue();
        }
        long v = u.unpackLong();
        if (v < min || v > max) throw new IOException(f + ": " + v + " out of range");
        return v;
    }

    static long u64(MessageUnpacker u, String f) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt == MessageFormat.UINT64) return u.unpackBigInteger().longValue();
        return integer(u, f, 0, Long.MAX_VALUE);
    }

    static double f64(MessageUnpacker u, String f) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt.getValueType() != ValueType.FLOAT) throw new IOException(f + ": expected a float, found " + fmt.getValueType());
        return u.unpackDouble();
    }

    static String str(MessageUnpacker u, String f) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt.getValueType() != ValueType.STRING) throw new IOException(f + ": expected a string, found " + fmt.getValueType());
        return u.unpackString();
    }

    static boolean nil(MessageUnpacker u) throws IOException {
        if (u.getNextFormat() == MessageFormat.NIL) {
            u.unpackNil();
            return true;
        }
        return false;
    }

    static String optStr(MessageUnpacker u, String f) throws IOException { return nil(u) ? null : str(u, f); }

    static int mapHeader(MessageUnpacker u, String what) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt.getValueType() != ValueType.MAP) throw new IOException(what + ": expected a map, found " + fmt.getValueType());
        return u.unpackMapHeader();
    }

    static int arrayHeader(MessageUnpacker u, String what) throws IOException {
        MessageFormat fmt = u.getNextFormat();
        if (fmt.getValueType() != ValueType.ARRAY) throw new IOException(what + ": expected an array, found " + fmt.getValueType());
        return u.unpackArrayHeader();
    }

    static int mark(int seen, int bit, String f) throws IOException {
        if ((seen & (1 << bit)) != 0) throw new IOException("duplicate field " + f);
        return seen | (1 << bit);
    }

    static void missing(int seen, int required, String what) throws IOException {
        if ((seen & required) != required) throw new IOException(what + ": missing fields");
    }

    static LogRecord readLog(MessageUnpacker u, int total) throws IOException {
        int n = mapHeader(u, "log record");
        long ts = 0, uid = 0, nbytes = 0;
        byte[] ip = null;
        String method = null, path = null, ref = null, ua = null;
        int status = 0, seen = 0;
        for (int i = 0; i < n; i++) {
            String f = str(u, "field name");
            switch (f) {
                case "timestamp_ms" -> { seen = mark(seen, 0, f); ts = integer(u, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "ip" -> {
                    seen = mark(seen, 1, f);
                    if (u.getNextFormat().getValueType() == ValueType.BINARY) {
                        int k = u.unpackBinaryHeader();
                        if (k != 4) throw new IOException("ip: " + k + " bytes, want 4");
                        ip = u.readPayload(4);
                    } else {
                        if (arrayHeader(u, "ip") != 4) throw new IOException("ip: want 4 octets");
                        ip = new byte[4];
                        for (int k = 0; k < 4; k++) ip[k] = (byte) integer(u, "ip", 0, 255);
                    }
                }
                case "user_id" -> { seen = mark(seen, 2, f); uid = u64(u, f); }
                case "method" -> { seen = mark(seen, 3, f); method = str(u, f); }
                case "path" -> { seen = mark(seen, 4, f); path = str(u, f); }
                case "status" -> { seen = mark(seen, 5, f); status = (int) integer(u, f, 0, 0xFFFF); }
                case "bytes" -> { seen = mark(seen, 6, f); nbytes = u64(u, f); }
                case "referrer" -> { seen = mark(seen, 7, f); ref = optStr(u, f); }
                case "user_agent" -> { seen = mark(seen, 8, f); ua = str(u, f); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        missing(seen, 0b101111111, "log record");
        return new LogRecord(ts, ip, uid, method, path, status, nbytes, ref, ua);
    }

    static Telemetry readTelemetry(MessageUnpacker u) throws IOException {
        int n = mapHeader(u, "telemetry");
        long ts = 0, sensor = 0;
        double[] readings = null;
        int[] counters = null;
        int flags = 0, seen = 0;
        for (int i = 0; i < n; i++) {
            String f = str(u, "field name");
            switch (f) {
                case "timestamp_us" -> { seen = mark(seen, 0, f); ts = integer(u, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "sensor" -> { seen = mark(seen, 1, f); sensor = integer(u, f, 0, 0xFFFFFFFFL); }
                case "readings" -> {
                    seen = mark(seen, 2, f);
                    if (arrayHeader(u, f) != 8) throw new IOException("readings: want 8");
                    readings = new double[8];
                    for (int k = 0; k < 8; k++) readings[k] = f64(u, f);
                }
                case "counters" -> {
                    seen = mark(seen, 3, f);
                    if (arrayHeader(u, f) != 4) throw new IOException("counters: want 4");
                    counters = new int[4];
                    for (int k = 0; k < 4; k++) counters[k] = (int) integer(u, f, Integer.MIN_VALUE, Integer.MAX_VALUE);
                }
                case "flags" -> { seen = mark(seen, 4, f); flags = (int) integer(u, f, 0, 255); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        missing(seen, 0b11111, "telemetry");
        return new Telemetry(ts, sensor, readings, counters, flags);
    }

    static Order readOrder(MessageUnpacker u, int total) throws IOException {
        int n = mapHeader(u, "order");
        long id = 0;
        Customer cu = null;
        List<LineItem> items = null;
        TreeMap<String, String> attrs = null;
        String note = null;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            String f = str(u, "field name");
            switch (f) {
                case "id" -> { seen = mark(seen, 0, f); id = u64(u, f); }
                case "customer" -> { seen = mark(seen, 1, f); cu = readCustomer(u, total); }
                case "items" -> {
                    seen = mark(seen, 2, f);
                    int k = len(u, arrayHeader(u, f), total);
                    items = new ArrayList<>(k);
                    for (int j = 0; j < k; j++) items.add(readItem(u));
                }
                case "attributes" -> {
                    seen = mark(seen, 3, f);
                    int k = len(u, mapHeader(u, f), total);
                    attrs = Model.newAttributes();
                    for (int j = 0; j < k; j++) attrs.put(str(u, f), str(u, f));
                }
                case "note" -> { seen = mark(seen, 4, f); note = optStr(u, f); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        missing(seen, 0b01111, "order");
        return new Order(id, cu, items, attrs, note);
    }

    static Customer readCustomer(MessageUnpacker u, int total) throws IOException {
        int n = mapHeader(u, "customer");
        long id = 0;
        String name = null, email = null;
        List<String> tags = null;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            String f = str(u, "field name");
            switch (f) {
                case "id" -> { seen = mark(seen, 0, f); id = u64(u, f); }
                case "name" -> { seen = mark(seen, 1, f); name = str(u, f); }
                case "email" -> { seen = mark(seen, 2, f); email = optStr(u, f); }
                case "tags" -> {
                    seen = mark(seen, 3, f);
                    int k = len(u, arrayHeader(u, f), total);
                    tags = new ArrayList<>(k);
                    for (int j = 0; j < k; j++) tags.add(str(u, f));
                }
                default -> throw new IOException("unknown field " + f);
            }
        }
        missing(seen, 0b1011, "customer");
        return new Customer(id, name, email, tags);
    }

    static LineItem readItem(MessageUnpacker u) throws IOException {
        int n = mapHeader(u, "line item");
        String sku = null;
        long qty = 0, price = 0;
        Double disc = null;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            String f = str(u, "field name");
            switch (f) {
                case "sku" -> { seen = mark(seen, 0, f); sku = str(u, f); }
                case "quantity" -> { seen = mark(seen, 1, f); qty = integer(u, f, 0, 0xFFFFFFFFL); }
                case "price_cents" -> { seen = mark(seen, 2, f); price = integer(u, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "discount" -> { seen = mark(seen, 3, f); disc = nil(u) ? null : f64(u, f); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        missing(seen, 0b0111, "line item");
        return new LineItem(sku, qty, price, disc);
    }
}
