package encbench.worker;

import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Apache Arrow Java: an IPC stream of one record batch with the Arrow schemas
 * of crates/codecs/src/columnar/{logs,telemetry,orders}.rs (ip a UInt32, the
 * octets big-endian; telemetry's readings and counters one column each;
 * orders nested as struct, list of struct, map with keys sorted). Vectors are
 * filled and read field by field. Allocations come from one bounded
 * allocator, so hostile lengths fail instead of exhausting memory.
 */
final class ArrowCodec implements Codec.Coder {
    static final BufferAllocator ALLOCATOR = new RootAllocator(1L << 31);

    private final Dataset ds;
    private final Schema schema;

    ArrowCodec(Dataset ds) {
        this.ds = ds;
        this.schema = schema(ds);
    }

    static Field f(String name, ArrowType t, boolean nullable, Field... children) {
        return new Field(name, nullable ? FieldType.nullable(t) : FieldType.notNullable(t), children.length == 0 ? null : List.of(children));
    }

    static final ArrowType U8 = new ArrowType.Int(8, false), U16 = new ArrowType.Int(16, false),
            U32 = new ArrowType.Int(32, false), U64 = new ArrowType.Int(64, false), I32 = new ArrowType.Int(32, true),
            I64 = new ArrowType.Int(64, true), F64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
            UTF8 = ArrowType.Utf8.INSTANCE;

