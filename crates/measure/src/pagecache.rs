//! Cold reads without root: flush a file, ask the kernel to drop its pages
//! (`posix_fadvise(POSIX_FADV_DONTNEED)`), then prove they are gone with
//! `mincore` on a fresh mapping. A read that cannot be proven cold is never
//! labelled cold.

use std::fs::File;
use std::os::unix::io::AsRawFd;
use std::path::Path;

/// How many of a file's pages are in the page cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Residency {
    /// Pages resident.
    pub resident: usize,
    /// Pages in the file.
    pub total: usize,
}

/// Counts the file's resident pages with `mincore` (mapping does not fault pages in).
pub fn residency(path: &Path) -> std::io::Result<Residency> {
    let file = File::open(path)?;
    let len = file.metadata()?.len() as usize;
    if len == 0 {
        return Ok(Residency {
            resident: 0,
            total: 0,
        });
    }
    // SAFETY: read-only mapping of a file we do not modify; only its residency is inspected.
    let map = unsafe { memmap2::Mmap::map(&file)? };
    let page = page_size();
    let pages = len.div_ceil(page);
    let mut vec = vec![0u8; pages];
    // SAFETY: `vec` has one byte per page of the mapping, as mincore requires.
    let rc = unsafe { libc::mincore(map.as_ptr() as *mut libc::c_void, len, vec.as_mut_ptr()) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(Residency {
        resident: vec.iter().filter(|b| **b & 1 == 1).count(),
        total: pages,
    })
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size)
        .ok()
        .filter(|s| *s > 0)
        .unwrap_or(4096)
}

/// Flushes and drops the file's pages; returns how many remain resident.
pub fn evict(path: &Path) -> std::io::Result<Residency> {
    let file = File::open(path)?;
    file.sync_data()?;
    // SAFETY: valid descriptor; offset 0 and length 0 mean the whole file.
    let rc = unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    if rc != 0 {
        return Err(std::io::Error::from_raw_os_error(rc));
    }
    drop(file);
    residency(path)
}

/// Evicts and requires that no page stays resident; the error says how many did.
pub fn evict_verified(path: &Path) -> Result<(), String> {
    match evict(path) {
        Ok(r) if r.resident == 0 => Ok(()),
        Ok(r) => Err(format!(
            "{} of {} pages of {} stayed in the page cache after POSIX_FADV_DONTNEED",
            r.resident,
            r.total,
            path.display()
        )),
        Err(e) => Err(format!("evicting {}: {e}", path.display())),
    }
}

/// The file system type holding `path` (`ext4`, `tmpfs`, `overlay`, …), from /proc/mounts.
pub fn fs_type(path: &Path) -> Option<String> {
    let path = path.canonicalize().ok()?;
    let mounts = std::fs::read_to_string("/proc/mounts").ok()?;
    mounts
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let _device = fields.next()?;
            let mount = fields.next()?.replace("\\040", " ");
            let fstype = fields.next()?;
            path.starts_with(&mount)
                .then(|| (mount.len(), fstype.to_string()))
        })
        .max_by_key(|(len, _)| *len)
        .map(|(_, t)| t)
}

/// Decides how cold reads of `path` can be labelled here: `file-cold` when an
/// eviction is verified now, else `file-cold-unverified` with the reason.
pub fn cold_medium(path: &Path) -> (encbench_record::Medium, Option<String>) {
    use encbench_record::Medium;
    let fstype = fs_type(path).unwrap_or_else(|| "unknown".into());
    match evict_verified(path) {
        Ok(()) => (Medium::FileCold, None),
        Err(why) => (
            Medium::FileColdUnverified,
            Some(format!(
                "cold reads are labelled file-cold-unverified: {why} (file system {fstype}); they may have been served from memory"
            )),
        ),
    }
}

/// The untimed step before each cold sample: verified eviction for
/// `file-cold`, best-effort eviction for `file-cold-unverified`.
pub fn cold_setup<'a>(path: &'a Path, medium: encbench_record::Medium) -> crate::Setup<'a> {
    if medium == encbench_record::Medium::FileCold {
        Box::new(move || evict_verified(path))
    } else {
        Box::new(move || {
            let _ = evict(path);
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_can_be_evicted_and_the_eviction_verified() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![7u8; 4 << 20]).unwrap();
        let _ = std::fs::read(&path).unwrap();
        let before = residency(&path).unwrap();
        assert_eq!(before.total, (4 << 20) / page_size());
        let fstype = fs_type(&path).unwrap_or_default();
        if fstype == "tmpfs" || fstype == "overlay" {
            // Eviction is not expected to work here; the scenario labels such rows unverified.
            assert!(evict_verified(&path).is_err() || before.resident == 0);
            return;
        }
        assert!(
            before.resident > 0,
            "a just-read file should be resident on {fstype}"
        );
        evict_verified(&path).unwrap();
        assert_eq!(residency(&path).unwrap().resident, 0);
        // Reading brings it back: the check really observes the cache.
        let _ = std::fs::read(&path).unwrap();
        assert!(residency(&path).unwrap().resident > 0);
    }

    #[test]
    fn tmpfs_cannot_be_evicted_and_says_so() {
        let shm = Path::new("/dev/shm");
        if fs_type(shm).as_deref() != Some("tmpfs") {
            return; // no tmpfs here to test against
        }
        let dir = tempfile::tempdir_in(shm).unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![1u8; 1 << 20]).unwrap();
        let err =
            evict_verified(&path).expect_err("tmpfs pages are the file; they cannot be dropped");
        assert!(err.contains("stayed in the page cache"), "{err}");
        assert_eq!(fs_type(&path).as_deref(), Some("tmpfs"));
    }
}
