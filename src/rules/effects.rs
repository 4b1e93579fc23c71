//! What one move does, as the repetition law classifies it (rulebook
//! article 28): check, mate threat, and chase — a new threat to win
//! material next move by capturing an unprotected piece (or a stronger one).

use super::RuleSet;
use crate::board::{Bitboard, Color, Move, PieceType, Position, Square};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub check: bool,
    pub mate_threat: bool,
    /// Enemy pieces newly chased by this move (their points after it).
    pub chased: Bitboard,
}

/// Chase values (article 25.3): what a capture gains. Pawns are valued only
/// once crossed; kings are never targets.
fn value(kind: PieceType) -> i32 {
    match kind {
        PieceType::King => 0,
        PieceType::Chariot => 9,
        PieceType::Horse | PieceType::Cannon => 4,
        PieceType::Advisor | PieceType::Elephant => 2,
        PieceType::Pawn => 1,
    }
}

/// Whether `attacker` gains by taking `target` even when it is protected:
/// a chariot attacked by a horse or cannon; a chariot, horse or cannon
/// attacked by an advisor, elephant or (where pawns chase) a pawn.
fn stronger_target(attacker: PieceType, target: PieceType) -> bool {
    use PieceType::*;
    matches!(
        (attacker, target),
        (Horse | Cannon, Chariot) | (Advisor | Elephant | Pawn, Chariot | Horse | Cannon)
    )
}

/// Which of the rulebook's finer chase rules apply.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// Count mate threats (Chinese rules).
    pub mate_threats: bool,
    /// Count threats to win material by a check and then a capture
    /// (一将一抽, 28.3).
    pub check_then_capture: bool,
    /// Count pawns' attacks as chases (27.2: only when both sides attack
    /// perpetually).
    pub pawns_chase: bool,
    /// A capture the victim would answer with mate is no chase (29.4).
    pub mate_answer: bool,
    /// 27.3, approximated: attacks on advisors and elephants alone, by the
    /// side with less attacking material (the one holding a draw), are idle.
    pub defender_idle: bool,
    /// The mover's previous move was a check: a check-then-capture threat it
    /// set up counts even if it already stood before this move, since the
    /// check and this move together are the 一将一抽 manoeuvre (lesson 五(5)).
    pub after_own_check: bool,
}

impl Scope {
    /// The Chinese rules' full scope, or the other sets' direct chases.
    /// (Rulings use it for the Chinese rules only: check-only rules need no
    /// chases, and the Asian rules classify moves in `asian`.)
    pub fn for_rules(rule: RuleSet) -> Scope {
        let chinese = rule == RuleSet::Chinese;
        Scope {
            mate_threats: chinese,
            check_then_capture: chinese,
            mate_answer: chinese,
            defender_idle: chinese,
            ..Scope::default()
        }
    }
}

/// Whether the side to move in `pos` can legally move a piece to `sq`.
fn can_recapture(pos: &Position, sq: Square) -> bool {
    let us = pos.side();
    for from in pos.color_bb(us) {
        if pos.capture_targets(from).has(sq) && pos.safe_after_for(us, from, sq) {
            return true;
        }
    }
    false
}

/// Plays a move for `side` regardless of whose turn `pos` says it is.
fn play_as(pos: &Position, side: Color, m: Move) -> Position {
    let mut p = pos.clone();
    if p.side() != side {
        p.make_null();
    }
    p.make(m);
    p
}

