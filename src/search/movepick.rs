//! Staged move ordering: the TT move before any generation, then captures
//! by MVV-LVA and capture history (those losing material by SEE are
//! deferred), killers and the counter-move, quiet moves by history, and the
//! losing captures last.
//! Generation is legal, so every move handed out can be played.

use super::history::{History, Prevs};
use super::params::{
    CAPTURE_HISTORY_DIVISOR, LVA_ATTACKER_CAP, LVA_ATTACKER_DIVISOR, MVV_VICTIM_SCALE,
};
use crate::board::moves::MAX_MOVES;
use crate::board::see::SEE_VALUE;
use crate::board::{Bitboard, Move, MoveList, Position};
use arrayvec::ArrayVec;

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Tt,
    GenCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    refutations: [Move; 3],
    moves: MoveList,
    /// `scores[i]` orders `moves[i]`.
    scores: ArrayVec<i32, MAX_MOVES>,
    idx: usize,
    bad: MoveList,
    bad_idx: usize,
    /// Quiescence: captures (or evasions) only, no deferral of bad captures.
    qsearch: bool,
    /// Quiescence in check: every legal move is generated at once.
    evasions: bool,
    /// Points the enemy attacks, for the quiet moves' history: found when
    /// first asked, as many nodes end before their quiet moves.
    threats: Option<Bitboard>,
}

impl MovePicker {
    pub fn new(pos: &Position, tt_move: Move, killers: [Move; 2], counter: Move) -> MovePicker {
        let tt_move = if pos.is_legal(tt_move) {
            tt_move
        } else {
            Move::NONE
        };
        MovePicker {
            stage: Stage::Tt,
            tt_move,
            refutations: [killers[0], killers[1], counter],
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            idx: 0,
            bad: MoveList::new(),
            bad_idx: 0,
            qsearch: false,
            evasions: false,
            threats: None,
        }
    }

    /// For quiescence: the TT move if it is a capture (or any move when in
    /// check), then captures only, or every evasion when in check.
    pub fn new_qsearch(pos: &Position, tt_move: Move, in_check: bool) -> MovePicker {
        let tt_move = if in_check || pos.piece_at(tt_move.to()).is_some() {
            tt_move
        } else {
            Move::NONE
        };
        let mut mp = MovePicker::new(pos, tt_move, [Move::NONE; 2], Move::NONE);
        mp.qsearch = true;
        mp.evasions = in_check;
        mp
    }

    /// The points the side not to move attacks.
    #[inline(always)]
    pub fn threats(&mut self, pos: &Position) -> Bitboard {
        *self
            .threats
            .get_or_insert_with(|| pos.attacked_by(pos.side().flip()))
    }

    pub fn next(&mut self, pos: &Position, h: &History, prev: &Prevs) -> Option<Move> {
        loop {
            match self.stage {
                Stage::Tt => {
                    self.stage = Stage::GenCaptures;
                    if !self.tt_move.is_none() {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenCaptures => {
                    let mask = if self.evasions {
                        Bitboard::FULL
                    } else {
                        pos.color_bb(pos.side().flip())
                    };
                    pos.generate_legal_into(&mut self.moves, mask);
                    self.score_captures(pos, h);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => match self.pick() {
                    Some(m) if m == self.tt_move => {}
                    Some(m) if self.qsearch || pos.see_ge(m, 0) => return Some(m),
                    Some(m) => self.bad.push(m),
                    None if self.qsearch => return None,
                    None => self.stage = Stage::Killer1,
                },
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let i = self.stage as usize - Stage::Killer1 as usize;
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenQuiets,
                    };
                    let m = self.refutations[i];
                    if !m.is_none()
                        && m != self.tt_move
                        && !self.refutations[..i].contains(&m)
                        && pos.piece_at(m.to()).is_none()
                        && pos.is_legal(m)
                    {
                        return Some(m);
                    }
                }
                Stage::GenQuiets => {
                    self.moves.clear();
                    self.idx = 0;
                    pos.generate_legal_into(&mut self.moves, !pos.occupied());
                    let side = pos.side().index();
                    let threats = self.threats(pos);
                    self.scores.clear();
                    for &m in self.moves.as_slice() {
                        let piece = pos.piece_at(m.from()).expect("legal move has a piece");
                        self.scores
                            .push(h.quiet_score(side, piece, m, prev, threats));
                    }
                    self.sort();
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.take() {
                    Some(m) if m == self.tt_move || self.refutations.contains(&m) => {}
                    Some(m) => return Some(m),
                    None => self.stage = Stage::BadCaptures,
                },
                Stage::BadCaptures => {
                    if self.bad_idx < self.bad.len() {
                        self.bad_idx += 1;
                        return Some(self.bad.as_slice()[self.bad_idx - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    fn score_captures(&mut self, pos: &Position, h: &History) {
        self.scores.clear();
        for &m in self.moves.as_slice() {
            self.scores.push(capture_score(pos, h, m));
        }
    }

    /// Sorts the quiet moves by score, best first, ties in generation
    /// order: quiet lists are searched far enough at all-nodes that one
    /// sort beats repeated selection. Each key packs the negated score
    /// above the move's index, so an ascending sort of plain integers gives
    /// that order.
    fn sort(&mut self) {
        let mut keys: ArrayVec<i64, MAX_MOVES> = ArrayVec::new();
        for (i, &s) in self.scores.iter().enumerate() {
            keys.push(-(s as i64) << 16 | i as i64);
        }
        keys.sort_unstable();
        let old: ArrayVec<Move, MAX_MOVES> = self.moves.as_slice().iter().copied().collect();
        for (m, k) in self.moves.as_mut_slice().iter_mut().zip(&keys) {
            *m = old[(k & 0xFFFF) as usize];
        }
        self.scores.clear();
    }

    fn take(&mut self) -> Option<Move> {
        let m = self.moves.as_slice().get(self.idx).copied();
        self.idx += 1;
        m
    }

    /// Selection: the best-scored remaining move.
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
        let moves = self.moves.as_mut_slice();
        moves.swap(self.idx, best);
        self.scores.swap(self.idx, best);
        self.idx += 1;
        Some(moves[self.idx - 1])
    }
}

/// MVV-LVA plus the capture's history; a quiet evasion scores its
/// attacker's term alone.
#[inline(always)]
fn capture_score(pos: &Position, h: &History, m: Move) -> i32 {
    let piece = pos.piece_at(m.from()).expect("legal move has a piece");
    let attacker = SEE_VALUE[piece.kind().index()].min(LVA_ATTACKER_CAP);
    match pos.piece_at(m.to()) {
        Some(v) => {
            SEE_VALUE[v.kind().index()] * MVV_VICTIM_SCALE - attacker / LVA_ATTACKER_DIVISOR
                + h.capture_score(piece, m.to(), v.kind()) / CAPTURE_HISTORY_DIVISOR
        }
        None => -attacker / LVA_ATTACKER_DIVISOR,
    }
}
