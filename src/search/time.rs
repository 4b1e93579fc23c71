//! Time management: a soft budget (stop between iterations once spent,
//! scaled by best-move stability) and a hard limit that is never exceeded.
//! This file sets the budgets and the stability factor; the search applies
//! them (`Searcher::search` between iterations, with the best move's node
//! share from `best_move_effort_scale`, and `check_limits` for the hard
//! limit).

use super::params::*;
use crate::board::Move;
use std::time::Duration;

/// What the GUI told us about the clock, in milliseconds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: u64,
    pub inc: u64,
    pub movestogo: Option<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

impl Budget {
    pub fn fixed(ms: u64) -> Budget {
        let d = Duration::from_millis(ms);
        Budget { soft: d, hard: d }
    }

    /// Budget for one move. `overhead` covers GUI/process latency per move.
    pub fn from_clock(c: Clock, overhead: u64) -> Budget {
        let left = c.time.saturating_sub(overhead).max(1);
        let mtg = c
            .movestogo
            .map_or(MOVES_TO_GO, u64::from)
            .clamp(1, MOVES_TO_GO);
        // Never plan to use the increment we have not yet received on the last move.
        let (soft, hard) = if mtg == 1 {
            (
                (left * LAST_MOVE_SOFT_TENTHS / 10).max(1),
                (left * LAST_MOVE_HARD_TENTHS / 10).max(1),
            )
        } else {
            let soft = left / mtg + c.inc * INC_QUARTERS / 4;
            let hard = (soft * HARD_PER_SOFT)
                .min(left * HARD_TENTHS / 10)
                .max(left.min(soft));
            (soft.min(left * SOFT_TENTHS / 10).max(1), hard.max(1))
        };
        Budget {
            soft: Duration::from_millis(soft.min(hard)),
            hard: Duration::from_millis(hard),
        }
    }
}

/// How settled the iterations are: the soft budget is stretched while the
/// best move changes or the score falls, and shrunk while both hold.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stability {
    best: Move,
    /// Iterations in a row that kept the best move (capped).
    kept: u32,
}

impl Stability {
    /// Records an iteration's best move and score; returns the factor for
    /// the soft budget.
    pub fn update(&mut self, best: Move, score: i32, prev_score: i32) -> f64 {
        self.kept = if best == self.best {
            (self.kept + 1).min(STABILITY_MAX)
        } else {
            0
        };
        self.best = best;
        let mut scale = STABILITY_BASE - STABILITY_STEP * self.kept as f64;
        if score < prev_score - SCORE_DROP {
            scale *= SCORE_DROP_SCALE;
        }
        scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        for time in [1, 10, 50, 100, 500, 1000, 5000, 60_000, 3_600_000] {
            for inc in [0, 10, 50, 1000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let c = Clock {
                        time,
                        inc,
                        movestogo: mtg,
                    };
                    let b = Budget::from_clock(c, 30);
                    let left = time.saturating_sub(30).max(1) as u128;
                    assert!(b.hard.as_millis() <= left, "{c:?} {b:?}");
                    assert!(b.soft <= b.hard, "{c:?} {b:?}");
                    assert!(b.hard.as_millis() >= 1);
                }
            }
        }
        let b = Budget::from_clock(
            Clock {
                time: 1000,
                inc: 10,
                movestogo: None,
            },
            30,
        );
        assert!(
            b.soft.as_millis() >= 20 && b.hard.as_millis() <= 400,
            "{b:?}"
        );
    }
}
