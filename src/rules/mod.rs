//! Game-ending rules the search consults: repetition ruled by the xiangqi
//! repetition law (what each side did in the cycle: `cycle` rules it under
//! a `RuleSet`, with the moves classified by `effects` under the Chinese
//! rules and by `asian` under the Asian ones), the natural move limit and
//! "no attacking material". `judge` applies them to whole games; it alone
//! does not count checks after a side's tenth toward the natural limit (the
//! search counts every ply without a capture, null moves too).

pub mod asian;
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
/// and `current` the last position. `root` is the index of the search's
/// root (one earlier occurrence after it is a repetition, two before it),
/// `halfmove` the plies since the last capture (no earlier position can
/// repeat). `None` if the position does not repeat.
pub fn repetition_ruling(
    rule: RuleSet,
    keys: &[u64],
    moves: &[Move],
    current: &Position,
    root: usize,
    halfmove: usize,
) -> Option<Ruling> {
    let found = repetition_start(keys, root, halfmove)?;
    let n = keys.len();
    let j = span_start(rule, found);
    let cycle = moves.get(j..n - 1)?;
    // A null move inside the cycle (search only) is no real repetition.
    if cycle.iter().any(|m| m.is_none()) {
        return None;
    }
    // The move into the span's first position; it took a piece if the
    // halfmove clock restarted there.
    let entry = j
        .checked_sub(1)
        .map(|e| (moves[e], n - 1 - j == halfmove))
        .filter(|(m, _)| !m.is_none());
    // The cycle starts from a position equal to the current one (that is what
    // a repetition is), so it can be replayed from a copy of the current.
    let (stm, opp) = cycle::conduct(current, entry, cycle, rule);
    Some(cycle::rule(rule, &stm, &opp))
}

/// Where the conduct of a repetition is judged from: the Asian rules look
/// at every move since the first occurrence counted (as the referees do),
/// the others at the last cycle.
pub fn span_start(rule: RuleSet, found: Occurrences) -> usize {
    if rule == RuleSet::Asian {
        found.first
    } else {
        found.latest
    }
}

/// The earlier occurrences a repetition was found with (indices into the
/// key list): the most recent, and the oldest one counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Occurrences {
    pub latest: usize,
    pub first: usize,
}

/// The earlier occurrences when the current position (last entry of `keys`)
/// repeats: any earlier occurrence inside the search (index >= `root`, the
/// root position's index), or two earlier ones in the game history. Only
/// positions since the last capture (`halfmove` plies) and with the same
/// side to move can match.
fn repetition_start(keys: &[u64], root: usize, halfmove: usize) -> Option<Occurrences> {
    let n = keys.len();
    if n < 5 {
        return None;
    }
    let cur = keys[n - 1];
    let oldest = (n - 1).saturating_sub(halfmove);
    let mut latest = None;
    // The nearest possible repetition is four plies back.
    let mut i = n as isize - 5;
    while i >= oldest as isize {
        let k = i as usize;
        if keys[k] == cur {
            match latest {
                None if k >= root => {
                    return Some(Occurrences {
                        latest: k,
                        first: k,
                    })
                }
                None => latest = Some(k),
                Some(l) => {
                    return Some(Occurrences {
                        latest: l,
                        first: k,
                    })
                }
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
        let at = |k| {
            Some(Occurrences {
                latest: k,
                first: k,
            })
        };
        assert_eq!(repetition_start(&keys, 0, 10), at(0));
        // Both earlier occurrences in the game: needs two.
        assert_eq!(repetition_start(&keys, 5, 10), None);
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        let both = Some(Occurrences {
            latest: 4,
            first: 0,
        });
        assert_eq!(repetition_start(&keys, 9, 10), both);
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
