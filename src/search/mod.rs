//! Search: iterative deepening with aspiration windows here, the
//! principal-variation alpha-beta in `alphabeta`, its pruning and
//! reductions in `pruning`, `quiescence` below it, a shared
//! lockless TT (`tt`), move ordering (`movepick`, `history`), the static
//! evaluation's correction (`correction`), time
//! management (`time`), Lazy SMP (`threads`). Every margin and factor is in
//! `params`.

pub mod alphabeta;
pub mod bench;
pub mod correction;
pub mod history;
pub mod movepick;
pub mod params;
pub mod pruning;
pub mod quiescence;
pub mod threads;
pub mod time;
pub mod tt;

use crate::board::{Game, Move, Piece, Position};
use crate::eval::nnue::{Accumulator, Net};
use crate::rules::{self, RuleSet};
use correction::Correction;
use history::History;
use params::*;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use time::{Budget, Stability};
use tt::{Bound, Tt};

pub const INF: i32 = 32000;
pub const MATE: i32 = 31000;
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mates (distance encoded as MATE - plies).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

#[inline(always)]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Moves to mate for a mate score (positive: we mate), else None.
pub fn mate_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// Flags shared between the protocol thread and a running search.
#[derive(Default)]
pub struct Signals {
    pub stop: AtomicBool,
    /// While set, the search ignores time limits (pondering).
    pub ponder: AtomicBool,
    /// Milliseconds after the search start at which `ponderhit` arrived.
    pub ponderhit_ms: AtomicU64,
    /// Set by the main thread when it is done: helper threads stop.
    pub helpers_stop: AtomicBool,
    /// Nodes searched by helper threads (flushed every `POLL_NODES`).
    pub helper_nodes: AtomicU64,
    /// A helper finished the depth limit: the pool is there, the main
    /// thread stops and the deepest thread's result is taken.
    pub depth_reached: AtomicBool,
    /// The deepest iteration any thread has finished: threads skip depths
    /// already done.
    pub completed: AtomicI32,
    /// The line of the deepest iteration a helper finished, published before
    /// `completed` says so: the main thread reports it as its own.
    pub finished: Mutex<Option<Line>>,
}

/// A finished iteration's principal line.
#[derive(Clone, Debug)]
pub struct Line {
    pub depth: i32,
    pub seldepth: usize,
    pub score: i32,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<i32>,
    /// Time budget; None means search until stopped or another limit.
    pub budget: Option<Budget>,
    /// Fixed time (`movetime`): spend the whole budget, no early stop.
    pub spend_all: bool,
    /// `go infinite` or a bare `go`: the search itself has no limit, and
    /// the protocol holds `bestmove` back until `stop`.
    pub infinite: bool,
}

/// One iteration's (or one MultiPV line's) report.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: usize,
    pub pv: Vec<Move>,
    /// `Exact`, or `Lower` for a score the search was stopped before
    /// confirming (a fail high, such as a mate found late in an iteration).
    pub bound: Bound,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// The line of an unfinished iteration that changed the move or raised
    /// the score, for the caller to report unless a helper's deeper
    /// finished line replaces this result.
    pub partial: Option<Info>,
}

/// What a searcher is told, fixed between searches.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub rule: RuleSet,
    /// Plies without a capture after which the game is drawn.
    pub natural_limit: u32,
    /// 0 for the main thread, which reports and keeps time; helpers are 1, 2, ...
    pub id: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rule: RuleSet::default(),
            natural_limit: rules::NATURAL_LIMIT,
            id: 0,
        }
    }
}

/// One ply of the search stack.
#[derive(Copy, Clone, Default)]
struct Frame {
    eval: i32,
    killers: [Move; 2],
    /// The move made from this ply and the piece that made it.
    played: Option<(Piece, Move)>,
    /// Moves tried at this ply so far (pruned ones too), the last one
    /// included: what the child reads as its parent's move count.
    move_count: i32,
    /// Whether this ply had a hash move, searched first.
    tt_first: bool,
}

