package encbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * encbench's Java record worker: the record datasets (logs, telemetry,
 * orders) through Java's libraries, speaking the record-worker protocol of
 * docs/workers.md ("Record workers") on stdin/stdout, one JSON object a line.
 *
 * Start: java -jar workers/java/target/encbench-records-worker.jar [-root DIR]
 * (the Avro schemas are read from the encbench repository: -root, else
 * $ENCBENCH_ROOT, else found walking up from the jar).
 */
public final class Main {
    static final ObjectMapper JSON = new ObjectMapper();
    /** Results folded here so the JIT cannot drop the work timed. */
    static volatile long sink;

    /** Warm-up: rounds of about this long, until two in a row agree within WARM_TOLERANCE, at most
     *  WARM_MAX_NS per operation unless prepare's warmup_ms says less or more. */
    static final long WARM_ROUND_NS = 50_000_000L, WARM_MAX_NS = 3_000_000_000L;
    static final double WARM_TOLERANCE = 0.03;

    private Main() {}

    // The records of the dataset being measured: one copy per process, shared
    // by every codec prepared on it, so the collector's live set is one
    // dataset rather than one per codec.
    private static Path loadedInput;
    private static Dataset loadedDs;
    private static List<Object> loadedRows;

    static List<Object> loaded(Path input, Dataset ds) throws IOException {
        if (loadedRows == null || !input.equals(loadedInput) || ds != loadedDs) {
            loadedRows = null;
            loadedRows = Canon.readJsonl(input, ds);
            loadedInput = input;
            loadedDs = ds;
        }
        return loadedRows;
    }

    /** One codec ready to time over one dataset. */
    static final class Prepared {
        final Codec codec;
        final Dataset ds;
        final Codec.Coder coder;
        final List<Object> rows;
        final byte[] encoded;
        final Map<String, Object> reply = new LinkedHashMap<>();

        Prepared(Codec codec, JsonNode req) throws Exception {
            this.codec = codec;
            this.ds = Dataset.parse(text(req, "dataset"));
            this.rows = loaded(Path.of(text(req, "input")), ds);
            this.coder = codec.coder(ds);
            this.encoded = coder.encode(rows).clone();
            String encOut = req.path("encoded_out").asText("");
            if (!encOut.isEmpty()) Files.write(Path.of(encOut), encoded);
            List<Object> decoded = coder.decode(encoded);
            List<String> got = Canon.lines(ds, decoded), want = Canon.lines(ds, rows);
            String decOut = req.path("decoded_out").asText("");
            if (!decOut.isEmpty()) Files.write(Path.of(decOut), Canon.bytes(ds, decoded));
            if (got.size() != want.size()) throw new IllegalStateException("decoded " + got.size() + " records, encoded " + want.size());
            for (int i = 0; i < got.size(); i++) {
                if (!got.get(i).equals(want.get(i))) {
                    throw new IllegalStateException(codec.id + ": record " + (i + 1) + " differs after the round trip: " + got.get(i) + " != " + want.get(i));
                }
            }
            long warmNs = req.has("warmup_ms") ? req.path("warmup_ms").asLong() * 1_000_000L : WARM_MAX_NS;
            warmUp("encode", warmNs);
            warmUp("decode", warmNs);
            reply.put("ok", true);
            reply.put("records", rows.size());
            reply.put("encoded_bytes", encoded.length);
        }

        void once(boolean encode) throws Exception {
            if (encode) {
                byte[] b = coder.encode(rows);
                sink += b.length + b[b.length >> 1];
            } else {
                List<Object> r = coder.decode(encoded);
                sink += r.size() + (r.isEmpty() ? 0 : r.get(r.size() - 1).hashCode());
            }
        }

        /** Rounds of ~50 ms until two consecutive rounds' per-op times agree within 3%, at most ~3 s. */
        void warmUp(String what, long maxNs) throws Exception {
            boolean enc = what.equals("encode");
            long start = System.nanoTime();
            double prev = -1;
            while (System.nanoTime() - start < maxNs) {
                long t0 = System.nanoTime(), n = 0, t;
                do {
                    once(enc);
                    n++;
                    t = System.nanoTime() - t0;
                } while (t < WARM_ROUND_NS);
                double per = (double) t / n;
                if (prev > 0 && Math.abs(per - prev) <= WARM_TOLERANCE * prev) return;
                prev = per;
            }
        }

        long run(String what, long iters) throws Exception {
            boolean enc;
            if ("encode".equals(what)) enc = true;
            else if ("decode".equals(what)) enc = false;
            else throw new IllegalArgumentException("run: what is encode or decode, not " + what);
            once(enc);
            // Every sample starts from a collected heap, so whether a young
            // collection lands inside it does not depend on the previous
            // sample (the collections the batch causes are still timed).
            System.gc();
            long t0 = System.nanoTime();
            for (long i = 0; i < iters; i++) once(enc);
            return System.nanoTime() - t0;
        }
    }

