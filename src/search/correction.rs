//! Correction history: how far searches came out from the static
//! evaluation, remembered per side and per structure (the pawns, and the
//! kings with their advisors and elephants), and added to later static
//! evaluations of positions with the same structure; and per last move
//! (the piece and its destination), for what that move did to the
//! position. The net misjudges some structures the same way every time;
//! the search learns by how much.

use super::history::Prev;
use super::params::{CORRECTION_MAX, CORRECTION_MAX_WEIGHT};
use crate::board::{Color, PieceType, Position};

const SIZE: usize = 16384;
/// Entries hold the correction times this, for precision in the average.
const GRAIN: i32 = 256;
/// Weights are out of this.
const WEIGHT_SCALE: i32 = 256;

pub struct Correction {
    /// [structure][side to move][hash of that structure % SIZE]
    table: Box<[[[i16; SIZE]; 2]; 2]>,
    /// [piece that moved last][its destination]
    last: Box<[[i16; 90]; 14]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            table: Box::new([[[0; SIZE]; 2]; 2]),
            last: Box::new([[0; 90]; 14]),
        }
    }
}

/// A 64-bit mix of two bitboards (one per colour).
#[inline(always)]
fn mix(a: u128, b: u128) -> u64 {
    let x = (a as u64) ^ ((a >> 64) as u64).rotate_left(26) ^ (b as u64).rotate_left(13);
    let y = ((b >> 64) as u64) ^ x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (y ^ (y >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The table indices of `pos`'s two structures.
#[inline(always)]
fn indices(pos: &Position) -> [usize; 2] {
    let bb = |c: Color, k: PieceType| pos.pieces(c, k).0;
    let pawns = mix(
        bb(Color::Red, PieceType::Pawn),
        bb(Color::Black, PieceType::Pawn),
    );
    let guard =
        |c: Color| bb(c, PieceType::King) | bb(c, PieceType::Advisor) | bb(c, PieceType::Elephant);
    let defence = mix(guard(Color::Red), guard(Color::Black));
    [
        (pawns >> 50) as usize % SIZE,
        (defence >> 50) as usize % SIZE,
    ]
}

impl Correction {
    pub fn clear(&mut self) {
        for t in self.table.iter_mut() {
            for side in t.iter_mut() {
                side.fill(0);
            }
        }
        for row in self.last.iter_mut() {
            row.fill(0);
        }
    }

    /// The correction to add to `pos`'s static evaluation, reached by
    /// `prev` (none after a null move or at the root).
    #[inline(always)]
    pub fn get(&self, pos: &Position, prev: Prev) -> i32 {
        let side = pos.side().index();
        let [p, d] = indices(pos);
        let sum = self.table[0][side][p] as i32 + self.table[1][side][d] as i32;
        match prev {
            Some((piece, m)) => {
                (sum + self.last[piece.index()][m.to().index()] as i32) / (3 * GRAIN)
            }
            None => sum / (2 * GRAIN),
        }
    }

    /// Moves the entries toward `diff` (search score minus static
    /// evaluation), the more the deeper the search.
    pub fn update(&mut self, pos: &Position, prev: Prev, depth: i32, diff: i32) {
        let side = pos.side().index();
        let w = (depth + 1).min(CORRECTION_MAX_WEIGHT);
        let target = diff.clamp(-CORRECTION_MAX, CORRECTION_MAX) * GRAIN;
        let limit = CORRECTION_MAX * GRAIN;
        let step = |e: &mut i16| {
            let v = (*e as i32 * (WEIGHT_SCALE - w) + target * w) / WEIGHT_SCALE;
            *e = v.clamp(-limit, limit) as i16;
        };
        for (t, i) in self.table.iter_mut().zip(indices(pos)) {
            step(&mut t[side][i]);
        }
        if let Some((piece, m)) = prev {
            step(&mut self.last[piece.index()][m.to().index()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_toward_the_search_and_forgets_nothing_else() {
        let mut c = Correction::default();
        let pos = Position::startpos();
        assert_eq!(c.get(&pos, None), 0);
        for _ in 0..200 {
            c.update(&pos, None, 10, 30);
        }
        assert!(
            (25..=30).contains(&c.get(&pos, None)),
            "{}",
            c.get(&pos, None)
        );
        for _ in 0..200 {
            c.update(&pos, None, 10, 10_000);
        }
        assert!(c.get(&pos, None) <= CORRECTION_MAX);
        // The other side's entries are untouched.
        let black = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert_eq!(c.get(&black, None), 0);
    }
}
