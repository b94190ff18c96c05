//! Deterministic datasets (seeded, sized by mode) and the directory of real
//! data files shared beside the repository.

use encbench_codecs::records::{Customer, LineItem, LogRecord, Order, Telemetry};
use encbench_codecs::wkb::{ByteOrder, Coord, Geometry};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

/// Seed of every generator, so two runs (and two machines) measure the same bytes.
pub const SEED: u64 = 0x5eed_000e_bc4e_7c42;

fn rng(stream: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(SEED);
    r.set_stream(stream);
    r
}

/// `n` values uniform in `[0, 1_000_000)`, as in seed 000.
pub fn uniform_ints(n: usize) -> Vec<i32> {
    let mut r = rng(0);
    (0..n).map(|_| r.random_range(0..1_000_000)).collect()
}

/// `n` values of exactly `digits` decimal digits (1 to 10, all fitting an
/// `i32`): the shortest and the longest lines a text integer file can have.
pub fn ints_of_digits(n: usize, digits: u32) -> Vec<i32> {
    let mut r = rng(20 + u64::from(digits));
    let low = if digits <= 1 {
        0
    } else {
        10i64.pow(digits - 1)
    };
    let high = (10i64.pow(digits) - 1).min(i64::from(i32::MAX));
    (0..n).map(|_| r.random_range(low..=high) as i32).collect()
}

/// `n` i64 with magnitudes spread over 1 to 19 digits and both signs, so
/// variable-length codecs see every length.
pub fn mixed_i64(n: usize) -> Vec<i64> {
    let mut r = rng(1);
    (0..n)
        .map(|_| {
            let bits = r.random_range(1..=63);
            let magnitude = r.random::<u64>() >> (64 - bits);
            let v = magnitude as i64;
            if r.random_bool(0.5) {
                -v
            } else {
                v
            }
        })
        .collect()
}

/// Seed 002's ten words: the first 8 hex digits of md5("0") … md5("9").
pub fn log_words() -> Vec<String> {
    use md5::{Digest, Md5};
    (0..10)
        .map(|i: u32| {
            let digest = Md5::digest(i.to_string().as_bytes());
            digest.iter().take(4).map(|b| format!("{b:02x}")).collect()
        })
        .collect()
}

/// Seed 002's log: `lines` lines of ten words drawn uniformly from [`log_words`].
pub fn log_text(lines: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(lines * 90);
    // Writing into a Vec cannot fail.
    let _ = write_log(&mut out, lines);
    out
}

