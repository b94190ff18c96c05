package encbench.worker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The encbench repository root, where the worker reads the schemas it shares
 * with the Rust codecs (the Avro .avsc files): the -root argument, else
 * $ENCBENCH_ROOT, else the first directory holding Cargo.toml and
 * crates/codecs/src/avro walking up from the jar, then from the working
 * directory.
 */
public final class Root {
    private Root() {}

    private static Path root;

    public static synchronized void set(String dir) { root = Paths.get(dir); }

    public static synchronized Path get() {
        if (root != null) return root;
        String env = System.getenv("ENCBENCH_ROOT");
        if (env != null && !env.isEmpty()) return root = Paths.get(env);
        List<Path> starts = new ArrayList<>();
        try {
            starts.add(Paths.get(Root.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath());
        } catch (Exception e) {
            // no code source
        }
        starts.add(Paths.get("").toAbsolutePath());
        for (Path dir : starts) {
            for (Path d = dir; d != null; d = d.getParent()) {
                if (Files.isRegularFile(d.resolve("Cargo.toml")) && Files.isDirectory(d.resolve("crates/codecs/src/avro"))) {
                    return root = d;
                }
            }
        }
        throw new IllegalStateException("encbench repository root not found: pass -root DIR or set ENCBENCH_ROOT");
    }
}
