package encbench.worker;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * JDK serialization of an ArrayList of Serializable records. Reading it
 * instantiates whatever classes the bytes name, so the worker's decode op
 * refuses it for another program's bytes (Codec.foreignSafe); its own
 * round trips run with a filter allowing only the record classes.
 */
final class JavaSerCodec implements Codec.Coder {
    private static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=20;maxarray=100000000;java.lang.Object;java.lang.Record;java.util.ArrayList;java.util.TreeMap;java.lang.String;java.lang.Double;java.lang.Number;"
                    + "encbench.worker.Model$*;java.lang.Enum;!*");
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream(1 << 16);

    JavaSerCodec(Dataset ds) {}

    @Override
    public byte[] encode(List<?> rows) throws Exception {
        buf.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(rows instanceof ArrayList<?> ? rows : new ArrayList<>(rows));
        }
        return buf.toByteArray();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Object> decode(byte[] data) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            in.setObjectInputFilter(FILTER);
            return (List<Object>) in.readObject();
        }
    }
}
