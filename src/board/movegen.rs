//! Move generation. The legal generator does not test every move: it finds
//! the few pieces whose departure can expose the king (the lone blocker of a
//! chariot or facing king, either of the two screens of a cannon, a piece on
//! a horse leg next to the king) and the points where a new piece would become
//! a cannon screen, tests only those moves and king moves, and takes the rest
//! as whole target sets. In check, every pseudo-legal move is tested.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceType, Square};

/// Receives generated moves: a list, or a counter for bulk perft.
pub trait Sink {
    fn set(&mut self, from: Square, targets: Bitboard);
    fn one(&mut self, from: Square, to: Square);
}

impl Sink for MoveList {
    #[inline(always)]
    fn set(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }
    #[inline(always)]
    fn one(&mut self, from: Square, to: Square) {
        self.push(Move::new(from, to));
    }
}

pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn set(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

impl Position {
    /// Pseudo-legal targets of a side-to-move piece of `kind` on `from`
    /// (own pieces excluded; for either side's pieces see `capture_targets`).
    #[inline(always)]
    pub fn targets(&self, from: Square, kind: PieceType) -> Bitboard {
        let us = self.side;
        let own = self.colors[us.index()];
        let occ = self.occ;
        match kind {
            PieceType::Chariot => attacks::chariot(from, occ).and_not(own),
            PieceType::Cannon => {
                (attacks::chariot(from, occ).and_not(occ))
                    | (attacks::cannon(from, occ) & self.colors[us.flip().index()])
            }
            PieceType::Horse => attacks::horse(from, occ).and_not(own),
            PieceType::Elephant => attacks::elephant(from, occ).and_not(own),
            PieceType::Advisor => attacks::advisor(from).and_not(own),
            PieceType::King => attacks::king(from).and_not(own),
            PieceType::Pawn => attacks::pawn(us, from).and_not(own),
        }
    }

    /// Enemy pieces the piece on `from` (of either colour) could capture,
    /// ignoring whose turn it is and whether its own king would be exposed.
    pub fn capture_targets(&self, from: Square) -> Bitboard {
        let Some(p) = self.board[from.index()] else {
            return Bitboard::EMPTY;
        };
        let c = p.color();
        let occ = self.occ;
        let enemy = self.colors[c.flip().index()];
        let t = match p.kind() {
            PieceType::Chariot => attacks::chariot(from, occ),
            PieceType::Cannon => attacks::cannon(from, occ),
            PieceType::Horse => attacks::horse(from, occ),
            PieceType::Elephant => attacks::elephant(from, occ),
            PieceType::Advisor => attacks::advisor(from),
            PieceType::King => attacks::king(from),
            PieceType::Pawn => attacks::pawn(c, from),
        };
        t & enemy
    }

    /// Every point where `by` could capture a piece of the other colour
    /// standing there (pins ignored): what moving onto or off a point risks.
    pub fn attacked_by(&self, by: Color) -> Bitboard {
        let occ = self.occ;
        let p = &self.pieces[by.index()];
        let mut t = Bitboard::EMPTY;
        for s in p[PieceType::Chariot.index()] {
            t |= attacks::chariot(s, occ);
        }
        // A cannon attacks every point past its screen up to the next piece.
        for s in p[PieceType::Cannon.index()] {
            for screen in attacks::chariot(s, occ) & occ {
                let away = attacks::line(s).and_not(attacks::between(s, screen));
                t |= attacks::chariot(screen, occ) & away;
            }
        }
        for s in p[PieceType::Horse.index()] {
            t |= attacks::horse(s, occ);
        }
        for s in p[PieceType::Pawn.index()] {
            t |= attacks::pawn(by, s);
        }
        for s in p[PieceType::Elephant.index()] {
            t |= attacks::elephant(s, occ);
        }
        for s in p[PieceType::Advisor.index()] {
            t |= attacks::advisor(s);
        }
        t | attacks::king(self.king_square(by))
    }

    /// Every pseudo-legal move whose target is in `mask` (e.g. enemy pieces
    /// for captures, empty points for quiet moves).
    pub fn generate_pseudo(&self, list: &mut MoveList, mask: Bitboard) {
        let us = self.side.index();
        for kind in PieceType::ALL {
            for from in self.pieces[us][kind.index()] {
                list.set(from, self.targets(from, kind) & mask);
            }
        }
    }

    /// Legal moves whose target is in `mask`.
    #[inline]
    pub fn generate_legal_into<S: Sink>(&self, sink: &mut S, mask: Bitboard) {
        let us = self.side;
        let them = us.flip();
        let k = self.king_square(us);
        let own = self.colors[us.index()];
        let theirs = &self.pieces[them.index()];

        if self.attackers_with(k, them, self.occ).any() {
            for kind in PieceType::ALL {
                for from in self.pieces[us.index()][kind.index()] {
                    for to in self.targets(from, kind) & mask {
                        if self.safe_after(from, to) {
                            sink.one(from, to);
                        }
                    }
                }
            }
            return;
        }

        // Pieces that must be tested one move at a time, and points no other
        // piece may enter (between our king and an unscreened enemy cannon).
        let mut risky = Bitboard::EMPTY;
        let mut forbidden = Bitboard::EMPTY;
        let cannons = theirs[PieceType::Cannon.index()];
        let sliders = attacks::line(k)
            & (theirs[PieceType::Chariot.index()] | theirs[PieceType::King.index()] | cannons);
        for s in sliders {
            let span = attacks::between(k, s);
            let inside = span & self.occ;
            if cannons.has(s) {
                match inside.count() {
                    0 => forbidden |= span,
                    2 => risky |= inside,
                    _ => {}
                }
            } else if inside.count() == 1 {
                risky |= inside;
            }
        }
        for h in attacks::horse_attackers(k, Bitboard::EMPTY) & theirs[PieceType::Horse.index()] {
            risky |= Bitboard::from_square(horse_leg_towards(k, h));
        }
        risky &= own;
        let free_mask = mask.and_not(forbidden);

        for kind in [
            PieceType::Chariot,
            PieceType::Horse,
            PieceType::Cannon,
            PieceType::Pawn,
            PieceType::Advisor,
            PieceType::Elephant,
        ] {
            for from in self.pieces[us.index()][kind.index()] {
                let t = self.targets(from, kind);
                if risky.has(from) {
                    for to in t & mask {
                        if self.safe_after(from, to) {
                            sink.one(from, to);
                        }
                    }
                } else {
                    sink.set(from, t & free_mask);
                }
            }
        }
        for to in self.targets(k, PieceType::King) & mask {
            if self.safe_after(k, to) {
                sink.one(k, to);
            }
        }
    }

    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal_into(&mut list, Bitboard::FULL);
        list
    }

    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate_legal_into(&mut c, Bitboard::FULL);
        c.0
    }

    /// Whether the legal move `m` checks the opponent's king, without making
    /// it: the pruning code uses this to leave checks alone.
    pub fn gives_check(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some(p) = self.board[from.index()] else {
            return false;
        };
        let us = p.color();
        let k = self.king_square(us.flip());
        let fb = Bitboard::from_square(from);
        let tb = Bitboard::from_square(to);
        let occ = (self.occ ^ fb) | tb;
        let moved = |kind: PieceType| {
            let bb = self.pieces[us.index()][kind.index()];
            if p.kind() == kind {
                (bb ^ fb) | tb
            } else {
                bb
            }
        };
        (attacks::chariot(k, occ) & moved(PieceType::Chariot)).any()
            || (attacks::cannon(k, occ) & moved(PieceType::Cannon)).any()
            || (attacks::horse_attackers(k, occ) & moved(PieceType::Horse)).any()
            || (attacks::pawn_attackers(us, k) & moved(PieceType::Pawn)).any()
    }

    /// Whether `m` is pseudo-legal here: an own piece on `from` that can reach
    /// `to`. Cheap; guards moves from the TT or killer tables.
    #[inline]
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        if m.is_none() {
            return false;
        }
        match self.board[m.from().index()] {
            Some(p) if p.color() == self.side => self.targets(m.from(), p.kind()).has(m.to()),
            _ => false,
        }
    }

    /// Full legality of an arbitrary move (e.g. from the transposition table).
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && self.safe_after(m.from(), m.to())
    }
}

