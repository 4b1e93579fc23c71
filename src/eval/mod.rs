//! Evaluation. Hand-crafted for now (`hce`); NNUE arrives later.

pub mod hce;
pub mod weights;

pub use hce::{evaluate, trace};
