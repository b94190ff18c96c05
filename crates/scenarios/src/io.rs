//! I/O used by the file scenarios: counting lines through any reader, pacing
//! reads to a simulated device speed, the seed's shell pipelines, and the
//! read strategies (syscall per item, chunk sizes, whole file, mmap).

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Lines and bytes seen by a reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// `\n` bytes.
    pub lines: u64,
    /// All bytes.
    pub bytes: u64,
}

/// Counts lines by reading `reader` through a buffer of `chunk` bytes.
pub fn count_lines(mut reader: impl Read, chunk: usize) -> std::io::Result<Count> {
    let mut buf = vec![0u8; chunk];
    let mut count = Count { lines: 0, bytes: 0 };
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(count),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        count.lines += memchr::memchr_iter(b'\n', &buf[..n]).count() as u64;
        count.bytes += n as u64;
    }
}

/// Counts the lines of a byte slice.
pub fn count_slice(bytes: &[u8]) -> Count {
    Count {
        lines: memchr::memchr_iter(b'\n', bytes).count() as u64,
        bytes: bytes.len() as u64,
    }
}

/// A reader paced to at most `bytes_per_sec`, as a slower disk or link would deliver.
pub struct Throttled<R> {
    inner: R,
    bytes_per_sec: f64,
    start: Instant,
    delivered: u64,
}

impl<R: Read> Throttled<R> {
    /// Paces `inner` to `mb_per_s` megabytes (10⁶ B) per second.
    pub fn new(inner: R, mb_per_s: f64) -> Self {
        Throttled {
            inner,
            bytes_per_sec: mb_per_s * 1e6,
            start: Instant::now(),
            delivered: 0,
        }
    }
}

impl<R: Read> Read for Throttled<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.delivered += n as u64;
        let due = Duration::from_secs_f64(self.delivered as f64 / self.bytes_per_sec);
        if let Some(wait) = due.checked_sub(self.start.elapsed()) {
            std::thread::sleep(wait);
        }
        Ok(n)
    }
}

/// Finds an executable on PATH.
pub fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Runs `command < file | wc -l` as two processes joined by a pipe (no
/// shell) and returns the count `wc` printed.
pub fn shell_count(command: &[&str], file: &Path) -> Result<u64, String> {
    let (program, args) = command.split_first().ok_or("empty command")?;
    let input = File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut producer = Command::new(program)
        .args(args)
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting {program}: {e}"))?;
    let pipe = producer
        .stdout
        .take()
        .ok_or("no stdout from the producer")?;
    let wc = Command::new("wc")
        .arg("-l")
        .stdin(pipe)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("running wc: {e}"))?;
    let status = producer
        .wait()
        .map_err(|e| format!("waiting for {program}: {e}"))?;
    if !status.success() {
        return Err(format!("{program} exited with {status}"));
    }
    String::from_utf8_lossy(&wc.stdout)
        .trim()
        .parse()
        .map_err(|e| format!("wc printed {:?}: {e}", String::from_utf8_lossy(&wc.stdout)))
}

/// How a plain file is read to count its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// `read(2)` of this many bytes at a time, straight from the file.
    Chunk(usize),
    /// `BufReader::read_line` (8 KB buffer) per line.
    BufReadLines,
    /// `std::fs::read` of the whole file.
    Whole,
    /// `mmap` and count over the mapping.
    Mmap,
}

impl Strategy {
    /// Stable codec id.
    pub fn id(self) -> String {
        match self {
            Strategy::Chunk(n) if n < 1024 => format!("read/syscall-{n}b"),
            Strategy::Chunk(n) if n < 1 << 20 => format!("read/chunk-{}k", n >> 10),
            Strategy::Chunk(n) => format!("read/chunk-{}m", n >> 20),
            Strategy::BufReadLines => "read/bufread-lines".into(),
            Strategy::Whole => "read/whole".into(),
            Strategy::Mmap => "read/mmap".into(),
        }
    }

    /// Counts the lines of `path` this way.
    pub fn count(self, path: &Path) -> std::io::Result<Count> {
        match self {
            Strategy::Chunk(n) => count_lines(File::open(path)?, n),
            Strategy::BufReadLines => {
                let mut reader = BufReader::new(File::open(path)?);
                let mut line = Vec::new();
                let mut count = Count { lines: 0, bytes: 0 };
                loop {
                    line.clear();
                    let n = reader.read_until(b'\n', &mut line)?;
                    if n == 0 {
                        return Ok(count);
                    }
                    count.bytes += n as u64;
                    count.lines += u64::from(line.last() == Some(&b'\n'));
                }
            }
            Strategy::Whole => Ok(count_slice(&std::fs::read(path)?)),
            Strategy::Mmap => {
                let file = File::open(path)?;
                if file.metadata()?.len() == 0 {
                    return Ok(Count { lines: 0, bytes: 0 });
                }
                // SAFETY: encbench's own scratch file, not modified while mapped.
                let map = unsafe { memmap2::Mmap::map(&file)? };
                Ok(count_slice(&map))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_counts_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log");
        let text = crate::data::log_text(5000);
        std::fs::write(&path, &text).unwrap();
        for s in [
            Strategy::Chunk(90),
            Strategy::Chunk(4096),
            Strategy::Chunk(1 << 24),
            Strategy::BufReadLines,
            Strategy::Whole,
            Strategy::Mmap,
        ] {
            assert_eq!(
                s.count(&path).unwrap(),
                Count {
                    lines: 5000,
                    bytes: text.len() as u64
                },
                "{}",
                s.id()
            );
        }
        assert_eq!(Strategy::Chunk(90).id(), "read/syscall-90b");
        assert_eq!(Strategy::Chunk(4096).id(), "read/chunk-4k");
        assert_eq!(Strategy::Chunk(16 << 20).id(), "read/chunk-16m");
    }

    #[test]
    fn throttle_paces_reads() {
        let data = vec![b'\n'; 200_000];
        let start = Instant::now();
        let count = count_lines(Throttled::new(&data[..], 2.0), 65536).unwrap();
        assert_eq!(count.lines, 200_000);
        // 0.2 MB at 2 MB/s is 100 ms; allow scheduling slack upward only.
        assert!(
            start.elapsed() >= Duration::from_millis(95),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn shell_pipeline_counts_lines() {
        if which("wc").is_none() || which("cat").is_none() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log");
        std::fs::write(&path, crate::data::log_text(123)).unwrap();
        assert_eq!(shell_count(&["cat"], &path), Ok(123));
        let err = shell_count(&["false"], &path).expect_err("false fails");
        assert!(err.contains("false exited"), "{err}");
        assert!(shell_count(&["no-such-program-encbench"], &path)
            .unwrap_err()
            .contains("starting"));
    }
}
