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
use std::path::Path;

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
    if same_file(input, output) {
        return Err(fail(
            "is the input file; encbench never modifies its input".into(),
        ));
    }
    if output.exists() && !force {
        return Err(fail("already exists; pass --force to replace it".into()));
    }
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

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}
