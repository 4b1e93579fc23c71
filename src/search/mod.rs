//! Search: iterative deepening, aspiration windows, principal-variation
//! alpha-beta with quiescence, a shared lockless TT and the usual pruning.

pub mod bench;
pub mod history;
pub mod movepick;
pub mod threads;
pub mod time;
pub mod tt;

use crate::board::{Game, Move, Piece, PieceType, Position};
use crate::eval::evaluate;
use crate::rules;
use history::History;
use movepick::MovePicker;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use time::Budget;
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
    /// Nodes searched by helper threads (flushed every 1024).
    pub helper_nodes: AtomicU64,
    /// A helper finished the depth limit: the pool is there, the main
    /// thread stops and the deepest thread's result is taken.
    pub depth_reached: AtomicBool,
    /// The deepest iteration any thread has finished: helpers skip depths
    /// already done.
    pub completed: AtomicI32,
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
    pub infinite: bool,
}

/// One iteration's (or one MultiPV line's) report.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    pub score: i32,
    pub bound: Bound,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: usize,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

#[derive(Copy, Clone, Default)]
struct Frame {
    eval: i32,
    killers: [Move; 2],
    /// The move made from this ply and the piece that made it.
    played: Option<(Piece, Move)>,
}

/// One search thread's state. The TT is shared; everything else is private.
pub struct Searcher {
    pub tt: Arc<Tt>,
    history: History,
    pos: Position,
    keys: Vec<u64>,
    /// Moves of the game and the search path: `moves[i]` led from position
    /// `i` to `i + 1` (a null move is `Move::NONE`).
    moves: Vec<Move>,
    root_ply: usize,
    /// Counts repetitions ruled a win or loss; a node whose subtree met one
    /// does not store its score in the TT (see `rule_value`).
    rule_hits: u64,
    pub rule: rules::RuleSet,
    stack: [Frame; MAX_PLY + 4],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// A helper dropped an iteration another thread already finished.
    abandoned: bool,
    depth_now: i32,
    start: Instant,
    limits: Limits,
    root_excluded: Vec<Move>,
    root_moves: Vec<Move>,
    lmr: Box<[[i32; 64]; 64]>,
    pub natural_limit: u32,
    /// 0 for the main thread, which reports and decides; helpers are 1, 2, ...
    pub id: usize,
}

