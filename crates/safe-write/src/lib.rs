//! Writing a file without ever losing one of the user's: a target is
//! refused when it is one of the command's inputs (same device and inode,
//! so through symlinks and hard links too) or, without `force`, when it
//! already exists. Bytes go to a uniquely named temporary file beside the
//! target (created 0666 less the umask, as a plain new file would be),
//! are synced, then renamed into place; the temporary file is removed on
//! error, on drop, and by [`remove_pending`] on Ctrl-C.

use std::fs::File;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files being written, for a Ctrl-C handler: its `exit` skips
/// the destructors that would otherwise remove them.
static PENDING: Registry = Registry(Mutex::new(Vec::new()));

/// Removes every temporary file still being written (called on Ctrl-C).
pub fn remove_pending() {
    PENDING.remove_all();
}

pub(crate) struct Registry(pub(crate) Mutex<Vec<PathBuf>>);

impl Registry {
    pub(crate) fn remove_all(&self) {
        let paths = self.0.lock().map(|p| p.clone()).unwrap_or_default();
        for path in paths {
            let _ = match path.is_dir() {
                true => std::fs::remove_dir_all(path),
                false => std::fs::remove_file(path),
            };
        }
    }

    /// Lists `path` until the returned guard drops.
    pub(crate) fn list(&self, path: &Path) -> Listed<'_> {
        if let Ok(mut p) = self.0.lock() {
            p.push(path.to_path_buf());
        }
        Listed(self, path.to_path_buf())
    }
}

pub(crate) struct Listed<'a>(&'a Registry, PathBuf);

impl Drop for Listed<'_> {
    fn drop(&mut self) {
        if let Ok(mut p) = (self.0).0.lock() {
            p.retain(|x| *x != self.1);
        }
    }
}

/// Whether `a` and `b` name the same file: same device and inode when
/// both exist (links followed); otherwise the same canonical parent and name.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        (Err(_), Err(_)) => match (canonical_target(a), canonical_target(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        // One exists and the other does not: not the same file.
        _ => false,
    }
}

fn canonical_target(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    Some(parent(path).canonicalize().ok()?.join(name))
}

/// The directory a target is written in (`.` for a bare name).
pub fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Why `target` may not be written, or `None`: never one of `inputs`,
/// never an existing file without `force`, never a directory.
pub fn refusal(target: &Path, inputs: &[&Path], force: bool) -> Option<String> {
    if let Some(input) = inputs.iter().find(|i| same_file(i, target)) {
        return Some(format!(
            "is the input {} (the same file); encbench never overwrites its input",
            input.display()
        ));
    }
    if target.is_dir() {
        return Some("is a directory".into());
    }
    if !parent(target).is_dir() {
        return Some(format!(
            "directory {} does not exist",
            parent(target).display()
        ));
    }
    if std::fs::symlink_metadata(target).is_ok() && !force {
        return Some("already exists; pass --force to replace it".into());
    }
    None
}

/// A file being written: a temporary file beside its target until [`commit`](Self::commit).
pub struct Atomic {
    temp: tempfile::NamedTempFile,
    target: PathBuf,
    _listed: Listed<'static>,
}

impl Atomic {
    /// Starts writing `target` (nothing appears under its name until commit).
    pub fn create(target: &Path) -> std::io::Result<Atomic> {
        let dir = parent(target);
        let temp = tempfile::Builder::new()
            .prefix(".encbench-")
            .suffix(".tmp")
            // The umask applies at creation, as for any new file (not tempfile's 0600).
            .permissions(std::fs::Permissions::from_mode(0o666))
            .tempfile_in(dir)
            .map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("cannot create a temporary file in {}: {e}", dir.display()),
                )
            })?;
        let listed = PENDING.list(temp.path());
        Ok(Atomic {
            temp,
            target: target.to_path_buf(),
            _listed: listed,
        })
    }

    /// The temporary file, to write to (or read back).
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        self.temp.path()
    }

    /// Syncs and renames into place; without `force`, an existing target is kept.
    pub fn commit(self, force: bool) -> std::io::Result<()> {
        self.temp.as_file().sync_all()?;
        let Atomic { temp, target, .. } = self;
        let persisted = match force {
            true => temp.persist(&target).map(drop),
            false => temp.persist_noclobber(&target).map(drop),
        };
        persisted.map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                std::io::Error::new(e.error.kind(), "already exists; pass --force to replace it")
            } else {
                e.error
            }
        })?;
        // The rename itself survives a crash only once the directory is synced.
        if let Ok(dir) = File::open(parent(&target)) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

/// A scratch file beside a target, removed on drop and on Ctrl-C.
pub struct Scratch {
    temp: tempfile::NamedTempFile,
    _listed: Listed<'static>,
}

