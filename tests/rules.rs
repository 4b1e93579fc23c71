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

/// Cycles in which one side alternates a check and a chase, in the format
/// of `cases()` with their Asian ruling: neither perpetual check nor
/// perpetual chase, so a draw; the Chinese rules forbid the mix (25.2).
fn mixed_cases() -> Vec<(String, String, String, String)> {
    [
        // The red chariot checks from b9 (king d9 to d8), then returns to
        // b5 and attacks the unprotected horse on a5 (king back to d9).
        (
            "Mixed: chariot check, then chase of a horse",
            "3k5/9/4b4/9/nR7/9/9/9/9/4K4 w - - 0 1",
            "b5b9 d9d8 b9b5 d8d9 b5b9 d9d8 b9b5 d8d9",
        ),
        // The black cannon checks from e5 over the advisor (king e0 to d0),
        // then attacks the chariot on a2 over the pawn on a3 (king back).
        (
            "Mixed: cannon check, then chase of a chariot",
            "5k3/9/9/9/c8/9/P8/R8/4A4/4K4 b - - 0 1",
            "a5e5 e0d0 e5a5 d0e0 a5e5 e0d0 e5a5 d0e0",
        ),
    ]
    .into_iter()
    .map(|(l, f, m)| (l.into(), f.into(), m.into(), "DRAW".into()))
    .collect()
}

#[test]
fn asian_rulings_match_reference_cases() {
    let mut failures = vec![];
    for (label, fen, mv, ruling) in cases().into_iter().chain(mixed_cases()) {
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
        s.config.rule = rule;
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let r = s.search(&game, &limits, &Signals::default(), &[], 1, &mut |_| {});
        assert_ne!(r.best.unwrap().to_string(), "f9e9", "{rule:?}");
        assert!(r.score > -MATE_BOUND, "{rule:?}: {}", r.score);
    }
}

// The rest of the lesson's patterns and the examples of chapter 7 of the
// competition rules (`../shared/rules/`). The books give only move
// sequences, so each test builds a position in which the described sequence
// is legal, returns to the start and has the described effect; the cycle is
// played twice, so its last move makes the start position's third
// occurrence. Chinese file numbers: Red counts 一..九 from its right
// (一 = i, 九 = a), Black 1..9 from its right (1 = a, 9 = i).

const CHINESE: RuleSet = RuleSet::Chinese;
const ASIAN: RuleSet = RuleSet::Asian;

/// What the engine sees in each move of the cycle (for failure messages).
fn trace(fen: &str, cycle: &str, rule: RuleSet) -> String {
    use chariot::rules::effects::effects;
    let mut pos = Position::from_fen(fen).unwrap();
    let mut out = vec![];
    for m in moves(cycle) {
        let e = effects(&pos, m, rule);
        let chased: Vec<String> = e.chased.into_iter().map(|s| s.to_string()).collect();
        out.push(format!(
            "{m}:{}{}{}",
            if e.check { " check" } else { "" },
            if e.mate_threat { " mate-threat" } else { "" },
            if chased.is_empty() {
                String::new()
            } else {
                format!(" chases {}", chased.join(","))
            }
        ));
        pos.make(m);
    }
    out.join("; ")
}

/// Checks that `cycle` is legal from `fen` and returns to it, plays it twice
/// and asserts the ruling and that the reason contains `word`.
fn assert_ruling(fen: &str, cycle: &str, rule: RuleSet, want: Outcome, word: &str) {
    let start = Position::from_fen(fen).unwrap();
    let mut end = start.clone();
    for m in moves(cycle) {
        assert!(end.is_legal(m), "{m} illegal in {}", end.to_fen());
        end.make(m);
    }
    assert_eq!(end.key(), start.key(), "the cycle must return to the start");
    let (o, why) = rule_twice(fen, cycle, rule);
    let seen = trace(fen, cycle, rule);
    assert_eq!(o, want, "{rule:?}: got {o:?} ({why}); moves: {seen}");
    assert!(
        why.contains(word),
        "{rule:?}: reason '{why}' lacks '{word}'; moves: {seen}"
    );
}

