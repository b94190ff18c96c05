package encbench.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import java.util.List;

/** JSON, CBOR and Smile through Jackson's streaming API (JacksonIO). */
final class JacksonCodecs implements Codec.Coder {
    static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .build();
    static final CBORFactory CBOR = CBORFactory.builder().build();
    static final SmileFactory SMILE = SmileFactory.builder().build();

    static Codec.Coder json(Dataset ds) { return new JacksonCodecs(JSON, ds); }

    static Codec.Coder cbor(Dataset ds) { return new JacksonCodecs(CBOR, ds); }

    static Codec.Coder smile(Dataset ds) { return new JacksonCodecs(SMILE, ds); }

    private final JsonFactory factory;
    private final Dataset ds;
    private final ByteArrayBuilder buf = new ByteArrayBuilder(1 << 16);

    JacksonCodecs(JsonFactory factory, Dataset ds) {
        this.factory = factory;
        this.ds = ds;
    }

    @Override
    public byte[] encode(List<?> rows) throws Exception {
        buf.reset();
        try (JsonGenerator g = factory.createGenerator(buf)) {
            JacksonIO.writeBatch(g, ds, rows);
        }
        return buf.toByteArray();
    }

    @Override
    public List<Object> decode(byte[] data) throws Exception {
        try (JsonParser p = factory.createParser(data)) {
            return JacksonIO.readBatch(p, ds);
        }
    }
}
