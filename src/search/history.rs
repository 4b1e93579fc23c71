//! Move-ordering memory: butterfly history, killers and counter-moves.

use crate::board::{Move, Piece};

pub const HISTORY_MAX: i32 = 16384;

pub struct History {
    /// [side][from][to]
    butterfly: Box<[[[i16; 90]; 90]; 2]>,
    /// [piece that moved][its destination] -> the reply that refuted it.
    counter: Box<[[Move; 90]; 14]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[[0; 90]; 90]; 2]),
            counter: Box::new([[Move::NONE; 90]; 14]),
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    #[inline(always)]
    pub fn get(&self, side: usize, m: Move) -> i32 {
        self.butterfly[side][m.from().index()][m.to().index()] as i32
    }

    /// Gravity update: values saturate at +-HISTORY_MAX.
    #[inline(always)]
    pub fn update(&mut self, side: usize, m: Move, bonus: i32) {
        let e = &mut self.butterfly[side][m.from().index()][m.to().index()];
        let v = *e as i32;
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *e = (v + b - v * b.abs() / HISTORY_MAX) as i16;
    }

    #[inline(always)]
    pub fn counter(&self, prev: Option<(Piece, Move)>) -> Move {
        prev.map_or(Move::NONE, |(p, m)| self.counter[p.index()][m.to().index()])
    }

    #[inline(always)]
    pub fn set_counter(&mut self, prev: Option<(Piece, Move)>, reply: Move) {
        if let Some((p, m)) = prev {
            self.counter[p.index()][m.to().index()] = reply;
        }
    }
}