/// Lesson 五(2), 长杀: the red horse goes 马五进七 / 马七退五 (e6-c7-e6)
/// while the black king steps 将5平6 / 将6平5; each horse move threatens
/// 车二进四 (h5-h9) mate. Perpetual mate threat is forbidden (25.2, 26.4):
/// Black wins. The Asian set does not count mate threats: draw.
#[test]
fn lesson_5_2_perpetual_mate_threat() {
    let fen = "4k4/9/9/4N4/7R1/9/9/9/9/3K5 w - - 0 1";
    let cycle = "e6c7 e9f9 c7e6 f9e9";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "Red");
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "draw");
}

/// Lesson 五(5), 一将一抽: 车一进五 将6进1 / 车一退五 将6退1. The chariot
/// checks from i9, the king steps up to f8, and the chariot's retreat to i4
/// threatens i4-i8 check followed by taking the black chariot on c8 once the
/// king has left rank 8: a chase by a series of checks (28.3, 29.1), so the
/// cycle is one check, one chase, forbidden (25.2): Black wins. Asian:
/// checks mixed with chases draw.
#[test]
fn lesson_5_5_one_check_one_discovered_win() {
    let fen = "5k3/2r6/9/9/9/8R/9/9/9/3K5 w - - 0 1";
    let cycle = "i4i9 f9f8 i9i4 f8f9";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "Red");
}

#[test]
fn lesson_5_5_one_check_one_discovered_win_asian() {
    let fen = "5k3/2r6/9/9/9/8R/9/9/9/3K5 w - - 0 1";
    assert_ruling(fen, "i4i9 f9f8 i9i4 f8f9", ASIAN, Outcome::Draw, "draw");
}

/// Lesson 五(6), 一将一杀: 炮四平七 将5平6 / 炮七平四 将6平5. The cannon
/// on c5 threatens c5-c9 mate (screen: the red horse on d9, protected by the
/// chariot), the king steps to f9, the cannon returns to f5 and checks over
/// the f6 pawn. One check, one mate threat: forbidden (25.2), Black wins.
/// The Asian set ignores mate threats: one check, one idle move, draw.
#[test]
fn lesson_5_6_one_check_one_mate_threat() {
    let fen = "3Nk4/9/4P4/5P3/5C3/3R5/9/9/9/3K5 w - - 0 1";
    let cycle = "f5c5 e9f9 c5f5 f9e9";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "forbidden");
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "draw");
}

