//! Chariot, a Xiangqi engine.

pub mod board;
pub mod eval;
pub mod protocol;
pub mod rules;
pub mod search;