    static Schema schema(Dataset ds) {
        return switch (ds) {
            case LOGS -> new Schema(List.of(
                    f("timestamp_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), false),
                    f("ip", U32, false), f("user_id", U64, false), f("method", UTF8, false), f("path", UTF8, false),
                    f("status", U16, false), f("bytes", U64, false), f("referrer", UTF8, true), f("user_agent", UTF8, false)));
            case TELEMETRY -> {
                List<Field> fs = new ArrayList<>();
                fs.add(f("timestamp_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), false));
                fs.add(f("sensor", U32, false));
                for (int k = 0; k < 8; k++) fs.add(f("reading_" + k, F64, false));
                for (int k = 0; k < 4; k++) fs.add(f("counter_" + k, I32, false));
                fs.add(f("flags", U8, false));
                yield new Schema(fs);
            }
            case ORDERS -> new Schema(List.of(
                    f("id", U64, false),
                    f("customer", ArrowType.Struct.INSTANCE, false,
                            f("id", U64, false), f("name", UTF8, false), f("email", UTF8, true),
                            f("tags", ArrowType.List.INSTANCE, false, f("item", UTF8, false))),
                    f("items", ArrowType.List.INSTANCE, false,
                            f("item", ArrowType.Struct.INSTANCE, false,
                                    f("sku", UTF8, false), f("quantity", U32, false), f("price_cents", I64, false), f("discount", F64, true))),
                    f("attributes", new ArrowType.Map(true), false,
                            f("entries", ArrowType.Struct.INSTANCE, false, f("keys", UTF8, false), f("values", UTF8, false))),
                    f("note", UTF8, true)));
        };
    }

    static int ipToInt(byte[] ip) { return ProtobufCodec.ipToInt(ip); }

    static byte[] utf8(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    static void optStr(VarCharVector v, int i, String s) {
        if (s == null) v.setNull(i);
        else v.setSafe(i, utf8(s));
    }

    @Override
    public byte[] encode(List<?> rows) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream(1 << 16);
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, ALLOCATOR)) {
            root.allocateNew();
            int n = rows.size();
            List<FieldVector> v = root.getFieldVectors();
            switch (ds) {
                case LOGS -> {
                    TimeStampMilliVector ts = (TimeStampMilliVector) v.get(0);
                    UInt4Vector ip = (UInt4Vector) v.get(1);
                    UInt8Vector uid = (UInt8Vector) v.get(2), nbytes = (UInt8Vector) v.get(6);
                    VarCharVector method = (VarCharVector) v.get(3), path = (VarCharVector) v.get(4),
                            ref = (VarCharVector) v.get(7), ua = (VarCharVector) v.get(8);
                    UInt2Vector status = (UInt2Vector) v.get(5);
                    for (int i = 0; i < n; i++) {
                        LogRecord r = (LogRecord) rows.get(i);
                        ts.setSafe(i, r.timestampMs());
                        ip.setSafe(i, ipToInt(r.ip()));
                        uid.setSafe(i, r.userId());
                        method.setSafe(i, utf8(r.method()));
                        path.setSafe(i, utf8(r.path()));
                        status.setSafe(i, r.status());
                        nbytes.setSafe(i, r.bytes());
                        optStr(ref, i, r.referrer());
                        ua.setSafe(i, utf8(r.userAgent()));
                    }
                }
                case TELEMETRY -> {
                    TimeStampMicroVector ts = (TimeStampMicroVector) v.get(0);
                    UInt4Vector sensor = (UInt4Vector) v.get(1);
                    UInt1Vector flags = (UInt1Vector) v.get(14);
                    Float8Vector[] rd = new Float8Vector[8];
                    for (int k = 0; k < 8; k++) rd[k] = (Float8Vector) v.get(2 + k);
                    IntVector[] ct = new IntVector[4];
                    for (int k = 0; k < 4; k++) ct[k] = (IntVector) v.get(10 + k);
                    for (int i = 0; i < n; i++) {
                        Telemetry r = (Telemetry) rows.get(i);
                        ts.setSafe(i, r.timestampUs());
                        sensor.setSafe(i, (int) r.sensor());
                        for (int k = 0; k < 8; k++) rd[k].setSafe(i, r.readings()[k]);
                        for (int k = 0; k < 4; k++) ct[k].setSafe(i, r.counters()[k]);
                        flags.setSafe(i, r.flags());
                    }
                }
                case ORDERS -> {
                    UInt8Vector id = (UInt8Vector) v.get(0);
                    StructVector cu = (StructVector) v.get(1);
                    List<FieldVector> cuf = cu.getChildrenFromFields();
                    UInt8Vector cuId = (UInt8Vector) cuf.get(0);
                    VarCharVector cuName = (VarCharVector) cuf.get(1), cuEmail = (VarCharVector) cuf.get(2);
                    ListVector cuTags = (ListVector) cuf.get(3);
                    VarCharVector tag = (VarCharVector) cuTags.getDataVector();
                    ListVector items = (ListVector) v.get(2);
                    StructVector item = (StructVector) items.getDataVector();
                    List<FieldVector> itf = item.getChildrenFromFields();
                    VarCharVector sku = (VarCharVector) itf.get(0);
                    UInt4Vector qty = (UInt4Vector) itf.get(1);
                    BigIntVector price = (BigIntVector) itf.get(2);
                    Float8Vector disc = (Float8Vector) itf.get(3);
                    MapVector attrs = (MapVector) v.get(3);
                    StructVector entries = (StructVector) attrs.getDataVector();
                    VarCharVector keys = (VarCharVector) entries.getChildrenFromFields().get(0),
                            vals = (VarCharVector) entries.getChildrenFromFields().get(1);
                    VarCharVector note = (VarCharVector) v.get(4);
                    for (int i = 0; i < n; i++) {
                        Order r = (Order) rows.get(i);
                        Customer c = r.customer();
                        id.setSafe(i, r.id());
                        cu.setIndexDefined(i);
                        cuId.setSafe(i, c.id());
                        cuName.setSafe(i, utf8(c.name()));
                        optStr(cuEmail, i, c.email());
                        int start = cuTags.startNewValue(i);
                        for (int k = 0; k < c.tags().size(); k++) tag.setSafe(start + k, utf8(c.tags().get(k)));
                        cuTags.endValue(i, c.tags().size());
                        start = items.startNewValue(i);
                        for (int k = 0; k < r.items().size(); k++) {
                            LineItem it = r.items().get(k);
                            int j = start + k;
                            item.setIndexDefined(j);
                            sku.setSafe(j, utf8(it.sku()));
                            qty.setSafe(j, (int) it.quantity());
                            price.setSafe(j, it.priceCents());
                            if (it.discount() == null) disc.setNull(j);
                            else disc.setSafe(j, it.discount());
                        }
                        items.endValue(i, r.items().size());
                        start = attrs.startNewValue(i);
                        int k = 0;
                        for (Map.Entry<String, String> e : r.attributes().entrySet()) {
                            entries.setIndexDefined(start + k);
                            keys.setSafe(start + k, utf8(e.getKey()));
                            vals.setSafe(start + k, utf8(e.getValue()));
                            k++;
                        }
                        attrs.endValue(i, k);
                        optStr(note, i, r.note());
                    }
                }
            }
            root.setRowCount(n);
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, Channels.newChannel(bos))) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        return bos.toByteArray();
    }

