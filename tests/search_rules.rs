//! The search under the repetition law: when the opponent's only way to hold
//! is a perpetual the rules forbid, the engine keeps the cycle going and
//! scores the win the opponent can no longer avoid.

use chariot::board::{Game, Move, Position};
use chariot::rules::judge::{judge, Outcome};
use chariot::rules::RuleSet;
use chariot::search::{tt::Tt, Limits, SearchResult, Searcher, Signals, MATE, MATE_BOUND};
use std::sync::Arc;

fn moves(s: &str) -> Vec<Move> {
    s.split_whitespace()
        .map(|m| Move::parse(m).unwrap())
        .collect()
}

/// `fen` followed by `played`, every move checked legal on the way.
fn game(fen: &str, played: &str) -> Game {
    let mut g = Game::new(Position::from_fen(fen).unwrap());
    for m in moves(played) {
        assert!(g.pos.is_legal(m), "{m} illegal in {}", g.pos.to_fen());
        g.play(m);
    }
    g
}

fn search(g: &Game, rule: RuleSet, depth: i32) -> SearchResult {
    search_with(
        &mut Searcher::new(Arc::new(Tt::new(8).unwrap())),
        g,
        rule,
        depth,
    )
}

/// `search` with a given searcher, so that searches can share its TT.
fn search_with(s: &mut Searcher, g: &Game, rule: RuleSet, depth: i32) -> SearchResult {
    s.config.rule = rule;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.search(g, &limits, &Signals::default(), &[], 1, &mut |_| {})
}

/// Black checks the red king up and down the d-file (d0/d1) with its
/// chariot from a0/a1; Red cannot get out of it. Black must check: Red's
/// pawns threaten e7e8 mate, which Black's lone chariot cannot stop. Black to
/// move.
const CHECK_FEN: &str = "4k4/3P1P3/4P4/9/9/9/9/3A5/r3A4/3K5 b - - 0 1";
const CHECK_CYCLE: &str = "a1a0 d0d1 a0a1 d1d0";

/// A "repetition = draw" search holds Black's perpetual check to 0 here;
/// one-sided perpetual check loses under every rule set, so Black has to stop
/// checking and is mated, and the engine must see that win.
#[test]
fn opponent_must_break_its_perpetual_check() {
    let twice = format!("{CHECK_CYCLE} {CHECK_CYCLE}");
    let start = Position::from_fen(CHECK_FEN).unwrap();
    for rule in [RuleSet::Chinese, RuleSet::Asian, RuleSet::CheckOnly] {
        // The third occurrence is ruled against the checker.
        let v = judge(&start, &moves(&twice), rule, 120).unwrap();
        assert_eq!(v.outcome, Outcome::RedWins, "{rule:?}: {}", v.reason);

        // Red in check, the position there for the second time: Black's next
        // check would lead to the third occurrence, so Black must change and
        // gets mated.
        let g = game(CHECK_FEN, &format!("{CHECK_CYCLE} a1a0"));
        let r = search(&g, rule, 8);
        assert_eq!(r.best.unwrap().to_string(), "d0d1", "{rule:?}");
        assert!(r.score >= MATE_BOUND, "{rule:?}: {}", r.score);

        // One ply before the third occurrence: Red's escape completes it and
        // wins on the spot.
        let pre = format!("{CHECK_CYCLE} a1a0 d0d1 a0a1");
        let r = search(&game(CHECK_FEN, &pre), rule, 8);
        assert_eq!(r.best.unwrap().to_string(), "d1d0", "{rule:?}");
        assert_eq!(r.score, MATE - 1, "{rule:?}");
        // Control: the same position without the history is no win in one;
        // the win comes from the game's earlier occurrences.
        let fresh = Game::new(game(CHECK_FEN, &pre).pos);
        let r = search(&fresh, rule, 8);
        assert!(r.score < MATE - 1, "{rule:?}: {}", r.score);
    }
}

