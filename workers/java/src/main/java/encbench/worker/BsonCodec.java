package encbench.worker;

import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonType;
import org.bson.io.BasicOutputBuffer;

/**
 * BSON (org.mongodb:bson): one document {"r": [records...]}, as the bson
 * crate writes the Rust types: u64 and u32 as int64, u16/u8/i32 as int32,
 * f64 as double, None as null, the IPv4 address an array of 4 int32,
 * attributes a sub-document in key order. Reading accepts int32 or int64
 * for any integer and checks its range. The reader checks every length
 * against the input, so hostile sizes fail before allocating.
 */
final class BsonCodec implements Codec.Coder {
    private final Dataset ds;
    private final BasicOutputBuffer buf = new BasicOutputBuffer(1 << 16);

    BsonCodec(Dataset ds) { this.ds = ds; }

    static void optStr(BsonBinaryWriter w, String name, String s) {
        if (s == null) w.writeNull(name);
        else w.writeString(name, s);
    }

    @Override
    public byte[] encode(List<?> rows) {
        buf.truncateToPosition(0);
        try (BsonBinaryWriter w = new BsonBinaryWriter(buf)) {
            w.writeStartDocument();
            w.writeStartArray("r");
            for (Object o : rows) {
                w.writeStartDocument();
                switch (ds) {
                    case LOGS -> {
                        LogRecord r = (LogRecord) o;
                        w.writeInt64("timestamp_ms", r.timestampMs());
                        w.writeStartArray("ip");
                        for (byte b : r.ip()) w.writeInt32(b & 0xFF);
                        w.writeEndArray();
                        w.writeInt64("user_id", r.userId());
                        w.writeString("method", r.method());
                        w.writeString("path", r.path());
                        w.writeInt32("status", r.status());
                        w.writeInt64("bytes", r.bytes());
                        optStr(w, "referrer", r.referrer());
                        w.writeString("user_agent", r.userAgent());
                    }
                    case TELEMETRY -> {
                        Telemetry r = (Telemetry) o;
                        w.writeInt64("timestamp_us", r.timestampUs());
                        w.writeInt64("sensor", r.sensor());
                        w.writeStartArray("readings");
                        for (double d : r.readings()) w.writeDouble(d);
                        w.writeEndArray();
                        w.writeStartArray("counters");
                        for (int c : r.counters()) w.writeInt32(c);
                        w.writeEndArray();
                        w.writeInt32("flags", r.flags());
                    }
                    case ORDERS -> {
                        Order r = (Order) o;
                        w.writeInt64("id", r.id());
                        Customer c = r.customer();
                        w.writeStartDocument("customer");
                        w.writeInt64("id", c.id());
                        w.writeString("name", c.name());
                        optStr(w, "email", c.email());
                        w.writeStartArray("tags");
                        for (String t : c.tags()) w.writeString(t);
                        w.writeEndArray();
                        w.writeEndDocument();
                        w.writeStartArray("items");
                        for (LineItem it : r.items()) {
                            w.writeStartDocument();
                            w.writeString("sku", it.sku());
                            w.writeInt64("quantity", it.quantity());
                            w.writeInt64("price_cents", it.priceCents());
                            if (it.discount() == null) w.writeNull("discount");
                            else w.writeDouble("discount", it.discount());
                            w.writeEndDocument();
                        }
                        w.writeEndArray();
                        w.writeStartDocument("attributes");
                        for (Map.Entry<String, String> e : r.attributes().entrySet()) w.writeString(e.getKey(), e.getValue());
                        w.writeEndDocument();
                        optStr(w, "note", r.note());
                    }
                }
                w.writeEndDocument();
            }
            w.writeEndArray();
            w.writeEndDocument();
        }
        return buf.toByteArray();
    }

    // ---- reading

    static long integer(BsonBinaryReader r, String f, long min, long max) throws IOException {
        long v = switch (r.getCurrentBsonType()) {
            case INT32 -> r.readInt32();
            case INT64 -> r.readInt64();
            default -> throw new IOException(f + ": expected an integer, found " + r.getCurrentBsonType());
        };
        if (v < min || v > max) throw new IOException(f + ": " + v + " out of range");
        return v;
    }

    static String str(BsonBinaryReader r, String f) throws IOException {
        if (r.getCurrentBsonType() != BsonType.STRING) throw new IOException(f + ": expected a string, found " + r.getCurrentBsonType());
        return r.readString();
    }