impl Searcher {
    pub fn new(tt: Arc<Tt>) -> Searcher {
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as i32;
            }
        }
        Searcher {
            tt,
            history: History::default(),
            pos: Position::startpos(),
            keys: vec![],
            moves: vec![],
            root_ply: 0,
            rule_hits: 0,
            rule: rules::RuleSet::default(),
            stack: [Frame::default(); MAX_PLY + 4],
            pv: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            abandoned: false,
            depth_now: 0,
            start: Instant::now(),
            limits: Limits::default(),
            root_excluded: vec![],
            root_moves: vec![],
            lmr,
            natural_limit: rules::NATURAL_LIMIT,
            id: 0,
        }
    }

    /// Forget everything learned (new game).
    pub fn clear(&mut self) {
        self.history.clear();
        self.tt.clear();
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
        self.start = Instant::now();
        self.limits = limits.clone();
        self.nodes = 0;
        self.stopped = false;
        self.pos = game.pos.clone();
        self.keys = game.keys.clone();
        self.moves = game.moves.clone();
        self.root_ply = self.keys.len() - 1;
        self.stack = [Frame::default(); MAX_PLY + 4];
        self.tt.new_search();

        let legal = self.pos.legal_moves();
        let mut root: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        if root.is_empty() {
            root = legal.as_slice().to_vec();
        }
        self.root_moves = root;
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if self.root_moves.is_empty() {
            result.score = mated_in(0);
            return result;
        }
        result.best = Some(self.root_moves[0]);
        let multipv = multipv.clamp(1, self.root_moves.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 4)
            .clamp(1, MAX_PLY as i32 - 4);
        let mut prev_score = 0;
        let mut stable = 0;
        let mut last_best = Move::NONE;

        let mut iteration = 0;
        'deepen: while iteration < max_depth {
            iteration += 1;
            if self.id > 0 {
                iteration = iteration.max(signals.completed.load(Relaxed) + 1);
            }
            // Odd helpers run one ply ahead: threads spread over depths.
            let depth = (iteration + (self.id % 2) as i32).min(max_depth);
            self.depth_now = depth;
            self.root_excluded.clear();
            let mut lines: Vec<(i32, Vec<Move>)> = vec![];
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                let (score, pv) = self.aspiration(
                    depth,
                    if pv_idx == 0 { prev_score } else { lines[0].0 },
                    signals,
                );
                if self.abandoned {
                    self.abandoned = false;
                    self.stopped = false;
                    continue 'deepen;
                }
                if self.stopped && (depth > 1 || pv.is_empty()) {
                    // Keep a move from the unfinished iteration only if it is
                    // the old best or scored at least as well.
                    if pv_idx == 0
                        && !pv.is_empty()
                        && score > -INF
                        && (Some(pv[0]) == result.best || score >= result.score || depth == 1)
                    {
                        result.best = Some(pv[0]);
                        result.ponder = pv.get(1).copied();
                    }
                    break 'deepen;
                }
                let Some(&first) = pv.first() else { break };
                self.root_excluded.push(first);
                lines.push((score, pv));
            }
            // Lines searched later can come out better: report them best first.
            lines.sort_by_key(|l| std::cmp::Reverse(l.0));
            for (i, (score, pv)) in lines.iter().enumerate() {
                report(&Info {
                    depth,
                    seldepth: self.seldepth,
                    multipv: i + 1,
                    score: *score,
                    bound: Bound::Exact,
                    nodes: self.total_nodes(signals),
                    time: self.start.elapsed(),
                    hashfull: self.tt.hashfull(),
                    pv: pv.clone(),
                });
            }
            let Some((score, pv)) = lines.first().cloned() else {
                break;
            };
            signals.completed.fetch_max(depth, Relaxed);
            result = SearchResult {
                best: pv.first().copied(),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: self.total_nodes(signals),
            };
            if let Some(m) = limits.mate {
                if mate_moves(score).is_some_and(|n| n > 0 && n <= m) {
                    break;
                }
            }
            if self.id > 0 && limits.depth.is_some_and(|d| depth >= d) {
                signals.depth_reached.store(true, Relaxed);
                break;
            }
            // Soft time: scaled by how settled the best move and score are.
            if let (Some(b), false) = (limits.budget, limits.spend_all) {
                if pv[0] == last_best {
                    stable = (stable + 1).min(6);
                } else {
                    stable = 0;
                }
                last_best = pv[0];
                let mut scale = 1.3 - 0.1 * stable as f64;
                if score < prev_score - 15 {
                    scale *= 1.4;
                }
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

    /// This thread's nodes plus the helpers' (exact with one thread).
    fn total_nodes(&self, signals: &Signals) -> u64 {
        if self.id == 0 {
            self.nodes + signals.helper_nodes.load(Relaxed)
        } else {
            self.nodes
        }
    }

    fn elapsed_for_clock(&self, signals: &Signals) -> Duration {
        self.start
            .elapsed()
            .saturating_sub(Duration::from_millis(signals.ponderhit_ms.load(Relaxed)))
    }

    fn aspiration(&mut self, depth: i32, prev: i32, signals: &Signals) -> (i32, Vec<Move>) {
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
            ((prev - delta).max(-INF), (prev + delta).min(INF))
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.negamax(alpha, beta, depth, 0, signals);
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            if self.stopped {
                return (score, pv);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return (score, pv);
            }
            delta += delta / 2;
            if delta > 600 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    #[inline(always)]
    fn check_limits(&mut self, signals: &Signals) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(n) = self.limits.nodes {
            if self.total_nodes(signals) >= n {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes & 1023 == 0 {
            if self.id > 0 {
                signals.helper_nodes.fetch_add(1024, Relaxed);
                if signals.helpers_stop.load(Relaxed) {
                    self.stopped = true;
                } else if signals.completed.load(Relaxed) >= self.depth_now {
                    self.abandoned = true;
                    self.stopped = true;
                }
            } else if signals.depth_reached.load(Relaxed) {
                self.stopped = true;
            }
            if signals.stop.load(Relaxed) {
                self.stopped = true;
            } else if let Some(b) = self.limits.budget {
                if !signals.ponder.load(Relaxed) && self.elapsed_for_clock(signals) >= b.hard {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    #[inline(always)]
    fn make(&mut self, m: Move, ply: usize) -> crate::board::Undo {
        let piece = self.pos.piece_at(m.from()).expect("legal move has a piece");
        self.stack[ply].played = Some((piece, m));
        let u = self.pos.make(m);
        self.keys.push(self.pos.key());
        self.moves.push(m);
        self.tt.prefetch(self.pos.key());
        u
    }

    #[inline(always)]
    fn unmake(&mut self, m: Move, u: crate::board::Undo) {
        self.keys.pop();
        self.moves.pop();
        self.pos.unmake(m, u);
    }

    /// The value of this node if a rule ends the game here (never at the root).
    ///
    /// Repetition rulings depend on the path (what each side did in the
    /// cycle), not on the position, so a win or loss by rule must not leak
    /// into other paths through the TT: such values bump `rule_hits`, and any
    /// node whose subtree saw one skips its TT store (its best move is still
    /// found again cheaply). Plain repetition draws are stored like every
    /// engine stores them; the draw value does not depend on who caused it.
    fn rule_value(&mut self, ply: usize) -> Option<i32> {
        let hm = self.pos.halfmove();
        if let Some(r) = rules::repetition_ruling(
            self.rule,
            &self.keys,
            &self.moves,
            &self.pos,
            self.root_ply,
            hm as usize,
        ) {
            return Some(match r {
                rules::Ruling::Draw => 0,
                rules::Ruling::SideToMoveLoses => {
                    self.rule_hits += 1;
                    mated_in(ply)
                }
                rules::Ruling::SideToMoveWins => {
                    self.rule_hits += 1;
                    -mated_in(ply)
                }
            });
        }
        if hm >= self.natural_limit || rules::no_attacking_material(&self.pos) {
            return Some(0);
        }
        None
    }

    fn has_attackers(&self) -> bool {
        let us = self.pos.side();
        (self.pos.pieces(us, PieceType::Chariot)
            | self.pos.pieces(us, PieceType::Horse)
            | self.pos.pieces(us, PieceType::Cannon))
        .any()
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn negamax(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        signals: &Signals,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, signals);
        }
        self.nodes += 1;
        if self.check_limits(signals) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if let Some(v) = self.rule_value(ply) {
                return v;
            }
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(-mated_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY - 1 {
                return evaluate(&self.pos);
            }
        }
        let in_check = self.pos.in_check();
        let key = self.pos.key();
        let hits_before = self.rule_hits;
        let tte = self.tt.probe(key);
        let tt_move = tte.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tte {
            let s = score_from_tt(e.score, ply);
            if !pv_node
                && e.depth >= depth
                && (e.bound == Bound::Exact
                    || (e.bound == Bound::Lower && s >= beta)
                    || (e.bound == Bound::Upper && s <= alpha))
            {
                return s;
            }
        }
        let eval = if in_check {
            -INF
        } else {
            let mut ev = tte.map_or_else(|| evaluate(&self.pos), |e| e.eval);
            // A TT score is a better estimate when its bound points the right way.
            if let Some(e) = tte {
                let s = score_from_tt(e.score, ply);
                let tighter =
                    (e.bound == Bound::Lower && s > ev) || (e.bound == Bound::Upper && s < ev);
                if tighter && s.abs() < MATE_BOUND {
                    ev = s;
                }
            }
            ev
        };
        let raw_eval = if in_check {
            -INF
        } else {
            tte.map_or_else(|| eval, |e| e.eval)
        };
        self.stack[ply].eval = eval;
        self.stack[ply + 2].killers = [Move::NONE; 2];
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;

        if !pv_node && !in_check && !root {
            // Reverse futility: far above beta, assume a cutoff.
            if depth <= 8
                && eval - (22 * depth - if improving { 18 } else { 0 }) >= beta
                && eval < MATE_BOUND
            {
                return eval;
            }
            // Razoring: hopeless at low depth, confirm with quiescence.
            if depth <= 3 && eval + 80 + 60 * depth < alpha {
                let v = self.qsearch(alpha, alpha + 1, ply, signals);
                if v <= alpha {
                    return v;
                }
            }
            // Null move, never without an attacking piece (zugzwang-prone endings).
            if depth >= 3
                && eval >= beta
                && self.stack[ply.saturating_sub(1)].played.is_some()
                && self.has_attackers()
                && beta > -MATE_BOUND
            {
                let r = 3 + depth / 4 + ((eval - beta) / 60).min(3);
                self.stack[ply].played = None;
                let hm = self.pos.make_null();
                self.keys.push(self.pos.key());
                self.moves.push(Move::NONE);
                let v = -self.negamax(-beta, -beta + 1, depth - r, ply + 1, signals);
                self.keys.pop();
                self.moves.pop();
                self.pos.unmake_null(hm);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }
        // No hash move at a node worth searching well: search it shallower.
        if depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }

        let prev = if ply > 0 {
            self.stack[ply - 1].played
        } else {
            None
        };
        let prevs = [
            prev,
            if ply > 1 {
                self.stack[ply - 2].played
            } else {
                None
            },
        ];
        let counter = self.history.counter(prev);
        let killers = self.stack[ply].killers;
        let mut picker = MovePicker::new(&self.pos, tt_move, killers, counter);
        let side = self.pos.side().index();
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut legal = 0;
        let mut searched = 0;
        let mut quiets: [(Piece, Move); 64] = [(
            Piece::new(crate::board::Color::Red, PieceType::Pawn),
            Move::NONE,
        ); 64];
        let mut nq = 0;
        let mut skip_quiets = false;

        while let Some(m) = picker.next(&self.pos, &self.history, &prevs) {
            if root && (!self.root_moves.contains(&m) || self.root_excluded.contains(&m)) {
                continue;
            }
            legal += 1;
            let capture = self.pos.piece_at(m.to()).is_some();
            if skip_quiets && !capture {
                continue;
            }
            if !root && best > -MATE_BOUND && !self.pos.gives_check(m) {
                if !capture {
                    if depth <= 8 && searched >= (3 + depth * depth) / if improving { 1 } else { 2 }
                    {
                        skip_quiets = true;
                        continue;
                    }
                    if !in_check && depth <= 8 && eval + 40 + 30 * depth <= alpha {
                        continue;
                    }
                    if depth <= 6 && !self.pos.see_ge(m, -15 * depth) {
                        continue;
                    }
                } else if depth <= 6 && !self.pos.see_ge(m, -40 * depth) {
                    continue;
                }
            }
            let piece = self.pos.piece_at(m.from()).expect("legal move has a piece");
            let hist = if capture {
                0
            } else {
                self.history.quiet_score(side, piece, m, &prevs)
            };
            let reducible =
                depth >= 3 && searched > pv_node as i32 && (!capture || !self.pos.see_ge(m, 0));
            let u = self.make(m, ply);
            let gives_check = self.pos.in_check();
            let ext = (gives_check && ply < 2 * MAX_PLY / 3) as i32;
            let new_depth = depth - 1 + ext;
            let mut v;
            if reducible {
                let mut r = self.lmr[depth.min(63) as usize][(searched as usize).min(63)];
                r -= pv_node as i32;
                r += !improving as i32;
                r -= gives_check as i32;
                r -= (m == killers[0] || m == killers[1] || m == counter) as i32;
                r -= hist / 12000;
                let r = r.clamp(0, new_depth - 1);
                v = -self.negamax(-alpha - 1, -alpha, new_depth - r, ply + 1, signals);
                if v > alpha && r > 0 {
                    v = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, signals);
                }
            } else if !pv_node || searched > 0 {
                v = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, signals);
            } else {
                v = alpha + 1; // force the full-window search below
            }
            if pv_node && (searched == 0 || v > alpha) {
                v = -self.negamax(-beta, -alpha, new_depth, ply + 1, signals);
            }
            self.unmake(m, u);
            if self.stopped {
                return 0;
            }
            searched += 1;
            // Recorded before a cutoff: the cutting move gets the bonus.
            if !capture && nq < quiets.len() {
                quiets[nq] = (piece, m);
                nq += 1;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    alpha = v;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }

        if legal == 0 {
            // No legal move: mate or stalemate, both lost in xiangqi.
            return if root && !self.root_moves.is_empty() {
                alpha
            } else {
                mated_in(ply)
            };
        }
        if best >= beta && self.pos.piece_at(best_move.to()).is_none() {
            let bonus = (depth * depth * 16).min(1600);
            for &(p, q) in &quiets[..nq] {
                let b = if q == best_move { bonus } else { -bonus };
                self.history.update(side, p, q, &prevs, b);
            }
            let k = &mut self.stack[ply].killers;
            if k[0] != best_move {
                k[1] = k[0];
                k[0] = best_move;
            }
            self.history.set_counter(prev, best_move);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.rule_hits != hits_before {
            // Path-dependent (a repetition was ruled below): keep only the move.
            self.tt
                .store(key, best_move, 0, raw_eval, -1, Bound::None, pv_node);
        } else if !root || self.root_excluded.is_empty() {
            self.tt.store(
                key,
                best_move,
                score_to_tt(best, ply),
                raw_eval,
                depth,
                bound,
                pv_node,
            );
        }
        best
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, signals: &Signals) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = ply;
        if self.check_limits(signals) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }
        if self.pos.halfmove() >= self.natural_limit || rules::no_attacking_material(&self.pos) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.pos.in_check();
        let key = self.pos.key();
        let tte = self.tt.probe(key);
        if let Some(e) = tte {
            let s = score_from_tt(e.score, ply);
            if !pv_node
                && (e.bound == Bound::Exact
                    || (e.bound == Bound::Lower && s >= beta)
                    || (e.bound == Bound::Upper && s <= alpha))
            {
                return s;
            }
        }
        let mut best = -INF;
        let raw_eval = if in_check {
            -INF
        } else {
            tte.map_or_else(|| evaluate(&self.pos), |e| e.eval)
        };
        if !in_check {
            best = raw_eval;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut picker = MovePicker::new_qsearch(&self.pos, in_check);
        let mut legal = 0;
        let mut best_move = Move::NONE;
        while let Some(m) = picker.next(&self.pos, &self.history, &[None, None]) {
            legal += 1;
            if !in_check {
                let victim = self
                    .pos
                    .piece_at(m.to())
                    .map_or(0, |p| crate::board::see::SEE_VALUE[p.kind().index()]);
                if raw_eval + victim + 50 <= alpha || !self.pos.see_ge(m, 0) {
                    continue;
                }
            }
            let u = self.make(m, ply);
            let v = -self.qsearch(-beta, -alpha, ply + 1, signals);
            self.unmake(m, u);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return mated_in(ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            raw_eval,
            0,
            bound,
            false,
        );
        best
    }
}

#[inline(always)]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline(always)]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
