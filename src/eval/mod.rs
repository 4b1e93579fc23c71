//! Evaluation. Hand-crafted for now (`hce`); NNUE arrives later.

pub mod hce;

pub use hce::{evaluate, trace};
