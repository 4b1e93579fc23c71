//! Evaluation: hand-crafted (`hce`) with its weights (`weights.rs`, data
//! only) declared in `params.rs`; NNUE (`nnue`), the learned one.

pub mod hce;
pub mod nnue;
pub mod params;
pub mod score;
pub mod weights;

pub use hce::{evaluate, trace};