/// Lesson 六(1), 长拦: the red chariot goes 车二平三 / 车三平二 (h4-g4-h4)
/// and the black cannon, protected by the a6 chariot, steps in front of it
/// each time (炮8平7 / 炮7平8). Blocking is idle (28.7, 28.9): draw.
#[test]
fn lesson_6_1_perpetual_block_is_allowed() {
    let fen = "4k4/9/9/r6c1/9/7R1/9/4B4/9/2BAKA3 w - - 0 1";
    let cycle = "h4g4 h6g6 g4h4 g6h6";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Lesson 六(2), 长兑: the front of the doubled red chariots steps 前车退一 /
/// 前车进一 (b9-b8-b9), offering itself (protected by the rear chariot) to
/// the black edge chariot, protected by the a5 chariot, which steps away
/// (车1退1 / 车1进1). Offering an exchange is idle (28.5, 28.9): draw.
#[test]
fn lesson_6_2_perpetual_exchange_offer_is_allowed() {
    let fen = "1Rbaka3/r8/4b4/9/r8/9/9/1R2B4/9/3AKA3 w - - 0 1";
    let cycle = "b9b8 a8a9 b8b9 a9a8";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Lesson 六(3), 长跟: the red cannon steps 炮二平一 / 炮一平二 (h2-i2) and
/// the black chariot follows it (车8平9 / 车9平8); the cannon is protected by
/// the c2 chariot. Following a protected piece is idle (28.8): draw.
#[test]
fn lesson_6_3_perpetual_follow_is_allowed() {
    let fen = "4k4/7r1/9/9/9/9/9/2R4C1/9/3K5 w - - 0 1";
    let cycle = "h2i2 h8i8 i2h2 i8h8";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Lesson 六(4), 长献: the unprotected red chariot goes 车三平一 / 车一平三
/// (g4-i4) in front of the black chariot (protected by the h7 horse), which
/// declines and steps aside (车9平7 / 车7平9). Offering a piece is idle
/// (28.6): draw.
#[test]
fn lesson_6_4_perpetual_offer_is_allowed() {
    let fen = "4k3r/9/7n1/9/9/6R2/9/9/9/3K5 w - - 0 1";
    let cycle = "g4i4 i9g9 i4g4 g9i9";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Lesson 六(9), 解捉还捉: the red chariot (车二平七 / 车七平二, h5-c5) and
/// the black horse (马3进2 / 马2退3, c7-b5) each escape and chase in turn:
/// the chariot the horse, the horse the red cannons on a3 and e6. Both sides
/// forbidden (26.3): draw. (The cycle is the lesson's, started one move
/// later.)
#[test]
fn lesson_6_9_mutual_chase_draws() {
    let fen = "4k4/2n4c1/9/3C5/7R1/C8/9/9/9/3K5 w - - 0 1";
    let cycle = "h5c5 c8b6 c5h5 b6c8";
    assert_ruling(fen, cycle, CHINESE, Outcome::Draw, "mutual chase");
    // Asian: each side attacks a different piece with each move, so neither
    // chases perpetually: a plain repetition draw.
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "repetition draw");
}

/// Chapter 7 example 1: 车四平五 将5平6 / 车五平四 将6平5, a chariot
/// checking on the e- and f-files, though Red can move nothing else (its
/// king is hemmed in by the pawns), still loses: one-sided perpetual check
/// is never allowed (26.1). Same under the Asian set.
#[test]
fn chapter7_example_1_perpetual_check_even_without_alternative() {
    let fen = "4k4/9/9/9/5R3/9/9/9/4pp3/3K5 w - - 0 1";
    let start = Position::from_fen(fen).unwrap();
    let f5 = chariot::board::Square::parse("f5").unwrap();
    assert!(start
        .legal_moves()
        .as_slice()
        .iter()
        .all(|m| m.from() == f5));
    let cycle = "f5e5 e9f9 e5f5 f9e9";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "perpetually checks");
    }
}

/// Chapter 7 example 2: 车三平四 将6平5 / 车四平三 将5平6. The chariot on
/// g4 already attacked the g7 horse; it checks on f4 and returns to g4,
/// attacking the horse again: "from no chase to chase" is a chase (29.2).
/// One check, one chase: forbidden (25.2), Black wins. The Asian set draws
/// a cycle mixing checks and chases.
#[test]
fn chapter7_example_2_check_then_renewed_attack_is_a_chase() {
    let fen = "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1";
    let cycle = "g4f4 f9e9 f4g4 e9f9";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "forbidden");
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "draw");
}

/// Chapter 7 example 4: 车六平五 卒5平4 / 车五平六 卒4平5. The chariot
/// protecting the a5 horse (attacked by the a9 chariot) chases the crossed
/// pawn on the e- and d-files; taking it would lose the horse, yet a
/// protector's attack is still a chase (chapter 7 rule 4): Red perpetually
/// chases and loses (26.4). Same under the Asian set.
#[test]
fn chapter7_example_4_protector_still_chases() {
    let fen = "r4k3/9/9/9/N2R5/9/4p4/9/9/3K5 w - - 0 1";
    let cycle = "d5e5 e3d3 e5d5 d3e3";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black pawn");
    }
}

/// Chapter 7 example 5: 马八进六 车2平3 / 马六退八 车3平2. The horse attacks
/// the black chariot on every move, though on d5 it stands en prise to the
/// d6 pawn: a chase that also offers material is a chase (27.4, rule 5).
/// The black chariot's return to b6 attacks the horse (one chase), its move
/// to c6 is idle: Red perpetually chases, Black does not; Black wins.
#[test]
fn chapter7_example_5_chase_with_sacrifice_is_a_chase() {
    let fen = "4k4/9/9/9/1r7/4p4/1N7/9/9/3AKA3 w - - 0 1";
    let cycle = "b3d4 b5c5 d4b3 c5b5";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black chariot");
    }
}

