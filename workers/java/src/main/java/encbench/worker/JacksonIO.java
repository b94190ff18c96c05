package encbench.worker;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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

/**
 * The records through Jackson's streaming API, shared by JSON (and the JSON
 * Lines input), CBOR and Smile: a record is a map with the Rust field names
 * in declaration order; the IPv4 address an array of 4 integers; an absent
 * optional null. Reading is strict as serde is: unknown or repeated fields,
 * out-of-range integers and wrong types are errors; a missing optional is
 * null, a missing required field an error.
 */
final class JacksonIO {
    private JacksonIO() {}

    static final BigInteger TWO64 = BigInteger.ONE.shiftLeft(64);

    // ---- writing

    static void writeBatch(JsonGenerator g, Dataset ds, List<?> rows) throws IOException {
        g.writeStartArray(rows, rows.size());
        for (Object o : rows) {
            switch (ds) {
                case LOGS -> writeLog(g, (LogRecord) o);
                case TELEMETRY -> writeTelemetry(g, (Telemetry) o);
                case ORDERS -> writeOrder(g, (Order) o);
            }
        }
        g.writeEndArray();
    }

    static void writeU64(JsonGenerator g, long v) throws IOException {
        if (v >= 0) g.writeNumber(v);
        else g.writeNumber(new BigInteger(Long.toUnsignedString(v)));
    }

    static void writeOptString(JsonGenerator g, String s) throws IOException {
        if (s == null) g.writeNull();
        else g.writeString(s);
    }

    static void writeLog(JsonGenerator g, LogRecord r) throws IOException {
        g.writeStartObject(r, 9);
        g.writeFieldName("timestamp_ms");
        g.writeNumber(r.timestampMs());
        g.writeFieldName("ip");
        g.writeStartArray(r.ip(), 4);
        for (byte b : r.ip()) g.writeNumber(b & 0xFF);
        g.writeEndArray();
        g.writeFieldName("user_id");
        writeU64(g, r.userId());
        g.writeStringField("method", r.method());
        g.writeStringField("path", r.path());
        g.writeFieldName("status");
        g.writeNumber(r.status());
        g.writeFieldName("bytes");
        writeU64(g, r.bytes());
        g.writeFieldName("referrer");
        writeOptString(g, r.referrer());
        g.writeStringField("user_agent", r.userAgent());
        g.writeEndObject();
    }

    static void writeTelemetry(JsonGenerator g, Telemetry r) throws IOException {
        g.writeStartObject(r, 5);
        g.writeFieldName("timestamp_us");
        g.writeNumber(r.timestampUs());
        g.writeFieldName("sensor");
        g.writeNumber(r.sensor());
        g.writeFieldName("readings");
        g.writeStartArray(r.readings(), 8);
        for (double d : r.readings()) g.writeNumber(d);
        g.writeEndArray();
        g.writeFieldName("counters");
        g.writeStartArray(r.counters(), 4);
        for (int c : r.counters()) g.writeNumber(c);
        g.writeEndArray();
        g.writeFieldName("flags");
        g.writeNumber(r.flags());
        g.writeEndObject();
    }

