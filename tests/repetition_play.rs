//! The search rules repetitions as the judge does (Asian set): from
//! referee-ruled cycles of the differential sample, one move before the
//! cycle completes, the engine (at `go movetime 1000`, through pipes) never
//! completes a cycle it loses, and does not score an allowed one as lost.

mod common;

use chariot::board::{Color, Move, Position};
use chariot::rules::judge::{judge, Outcome};
use chariot::rules::RuleSet;
use common::Engine;

struct Case {
    fen: String,
    before: Vec<String>,
    last: String,
}

/// Lines of the sample: decisive ones whose last move completes the loser's
/// own cycle, and drawn ones where a side attacked all along (exchange
/// offers, alternating targets).
fn cases() -> (Vec<Case>, Vec<Case>) {
    let data = include_str!("data/asian-cycles.txt");
    let (mut losing, mut allowed) = (vec![], vec![]);
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(" ; ").collect();
        let (fen, ms) = f[0].split_once(" moves ").unwrap();
        let mut moves: Vec<String> = ms.split_whitespace().map(String::from).collect();
        let last = moves.pop().unwrap();
        let start = Position::from_fen(fen).unwrap();
        // The side that plays the last move.
        let mover = if moves.len().is_multiple_of(2) {
            start.side()
        } else {
            start.side().flip()
        };
        let case = Case {
            fen: fen.to_string(),
            before: moves,
            last,
        };
        let mover_loses = match f[1].trim() {
            "1-0" => mover == Color::Black,
            "0-1" => mover == Color::Red,
            _ => false,
        };
        if mover_loses && losing.len() < 30 {
            losing.push(case);
        } else if f[1].trim() == "1/2-1/2" && f[2].contains("exchange") && allowed.len() < 10 {
            allowed.push(case);
        }
    }
    (losing, allowed)
}

fn position_line(c: &Case) -> String {
    format!("position fen {} moves {}", c.fen, c.before.join(" "))
}

#[test]
fn search_avoids_losing_cycles_and_keeps_allowed_ones() {
    let (losing, allowed) = cases();
    assert!(
        losing.len() >= 30 && allowed.len() >= 5,
        "{} {}",
        losing.len(),
        allowed.len()
    );
    // The data is what the judge rules, too.
    for c in &losing {
        let start = Position::from_fen(&c.fen).unwrap();
        let all: Vec<Move> = c
            .before
            .iter()
            .chain([&c.last])
            .map(|t| Move::parse(t).unwrap())
            .collect();
        let v = judge(&start, &all, RuleSet::Asian, 100_000).unwrap();
        assert_ne!(v.outcome, Outcome::Draw, "{}", position_line(c));
    }
    let mut e = Engine::greeted("uci");
    e.send("setoption name RepetitionRule value asian");
    let mut played = vec![];
    for c in &losing {
        e.send("ucinewgame");
        e.send(&position_line(c));
        e.send("go movetime 1000");
        let best = e.last("bestmove");
        let m = best.split_whitespace().nth(1).unwrap_or("").to_string();
        if m == c.last {
            played.push(format!("{} -> {m}", position_line(c)));
        }
    }
    assert!(
        played.is_empty(),
        "completed losing cycles:\n{}",
        played.join("\n")
    );
    let mut lost = vec![];
    for c in &allowed {
        e.send("ucinewgame");
        e.send(&position_line(c));
        e.send(&format!("go movetime 1000 searchmoves {}", c.last));
        let lines = e.until("bestmove");
        let score = lines
            .iter()
            .rev()
            .find(|l| l.contains(" score "))
            .cloned()
            .unwrap_or_default();
        if score.contains("score mate -") {
            lost.push(format!("{} {}: {score}", position_line(c), c.last));
        }
    }
    assert!(
        lost.is_empty(),
        "allowed cycles scored as lost:\n{}",
        lost.join("\n")
    );
    e.send("quit");
}
