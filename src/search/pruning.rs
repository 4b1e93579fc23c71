//! Pruning and reductions: whether a node is cut before its move loop
//! (reverse futility, the null move), whether a move is skipped (late-move,
//! futility and SEE pruning), and how far a late move is reduced (LMR).

use super::alphabeta::Node;
use super::params::*;
use super::{Searcher, Signals, MATE_BOUND};
use crate::board::{attacks, Bitboard, Move, PieceType};

/// What the move-loop pruning decided for one move.
pub(super) enum Prune {
    /// Search it.
    No,
    /// Skip it.
    Move,
    /// Skip it and every quiet move after it.
    Quiets,
}

impl Searcher {
    /// The LMR table's reduction for the `searched`-th move at `depth`.
    #[inline(always)]
    fn reduction(&self, depth: i32, searched: i32) -> i32 {
        self.thread.lmr[depth.min(63) as usize][(searched as usize).min(63)]
    }

    /// Whether the enemy attacks the side to move's king or a point it
    /// could step to.
    fn king_zone_attacked(&self) -> bool {
        let pos = &self.thread.pos;
        let us = pos.side();
        let k = pos.king_square(us);
        let zone = Bitboard::from_square(k) | attacks::king(k);
        (pos.attacked_by(us.flip()) & zone).any()
    }

    /// Whether the side to move has a chariot, horse or cannon (null-move
    /// pruning is unsound without one: zugzwang-prone endings).
    fn has_attackers(&self) -> bool {
        let pos = &self.thread.pos;
        let us = pos.side();
        (pos.pieces(us, PieceType::Chariot)
            | pos.pieces(us, PieceType::Horse)
            | pos.pieces(us, PieceType::Cannon))
        .any()
    }

    /// Pruning before the move loop, at a non-PV node not in check:
    /// reverse futility and the null move. `Some` is the node's value.
    #[inline(always)]
    pub(super) fn prune_node(&mut self, node: &Node, beta: i32, signals: &Signals) -> Option<i32> {
        let (depth, eval) = (node.depth, node.eval);
        // Reverse futility: far above beta, assume a cutoff.
        let margin = rfp_margin() * depth - if node.improving { RFP_IMPROVING } else { 0 };
        if depth <= RFP_MAX_DEPTH
            && eval - margin >= beta
            && eval < MATE_BOUND
            && beta > -MATE_BOUND
        {
            return Some(eval);
        }
        // Null move, never without an attacking piece, nor with the king in
        // danger: behind a pass the search is too shallow to see the mate
        // the opponent's last move threatens. Odd helpers, a ply ahead, pass
        // there too: they reach depth sooner, and the threads' trees differ.
        let ply = node.ply;
        if depth >= NMP_MIN_DEPTH
            && eval >= beta
            && self.thread.stack[ply.saturating_sub(1)].played.is_some()
            && self.has_attackers()
            && beta > -MATE_BOUND
            && (self.config.id % 2 == 1 || !self.king_zone_attacked())
        {
            let r = NMP_BASE
                + depth / NMP_DEPTH_DIVISOR
                + ((eval - beta) / NMP_EVAL_STEP).min(NMP_EVAL_MAX);
            let hm = self.make_null(ply);
            let v = -self.negamax(-beta, -beta + 1, depth - r, ply + 1, !node.cut, signals);
            self.unmake_null(hm);
            if self.current.stopped {
                return Some(0);
            }
            if v >= beta {
                // The null search's ruling flag stays: it decided this value.
                return Some(if v >= MATE_BOUND { beta } else { v });
            }
            self.take_rule_dep();
        }
        None
    }

    /// Pruning inside the move loop (not at the root, and only once a move
    /// escaped a mate): late-move, futility and SEE pruning. Checks escape
    /// each rule (whether the move checks is asked only once a rule would
    /// apply), except that once late-move pruning fires, the node's
    /// remaining quiet moves go, checks too: sparing those cost forced
    /// mates (tuning/README.md).
    #[inline(always)]
    pub(super) fn prune_move(
        &self,
        node: &Node,
        m: Move,
        capture: bool,
        searched: i32,
        alpha: i32,
    ) -> Prune {
        let pos = &self.thread.pos;
        let depth = node.depth;
        if capture {
            return if depth <= SEE_PRUNE_MAX_DEPTH
                && !pos.see_ge(m, SEE_CAPTURE_PER_DEPTH * depth)
                && !pos.gives_check(m)
            {
                Prune::Move
            } else {
                Prune::No
            };
        }
        if depth <= LMP_MAX_DEPTH
            && searched >= (LMP_BASE + depth * depth) / if node.improving { 1 } else { 2 }
            && !pos.gives_check(m)
        {
            return Prune::Quiets;
        }
        // Futility at the depth LMR would search the move to.
        let lmr_depth = depth - 1 - self.reduction(depth, searched);
        let futile = !node.in_check
            && lmr_depth <= FUTILITY_MAX_DEPTH
            && node.eval + futility_base() + futility_per_depth() * lmr_depth.max(0) <= alpha;
        if (futile || depth <= SEE_PRUNE_MAX_DEPTH && !pos.see_ge(m, SEE_QUIET_PER_DEPTH * depth))
            && !pos.gives_check(m)
        {
            Prune::Move
        } else {
            Prune::No
        }
    }

    /// The late-move reduction of the `searched`-th move, whose quiet
    /// history is `hist`, clamped so the reduced search keeps a ply.
    #[inline(always)]
    pub(super) fn late_move_reduction(
        &self,
        node: &Node,
        searched: i32,
        hist: i32,
        refutation: bool,
        new_depth: i32,
    ) -> i32 {
        let ply = node.ply;
        let mut r = self.reduction(node.depth, searched);
        r -= node.pv as i32;
        r += node.cut as i32 * LMR_CUT_NODE;
        r += !node.improving as i32;
        r -= refutation as i32;
        r -= hist / lmr_history_divisor();
        // A reply the opponent found only late is less likely to be
        // refuted here.
        r -= (ply > 0 && self.thread.stack[ply - 1].move_count > LMR_PARENT_MOVES) as i32;
        // A negative reduction, for a move history rates highly, searches
        // it a ply deeper, except at expected all-nodes.
        let least = if node.cut || node.pv { -1 } else { 0 };
        r.clamp(least, new_depth - 1)
    }
}
