//! Lockless transposition table. Each entry is two atomics: `key ^ data` and
//! `data`; a reader accepts an entry only if the XOR gives back its key, so a
//! torn write (two threads racing) reads as a miss, never as a wrong entry.
//! Moves read from it are still checked for legality before use.

use super::params::{TT_AGE_DEPTH, TT_REPLACE_DEPTH_SLACK};
use super::MATE_BOUND;
use crate::board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl TtEntry {
    /// The entry's score if its bound settles the node for this window
    /// (the caller checks that the entry is deep enough).
    #[inline(always)]
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = score_from_tt(self.score, ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
            Bound::None => false,
        };
        settles.then_some(s)
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline(always)]
pub fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A stored score seen from a node `ply` plies below the root.
#[inline(always)]
pub fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

pub struct Tt {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2, age 5
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    (mv.raw() as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | (((depth + 1).clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | (((age & 31) as u64) << 59)
}

fn unpack(d: u64) -> (TtEntry, u8) {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    (
        TtEntry {
            mv: Move::from_raw(d as u16).unwrap_or(Move::NONE),
            score: (d >> 16) as u16 as i16 as i32,
            eval: (d >> 32) as u16 as i16 as i32,
            depth: ((d >> 48) & 0xFF) as i32 - 1,
            bound,
        },
        ((d >> 59) & 31) as u8,
    )
}

/// `MemAvailable` from /proc/meminfo, where there is one.
fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Asks Linux to back `len` bytes at `ptr`, not yet touched, with huge
/// pages: probes land anywhere in the table, and with 4 KiB pages most of
/// them also miss the address-translation cache. Only advice; elsewhere,
/// or where the kernel declines, nothing changes.
#[cfg(target_os = "linux")]
fn ask_for_huge_pages(ptr: *mut u8, len: usize) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    // The whole huge pages inside the allocation.
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + len) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside a live allocation of ours, and
        // MADV_HUGEPAGE changes only how it is backed, never its contents.
        unsafe {
            madvise(start as *mut u8, end - start, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn ask_for_huge_pages(_ptr: *mut u8, _len: usize) {}

impl Tt {
    /// A table of about `mb` megabytes; `None` if the memory cannot be had.
    /// With overcommit an allocation can "succeed" and the process be killed
    /// later while the table is filled, so what the OS says is available
    /// is checked first (Linux).
    pub fn new(mb: usize) -> Option<Tt> {
        let bytes = mb.max(1).checked_mul(1 << 20)?;
        if available_bytes().is_some_and(|a| bytes as u64 > a) {
            return None;
        }
        let n = bytes / std::mem::size_of::<Bucket>();
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets.try_reserve_exact(n).ok()?;
        ask_for_huge_pages(
            buckets.as_mut_ptr().cast(),
            n * std::mem::size_of::<Bucket>(),
        );
        buckets.resize_with(n, || {
            Bucket(std::array::from_fn(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            }))
        });
        Some(Tt {
            buckets,
            age: AtomicU8::new(0),
        })
    }

    pub fn clear(&self) {
        for b in &self.buckets {
            for s in &b.0 {
                s.check.store(0, Relaxed);
                s.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// The current search's generation (0 to 31, then round again).
    pub fn generation(&self) -> u8 {
        self.age.load(Relaxed)
    }

    /// Called once per search so old entries lose replacement priority.
    pub fn new_search(&self) {
        self.age
            .store(self.age.load(Relaxed).wrapping_add(1) & 31, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Starts loading the bucket of `key` into the cache before it is probed.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint and never faults; the pointer is
        // to a live bucket of this table anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(self.bucket(key) as *const Bucket as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for s in &self.bucket(key).0 {
            let d = s.data.load(Relaxed);
            if s.check.load(Relaxed) ^ d == key && d != 0 {
                return Some(unpack(d).0);
            }
        }
        None
    }

    /// Stores a node's result. `score` is already converted by
    /// `score_to_tt`; `Bound::None` (with depth -1) keeps only the move and
    /// the evaluation, for a node whose value depended on its path.
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Relaxed);
        let b = self.bucket(key);
        // Same key, else the slot with the least depth, older searches first.
        let mut victim = &b.0[0];
        let mut worst = i32::MAX;
        for s in &b.0 {
            let d = s.data.load(Relaxed);
            if s.check.load(Relaxed) ^ d == key {
                let (old, _) = unpack(d);
                // Keep the old move if the new entry has none.
                let mv = if mv.is_none() { old.mv } else { mv };
                if bound == Bound::Exact
                    || depth + TT_REPLACE_DEPTH_SLACK >= old.depth
                    || old.bound == Bound::None
                {
                    let data = pack(mv, score, eval, depth, bound, age);
                    s.data.store(data, Relaxed);
                    s.check.store(key ^ data, Relaxed);
                }
                return;
            }
            let (e, a) = unpack(d);
            let stale = ((age.wrapping_sub(a)) & 31) as i32;
            let worth = if d == 0 {
                i32::MIN
            } else {
                e.depth - TT_AGE_DEPTH * stale
            };
            if worth < worst {
                worst = worth;
                victim = s;
            }
        }
        let data = pack(mv, score, eval, depth, bound, age);
        victim.data.store(data, Relaxed);
        victim.check.store(key ^ data, Relaxed);
    }

    /// Per-mille of sampled slots written in the current search.
    pub fn hashfull(&self) -> usize {
        let age = self.age.load(Relaxed);
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for s in &b.0 {
                let d = s.data.load(Relaxed);
                if d != 0 && unpack(d).1 == age {
                    used += 1;
                }
            }
        }
        used * 1000 / (n * BUCKET).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn pack_round_trip() {
        let m = Move::new(Square::new(7, 2), Square::new(4, 2));
        for (score, eval, depth) in [(0, 0, 0), (-29_000, 123, 63), (31_000, -5000, -1)] {
            let (e, age) = unpack(pack(m, score, eval, depth, Bound::Lower, 17));
            assert_eq!(
                (e.mv, e.score, e.eval, e.depth, e.bound, age),
                (m, score, eval, depth, Bound::Lower, 17)
            );
        }
    }

    #[test]
    fn store_probe_and_miss() {
        let tt = Tt::new(1).unwrap();
        let m = Move::new(Square::new(1, 2), Square::new(4, 2));
        tt.store(0xDEAD_BEEF, m, 50, 10, 7, Bound::Exact);
        let e = tt.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((e.mv, e.score, e.depth), (m, 50, 7));
        assert!(tt.probe(0xDEAD_BEEF ^ 1).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn concurrent_writers_never_return_foreign_entries() {
        let tt = std::sync::Arc::new(Tt::new(1).unwrap());
        std::thread::scope(|sc| {
            for t in 0..4u64 {
                let tt = tt.clone();
                sc.spawn(move || {
                    for i in 0..200_000u64 {
                        // Each key's score encodes the key, so a torn read would show.
                        let key = (i % 5000).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        let score = (key % 20000) as i32;
                        tt.store(
                            key,
                            Move::NONE,
                            score,
                            (t as i32) * 100,
                            (i % 60) as i32,
                            Bound::Lower,
                        );
                        if let Some(e) = tt.probe(key) {
                            assert_eq!(e.score, score);
                        }
                    }
                });
            }
        });
    }
}
