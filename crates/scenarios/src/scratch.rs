//! Scratch directories for generated files: removed when dropped, and by
//! [`remove_all`] from a Ctrl-C handler, so an interrupted run leaves no
//! hundreds of megabytes behind. Free space is checked before writing.

use crate::ScenarioError;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Held by a test that calls [`remove_all`] and by tests whose scratch
/// directory must outlive it, since tests share the process's live list.
#[cfg(test)]
pub(crate) static REMOVE_ALL_LOCK: Mutex<()> = Mutex::new(());

/// A temporary directory that is registered for cleanup on interrupt.
pub struct Scratch {
    dir: Option<tempfile::TempDir>,
}

impl Scratch {
    /// Creates a directory under the system temp dir, after checking that
    /// `needed_bytes` fit there.
    pub fn new(scenario: &'static str, needed_bytes: u64) -> Result<Self, ScenarioError> {
        let io = |action: &str, source| ScenarioError::Io {
            scenario,
            action: action.into(),
            source,
        };
        let base = std::env::temp_dir();
        if let Some(free) = free_bytes(&base) {
            // Keep a margin: the system needs its disk too.
            let wanted = needed_bytes + needed_bytes / 10 + (64 << 20);
            if free < wanted {
                return Err(ScenarioError::DiskSpace {
                    scenario,
                    dir: base,
                    needed: wanted,
                    free,
                });
            }
        }
        let dir = tempfile::Builder::new()
            .prefix(&format!("encbench-{scenario}-"))
            .tempdir_in(&base)
            .map_err(|e| io("creating a temporary directory", e))?;
        if let Ok(mut live) = LIVE.lock() {
            live.push(dir.path().to_path_buf());
        }
        Ok(Scratch { dir: Some(dir) })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().map_or(Path::new("."), |d| d.path())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            if let Ok(mut live) = LIVE.lock() {
                live.retain(|p| p != dir.path());
            }
            let _ = dir.close();
        }
    }
}

/// Removes every live scratch directory (for a signal handler; never panics).
pub fn remove_all() {
    if let Ok(live) = LIVE.try_lock() {
        for path in live.iter() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// Bytes available to an unprivileged user on the file system holding `path`.
pub fn free_bytes(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: valid C string and a properly sized out-struct.
    if unsafe { libc::statvfs(c_path.as_ptr(), &mut stat) } != 0 {
        return None;
    }
    Some(stat.f_bavail as u64 * stat.f_frsize as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_is_removed_on_drop_and_registered_while_alive() {
        let s = Scratch::new("test", 1024).unwrap();
        let path = s.path().to_path_buf();
        std::fs::write(path.join("f"), b"x").unwrap();
        assert!(LIVE.lock().unwrap().contains(&path));
        drop(s);
        assert!(!path.exists());
        assert!(!LIVE.lock().unwrap().contains(&path));
    }

    #[test]
    fn remove_all_cleans_live_directories() {
        let _alone = super::REMOVE_ALL_LOCK.lock();
        let s = Scratch::new("test", 0).unwrap();
        let path = s.path().to_path_buf();
        remove_all();
        assert!(!path.exists());
        drop(s); // dropping after removal must not panic
    }

    #[test]
    fn too_little_space_is_a_clear_error() {
        let err = Scratch::new("test", u64::MAX / 4)
            .err()
            .expect("cannot fit");
        let text = err.to_string();
        assert!(text.contains("free") && text.contains("test"), "{text}");
    }
}