/// Chapter 7 example 6, first diagram: 马八进七 炮1进1 / 马七退八 炮1退1.
/// The horse chases the unprotected a-file cannon on every move. The black
/// chariot on a1 attacks the red corner horse before and after each cannon
/// move (the cannon over the a3 pawn covers a0): "from chase to chase" is
/// idle (rule 6). Red perpetually chases and loses.
#[test]
fn chapter7_example_6a_standing_attack_is_idle() {
    let fen = "4k4/9/9/9/c8/9/p8/1N7/r8/N2R1K3 w - - 0 1";
    let cycle = "b2c4 a5a4 c4b2 a4a5";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black cannon");
    }
}

/// Chapter 7 example 6, second diagram: 炮八平九 车2平1 / 炮九平八 车1平2.
/// The red chariot on e3 can take the unprotected central elephant before
/// and after each cannon move, so the cannon's moves are idle (rule 6);
/// the black chariot perpetually chases the unprotected cannon: Red wins.
#[test]
fn chapter7_example_6b_escaping_cannon_is_idle() {
    let fen = "1r2k4/9/4b4/9/1C7/9/4R4/9/9/3K5 w - - 0 1";
    let cycle = "b5a5 b9a9 a5b5 a9b9";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::RedWins, "red cannon");
    }
}

/// Chapter 7 example 6, third diagram: 马三退一 车7平8 / 马一进三 车8平7.
/// The horse chases the black chariot on every move; the chariot keeps
/// attacking the unprotected c3 cannon from g3 and h3 (from chase to chase,
/// idle), and its attack on the g5 horse is on a protected piece. Red
/// perpetually chases and loses.
#[test]
fn chapter7_example_6c_sidestepping_chariot_is_idle() {
    let fen = "4k4/9/9/9/R5N2/9/2C3r2/4B4/9/3AKA3 w - - 0 1";
    let cycle = "g5i4 g3h3 i4g5 h3g3";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black chariot");
    }
}

/// Chapter 7 example 9: 帅六平五 卒5平4 / 帅五平六 卒4平5. The red king
/// steps after the crossed pawn; each step frees a horse's leg, so a horse
/// attacks the pawn together with the king: chasing with the king counts
/// (27.1). Red perpetually chases and loses. Without the horses the king's
/// own attacks are idle: draw.
#[test]
fn chapter7_example_9_pieces_chasing_with_the_king() {
    let fen = "5k3/9/9/9/9/9/9/2NK1N3/4p4/9 w - - 0 1";
    let cycle = "d2e2 e1d1 e2d2 d1e1";
    let alone = "5k3/9/9/9/9/9/9/3K5/4p4/9 w - - 0 1";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black pawn");
        assert_ruling(alone, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Chapter 7 example 11: 兵八平七 车3平2 / 兵七平八 车2平3. The crossed
/// pawn attacks the black chariot on every move (and blocks its line); the
/// chariot escapes each time attacking the b3 horse or the c4 elephant. In
/// mutual attack a pawn's attacks count as chases (27.2): both sides
/// forbidden, draw (26.3).
#[test]
fn chapter7_example_11_pawn_chases_count_in_mutual_attack() {
    let fen = "5k3/9/2r6/1P7/9/2B6/1N7/9/9/3AKA3 w - - 0 1";
    let cycle = "b6c6 c7b7 c6b6 b7c7";
    assert_ruling(fen, cycle, CHINESE, Outcome::Draw, "mutual chase");
}

/// Example 11 under the Asian set: the pawn's moves are idle, and the
/// chariot attacks the horse and the elephant in turn. A perpetual chase is
/// a chase of one and the same piece on every move (WXF), so attacking two
/// pieces alternately is allowed: draw (pyffish rules it so too).
#[test]
fn chapter7_example_11_asian_alternating_targets_draw() {
    let fen = "5k3/9/2r6/1P7/9/2B6/1N7/9/9/3AKA3 w - - 0 1";
    let cycle = "b6c6 c7b7 c6b6 b7c7";
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "repetition draw");
}

/// Chapter 7 example 12: 炮三平四 车6平7 / 炮四平三 车7平6. The cannon
/// attacks the black chariot on every move (over the f7 advisor, over the
/// g6 pawn), each time landing where the black i3 cannon can take it: the
/// heavier effect decides (27.4), a chase, not a sacrifice. Red perpetually
/// chases and loses.
#[test]
fn chapter7_example_12_heaviest_effect_decides() {
    let fen = "4k4/5r3/5a3/6p2/9/9/6CNc/4B4/9/3AKA3 w - - 0 1";
    let cycle = "g3f3 f8g8 f3g3 g8f8";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::BlackWins, "black chariot");
    }
}

