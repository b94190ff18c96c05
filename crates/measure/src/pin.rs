//! Pinning the measuring thread to the CPU it runs on, for the length of a
//! group: a sample that migrates to the other core mid-batch pays for cold
//! caches and shows up as noise. Processes started while pinned (workers)
//! inherit the pin, so they share the core and its caches too.

/// The calling thread's CPU affinity, narrowed to one CPU until dropped.
pub struct CpuPin {
    cpu: usize,
    #[cfg(target_os = "linux")]
    previous: libc::cpu_set_t,
}

impl CpuPin {
    /// Pins the calling thread to the CPU it is on now, or `None` where the
    /// platform cannot (the caller measures unpinned).
    #[cfg(target_os = "linux")]
    pub fn here() -> Option<CpuPin> {
        // SAFETY: plain libc calls on this thread with properly sized sets.
        unsafe {
            let cpu = usize::try_from(libc::sched_getcpu()).ok()?;
            let mut previous: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut previous)
                != 0
            {
                return None;
            }
            let mut only: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut only);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &only) != 0 {
                return None;
            }
            Some(CpuPin { cpu, previous })
        }
    }

    /// Pinning is Linux-only here.
    #[cfg(not(target_os = "linux"))]
    pub fn here() -> Option<CpuPin> {
        None
    }

    /// The CPU the thread is pinned to.
    pub fn cpu(&self) -> usize {
        self.cpu
    }
}

impl Drop for CpuPin {
    fn drop(&mut self) {
        // SAFETY: restores the set saved in `here`.
        #[cfg(target_os = "linux")]
        unsafe {
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &self.previous);
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn allowed_cpus() -> usize {
        // SAFETY: reads this thread's affinity into a properly sized set.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            assert_eq!(
                libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set),
                0
            );
            libc::CPU_COUNT(&set) as usize
        }
    }

    #[test]
    fn a_pin_narrows_the_thread_to_one_cpu_and_restores_it() {
        let before = allowed_cpus();
        {
            let pin = CpuPin::here().expect("sched_setaffinity works on Linux");
            assert_eq!(allowed_cpus(), 1);
            // SAFETY: plain libc call.
            assert_eq!(unsafe { libc::sched_getcpu() } as usize, pin.cpu());
        }
        assert_eq!(allowed_cpus(), before);
    }
}
