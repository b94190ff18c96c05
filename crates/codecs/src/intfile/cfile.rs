//! A C `FILE*` opened on a path or on memory (`fmemopen`), closed on drop,
//! so stdio-based readers run the same loop on both media.

use super::{CBytes, Source};
use crate::CodecError;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;

pub(crate) struct CFile(*mut libc::FILE);

impl CFile {
    pub(crate) fn open(source: Source<'_>) -> Result<Self, CodecError> {
        match source {
            Source::File(path) => {
                let c_path = CString::new(path.as_os_str().as_bytes())
                    .map_err(|_| CodecError::io(path, "path contains a NUL byte"))?;
                // SAFETY: both arguments are valid NUL-terminated strings.
                let f = unsafe { libc::fopen(c_path.as_ptr(), c"r".as_ptr()) };
                if f.is_null() {
                    return Err(CodecError::io(path, std::io::Error::last_os_error()));
                }
                Ok(CFile(f))
            }
            Source::Memory(bytes) => Self::memory(bytes),
        }
    }

    fn memory(bytes: &CBytes) -> Result<Self, CodecError> {
        if bytes.is_empty() {
            // fmemopen rejects size 0 on some libcs; an empty stream is still valid input.
            return Self::open(Source::File(std::path::Path::new("/dev/null")));
        }
        // SAFETY: the buffer outlives the FILE (both live for one `sum` call) and mode "r" never writes.
        let f = unsafe {
            libc::fmemopen(
                bytes.as_c_ptr() as *mut libc::c_void,
                bytes.len(),
                c"r".as_ptr(),
            )
        };
        if f.is_null() {
            return Err(CodecError::library(
                "fmemopen",
                std::io::Error::last_os_error(),
            ));
        }
        Ok(CFile(f))
    }

    pub(crate) fn as_ptr(&self) -> *mut libc::FILE {
        self.0
    }

    /// Current byte offset, for error messages.
    pub(crate) fn offset(&self) -> usize {
        // SAFETY: the FILE is open.
        let pos = unsafe { libc::ftell(self.0) };
        usize::try_from(pos).unwrap_or(0)
    }

    /// True when the stream hit end-of-file.
    pub(crate) fn at_eof(&self) -> bool {
        // SAFETY: the FILE is open.
        unsafe { libc::feof(self.0) != 0 }
    }
}

impl Drop for CFile {
    fn drop(&mut self) {
        // SAFETY: opened by fopen/fmemopen, closed exactly once here.
        unsafe { libc::fclose(self.0) };
    }
}
