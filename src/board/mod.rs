//! The board: bitboards, attack tables, position, move generation, SEE,
//! FEN, and Chinese move notation (`notation`).

pub mod attacks;
pub mod bitboard;
pub mod fen;
pub mod game;
pub mod geometry;
mod magics;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod see;
pub mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, START_FEN};
pub use game::Game;
pub use moves::{Move, MoveList};
pub use position::{Position, Undo};
pub use types::{Color, Piece, PieceType, Square};
