//! The principal-variation alpha-beta search, with the repetition law as a
//! leaf value (`rule_value`).
//!
//! `negamax` walks a node: `prune_node`, `prune_move` and
//! `late_move_reduction` (in `pruning`) decide what it skips or searches
//! shallower; internal iterative reduction and the check extension are
//! inline in it; `search_child` runs a made move's searches,
//! `reward_cutoff` teaches the histories a fail high, and the horizon's
//! positions go to `qsearch` (in `quiescence`).

use super::history::{Prev, Prevs, CONT_PLIES};
use super::movepick::MovePicker;
use super::params::*;
use super::pruning::Prune;
use super::tt::{score_from_tt, score_to_tt, Bound, TtEntry};
use super::{mated_in, Searcher, Signals, INF, MATE_BOUND, MAX_PLY};
use crate::board::{Move, Piece, PieceType, Undo};
use crate::eval::evaluate;
use crate::rules;
use arrayvec::ArrayVec;

/// Quiet moves remembered per node for the history update.
const QUIETS_KEPT: usize = 64;
/// Captures remembered per node for the capture history update.
const CAPTURES_KEPT: usize = 32;

impl Searcher {
    /// The static evaluation of the position at `ply`, for its side to move.
    #[inline(always)]
    pub(super) fn static_eval(&self, ply: usize) -> i32 {
        match &self.net {
            Some(net) => net.output(&self.thread.acc[ply], self.thread.pos.side()),
            None => evaluate(&self.thread.pos),
        }
    }

    #[inline(always)]
    pub(super) fn make(&mut self, m: Move, ply: usize) -> Undo {
        let t = &mut self.thread;
        // The child's bucket is fetched first, while the net updates.
        let key = t.pos.key_after(m);
        self.tt.prefetch(key);
        let piece = t.pos.piece_at(m.from()).expect("legal move has a piece");
        t.stack[ply].played = Some((piece, m));
        if let Some(net) = &self.net {
            let (done, next) = t.acc.split_at_mut(ply + 1);
            next[0].set_after_move(&done[ply], net, &t.pos, m);
        }
        let u = t.pos.make_keyed(m, key);
        t.keys.push(key);
        t.moves.push(m);
        u
    }

    #[inline(always)]
    pub(super) fn unmake(&mut self, m: Move, u: Undo) {
        let t = &mut self.thread;
        t.keys.pop();
        t.moves.pop();
        t.pos.unmake(m, u);
    }

    /// Passes the move (null move); returns what `unmake_null` restores.
    #[inline(always)]
    pub(super) fn make_null(&mut self, ply: usize) -> u32 {
        let t = &mut self.thread;
        t.stack[ply].played = None;
        if self.net.is_some() {
            t.acc[ply + 1] = t.acc[ply];
        }
        let halfmove = t.pos.make_null();
        t.keys.push(t.pos.key());
        t.moves.push(Move::NONE);
        halfmove
    }

    #[inline(always)]
    pub(super) fn unmake_null(&mut self, halfmove: u32) {
        let t = &mut self.thread;
        t.keys.pop();
        t.moves.pop();
        t.pos.unmake_null(halfmove);
    }

    /// The value of this node if a rule ends the game here (never at the
    /// root, nor at the horizon: quiescence tests only the natural limit
    /// and missing attacking material).
    ///
    /// Repetition rulings depend on the path (what each side did in the
    /// cycle), not on the position, so a win or loss by rule must not leak
    /// into other paths through the TT: such a value sets `rule_dep`, and a
    /// node whose value was decided by one skips its TT store (see
    /// `take_rule_dep`). Plain repetition draws are stored like every
    /// engine stores them; the draw value does not depend on who caused it.
    fn rule_value(&mut self, ply: usize) -> Option<i32> {
        let t = &self.thread;
        let hm = t.pos.halfmove();
        if let Some(r) = rules::repetition_ruling(
            self.config.rule,
            &t.keys,
            &t.moves,
            &t.pos,
            t.root_ply,
            hm as usize,
        ) {
            return Some(match r {
                rules::Ruling::Draw => 0,
                rules::Ruling::SideToMoveLoses => {
                    self.current.rule_dep = true;
                    mated_in(ply)
                }
                rules::Ruling::SideToMoveWins => {
                    self.current.rule_dep = true;
                    -mated_in(ply)
                }
            });
        }
        if hm >= self.config.natural_limit || rules::no_attacking_material(&t.pos) {
            return Some(0);
        }
        None
    }

