package encbench.worker;

/** The three record datasets of the codec matrix. */
public enum Dataset {
    LOGS("logs"), TELEMETRY("telemetry"), ORDERS("orders");

    public final String wire;

    Dataset(String wire) { this.wire = wire; }

    public static Dataset parse(String s) {
        for (Dataset d : values()) {
            if (d.wire.equals(s)) return d;
        }
        throw new IllegalArgumentException("unknown dataset " + s + " (expected logs, telemetry or orders)");
    }
}
