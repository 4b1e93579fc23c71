//! Static exchange evaluation: the material outcome of the capture sequence
//! on one point, least valuable attacker first. Attackers are recomputed from
//! the shrinking occupancy each step, so screens and x-rays (chariots behind
//! chariots, cannons gaining or losing their screen) follow naturally.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;
use super::types::{Color, PieceType, Square};

/// Exchange values (centi-horse), king large so it is captured last.
pub const SEE_VALUE: [i32; 7] = [5000, 40, 40, 100, 220, 100, 20];

impl Position {
    /// Pieces of both colours attacking `s` under occupancy `occ`.
    pub fn all_attackers(&self, s: Square, occ: Bitboard) -> Bitboard {
        let p = &self.pieces;
        let (r, b) = (0, 1);
        let kind = |k: PieceType| p[r][k.index()] | p[b][k.index()];
        (attacks::chariot(s, occ) & kind(PieceType::Chariot))
            | (attacks::cannon(s, occ) & kind(PieceType::Cannon))
            | (attacks::horse_attackers(s, occ) & kind(PieceType::Horse))
            | (attacks::elephant(s, occ) & kind(PieceType::Elephant))
            | (attacks::advisor(s) & kind(PieceType::Advisor))
            | (attacks::king(s) & kind(PieceType::King))
            | (attacks::pawn_attackers(Color::Red, s) & p[r][PieceType::Pawn.index()])
            | (attacks::pawn_attackers(Color::Black, s) & p[b][PieceType::Pawn.index()])
    }

    /// Whether the exchange started by `m` gains at least `threshold`.
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.board[from.index()] else {
            return false;
        };
        let captured = self.board[to.index()].map_or(0, |p| SEE_VALUE[p.kind().index()]);
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUE[mover.kind().index()] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = (self.occ ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        let mut stm = mover.color();
        let mut res = true;
        loop {
            stm = stm.flip();
            let attackers = self.all_attackers(to, occ) & occ & self.colors[stm.index()];
            if attackers.is_empty() {
                break;
            }
            // Least valuable attacker.
            let mut chosen = None;
            for kind in [
                PieceType::Pawn,
                PieceType::Advisor,
                PieceType::Elephant,
                PieceType::Horse,
                PieceType::Cannon,
                PieceType::Chariot,
                PieceType::King,
            ] {
                let set = attackers & self.pieces[stm.index()][kind.index()];
                if set.any() {
                    chosen = Some((set.lsb(), kind));
                    break;
                }
            }
            let Some((sq, kind)) = chosen else { break };
            if kind == PieceType::King {
                // The king may only take last: if the other side still attacks, it cannot.
                let other = self.all_attackers(to, occ ^ Bitboard::from_square(sq))
                    & occ
                    & self.colors[stm.flip().index()];
                if other.any() {
                    break;
                }
            }
            res = !res;
            swap = SEE_VALUE[kind.index()] - swap;
            occ ^= Bitboard::from_square(sq);
            if swap < res as i32 {
                break;
            }
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, m: &str, t: i32) -> bool {
        Position::from_fen(fen)
            .unwrap()
            .see_ge(Move::parse(m).unwrap(), t)
    }

    #[test]
    fn simple_exchanges() {
        // Chariot takes an unprotected horse: +100.
        let f = "4k4/9/9/4n4/9/9/9/9/4R4/3K5 w";
        assert!(see(f, "e1e6", 100));
        assert!(!see(f, "e1e6", 101));
        // Chariot takes a pawn protected by a pawn: loses.
        let f = "4k4/9/9/9/9/3pp4/9/9/4R4/3K5 w";
        assert!(!see(f, "e1e4", 0));
        assert!(see(f, "e1e4", -200));
        // A cannon captures over a screen; the recapture needs a screen too.
        let f = "3k5/9/9/4n4/9/4P4/9/4C4/9/5K3 w";
        assert!(see(f, "e2e6", 100));
    }
}
