//! Chariot, a Xiangqi engine.

pub mod board;
