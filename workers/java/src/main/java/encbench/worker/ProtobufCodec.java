package encbench.worker;

import encbench.records.Records;
import encbench.worker.Model.Customer;
import encbench.worker.Model.LineItem;
import encbench.worker.Model.LogRecord;
import encbench.worker.Model.Order;
import encbench.worker.Model.Telemetry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * protobuf-java, classes generated from crates/codecs/src/protobuf/records.proto:
 * the IPv4 address a fixed32 read big-endian (10.0.0.1 is 0x0A000001); u16/u8
 * rejected above their range, readings/counters rejected unless 8/4, a
 * missing customer rejected, as the Rust decoder does.
 */
final class ProtobufCodec implements Codec.Coder {
    private final Dataset ds;

    ProtobufCodec(Dataset ds) { this.ds = ds; }

    static int ipToInt(byte[] ip) {
        return ((ip[0] & 0xFF) << 24) | ((ip[1] & 0xFF) << 16) | ((ip[2] & 0xFF) << 8) | (ip[3] & 0xFF);
    }

    static byte[] intToIp(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    @Override
    public byte[] encode(List<?> rows) {
        switch (ds) {
            case LOGS -> {
                Records.LogBatch.Builder b = Records.LogBatch.newBuilder();
                Records.LogRecord.Builder r = Records.LogRecord.newBuilder();
                for (Object o : rows) {
                    LogRecord x = (LogRecord) o;
                    r.clear().setTimestampMs(x.timestampMs()).setIp(ipToInt(x.ip())).setUserId(x.userId())
                            .setMethod(x.method()).setPath(x.path()).setStatus(x.status()).setBytes(x.bytes())
                            .setUserAgent(x.userAgent());
                    if (x.referrer() != null) r.setReferrer(x.referrer());
                    b.addRecords(r);
                }
                return b.build().toByteArray();
            }
            case TELEMETRY -> {
                Records.TelemetryBatch.Builder b = Records.TelemetryBatch.newBuilder();
                Records.Telemetry.Builder r = Records.Telemetry.newBuilder();
                for (Object o : rows) {
                    Telemetry x = (Telemetry) o;
                    r.clear().setTimestampUs(x.timestampUs()).setSensor((int) x.sensor()).setFlags(x.flags());
                    for (double d : x.readings()) r.addReadings(d);
                    for (int c : x.counters()) r.addCounters(c);
                    b.addRecords(r);
                }
                return b.build().toByteArray();
            }
            default -> {
                Records.OrderBatch.Builder b = Records.OrderBatch.newBuilder();
                Records.Order.Builder r = Records.Order.newBuilder();
                Records.Customer.Builder cb = Records.Customer.newBuilder();
                Records.LineItem.Builder ib = Records.LineItem.newBuilder();
                for (Object o : rows) {
                    Order x = (Order) o;
                    Customer c = x.customer();
                    cb.clear().setId(c.id()).setName(c.name()).addAllTags(c.tags());
                    if (c.email() != null) cb.setEmail(c.email());
                    r.clear().setId(x.id()).setCustomer(cb).putAllAttributes(x.attributes());
                    for (LineItem it : x.items()) {
                        ib.clear().setSku(it.sku()).setQuantity((int) it.quantity()).setPriceCents(it.priceCents());
                        if (it.discount() != null) ib.setDiscount(it.discount());
                        r.addItems(ib);
                    }
                    if (x.note() != null) r.setNote(x.note());
                    b.addRecords(r);
                }
                return b.build().toByteArray();
            }
        }
    }

    @Override
    public List<Object> decode(byte[] data) throws IOException {
        switch (ds) {
            case LOGS -> {
                Records.LogBatch b = Records.LogBatch.parseFrom(data);
                List<Object> out = new ArrayList<>(b.getRecordsCount());
                for (Records.LogRecord r : b.getRecordsList()) {
                    if (r.getStatus() < 0 || r.getStatus() > 0xFFFF) throw new IOException("status " + Integer.toUnsignedString(r.getStatus()) + " out of range");
                    out.add(new LogRecord(r.getTimestampMs(), intToIp(r.getIp()), r.getUserId(), r.getMethod(), r.getPath(),
                            r.getStatus(), r.getBytes(), r.hasReferrer() ? r.getReferrer() : null, r.getUserAgent()));
                }
                return out;
            }
            case TELEMETRY -> {
                Records.TelemetryBatch b = Records.TelemetryBatch.parseFrom(data);
                List<Object> out = new ArrayList<>(b.getRecordsCount());
                for (Records.Telemetry r : b.getRecordsList()) {
                    if (r.getReadingsCount() != 8) throw new IOException(r.getReadingsCount() + " readings, want 8");
                    if (r.getCountersCount() != 4) throw new IOException(r.getCountersCount() + " counters, want 4");
                    if (r.getFlags() < 0 || r.getFlags() > 0xFF) throw new IOException("flags " + Integer.toUnsignedString(r.getFlags()) + " out of range");
                    double[] rd = new double[8];
                    for (int k = 0; k < 8; k++) rd[k] = r.getReadings(k);
                    int[] ct = new int[4];
                    for (int k = 0; k < 4; k++) ct[k] = r.getCounters(k);
                    out.add(new Telemetry(r.getTimestampUs(), Integer.toUnsignedLong(r.getSensor()), rd, ct, r.getFlags()));
                }
                return out;
            }
            default -> {
                Records.OrderBatch b = Records.OrderBatch.parseFrom(data);
                List<Object> out = new ArrayList<>(b.getRecordsCount());
                for (Records.Order r : b.getRecordsList()) {
                    if (!r.hasCustomer()) throw new IOException("order " + Long.toUnsignedString(r.getId()) + ": no customer");
                    Records.Customer c = r.getCustomer();
                    Customer cu = new Customer(c.getId(), c.getName(), c.hasEmail() ? c.getEmail() : null, new ArrayList<>(c.getTagsList()));
                    List<LineItem> items = new ArrayList<>(r.getItemsCount());
                    for (Records.LineItem it : r.getItemsList()) {
                        items.add(new LineItem(it.getSku(), Integer.toUnsignedLong(it.getQuantity()), it.getPriceCents(),
                                it.hasDiscount() ? it.getDiscount() : null));
                    }
                    TreeMap<String, String> attrs = Model.newAttributes();
                    for (Map.Entry<String, String> e : r.getAttributesMap().entrySet()) attrs.put(e.getKey(), e.getValue());
                    out.add(new Order(r.getId(), cu, items, attrs, r.hasNote() ? r.getNote() : null));
                }
                return out;
            }
        }
    }
}