    static String text(JsonNode req, String field) {
        JsonNode n = req.get(field);
        if (n == null || !n.isTextual()) throw new IllegalArgumentException("request needs \"" + field + "\"");
        return n.asText();
    }

    static String runtime() {
        String vm = System.getProperty("java.vm.name", "Java");
        String name = vm.startsWith("OpenJDK") ? "OpenJDK" : vm;
        return name + " " + System.getProperty("java.version");
    }

    static Map<String, Object> hello() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("ok", true);
        r.put("language", "java");
        r.put("runtime", runtime());
        List<Map<String, Object>> codecs = new ArrayList<>();
        for (Codec c : Codec.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", c.id);
            m.put("format", c.format);
            m.put("library", c.library);
            m.put("summary", c.summary);
            codecs.add(m);
        }
        r.put("codecs", codecs);
        List<Map<String, Object>> unavailable = new ArrayList<>();
        Map<String, Object> pq = new LinkedHashMap<>();
        pq.put("id", "record-java/parquet");
        pq.put("reason", "parquet-java needs Hadoop's classes (parquet-hadoop); not bundled");
        unavailable.add(pq);
        r.put("unavailable", unavailable);
        return r;
    }

    /** Decodes bytes another program wrote; any failure, an Error included, is an answer. */
    static Map<String, Object> decodeForeign(Codec codec, JsonNode req) throws Exception {
        if (!codec.foreignSafe) throw new IllegalArgumentException(codec.id + " does not read another program's bytes (unsafe)");
        Dataset ds = Dataset.parse(text(req, "dataset"));
        byte[] data = Files.readAllBytes(Path.of(text(req, "input")));
        List<Object> rows = codec.coder(ds).decode(data);
        byte[] out = Canon.bytes(ds, rows); // rejects what JSON cannot carry (NaN)
        Files.write(Path.of(text(req, "decoded_out")), out);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("ok", true);
        r.put("records", rows.size());
        return r;
    }

    static Codec codec(JsonNode req) {
        JsonNode id = req.get("codec");
        Codec c = id == null ? null : Codec.lookup(id.asText());
        if (c == null) throw new IllegalArgumentException("unknown codec " + id);
        return c;
    }

    static void configureLimits() {
        // Avro's decoder bounds (read when Avro's classes load): what hostile bytes can make it allocate.
        System.setProperty("org.apache.avro.limits.bytes.maxLength", Integer.toString(1 << 28));
        System.setProperty("org.apache.avro.limits.string.maxLength", Integer.toString(1 << 28));
        System.setProperty("org.apache.avro.limits.collectionItems.maxLength", Integer.toString(1 << 26));
        // Arrow: no bounds checks off, no debug allocation logging.
        System.setProperty("arrow.enable_unsafe_memory_access", "false");
    }

    public static void main(String[] args) throws Exception {
        configureLimits();
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("-root") || args[i].equals("--root")) && i + 1 < args.length) Root.set(args[++i]);
        }
        // The protocol owns stdout: anything a library prints goes to stderr.
        PrintStream proto = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // Every codec prepared in this process, by id: `run` names one (or
        // means the last prepared), so one process serves a whole dataset.
        Map<String, Prepared> preparedByCodec = new java.util.HashMap<>();
        Prepared prepared = null;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<String, Object> reply;
            try {
                JsonNode req = JSON.readTree(line);
                String op = req.path("op").asText("");
                switch (op) {
                    case "hello" -> reply = hello();
                    case "prepare" -> {
                        Codec codec = codec(req);
                        preparedByCodec.remove(codec.id);
                        prepared = null;
                        prepared = new Prepared(codec, req);
                        preparedByCodec.put(codec.id, prepared);
                        reply = prepared.reply;
                    }
                    case "run" -> {
                        long iters = req.path("iters").asLong(0);
                        String named = req.path("codec").asText("");
                        Prepared target = named.isEmpty() ? prepared : preparedByCodec.get(named);
                        if (target == null || iters < 1) throw new IllegalArgumentException("run needs a prepared codec and iters >= 1");
                        reply = new LinkedHashMap<>();
                        long ns = target.run(req.path("what").asText(""), iters);
                        reply.put("ok", true);
                        reply.put("ns", ns);
                    }
                    case "decode" -> reply = decodeForeign(codec(req), req);
                    case "quit" -> {
                        proto.flush();
                        System.exit(0);
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown op " + op);
                }
            } catch (Throwable e) { // never a crash: OutOfMemoryError and StackOverflowError answer too
                reply = new LinkedHashMap<>();
                reply.put("ok", false);
                String msg = e.getClass().getSimpleName() + ": " + e.getMessage();
                reply.put("error", msg.length() > 2000 ? msg.substring(0, 2000) : msg);
            }
            proto.print(JSON.writeValueAsString(reply));
            proto.print('\n');
            proto.flush();
        }
        proto.flush();
        System.exit(0);
    }
}