    /// The static evaluation (net or hand-crafted; the TT's copy when there
    /// is one) and that plus the correction history's term, kept off mate
    /// scores; both -INF in check.
    #[inline(always)]
    pub(super) fn evals(&self, tte: Option<TtEntry>, in_check: bool, ply: usize) -> (i32, i32) {
        if in_check {
            return (-INF, -INF);
        }
        let raw = tte.map_or_else(|| self.static_eval(ply), |e| e.eval);
        let c = self
            .thread
            .correction
            .get(&self.thread.pos, self.last_move(ply));
        (raw, (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// The move that led to `ply` (none at the root or after a null move).
    #[inline(always)]
    fn last_move(&self, ply: usize) -> Prev {
        if ply > 0 {
            self.thread.stack[ply - 1].played
        } else {
            None
        }
    }

    /// Whether the value the last child search returned depends on a
    /// repetition ruling; clears the flag for the next child.
    ///
    /// A node's value depends on a ruling when the child that set a lower
    /// bound did, or, for an upper bound or exact value, when any searched
    /// child did: only those values may not hold on another path.
    #[inline(always)]
    pub(super) fn take_rule_dep(&mut self) -> bool {
        std::mem::take(&mut self.current.rule_dep)
    }

    /// The moves 1, 2 and 4 plies before the move made from `ply`.
    #[inline(always)]
    fn prevs_at(&self, ply: usize) -> Prevs {
        let stack = &self.thread.stack;
        CONT_PLIES.map(|back| {
            if ply >= back {
                stack[ply - back].played
            } else {
                None
            }
        })
    }

    /// This node refutes the quiet move that led to it, which its parent
    /// ordered first (or first after the hash move): that move's
    /// continuation history learns it was ordered too high. Odd helpers
    /// punish harder and later moves too, for threads that differ.
    fn punish_refuted_parent(&mut self, ply: usize, depth: i32) {
        // Halfmove 0: the parent's move was a capture.
        if ply == 0 || self.thread.pos.halfmove() == 0 {
            return;
        }
        let parent = self.thread.stack[ply - 1];
        let Some((piece, m)) = parent.played else {
            return;
        };
        let (scale, later) = if self.config.id % 2 == 1 {
            (HELPER_MALUS_SCALE, HELPER_MALUS_MOVES)
        } else {
            (1, 0)
        };
        if parent.move_count > 1 + parent.tt_first as i32 + later {
            return;
        }
        let prevs = self.prevs_at(ply - 1);
        self.thread
            .history
            .update_cont(piece, m, &prevs, -history_bonus(depth) * scale);
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let pv = &mut self.current.pv;
        pv.lines[ply][ply] = m;
        let child_len = pv.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            pv.lines[ply][i] = pv.lines[ply + 1][i];
        }
        pv.len[ply] = child_len;
    }

    /// The fail-soft value of the node at `ply` for its side to move, a
    /// fail high pulled toward beta (`blend_fail_high`); `cut` marks an
    /// expected cut node. When the search is stopped the value is 0 (at the
    /// root: the best finished move's score, or -INF if none).
    pub(super) fn negamax(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
        signals: &Signals,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.current.pv.len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, signals);
        }
        self.current.nodes += 1;
        if self.check_limits(signals) {
            return 0;
        }
        self.current.seldepth = self.current.seldepth.max(ply);
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
                return self.static_eval(ply);
            }
        }
        let in_check = self.thread.pos.in_check();
        let key = self.thread.pos.key();
        let tte = self.tt.probe(key);
        self.current.tt_probes += 1;
        self.current.tt_hits += tte.is_some() as u64;
        let tt_move = tte.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tte {
            if !pv_node && e.depth >= depth {
                if let Some(s) = e.cutoff(ply, alpha, beta) {
                    if s >= beta && !tt_move.is_none() {
                        self.punish_refuted_parent(ply, depth);
                    }
                    return s;
                }
            }
        }
        // The static evaluation, then corrected by what searches of the
        // same structures and after the same last move found.
        let (raw_eval, corrected) = self.evals(tte, in_check, ply);
        let mut eval = corrected;
        // A TT score is a better estimate when its bound points the right way.
        if let (Some(e), false) = (tte, in_check) {
            let s = score_from_tt(e.score, ply);
            let tighter =
                (e.bound == Bound::Lower && s > eval) || (e.bound == Bound::Upper && s < eval);
            if tighter && s.abs() < MATE_BOUND {
                eval = s;
            }
        }
        let stack = &mut self.thread.stack;
        stack[ply].eval = eval;
        stack[ply].move_count = 0;
        stack[ply].tt_first = !tt_move.is_none();
        stack[ply + 2].killers = [Move::NONE; 2];
        let mut node = Node {
            ply,
            depth,
            pv: pv_node,
            cut,
            in_check,
            eval,
            improving: !in_check && ply >= 2 && eval > stack[ply - 2].eval,
        };

        if !pv_node && !in_check && !root {
            if let Some(v) = self.prune_node(&node, beta, signals) {
                return v;
            }
        }
        // No hash move at a node worth searching well: search it shallower.
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            node.depth -= 1;
        }
        let depth = node.depth;

        let prev = self.last_move(ply);
        let prevs = self.prevs_at(ply);
        let counter = self.thread.history.counter(prev);
        let killers = self.thread.stack[ply].killers;
        let mut picker = MovePicker::new(&self.thread.pos, tt_move, killers, counter);
        let side = self.thread.pos.side().index();
        let mut best = Best::NONE;
        let mut legal = 0;
        let mut searched = 0;
        let mut quiets: ArrayVec<(Piece, Move), QUIETS_KEPT> = ArrayVec::new();
        let mut captures: ArrayVec<(Piece, Move, PieceType), CAPTURES_KEPT> = ArrayVec::new();
        let mut skip_quiets = false;
        // Whether any searched move's value, or the best one's, depends on
        // a repetition ruling.
        let (mut any_dep, mut best_dep) = (false, false);

        while let Some(m) = picker.next(&self.thread.pos, &self.thread.history, &prevs) {
            // At the root: the move's index in `root_moves`, for its node count.
            let root_idx = if root {
                let c = &self.current;
                match c.root_moves.iter().position(|&r| r == m) {
                    Some(i) if !c.root_excluded.contains(&m) => Some(i),
                    _ => continue,
                }
            } else {
                None
            };
            legal += 1;
            self.thread.stack[ply].move_count = legal;
            let pos = &self.thread.pos;
            let victim = pos.piece_at(m.to()).map(|p| p.kind());
            let capture = victim.is_some();
            if skip_quiets && !capture {
                continue;
            }
            // No pruning before a move escaped a mate.
            if !root && best.score > -MATE_BOUND {
                match self.prune_move(&node, m, capture, searched, alpha) {
                    Prune::No => {}
                    Prune::Move => continue,
                    Prune::Quiets => {
                        skip_quiets = true;
                        continue;
                    }
                }
            }
            let piece = pos.piece_at(m.from()).expect("legal move has a piece");
            let hist = if capture {
                0
            } else {
                let threats = picker.threats(pos);
                self.thread
                    .history
                    .quiet_score(side, piece, m, &prevs, threats)
            };
            let reducible = depth >= LMR_MIN_DEPTH
                && searched > pv_node as i32
                && (!capture || !pos.see_ge(m, 0));
            let nodes_before = self.current.nodes;
            let u = self.make(m, ply);
            let gives_check = self.thread.pos.in_check();
            let ext = (gives_check && ply < CHECK_EXTENSION_MAX_PLY) as i32;
            let new_depth = depth - 1 + ext;
            let plan = if reducible {
                let refutation = m == killers[0] || m == killers[1] || m == counter;
                Plan::Reduced(
                    self.late_move_reduction(&node, searched, hist, refutation, new_depth),
                )
            } else if !pv_node || searched > 0 {
                Plan::ZeroWindow
            } else {
                Plan::FullWindow
            };
            let v = self.search_child(&node, alpha, beta, new_depth, plan, signals);
            let dep = self.take_rule_dep();
            any_dep |= dep;
            self.unmake(m, u);
            if let Some(i) = root_idx {
                self.current.root_nodes[i] += self.current.nodes - nodes_before;
            }
            if self.current.stopped {
                // At the root, the score of the best move searched to the
                // end (the PV's), or -INF if none raised alpha: the stopped
                // move's value is no value.
                return if root && !best.mv.is_none() {
                    best.score
                } else if root {
                    -INF
                } else {
                    0
                };
            }
            searched += 1;
            // Recorded before a cutoff: the cutting move gets the bonus.
            match victim {
                None => {
                    let _ = quiets.try_push((piece, m));
                }
                Some(v) => {
                    let _ = captures.try_push((piece, m, v));
                }
            }
            if best.take(v, m, &mut alpha) {
                best_dep = dep;
                if pv_node {
                    self.update_pv(ply, m);
                }
                if v >= beta {
                    break;
                }
            }
        }

        if legal == 0 {
            // No legal move: mate or stalemate, both lost in xiangqi.
            return if root && !self.current.root_moves.is_empty() {
                alpha
            } else {
                mated_in(ply)
            };
        }
        let Best {
            score: best,
            mv: best_move,
        } = best;
        let best = if root {
            best
        } else {
            blend_fail_high(best, beta, depth)
        };
        // True also with no best move (every move failed low).
        let best_is_quiet =
            best_move.is_none() || self.thread.pos.piece_at(best_move.to()).is_none();
        if best >= beta {
            self.reward_cutoff(
                &node,
                best_move,
                best_is_quiet,
                &quiets,
                &captures,
                &mut picker,
            );
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let dep = if bound == Bound::Lower {
            best_dep
        } else {
            any_dep
        };
        // The search's verdict teaches the correction when it is exact or
        // its bound points away from the static evaluation.
        if !in_check
            && best_is_quiet
            && !dep
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= corrected)
            && !(bound == Bound::Upper && best >= corrected)
            && (!root || self.current.root_excluded.is_empty())
        {
            let t = &mut self.thread;
            t.correction.update(&t.pos, prev, depth, best - raw_eval);
        }
        self.current.rule_dep = dep;
        if dep {
            // Path-dependent (a ruled repetition decided it): keep only the move.
            self.tt.store(key, best_move, 0, raw_eval, -1, Bound::None);
        } else if !root || self.current.root_excluded.is_empty() {
            self.tt.store(
                key,
                best_move,
                score_to_tt(best, ply),
                raw_eval,
                depth,
                bound,
            );
        }
        best
    }

    /// Searches the move just made to `new_depth` as `plan` says (a
    /// reduced or zero-window search confirmed by a deeper or wider one
    /// when it beats alpha); its value for this node.
    #[inline(always)]
    fn search_child(
        &mut self,
        node: &Node,
        alpha: i32,
        beta: i32,
        new_depth: i32,
        plan: Plan,
        signals: &Signals,
    ) -> i32 {
        let (ply, cut) = (node.ply + 1, node.cut);
        let zero_window = match plan {
            Plan::Reduced(r) => {
                let v = -self.negamax(-alpha - 1, -alpha, new_depth - r, ply, true, signals);
                Some(if v > alpha && r > 0 {
                    self.take_rule_dep();
                    -self.negamax(-alpha - 1, -alpha, new_depth, ply, !cut, signals)
                } else {
                    v
                })
            }
            Plan::ZeroWindow => {
                Some(-self.negamax(-alpha - 1, -alpha, new_depth, ply, !cut, signals))
            }
            Plan::FullWindow => None,
        };
        match zero_window {
            // It settles the move, unless a PV node's move beat alpha.
            Some(v) if !node.pv || v <= alpha => v,
            _ => {
                self.take_rule_dep();
                -self.negamax(-beta, -alpha, new_depth, ply, false, signals)
            }
        }
    }

    /// A fail high with `best_move`: the histories learn it (a bonus for
    /// the cutting move, a malus for the moves searched before it), and
    /// the quiet move that led here learns it was refuted.
    fn reward_cutoff(
        &mut self,
        node: &Node,
        best_move: Move,
        best_is_quiet: bool,
        quiets: &[(Piece, Move)],
        captures: &[(Piece, Move, PieceType)],
        picker: &mut MovePicker,
    ) {
        let ply = node.ply;
        let prev = self.last_move(ply);
        let prevs = self.prevs_at(ply);
        let t = &mut self.thread;
        let bonus = history_bonus(node.depth);
        if best_is_quiet {
            let side = t.pos.side().index();
            let threats = picker.threats(&t.pos);
            for &(p, q) in quiets {
                let b = if q == best_move { bonus } else { -bonus };
                t.history.update(side, p, q, &prevs, threats, b);
            }
            let k = &mut t.stack[ply].killers;
            if k[0] != best_move {
                k[1] = k[0];
                k[0] = best_move;
            }
            t.history.set_counter(prev, best_move);
        }
        for &(p, c, v) in captures {
            let b = if c == best_move { bonus } else { -bonus };
            t.history.update_capture(p, c.to(), v, b);
        }
        self.punish_refuted_parent(ply, node.depth);
    }
}

