//! The cycle collector in a small size: every line it writes is a legal
//! game that ends at a third occurrence, which the judge rules as a
//! repetition.

use chariot::board::{Move, Position};
use chariot::rules::judge::judge;
use chariot::rules::RuleSet;
use std::process::Command;

fn collect(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cycles"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn collected_cycles_end_at_a_third_occurrence() {
    let mut text = collect(&["--source", "endgame", "--games", "20", "--seed", "7"]);
    text += &collect(&["--source", "play", "--games", "2", "--nodes", "100"]);
    let mut lines = 0;
    for line in text.lines() {
        let (game, tags) = line.split_once('\t').unwrap();
        assert!(
            tags.starts_with("endgame") || tags.starts_with("play"),
            "{tags}"
        );
        let (fen, ms) = game.split_once(" moves ").unwrap();
        let start = Position::from_fen(fen).unwrap();
        let moves: Vec<Move> = ms
            .split_whitespace()
            .map(|t| Move::parse(t).unwrap())
            .collect();
        let mut pos = start.clone();
        let mut keys = vec![pos.key()];
        for &m in &moves {
            assert!(pos.is_legal(m), "{line}");
            pos.make(m);
            keys.push(pos.key());
        }
        let last = *keys.last().unwrap();
        let n = keys.len() - 1;
        let seen = (0..n)
            .filter(|&i| (n - i).is_multiple_of(2) && keys[i] == last)
            .count();
        assert!(seen >= 2, "not a third occurrence: {line}");
        let v = judge(&start, &moves, RuleSet::Asian, 100_000).unwrap();
        assert!(
            v.reason.contains("repetition")
                || v.reason.contains("chase")
                || v.reason.contains("check")
                || v.reason.contains("mutual")
                || v.reason.contains("material"),
            "{line}: {}",
            v.reason
        );
        lines += 1;
    }
    assert!(lines >= 20, "only {lines} cycles");
}
