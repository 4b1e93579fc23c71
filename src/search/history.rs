//! Move-ordering memory: butterfly history (kept apart by whether the
//! enemy attacks the move's origin and destination), continuation history
//! (the quiet move's success after our and the opponent's moves 1, 2 and 4
//! plies back), capture history (a capture's success by piece, destination
//! and victim), and counter-moves; killers live in the search stack.

use super::params::HISTORY_MAX;
use crate::board::{Bitboard, Move, Piece, PieceType, Square};

/// A previous move as continuation history sees it: who moved where.
pub type Prev = Option<(Piece, Move)>;

/// The moves 1, 2 and 4 plies back, each with its continuation table.
pub const CONT_PLIES: [usize; 3] = [1, 2, 4];
pub type Prevs = [Prev; CONT_PLIES.len()];

type ContTable = [[[[i16; 90]; 14]; 90]; 14];

/// [from][to] for one side and one threat pattern.
type Butterfly = [[i16; 90]; 90];

pub struct History {
    /// [side][threat pattern][from][to]: the pattern says whether the enemy
    /// attacks the move's origin and its destination (`threat_index`), so
    /// that escaping an attack and walking into one are learned apart.
    butterfly: Box<[[Butterfly; 4]; 2]>,
    /// [previous piece][its to][piece][to], for each of `CONT_PLIES`.
    cont: [Box<ContTable>; CONT_PLIES.len()],
    /// [piece that moved][its destination] -> the reply that refuted it.
    counter: Box<[[Move; 90]; 14]>,
    /// [capturing piece][destination][victim's kind]
    capture: Box<[[[i16; 7]; 90]; 14]>,
}

fn zeroed_cont() -> Box<ContTable> {
    // Built on the heap: 3 MB would overflow a thread's stack.
    let v: Vec<[[[i16; 90]; 14]; 90]> = vec![[[[0; 90]; 14]; 90]; 14];
    v.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!())
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[[[0; 90]; 90]; 4]; 2]),
            cont: [zeroed_cont(), zeroed_cont(), zeroed_cont()],
            counter: Box::new([[Move::NONE; 90]; 14]),
            capture: Box::new([[[0; 7]; 90]; 14]),
        }
    }
}

#[inline(always)]
fn gravity(e: &mut i16, bonus: i32) {
    let v = *e as i32;
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *e = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}

/// Which of the move's two points the enemy attacks: bit 0 the origin,
/// bit 1 the destination.
#[inline(always)]
fn threat_index(m: Move, threats: Bitboard) -> usize {
    threats.has(m.from()) as usize | (threats.has(m.to()) as usize) << 1
}

impl History {
    pub fn clear(&mut self) {
        for side in self.butterfly.iter_mut() {
            for table in side.iter_mut() {
                for row in table.iter_mut() {
                    row.fill(0);
                }
            }
        }
        for t in self.cont.iter_mut() {
            for a in t.iter_mut() {
                for b in a.iter_mut() {
                    for c in b.iter_mut() {
                        c.fill(0);
                    }
                }
            }
        }
        for row in self.counter.iter_mut() {
            row.fill(Move::NONE);
        }
        for row in self.capture.iter_mut() {
            row.fill([0; 7]);
        }
    }

    /// Ordering score of a capture of `victim` by `piece` on `to`.
    #[inline(always)]
    pub fn capture_score(&self, piece: Piece, to: Square, victim: PieceType) -> i32 {
        self.capture[piece.index()][to.index()][victim.index()] as i32
    }

    #[inline(always)]
    pub fn update_capture(&mut self, piece: Piece, to: Square, victim: PieceType, bonus: i32) {
        gravity(
            &mut self.capture[piece.index()][to.index()][victim.index()],
            bonus,
        );
    }

    /// Ordering score of a quiet move `m` by `piece`; `threats` are the
    /// points the enemy attacks.
    #[inline(always)]
    pub fn quiet_score(
        &self,
        side: usize,
        piece: Piece,
        m: Move,
        prev: &Prevs,
        threats: Bitboard,
    ) -> i32 {
        let threat = threat_index(m, threats);
        let mut s = self.butterfly[side][threat][m.from().index()][m.to().index()] as i32;
        for (t, p) in self.cont.iter().zip(prev) {
            if let Some((pp, pm)) = p {
                s += t[pp.index()][pm.to().index()][piece.index()][m.to().index()] as i32;
            }
        }
        s
    }

    #[inline(always)]
    pub fn update(
        &mut self,
        side: usize,
        piece: Piece,
        m: Move,
        prev: &Prevs,
        threats: Bitboard,
        bonus: i32,
    ) {
        let threat = threat_index(m, threats);
        gravity(
            &mut self.butterfly[side][threat][m.from().index()][m.to().index()],
            bonus,
        );
        self.update_cont(piece, m, prev, bonus);
    }

    /// Continuation history alone: the verdict on a move seen from a node
    /// above, whose threat pattern is no longer known.
    #[inline(always)]
    pub fn update_cont(&mut self, piece: Piece, m: Move, prev: &Prevs, bonus: i32) {
        for (t, p) in self.cont.iter_mut().zip(prev) {
            if let Some((pp, pm)) = p {
                gravity(
                    &mut t[pp.index()][pm.to().index()][piece.index()][m.to().index()],
                    bonus,
                );
            }
        }
    }

    #[inline(always)]
    pub fn counter(&self, prev: Prev) -> Move {
        prev.map_or(Move::NONE, |(p, m)| self.counter[p.index()][m.to().index()])
    }

    #[inline(always)]
    pub fn set_counter(&mut self, prev: Prev, reply: Move) {
        if let Some((p, m)) = prev {
            self.counter[p.index()][m.to().index()] = reply;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn a_continuation_update_leaves_the_butterfly_alone() {
        let pos =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
                .unwrap();
        let moves = pos.legal_moves();
        let (m, before) = (moves.as_slice()[0], moves.as_slice()[1]);
        let piece = pos.piece_at(m.from()).unwrap();
        let prev: Prevs = [
            Some((pos.piece_at(before.from()).unwrap(), before)),
            None,
            None,
        ];
        let side = pos.side().index();
        let mut h = History::default();
        h.update_cont(piece, m, &prev, -1000);
        assert_eq!(h.quiet_score(side, piece, m, &prev, Bitboard::EMPTY), -1000);
        // Without the previous move only the butterfly counts: untouched.
        assert_eq!(
            h.quiet_score(side, piece, m, &[None; 3], Bitboard::EMPTY),
            0
        );
        h.update(side, piece, m, &prev, Bitboard::EMPTY, 500);
        assert!(h.quiet_score(side, piece, m, &[None; 3], Bitboard::EMPTY) > 0);
    }
}