/// Streams the same log as [`log_text`] into `out` (a file, without holding it in memory).
pub fn write_log(out: &mut impl std::io::Write, lines: usize) -> std::io::Result<()> {
    let words = log_words();
    let mut r = rng(3);
    let mut line = Vec::with_capacity(90);
    for _ in 0..lines {
        line.clear();
        for w in 0..10 {
            if w > 0 {
                line.push(b' ');
            }
            line.extend_from_slice(words[r.random_range(0..10)].as_bytes());
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// `n` geometries, mostly polygons (as in the seed's WKB benchmark), with
/// some of every other type; each comes with the byte order to write it in
/// (a third big-endian).
pub fn geometries(n: usize) -> Vec<(Geometry, ByteOrder)> {
    let mut r = rng(2);
    (0..n)
        .map(|i| {
            let order = if i % 3 == 2 {
                ByteOrder::Big
            } else {
                ByteOrder::Little
            };
            let g = match r.random_range(0..10) {
                0 => Geometry::Point(coord(&mut r)),
                1 => Geometry::LineString(line(&mut r, 2, 64)),
                2 => Geometry::MultiPoint(line(&mut r, 1, 16)),
                3 => Geometry::MultiLineString(
                    (0..r.random_range(1..4))
                        .map(|_| line(&mut r, 2, 32))
                        .collect(),
                ),
                4 => Geometry::MultiPolygon(
                    (0..r.random_range(1..4)).map(|_| polygon(&mut r)).collect(),
                ),
                _ => Geometry::Polygon(polygon(&mut r)),
            };
            (g, order)
        })
        .collect()
}

fn coord(r: &mut ChaCha8Rng) -> Coord {
    Coord {
        x: r.random_range(-180.0..180.0),
        y: r.random_range(-90.0..90.0),
    }
}

fn line(r: &mut ChaCha8Rng, min: usize, max: usize) -> Vec<Coord> {
    (0..r.random_range(min..=max)).map(|_| coord(r)).collect()
}

/// A closed outer ring and up to two closed holes.
fn polygon(r: &mut ChaCha8Rng) -> Vec<Vec<Coord>> {
    (0..r.random_range(1..=3))
        .map(|_| {
            let mut ring = line(r, 3, 96);
            ring.push(ring[0]);
            ring
        })
        .collect()
}

const METHODS: [&str; 4] = ["GET", "GET", "POST", "PUT"];
const AGENTS: [&str; 3] = [
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
    "curl/8.5.0",
];

/// `n` web access-log records (string-heavy).
pub fn log_records(n: usize) -> Vec<LogRecord> {
    let mut r = rng(4);
    (0..n)
        .map(|i| LogRecord {
            timestamp_ms: 1_700_000_000_000 + i as i64 * 37 + r.random_range(0..37),
            ip: [r.random(), r.random(), r.random(), r.random()],
            user_id: r.random_range(1..5_000_000),
            method: METHODS[r.random_range(0..METHODS.len())].into(),
            path: format!(
                "/api/v2/items/{}/reviews?page={}",
                r.random_range(1..100_000),
                r.random_range(1..50)
            ),
            status: [200, 200, 200, 304, 404, 500][r.random_range(0..6)],
            bytes: r.random_range(0..250_000),
            referrer: r
                .random_bool(0.6)
                .then(|| format!("https://search.example/?q=item{}", r.random_range(0..1000))),
            user_agent: AGENTS[r.random_range(0..AGENTS.len())].into(),
        })
        .collect()
}

/// `n` sensor rows (number-heavy).
pub fn telemetry(n: usize) -> Vec<Telemetry> {
    let mut r = rng(5);
    (0..n)
        .map(|i| Telemetry {
            timestamp_us: 1_700_000_000_000_000 + i as i64 * 1_000,
            sensor: r.random_range(0..512),
            readings: std::array::from_fn(|k| 20.0 + k as f64 + r.random_range(-5.0..5.0)),
            counters: std::array::from_fn(|_| r.random_range(0..1_000_000)),
            flags: r.random(),
        })
        .collect()
}

/// `n` nested orders with optional fields, lists and maps.
pub fn orders(n: usize) -> Vec<Order> {
    let mut r = rng(6);
    (0..n as u64)
        .map(|id| {
            let customer = r.random_range(1..100_000u64);
            Order {
                id,
                customer: Customer {
                    id: customer,
                    name: format!("Customer {customer}"),
                    email: r
                        .random_bool(0.8)
                        .then(|| format!("c{customer}@example.org")),
                    tags: (0..r.random_range(0..4))
                        .map(|t| ["new", "vip", "b2b", "eu"][t].to_string())
                        .collect(),
                },
                items: (0..r.random_range(1..6))
                    .map(|_| LineItem {
                        sku: format!("SKU-{:06}", r.random_range(0..1_000_000)),
                        quantity: r.random_range(1..10),
                        price_cents: r.random_range(99..100_000),
                        discount: r
                            .random_bool(0.2)
                            .then(|| f64::from(r.random_range(5..50u8)) / 100.0),
                    })
                    .collect(),
                attributes: (0..r.random_range(0..3))
                    .map(|k| {
                        (
                            ["channel", "campaign", "gift"][k].to_string(),
                            format!("v{}", r.random_range(0..100)),
                        )
                    })
                    .collect(),
                note: r
                    .random_bool(0.1)
                    .then(|| "please leave at the door".to_string()),
            }
        })
        .collect()
}

/// Where the shared real-data directory was looked for, and where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct DataDir {
    /// The directory in use, if any candidate exists.
    pub found: Option<PathBuf>,
    /// Every candidate tried, in order.
    pub tried: Vec<PathBuf>,
}

/// Default location, relative to the working directory (the repository root).
pub const DEFAULT_DATA_DIR: &str = "../shared/data";

/// Picks the data directory: an explicit choice (flag or `ENCBENCH_DATA_DIR`)
/// is used alone; otherwise `../shared/data` from the working directory, then
/// beside the source tree encbench was built from.
pub fn resolve_data_dir(explicit: Option<&Path>) -> DataDir {
    let tried: Vec<PathBuf> = match explicit {
        Some(p) => vec![p.to_path_buf()],
        None => vec![
            PathBuf::from(DEFAULT_DATA_DIR),
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
        ],
    };
    let found = tried.iter().find(|p| p.is_dir()).cloned();
    DataDir { found, tried }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_deterministic_and_in_range() {
        assert_eq!(uniform_ints(1000), uniform_ints(1000));
        assert!(uniform_ints(10_000)
            .iter()
            .all(|v| (0..1_000_000).contains(v)));
        assert!(ints_of_digits(1000, 1).iter().all(|v| (0..10).contains(v)));
        assert!(ints_of_digits(1000, 10).iter().all(|v| *v >= 1_000_000_000));
        let ints = mixed_i64(4096);
        assert_eq!(ints, mixed_i64(4096));
        assert!(ints.iter().any(|v| *v < 0) && ints.iter().any(|v| v.unsigned_abs() > 1 << 60));
        assert_eq!(geometries(50), geometries(50));
    }

    #[test]
    fn log_words_are_the_seeds_md5_prefixes() {
        let words = log_words();
        assert_eq!(words[0], "cfcd2084"); // md5("0") = cfcd208495d565ef66e7dff9f98764da
        assert_eq!(words[1], "c4ca4238"); // md5("1") = c4ca4238a0b923820dcc509a6f75849b
        assert_eq!(words.len(), 10);
        let text = log_text(1000);
        assert_eq!(text.len(), 1000 * 90);
        let mut streamed = Vec::new();
        write_log(&mut streamed, 1000).unwrap();
        assert_eq!(streamed, text);
        assert_eq!(text.iter().filter(|b| **b == b'\n').count(), 1000);
    }

    #[test]
    fn record_generators_are_deterministic() {
        assert_eq!(log_records(50), log_records(50));
        assert_eq!(telemetry(50), telemetry(50));
        assert_eq!(orders(50), orders(50));
        assert!(
            orders(200).iter().any(|o| o.note.is_some())
                && orders(200).iter().any(|o| o.customer.email.is_none())
        );
    }

    #[test]
    fn generated_polygons_have_closed_rings() {
        for (g, _) in geometries(200) {
            if let Geometry::Polygon(rings) = g {
                for ring in rings {
                    assert_eq!(ring.first(), ring.last());
                    assert!(ring.len() >= 4);
                }
            }
        }
    }

    #[test]
    fn an_explicit_missing_dir_is_reported_not_replaced() {
        let d = resolve_data_dir(Some(Path::new("/no/such/dir")));
        assert_eq!(d.found, None);
        assert_eq!(d.tried, vec![PathBuf::from("/no/such/dir")]);
    }
}