/// The diagonal neighbour of `k` that is the leg of a horse on `h` attacking `k`.
#[inline(always)]
fn horse_leg_towards(k: Square, h: Square) -> Square {
    let df = (h.file() as i32 - k.file() as i32).signum();
    let dr = (h.rank() as i32 - k.rank() as i32).signum();
    Square::new((k.file() as i32 + df) as u8, (k.rank() as i32 + dr) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `attacked_by` against each piece's own rule asked point by point.
    #[test]
    fn attacked_points_match_each_pieces_attackers() {
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "2bak4/4a4/4b4/2c1C1p2/3R5/2N6/2n1P4/4B3c/4A4/3AK4 w",
            "3k5/9/9/4c4/4P4/9/1C2r3R/9/4A4/4K4 b",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let occ = pos.occupied();
            for by in [Color::Red, Color::Black] {
                let p = |k: PieceType| pos.pieces(by, k);
                let got = pos.attacked_by(by);
                for t in Bitboard::FULL {
                    let want = (attacks::chariot(t, occ) & p(PieceType::Chariot)).any()
                        || (attacks::cannon(t, occ) & p(PieceType::Cannon)).any()
                        || (attacks::horse_attackers(t, occ) & p(PieceType::Horse)).any()
                        || (attacks::pawn_attackers(by, t) & p(PieceType::Pawn)).any()
                        || (attacks::elephant(t, occ) & p(PieceType::Elephant)).any()
                        || (attacks::advisor(t) & p(PieceType::Advisor)).any()
                        || (attacks::king(t) & p(PieceType::King)).any();
                    assert_eq!(got.has(t), want, "{fen} {by:?} {t:?}");
                }
            }
        }
    }
}