/// One thread's working memory: what it learned (kept between searches)
/// and the board it walks (reset at each search).
struct ThreadState {
    history: History,
    correction: Correction,
    /// `[depth][moves searched]` reductions (`params::lmr_table`).
    lmr: Box<[[i32; 64]; 64]>,
    stack: [Frame; MAX_PLY + 4],
    pos: Position,
    /// Keys of the game and the search path up to the current position.
    keys: Vec<u64>,
    /// Moves of the game and the search path: `moves[i]` led from position
    /// `i` to `i + 1` (a null move is `Move::NONE`).
    moves: Vec<Move>,
    /// Index of the root position in `keys`.
    root_ply: usize,
    /// NNUE hidden values per ply (used when a net is set).
    acc: Box<[Accumulator]>,
}

/// The triangular principal-variation table.
struct Pv {
    lines: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

/// State of the search in progress: counters, limits, stop flags, PV.
struct SearchState {
    start: Instant,
    limits: Limits,
    nodes: u64,
    seldepth: usize,
    /// The iteration's depth (a thread drops it once another has finished it).
    depth: i32,
    stopped: bool,
    /// The thread dropped an iteration another thread already finished.
    abandoned: bool,
    /// Whether this thread may drop such an iteration: not the main thread
    /// with MultiPV, whose lines no helper searches.
    may_abandon: bool,
    /// The value the last finished node returned depends on a repetition
    /// ruled a win or loss, so it is not stored in the TT (see
    /// `rule_value`). Clear on entry to every node (`aspiration` clears it
    /// for the root, each node for its children).
    rule_dep: bool,
    root_moves: Vec<Move>,
    /// Nodes spent below each root move this search (`root_moves`' order).
    root_nodes: Vec<u64>,
    /// MultiPV: root moves whose lines this iteration already reported.
    root_excluded: Vec<Move>,
    pv: Pv,
    /// TT probes and hits of the alpha-beta nodes (not quiescence), for
    /// measuring the table (`bench` reports the hit rate).
    tt_probes: u64,
    tt_hits: u64,
}

/// How one iteration of the deepening ended.
enum Iteration {
    /// Searched (or taken from a helper that finished it): the depth and
    /// the lines, best first.
    Done(i32, Vec<(i32, Vec<Move>)>),
    /// Dropped: another thread finished this depth first.
    Dropped,
    /// Stopped by a limit or `stop`; the search ends.
    Stopped,
}

/// One search thread. The TT is shared; everything else is its own.
pub struct Searcher {
    pub tt: Arc<Tt>,
    pub config: Config,
    /// The net to evaluate with; the hand-crafted evaluation if none.
    pub net: Option<Arc<Net>>,
    thread: ThreadState,
    current: SearchState,
}

impl Searcher {
    pub fn new(tt: Arc<Tt>) -> Searcher {
        Searcher {
            tt,
            config: Config::default(),
            net: None,
            thread: ThreadState {
                acc: vec![Accumulator::ZERO; MAX_PLY + 4].into_boxed_slice(),
                history: History::default(),
                correction: Correction::default(),
                lmr: lmr_table(),
                stack: [Frame::default(); MAX_PLY + 4],
                pos: Position::startpos(),
                keys: vec![],
                moves: vec![],
                root_ply: 0,
            },
            current: SearchState {
                start: Instant::now(),
                limits: Limits::default(),
                nodes: 0,
                seldepth: 0,
                depth: 0,
                stopped: false,
                abandoned: false,
                may_abandon: true,
                rule_dep: false,
                root_moves: vec![],
                root_nodes: vec![],
                root_excluded: vec![],
                tt_probes: 0,
                tt_hits: 0,
                pv: Pv {
                    lines: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
                    len: [0; MAX_PLY + 1],
                },
            },
        }
    }

    /// The last search's alpha-beta TT probes and hits.
    pub fn tt_stats(&self) -> (u64, u64) {
        (self.current.tt_probes, self.current.tt_hits)
    }

    /// Forget everything learned (new game): histories and the TT.
    pub fn clear(&mut self) {
        self.clear_histories();
        self.tt.clear();
    }

    /// Forget this thread's histories; a pool clears its shared TT once.
    pub fn clear_histories(&mut self) {
        self.thread.history.clear();
        self.thread.correction.clear();
    }

