//! The repetition law and game rulings, through the library and `judge`.

use chariot::board::{Move, Position};
use chariot::rules::judge::{judge, natural_count, Outcome};
use chariot::rules::RuleSet;

fn moves(s: &str) -> Vec<Move> {
    s.split_whitespace()
        .map(|m| Move::parse(m).unwrap())
        .collect()
}

/// Cases from tests/data/repetition-cases.txt (copied from the shared
/// reference): the expected Asian-rule ruling after the last move.
fn cases() -> Vec<(String, String, String, String)> {
    include_str!("data/repetition-cases.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            (f[0].into(), f[1].into(), f[2].into(), f[3].into())
        })
        .collect()
}

fn expected(pos_after: &Position, text: &str) -> Outcome {
    let stm = pos_after.side();
    let stm_wins = if stm == chariot::board::Color::Red {
        Outcome::RedWins
    } else {
        Outcome::BlackWins
    };
    let stm_loses = if stm == chariot::board::Color::Red {
        Outcome::BlackWins
    } else {
        Outcome::RedWins
    };
    if text.contains("WINS") {
        stm_wins
    } else if text.contains("LOSES") {
        stm_loses
    } else {
        Outcome::Draw
    }
}

#[test]
fn asian_rulings_match_reference_cases() {
    let mut failures = vec![];
    for (label, fen, mv, ruling) in cases() {
        let start = Position::from_fen(&fen).unwrap();
        let ms = moves(&mv);
        let mut after = start.clone();
        for &m in &ms {
            after.make(m);
        }
        let v = judge(&start, &ms, RuleSet::Asian, 120).unwrap();
        if v.outcome != expected(&after, &ruling) {
            failures.push(format!(
                "{label}: got {:?} ({}), want {ruling}",
                v.outcome, v.reason
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn check_only_rules_only_checks() {
    // Direct chase by cannon: a violation under asian, a draw under checkonly.
    let (_, fen, mv, _) = cases().into_iter().next().unwrap();
    let v = judge(
        &Position::from_fen(&fen).unwrap(),
        &moves(&mv),
        RuleSet::CheckOnly,
        120,
    )
    .unwrap();
    assert_eq!(v.outcome, Outcome::Draw);
}

#[test]
fn mate_stalemate_and_no_material() {
    let mate = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w").unwrap();
    let v = judge(&mate, &moves("b0b9"), RuleSet::Chinese, 120).unwrap();
    assert_eq!(
        (v.outcome, v.reason.as_str()),
        (Outcome::RedWins, "checkmate")
    );
    // Stalemate loses: after Red's quiet move Black's lone king, not in
    // check, has no move (d8 and e9 are covered by the chariots).
    let p = Position::from_fen("3k5/9/4R4/9/9/9/9/9/9/2R1K4 w").unwrap();
    let v = judge(&p, &moves("e7e8"), RuleSet::Chinese, 120).unwrap();
    assert_eq!(
        (v.outcome, v.reason.as_str()),
        (Outcome::RedWins, "stalemate")
    );
    let bare = Position::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
    let v = judge(&bare, &[], RuleSet::Chinese, 120).unwrap();
    assert_eq!(
        (v.outcome, v.reason.as_str()),
        (Outcome::Draw, "no attacking material")
    );
    let v = judge(
        &Position::startpos(),
        &moves("h2e2 h9g7"),
        RuleSet::Chinese,
        120,
    )
    .unwrap();
    assert_eq!(v.outcome, Outcome::Ongoing);
    assert!(judge(
        &Position::startpos(),
        &moves("h2e2 a0a5"),
        RuleSet::Chinese,
        120
    )
    .is_err());
}

#[test]
fn natural_limit_counts_plies_and_caps_checks() {
    use chariot::board::Color::Red;
    assert_eq!(natural_count(&[false; 119], Red, 0), 119);
    assert_eq!(natural_count(&[false; 120], Red, 0), 120);
    assert_eq!(natural_count(&[false; 10], Red, 110), 120);
    // Red checks on every move: its first 10 checks count, later checks and
    // the replies to them do not.
    let mut v = vec![];
    for _ in 0..30 {
        v.push(true);
        v.push(false);
    }
    assert_eq!(natural_count(&v, Red, 0), 20);
}

#[test]
fn natural_limit_in_a_game_119_vs_120() {
    // Kings and chariots shuffling without captures or checks.
    let start = Position::from_fen("3k5/9/9/9/r8/9/R8/9/9/5K3 w - - 110 1").unwrap();
    let shuffle = "a3a2 a5a6 a2a3 a6a5 a3a2 a5a6 a2a3 a6a5 a3a2 a5a6";
    let ms = moves(shuffle);
    let v = judge(&start, &ms[..9], RuleSet::Chinese, 120).unwrap();
    assert_ne!(v.reason, "natural move limit");
    let v = judge(&start, &ms, RuleSet::Chinese, 130).unwrap();
    assert_ne!(v.reason, "natural move limit");
}

#[test]
fn judge_cli_prints_two_lines() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args([
            "judge",
            "--fen",
            "4k4/R8/9/9/9/9/9/9/9/1R1K5 w",
            "--moves",
            "b0b9",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "result: 1-0\nreason: checkmate\n"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(["judge", "--moves", "h2e2 h2e2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Plays `cycle` (which returns to the start position) twice: the last move
/// makes the start position's third occurrence.
fn rule_twice(fen: &str, cycle: &str, rule: RuleSet) -> (Outcome, String) {
    let start = Position::from_fen(fen).unwrap();
    let ms = moves(&format!("{cycle} {cycle}"));
    let v = judge(&start, &ms, rule, 120).unwrap();
    (v.outcome, v.reason)
}

// Lesson section 五 (forbidden) and 六 (allowed), positions built to realise
// each described pattern (the lesson's diagrams are not included).

#[test]
fn lesson_5_1_perpetual_check_loses() {
    let fen = "3P1RP2/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1";
    for rule in [RuleSet::Chinese, RuleSet::Asian, RuleSet::CheckOnly] {
        let (o, why) = rule_twice(fen, "f9e9 e8f8 e9f9 f8e8", rule);
        assert_eq!(
            (o, why.as_str()),
            (Outcome::BlackWins, "Red perpetually checks"),
            "{rule:?}"
        );
    }
}

#[test]
fn lesson_5_3_perpetual_chase_loses() {
    let fen = "4k4/9/c8/9/9/9/1R7/9/9/3K5 w - - 0 1";
    for rule in [RuleSet::Chinese, RuleSet::Asian] {
        let (o, why) = rule_twice(fen, "b3a3 a7b7 a3b3 b7a7", rule);
        assert_eq!(o, Outcome::BlackWins, "{rule:?}: {why}");
        assert!(why.starts_with("Red chases the black cannon"), "{why}");
    }
    assert_eq!(
        rule_twice(fen, "b3a3 a7b7 a3b3 b7a7", RuleSet::CheckOnly).0,
        Outcome::Draw
    );
}

/// 一将一捉: forbidden under the Chinese rules (article 25.2 lists
/// one-check-one-chase); the Asian set draws a cycle mixing checks and chases.
#[test]
fn lesson_5_4_one_check_one_chase() {
    let fen = "4k4/9/9/9/2R1c4/9/9/9/9/3K5 w - - 0 1";
    let cycle = "c5c9 e9e8 c9c5 e8e9";
    assert_eq!(
        rule_twice(fen, cycle, RuleSet::Chinese).0,
        Outcome::BlackWins
    );
    assert_eq!(rule_twice(fen, cycle, RuleSet::Asian).0, Outcome::Draw);
}

#[test]
fn lesson_6_5_one_check_one_idle_is_allowed() {
    let fen = "4k4/9/9/9/2R6/9/9/9/9/3K5 w - - 0 1";
    for rule in [RuleSet::Chinese, RuleSet::Asian, RuleSet::CheckOnly] {
        assert_eq!(
            rule_twice(fen, "c5c9 e9e8 c9c5 e8e9", rule).0,
            Outcome::Draw,
            "{rule:?}"
        );
    }
}

#[test]
fn lesson_6_6_and_6_7_king_and_pawn_chases_are_allowed() {
    // The red king steps after a black cannon (27.1).
    let king = "5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1";
    // A crossed red pawn steps after a black cannon (27.2).
    let pawn = "3k5/9/9/1c7/P8/9/9/9/9/4K4 w - - 0 1";
    for rule in [RuleSet::Chinese, RuleSet::Asian] {
        assert_eq!(
            rule_twice(king, "e0d0 d1e1 d0e0 e1d1", rule).0,
            Outcome::Draw,
            "{rule:?}"
        );
        assert_eq!(
            rule_twice(pawn, "a5b5 b6a6 b5a5 a6b6", rule).0,
            Outcome::Draw,
            "{rule:?}"
        );
    }
}

#[test]
fn lesson_6_8_mutual_check_draws() {
    // From the reference cases: both sides check every move.
    let fen = "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1";
    let (o, why) = rule_twice(fen, "e3d3 d6e6 d3e3 e6d6", RuleSet::Chinese);
    assert_eq!((o, why.as_str()), (Outcome::Draw, "mutual check"));
}

/// The search, two cycles into its own perpetual check, deviates: the
/// repeating check would lose by rule under every rule set.
#[test]
fn search_deviates_from_its_perpetual_check() {
    use chariot::board::Game;
    use chariot::search::{tt::Tt, Limits, Searcher, Signals, MATE_BOUND};
    let start = Position::from_fen("3P1RP2/4k4/c8/n7n/9/9/9/9/4A4/3AK4 w - - 0 1").unwrap();
    for rule in [RuleSet::Chinese, RuleSet::Asian, RuleSet::CheckOnly] {
        let mut game = Game::new(start.clone());
        for m in moves("f9e9 e8f8 e9f9 f8e8") {
            game.play(m);
        }
        let mut s = Searcher::new(std::sync::Arc::new(Tt::new(8).unwrap()));
        s.rule = rule;
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let r = s.search(&game, &limits, &Signals::default(), &[], 1, &mut |_| {});
        assert_ne!(r.best.unwrap().to_string(), "f9e9", "{rule:?}");
        assert!(r.score > -MATE_BOUND, "{rule:?}: {}", r.score);
    }
}