    static String optStr(BsonBinaryReader r, String f) throws IOException {
        if (r.getCurrentBsonType() == BsonType.NULL) {
            r.readNull();
            return null;
        }
        return str(r, f);
    }

    static double f64(BsonBinaryReader r, String f) throws IOException {
        if (r.getCurrentBsonType() != BsonType.DOUBLE) throw new IOException(f + ": expected a double, found " + r.getCurrentBsonType());
        return r.readDouble();
    }

    static void expect(BsonBinaryReader r, BsonType t, String f) throws IOException {
        if (r.getCurrentBsonType() != t) throw new IOException(f + ": expected " + t + ", found " + r.getCurrentBsonType());
    }

    static int mark(int seen, int bit, String f) throws IOException {
        if ((seen & (1 << bit)) != 0) throw new IOException("duplicate field " + f);
        return seen | (1 << bit);
    }

    static void missing(int seen, int required, String what) throws IOException {
        if ((seen & required) != required) throw new IOException(what + ": missing fields");
    }

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        List<Object> out = new ArrayList<>();
        try (BsonBinaryReader r = new BsonBinaryReader(ByteBuffer.wrap(data))) {
            r.readStartDocument();
            boolean seenR = false;
            while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                String name = r.readName();
                if (!name.equals("r") || seenR) throw new IOException("bson: unexpected field " + name);
                seenR = true;
                expect(r, BsonType.ARRAY, "r");
                r.readStartArray();
                while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                    expect(r, BsonType.DOCUMENT, "record");
                    out.add(switch (ds) {
                        case LOGS -> readLog(r);
                        case TELEMETRY -> readTelemetry(r);
                        case ORDERS -> readOrder(r);
                    });
                }
                r.readEndArray();
            }
            r.readEndDocument();
            if (!seenR) throw new IOException("bson: no field r");
            if (r.getBsonInput().getPosition() != data.length) throw new IOException("bson: trailing bytes after the document");
        }
        return out;
    }

    static LogRecord readLog(BsonBinaryReader r) throws IOException {
        r.readStartDocument();
        long ts = 0, uid = 0, nbytes = 0;
        byte[] ip = null;
        String method = null, path = null, ref = null, ua = null;
        int status = 0, seen = 0;
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String f = r.readName();
            switch (f) {
                case "timestamp_ms" -> { seen = mark(seen, 0, f); ts = integer(r, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "ip" -> {
                    seen = mark(seen, 1, f);
                    expect(r, BsonType.ARRAY, f);
                    r.readStartArray();
                    ip = new byte[4];
                    int k = 0;
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        if (k == 4) throw new IOException("ip: more than 4 octets");
                        ip[k++] = (byte) integer(r, f, 0, 255);
                    }
                    r.readEndArray();
                    if (k != 4) throw new IOException("ip: " + k + " octets, want 4");
                }
                case "user_id" -> { seen = mark(seen, 2, f); uid = integer(r, f, 0, Long.MAX_VALUE); }
                case "method" -> { seen = mark(seen, 3, f); method = str(r, f); }
                case "path" -> { seen = mark(seen, 4, f); path = str(r, f); }
                case "status" -> { seen = mark(seen, 5, f); status = (int) integer(r, f, 0, 0xFFFF); }
                case "bytes" -> { seen = mark(seen, 6, f); nbytes = integer(r, f, 0, Long.MAX_VALUE); }
                case "referrer" -> { seen = mark(seen, 7, f); ref = optStr(r, f); }
                case "user_agent" -> { seen = mark(seen, 8, f); ua = str(r, f); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        r.readEndDocument();
        missing(seen, 0b101111111, "log record");
        return new LogRecord(ts, ip, uid, method, path, status, nbytes, ref, ua);
    }

    static Telemetry readTelemetry(BsonBinaryReader r) throws IOException {
        r.readStartDocument();
        long ts = 0, sensor = 0;
        double[] readings = null;
        int[] counters = null;
        int flags = 0, seen = 0;
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String f = r.readName();
            switch (f) {
                case "timestamp_us" -> { seen = mark(seen, 0, f); ts = integer(r, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "sensor" -> { seen = mark(seen, 1, f); sensor = integer(r, f, 0, 0xFFFFFFFFL); }
                case "readings" -> {
                    seen = mark(seen, 2, f);
                    expect(r, BsonType.ARRAY, f);
                    r.readStartArray();
                    readings = new double[8];
                    int k = 0;
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        if (k == 8) throw new IOException("readings: more than 8");
                        readings[k++] = f64(r, f);
                    }
                    r.readEndArray();
                    if (k != 8) throw new IOException("readings: " + k + ", want 8");
                }
                case "counters" -> {
                    seen = mark(seen, 3, f);
                    expect(r, BsonType.ARRAY, f);
                    r.readStartArray();
                    counters = new int[4];
                    int k = 0;
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        if (k == 4) throw new IOException("counters: more than 4");
                        counters[k++] = (int) integer(r, f, Integer.MIN_VALUE, Integer.MAX_VALUE);
                    }
                    r.readEndArray();
                    if (k != 4) throw new IOException("counters: " + k + ", want 4");
                }
                case "flags" -> { seen = mark(seen, 4, f); flags = (int) integer(r, f, 0, 255); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        r.readEndDocument();
        missing(seen, 0b11111, "telemetry");
        return new Telemetry(ts, sensor, readings, counters, flags);
    }

    static Order readOrder(BsonBinaryReader r) throws IOException {
        r.readStartDocument();
        long id = 0;
        Customer cu = null;
        List<LineItem> items = null;
        TreeMap<String, String> attrs = null;
        String note = null;
        int seen = 0;
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String f = r.readName();
            switch (f) {
                case "id" -> { seen = mark(seen, 0, f); id = integer(r, f, 0, Long.MAX_VALUE); }
                case "customer" -> { seen = mark(seen, 1, f); expect(r, BsonType.DOCUMENT, f); cu = readCustomer(r); }
                case "items" -> {
                    seen = mark(seen, 2, f);
                    expect(r, BsonType.ARRAY, f);
                    r.readStartArray();
                    items = new ArrayList<>();
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        expect(r, BsonType.DOCUMENT, "item");
                        items.add(readItem(r));
                    }
                    r.readEndArray();
                }
                case "attributes" -> {
                    seen = mark(seen, 3, f);
                    expect(r, BsonType.DOCUMENT, f);
                    r.readStartDocument();
                    attrs = Model.newAttributes();
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        String k = r.readName();
                        attrs.put(k, str(r, f));
                    }
                    r.readEndDocument();
                }
                case "note" -> { seen = mark(seen, 4, f); note = optStr(r, f); }
                default -> throw new IOException("unknown field " + f);
            }
        }
        r.readEndDocument();
        missing(seen, 0b01111, "order");
        return new Order(id, cu, items, attrs, note);
    }

    static Customer readCustomer(BsonBinaryReader r) throws IOException {
        r.readStartDocument();
        long id = 0;
        String name = null, email = null;
        List<String> tags = null;
        int seen = 0;
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String f = r.readName();
            switch (f) {
                case "id" -> { seen = mark(seen, 0, f); id = integer(r, f, 0, Long.MAX_VALUE); }
                case "name" -> { seen = mark(seen, 1, f); name = str(r, f); }
                case "email" -> { seen = mark(seen, 2, f); email = optStr(r, f); }
                case "tags" -> {
                    seen = mark(seen, 3, f);
                    expect(r, BsonType.ARRAY, f);
                    r.readStartArray();
                    tags = new ArrayList<>();
                    while (r.readBsonType() != BsonType.END_OF_DOCUMENT) tags.add(str(r, f));
                    r.readEndArray();
                }
                default -> throw new IOException("unknown field " + f);
            }
        }
        r.readEndDocument();
        missing(seen, 0b1011, "customer");
        return new Customer(id, name, email, tags);
    }

    static LineItem readItem(BsonBinaryReader r) throws IOException {
        r.readStartDocument();
        String sku = null;
        long qty = 0, price = 0;
        Double disc = null;
        int seen = 0;
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String f = r.readName();
            switch (f) {
                case "sku" -> { seen = mark(seen, 0, f); sku = str(r, f); }
                case "quantity" -> { seen = mark(seen, 1, f); qty = integer(r, f, 0, 0xFFFFFFFFL); }
                case "price_cents" -> { seen = mark(seen, 2, f); price = integer(r, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "discount" -> {
                    seen = mark(seen, 3, f);
                    if (r.getCurrentBsonType() == BsonType.NULL) r.readNull();
                    else disc = f64(r, f);
                }
                default -> throw new IOException("unknown field " + f);
            }
        }
        r.readEndDocument();
        missing(seen, 0b0111, "line item");
        return new LineItem(sku, qty, price, disc);
    }
}
