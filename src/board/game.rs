//! A game: start position plus the moves played, with the key history that
//! repetition detection needs. Built from `position ... moves ...` commands.

use super::fen::START_FEN;
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

    /// Parses the arguments of a `position` command (the word `position`
    /// already stripped): `startpos | fen <FEN...>`, then optional `moves ...`.
    pub fn from_position_args(args: &[&str]) -> Result<Game, String> {
        let split = args
            .iter()
            .position(|&t| t == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let start = match head.first().copied() {
            Some("startpos") if head.len() == 1 => Position::startpos(),
            Some("startpos") => return Err(format!("unexpected '{}' after startpos", head[1])),
            Some("fen") if head.len() > 1 => {
                let fen = head[1..].join(" ");
                if fen == "startpos" {
                    Position::from_fen(START_FEN).map_err(|e| e.to_string())?
                } else {
                    Position::from_fen(&fen).map_err(|e| e.to_string())?
                }
            }
            Some("fen") => return Err("position fen: missing FEN".into()),
            Some(other) => {
                return Err(format!(
                    "position: expected 'startpos' or 'fen', got '{other}'"
                ))
            }
            None => return Err("position: expected 'startpos' or 'fen'".into()),
        };
        let mut game = Game::new(start);
        for m in moves {
            game.play_text(m)?;
        }
        Ok(game)
    }
}