impl Scratch {
    /// A new empty scratch file in `target`'s directory.
    pub fn beside(target: &Path) -> std::io::Result<Scratch> {
        let temp = tempfile::Builder::new()
            .prefix(".encbench-")
            .suffix(".tmp")
            .tempfile_in(parent(target))?;
        let listed = PENDING.list(temp.path());
        Ok(Scratch {
            temp,
            _listed: listed,
        })
    }

    /// The file, to write to.
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// The file opened afresh for reading from its start.
    pub fn reopen(&self) -> std::io::Result<File> {
        self.temp.reopen()
    }
}

/// A scratch folder in the system's temporary directory, removed with
/// everything in it on drop and on Ctrl-C: for files encbench writes only
/// to read them back (the engines' candidate files).
pub struct ScratchDir {
    dir: tempfile::TempDir,
    _listed: Listed<'static>,
}

impl ScratchDir {
    /// A new empty folder.
    pub fn new() -> std::io::Result<ScratchDir> {
        let dir = tempfile::Builder::new().prefix("encbench-").tempdir()?;
        let listed = PENDING.list(dir.path());
        Ok(ScratchDir {
            dir,
            _listed: listed,
        })
    }

    /// A new empty folder beside `target` (same file system, so what is
    /// built in it can be renamed onto `target`).
    pub fn beside(target: &Path) -> std::io::Result<ScratchDir> {
        let dir = tempfile::Builder::new()
            .prefix(".encbench-")
            .tempdir_in(parent(target))?;
        let listed = PENDING.list(dir.path());
        Ok(ScratchDir {
            dir,
            _listed: listed,
        })
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// Writes `bytes` to `target` through a temporary file.
pub fn write(target: &Path, bytes: &[u8], force: bool) -> std::io::Result<()> {
    let mut file = Atomic::create(target)?;
    file.file().write_all(bytes)?;
    file.commit(force)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_goes_with_its_files_on_drop_and_on_ctrl_c() {
        let kept = ScratchDir::new().unwrap();
        let path = kept.path().to_path_buf();
        std::fs::write(path.join("a.parquet"), b"x").unwrap();
        assert!(PENDING.0.lock().unwrap().contains(&path));
        // The Ctrl-C sweep, on a registry of its own (the global one holds
        // other tests' files).
        Registry(Mutex::new(vec![path.clone()])).remove_all();
        assert!(!path.exists(), "the sweep removes the folder and its files");
        let dropped = ScratchDir::new().unwrap();
        let path = dropped.path().to_path_buf();
        std::fs::write(path.join("b.csv"), b"y").unwrap();
        drop(dropped);
        assert!(!path.exists());
    }

    #[test]
    fn links_are_the_same_file_and_a_new_name_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.csv");
        std::fs::write(&input, "a\n1\n").unwrap();
        let soft = dir.path().join("soft.csv");
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        let hard = dir.path().join("hard.csv");
        std::fs::hard_link(&input, &hard).unwrap();
        assert!(same_file(&input, &soft));
        assert!(same_file(&input, &hard));
        assert!(same_file(&input, &dir.path().join("./in.csv")));
        assert!(!same_file(&input, &dir.path().join("new.csv")));
        assert!(same_file(
            &dir.path().join("new.csv"),
            &dir.path().join(".").join("new.csv")
        ));
        let e = refusal(&hard, &[&input], true).unwrap();
        assert!(e.contains("encbench never overwrites its input"), "{e}");
        assert_eq!(
            refusal(&input, &[], false).unwrap(),
            "already exists; pass --force to replace it"
        );
        assert_eq!(refusal(&input, &[], true), None);
    }

    #[test]
    fn a_written_file_gets_the_umask_permissions_and_no_temp_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.json");
        write(&target, b"{}", false).unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        // A file created the ordinary way shows what the umask allows.
        let probe = dir.path().join("probe");
        File::create(&probe).unwrap();
        let expected = std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, expected);
        std::fs::remove_file(&probe).unwrap();
        let e = write(&target, b"[]", false).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&target).unwrap(), b"{}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_interrupted_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let temp = tempfile::Builder::new().tempfile_in(dir.path()).unwrap();
        let path = temp.path().to_path_buf();
        // A registry of its own: other tests write in parallel.
        let registry = Registry(Mutex::new(Vec::new()));
        let listed = registry.list(&path);
        // What the Ctrl-C handler does, then `exit` (no destructors).
        registry.remove_all();
        assert!(!path.exists());
        std::mem::forget(temp);
        drop(listed);
        assert!(registry.0.lock().unwrap().is_empty());
    }
}
