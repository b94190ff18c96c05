//! Out of memory is an error, not an abort. The file is never held; what
//! is held is the sample (bounded by `--sample-mb`), a chunk of records
//! and a batch of rows. A sample larger than the memory the machine has
//! free is refused before it is drawn, with a message naming the file,
//! what would be held, and the flag that avoids it; the buffers that can
//! still grow (a long record, postcard's read-back) use `try_reserve`.

use crate::Error;
use std::path::Path;

/// Bytes of memory the kernel reports available (`MemAvailable`), if known.
pub fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// What holding a sample of `bytes` of text costs: the text, its typed
/// table, and every table codec's encoding of it, with room to spare.
pub const SAMPLE_MEMORY_FACTOR: u64 = 16;

/// Refuses a sample limit whose working set would not fit in `available` bytes.
pub fn check_sample(path: &Path, limit: u64, available: Option<u64>) -> Result<(), Error> {
    let need = limit.saturating_mul(SAMPLE_MEMORY_FACTOR);
    match available {
        Some(free) if need > free => Err(Error::OutOfMemory {
            path: path.to_path_buf(),
            what: "a sample of this size, its typed table and its encodings",
            need: need as usize,
            hint: "pass a smaller --sample-mb (the sample is held in memory; the file is not)",
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_larger_than_free_memory_is_refused_with_the_flag() {
        let path = Path::new("big.csv");
        assert!(check_sample(path, 2_000_000, Some(1 << 30)).is_ok());
        assert!(check_sample(path, 2_000_000, None).is_ok());
        let e = check_sample(path, 1 << 30, Some(1 << 30))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("big.csv: out of memory holding a sample of this size"),
            "{e}"
        );
        assert!(
            e.ends_with(
                "pass a smaller --sample-mb (the sample is held in memory; the file is not)"
            ),
            "{e}"
        );
    }
}
