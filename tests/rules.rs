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
