//! Evaluation: hand-crafted (`hce`) with its weights (`weights.rs`, data
//! only) declared in `params.rs`; NNUE arrives later.

pub mod hce;
pub mod params;
pub mod score;
pub mod weights;

pub use hce::{evaluate, trace};