/// What a node's pruning and reduction rules ask of it.
pub(super) struct Node {
    pub(super) ply: usize,
    /// Remaining depth (after internal iterative reduction, once done).
    pub(super) depth: i32,
    /// A PV node (an open window).
    pub(super) pv: bool,
    /// An expected cut node: a zero-window child of a reduced search,
    /// alternating below.
    pub(super) cut: bool,
    pub(super) in_check: bool,
    /// The corrected static evaluation, or the TT's tighter bound; -INF in
    /// check.
    pub(super) eval: i32,
    /// The evaluation is above the side's two plies earlier.
    pub(super) improving: bool,
}

/// How a move is searched after it is made.
enum Plan {
    /// Zero window, this many plies shallower first (late-move reduction).
    Reduced(i32),
    /// Zero window at full depth: a later move, or any at a non-PV node.
    ZeroWindow,
    /// Full window at once: a PV node's first move.
    FullWindow,
}

/// A node's best score and move so far.
pub(super) struct Best {
    pub(super) score: i32,
    pub(super) mv: Move,
}

impl Best {
    pub(super) const NONE: Best = Best {
        score: -INF,
        mv: Move::NONE,
    };

    /// Takes a searched move's score; true if it raised `alpha` (the move
    /// is then the best).
    #[inline(always)]
    pub(super) fn take(&mut self, v: i32, m: Move, alpha: &mut i32) -> bool {
        if v > self.score {
            self.score = v;
            if v > *alpha {
                *alpha = v;
                self.mv = m;
                return true;
            }
        }
        false
    }
}

