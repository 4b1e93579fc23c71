//! FEN parsing (with full validation) and printing, and the position
//! helpers validation needs: the start position, colour-flipped and
//! mirrored copies, consistency checks and which points a piece can reach.

use super::bitboard::Bitboard;
use super::position::Position;
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist;
use std::fmt;

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was rejected; one line, fit for `info string error: ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

fn parse_counter(field: &str, name: &str) -> Result<u32, FenError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return err(format!("{name} '{field}' is not a non-negative integer"));
    }
    field
        .parse::<u32>()
        .or_else(|_| err(format!("{name} '{field}' is too large")))
}

/// Whether a piece of this kind and colour can ever stand on `s`.
pub fn reachable(p: Piece, s: Square) -> bool {
    // Work from Red's point of view.
    let s = if p.color() == Color::Red {
        s
    } else {
        s.flip_rank()
    };
    let (f, r) = (s.file(), s.rank());
    match p.kind() {
        PieceType::King => (3..=5).contains(&f) && r <= 2,
        PieceType::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        PieceType::Elephant => {
            matches!(
                (f, r),
                (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
            )
        }
        PieceType::Pawn => r >= 5 || ((r == 3 || r == 4) && f % 2 == 0),
        PieceType::Horse | PieceType::Chariot | PieceType::Cannon => true,
    }
}

/// Positions print as their FEN.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.to_fen())
    }
}

impl Position {
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("start FEN is valid")
    }

    /// Parses a FEN. Accepts `RNBAKCP` and `H`/`E`, side `w`/`r`/`b`, and
    /// missing trailing fields (`- - 0 1`). Rejects anything that cannot arise
    /// in a game: bad counts, unreachable points, the side not to move in check.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err("empty");
        }
        if fields.len() > 6 {
            return err(format!("too many fields ({}, at most 6)", fields.len()));
        }
        let mut pos = Position::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 10 {
            return err(format!("{} ranks, expected 10", ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0u32;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return err(format!("rank {rank}: empty-point count 0"));
                    }
                    file += d;
                } else if let Some(p) = Piece::from_char(c) {
                    if file >= 9 {
                        return err(format!("rank {rank} is wider than 9 points"));
                    }
                    let sq = Square::new(file as u8, rank);
                    if !reachable(p, sq) {
                        return err(format!(
                            "{} on {sq} is a point it can never reach",
                            p.to_char()
                        ));
                    }
                    pos.put(sq, p);
                    file += 1;
                } else {
                    return err(format!("unknown piece letter '{c}'"));
                }
                if file > 9 {
                    return err(format!("rank {rank} is wider than 9 points"));
                }
            }
            if file != 9 {
                return err(format!("rank {rank} has {file} points, expected 9"));
            }
        }
        pos.side = match fields.get(1).copied().unwrap_or("w") {
            "w" | "r" | "W" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            s => return err(format!("side to move '{s}' (expected w, r or b)")),
        };
        if pos.side == Color::Black {
            pos.key ^= zobrist::SIDE;
        }
        // Fields 3 and 4 (castling, en passant) carry nothing in xiangqi.
        for f in fields.iter().skip(2).take(2) {
            if *f != "-" {
                return err(format!("field '{f}' should be '-'"));
            }
        }
        pos.halfmove = fields
            .get(4)
            .map_or(Ok(0), |f| parse_counter(f, "half-move clock"))?;
        pos.fullmove = fields
            .get(5)
            .map_or(Ok(1), |f| parse_counter(f, "move number"))?;
        pos.fullmove = pos.fullmove.max(1);

        for c in Color::BOTH {
            let name = if c == Color::Red { "Red" } else { "Black" };
            for k in PieceType::ALL {
                let n = pos.pieces(c, k).count();
                if k == PieceType::King && n != 1 {
                    return err(format!("{name} has {n} kings"));
                }
                if n > k.max_count() {
                    return err(format!(
                        "{name} has {n} pieces '{}', at most {}",
                        Piece::new(c, k).to_char(),
                        k.max_count()
                    ));
                }
            }
        }
        let them = pos.side.flip();
        let k = pos.king_square(them);
        if pos.attackers_with(k, pos.side, pos.occ).any() {
            return err("the side not to move is in check");
        }
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[Square::new(file, rank).index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.to_char());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        format!("{s} {side} - - {} {}", self.halfmove, self.fullmove)
    }

    /// The colour-flipped position (ranks mirrored, colours swapped): the
    /// same game seen from the other side. Used by symmetry tests.
    pub fn color_flipped(&self) -> Position {
        let mut p = Position::empty();
        for s in 0..90 {
            if let Some(pc) = self.board[s] {
                let sq = Square::from_index(s).flip_rank();
                p.put(sq, Piece::new(pc.color().flip(), pc.kind()));
            }
        }
        p.side = self.side.flip();
        if p.side == Color::Black {
            p.key ^= zobrist::SIDE;
        }
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }

    /// The left-right mirror (files reversed, same side to move): the rules
    /// are symmetric, so it is worth the same. Used by symmetry tests.
    pub fn mirrored(&self) -> Position {
        let mut p = Position::empty();
        for s in 0..90 {
            if let Some(pc) = self.board[s] {
                p.put(Square::from_index(s).flip_file(), pc);
            }
        }
        p.side = self.side;
        if p.side == Color::Black {
            p.key ^= zobrist::SIDE;
        }
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }

    /// Consistency of the redundant state; tests and fuzzers call it.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut occ = Bitboard::EMPTY;
        for c in Color::BOTH {
            let mut all = Bitboard::EMPTY;
            for k in PieceType::ALL {
                let bb = self.pieces(c, k);
                if (all & bb).any() {
                    return Err("piece sets overlap".into());
                }
                all |= bb;
                for s in bb {
                    if self.board[s.index()] != Some(Piece::new(c, k)) {
                        return Err(format!("mailbox disagrees on {s}"));
                    }
                }
            }
            if all != self.colors[c.index()] {
                return Err("colour set disagrees".into());
            }
            occ |= all;
        }
        if occ != self.occ
            || occ.count() != self.board.iter().filter(|p| p.is_some()).count() as u32
        {
            return Err("occupancy disagrees".into());
        }
        if self.key != self.compute_key() {
            return Err("incremental key differs from recomputed key".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let p = Position::from_fen(START_FEN).unwrap();
        assert_eq!(p.to_fen(), START_FEN);
        p.check_consistency().unwrap();
    }

    #[test]
    fn letter_sets_and_defaults() {
        let a = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(a.to_fen(), START_FEN);
    }

    #[test]
    fn rejects_bad_fens() {
        let bad = [
            ("", "empty"),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
                "ranks",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
                "wider",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
                "points",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                "unknown",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                "side",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1",
                "integer",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
                "integer",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 99999999999",
                "large",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9",
                "many",
            ),
            (
                "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                "kings",
            ),
            (
                "rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                "kings",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w",
                "at most",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAK1BNR w",
                "at most",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
                "kings",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1PKP1P1P/1C5C1/9/RNBA1ABNR w",
                "reach",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/AC5C1/9/RNB1KABNR w",
                "reach",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/B8/P1P1P1P1P/1C5C1/9/RN1AKABNR w",
                "reach",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/PPP1P1P1P/1C5C1/9/RNBAKABNR w",
                "reach",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w",
                "reach",
            ),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "check"),
            ("4k4/9/9/9/9/9/9/9/4R4/3K5 w", "check"),
        ];
        for (fen, why) in bad {
            let e = Position::from_fen(fen)
                .err()
                .unwrap_or_else(|| panic!("accepted {fen}"));
            assert!(e.to_string().contains(why), "{fen}: {e}");
        }
    }
}
