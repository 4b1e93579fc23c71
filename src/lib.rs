//! Chariot, a Xiangqi engine.

pub mod board;
pub mod protocol;
