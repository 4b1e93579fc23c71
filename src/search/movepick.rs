//! Move ordering: the TT move first (before any generation), then all legal
//! moves scored once — good captures by MVV-LVA, killers, counter-move, quiet
//! moves by history, losing captures last — and handed out best-first.

use super::history::History;
use crate::board::see::SEE_VALUE;
use crate::board::{Bitboard, Move, MoveList, Position};

const GOOD_CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const BAD_CAPTURE: i32 = -(1 << 22);

pub struct MovePicker {
    tt_move: Move,
    stage: u8,
    moves: MoveList,
    scores: [i32; 256],
    idx: usize,
}

impl MovePicker {
    pub fn new(pos: &Position, tt_move: Move) -> MovePicker {
        let tt_move = if pos.is_legal(tt_move) {
            tt_move
        } else {
            Move::NONE
        };
        MovePicker {
            tt_move,
            stage: 0,
            moves: MoveList::new(),
            scores: [0; 256],
            idx: 0,
        }
    }

    /// For quiescence: captures only (or every evasion when in check).
    pub fn new_qsearch(pos: &Position, in_check: bool) -> MovePicker {
        let mut mp = MovePicker {
            tt_move: Move::NONE,
            stage: 2,
            moves: MoveList::new(),
            scores: [0; 256],
            idx: 0,
        };
        let mask = if in_check {
            Bitboard::FULL
        } else {
            pos.color_bb(pos.side().flip())
        };
        pos.generate_legal_into(&mut mp.moves, mask);
        for (i, &m) in mp.moves.as_slice().iter().enumerate() {
            mp.scores[i] = mvv_lva(pos, m);
        }
        mp
    }

    pub fn tt_move(&self) -> Move {
        self.tt_move
    }

    pub fn next(
        &mut self,
        pos: &Position,
        h: &History,
        killers: &[Move; 2],
        counter: Move,
    ) -> Option<Move> {
        if self.stage == 0 {
            self.stage = 1;
            if !self.tt_move.is_none() {
                return Some(self.tt_move);
            }
        }
        if self.stage == 1 {
            self.stage = 2;
            pos.generate_legal_into(&mut self.moves, Bitboard::FULL);
            let side = pos.side().index();
            for (i, &m) in self.moves.as_slice().iter().enumerate() {
                self.scores[i] = if m == self.tt_move {
                    i32::MIN
                } else if pos.piece_at(m.to()).is_some() {
                    let base = if pos.see_ge(m, 0) {
                        GOOD_CAPTURE
                    } else {
                        BAD_CAPTURE
                    };
                    base + mvv_lva(pos, m)
                } else if m == killers[0] {
                    KILLER + 2
                } else if m == killers[1] {
                    KILLER + 1
                } else if m == counter {
                    KILLER
                } else {
                    h.get(side, m)
                };
            }
        }
        self.pick()
    }

    fn pick(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.idx >= n {
            return None;
        }
        let mut best = self.idx;
        for i in self.idx + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        if self.scores[best] == i32::MIN {
            return None; // only the already-returned TT move is left
        }
        let moves = self.moves.as_mut_slice();
        moves.swap(self.idx, best);
        self.scores.swap(self.idx, best);
        self.idx += 1;
        Some(moves[self.idx - 1])
    }
}

#[inline(always)]
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos
        .piece_at(m.to())
        .map_or(0, |p| SEE_VALUE[p.kind().index()]);
    let attacker = pos
        .piece_at(m.from())
        .map_or(0, |p| SEE_VALUE[p.kind().index()].min(300));
    victim * 8 - attacker / 16
}
