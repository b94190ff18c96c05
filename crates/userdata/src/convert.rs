//! `--convert`: write the table in one format (optionally compressed),
//! read the written file back, and compare it row by row with the table
//! before calling it done. The output is written to a temporary file in
//! the same directory and renamed into place only after the check, so a
//! failure never leaves a partial or wrong file; an existing file is never
//! replaced without `force`, and the input is never the output.

use crate::candidates::Candidate;
use crate::table::Table;
use crate::Error;
use encbench_codecs::compression::Compressor;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files conversions have open, for a Ctrl-C handler: its
/// `exit` skips the destructors that would otherwise remove them.
static PENDING: Registry = Registry(Mutex::new(Vec::new()));

/// Removes every conversion's temporary file (called on Ctrl-C).
pub fn remove_pending() {
    PENDING.remove_all();
}

struct Registry(Mutex<Vec<PathBuf>>);

impl Registry {
    fn remove_all(&self) {
        let paths = self.0.lock().map(|p| p.clone()).unwrap_or_default();
        for path in paths {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Lists `path` until the returned guard drops.
    fn list(&self, path: &Path) -> Listed<'_> {
        if let Ok(mut p) = self.0.lock() {
            p.push(path.to_path_buf());
        }
        Listed(self, path.to_path_buf())
    }
}

struct Listed<'a>(&'a Registry, PathBuf);

impl Drop for Listed<'_> {
    fn drop(&mut self) {
        if let Ok(mut p) = (self.0).0.lock() {
            p.retain(|x| *x != self.1);
        }
    }
}

/// What a successful conversion wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// Bytes written.
    pub bytes: u64,
    /// Rows written and read back equal.
    pub rows: usize,
}

/// Writes `table` to `output` as `candidate` (then `compressor`), verified.
pub fn convert(
    table: &Table,
    candidate: &dyn Candidate,
    compressor: Option<&dyn Compressor>,
    input: &Path,
    output: &Path,
    force: bool,
) -> Result<Converted, Error> {
    let fail = |why: String| Error::Write {
        path: output.to_path_buf(),
        why,
    };
    check_output(input, output, force)?;
    let mut bytes = Vec::new();
    candidate.encode(table, &mut bytes)?;
    if let Some(c) = compressor {
        let mut small = Vec::new();
        c.compress(&bytes, &mut small)
            .map_err(|e| fail(format!("{}: {e}", c.id())))?;
        bytes = small;
    }
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".encbench-convert-")
        .tempfile_in(dir)
        .map_err(|e| {
            fail(format!(
                "cannot create a temporary file in {}: {e}",
                dir.display()
            ))
        })?;
    let _listed = PENDING.list(temp.path());
    temp.write_all(&bytes)
        .and_then(|_| temp.as_file().sync_all())
        .map_err(|e| fail(format!("write failed: {e}")))?;
    // Read back what is on disk, not what is in memory.
    let on_disk =
        std::fs::read(temp.path()).map_err(|e| fail(format!("cannot read it back: {e}")))?;
    let plain = match compressor {
        Some(c) => {
            let mut out = Vec::new();
            c.decompress(&on_disk, &mut out)
                .map_err(|e| fail(format!("{}: {e}", c.id())))?;
            out
        }
        None => on_disk,
    };
    let back = candidate.decode(&plain, &table.schema)?;
    if let Some(diff) = table.first_difference(&back) {
        return Err(fail(format!(
            "read back differs from the input ({diff}); nothing was written"
        )));
    }
    let persisted = match force {
        true => temp.persist(output).map_err(|e| e.error),
        false => temp.persist_noclobber(output).map_err(|e| e.error),
    };
    persisted.map_err(|e| fail(format!("cannot move the verified file into place: {e}")))?;
    Ok(Converted {
        bytes: bytes.len() as u64,
        rows: back.rows(),
    })
}

/// Whether `output` may be written: never the input, and not an existing
/// file without `force`. Also asked before any reading or measuring, so a
/// refusal comes at once.
pub fn check_output(input: &Path, output: &Path, force: bool) -> Result<(), Error> {
    let fail = |why: &str| Error::Write {
        path: output.to_path_buf(),
        why: why.to_string(),
    };
    if same_file(input, output) {
        return Err(fail("is the input file; encbench never modifies its input"));
    }
    if output.exists() && !force {
        return Err(fail("already exists; pass --force to replace it"));
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::by_id;
    use crate::schema::Schema;

    #[test]
    fn an_interrupted_conversion_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let temp = tempfile::Builder::new()
            .prefix(".encbench-convert-")
            .tempfile_in(dir.path())
            .unwrap();
        let path = temp.path().to_path_buf();
        // A registry of its own: other tests convert in parallel.
        let registry = Registry(Mutex::new(Vec::new()));
        let listed = registry.list(&path);
        // What the Ctrl-C handler does, then `exit` (no destructors).
        registry.remove_all();
        assert!(!path.exists());
        std::mem::forget(temp);
        drop(listed);
        assert!(registry.0.lock().unwrap().is_empty());
    }

    /// Writes like CSV but reads back one row short: a broken format.
    struct Lossy;

    impl Candidate for Lossy {
        fn id(&self) -> &'static str {
            "lossy"
        }
        fn summary(&self) -> &'static str {
            "drops the last row on read"
        }
        fn extension(&self) -> &'static str {
            "csv"
        }
        fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
            by_id("csv").unwrap().encode(table, out)
        }
        fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
            let mut t = by_id("csv").unwrap().decode(bytes, schema)?;
            let keep = t.rows() - 1;
            t.truncate_to(keep);
            Ok(t)
        }
    }

    fn table() -> Table {
        crate::candidates::tests::sample_table()
    }

    #[test]
    fn a_file_that_reads_back_differently_is_never_left_behind() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("t.csv");
        let e = convert(&table(), &Lossy, None, Path::new("in.csv"), &out, false)
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("read back differs from the input (2 rows read back, 3 expected); nothing was written"),
            "{e}"
        );
        assert!(!out.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "no temporary file left"
        );
    }

    #[test]
    fn compressed_output_round_trips_and_existing_files_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("t.parquet.zst");
        let zstd = encbench_codecs::compression::Zstd(3);
        let parquet = by_id("parquet").unwrap();
        let done = convert(
            &table(),
            parquet.as_ref(),
            Some(&zstd),
            Path::new("in.csv"),
            &out,
            false,
        )
        .unwrap();
        assert_eq!(done.rows, 3);
        assert_eq!(std::fs::metadata(&out).unwrap().len(), done.bytes);
        let e = convert(
            &table(),
            parquet.as_ref(),
            None,
            Path::new("in.csv"),
            &out,
            false,
        )
        .unwrap_err();
        assert!(e
            .to_string()
            .ends_with("already exists; pass --force to replace it"));
        convert(
            &table(),
            parquet.as_ref(),
            None,
            Path::new("in.csv"),
            &out,
            true,
        )
        .unwrap();
    }
}