/// Chapter 7 example 3: 马二退一 车9平8 / 马一进二 车8平9. Retreating to
/// i4, the horse becomes the screen of the i2 cannon against the black
/// chariot on i9 (a direct chase). The chariot steps to h9, offering itself
/// to the red h0 chariot (protected by the f1 horse; the black chariot by the
/// g7 horse): idle. The horse's return to h6 shuts the h-file but threatens
/// 马二进三 (h6-g8) check: the horse on g8 blocks the g7 horse's leg, and
/// whether Black takes it (g6 cannon) or moves the king, the h0 chariot then
/// wins the black chariot on h9. Winning material next move by a check is a
/// chase too (chapter 7 rule 3), so Red chases on every move and loses
/// (25.2, 26.4); Black's return to i9 chases the i2 cannon, but its other
/// move is idle. The Asian set counts only the direct chase: draw.
#[test]
fn chapter7_example_3_threat_to_win_material_by_a_check_is_a_chase() {
    let fen = "4k3r/9/6n2/6cN1/9/9/9/8C/5N3/3K3R1 w - - 0 1";
    let cycle = "h6i4 i9h9 i4h6 h9i9";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "chariot on h9");
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "repetition draw");
}

/// Chapter 7 example 7: 炮一平二 车9平8 / 炮二平一 车8平9. The red cannon
/// shifts between i6 and h6 and each time threatens to go to the bottom rank
/// (h6-h9 mate over the g9 pawn; i6-i9, answered by h8-h9, then g9xh9
/// mate). The black chariot follows it along rank 8, blocking the file and
/// standing over the cannon, but it cannot take: once it leaves rank 8 the
/// f6 horse mates on g8 (the book's Red answers with its chariot; here the
/// horse does it). An attack whose capture is answered by mate is idle
/// (29.4): Red's perpetual mate threat against two idle moves loses
/// (25.2, 26.4). With the horse on f4, out of reach of g8, the chariot's
/// attacks are chases and both sides are forbidden: draw (26.3).
#[test]
fn chapter7_example_7_attack_answered_by_mate_is_idle() {
    let fen = "4k1P2/2PP4r/9/5N2C/9/9/9/9/9/5K3 w - - 0 1";
    let cycle = "i6h6 i8h8 h6i6 h8i8";
    assert_ruling(fen, cycle, CHINESE, Outcome::BlackWins, "forbidden");
    let no_mate = "4k1P2/2PP4r/9/8C/9/5N3/9/9/9/5K3 w - - 0 1";
    assert_ruling(no_mate, cycle, CHINESE, Outcome::Draw, "mutual chase");
}

/// Chapter 7 example 8: 车六平五 炮4平2 / 车五平六 炮2平4. Red's chariot
/// steps from d4 to e4, attacking the unprotected crossed pawn on e2 (a
/// chase), and back to d4, checking the king on d9 once the cannon has
/// left the file. Black's cannon goes to b8 threatening b8-b0 mate (over the
/// c0 horse), and comes back to d8 to block the check, from where it covers
/// d0 over the red chariot so that 马退6 (g0-f2) mates. One check, one chase
/// against two mate threats: both sides forbidden, draw (26.3). Under the
/// Asian set a check mixed with a chase is allowed and mate threats are
/// idle: draw as well.
#[test]
fn chapter7_example_8_both_sides_forbidden_draw() {
    let fen = "3k5/3c5/9/9/9/3R5/9/4p4/9/2n1KAn2 w - - 0 1";
    let cycle = "d4e4 d8b8 e4d4 b8d8";
    assert_ruling(fen, cycle, CHINESE, Outcome::Draw, "mutual chase");
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "repetition draw");
}

