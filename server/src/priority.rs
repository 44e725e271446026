//! Thread priorities on the path from a seat's reply to its line's fsync (spec §3.13
//! requirement 12: every answer sealed on receipt; BENCHMARKS.md, receipt-to-durable-seal
//! latency). When hundreds of replies arrive together, hundreds of seat threads become
//! runnable at once, and the ordinary scheduler shares the CPU between threads by weight: the
//! few threads that carry replies to the disk would get a small share (a nice value does not
//! help: a thread set below them to let them pass is then itself slow to hand its reply on).
//! The threads of that path therefore run ahead of every ordinary thread ([`ahead`]: real-time
//! round-robin at the lowest real-time priorities, the later stage above the earlier one, so
//! that a line already prepared is written and synced before more replies are prepared) when
//! the process is permitted.
//!
//! Permission: root, `CAP_SYS_NICE`, or an `RLIMIT_RTPRIO` of at least 2 (`LimitRTPRIO=2` in a
//! systemd unit, `ulimit -r 2`; with 1, both stages run at priority 1). Without it nothing is
//! raised and every thread is an ordinary one, as before. A priority is a hint to the scheduler, not a check: what the kernel refuses
//! changes no result. The kernel's real-time throttling (`sched_rt_runtime_us`, 95% of each
//! second by default) keeps ordinary threads running even if such a thread never blocked.

/// The stages of the path from a reply to the disk, in the order a reply goes through them:
/// a later stage runs ahead of an earlier one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reading a reply into its line and preparing the line (`seats::ask_all`'s pool).
    Prepare = 1,
    /// The book's writer (chaining and writing) and the thread that waits for its fsyncs.
    Write = 2,
}

/// The calling thread's scheduling before [`ahead`] raised it, restored when the guard drops.
#[must_use = "the thread goes back to its earlier priority when this guard is dropped"]
pub struct Ahead {
    #[cfg(target_os = "linux")]
    previous: Option<(libc::c_int, libc::sched_param)>,
}

impl Ahead {
    /// Whether the thread runs ahead of ordinary threads now.
    #[cfg(test)]
    pub fn raised(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.previous.is_some();
        #[cfg(not(target_os = "linux"))]
        return false;
    }
}

/// Moves the calling thread ahead of every ordinary thread (SCHED_RR at the real-time priority
/// `stage`, 1 or 2, not inherited by any process it starts: `SCHED_RESET_ON_FORK`) until the
/// guard is dropped, when the process is permitted; otherwise leaves it as it is (see the
/// module doc).
pub fn ahead(stage: Stage) -> Ahead {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sched_getscheduler/sched_getparam/sched_setscheduler with pid 0 act on the
        // calling thread; the only memory passed is a sched_param owned by this frame.
        unsafe {
            let policy = libc::sched_getscheduler(0);
            let mut param: libc::sched_param = std::mem::zeroed();
            if policy < 0 || libc::sched_getparam(0, &mut param) != 0 {
                return Ahead { previous: None };
            }
            if policy & !libc::SCHED_RESET_ON_FORK != libc::SCHED_OTHER {
                // Already real-time or deliberately batch/idle: left as the caller set it.
                return Ahead { previous: None };
            }
            // The stage's own priority, else the lowest one (an RLIMIT_RTPRIO of 1): the writer
            // then shares the pool's priority rather than staying behind the pool.
            let raised = [stage as libc::c_int, 1].iter().any(|&p| {
                let rr = libc::sched_param { sched_priority: p };
                libc::sched_setscheduler(0, libc::SCHED_RR | libc::SCHED_RESET_ON_FORK, &rr) == 0
            });
            Ahead {
                previous: raised.then_some((policy, param)),
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = stage;
        Ahead {}
    }
}

impl Drop for Ahead {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some((policy, param)) = self.previous.take() {
            // SAFETY: as in `ahead`; going back from real-time to the earlier ordinary policy
            // needs no permission.
            unsafe {
                libc::sched_setscheduler(0, policy, &param);
            }
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn policy() -> libc::c_int {
        // SAFETY: sched_getscheduler(0) reads the calling thread's policy.
        unsafe { libc::sched_getscheduler(0) & !libc::SCHED_RESET_ON_FORK }
    }

    /// Raised while the guard lives when the kernel allows it, back to the ordinary policy
    /// after; never raised when refused; a raised thread's child process starts ordinary.
    #[test]
    fn ahead_while_the_guard_lives_then_back() {
        std::thread::spawn(|| {
            assert_eq!(policy(), libc::SCHED_OTHER);
            let g = ahead(Stage::Write);
            if g.raised() {
                assert_eq!(policy(), libc::SCHED_RR);
                // SAFETY: sched_getparam(0) fills a sched_param owned by this frame.
                let mut p: libc::sched_param = unsafe { std::mem::zeroed() };
                assert_eq!(unsafe { libc::sched_getparam(0, &mut p) }, 0);
                assert_eq!(p.sched_priority, Stage::Write as i32);
                // Field 41 of /proc/<pid>/stat is the scheduling policy (0: SCHED_OTHER).
                let out = std::process::Command::new("cat")
                    .arg("/proc/self/stat")
                    .output()
                    .unwrap();
                let stat = String::from_utf8_lossy(&out.stdout).into_owned();
                let after_comm = &stat[stat.rfind(')').unwrap() + 2..];
                let child_policy = after_comm.split(' ').nth(41 - 3).unwrap();
                assert_eq!(child_policy, "0", "the child is not real-time: {stat}");
                // A second guard on a raised thread leaves it alone.
                assert!(!ahead(Stage::Prepare).raised());
                assert_eq!(policy(), libc::SCHED_RR);
            } else {
                assert_eq!(policy(), libc::SCHED_OTHER);
            }
            drop(g);
            assert_eq!(policy(), libc::SCHED_OTHER);
        })
        .join()
        .unwrap();
    }
}
