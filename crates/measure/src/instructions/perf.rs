//! The CPU's retired-instruction counter for this thread, user space only,
//! through `perf_event_open(2)`. Virtual machines often do not expose it;
//! [`InstructionCounter::open`] says why when it cannot.

/// An open counter, disabled until [`start`](InstructionCounter::start).
pub struct InstructionCounter {
    #[cfg(target_os = "linux")]
    fd: std::os::fd::OwnedFd,
}

#[cfg(target_os = "linux")]
mod sys {
    /// `PERF_TYPE_HARDWARE`.
    pub const TYPE_HARDWARE: u32 = 0;
    /// `PERF_COUNT_HW_INSTRUCTIONS`.
    pub const COUNT_INSTRUCTIONS: u64 = 1;
    /// `PERF_ATTR_SIZE_VER0`: the attribute's first 64 bytes, which every
    /// kernel with the call understands.
    pub const ATTR_SIZE: u32 = 64;
    /// Bits of the attribute's flag word: disabled, exclude_kernel, exclude_hv.
    pub const FLAGS: u64 = 1 | (1 << 5) | (1 << 6);
    /// `_IO('$', 0)`, `_IO('$', 1)`, `_IO('$', 3)`.
    pub const IOC_ENABLE: u64 = 0x2400;
    pub const IOC_DISABLE: u64 = 0x2401;
    pub const IOC_RESET: u64 = 0x2403;
}

impl InstructionCounter {
    /// Opens the counter for the calling thread, on any CPU.
    #[cfg(target_os = "linux")]
    pub fn open() -> Result<InstructionCounter, String> {
        use std::os::fd::FromRawFd;
        // The attribute as the kernel lays it out: type, size, config, then
        // four words (sample period, sample type, read format, flags).
        let mut attr = [0u64; 8];
        attr[0] = u64::from(sys::TYPE_HARDWARE) | (u64::from(sys::ATTR_SIZE) << 32);
        attr[1] = sys::COUNT_INSTRUCTIONS;
        attr[5] = sys::FLAGS;
        // SAFETY: `attr` is a valid, fully initialised 64-byte attribute.
        let fd = unsafe {
            libc::syscall(
                libc::SYS_perf_event_open,
                attr.as_ptr(),
                0 as libc::pid_t,
                -1 as libc::c_int,
                -1 as libc::c_int,
                0 as libc::c_ulong,
            )
        };
        if fd < 0 {
            return Err(format!(
                "perf_event_open: {}",
                std::io::Error::last_os_error()
            ));
        }
        // SAFETY: the kernel just returned this descriptor to us alone.
        let fd = unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as i32) };
        let counter = InstructionCounter { fd };
        // Some hypervisors accept the call and then never count.
        counter.start();
        let mut x = 0u64;
        for i in 0..1000u64 {
            x = std::hint::black_box(x.wrapping_add(i));
        }
        if counter.stop() == 0 {
            return Err("perf_event_open: the instruction counter does not count here".into());
        }
        Ok(counter)
    }

    #[cfg(not(target_os = "linux"))]
    pub fn open() -> Result<InstructionCounter, String> {
        Err("hardware counters are read through Linux's perf_event_open".into())
    }

    /// Resets and enables the counter.
    #[cfg(target_os = "linux")]
    pub fn start(&self) {
        use std::os::fd::AsRawFd;
        // SAFETY: ioctls on a perf descriptor we own.
        unsafe {
            libc::ioctl(self.fd.as_raw_fd(), sys::IOC_RESET as _, 0);
            libc::ioctl(self.fd.as_raw_fd(), sys::IOC_ENABLE as _, 0);
        }
    }

    /// Disables the counter and returns what it counted since `start`.
    #[cfg(target_os = "linux")]
    pub fn stop(&self) -> u64 {
        use std::os::fd::AsRawFd;
        let mut value = 0u64;
        // SAFETY: as above; the read fills one u64.
        unsafe {
            libc::ioctl(self.fd.as_raw_fd(), sys::IOC_DISABLE as _, 0);
            let n = libc::read(
                self.fd.as_raw_fd(),
                (&mut value as *mut u64).cast(),
                std::mem::size_of::<u64>(),
            );
            if n != std::mem::size_of::<u64>() as isize {
                return 0;
            }
        }
        value
    }

    #[cfg(not(target_os = "linux"))]
    pub fn start(&self) {}

    #[cfg(not(target_os = "linux"))]
    pub fn stop(&self) -> u64 {
        0
    }
}
