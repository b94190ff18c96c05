package encbench.worker;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/** One record-java codec: whole batches of one dataset to bytes and back. */
public final class Codec {
    /** Encodes and decodes whole batches of one dataset; may keep buffers between calls. */
    public interface Coder {
        byte[] encode(List<?> rows) throws Exception;

        List<Object> decode(byte[] data) throws Exception;
    }

    public final String id;
    /** The standard format of docs/workers.md, null for Java's own. */
    public final String format;
    public final String library;
    public final String summary;
    /** Whether the decode op may read another program's bytes with it. */
    public final boolean foreignSafe;
    private final Function<Dataset, Coder> factory;

    Codec(String name, String format, String library, String summary, boolean foreignSafe, Function<Dataset, Coder> factory) {
        this.id = "record-java/" + name;
        this.format = format;
        this.library = library;
        this.summary = summary;
        this.foreignSafe = foreignSafe;
        this.factory = factory;
    }

    public Coder coder(Dataset ds) { return factory.apply(ds); }

    static final Properties VERSIONS = new Properties();

    static {
        try (InputStream in = Codec.class.getResourceAsStream("/encbench-versions.properties")) {
            if (in != null) VERSIONS.load(in);
        } catch (Exception e) {
            // versions stay unknown
        }
    }

    static String version(String key) {
        String v = VERSIONS.getProperty(key);
        return v == null || v.startsWith("$") ? "(version unknown)" : v;
    }

    private static final Map<String, Codec> REGISTRY = new LinkedHashMap<>();

    private static void add(Codec c) { REGISTRY.put(c.id, c); }

    static {
        String jackson = version("jackson");
        add(new Codec("jackson-json", "json", "jackson-core " + jackson, "Jackson streaming JsonGenerator/JsonParser, one JSON array of record objects", true, JacksonCodecs::json));
        add(new Codec("jackson-cbor", "cbor", "jackson-dataformat-cbor " + jackson, "Jackson CBOR streaming, an array of definite-length maps with text keys, floats as float64", true, JacksonCodecs::cbor));
        add(new Codec("jackson-smile", null, "jackson-dataformat-smile " + jackson, "Jackson Smile (binary JSON) streaming, an array of record objects", true, JacksonCodecs::smile));
        add(new Codec("msgpack", "msgpack", "msgpack-core " + version("msgpack"), "msgpack-java MessagePacker/MessageUnpacker, an array of maps with string keys, compact ints", true, MsgpackCodec::new));
        add(new Codec("kryo", null, "kryo " + version("kryo"), "Kryo 5 (registration required, no references), an ArrayList of Java records", true, KryoCodec::new));
        add(new Codec("java-serialization", null, "java.io.ObjectOutputStream (JDK " + System.getProperty("java.version") + ")", "JDK serialization of an ArrayList of Serializable records (decode op refuses foreign bytes: unsafe)", false, JavaSerCodec::new));
        add(new Codec("protobuf", "protobuf", "protobuf-java " + version("protobuf"), "protobuf-java generated classes of records.proto, the LogBatch/TelemetryBatch/OrderBatch message", true, ProtobufCodec::new));
        add(new Codec("avro", "avro", "avro " + version("avro"), "Apache Avro GenericDatumWriter/Reader, an object container file, null codec, the .avsc schemas", true, AvroCodec::new));
        add(new Codec("flatbuffers", "flatbuffers", "flatbuffers-java " + version("flatbuffers"), "flatc-generated Java, the size-prefixed Batch table, read field by field", true, FlatbuffersCodec::new));
        add(new Codec("arrow-ipc", "arrow-ipc", "arrow-vector " + version("arrow"), "Apache Arrow Java vectors, an IPC stream of one record batch, read field by field", true, ArrowCodec::new));
        add(new Codec("bson", "bson", "org.mongodb:bson " + version("bson"), "MongoDB BSON BsonBinaryWriter/Reader, one document {\"r\": [...]}, unsigned 64-bit as int64", true, BsonCodec::new));
    }

    public static Codec lookup(String id) { return REGISTRY.get(id); }

    public static List<Codec> all() { return new ArrayList<>(REGISTRY.values()); }
}