    // ---- reading

    @SuppressWarnings("unchecked")
    static <V> V col(List<FieldVector> vs, int k, Class<V> type, boolean nullable) throws IOException {
        if (k >= vs.size()) throw new IOException("arrow: the batch does not have the record schema (" + vs.size() + " columns)");
        FieldVector v = vs.get(k);
        if (!type.isInstance(v)) throw new IOException("arrow: column " + v.getName() + " is " + v.getField().getType() + ", not the record schema's type");
        if (!nullable && v.getNullCount() > 0) throw new IOException("arrow: column " + v.getName() + " holds nulls");
        return (V) v;
    }

    static String str(VarCharVector v, int i) { return new String(v.get(i), StandardCharsets.UTF_8); }

    static String optStr(VarCharVector v, int i) { return v.isNull(i) ? null : str(v, i); }

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        checkFraming(data);
        List<Object> out = new ArrayList<>();
        ByteArrayInputStream in = new ByteArrayInputStream(data);
        try (ArrowStreamReader reader = new ArrowStreamReader(in, ALLOCATOR)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            int expected = schema.getFields().size();
            if (root.getFieldVectors().size() != expected) throw new IOException("arrow: " + root.getFieldVectors().size() + " columns, the record schema has " + expected);
            while (reader.loadNextBatch()) read(root, out);
        }
        if (in.available() != 0) throw new IOException("arrow: " + in.available() + " bytes after the end of the stream");
        return out;
    }

    /**
     * Walks the stream's messages (continuation marker, metadata length,
     * metadata, body) before Arrow reads them: Arrow allocates a message's
     * metadata and body at the sizes the bytes claim, so a hostile length
     * is rejected here instead of becoming a 2 GiB allocation.
     */
    static void checkFraming(byte[] data) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int pos = 0;
        while (pos != data.length) { // the end-of-stream marker is optional
            if (data.length - pos < 4) throw new IOException("arrow: truncated message length");
            int len = bb.getInt(pos);
            pos += 4;
            if (len == -1) {
                if (data.length - pos < 4) throw new IOException("arrow: truncated message length");
                len = bb.getInt(pos);
                pos += 4;
            }
            if (len == 0) return;
            if (len < 0 || len > data.length - pos) throw new IOException("arrow: message metadata of " + Integer.toUnsignedString(len) + " bytes exceeds the input");
            ByteBuffer meta = bb.slice(pos, len).order(ByteOrder.LITTLE_ENDIAN);
            long body = org.apache.arrow.flatbuf.Message.getRootAsMessage(meta).bodyLength();
            pos += len;
            if (body < 0 || body > data.length - pos) throw new IOException("arrow: message body of " + body + " bytes exceeds the input");
            pos += (int) body;
        }
    }


    private void read(VectorSchemaRoot root, List<Object> out) throws IOException {
        List<FieldVector> v = root.getFieldVectors();
        int n = root.getRowCount();
        switch (ds) {
            case LOGS -> {
                TimeStampMilliVector ts = col(v, 0, TimeStampMilliVector.class, false);
                UInt4Vector ip = col(v, 1, UInt4Vector.class, false);
                UInt8Vector uid = col(v, 2, UInt8Vector.class, false);
                VarCharVector method = col(v, 3, VarCharVector.class, false), path = col(v, 4, VarCharVector.class, false);
                UInt2Vector status = col(v, 5, UInt2Vector.class, false);
                UInt8Vector nbytes = col(v, 6, UInt8Vector.class, false);
                VarCharVector ref = col(v, 7, VarCharVector.class, true), ua = col(v, 8, VarCharVector.class, false);
                for (int i = 0; i < n; i++) {
                    out.add(new LogRecord(ts.get(i), ProtobufCodec.intToIp(ip.get(i)), uid.get(i), str(method, i), str(path, i),
                            status.get(i), nbytes.get(i), optStr(ref, i), str(ua, i)));
                }
            }
            case TELEMETRY -> {
                TimeStampMicroVector ts = col(v, 0, TimeStampMicroVector.class, false);
                UInt4Vector sensor = col(v, 1, UInt4Vector.class, false);
                Float8Vector[] rd = new Float8Vector[8];
                for (int k = 0; k < 8; k++) rd[k] = col(v, 2 + k, Float8Vector.class, false);
                IntVector[] ct = new IntVector[4];
                for (int k = 0; k < 4; k++) ct[k] = col(v, 10 + k, IntVector.class, false);
                UInt1Vector flags = col(v, 14, UInt1Vector.class, false);
                for (int i = 0; i < n; i++) {
                    double[] r = new double[8];
                    for (int k = 0; k < 8; k++) r[k] = rd[k].get(i);
                    int[] c = new int[4];
                    for (int k = 0; k < 4; k++) c[k] = ct[k].get(i);
                    out.add(new Telemetry(ts.get(i), Integer.toUnsignedLong(sensor.get(i)), r, c, flags.get(i) & 0xFF));
                }
            }
            case ORDERS -> {
                UInt8Vector id = col(v, 0, UInt8Vector.class, false);
                StructVector cu = col(v, 1, StructVector.class, false);
                List<FieldVector> cuf = cu.getChildrenFromFields();
                UInt8Vector cuId = col(cuf, 0, UInt8Vector.class, false);
                VarCharVector cuName = col(cuf, 1, VarCharVector.class, false), cuEmail = col(cuf, 2, VarCharVector.class, true);
                ListVector cuTags = col(cuf, 3, ListVector.class, false);
                if (!(cuTags.getDataVector() instanceof VarCharVector tag) || tag.getNullCount() > 0) throw new IOException("arrow: tags are not a list of strings");
                ListVector items = col(v, 2, ListVector.class, false);
                if (!(items.getDataVector() instanceof StructVector item)) throw new IOException("arrow: items are not a list of structs");
                List<FieldVector> itf = item.getChildrenFromFields();
                VarCharVector sku = col(itf, 0, VarCharVector.class, false);
                UInt4Vector qty = col(itf, 1, UInt4Vector.class, false);
                BigIntVector price = col(itf, 2, BigIntVector.class, false);
                Float8Vector disc = col(itf, 3, Float8Vector.class, true);
                MapVector attrs = col(v, 3, MapVector.class, false);
                if (!(attrs.getDataVector() instanceof StructVector entries)) throw new IOException("arrow: attributes are not a map");
                List<FieldVector> ef = entries.getChildrenFromFields();
                VarCharVector keys = col(ef, 0, VarCharVector.class, false), vals = col(ef, 1, VarCharVector.class, false);
                VarCharVector note = col(v, 4, VarCharVector.class, true);
                for (int i = 0; i < n; i++) {
                    int s = cuTags.getElementStartIndex(i), e = cuTags.getElementEndIndex(i);
                    List<String> tags = new ArrayList<>(e - s);
                    for (int k = s; k < e; k++) tags.add(str(tag, k));
                    Customer c = new Customer(cuId.get(i), str(cuName, i), optStr(cuEmail, i), tags);
                    s = items.getElementStartIndex(i);
                    e = items.getElementEndIndex(i);
                    List<LineItem> its = new ArrayList<>(e - s);
                    for (int k = s; k < e; k++) {
                        its.add(new LineItem(str(sku, k), Integer.toUnsignedLong(qty.get(k)), price.get(k), disc.isNull(k) ? null : disc.get(k)));
                    }
                    s = attrs.getElementStartIndex(i);
                    e = attrs.getElementEndIndex(i);
                    TreeMap<String, String> at = Model.newAttributes();
                    for (int k = s; k < e; k++) at.put(str(keys, k), str(vals, k));
                    out.add(new Order(id.get(i), c, its, at, optStr(note, i)));
                }
            }
        }
    }
}
