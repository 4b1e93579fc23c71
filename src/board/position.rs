//! The position: piece placement (bitboards plus a mailbox), side to move,
//! an incrementally updated Zobrist key, and make/unmake.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::Move;
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist;

#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) board: [Option<Piece>; 90],
    pub(super) pieces: [[Bitboard; 7]; 2],
    pub(super) colors: [Bitboard; 2],
    pub(super) occ: Bitboard,
    pub(super) side: Color,
    pub(super) key: u64,
    /// Plies since the last capture (FEN half-move field).
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
}

/// What `make` must remember so `unmake` can restore the position.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    pub captured: Option<Piece>,
    halfmove: u32,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            board: [None; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            colors: [Bitboard::EMPTY; 2],
            occ: Bitboard::EMPTY,
            side: Color::Red,
            key: 0,
            halfmove: 0,
            fullmove: 1,
        }
    }

    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occ
    }

    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, c: Color, k: PieceType) -> Bitboard {
        self.pieces[c.index()][k.index()]
    }

    #[inline(always)]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board[s.index()]
    }

    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Square {
        self.pieces(c, PieceType::King).lsb()
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub(super) fn put(&mut self, s: Square, p: Piece) {
        let b = Bitboard::from_square(s);
        self.board[s.index()] = Some(p);
        self.pieces[p.color().index()][p.kind().index()] |= b;
        self.colors[p.color().index()] |= b;
        self.occ |= b;
        self.key ^= zobrist::PIECE[p.index()][s.index()];
    }

    /// The key computed from scratch; must always equal `key()`.
    pub fn compute_key(&self) -> u64 {
        let mut k = if self.side == Color::Black {
            zobrist::SIDE
        } else {
            0
        };
        for s in 0..90 {
            if let Some(p) = self.board[s] {
                k ^= zobrist::PIECE[p.index()][s];
            }
        }
        k
    }

    /// Pieces of `by` that would check a king on `s`, given occupancy `occ`
    /// (lets callers ask "what if" questions): chariots, cannons, horses and
    /// pawns, and the king along an open line (the flying general); not
    /// advisors, elephants or the king's step. For every attacker of any
    /// point see `all_attackers`.
    #[inline(always)]
    pub fn attackers_with(&self, s: Square, by: Color, occ: Bitboard) -> Bitboard {
        let p = &self.pieces[by.index()];
        (attacks::chariot(s, occ) & (p[PieceType::Chariot.index()] | p[PieceType::King.index()]))
            | (attacks::cannon(s, occ) & p[PieceType::Cannon.index()])
            | (attacks::horse_attackers(s, occ) & p[PieceType::Horse.index()])
            | (attacks::pawn_attackers(by, s) & p[PieceType::Pawn.index()])
    }

    /// Pieces of `by` giving check to the other side's king (incl. a facing king).
    #[inline(always)]
    pub fn checkers_of(&self, by: Color) -> Bitboard {
        self.attackers_with(self.king_square(by.flip()), by, self.occ)
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers_of(self.side.flip()).any()
    }

    /// Whether the side to move's king is safe after `from -> to`, judged on
    /// the occupancy the move leaves (discovered checks, new cannon screens,
    /// freed horse legs and facing kings all follow from it).
    #[inline(always)]
    pub fn safe_after(&self, from: Square, to: Square) -> bool {
        self.safe_after_for(self.side, from, to)
    }

    /// `safe_after` for either side's move (the rules ask about the side
    /// that just moved).
    #[inline(always)]
    pub fn safe_after_for(&self, us: Color, from: Square, to: Square) -> bool {
        let them = us.flip();
        let fb = Bitboard::from_square(from);
        let tb = Bitboard::from_square(to);
        let occ = (self.occ ^ fb) | tb;
        let alive = !tb;
        let mut k = self.king_square(us);
        if k == from {
            k = to;
        }
        let p = &self.pieces[them.index()];
        let chariots = (p[PieceType::Chariot.index()] | p[PieceType::King.index()]) & alive;
        if (attacks::chariot(k, occ) & chariots).any() {
            return false;
        }
        if (attacks::cannon(k, occ) & p[PieceType::Cannon.index()] & alive).any() {
            return false;
        }
        if (attacks::horse_attackers(k, occ) & p[PieceType::Horse.index()] & alive).any() {
            return false;
        }
        (attacks::pawn_attackers(them, k) & p[PieceType::Pawn.index()] & alive).is_empty()
    }

    /// The key after the (pseudo-legal) move `m`, without making it: the
    /// search fetches the move's TT bucket while it does the rest of the
    /// work, and `make` takes its key from here.
    #[inline(always)]
    pub fn key_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from().index(), m.to().index());
        let piece = self.board[from].expect("key_after: no piece on from-square");
        let mut k = self.key
            ^ zobrist::PIECE[piece.index()][from]
            ^ zobrist::PIECE[piece.index()][to]
            ^ zobrist::SIDE;
        if let Some(c) = self.board[to] {
            k ^= zobrist::PIECE[c.index()][to];
        }
        k
    }

    /// Plays a move that must be legal (or at least pseudo-legal: the caller
    /// then checks the mover's king). The key is updated incrementally.
    #[inline(always)]
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_keyed(m, self.key_after(m))
    }

    /// `make` for a caller that already has `key_after(m)` (the search,
    /// which fetched the move's TT bucket with it).
    #[inline(always)]
    pub fn make_keyed(&mut self, m: Move, key: u64) -> Undo {
        debug_assert_eq!(key, self.key_after(m));
        let (from, to) = (m.from(), m.to());
        let piece = self.board[from.index()].expect("make: no piece on from-square");
        let captured = self.board[to.index()];
        let undo = Undo {
            captured,
            halfmove: self.halfmove,
        };
        self.key = key;
        let us = self.side.index();
        let fb = Bitboard::from_square(from);
        let tb = Bitboard::from_square(to);
        let ft = fb | tb;
        if let Some(c) = captured {
            let them = c.color().index();
            self.pieces[them][c.kind().index()] ^= tb;
            self.colors[them] ^= tb;
            self.occ ^= tb;
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.pieces[us][piece.kind().index()] ^= ft;
        self.colors[us] ^= ft;
        self.occ ^= ft;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        undo
    }

    #[inline(always)]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.from(), m.to());
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let piece = self.board[to.index()].expect("unmake: no piece on to-square");
        let us = self.side.index();
        let fb = Bitboard::from_square(from);
        let tb = Bitboard::from_square(to);
        let ft = fb | tb;
        self.pieces[us][piece.kind().index()] ^= ft;
        self.colors[us] ^= ft;
        self.occ ^= ft;
        self.board[from.index()] = Some(piece);
        self.board[to.index()] = undo.captured;
        self.key ^= zobrist::PIECE[piece.index()][from.index()]
            ^ zobrist::PIECE[piece.index()][to.index()]
            ^ zobrist::SIDE;
        if let Some(c) = undo.captured {
            let them = c.color().index();
            self.pieces[them][c.kind().index()] ^= tb;
            self.colors[them] ^= tb;
            self.occ ^= tb;
            self.key ^= zobrist::PIECE[c.index()][to.index()];
        }
        self.halfmove = undo.halfmove;
    }

    /// Passes the turn. The search calls it only when not in check; the
    /// rules also use it to give one side two moves in a row.
    pub fn make_null(&mut self) -> u32 {
        let hm = self.halfmove;
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE;
        self.halfmove += 1;
        hm
    }

    pub fn unmake_null(&mut self, halfmove: u32) {
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE;
        self.halfmove = halfmove;
    }

    /// Text diagram, Black at the top, as `d` prints it.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            s.push_str(&format!("{rank} "));
            for file in 0..9 {
                let c = self.board[Square::new(file, rank).index()].map_or('.', |p| p.to_char());
                s.push(c);
                if file < 8 {
                    s.push(' ');
                }
            }
            s.push('\n');
            if rank == 5 {
                s.push_str("  ~ ~ ~ ~ ~ ~ ~ ~ ~\n");
            }
        }
        s.push_str("  a b c d e f g h i\n");
        s
    }
}
