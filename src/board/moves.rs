//! A move as 14 bits (from, to) in a `u16`, and a fixed-capacity move list.

use super::types::Square;
use arrayvec::ArrayVec;
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// Never a real move (a0a0); marks "no move" in tables.
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 0x7F) as usize)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 7) as usize)
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from its raw bits, rejecting squares off the board.
    pub const fn from_raw(raw: u16) -> Option<Move> {
        if raw & 0x7F < 90 && (raw >> 7) < 90 {
            Some(Move(raw))
        } else {
            None
        }
    }

    /// ICCS text such as `h2e2` (case-insensitive). Syntax only: legality is
    /// the position's business.
    pub fn parse(s: &str) -> Option<Move> {
        if s.len() != 4 || !s.is_ascii() {
            return None;
        }
        let from = Square::parse(&s[0..2])?;
        let to = Square::parse(&s[2..4])?;
        if from == to {
            return None;
        }
        Some(Move::new(from, to))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Enough for any xiangqi position (the known maximum is well under 150).
pub const MAX_MOVES: usize = 256;

pub struct MoveList(ArrayVec<Move, MAX_MOVES>);

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// Empty, and not filled in advance: lists are made at every node.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList(ArrayVec::new())
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.0.len() < MAX_MOVES);
        // The bound is structural (MAX_MOVES exceeds any position's count).
        let _ = self.0.try_push(m);
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.0
    }

    pub fn contains(&self, m: Move) -> bool {
        self.0.contains(&m)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