/// Black's cannon chases Red's chariot between a4 and b4 over the a5/b5
/// pawns (the chariot's other moves, down the a- or b-file, stay under the
/// same cannon). Black's chariot
/// on a9 is trapped (b9 is its own horse, a8 a protected pawn) and attacked
/// by the a8 pawn; taking it while the red chariot hangs is only a trade, so
/// without the chase law Black holds by chasing. Black to move.
const CHASE_FEN: &str = "rncakabn1/PP7/c8/4p1p1p/PPP6/1RN6/9/1C2B4/9/3AKA3 b - - 0 1";
const CHASE_CYCLE: &str = "a7b7 b4a4 b7a7 a4b4";

/// Perpetual chase loses under the Chinese and Asian rules, so Black must
/// stop: the engine keeps its chariot shuttling (the pressure), expects Black
/// to break off, and completing the third occurrence wins outright. Under
/// CheckOnly the chase is allowed and the same repetition is only a draw,
/// which shows the law is what pays. (What Black's best way out is worth
/// depends on the evaluation, so no material figure is asserted.)
#[test]
fn opponent_must_break_its_perpetual_chase() {
    let start = Position::from_fen(CHASE_FEN).unwrap();
    let twice = moves(&format!("{CHASE_CYCLE} {CHASE_CYCLE}"));
    // Red to move, its chariot attacked on b4 for the second time.
    let at_cycle = format!("{CHASE_CYCLE} a7b7");
    // One ply before the third occurrence.
    let pre = format!("{CHASE_CYCLE} a7b7 b4a4 b7a7");
    for rule in [RuleSet::Chinese, RuleSet::Asian] {
        let v = judge(&start, &twice, rule, 120).unwrap();
        assert_eq!(v.outcome, Outcome::RedWins, "{rule:?}: {}", v.reason);

        let r = search(&game(CHASE_FEN, &at_cycle), rule, 10);
        assert_eq!(r.best.unwrap().to_string(), "b4a4", "{rule:?}");
        // Black is expected to break the chase, not to repeat it.
        assert_ne!(r.ponder.map(|m| m.to_string()).as_deref(), Some("b7a7"));
        assert!(r.score < MATE_BOUND, "{rule:?}: {}", r.score);

        let r = search(&game(CHASE_FEN, &pre), rule, 10);
        assert_eq!(r.best.unwrap().to_string(), "a4b4", "{rule:?}");
        assert_eq!(r.score, MATE - 1, "{rule:?}");
    }
    // Control: perpetual chase is allowed under CheckOnly, so the same
    // repetition is a draw, not a win.
    let v = judge(&start, &twice, RuleSet::CheckOnly, 120).unwrap();
    assert_eq!(v.outcome, Outcome::Draw, "{}", v.reason);
    let r = search(&game(CHASE_FEN, &pre), RuleSet::CheckOnly, 10);
    assert!(r.score < MATE_BOUND, "CheckOnly: {}", r.score);
    let r = search(&game(CHASE_FEN, &at_cycle), RuleSet::CheckOnly, 10);
    assert_eq!(r.ponder.map(|m| m.to_string()).as_deref(), Some("b7a7"));
}

/// A win by repetition ruling belongs to the path and the rule set that made
/// it, so it must not reach another search through the shared TT: the same
/// searcher, first under the Chinese rules (the chase is ruled a loss for
/// Black), then under CheckOnly (the chase is allowed), must give CheckOnly's
/// own answers.
#[test]
fn ruled_wins_do_not_leak_through_the_tt() {
    let pre = game(CHASE_FEN, &format!("{CHASE_CYCLE} a7b7 b4a4 b7a7"));
    let at_cycle = game(CHASE_FEN, &format!("{CHASE_CYCLE} a7b7"));
    let mut s = Searcher::new(Arc::new(Tt::new(8).unwrap()));
    for g in [&pre, &at_cycle] {
        let chinese = search_with(&mut s, g, RuleSet::Chinese, 10);
        let check_only = search_with(&mut s, g, RuleSet::CheckOnly, 10);
        let alone = search(g, RuleSet::CheckOnly, 10);
        assert!(chinese.score != check_only.score, "{}", chinese.score);
        assert!(check_only.score < MATE_BOUND, "{}", check_only.score);
        assert_eq!(check_only.ponder, alone.ponder);
    }
}
