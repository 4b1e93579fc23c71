//! Quiescence search: captures only (every evasion in check) until the
//! position is quiet, so that the static evaluation is not taken in the
//! middle of an exchange.

use super::alphabeta::{blend_fail_high, Best};
use super::history::CONT_PLIES;
use super::movepick::MovePicker;
use super::params::*;
use super::tt::{score_to_tt, Bound};
use super::{mated_in, Searcher, Signals, MAX_PLY};
use crate::board::see::SEE_VALUE;
use crate::board::Move;
use crate::rules;

impl Searcher {
    /// The value of a position at the horizon: the better of standing pat
    /// (the static evaluation) and the captures that lose nothing by SEE.
    pub(super) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        signals: &Signals,
    ) -> i32 {
        self.current.nodes += 1;
        self.current.pv.len[ply] = ply;
        if self.check_limits(signals) {
            return 0;
        }
        self.current.seldepth = self.current.seldepth.max(ply);
        let pos = &self.thread.pos;
        if ply >= MAX_PLY - 1 {
            return self.static_eval(ply);
        }
        if pos.halfmove() >= self.config.natural_limit || rules::no_attacking_material(pos) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let in_check = pos.in_check();
        let key = pos.key();
        let tte = self.tt.probe(key);
        if let Some(e) = tte {
            if !pv_node {
                if let Some(s) = e.cutoff(ply, alpha, beta) {
                    return s;
                }
            }
        }
        let (raw_eval, stand_pat) = self.evals(tte, in_check, ply);
        // Standing pat: the static evaluation unless in check.
        let mut best = Best {
            score: stand_pat,
            mv: Move::NONE,
        };
        if !in_check {
            if stand_pat >= beta {
                return blend_fail_high(stand_pat, beta, 1);
            }
            alpha = alpha.max(stand_pat);
        }
        let tt_move = tte.map_or(Move::NONE, |e| e.mv);
        let mut picker = MovePicker::new_qsearch(&self.thread.pos, tt_move, in_check);
        let mut legal = 0;
        while let Some(m) = picker.next(
            &self.thread.pos,
            &self.thread.history,
            &[None; CONT_PLIES.len()],
        ) {
            legal += 1;
            if !in_check {
                let pos = &self.thread.pos;
                let victim = pos
                    .piece_at(m.to())
                    .map_or(0, |p| SEE_VALUE[p.kind().index()]);
                if stand_pat + victim + qs_delta_margin() <= alpha || !pos.see_ge(m, 0) {
                    continue;
                }
            }
            let u = self.make(m, ply);
            let v = -self.qsearch(-beta, -alpha, ply + 1, signals);
            self.unmake(m, u);
            if self.current.stopped {
                return 0;
            }
            if best.take(v, m, &mut alpha) {
                if pv_node {
                    self.update_pv(ply, m);
                }
                if v >= beta {
                    break;
                }
            }
        }
        if in_check && legal == 0 {
            return mated_in(ply);
        }
        let Best {
            score: best,
            mv: best_move,
        } = best;
        let best = blend_fail_high(best, beta, 1);
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, score_to_tt(best, ply), raw_eval, 0, bound);
        best
    }
}
