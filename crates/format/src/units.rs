//! Numbers for people: durations and sizes in the unit that fits.

/// Formats nanoseconds as ns, µs, ms or s with three significant digits.
pub fn duration(ns: f64) -> String {
    let (value, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    format!("{} {unit}", significant(value))
}

/// Formats a byte count as B, KB, MB or GB (powers of 1000).
pub fn bytes(n: f64) -> String {
    let (value, unit) = if n < 1e3 {
        return format!("{n:.0} B");
    } else if n < 1e6 {
        (n / 1e3, "KB")
    } else if n < 1e9 {
        (n / 1e6, "MB")
    } else {
        (n / 1e9, "GB")
    };
    format!("{} {unit}", significant(value))
}

/// Formats a rate in MB/s or GB/s.
pub fn rate(mb_per_s: f64) -> String {
    if mb_per_s >= 1000.0 {
        format!("{} GB/s", significant(mb_per_s / 1000.0))
    } else {
        format!("{} MB/s", significant(mb_per_s))
    }
}

/// An item count: `1000`, `10.0 k`, `1.00 M`.
pub fn count(n: f64) -> String {
    match n {
        n if n < 1e4 => significant(n),
        n if n < 1e6 => format!("{} k", significant(n / 1e3)),
        n if n < 1e9 => format!("{} M", significant(n / 1e6)),
        n => format!("{} G", significant(n / 1e9)),
    }
}

/// Three significant digits, no exponent (the form every output prints figures in).
pub fn significant(v: f64) -> String {
    let a = v.abs();
    if a >= 100.0 || a == 0.0 {
        format!("{v:.0}")
    } else if a >= 10.0 {
        format!("{v:.1}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}