/// A score that beat `beta` at `depth`, pulled toward `beta` by
/// `1 / (depth + 1)` of the gap: a shallow fail high overstates the margin,
/// and a smaller one steadies the scores the parent compares. Mate scores
/// and mate windows are left as they are.
#[inline(always)]
pub(super) fn blend_fail_high(score: i32, beta: i32, depth: i32) -> i32 {
    if score > beta && score.abs() < MATE_BOUND && beta.abs() < MATE_BOUND {
        (score * depth + beta) / (depth + 1)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blended_fail_high_moves_toward_beta_and_still_fails_high() {
        assert_eq!(blend_fail_high(100, 40, 2), 80);
        assert_eq!(blend_fail_high(100, 40, 1), 70);
        // Rounding toward zero never takes a score below beta.
        assert_eq!(blend_fail_high(-9, -10, 1), -9);
        assert_eq!(blend_fail_high(41, 40, 5), 40);
        // Fail lows, mate scores and mate windows are left alone.
        assert_eq!(blend_fail_high(30, 40, 3), 30);
        assert_eq!(blend_fail_high(MATE_BOUND + 5, 40, 3), MATE_BOUND + 5);
        assert_eq!(
            blend_fail_high(MATE_BOUND + 5, MATE_BOUND, 3),
            MATE_BOUND + 5
        );
    }
}