/// Chapter 7 example 10: 车一进四 车5平6 / 车一退四 车6平5. The red chariot
/// goes from i5 to i9 and back. On i9 it attacks the g9 horse, on i5 the g5
/// horse, each time together with a crossed pawn (g8, f5), while the e7
/// elephant protects both horses: Red could only win a horse by giving the
/// pawn for it (pawn takes, elephant takes back). A crossed pawn's value
/// floats, so that is no material gain (chapter 7 rule 10): both chariot
/// moves are idle, as are Black's chariot moves between e9 and f9. Draw,
/// under both rule sets.
#[test]
fn chapter7_example_10_giving_a_crossed_pawn_is_no_gain() {
    let fen = "3kr1n2/6P2/4b4/9/5Pn1R/9/6N2/9/9/4K4 w - - 0 1";
    let cycle = "i5i9 e9f9 i9i5 f9e9";
    for rule in [CHINESE, ASIAN] {
        assert_ruling(fen, cycle, rule, Outcome::Draw, "repetition draw");
    }
}

/// Chapter 7 example 13, first diagram: 车五平六 将4平5 / 车六平五 将5平4.
/// The red chariot checks the king on d9 from d4 (and so shuts the d-file
/// that the king's opposition controls), then follows the king to e4, where
/// it holds its defensive post and incidentally attacks the unprotected e7
/// elephant. The king's step to d9 threatens a1-a0 mate (d0 then belongs to
/// the black king), its step to e9 is idle. Under 27.3 the attack on the
/// elephant is idle: Red checks once and is otherwise idle, Black threatens
/// mate once: both allowed, draw. The engine approximates 27.3: attacks on
/// advisors and elephants alone, by the side with less attacking material,
/// are idle (here Red's chariot against chariot and two crossed pawns).
#[test]
fn chapter7_example_13a_holding_a_defensive_post_is_idle() {
    let fen = "3k5/9/4b4/9/9/4R4/9/4pp3/r8/4KA3 w - - 0 1";
    let cycle = "e4d4 d9e9 d4e4 e9d9";
    assert_ruling(fen, cycle, CHINESE, Outcome::Draw, "repetition draw");
}

/// Example 13, first diagram, under the Asian set: one check and one chase
/// mixed are allowed, the mate threat is idle: draw.
#[test]
fn chapter7_example_13a_asian_check_and_chase_mixed_draw() {
    let fen = "3k5/9/4b4/9/9/4R4/9/4pp3/r8/4KA3 w - - 0 1";
    let cycle = "e4d4 d9e9 d4e4 e9d9";
    assert_ruling(fen, cycle, ASIAN, Outcome::Draw, "repetition draw");
}

/// Chapter 7 example 13, second diagram: 帅五进一 炮4平3 / 帅五退一 炮3平4
/// (the text's "炮4平4" is a typo for 炮4平3). Red, with horse and pawn
/// against cannon, advisors and elephant, shuffles its king; the black
/// cannon keeps to its post on rank 8, stepping between d8 (attacking the
/// unprotected d2 advisor over the d7 advisor) and c8 (attacking the
/// unprotected c4 elephant over the c5 elephant). Under 27.3 these attacks
/// are incidental to holding the draw and idle: draw (the engine's 27.3
/// approximation: a cannon against horse and crossed pawn is the weaker side).
#[test]
fn chapter7_example_13b_incidental_attacks_on_advisor_and_elephant_are_idle() {
    let fen = "4k4/3ca4/3a5/P8/2b6/2B6/6N2/3A5/9/4K4 w - - 0 1";
    let cycle = "e0e1 d8c8 e1e0 c8d8";
    assert_ruling(fen, cycle, CHINESE, Outcome::Draw, "repetition draw");
}