    /// Sets up the board and the per-search state for `game`.
    fn begin(&mut self, game: &Game, limits: &Limits, banned: &[Move]) {
        let t = &mut self.thread;
        t.pos = game.pos.clone();
        t.keys.clone_from(&game.keys);
        t.moves.clone_from(&game.moves);
        t.root_ply = t.keys.len() - 1;
        t.stack = [Frame::default(); MAX_PLY + 4];
        if let Some(net) = &self.net {
            t.acc[0] = net.refresh(&t.pos);
        }
        let c = &mut self.current;
        c.start = Instant::now();
        c.limits = limits.clone();
        c.nodes = 0;
        c.tt_probes = 0;
        c.tt_hits = 0;
        c.stopped = false;
        let legal = t.pos.legal_moves();
        c.root_moves = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        if c.root_moves.is_empty() {
            c.root_moves = legal.as_slice().to_vec();
        }
        c.root_nodes = vec![0; c.root_moves.len()];
        // One search is one generation of the table, however many threads.
        if self.config.id == 0 {
            self.tt.new_search();
        }
    }

    /// Searches `game`'s current position. `banned` root moves are skipped
    /// unless nothing else is legal. `report` receives each finished line.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        signals: &Signals,
        banned: &[Move],
        multipv: usize,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.begin(game, limits, banned);
        // Tuned LMR parameters may have changed since the last search.
        #[cfg(feature = "tune")]
        {
            self.thread.lmr = lmr_table();
        }
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            partial: None,
        };
        let Some(&first) = self.current.root_moves.first() else {
            result.score = mated_in(0);
            return result;
        };
        result.best = Some(first);
        let multipv = multipv.clamp(1, self.current.root_moves.len());
        self.current.may_abandon = self.config.id > 0 || multipv == 1;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 4)
            .clamp(1, MAX_PLY as i32 - 4);
        let mut prev_score = 0;
        let mut stability = Stability::default();

        let mut iteration = 0;
        while iteration < max_depth {
            iteration += 1;
            if self.current.may_abandon {
                iteration = iteration.max(signals.completed.load(Relaxed) + 1);
            }
            // Odd helpers run one ply ahead: threads spread over depths.
            let depth = (iteration + (self.config.id % 2) as i32).min(max_depth);
            let (depth, lines) =
                match self.iterate(depth, multipv, prev_score, &mut result, signals) {
                    Iteration::Done(depth, lines) => (depth, lines),
                    Iteration::Dropped => continue,
                    Iteration::Stopped => break,
                };
            for (i, (score, pv)) in lines.iter().enumerate() {
                report(&self.info(depth, i + 1, *score, pv, Bound::Exact, signals));
            }
            let Some((score, pv)) = lines.into_iter().next() else {
                break;
            };
            self.publish(signals, depth, score, &pv);
            result = SearchResult {
                best: pv.first().copied(),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: self.total_nodes(signals),
                partial: None,
            };
            if self.limit_reached(limits, depth, score, signals) || depth >= max_depth {
                break;
            }
            // Soft time: scaled by how settled the best move and score are.
            if let (Some(b), false) = (limits.budget, limits.spend_all) {
                let scale = stability.update(pv[0], score, prev_score)
                    * self.best_move_effort_scale(pv[0], depth);
                if self.elapsed_for_clock(signals) >= b.soft.mul_f64(scale)
                    && !signals.ponder.load(Relaxed)
                {
                    break;
                }
            }
            prev_score = score;
        }
        result.nodes = self.total_nodes(signals);
        result
    }

    /// One iteration at `depth`: each MultiPV line in its aspiration
    /// window, the later lines without the earlier lines' first moves.
    /// The lines come back best first (a later one can score better).
    fn iterate(
        &mut self,
        depth: i32,
        multipv: usize,
        prev_score: i32,
        result: &mut SearchResult,
        signals: &Signals,
    ) -> Iteration {
        self.current.depth = depth;
        self.current.root_excluded.clear();
        let mut lines: Vec<(i32, Vec<Move>)> = vec![];
        let mut depth = depth;
        for pv_idx in 0..multipv {
            self.current.seldepth = 0;
            let around = if pv_idx == 0 { prev_score } else { lines[0].0 };
            let (score, pv, bound) = self.aspiration(depth, around, result.best, signals);
            if self.current.abandoned {
                self.current.abandoned = false;
                self.current.stopped = false;
                // The main thread takes the helper's line for its own.
                let Some(line) = self.finished_elsewhere(signals, depth) else {
                    return Iteration::Dropped;
                };
                depth = line.depth;
                self.current.seldepth = line.seldepth;
                lines.push((line.score, line.pv));
                break;
            }
            // A stopped iteration ends the search, except at depth 1 when it
            // has a line: its first move is better than none.
            if self.current.stopped && (depth > 1 || pv.is_empty()) {
                if pv_idx == 0 {
                    self.keep_unfinished(result, depth, score, &pv, bound, signals);
                }
                return Iteration::Stopped;
            }
            let Some(&first) = pv.first() else { break };
            self.current.root_excluded.push(first);
            lines.push((score, pv));
        }
        lines.sort_by_key(|l| std::cmp::Reverse(l.0));
        Iteration::Done(depth, lines)
    }

    /// A stopped iteration's line: its move is played only if it is the
    /// old best or scored at least as well, and it is reported (as
    /// `result.partial`) when it changes the move or raises the score, as
    /// a mate found late does.
    fn keep_unfinished(
        &self,
        result: &mut SearchResult,
        depth: i32,
        score: i32,
        pv: &[Move],
        bound: Bound,
        signals: &Signals,
    ) {
        let Some(&first) = pv.first() else { return };
        if score <= -INF || !(Some(first) == result.best || score >= result.score) {
            return;
        }
        if Some(first) != result.best || score > result.score {
            result.partial = Some(self.info(depth, 1, score, pv, bound, signals));
        }
        result.best = Some(first);
        result.ponder = pv.get(1).copied();
    }

    /// A helper's finished iteration, for the main thread to report if it
    /// is deeper than its own; then every thread learns the depth is done.
    fn publish(&self, signals: &Signals, depth: i32, score: i32, pv: &[Move]) {
        if self.config.id > 0 {
            if let Ok(mut f) = signals.finished.lock() {
                if f.as_ref().is_none_or(|l| l.depth < depth) {
                    *f = Some(Line {
                        depth,
                        seldepth: self.current.seldepth,
                        score,
                        pv: pv.to_vec(),
                    });
                }
            }
        }
        signals.completed.fetch_max(depth, Relaxed);
    }

    /// Whether a finished iteration meets the `go mate` limit, or (for a
    /// helper) the `go depth` limit, which then stops the pool.
    fn limit_reached(&self, limits: &Limits, depth: i32, score: i32, signals: &Signals) -> bool {
        if limits
            .mate
            .is_some_and(|m| mate_moves(score).is_some_and(|n| n > 0 && n <= m))
        {
            return true;
        }
        if self.config.id > 0 && limits.depth.is_some_and(|d| depth >= d) {
            signals.depth_reached.store(true, Relaxed);
            return true;
        }
        false
    }

    /// Soft-budget factor from the share of this search's nodes spent on
    /// the best move: a move that took most of the effort is clear, one
    /// that took little is in doubt.
    fn best_move_effort_scale(&self, best: Move, depth: i32) -> f64 {
        let c = &self.current;
        let total: u64 = c.root_nodes.iter().sum();
        if depth < EFFORT_MIN_DEPTH || total == 0 {
            return 1.0;
        }
        let i = c.root_moves.iter().position(|&m| m == best);
        let share = i.map_or(0.0, |i| c.root_nodes[i] as f64 / total as f64);
        (EFFORT_BASE - share) * EFFORT_SCALE
    }

    /// The report of one line of this search at `depth`.
    fn info(
        &self,
        depth: i32,
        multipv: usize,
        score: i32,
        pv: &[Move],
        bound: Bound,
        signals: &Signals,
    ) -> Info {
        Info {
            depth,
            seldepth: self.current.seldepth,
            multipv,
            score,
            nodes: self.total_nodes(signals),
            time: self.current.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv: pv.to_vec(),
            bound,
        }
    }

    /// For the main thread: a helper's line at least `depth` deep, if one
    /// finished.
    fn finished_elsewhere(&self, signals: &Signals, depth: i32) -> Option<Line> {
        if self.config.id > 0 {
            return None;
        }
        let f = signals.finished.lock().ok()?;
        f.as_ref().filter(|l| l.depth >= depth).cloned()
    }

    /// This thread's nodes plus the helpers' (exact with one thread).
    fn total_nodes(&self, signals: &Signals) -> u64 {
        if self.config.id == 0 {
            self.current.nodes + signals.helper_nodes.load(Relaxed)
        } else {
            self.current.nodes
        }
    }

    /// Time on our clock: pondering before `ponderhit` does not count.
    fn elapsed_for_clock(&self, signals: &Signals) -> Duration {
        self.current
            .start
            .elapsed()
            .saturating_sub(Duration::from_millis(signals.ponderhit_ms.load(Relaxed)))
    }

    /// One root search in a window around `prev`, widened until the score
    /// falls inside it. A stopped search gives its best line so far, with
    /// `Lower` when that is a fail high: the last one, if it was `best`'s
    /// and the search that followed found nothing better. Another move's
    /// unconfirmed fail high is not played (playing it measured no gain).
    fn aspiration(
        &mut self,
        depth: i32,
        prev: i32,
        best: Option<Move>,
        signals: &Signals,
    ) -> (i32, Vec<Move>, Bound) {
        let mut delta = aspiration_delta();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH {
            ((prev - delta).max(-INF), (prev + delta).min(INF))
        } else {
            (-INF, INF)
        };
        let mut fail_high: Option<(i32, Vec<Move>)> = None;
        loop {
            self.current.rule_dep = false;
            let score = self.negamax(alpha, beta, depth, 0, false, signals);
            let pv = self.current.pv.lines[0][..self.current.pv.len[0]].to_vec();
            if self.current.stopped {
                let bound = if score >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                return match fail_high {
                    Some((s, p)) if (pv.is_empty() || s > score) && p.first() == best.as_ref() => {
                        (s, p, Bound::Lower)
                    }
                    _ => (score, pv, bound),
                };
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
                fail_high = None;
            } else if score >= beta {
                beta = (score + delta).min(INF);
                fail_high = Some((score, pv));
            } else {
                return (score, pv, Bound::Exact);
            }
            delta += delta / ASPIRATION_GROWTH_DIVISOR;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Whether the search must stop now: limits, `stop`, the main thread
    /// being done (helpers), a helper having finished the depth limit, or
    /// the iteration finished by another thread (then `abandoned` is set
    /// too, when this thread `may_abandon`). Helpers also add their nodes
    /// to `helper_nodes` here, every `POLL_NODES`.
    #[inline(always)]
    fn check_limits(&mut self, signals: &Signals) -> bool {
        if self.current.stopped {
            return true;
        }
        if let Some(n) = self.current.limits.nodes {
            if self.total_nodes(signals) >= n {
                self.current.stopped = true;
                return true;
            }
        }
        let c = &mut self.current;
        if c.nodes.is_multiple_of(POLL_NODES) {
            if self.config.id > 0 {
                signals.helper_nodes.fetch_add(POLL_NODES, Relaxed);
                if signals.helpers_stop.load(Relaxed) {
                    c.stopped = true;
                }
            } else if c.may_abandon && signals.depth_reached.load(Relaxed) {
                // (With MultiPV the main thread searches its lines to the end.)
                c.stopped = true;
            }
            if !c.stopped && c.may_abandon && signals.completed.load(Relaxed) >= c.depth {
                c.abandoned = true;
                c.stopped = true;
            }
            if signals.stop.load(Relaxed) {
                c.stopped = true;
            } else if let Some(b) = c.limits.budget {
                if !signals.ponder.load(Relaxed) && self.elapsed_for_clock(signals) >= b.hard {
                    self.current.stopped = true;
                }
            }
        }
        self.current.stopped
    }
}