    static void writeOrder(JsonGenerator g, Order r) throws IOException {
        g.writeStartObject(r, 5);
        g.writeFieldName("id");
        writeU64(g, r.id());
        g.writeFieldName("customer");
        Customer c = r.customer();
        g.writeStartObject(c, 4);
        g.writeFieldName("id");
        writeU64(g, c.id());
        g.writeStringField("name", c.name());
        g.writeFieldName("email");
        writeOptString(g, c.email());
        g.writeFieldName("tags");
        g.writeStartArray(c.tags(), c.tags().size());
        for (String t : c.tags()) g.writeString(t);
        g.writeEndArray();
        g.writeEndObject();
        g.writeFieldName("items");
        g.writeStartArray(r.items(), r.items().size());
        for (LineItem it : r.items()) {
            g.writeStartObject(it, 4);
            g.writeStringField("sku", it.sku());
            g.writeFieldName("quantity");
            g.writeNumber(it.quantity());
            g.writeFieldName("price_cents");
            g.writeNumber(it.priceCents());
            g.writeFieldName("discount");
            if (it.discount() == null) g.writeNull();
            else g.writeNumber(it.discount().doubleValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName("attributes");
        g.writeStartObject(r.attributes(), r.attributes().size());
        for (Map.Entry<String, String> e : r.attributes().entrySet()) g.writeStringField(e.getKey(), e.getValue());
        g.writeEndObject();
        g.writeFieldName("note");
        writeOptString(g, r.note());
        g.writeEndObject();
    }

    // ---- reading

    static IOException bad(JsonParser p, String what) {
        return new IOException(what + " (at " + p.currentLocation() + ")");
    }

    /** One whole batch: an array of records, nothing after it. */
    static List<Object> readBatch(JsonParser p, Dataset ds) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) throw bad(p, "expected an array of records");
        List<Object> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) out.add(readRecord(p, ds));
        if (p.nextToken() != null) throw bad(p, "trailing data after the batch");
        return out;
    }

    /** JSON Lines: records one after the other. */
    static List<Object> readSequence(JsonParser p, Dataset ds) throws IOException {
        List<Object> out = new ArrayList<>();
        while (p.nextToken() != null) out.add(readRecord(p, ds));
        return out;
    }

    static Object readRecord(JsonParser p, Dataset ds) throws IOException {
        return switch (ds) {
            case LOGS -> readLog(p);
            case TELEMETRY -> readTelemetry(p);
            case ORDERS -> readOrder(p);
        };
    }

    static void expect(JsonParser p, JsonToken t, String what) throws IOException {
        if (p.currentToken() != t) throw bad(p, "expected " + what + ", found " + p.currentToken());
    }

    static long integer(JsonParser p, String f, long min, long max) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) throw bad(p, f + ": expected an integer, found " + p.currentToken());
        JsonParser.NumberType nt = p.getNumberType();
        if (nt == JsonParser.NumberType.BIG_INTEGER) throw bad(p, f + ": " + p.getBigIntegerValue() + " out of range");
        long v = p.getLongValue();
        if (v < min || v > max) throw bad(p, f + ": " + v + " out of range");
        return v;
    }

    static long u64(JsonParser p, String f) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) throw bad(p, f + ": expected an integer, found " + p.currentToken());
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            BigInteger b = p.getBigIntegerValue();
            if (b.signum() < 0 || b.compareTo(TWO64) >= 0) throw bad(p, f + ": " + b + " out of range");
            return b.longValue();
        }
        long v = p.getLongValue();
        if (v < 0) throw bad(p, f + ": " + v + " out of range");
        return v;
    }

    static double f64(JsonParser p, String f) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT)
            throw bad(p, f + ": expected a number, found " + t);
        return p.getDoubleValue();
    }

    static String str(JsonParser p, String f) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) throw bad(p, f + ": expected a string, found " + p.currentToken());
        return p.getText();
    }

    static String optStr(JsonParser p, String f) throws IOException {
        return p.currentToken() == JsonToken.VALUE_NULL ? null : str(p, f);
    }

    static void missing(JsonParser p, int seen, int required, String[] names) throws IOException {
        for (int i = 0; i < names.length; i++) {
            if ((required & (1 << i)) != 0 && (seen & (1 << i)) == 0) throw bad(p, "missing field " + names[i]);
        }
    }

    static int mark(JsonParser p, int seen, int bit, String f) throws IOException {
        if ((seen & (1 << bit)) != 0) throw bad(p, "duplicate field " + f);
        return seen | (1 << bit);
    }

    private static final String[] LOG_FIELDS = {"timestamp_ms", "ip", "user_id", "method", "path", "status", "bytes", "referrer", "user_agent"};

    static LogRecord readLog(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT, "a log record object");
        long ts = 0, uid = 0, nbytes = 0;
        byte[] ip = null;
        String method = null, path = null, ref = null, ua = null;
        int status = 0, seen = 0;
        String f;
        while ((f = p.nextFieldName()) != null) {
            p.nextToken();
            switch (f) {
                case "timestamp_ms" -> { seen = mark(p, seen, 0, f); ts = integer(p, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "ip" -> {
                    seen = mark(p, seen, 1, f);
                    expect(p, JsonToken.START_ARRAY, "ip: an array of 4 octets");
                    ip = new byte[4];
                    for (int i = 0; i < 4; i++) {
                        p.nextToken();
                        ip[i] = (byte) integer(p, "ip", 0, 255);
                    }
                    if (p.nextToken() != JsonToken.END_ARRAY) throw bad(p, "ip: more than 4 octets");
                }
                case "user_id" -> { seen = mark(p, seen, 2, f); uid = u64(p, f); }
                case "method" -> { seen = mark(p, seen, 3, f); method = str(p, f); }
                case "path" -> { seen = mark(p, seen, 4, f); path = str(p, f); }
                case "status" -> { seen = mark(p, seen, 5, f); status = (int) integer(p, f, 0, 0xFFFF); }
                case "bytes" -> { seen = mark(p, seen, 6, f); nbytes = u64(p, f); }
                case "referrer" -> { seen = mark(p, seen, 7, f); ref = optStr(p, f); }
                case "user_agent" -> { seen = mark(p, seen, 8, f); ua = str(p, f); }
                default -> throw bad(p, "unknown field " + f);
            }
        }
        expect(p, JsonToken.END_OBJECT, "the end of the record");
        missing(p, seen, 0b101111111, LOG_FIELDS);
        return new LogRecord(ts, ip, uid, method, path, status, nbytes, ref, ua);
    }

    private static final String[] TEL_FIELDS = {"timestamp_us", "sensor", "readings", "counters", "flags"};

    static Telemetry readTelemetry(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT, "a telemetry object");
        long ts = 0, sensor = 0;
        double[] readings = null;
        int[] counters = null;
        int flags = 0, seen = 0;
        String f;
        while ((f = p.nextFieldName()) != null) {
            p.nextToken();
            switch (f) {
                case "timestamp_us" -> { seen = mark(p, seen, 0, f); ts = integer(p, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "sensor" -> { seen = mark(p, seen, 1, f); sensor = integer(p, f, 0, 0xFFFFFFFFL); }
                case "readings" -> {
                    seen = mark(p, seen, 2, f);
                    expect(p, JsonToken.START_ARRAY, "readings: an array of 8 numbers");
                    readings = new double[8];
                    for (int i = 0; i < 8; i++) {
                        p.nextToken();
                        readings[i] = f64(p, f);
                    }
                    if (p.nextToken() != JsonToken.END_ARRAY) throw bad(p, "readings: more than 8");
                }
                case "counters" -> {
                    seen = mark(p, seen, 3, f);
                    expect(p, JsonToken.START_ARRAY, "counters: an array of 4 integers");
                    counters = new int[4];
                    for (int i = 0; i < 4; i++) {
                        p.nextToken();
                        counters[i] = (int) integer(p, f, Integer.MIN_VALUE, Integer.MAX_VALUE);
                    }
                    if (p.nextToken() != JsonToken.END_ARRAY) throw bad(p, "counters: more than 4");
                }
                case "flags" -> { seen = mark(p, seen, 4, f); flags = (int) integer(p, f, 0, 255); }
                default -> throw bad(p, "unknown field " + f);
            }
        }
        expect(p, JsonToken.END_OBJECT, "the end of the record");
        missing(p, seen, 0b11111, TEL_FIELDS);
        return new Telemetry(ts, sensor, readings, counters, flags);
    }

    private static final String[] ORDER_FIELDS = {"id", "customer", "items", "attributes", "note"};
    private static final String[] CUSTOMER_FIELDS = {"id", "name", "email", "tags"};
    private static final String[] ITEM_FIELDS = {"sku", "quantity", "price_cents", "discount"};

    static Order readOrder(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT, "an order object");
        long id = 0;
        Customer cu = null;
        List<LineItem> items = null;
        TreeMap<String, String> attrs = null;
        String note = null;
        int seen = 0;
        String f;
        while ((f = p.nextFieldName()) != null) {
            p.nextToken();
            switch (f) {
                case "id" -> { seen = mark(p, seen, 0, f); id = u64(p, f); }
                case "customer" -> { seen = mark(p, seen, 1, f); cu = readCustomer(p); }
                case "items" -> {
                    seen = mark(p, seen, 2, f);
                    expect(p, JsonToken.START_ARRAY, "items: an array");
                    items = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) items.add(readItem(p));
                }
                case "attributes" -> {
                    seen = mark(p, seen, 3, f);
                    expect(p, JsonToken.START_OBJECT, "attributes: a map");
                    attrs = Model.newAttributes();
                    String k;
                    while ((k = p.nextFieldName()) != null) {
                        p.nextToken();
                        attrs.put(k, str(p, "attributes"));
                    }
                    expect(p, JsonToken.END_OBJECT, "the end of attributes");
                }
                case "note" -> { seen = mark(p, seen, 4, f); note = optStr(p, f); }
                default -> throw bad(p, "unknown field " + f);
            }
        }
        expect(p, JsonToken.END_OBJECT, "the end of the record");
        missing(p, seen, 0b01111, ORDER_FIELDS);
        return new Order(id, cu, items, attrs, note);
    }

    static Customer readCustomer(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT, "a customer object");
        long id = 0;
        String name = null, email = null;
        List<String> tags = null;
        int seen = 0;
        String f;
        while ((f = p.nextFieldName()) != null) {
            p.nextToken();
            switch (f) {
                case "id" -> { seen = mark(p, seen, 0, f); id = u64(p, f); }
                case "name" -> { seen = mark(p, seen, 1, f); name = str(p, f); }
                case "email" -> { seen = mark(p, seen, 2, f); email = optStr(p, f); }
                case "tags" -> {
                    seen = mark(p, seen, 3, f);
                    expect(p, JsonToken.START_ARRAY, "tags: an array");
                    tags = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) tags.add(str(p, "tags"));
                }
                default -> throw bad(p, "unknown field " + f);
            }
        }
        expect(p, JsonToken.END_OBJECT, "the end of the customer");
        missing(p, seen, 0b1011, CUSTOMER_FIELDS);
        return new Customer(id, name, email, tags);
    }

    static LineItem readItem(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT, "a line item object");
        String sku = null;
        long qty = 0, price = 0;
        Double disc = null;
        int seen = 0;
        String f;
        while ((f = p.nextFieldName()) != null) {
            p.nextToken();
            switch (f) {
                case "sku" -> { seen = mark(p, seen, 0, f); sku = str(p, f); }
                case "quantity" -> { seen = mark(p, seen, 1, f); qty = integer(p, f, 0, 0xFFFFFFFFL); }
                case "price_cents" -> { seen = mark(p, seen, 2, f); price = integer(p, f, Long.MIN_VALUE, Long.MAX_VALUE); }
                case "discount" -> {
                    seen = mark(p, seen, 3, f);
                    disc = p.currentToken() == JsonToken.VALUE_NULL ? null : f64(p, f);
                }
                default -> throw bad(p, "unknown field " + f);
            }
        }
        expect(p, JsonToken.END_OBJECT, "the end of the line item");
        missing(p, seen, 0b0111, ITEM_FIELDS);
        return new LineItem(sku, qty, price, disc);
    }
}
