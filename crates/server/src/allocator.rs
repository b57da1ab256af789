//! The process's memory allocator, bounded before any thread starts.
//!
//! glibc gives each thread that contends for memory its own arena, up to eight per core, and
//! keeps freed memory in the arena that held it. A report decoding photos and typesetting on
//! blocking threads then leaves memory spread over many arenas: making a deficiency report with
//! 200 photos peaked at 200 to 240 MB with the default and 130 to 165 MB with two arenas per
//! core, at the same speed (docs/reports.md).

/// Arenas allowed per core.
const ARENAS_PER_CORE: usize = 2;

/// Caps glibc's arenas at [`ARENAS_PER_CORE`] per core; elsewhere the allocator is left as it is.
/// Called first thing in `serve`, before the runtime starts its threads.
pub fn bound_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let arenas = libc::c_int::try_from(cores * ARENAS_PER_CORE).unwrap_or(libc::c_int::MAX);
        // SAFETY: mallopt sets one of the allocator's tunables; glibc takes its own lock for it.
        let changed = unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) };
        if changed != 1 {
            tracing::warn!(arenas, "could not bound the allocator's arenas");
        }
    }
}

/// Gives the memory the allocator holds free back to the system. glibc returns only what lies
/// at the top of its heaps, so the pieces a finished PDF left between pieces still in use stay
/// the process's: made one after another, 18 reports of 1,000 items ended 40 MB above the first
/// (docs/reports.md "Memory").
pub fn release_free() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: malloc_trim walks the allocator's own free lists under its own locks.
        unsafe { libc::malloc_trim(0) };
    }
}
