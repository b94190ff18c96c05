package encbench.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkerTest {
    static final Path TESTDATA = Root.get().resolve("workers/testdata");

    static Path fixture(Dataset ds) { return TESTDATA.resolve("records-" + ds.wire + ".jsonl"); }

    @Test
    void canonicalJsonLinesAreByteIdenticalToSerdeJson() throws Exception {
        for (Dataset ds : Dataset.values()) {
            byte[] want = Files.readAllBytes(fixture(ds));
            List<Object> rows = Canon.readJsonl(fixture(ds), ds);
            assertArrayEquals(want, Canon.bytes(ds, rows), ds.wire);
        }
    }

    static String f(double d) {
        StringBuilder sb = new StringBuilder();
        Canon.f64(sb, d);
        return sb.toString();
    }

    @Test
    void floatsAsRyu() {
        assertEquals("-0.0", f(-0.0));
        assertEquals("0.0", f(0.0));
        assertEquals("1e+300", f(1e300));
        assertEquals("1e-300", f(1e-300));
        assertEquals("2.2250738585072014e-308", f(2.2250738585072014e-308));
        assertEquals("5e-324", f(Double.MIN_VALUE));
        assertEquals("0.1", f(0.1));
        assertEquals("2.0", f(2.0));
        assertEquals("0.3333333333333333", f(1.0 / 3));
        assertEquals("1e+16", f(1e16));
        assertEquals("1000000000000000.0", f(1e15));
        assertEquals("0.0001", f(1e-4));
        assertEquals("0.00001", f(1e-5));
        assertEquals("1e-7", f(1e-7));
        assertEquals("1.5e+17", f(1.5e17));
        assertEquals("1.7976931348623157e+308", f(Double.MAX_VALUE));
        assertEquals("-2.5", f(-2.5));
        assertEquals("123456.789", f(123456.789));
        assertEquals("0.002", f(2e-3)); // JDK 17's Double.toString says 0.0020
    }

    @Test
    void attributesInUtf8ByteOrder() {
        TreeMap<String, String> m = Model.newAttributes();
        m.put("\uFFFD", "a");
        m.put("\uD83D\uDE00", "b"); // U+1F600 sorts after U+FFFD in UTF-8
        m.put("z", "c");
        assertEquals(List.of("z", "\uFFFD", "\uD83D\uDE00"), new ArrayList<>(m.keySet()));
    }

    @Test
    void everyCodecRoundTripsEveryFixture() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Codec c : Codec.all()) {
            for (Dataset ds : Dataset.values()) {
                try {
                    List<Object> rows = Canon.readJsonl(fixture(ds), ds);
                    Codec.Coder coder = c.coder(ds);
                    byte[] enc = coder.encode(rows);
                    byte[] enc2 = coder.encode(rows); // buffers reused
                    if (c.format != null && !c.id.endsWith("avro")) assertArrayEquals(enc, enc2, c.id + " is deterministic");
                    List<Object> back = coder.decode(enc.clone());
                    assertEquals(Canon.lines(ds, rows), Canon.lines(ds, back), c.id + " " + ds.wire);
                } catch (Throwable e) {
                    failures.add(c.id + " " + ds.wire + ": " + e);
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void standardFormatsReadRustBytes() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Codec c : Codec.all()) {
            if (c.format == null) continue;
            for (Dataset ds : Dataset.values()) {
                Path rust = TESTDATA.resolve("rust").resolve(ds.wire).resolve(c.format);
                try {
                    List<Object> rows = c.coder(ds).decode(Files.readAllBytes(rust));
                    assertArrayEquals(Files.readAllBytes(fixture(ds)), Canon.bytes(ds, rows), c.id + " reading " + rust);
                } catch (Throwable e) {
                    failures.add(c.id + " " + ds.wire + ": " + e);
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void hostileBytesAreErrors() throws Exception {
        byte[][] inputs = {
            new byte[0], "garbage".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f, 0, 0, 0, 0},
            new byte[] {(byte) 0xdd, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}, // msgpack array32 of 4G
            new byte[] {(byte) 0x9f, (byte) 0x9f, (byte) 0x9f}, // cbor nested indefinite arrays
        };
        List<String> failures = new ArrayList<>();
        for (Codec c : Codec.all()) {
            if (!c.foreignSafe) continue;
            for (Dataset ds : Dataset.values()) {
                for (int k = 0; k < inputs.length; k++) {
                    try {
                        List<Object> rows = c.coder(ds).decode(inputs[k]);
                        // the only acceptable success is an empty batch
                        if (!rows.isEmpty()) failures.add(c.id + " " + ds.wire + " input " + k + ": read garbage as records");
                    } catch (Exception e) {
                        // an error: fine
                    } catch (Throwable e) {
                        failures.add(c.id + " " + ds.wire + " input " + k + ": " + e);
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void protocolEndToEnd(@TempDir Path tmp) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "encbench.worker.Main", "-root", Root.get().toString());
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        ObjectMapper om = new ObjectMapper();
        try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            java.util.function.Function<Map<String, Object>, JsonNode> ask = req -> {
                try {
                    w.write(om.writeValueAsString(req) + "\n");
                    w.flush();
                    return om.readTree(r.readLine());
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            };
            JsonNode hello = ask.apply(Map.of("op", "hello"));
            assertTrue(hello.get("ok").asBoolean());
            assertEquals("java", hello.get("language").asText());
            assertTrue(hello.get("codecs").size() >= 8);
            Path enc = tmp.resolve("enc"), dec = tmp.resolve("dec.jsonl");
            JsonNode prep = ask.apply(Map.of("op", "prepare", "codec", "record-java/protobuf", "dataset", "logs",
                    "input", fixture(Dataset.LOGS).toString(), "encoded_out", enc.toString(), "decoded_out", dec.toString()));
            assertTrue(prep.get("ok").asBoolean(), prep.toString());
            assertEquals(20, prep.get("records").asInt());
            assertEquals(Files.size(enc), prep.get("encoded_bytes").asLong());
            assertArrayEquals(Files.readAllBytes(fixture(Dataset.LOGS)), Files.readAllBytes(dec));
            for (String what : new String[] {"encode", "decode"}) {
                JsonNode run = ask.apply(Map.of("op", "run", "what", what, "iters", 10));
                assertTrue(run.get("ok").asBoolean(), run.toString());
                assertTrue(run.get("ns").asLong() > 0);
            }
            Path garbage = tmp.resolve("garbage");
            Files.write(garbage, new byte[] {1, 2, 3, (byte) 0xff, 0x7f});
            for (Codec c : Codec.all()) {
                JsonNode bad = ask.apply(Map.of("op", "decode", "codec", c.id, "dataset", "orders",
                        "input", garbage.toString(), "decoded_out", tmp.resolve("x.jsonl").toString()));
                assertFalse(bad.get("ok").asBoolean(), c.id + ": " + bad);
            }
            Path rust = TESTDATA.resolve("rust/telemetry/cbor");
            JsonNode good = ask.apply(Map.of("op", "decode", "codec", "record-java/jackson-cbor", "dataset", "telemetry",
                    "input", rust.toString(), "decoded_out", dec.toString()));
            assertTrue(good.get("ok").asBoolean(), good.toString());
            assertArrayEquals(Files.readAllBytes(fixture(Dataset.TELEMETRY)), Files.readAllBytes(dec));
            JsonNode unknown = ask.apply(Map.of("op", "nope"));
            assertFalse(unknown.get("ok").asBoolean());
            w.write("{\"op\":\"quit\"}\n");
            w.flush();
        }
        assertEquals(0, p.waitFor());
    }
}
