//! Adjudication of a whole game: mate, stalemate, repetition (ruled at the
//! third occurrence), the natural move limit and "no attacking material".

use super::cycle::{self, Conduct};
use super::no_attacking_material;
use super::RuleSet;
use crate::board::{Color, Move, PieceType, Position};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    RedWins,
    BlackWins,
    Draw,
    Ongoing,
}

impl Outcome {
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Ongoing => "*",
        }
    }

    fn win_for(c: Color) -> Outcome {
        if c == Color::Red {
            Outcome::RedWins
        } else {
            Outcome::BlackWins
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub outcome: Outcome,
    pub reason: String,
}

fn side_name(c: Color) -> &'static str {
    if c == Color::Red {
        "Red"
    } else {
        "Black"
    }
}

fn piece_name(k: PieceType) -> &'static str {
    match k {
        PieceType::King => "king",
        PieceType::Advisor => "advisor",
        PieceType::Elephant => "elephant",
        PieceType::Horse => "horse",
        PieceType::Chariot => "chariot",
        PieceType::Cannon => "cannon",
        PieceType::Pawn => "pawn",
    }
}

/// Plies counted towards the natural move limit over a stretch without
/// captures: a side's checks beyond its 10th, and the replies to them, do
/// not count. `gave_check[i]` is whether the stretch's i-th move checked;
/// `first_mover` made the stretch's first move; `prior` plies came before
/// (e.g. the FEN half-move field).
pub fn natural_count(gave_check: &[bool], first_mover: Color, prior: u32) -> u32 {
    let mut count = prior;
    let mut checks = [0u32; 2];
    let mut skip_reply = false;
    let mut mover = first_mover;
    for &c in gave_check {
        if skip_reply {
            skip_reply = false;
        } else if c && {
            checks[mover.index()] += 1;
            checks[mover.index()] > 10
        } {
            skip_reply = true;
        } else {
            count += 1;
        }
        mover = mover.flip();
    }
    count
}

fn describe_repetition(loser: Color, c: &Conduct) -> String {
    if c.perpetual_check {
        return format!("{} perpetually checks", side_name(loser));
    }
    if c.perpetual_chase {
        if let Some((p, sq)) = c.victim {
            let victim = side_name(p.color()).to_ascii_lowercase();
            return format!(
                "{} chases the {victim} {} on {sq} perpetually",
                side_name(loser),
                piece_name(p.kind())
            );
        }
        return format!("{} chases perpetually", side_name(loser));
    }
    format!(
        "{} makes forbidden repetitions (check, mate threat or chase every move)",
        side_name(loser)
    )
}

/// Rules the game `start` + `moves`. Every move must be legal (else `Err`
/// with the offending move); play stops counting at the first game end, but
/// the remaining moves are still checked for legality.
pub fn judge(
    start: &Position,
    moves: &[Move],
    rule: RuleSet,
    natural_limit: u32,
) -> Result<Verdict, String> {
    let mut pos = start.clone();
    let mut keys = vec![pos.key()];
    let mut played: Vec<Move> = vec![];
    let mut gave_check: Vec<bool> = vec![];
    let mut stretch_start = 0; // index into `played` after the last capture
    let mut prior = start.halfmove();
    let mut verdict = end_of(&pos, natural_count(&[], pos.side(), prior), natural_limit);
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(format!(
                "illegal move '{m}' (move {}) in {}",
                i + 1,
                pos.to_fen()
            ));
        }
        let capture = pos.piece_at(m.to()).is_some();
        pos.make(m);
        if verdict.is_some() {
            continue;
        }
        played.push(m);
        keys.push(pos.key());
        gave_check.push(pos.in_check());
        if capture {
            stretch_start = played.len();
            prior = 0;
        }
        // Mate (or stalemate) comes first: a mate on the last counted move wins.
        if pos.legal_moves().is_empty() {
            let why = if pos.in_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            verdict = Some(Verdict {
                outcome: Outcome::win_for(pos.side().flip()),
                reason: why.into(),
            });
            continue;
        }
        // Repetition at the third occurrence (same side to move, no capture since).
        let n = keys.len();
        let cur = keys[n - 1];
        let since = played.len() - stretch_start;
        let earlier: Vec<usize> = (0..n - 1)
            .rev()
            .take(since)
            .filter(|&j| (n - 1 - j) % 2 == 0 && keys[j] == cur)
            .collect();
        if earlier.len() >= 2 {
            let found = super::Occurrences {
                latest: earlier[0],
                first: earlier[1],
            };
            let j = super::span_start(rule, found);
            let entry = j.checked_sub(1).map(|e| (played[e], j == stretch_start));
            let (stm, opp) = cycle::conduct(&pos, entry, &played[j..], rule);
            let us = pos.side();
            verdict = Some(match cycle::rule(rule, &stm, &opp) {
                super::Ruling::SideToMoveLoses => Verdict {
                    outcome: Outcome::win_for(us.flip()),
                    reason: describe_repetition(us, &stm),
                },
                super::Ruling::SideToMoveWins => Verdict {
                    outcome: Outcome::win_for(us),
                    reason: describe_repetition(us.flip(), &opp),
                },
                super::Ruling::Draw => Verdict {
                    outcome: Outcome::Draw,
                    reason: if stm.perpetual_check && opp.perpetual_check {
                        "mutual check".into()
                    } else if stm.forbidden && opp.forbidden {
                        "mutual chase".into()
                    } else {
                        "repetition draw".into()
                    },
                },
            });
            continue;
        }
        let first_mover = if (played.len() - stretch_start).is_multiple_of(2) {
            pos.side()
        } else {
            pos.side().flip()
        };
        let count = natural_count(&gave_check[stretch_start..], first_mover, prior);
        verdict = end_of(&pos, count, natural_limit);
    }
    Ok(verdict.unwrap_or(Verdict {
        outcome: Outcome::Ongoing,
        reason: "the game goes on".into(),
    }))
}

/// Game ends that need no history: no legal move, the natural limit, no
/// attacking material.
fn end_of(pos: &Position, counted: u32, natural_limit: u32) -> Option<Verdict> {
    if pos.legal_moves().is_empty() {
        let why = if pos.in_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        return Some(Verdict {
            outcome: Outcome::win_for(pos.side().flip()),
            reason: why.into(),
        });
    }
    if counted >= natural_limit {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: "natural move limit".into(),
        });
    }
    if no_attacking_material(pos) {
        return Some(Verdict {
            outcome: Outcome::Draw,
            reason: "no attacking material".into(),
        });
    }
    None
}