/// Every (attacker, target) pair through which `mover` threatens to win
/// material in `pos`: a legal capture of a valuable piece that is
/// unprotected (the victim cannot legally take back) or stronger than the
/// attacker. Kings never chase, pawns only if the scope says so (27.1,
/// 27.2).
fn threats(pos: &Position, mover: Color, scope: Scope) -> Vec<(Square, Square)> {
    let pawns = scope.pawns_chase;
    let victim = mover.flip();
    let mut targets = Bitboard::EMPTY;
    for kind in [
        PieceType::Chariot,
        PieceType::Horse,
        PieceType::Cannon,
        PieceType::Advisor,
        PieceType::Elephant,
    ] {
        targets |= pos.pieces(victim, kind);
    }
    for p in pos.pieces(victim, PieceType::Pawn) {
        if !p.on_own_side(victim) {
            targets |= Bitboard::from_square(p);
        }
    }
    let mut out = vec![];
    let exempt = if pawns {
        pos.pieces(mover, PieceType::King)
    } else {
        pos.pieces(mover, PieceType::King) | pos.pieces(mover, PieceType::Pawn)
    };
    let attackers = pos.color_bb(mover).and_not(exempt);
    let king = pos.king_square(mover);
    for a in attackers {
        let hits = pos.capture_targets(a) & targets;
        if hits.is_empty() {
            continue;
        }
        // A pinned piece does not chase, even where taking the pinner would
        // be legal (as the reference rulings treat it).
        let without = pos.occupied() ^ Bitboard::from_square(a);
        if pos.attackers_with(king, victim, without).any() {
            continue;
        }
        let akind = pos.piece_at(a).map_or(PieceType::King, |p| p.kind());
        for t in hits {
            if !pos.safe_after_for(mover, a, t) {
                continue;
            }
            let tkind = pos.piece_at(t).map_or(PieceType::King, |p| p.kind());
            let taken = play_as(pos, mover, Move::new(a, t));
            // Protected only if the victim can really take back.
            let gain =
                stronger_target(akind, tkind) || (value(tkind) > 0 && !can_recapture(&taken, t));
            if gain {
                out.push((a, t));
            }
        }
    }
    out
}

/// Pieces newly chased by `m`: threats after the move that did not exist
/// before it (29.2) — a new attack, or an old attack whose target lost its
/// protection. The same attack carried on is no new chase.
fn chased(before: &Position, m: Move, after: &Position, scope: Scope) -> Bitboard {
    let mover = before.side();
    let old = threats(before, mover, scope);
    let mut out = Bitboard::EMPTY;
    for (a, t) in threats(after, mover, scope) {
        let a_before = if a == m.to() { m.from() } else { a };
        // The same attack carried on is no new chase.
        if old.contains(&(a_before, t)) {
            continue;
        }
        // 29.4: a capture the victim would answer with mate is no chase
        // (tested on new threats only: that is where it is cheap).
        if scope.mate_answer && mate_by_checks(&play_as(after, mover, Move::new(a, t)), 1) {
            continue;
        }
        out |= Bitboard::from_square(t);
    }
    // A move that already chases directly needs no deeper look.
    if scope.check_then_capture && out.is_empty() && !after.in_check() {
        let mut again = after.clone();
        again.make_null();
        let new = won_by_a_check(&again, scope);
        if new.any() {
            let mut threatened_before = if scope.after_own_check {
                Bitboard::EMPTY
            } else {
                won_by_a_check(before, scope)
            };
            for &(_, t) in &old {
                threatened_before |= Bitboard::from_square(t);
            }
            out |= new.and_not(threatened_before);
        }
    }
    out
}

/// Pieces the side to move wins by a check followed, whatever the reply, by
/// a capture that gains (一将一抽: the check uncovers or forces the capture).
fn won_by_a_check(pos: &Position, scope: Scope) -> Bitboard {
    let mover = pos.side();
    let mut out = Bitboard::EMPTY;
    for &c in pos.legal_moves().as_slice() {
        if !pos.gives_check(c) {
            continue;
        }
        let mut p = pos.clone();
        p.make(c);
        let replies = p.legal_moves();
        // No reply is mate: a mate threat, not a chase.
        let mut common: Option<Bitboard> = None;
        for &r in replies.as_slice() {
            let mut q = p.clone();
            q.make(r);
            let won = threats(&q, mover, scope)
                .iter()
                .fold(Bitboard::EMPTY, |b, &(_, t)| b | Bitboard::from_square(t));
            let both = common.map_or(won, |c| c & won);
            common = Some(both);
            if both.is_empty() {
                break;
            }
        }
        out |= common.unwrap_or(Bitboard::EMPTY);
    }
    out
}

