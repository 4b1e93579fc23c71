//! Game-ending rules the search consults: repetition, the natural move limit
//! and "no attacking material". Repetition is ruled by perpetual check only
//! for now (one-sided perpetual check loses, anything else draws); this module
//! is the one place where the full xiangqi repetition law will plug in.

use crate::board::{Color, PieceType, Position};

/// Default natural move limit in plies without a capture (60 moves).
pub const NATURAL_LIMIT: u32 = 120;

/// The outcome of a repeated position, for the side to move there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    Draw,
    /// The side to move checked perpetually through the cycle and loses.
    SideToMoveLoses,
    /// The opponent checked perpetually and loses.
    SideToMoveWins,
}

/// Rules a repetition: where the current position (last entry of `keys`)
/// repeats (see `repetition_start`), a side all of whose moves in the cycle
/// gave check loses; both or neither: draw. `checks[i]` says whether the
/// move into position `i` gave check.
pub fn repetition_ruling(
    keys: &[u64],
    checks: &[bool],
    root: usize,
    halfmove: usize,
) -> Option<Ruling> {
    let j = repetition_start(keys, root, halfmove)?;
    let n = keys.len();
    // Moves into j+1, j+3, ... were made by the side to move now.
    let ours = (j + 1..n)
        .step_by(2)
        .all(|i| checks.get(i).copied().unwrap_or(false));
    let theirs = (j + 2..n)
        .step_by(2)
        .all(|i| checks.get(i).copied().unwrap_or(false));
    Some(match (ours, theirs) {
        (true, false) => Ruling::SideToMoveLoses,
        (false, true) => Ruling::SideToMoveWins,
        _ => Ruling::Draw,
    })
}

/// Whether the current position (last entry of `keys`) repeats: any earlier
/// occurrence inside the search (index >= `root`, the root position's index),
/// or two earlier ones in the game history. Only positions since the last
/// capture (`halfmove` plies) and with the same side to move can match.
pub fn is_repetition(keys: &[u64], root: usize, halfmove: usize) -> bool {
    repetition_start(keys, root, halfmove).is_some()
}

/// Index of the most recent earlier occurrence when the position repeats.
fn repetition_start(keys: &[u64], root: usize, halfmove: usize) -> Option<usize> {
    let n = keys.len();
    if n < 5 {
        return None;
    }
    let cur = keys[n - 1];
    let oldest = (n - 1).saturating_sub(halfmove);
    let mut seen_in_game = 0;
    let mut latest = None;
    // The nearest possible repetition is four plies back.
    let mut i = n as isize - 5;
    while i >= oldest as isize {
        let k = i as usize;
        if keys[k] == cur {
            latest = latest.or(Some(k));
            if k >= root {
                return latest;
            }
            seen_in_game += 1;
            if seen_in_game >= 2 {
                return latest;
            }
        }
        i -= 2;
    }
    None
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
    fn perpetual_check_loses() {
        let keys = [1, 2, 3, 4, 1];
        // Moves into 1 and 3 (by the side to move now) were checks.
        assert_eq!(
            repetition_ruling(&keys, &[false, true, false, true, false], 0, 10),
            Some(Ruling::SideToMoveLoses)
        );
        assert_eq!(
            repetition_ruling(&keys, &[false, false, true, false, true], 0, 10),
            Some(Ruling::SideToMoveWins)
        );
        assert_eq!(
            repetition_ruling(&keys, &[false, true, true, true, true], 0, 10),
            Some(Ruling::Draw)
        );
        assert_eq!(
            repetition_ruling(&keys, &[false, true, false, false, true], 0, 10),
            Some(Ruling::Draw)
        );
        assert_eq!(repetition_ruling(&[1, 2, 3, 4, 5], &[true; 5], 0, 10), None);
    }

    #[test]
    fn bare_kings_and_defenders_are_dead_draws() {
        let p = Position::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
        assert!(no_attacking_material(&p));
        assert!(!no_attacking_material(&Position::startpos()));
    }
}
