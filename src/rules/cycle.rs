//! Ruling a repetition cycle under one of three rule sets.

use super::effects::{effects_in, Effects, Scope};
use super::RuleSet;
use crate::board::{Bitboard, Move, Piece, Position, Square};

/// The outcome of a repeated position, for the side to move there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    Draw,
    /// The side to move violated the law in the cycle and loses.
    SideToMoveLoses,
    /// The opponent violated it and loses.
    SideToMoveWins,
}

/// How one side behaved through the cycle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Conduct {
    /// Every move gave check.
    pub perpetual_check: bool,
    /// Every move chased a piece (Chinese: one or several, 25.2; Asian: the
    /// same piece throughout, the entry move included).
    pub perpetual_chase: bool,
    /// Every move was a check, a mate threat or a chase (Chinese 25.2;
    /// Asian: a check or a chase).
    pub forbidden: bool,
    /// Points of the pieces chased (for messages): by the last move
    /// (Chinese), or as they stood after the side's first move (Asian).
    pub chased: Bitboard,
    /// One chased piece and where it stood then (as for `chased`).
    pub victim: Option<(Piece, Square)>,
}

/// `moves` lead from `start` back to a position equal to `start`, the side
/// to move at `start` moving first; `entry` is the move into `start` (and
/// whether it captured), which the Asian rules count too. Returns each
/// side's conduct: (that side, the other).
pub fn conduct(
    start: &Position,
    entry: Option<(Move, bool)>,
    moves: &[Move],
    rule: RuleSet,
) -> (Conduct, Conduct) {
    if rule == RuleSet::Asian {
        return super::asian::conduct(start, entry, moves);
    }
    let scope = Scope::for_rules(rule);
    let (fx, victims) = classify(start, moves, rule, scope);
    let mut sides = [
        side_conduct(&fx, &victims, 0),
        side_conduct(&fx, &victims, 1),
    ];
    // 27.2: against a side that attacks perpetually, pawns' attacks count as
    // chases too (长打对长打), which can make it mutual.
    if rule == RuleSet::Chinese && sides[0].forbidden != sides[1].forbidden {
        let other = usize::from(sides[0].forbidden);
        let with_pawns = Scope {
            pawns_chase: true,
            ..scope
        };
        let (fx, victims) = classify(start, moves, rule, with_pawns);
        let c = side_conduct(&fx, &victims, other);
        if c.forbidden {
            sides[other] = c;
        }
    }
    let [a, b] = sides;
    (a, b)
}

/// Each move's effects, and one piece it chased (after the move).
fn classify(
    start: &Position,
    moves: &[Move],
    rule: RuleSet,
    scope: Scope,
) -> (Vec<Effects>, Vec<Option<(Piece, Square)>>) {
    let mut pos = start.clone();
    let mut checks = Vec::with_capacity(moves.len());
    for &m in moves {
        pos.make(m);
        checks.push(pos.in_check());
    }
    let n = moves.len();
    let mut pos = start.clone();
    let mut fx: Vec<Effects> = Vec::with_capacity(n);
    let mut victims = Vec::with_capacity(n);
    for (i, &m) in moves.iter().enumerate() {
        // The mover's previous move in the cycle (it wraps around).
        let scope = Scope {
            after_own_check: n >= 2 && checks[(i + n - 2) % n],
            ..scope
        };
        let e = if rule == RuleSet::CheckOnly {
            let mut p = pos.clone();
            p.make(m);
            Effects {
                check: p.in_check(),
                ..Effects::default()
            }
        } else {
            effects_in(&pos, m, scope)
        };
        fx.push(e);
        pos.make(m);
        victims.push(
            e.chased
                .into_iter()
                .next()
                .and_then(|sq| pos.piece_at(sq).map(|p| (p, sq))),
        );
    }
    (fx, victims)
}

fn side_conduct(fx: &[Effects], victims: &[Option<(Piece, Square)>], parity: usize) -> Conduct {
    let mine = || {
        fx.iter()
            .enumerate()
            .filter(move |(i, _)| i % 2 == parity)
            .map(|(_, e)| e)
    };
    let perpetual_check = mine().all(|e| e.check);
    // "Perpetual chase of one or several pieces": every move chases something.
    let perpetual_chase = mine().all(|e| e.chased.any());
    let chased = mine().next_back().map_or(Bitboard::EMPTY, |e| e.chased);
    let all_serious = mine().all(|e| e.check || e.mate_threat || e.chased.any());
    let some_check_or_threat = mine().any(|e| e.check || e.mate_threat);
    let forbidden = perpetual_check || perpetual_chase || (all_serious && some_check_or_threat);
    Conduct {
        perpetual_check,
        perpetual_chase,
        forbidden,
        chased,
        victim: victims
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == parity)
            .filter_map(|(_, v)| *v)
            .next_back(),
    }
}

/// Rules a cycle from the side to move's point of view.
pub fn rule(rule: RuleSet, stm: &Conduct, opp: &Conduct) -> Ruling {
    let by = |a: bool, b: bool| match (a, b) {
        (true, false) => Some(Ruling::SideToMoveLoses),
        (false, true) => Some(Ruling::SideToMoveWins),
        _ => None,
    };
    // One-sided perpetual check loses under every rule set (26.1).
    if let Some(r) = by(stm.perpetual_check, opp.perpetual_check) {
        return r;
    }
    if stm.perpetual_check && opp.perpetual_check {
        return Ruling::Draw;
    }
    match rule {
        RuleSet::CheckOnly => Ruling::Draw,
        RuleSet::Asian => by(stm.perpetual_chase, opp.perpetual_chase).unwrap_or(Ruling::Draw),
        RuleSet::Chinese => by(stm.forbidden, opp.forbidden).unwrap_or(Ruling::Draw),
    }
}