/// Whether the side to move can force mate within `plies` of its own moves,
/// every one of them a check.
pub fn mate_by_checks(pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    for &m in pos.legal_moves().as_slice() {
        let mut p = pos.clone();
        p.make(m);
        if !p.in_check() {
            continue;
        }
        let replies = p.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if plies > 1
            && replies.as_slice().iter().all(|&r| {
                let mut q = p.clone();
                q.make(r);
                mate_by_checks(&q, plies - 1)
            })
        {
            return true;
        }
    }
    false
}

/// Classifies the legal move `m` played in `before` with `rule`'s scope.
pub fn effects(before: &Position, m: Move, rule: RuleSet) -> Effects {
    effects_in(before, m, Scope::for_rules(rule))
}

/// Chariots, horses, cannons and crossed pawns of `c`, in chase values.
fn attacking_material(pos: &Position, c: Color) -> i32 {
    let mut v = 0;
    for kind in [PieceType::Chariot, PieceType::Horse, PieceType::Cannon] {
        v += value(kind) * pos.pieces(c, kind).count() as i32;
    }
    v + pos
        .pieces(c, PieceType::Pawn)
        .filter(|p| !p.on_own_side(c))
        .count() as i32
}

/// Classifies the legal move `m` played in `before` within `scope`.
pub fn effects_in(before: &Position, m: Move, scope: Scope) -> Effects {
    let mut after = before.clone();
    after.make(m);
    let check = after.in_check();
    let mut chased = chased(before, m, &after, scope);
    if scope.defender_idle && chased.any() {
        let mover = before.side();
        let victim = mover.flip();
        let guards =
            after.pieces(victim, PieceType::Advisor) | after.pieces(victim, PieceType::Elephant);
        if chased.and_not(guards).is_empty()
            && attacking_material(&after, mover) < attacking_material(&after, victim)
        {
            chased = Bitboard::EMPTY;
        }
    }
    // A chase and a mate threat are both forbidden-grade moves and the
    // rulings never need to tell them apart (27.4): skip the mate search.
    let mate_threat = scope.mate_threats && !check && chased.is_empty() && {
        // Give the mover another turn: can it then mate by checks?
        let mut again = after.clone();
        again.make_null();
        mate_by_checks(&again, 2)
    };
    Effects {
        check,
        mate_threat,
        chased,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fx(fen: &str, m: &str) -> Effects {
        let p = Position::from_fen(fen).unwrap();
        effects(&p, Move::parse(m).unwrap(), RuleSet::Chinese)
    }

    #[test]
    fn cannon_chases_chariot_even_if_protected() {
        let e = fx(
            "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
            "c2a2",
        );
        assert_eq!(
            e.chased,
            Bitboard::from_square(Square::parse("a7").unwrap())
        );
        assert!(!e.check);
    }

    #[test]
    fn protected_horse_by_chariot_is_not_chased_but_fake_protection_is() {
        // Black chariot attacks the red cannon on c4: nothing protects it.
        let e = fx("5k3/9/9/9/9/2C6/1r7/9/1C7/4K4 b - - 0 1", "b3c3");
        assert!(e.chased.has(Square::parse("c4").unwrap()));
        // Chariot to b3 attacks the cannon on b4 "protected" by the b1 cannon,
        // which could not recapture without a screen.
        let e = fx("5k3/9/9/9/9/1C7/2r6/9/1C7/4K4 b - - 0 1", "c3b3");
        assert!(e.chased.has(Square::parse("b4").unwrap()));
    }

    #[test]
    fn mate_threat_found() {
        // Red chariots on a8 and b0 against a bare king: after a quiet move
        // Red threatens b0b9 mate.
        let p = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
        assert!(mate_by_checks(&p, 1));
        let e = fx("4k4/9/R8/9/9/9/9/9/9/1R1K5 w - - 0 1", "a7a8");
        assert!(e.mate_threat && !e.check);
    }
}
