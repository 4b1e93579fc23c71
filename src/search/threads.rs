//! Lazy SMP: helper threads search the same root through the shared TT,
//! which is how they help (they fill it with results the main thread then
//! finds); the main thread alone reports and keeps time. Threads skip
//! depths another thread finished; the main thread reports a helper's
//! finished line as its own, and the deepest finished iteration gives the
//! move (not with MultiPV, whose lines only the main thread searches). Odd
//! helpers search a ply ahead (`Searcher::search`), try the null move even
//! with the king's zone attacked (`pruning::prune_node`) and punish refuted
//! early moves harder (`alphabeta::punish_refuted_parent`): trees that
//! differ share more.

use super::tt::{Bound, Tt};
use super::{Config, Info, Limits, SearchResult, Searcher, Signals};
use crate::board::{Game, Move};
use crate::eval::nnue::Net;
use crate::rules::RuleSet;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

/// Searchers kept between moves (their histories persist), one per thread.
pub struct Pool {
    searchers: Vec<Searcher>,
}

/// Deep recursion (128 plies of frames and move lists) needs room.
const STACK: usize = 16 << 20;

impl Pool {
    pub fn new(tt: Arc<Tt>) -> Pool {
        Pool {
            searchers: vec![Searcher::new(tt)],
        }
    }

    pub fn threads(&self) -> usize {
        self.searchers.len()
    }

    /// Grows or shrinks to `n` threads (at least one).
    pub fn set_threads(&mut self, n: usize) {
        let n = n.max(1);
        let tt = self.tt();
        self.searchers.truncate(n);
        while self.searchers.len() < n {
            let mut s = Searcher::new(tt.clone());
            s.config = Config {
                id: self.searchers.len(),
                ..self.searchers[0].config
            };
            s.net = self.searchers[0].net.clone();
            self.searchers.push(s);
        }
    }

    /// The main thread's TT probes and hits in the last search.
    pub fn tt_stats(&self) -> (u64, u64) {
        self.searchers[0].tt_stats()
    }

    pub fn tt(&self) -> Arc<Tt> {
        self.searchers[0].tt.clone()
    }

    pub fn set_tt(&mut self, tt: Arc<Tt>) {
        for s in &mut self.searchers {
            s.tt = tt.clone();
        }
    }

    /// New game: every thread's histories, and the TT once.
    pub fn clear(&mut self) {
        for s in &mut self.searchers {
            s.clear_histories();
        }
        self.tt().clear();
    }

    /// The evaluation every thread uses: a net, or the hand-crafted one.
    pub fn set_net(&mut self, net: Option<Arc<Net>>) {
        for s in &mut self.searchers {
            s.net = net.clone();
        }
    }

    pub fn set_rules(&mut self, rule: RuleSet, natural_limit: u32) {
        for s in &mut self.searchers {
            s.config.rule = rule;
            s.config.natural_limit = natural_limit;
        }
    }

    /// Searches with every thread; returns the deepest finished thread's
    /// result (the main thread's on ties and with MultiPV), with the node
    /// count of all threads.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        signals: &Signals,
        banned: &[Move],
        multipv: usize,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        signals.helper_nodes.store(0, Relaxed);
        signals.helpers_stop.store(false, Relaxed);
        signals.depth_reached.store(false, Relaxed);
        signals.completed.store(0, Relaxed);
        if let Ok(mut f) = signals.finished.lock() {
            *f = None;
        }
        let (main, helpers) = self
            .searchers
            .split_first_mut()
            .expect("a pool has a main thread");
        if helpers.is_empty() {
            let r = main.search(game, limits, signals, banned, multipv, report);
            if let Some(i) = &r.partial {
                report(i);
            }
            return r;
        }
        // Helpers have no clock: they run until the main thread is done
        // (`helpers_stop`) or one of them finishes the depth limit.
        let helper_limits = Limits {
            depth: limits.depth,
            ..Limits::default()
        };
        std::thread::scope(|scope| {
            let mut handles = vec![];
            for h in helpers.iter_mut() {
                let limits = &helper_limits;
                let spawned = std::thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(scope, move || {
                        h.search(game, limits, signals, banned, 1, &mut |_| {})
                    });
                match spawned {
                    Ok(j) => handles.push(j),
                    Err(_) => break, // fewer helpers; the main thread still searches
                }
            }
            let mut r = main.search(game, limits, signals, banned, multipv, report);
            signals.helpers_stop.store(true, Relaxed);
            // The deepest finished iteration decides (the main thread on ties,
            // and always with MultiPV, whose later lines helpers do not
            // search; helpers skip the `banned` moves too).
            let mut from_helper = false;
            for j in handles {
                if let Ok(h) = j.join() {
                    if multipv == 1 && h.best.is_some() && h.depth > r.depth {
                        r = SearchResult {
                            nodes: r.nodes,
                            ..h
                        };
                        from_helper = true;
                    }
                }
            }
            if from_helper {
                // The GUI sees the depth the move comes from, with the
                // helper's whole line where it published that iteration
                // (the same depth, score and move).
                let line = signals.finished.lock().ok().and_then(|f| f.clone());
                let (seldepth, pv) = match line {
                    Some(l)
                        if l.depth == r.depth
                            && l.score == r.score
                            && l.pv.first() == r.best.as_ref() =>
                    {
                        (l.seldepth, l.pv)
                    }
                    _ => (
                        r.depth as usize,
                        r.best.into_iter().chain(r.ponder).collect(),
                    ),
                };
                report(&Info {
                    depth: r.depth,
                    seldepth,
                    multipv: 1,
                    score: r.score,
                    nodes: r.nodes,
                    time: start.elapsed(),
                    hashfull: main.tt.hashfull(),
                    pv,
                    bound: Bound::Exact,
                });
            } else if let Some(i) = &r.partial {
                report(i);
            }
            r
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    /// A pool of `threads` on a table of `mb` MB, and the limits of a
    /// search of the start position to `depth`.
    fn start_search(threads: usize, mb: usize, depth: i32) -> (Arc<Tt>, Pool, Game, Limits) {
        let tt = Arc::new(Tt::new(mb).unwrap());
        let mut pool = Pool::new(tt.clone());
        pool.set_threads(threads);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        (tt, pool, Game::new(Position::startpos()), limits)
    }

    /// However many threads search, one search ages the table by one
    /// generation: entries of the last move are one search old, not N.
    #[test]
    fn a_search_is_one_generation_of_the_table() {
        let (tt, mut pool, game, limits) = start_search(3, 1, 6);
        let signals = Signals::default();
        for n in 1..=3 {
            let r = pool.search(&game, &limits, &signals, &[], 1, &mut |_| {});
            assert!(r.best.is_some());
            assert_eq!(tt.generation(), n);
        }
    }

    /// The last line reported names the move played and, whichever thread
    /// finished deepest, carries a whole line, not just the move and the
    /// ponder move.
    #[test]
    fn the_last_report_is_a_whole_line_for_the_move_played() {
        let (_, mut pool, game, limits) = start_search(2, 4, 9);
        let signals = Signals::default();
        for _ in 0..4 {
            let mut last: Option<Info> = None;
            let r = pool.search(&game, &limits, &signals, &[], 1, &mut |i| {
                last = Some(i.clone())
            });
            let last = last.expect("a search reports its lines");
            assert_eq!(last.depth, r.depth);
            assert_eq!(last.pv.first(), r.best.as_ref());
            assert!(last.pv.len() >= 3, "{:?}", last.pv);
        }
    }
}
