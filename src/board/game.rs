//! A game: start position plus the moves played, with the key history that
//! repetition detection needs.

use super::moves::Move;
use super::position::Position;

#[derive(Clone, Debug)]
pub struct Game {
    pub start: Position,
    pub moves: Vec<Move>,
    pub pos: Position,
    /// Keys of every position from the start up to and including the current.
    pub keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::startpos())
    }
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            keys: vec![start.key()],
            pos: start.clone(),
            start,
            moves: vec![],
        }
    }

    /// Plays `text` (ICCS) if it is legal here; otherwise says why.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        let m = Move::parse(text).ok_or_else(|| format!("unparsable move '{text}'"))?;
        if !self.pos.is_legal(m) {
            return Err(format!("illegal move '{text}' in {}", self.pos.to_fen()));
        }
        self.play(m);
        Ok(m)
    }

    pub fn play(&mut self, m: Move) {
        self.pos.make(m);
        self.moves.push(m);
        self.keys.push(self.pos.key());
    }
}
