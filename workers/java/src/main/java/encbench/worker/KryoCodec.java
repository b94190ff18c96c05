package encbench.worker;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Kryo 5: an ArrayList of the Java records (Kryo's record serializer),
 * every class registered (registration required, so bytes cannot name any
 * other class), references off, the output buffer reused.
 */
final class KryoCodec implements Codec.Coder {
    private final Kryo kryo = new Kryo();
    private final Output out = new Output(1 << 16, -1);

    KryoCodec(Dataset ds) {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.register(ArrayList.class);
        kryo.register(TreeMap.class);
        kryo.register(Model.CodePointOrder.class);
        kryo.register(byte[].class);
        kryo.register(double[].class);
        kryo.register(int[].class);
        kryo.register(Model.LogRecord.class);
        kryo.register(Model.Telemetry.class);
        kryo.register(Model.Customer.class);
        kryo.register(Model.LineItem.class);
        kryo.register(Model.Order.class);
    }

    @Override
    public byte[] encode(List<?> rows) {
        out.reset();
        kryo.writeObject(out, rows instanceof ArrayList<?> ? rows : new ArrayList<>(rows));
        return out.toBytes();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Object> decode(byte[] data) {
        Input in = new Input(data);
        List<Object> rows = kryo.readObject(in, ArrayList.class);
        if (in.position() != data.length) throw new IllegalArgumentException("kryo: trailing bytes after the batch");
        return rows;
    }
}
