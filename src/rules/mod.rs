//! Game-ending rules the search consults: repetition, the natural move limit
//! and "no attacking material". Repetition is scored as a plain draw for now;
//! this module is the one place where the xiangqi repetition law will plug in.

use crate::board::{Color, PieceType, Position};

/// Default natural move limit in plies without a capture (60 moves).
pub const NATURAL_LIMIT: u32 = 120;

/// Whether the current position (last entry of `keys`) repeats: any earlier
/// occurrence inside the search (index >= `root`, the root position's index), or two earlier ones in the
/// game history. Only positions since the last capture (`halfmove` plies) and
/// with the same side to move can match.
pub fn is_repetition(keys: &[u64], root: usize, halfmove: usize) -> bool {
    let n = keys.len();
    if n < 5 {
        return false;
    }
    let cur = keys[n - 1];
    let oldest = (n - 1).saturating_sub(halfmove);
    let mut seen_in_game = 0;
    // The nearest possible repetition is four plies back.
    let mut i = n as isize - 5;
    while i >= oldest as isize {
        if keys[i as usize] == cur {
            if i as usize >= root {
                return true;
            }
            seen_in_game += 1;
            if seen_in_game >= 2 {
                return true;
            }
        }
        i -= 2;
    }
    false
}

/// Neither side has a chariot, horse, cannon or pawn: nobody can win.
pub fn no_attacking_material(pos: &Position) -> bool {
    Color::BOTH.iter().all(|&c| {
        [
            PieceType::Rook,
            PieceType::Horse,
            PieceType::Cannon,
            PieceType::Pawn,
        ]
        .iter()
        .all(|&k| pos.pieces(c, k).is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_inside_search_and_in_game() {
        // Position 0 (the search root) recurs at 4.
        let keys = [1, 2, 3, 4, 1];
        assert!(is_repetition(&keys, 0, 10));
        // Both earlier occurrences in the game: needs two.
        assert!(!is_repetition(&keys, 5, 10));
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        assert!(is_repetition(&keys, 9, 10));
        // A capture in between (halfmove 2) hides the old positions.
        assert!(!is_repetition(&keys, 1, 2));
    }

    #[test]
    fn bare_kings_and_defenders_are_dead_draws() {
        let p = Position::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
        assert!(no_attacking_material(&p));
        assert!(!no_attacking_material(&Position::startpos()));
    }
}
