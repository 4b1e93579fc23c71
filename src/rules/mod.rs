//! Game-ending rules the search consults: repetition ruled by the xiangqi
//! repetition law (what each side did in the cycle: `effects` classifies the
//! moves, `cycle` rules them under a `RuleSet`), the natural move limit and
//! "no attacking material". `judge` applies them to whole games.

pub mod cycle;
pub mod effects;
pub mod judge;
pub mod rule_set;

pub use cycle::Ruling;
pub use rule_set::RuleSet;

use crate::board::{Color, Move, PieceType, Position};

/// Default natural move limit in plies without a capture (60 moves).
pub const NATURAL_LIMIT: u32 = 120;

/// Rules a repetition in a game or search path. `keys[i]` is the key of
/// position `i`, `moves[i]` the move that led from position `i` to `i + 1`,
/// and `current` the last position. `None` if the position does not repeat.
pub fn repetition_ruling(
    rule: RuleSet,
    keys: &[u64],
    moves: &[Move],
    current: &Position,
    root: usize,
    halfmove: usize,
) -> Option<Ruling> {
    let j = repetition_start(keys, root, halfmove)?;
    let cycle = moves.get(j..keys.len() - 1)?;
    // A null move inside the cycle (search only) is no real repetition.
    if cycle.iter().any(|m| m.is_none()) {
        return None;
    }
    // The cycle starts from a position equal to the current one (that is what
    // a repetition is), so it can be replayed from a copy of the current.
    let (stm, opp) = cycle::conduct(current, cycle, rule);
    Some(cycle::rule(rule, &stm, &opp))
}

/// Index of the most recent earlier occurrence when the current position
/// (last entry of `keys`) repeats: any earlier occurrence inside the search
/// (index >= `root`, the root position's index), or two earlier ones in the
/// game history. Only positions since the last capture (`halfmove` plies)
/// and with the same side to move can match.
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
            PieceType::Chariot,
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
        assert_eq!(repetition_start(&keys, 0, 10), Some(0));
        // Both earlier occurrences in the game: needs two.
        assert_eq!(repetition_start(&keys, 5, 10), None);
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        assert_eq!(repetition_start(&keys, 9, 10), Some(4));
        // A capture in between (halfmove 2) hides the old positions.
        assert_eq!(repetition_start(&keys, 1, 2), None);
    }

    #[test]
    fn bare_kings_and_defenders_are_dead_draws() {
        let p = Position::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
        assert!(no_attacking_material(&p));
        assert!(!no_attacking_material(&Position::startpos()));
    }
}
