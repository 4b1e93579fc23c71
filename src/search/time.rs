//! Time management: a soft budget (stop between iterations once spent,
//! scaled by best-move stability) and a hard limit that is never exceeded.

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
        let mtg = c.movestogo.unwrap_or(35).clamp(1, 35) as u64;
        // Never plan to use the increment we have not yet received on the last move.
        let (soft, hard) = if mtg == 1 {
            ((left * 6 / 10).max(1), (left * 8 / 10).max(1))
        } else {
            let soft = left / mtg + c.inc * 3 / 4;
            let hard = (soft * 5).min(left * 4 / 10).max(left.min(soft));
            (soft.min(left * 3 / 10).max(1), hard.max(1))
        };
        Budget {
            soft: Duration::from_millis(soft.min(hard)),
            hard: Duration::from_millis(hard),
        }
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
