//! Shared code of Chariot's offline tools: the training-data record format
//! that `datagen` writes and the trainers read.

pub mod record;