/// The reference cases under the Chinese rules: each must be ruled as
/// listed, except where the cycle mixes checks with chases or mate threats,
/// which the Chinese rules forbid (25.2, 26.4) and the Asian set allows.
/// Those cases are listed here with the article that decides them and the
/// Chinese ruling.
#[test]
fn chinese_rulings_differ_only_where_checks_mix_with_chases() {
    let differ: &[(&str, &str, Outcome)] = &[
        (
            "Mixed: chariot check, then chase of a horse",
            "25.2: check and chase every move, Red loses",
            Outcome::BlackWins,
        ),
        (
            "Mixed: cannon check, then chase of a chariot",
            "25.2: check and chase every move, Black loses",
            Outcome::RedWins,
        ),
    ];
    let mut failures = vec![];
    let all: Vec<_> = cases().into_iter().chain(mixed_cases()).collect();
    assert!(all.len() >= 12, "{} cases", all.len());
    for (label, _, _) in differ {
        assert!(all.iter().any(|c| c.0 == *label), "no case '{label}'");
    }
    for (label, fen, mv, ruling) in all {
        let start = Position::from_fen(&fen).unwrap();
        let ms = moves(&mv);
        let mut after = start.clone();
        for &m in &ms {
            after.make(m);
        }
        let v = judge(&start, &ms, RuleSet::Chinese, 120).unwrap();
        let listed = differ.iter().find(|(l, _, _)| *l == label);
        let want = listed.map_or_else(|| expected(&after, &ruling), |d| d.2);
        if v.outcome != want || (listed.is_some() && v.outcome == expected(&after, &ruling)) {
            failures.push(format!(
                "{label}: got {:?} ({}), reference {ruling}, listed: {listed:?}",
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

/// The committed sample of the differential set (`tuning/scripts/
/// differential.py`): cycles from self-play, endgame and opening shuffles,
/// each ruled by the independent referee (pyffish 0.0.90, Asian rules) at
/// the third occurrence. Chariot's `asian` set must rule every one alike.
#[test]
fn asian_rulings_match_the_referee_on_the_differential_sample() {
    let data = include_str!("data/asian-cycles.txt");
    let mut checked = 0;
    let mut decisive = 0;
    let mut wrong = vec![];
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let (fen, ms) = fields[0].split_once(" moves ").unwrap();
        let want = fields[1].trim();
        let start = Position::from_fen(fen).unwrap();
        let v = judge(&start, &moves(ms), ASIAN, 100_000).unwrap();
        // A decisive ruling must come from the repetition, not a mate.
        assert!(
            want == "1/2-1/2" || v.reason.contains("chase") || v.reason.contains("check"),
            "not ruled by the repetition: {line} -> {}",
            v.reason
        );
        checked += 1;
        decisive += usize::from(want != "1/2-1/2");
        if v.outcome.pgn() != want {
            wrong.push(format!("{line} -> {} ({})", v.outcome.pgn(), v.reason));
        }
    }
    assert!(
        checked >= 300 && decisive >= 200,
        "{checked} cycles, {decisive} decisive"
    );
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Judges a whole game line `FEN moves M...` (rulings checked against the
/// independent referee, pyffish 0.0.90) and checks the reason's wording.
fn assert_line(line: &str, rule: RuleSet, want: Outcome, word: &str) {
    let (fen, ms) = line.split_once(" moves ").unwrap();
    let start = Position::from_fen(fen).unwrap();
    let v = judge(&start, &moves(ms), rule, 100_000).unwrap();
    assert_eq!(v.outcome, want, "{rule:?}: {line} -> {}", v.reason);
    assert!(
        v.reason.contains(word),
        "{rule:?}: reason '{}' lacks '{word}'",
        v.reason
    );
}

/// Discovered attack through a new screen: the black advisor returning to
/// f9 becomes the screen of the h9 cannon against the crossed red pawn on
/// d9, and stepping to e8 attacks the pawn itself. The same unprotected
/// pawn is chased by every Black move: Black loses.
#[test]
fn asian_new_screen_chases_like_a_direct_attack() {
    let line = "3P1a1c1/9/4k4/9/9/9/9/5K3/4c4/3A5 b - - 0 1 moves \
                f9e8 f2f1 e8f9 f1f2 f9e8 f2f1 e8f9 f1f2";
    assert_line(
        line,
        ASIAN,
        Outcome::RedWins,
        "Black chases the red pawn on d9",
    );
}

/// Discovered attack by another piece: the red cannon leaving the b-file
/// uncovers the b9 cannon (screen b5) against the black chariot, and coming
/// back attacks it itself. The chariot is chased on every move even as it
/// shuttles (it is followed from b3 to b4): Red loses.
#[test]
fn asian_uncovered_attack_chases_the_same_piece() {
    let line = "1C3k3/9/1C7/9/1n7/9/1r6N/5A3/9/4KA3 w - - 0 1 moves \
                b7h7 b3b4 h7b7 b4b3 b7h7 b3b4 h7b7 b4b3";
    assert_line(
        line,
        ASIAN,
        Outcome::BlackWins,
        "Red chases the black chariot",
    );
}

/// An offer to exchange is no chase: the red chariot facing the black
/// chariot on the i-file can be taken back by it. Draw.
#[test]
fn asian_chariot_facing_chariot_is_an_exchange_offer() {
    let line = "3k2b2/4r4/3a2P2/9/9/4R4/4p4/2rA4B/3K5/3A5 w - - 0 1 moves \
                d2e1 e8a8 e1f0 a8i8 e4i4 i8a8 i4e4 a8i8 e4i4 i8a8 i4e4";
    assert_line(line, ASIAN, Outcome::Draw, "repetition draw");
}

/// An elephant attacking a chariot chases it even though the chariot is
/// protected: the black elephant shuttling between g9 and e7 attacks the
/// red chariot, followed from c9 to e9 and back, on every move. Black loses.
#[test]
fn asian_elephant_attacking_a_chariot_chases() {
    let line = "2R3bc1/9/3k5/8C/6P2/9/6C2/9/4K3p/7pr b - - 21 11 moves \
                h9i9 g3i3 h0g0 i3a3 g9e7 a3a0 e7g9 a0a3 g9e7 c9e9 e7g9 e9c9";
    assert_line(
        line,
        ASIAN,
        Outcome::RedWins,
        "Black chases the red chariot",
    );
}

/// Protection must be real: the red chariot shuttling b4-b1 chases the
/// black cannon, followed as it shuttles a2-a1, on every move; on a1 the
/// cannon's protector screens its own king (or stands alone on the kings'
/// file), so it cannot take back and does not protect. Red loses.
#[test]
fn asian_a_pinned_protector_does_not_protect() {
    let line = "3a3n1/1r2k2Cr/R2ab3c/6p1p/pnp1p1bP1/2P1P1P2/P8/1c1A1A3/1R7/1NB1CKBN1 w - - 98 50 \
                moves a7a9 a5a4 e0e1 b2a2 a9a8 e8d8 b1b4 a2a1 b4b1 a1a2 b1b4 a2a1 b4b1 a1a2";
    assert_line(
        line,
        ASIAN,
        Outcome::BlackWins,
        "Red chases the black cannon",
    );
}

/// A discovered check set up chases what the screen attacks: the black
/// chariot shuttling on the f-file screens the red king from the f9 cannon
/// and attacks the red horse on f3. Taking it would give check, and the
/// king cannot take back (f3 is outside the palace): a chase on every move,
/// Black loses. Without the cannon there is no discovered check and the
/// chariot's attack along its own line is not new: a draw.
#[test]
fn asian_discovered_check_setup_chases() {
    let cycle = "moves f5f7 e2g0 f7f5 g0e2 f5f7 e2g0 f7f5 g0e2";
    let with = format!("5c3/4k4/b8/9/n4r3/9/5N1p1/4BK3/9/9 b - - 0 1 {cycle}");
    assert_line(&with, ASIAN, Outcome::RedWins, "Black chases the red horse");
    let without = format!("9/4k4/b8/9/n4r3/9/5N1p1/4BK3/9/9 b - - 0 1 {cycle}");
    assert_line(&without, ASIAN, Outcome::Draw, "repetition draw");
}
