package encbench.worker;

import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * Apache Avro (Java): an object container file, null codec, with the schemas
 * Rust uses, read at run time from crates/codecs/src/avro/*.avsc, through
 * generic records. Avro has no unsigned types: u64 travels as long (a
 * negative long is rejected, as apache-avro's u64 is), u32 as long, u16/u8 as
 * int, the IPv4 address as fixed(4). The decoder's allocations are bounded
 * by Avro's limits (system properties set in Main).
 */
final class AvroCodec implements Codec.Coder {
    private static final String[] FILES = {"log_record.avsc", "telemetry.avsc", "order.avsc"};
    private final Dataset ds;
    private final Schema schema;
    private final Schema ipSchema, customerSchema, itemSchema;
    private final GenericDatumWriter<GenericRecord> writer;
    private final GenericDatumReader<GenericRecord> reader;
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream(1 << 16);

    AvroCodec(Dataset ds) {
        this.ds = ds;
        try {
            String text = Files.readString(Root.get().resolve("crates/codecs/src/avro").resolve(FILES[ds.ordinal()]));
            schema = new Schema.Parser().parse(text);
        } catch (IOException e) {
            throw new IllegalStateException("avro schema: " + e.getMessage(), e);
        }
        ipSchema = ds == Dataset.LOGS ? schema.getField("ip").schema() : null;
        customerSchema = ds == Dataset.ORDERS ? schema.getField("customer").schema() : null;
        itemSchema = ds == Dataset.ORDERS ? schema.getField("items").schema().getElementType() : null;
        writer = new GenericDatumWriter<>(schema);
        reader = new GenericDatumReader<>(schema);
    }

    static long unsigned(long v, String f) {
        if (v < 0) throw new IllegalArgumentException(f + ": " + Long.toUnsignedString(v) + " does not fit Avro's long");
        return v;
    }

    @Override
    public byte[] encode(List<?> rows) throws IOException {
        buf.reset();
        try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(writer)) {
            w.setCodec(CodecFactory.nullCodec());
            w.create(schema, buf);
            for (Object o : rows) w.append(toAvro(o));
        }
        return buf.toByteArray();
    }

    private GenericRecord toAvro(Object o) {
        GenericData.Record g = new GenericData.Record(schema);
        switch (ds) {
            case LOGS -> {
                LogRecord r = (LogRecord) o;
                g.put(0, r.timestampMs());
                g.put(1, new GenericData.Fixed(ipSchema, r.ip()));
                g.put(2, unsigned(r.userId(), "user_id"));
                g.put(3, r.method());
                g.put(4, r.path());
                g.put(5, r.status());
                g.put(6, unsigned(r.bytes(), "bytes"));
                g.put(7, r.referrer());
                g.put(8, r.userAgent());
            }
            case TELEMETRY -> {
                Telemetry r = (Telemetry) o;
                g.put(0, r.timestampUs());
                g.put(1, r.sensor());
                List<Double> rd = new ArrayList<>(8);
                for (double d : r.readings()) rd.add(d);
                g.put(2, rd);
                List<Integer> ct = new ArrayList<>(4);
                for (int c : r.counters()) ct.add(c);
                g.put(3, ct);
                g.put(4, r.flags());
            }
            case ORDERS -> {
                Order r = (Order) o;
                g.put(0, unsigned(r.id(), "id"));
                Customer c = r.customer();
                GenericData.Record cu = new GenericData.Record(customerSchema);
                cu.put(0, unsigned(c.id(), "customer.id"));
                cu.put(1, c.name());
                cu.put(2, c.email());
                cu.put(3, c.tags());
                g.put(1, cu);
                List<GenericRecord> items = new ArrayList<>(r.items().size());
                for (LineItem it : r.items()) {
                    GenericData.Record gi = new GenericData.Record(itemSchema);
                    gi.put(0, it.sku());
                    gi.put(1, it.quantity());
                    gi.put(2, it.priceCents());
                    gi.put(3, it.discount());
                    items.add(gi);
                }
                g.put(2, items);
                g.put(3, r.attributes());
                g.put(4, r.note());
            }
        }
        return g;
    }

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        List<Object> out = new ArrayList<>();
        try (DataFileReader<GenericRecord> rd = new DataFileReader<>(new SeekableByteArrayInput(data), reader)) {
            // the file's (writer's) schema resolves against ours (the reader's)
            while (rd.hasNext()) out.add(fromAvro(rd.next(null)));
        }
        return out;
    }

    static String s(Object o) { return o == null ? null : o.toString(); }

    static long lng(Object o, String f, long min, long max) {
        long v = ((Number) o).longValue();
        if (v < min || v > max) throw new IllegalArgumentException(f + ": " + v + " out of range");
        return v;
    }

    private Object fromAvro(GenericRecord g) {
        switch (ds) {
            case LOGS -> {
                byte[] ip = ((GenericData.Fixed) g.get(1)).bytes().clone();
                return new LogRecord((Long) g.get(0), ip, lng(g.get(2), "user_id", 0, Long.MAX_VALUE), s(g.get(3)), s(g.get(4)),
                        (int) lng(g.get(5), "status", 0, 0xFFFF), lng(g.get(6), "bytes", 0, Long.MAX_VALUE), s(g.get(7)), s(g.get(8)));
            }
            case TELEMETRY -> {
                Collection<?> rs = (Collection<?>) g.get(2);
                Collection<?> cs = (Collection<?>) g.get(3);
                if (rs.size() != 8) throw new IllegalArgumentException(rs.size() + " readings, want 8");
                if (cs.size() != 4) throw new IllegalArgumentException(cs.size() + " counters, want 4");
                double[] rd = new double[8];
                int k = 0;
                for (Object d : rs) rd[k++] = (Double) d;
                int[] ct = new int[4];
                k = 0;
                for (Object c : cs) ct[k++] = (Integer) c;
                return new Telemetry((Long) g.get(0), lng(g.get(1), "sensor", 0, 0xFFFFFFFFL), rd, ct, (int) lng(g.get(4), "flags", 0, 0xFF));
            }
            default -> {
                GenericRecord c = (GenericRecord) g.get(1);
                List<String> tags = new ArrayList<>();
                for (Object t : (Collection<?>) c.get(3)) tags.add(t.toString());
                Customer cu = new Customer(lng(c.get(0), "customer.id", 0, Long.MAX_VALUE), s(c.get(1)), s(c.get(2)), tags);
                List<LineItem> items = new ArrayList<>();
                for (Object o : (Collection<?>) g.get(2)) {
                    GenericRecord it = (GenericRecord) o;
                    items.add(new LineItem(s(it.get(0)), lng(it.get(1), "quantity", 0, 0xFFFFFFFFL), (Long) it.get(2), (Double) it.get(3)));
                }
                TreeMap<String, String> attrs = Model.newAttributes();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) g.get(3)).entrySet()) attrs.put(e.getKey().toString(), e.getValue().toString());
                return new Order(lng(g.get(0), "id", 0, Long.MAX_VALUE), cu, items, attrs, s(g.get(4)));
            }
        }
    }
}
