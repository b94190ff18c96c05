package encbench.worker;

import com.google.flatbuffers.FlatBufferBuilder;
import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * FlatBuffers: the size-prefixed Batch table of crates/codecs/src/flatbuf/records.fbs
 * through flatc's Java code (encbench.fb), as Rust writes it: optional
 * strings and empty lists are absent fields, attributes a vector of
 * Attribute tables in key order. Decoding reads every field into the native
 * records. The Java runtime has no verifier: vector lengths are bounded by
 * the buffer size, required fields checked, and an out-of-range read is an
 * IndexOutOfBoundsException (the decode op's error).
 *
 * flatc 2.0.8's Java code has two slips worked around here: Ipv4.octets(j)
 * returns a signed byte (masked), and addDiscount() drops a 0.0 or -0.0
 * discount as if it were the default of a non-optional scalar (written
 * with slot() instead).
 */
final class FlatbuffersCodec implements Codec.Coder {
    private final Dataset ds;
    private final FlatBufferBuilder b = new FlatBufferBuilder(1 << 16);
    private int[] offs = new int[64], inner = new int[64];

    FlatbuffersCodec(Dataset ds) { this.ds = ds; }

    private int optStr(String s) { return s == null ? 0 : b.createString(s); }

    private static int[] grow(int[] a, int n) { return a.length >= n ? a : new int[Math.max(n, a.length * 2)]; }

    private int vector(int[] o, int n) {
        b.startVector(4, n, 4);
        for (int i = n - 1; i >= 0; i--) b.addOffset(o[i]);
        return b.endVector();
    }

    @Override
    public byte[] encode(List<?> rows) {
        b.clear();
        int n = rows.size(), vec;
        int[] octets = new int[4];
        switch (ds) {
            case LOGS -> {
                offs = grow(offs, n);
                for (int i = 0; i < n; i++) {
                    LogRecord r = (LogRecord) rows.get(i);
                    int method = b.createString(r.method()), path = b.createString(r.path()), ref = optStr(r.referrer()),
                            ua = b.createString(r.userAgent());
                    encbench.fb.LogRecord.startLogRecord(b);
                    encbench.fb.LogRecord.addTimestampMs(b, r.timestampMs());
                    for (int k = 0; k < 4; k++) octets[k] = r.ip()[k] & 0xFF;
                    encbench.fb.LogRecord.addIp(b, encbench.fb.Ipv4.createIpv4(b, octets));
                    encbench.fb.LogRecord.addUserId(b, r.userId());
                    encbench.fb.LogRecord.addMethod(b, method);
                    encbench.fb.LogRecord.addPath(b, path);
                    encbench.fb.LogRecord.addStatus(b, r.status());
                    encbench.fb.LogRecord.addBytes(b, r.bytes());
                    if (ref != 0) encbench.fb.LogRecord.addReferrer(b, ref);
                    encbench.fb.LogRecord.addUserAgent(b, ua);
                    offs[i] = encbench.fb.LogRecord.endLogRecord(b);
                }
                vec = vector(offs, n);
                encbench.fb.Batch.startBatch(b);
                encbench.fb.Batch.addLogs(b, vec);
            }
            case TELEMETRY -> {
                encbench.fb.Batch.startTelemetryVector(b, n);
                for (int i = n - 1; i >= 0; i--) {
                    Telemetry r = (Telemetry) rows.get(i);
                    encbench.fb.Telemetry.createTelemetry(b, r.timestampUs(), r.sensor(), r.readings(), r.counters(), r.flags());
                }
                vec = b.endVector();
                encbench.fb.Batch.startBatch(b);
                encbench.fb.Batch.addTelemetry(b, vec);
            }
            default -> {
                offs = grow(offs, n);
                for (int i = 0; i < n; i++) {
                    Order r = (Order) rows.get(i);
                    Customer c = r.customer();
                    int name = b.createString(c.name()), email = optStr(c.email()), tags = 0;
                    if (!c.tags().isEmpty()) {
                        inner = grow(inner, c.tags().size());
                        for (int k = 0; k < c.tags().size(); k++) inner[k] = b.createString(c.tags().get(k));
                        tags = vector(inner, c.tags().size());
                    }
                    encbench.fb.Customer.startCustomer(b);
                    encbench.fb.Customer.addId(b, c.id());
                    encbench.fb.Customer.addName(b, name);
                    if (email != 0) encbench.fb.Customer.addEmail(b, email);
                    if (tags != 0) encbench.fb.Customer.addTags(b, tags);
                    int cu = encbench.fb.Customer.endCustomer(b);
                    int items = 0;
                    if (!r.items().isEmpty()) {
                        inner = grow(inner, r.items().size());
                        for (int k = 0; k < r.items().size(); k++) {
                            LineItem it = r.items().get(k);
                            int sku = b.createString(it.sku());
                            encbench.fb.LineItem.startLineItem(b);
                            encbench.fb.LineItem.addSku(b, sku);
                            encbench.fb.LineItem.addQuantity(b, it.quantity());
                            encbench.fb.LineItem.addPriceCents(b, it.priceCents());
                            if (it.discount() != null) {
                                b.addDouble(it.discount());
                                b.slot(3);
                            }
                            inner[k] = encbench.fb.LineItem.endLineItem(b);
                        }
                        items = vector(inner, r.items().size());
                    }
                    int attrs = 0;
                    if (!r.attributes().isEmpty()) {
                        inner = grow(inner, r.attributes().size());
                        int k = 0;
                        for (Map.Entry<String, String> e : r.attributes().entrySet()) {
                            int key = b.createString(e.getKey()), val = b.createString(e.getValue());
                            inner[k++] = encbench.fb.Attribute.createAttribute(b, key, val);
                        }
                        attrs = vector(inner, k);
                    }
                    int note = optStr(r.note());
                    encbench.fb.Order.startOrder(b);
                    encbench.fb.Order.addId(b, r.id());
                    encbench.fb.Order.addCustomer(b, cu);
                    if (items != 0) encbench.fb.Order.addItems(b, items);
                    if (attrs != 0) encbench.fb.Order.addAttributes(b, attrs);
                    if (note != 0) encbench.fb.Order.addNote(b, note);
                    offs[i] = encbench.fb.Order.endOrder(b);
                }
                vec = vector(offs, n);
                encbench.fb.Batch.startBatch(b);
                encbench.fb.Batch.addOrders(b, vec);
            }
        }
        b.finishSizePrefixed(encbench.fb.Batch.endBatch(b));
        return b.sizedByteArray();
    }

    private static int bound(int n, int elem, int total) throws IOException {
        if (n < 0 || (long) n * elem > total) throw new IOException("flatbuffers: vector of " + n + " exceeds the buffer");
        return n;
    }

    private static String req(String s, String f) throws IOException {
        if (s == null) throw new IOException("flatbuffers: required field " + f + " missing");
        return s;
    }

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        if (data.length < 8) throw new IOException("flatbuffers: " + data.length + " bytes is too short");
        ByteBuffer bb = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int size = bb.getInt(0);
        if (size < 4 || size > data.length - 4) throw new IOException("flatbuffers: size prefix " + Integer.toUnsignedString(size) + " does not match " + data.length + " bytes");
        bb.position(4);
        encbench.fb.Batch batch = encbench.fb.Batch.getRootAsBatch(bb);
        int total = data.length;
        List<Object> out;
        switch (ds) {
            case LOGS -> {
                if (batch.telemetryLength() != 0 || batch.ordersLength() != 0) throw new IOException("flatbuffers: not a batch of logs");
                int n = bound(batch.logsLength(), 4, total);
                out = new ArrayList<>(n);
                encbench.fb.LogRecord r = new encbench.fb.LogRecord();
                encbench.fb.Ipv4 ip = new encbench.fb.Ipv4();
                for (int i = 0; i < n; i++) {
                    batch.logs(r, i);
                    if (r.ip(ip) == null) throw new IOException("flatbuffers: required field ip missing");
                    byte[] octets = {(byte) ip.octets(0), (byte) ip.octets(1), (byte) ip.octets(2), (byte) ip.octets(3)};
                    out.add(new LogRecord(r.timestampMs(), octets, r.userId(), req(r.method(), "method"), req(r.path(), "path"),
                            r.status(), r.bytes(), r.referrer(), req(r.userAgent(), "user_agent")));
                }
            }
            case TELEMETRY -> {
                if (batch.logsLength() != 0 || batch.ordersLength() != 0) throw new IOException("flatbuffers: not a batch of telemetry");
                int n = bound(batch.telemetryLength(), 104, total);
                out = new ArrayList<>(n);
                encbench.fb.Telemetry r = new encbench.fb.Telemetry();
                for (int i = 0; i < n; i++) {
                    batch.telemetry(r, i);
                    double[] rd = new double[8];
                    for (int k = 0; k < 8; k++) rd[k] = r.readings(k);
                    int[] ct = new int[4];
                    for (int k = 0; k < 4; k++) ct[k] = r.counters(k);
                    out.add(new Telemetry(r.timestampUs(), r.sensor(), rd, ct, r.flags()));
                }
            }
            default -> {
                if (batch.logsLength() != 0 || batch.telemetryLength() != 0) throw new IOException("flatbuffers: not a batch of orders");
                int n = bound(batch.ordersLength(), 4, total);
                out = new ArrayList<>(n);
                encbench.fb.Order r = new encbench.fb.Order();
                encbench.fb.Customer c = new encbench.fb.Customer();
                encbench.fb.LineItem it = new encbench.fb.LineItem();
                encbench.fb.Attribute a = new encbench.fb.Attribute();
                for (int i = 0; i < n; i++) {
                    batch.orders(r, i);
                    if (r.customer(c) == null) throw new IOException("flatbuffers: required field customer missing");
                    int nt = bound(c.tagsLength(), 4, total);
                    List<String> tags = new ArrayList<>(nt);
                    for (int k = 0; k < nt; k++) tags.add(req(c.tags(k), "tags"));
                    Customer cu = new Customer(c.id(), req(c.name(), "name"), c.email(), tags);
                    int ni = bound(r.itemsLength(), 4, total);
                    List<LineItem> items = new ArrayList<>(ni);
                    for (int k = 0; k < ni; k++) {
                        r.items(it, k);
                        items.add(new LineItem(req(it.sku(), "sku"), it.quantity(), it.priceCents(), it.hasDiscount() ? it.discount() : null));
                    }
                    int na = bound(r.attributesLength(), 4, total);
                    TreeMap<String, String> attrs = Model.newAttributes();
                    for (int k = 0; k < na; k++) {
                        r.attributes(a, k);
                        attrs.put(req(a.key(), "key"), req(a.value(), "value"));
                    }
                    out.add(new Order(r.id(), cu, items, attrs, r.note()));
                }
            }
        }
        return out;
    }
}
