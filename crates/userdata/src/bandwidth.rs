//! Where the data lives: the sequential read bandwidth of the device that
//! holds the input, so that `balanced` counts moving the bytes as well as
//! encoding them. Measured on the input itself: its pages dropped from the
//! page cache (`posix_fadvise`), the drop proven with `mincore`, then up to
//! 256 MB read in order and timed. The file is only read. When the read
//! cannot be proven cold (tmpfs, a file too small to time) the answer says
//! why and names the default it assumes instead.

use encbench_measure::pagecache;
use std::io::Read;
use std::path::Path;
use std::time::Instant;

/// What a cloud block volume or a fast network share delivers, MB/s: the
/// assumption when the input's device cannot be measured.
pub const DEFAULT_MB_PER_S: f64 = 200.0;
/// The most of the file a measurement reads.
const PROBE_BYTES: u64 = 256 << 20;
/// The least a measurement must read to say anything about a device.
const MIN_BYTES: u64 = 8 << 20;

/// A bandwidth, and where the figure came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Bandwidth {
    /// MB/s (10⁶ bytes per second).
    pub mb_per_s: f64,
    /// `--link-bandwidth`, `measured: …` or `default: …`, in words.
    pub source: String,
}

impl Bandwidth {
    /// The bandwidth the user gave.
    pub fn given(mb_per_s: f64) -> Bandwidth {
        Bandwidth {
            mb_per_s,
            source: "--link-bandwidth".into(),
        }
    }

    /// The input's device, measured; else the default, with the reason.
    pub fn of_input(path: &Path) -> Bandwidth {
        match cold_read(path) {
            Ok(measured) => measured,
            Err(why) => Bandwidth {
                mb_per_s: DEFAULT_MB_PER_S,
                source: format!(
                    "default: {why}, so {DEFAULT_MB_PER_S} MB/s is assumed (a typical cloud disk); --link-bandwidth sets it"
                ),
            },
        }
    }
}

/// Reads up to [`PROBE_BYTES`] of `path` from a verified-cold cache.
fn cold_read(path: &Path) -> Result<Bandwidth, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size < MIN_BYTES {
        return Err(format!(
            "the input ({} MB) is too small to time a read of its disk",
            fmt(size as f64 / 1e6)
        ));
    }
    let fstype = pagecache::fs_type(path).unwrap_or_else(|| "an unknown file system".into());
    pagecache::evict_verified(path)
        .map_err(|why| format!("its disk cannot be read cold here ({why}; {fstype})"))?;
    let mut file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut buf = vec![0u8; 1 << 20];
    let (mut read, started) = (0u64, Instant::now());
    while read < PROBE_BYTES {
        match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => read += n as u64,
            Err(e) => return Err(format!("reading {}: {e}", path.display())),
        }
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    Ok(Bandwidth {
        mb_per_s: read as f64 / 1e6 / seconds,
        source: format!(
            "measured: {} MB of the input read cold (page-cache eviction verified) from {fstype}",
            fmt(read as f64 / 1e6)
        ),
    })
}

fn fmt(x: f64) -> String {
    encbench_format::units::significant(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_input_assumes_the_default_and_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("small.csv");
        std::fs::write(&path, "a,b\n1,2\n").unwrap();
        let b = Bandwidth::of_input(&path);
        assert_eq!(b.mb_per_s, DEFAULT_MB_PER_S);
        assert!(b.source.starts_with("default: the input"), "{}", b.source);
        assert!(b.source.contains("--link-bandwidth"), "{}", b.source);
    }

    #[test]
    fn a_large_input_is_measured_or_the_reason_is_given() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.bin");
        std::fs::write(&path, vec![7u8; (MIN_BYTES + 4096) as usize]).unwrap();
        let before = std::fs::read(&path).unwrap();
        let b = Bandwidth::of_input(&path);
        assert!(b.mb_per_s > 0.0 && b.mb_per_s.is_finite());
        assert!(
            b.source.starts_with("measured: ") || b.source.contains("cannot be read cold"),
            "{}",
            b.source
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "the input is only read"
        );
    }
}
