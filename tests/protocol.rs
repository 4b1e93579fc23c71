//! Both protocols, driven through pipes against the real binary.

mod common;

use chariot::protocol::Dialect;
use common::Engine;
use std::process::Command;
use std::time::Duration;

/// The word after `name` in a protocol line (`nodes`, `depth`, `pv`, ...).
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == name)?;
    words.next()
}

const MATE_IN_ONE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
const MATED: &str = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1";

/// A handshake's lines without the one naming the evaluation, which comes
/// just before the ok (checked here).
fn without_evaluation_line(lines: &[String]) -> Vec<String> {
    let eval = &lines[lines.len() - 2];
    assert!(
        eval.starts_with("info string NNUE evaluation using nn-"),
        "{eval}"
    );
    lines.iter().filter(|l| *l != eval).cloned().collect()
}

#[test]
fn ucci_handshake_and_options() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.until("ucciok");
    // The rest is exactly the option table's lines (defaults live there alone).
    let lines = without_evaluation_line(&lines);
    assert_eq!(lines, Dialect::Ucci.handshake());
    assert!(lines.iter().any(|l| l.starts_with("id name Chariot")));
    for want in [
        "option usemillisec type check",
        "option hashsize type spin min 0 max ",
        "option repetitionrule type combo var chinese var asian var checkonly default ",
        "option newgame type button",
        "option ponder type check",
        "option multipv type spin",
        "option moveoverhead type spin",
        "option resign type check default true",
        "option drawoffer type check default true",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(want)), "missing {want}");
    }
    e.send("setoption hashsize 32");
    e.send("setoption hashsize banana");
    assert!(e.last("info string error").contains("hashsize"));
    e.send("setoption frobnicate 1");
    assert!(e.last("info string error").contains("unknown option"));
    e.send("isready");
    e.last("readyok");
    e.send("quit");
    e.last("bye");
}

#[test]
fn uci_handshake_and_variant() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    // The rest is exactly the option table's lines (defaults live there alone).
    let lines = without_evaluation_line(&lines);
    assert_eq!(lines, Dialect::Uci.handshake());
    for want in [
        "option name Hash type spin default ",
        "option name Threads type spin",
        "option name Ponder type check",
        "option name MultiPV type spin",
        "option name Clear Hash type button",
        "option name Move Overhead type spin",
        "option name UCI_Variant type combo default xiangqi var xiangqi",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(want)), "missing {want}");
    }
    // Resigning and draw offers need UCCI's `bestmove` words: not offered
    // here, yet setting them is no error.
    for name in ["Resign", "DrawOffer"] {
        assert!(!lines.iter().any(|l| l.contains(name)), "{name} offered");
    }
    e.send("setoption name Resign value false");
    e.send("setoption name DrawOffer value false");
    e.send("setoption name Move Overhead value 50");
    e.send("setoption name Move Overhead value -5");
    assert!(e.last("info string error").contains("Move Overhead"));
    e.send("ucinewgame");
    e.send("isready");
    e.last("readyok");
}

#[test]
fn position_moves_and_depth_search_in_both_dialects() {
    for (hello, ok) in [("ucci", "ucciok"), ("uci", "uciok")] {
        let mut e = Engine::start();
        e.send(hello);
        e.until(ok);
        e.send("position startpos moves h2e2 h9g7");
        assert_eq!(
            e.fen(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        e.send("go depth 6");
        let lines = e.until("bestmove");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 6")),
            "{lines:?}"
        );
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        e.send(&format!("position startpos moves h2e2 h9g7 {best}"));
        e.send("isready");
        e.last("readyok");
        assert!(!e
            .fen()
            .starts_with("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR"));
    }
}

/// The budget a `go` gives, as the engine reports it under `debug`.
fn budget(e: &mut Engine, go: &str) -> String {
    e.send(go);
    let lines = e.until("bestmove");
    lines
        .iter()
        .find(|l| l.starts_with("info string budget"))
        .unwrap_or_else(|| panic!("no budget line for '{go}': {lines:?}"))
        .clone()
}

/// UCCI clock times are seconds until `usemillisec`, then milliseconds;
/// UCI's are milliseconds: the same clock gives the same budget.
#[test]
fn time_units_give_the_same_budget() {
    let mut e = Engine::greeted("ucci");
    e.send("setoption debug true");
    e.send("position startpos");
    let secs = budget(&mut e, "go time 2 increment 0.05 opptime 9 oppincrement 1");
    assert!(secs.starts_with("info string budget soft "), "{secs}");
    e.send("setoption usemillisec true");
    let ms = budget(&mut e, "go opptime 9000 increment 50 time 2000");
    assert_eq!(secs, ms);
    // The same number without the unit change is another budget.
    assert_ne!(budget(&mut e, "go time 2 increment 0.05"), secs);

    let mut e = Engine::greeted("uci");
    e.send("debug on");
    e.send("position startpos moves h2e2");
    // Black to move: Black's clock counts.
    let uci = budget(&mut e, "go wtime 100 btime 2000 winc 0 binc 50");
    assert_eq!(uci, secs);
}

#[test]
fn isready_and_stop_during_search() {
    let mut e = Engine::greeted("uci");
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    // Probing the hash does not wait for the search either.
    e.send("probe startpos");
    e.until("pophash");
    // Infinite: no bestmove until stop.
    assert!(!e
        .quiet_for(Duration::from_millis(300))
        .iter()
        .any(|l| l.starts_with("bestmove")));
    e.send("stop");
    let b = e.last("bestmove");
    assert!(b.split_whitespace().nth(1).is_some_and(|m| m.len() == 4));
}

#[test]
fn ponder_and_ponderhit() {
    for (hello, ok) in [("ucci", "ucciok"), ("uci", "uciok")] {
        let mut e = Engine::start();
        e.send(hello);
        e.until(ok);
        e.send("position startpos moves h2e2");
        let go = if hello == "ucci" {
            "go ponder time 1 increment 0"
        } else {
            "go ponder wtime 1000 btime 1000"
        };
        e.send(go);
        assert!(!e
            .quiet_for(Duration::from_millis(300))
            .iter()
            .any(|l| l.starts_with("bestmove")));
        e.send("ponderhit");
        e.last("bestmove");
    }
}

#[test]
fn mate_in_one_and_mated_side() {
    let mut e = Engine::greeted("ucci");
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go depth 4");
    assert!(e.last("bestmove").starts_with("bestmove b0b9"));
    e.send(&format!("position fen {MATED}"));
    e.send("go depth 4");
    assert_eq!(e.last("nobestmove"), "nobestmove");

    let mut e = Engine::greeted("uci");
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove b0b9"));
    e.send(&format!("position fen {MATED}"));
    e.send("go depth 4");
    assert_eq!(e.last("bestmove"), "bestmove (none)");
}

#[test]
fn banmoves_forbids_root_moves() {
    let mut e = Engine::greeted("ucci");
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("banmoves b0b9");
    e.send("go depth 4");
    let b = e.last("bestmove");
    assert!(!b.starts_with("bestmove b0b9"), "{b}");
    // The ban lasts one search only.
    e.send("go depth 4");
    assert!(e.last("bestmove").starts_with("bestmove b0b9"));
}

#[test]
fn go_nodes_stops_near_the_limit() {
    let mut e = Engine::greeted("uci");
    e.send("position startpos");
    e.send("go nodes 30000");
    let lines = e.until("bestmove");
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| field(l, "nodes")?.parse().ok())
        .collect();
    let last = *nodes.last().unwrap();
    assert!((30_000..=30_300).contains(&last), "{last}");
}

/// A search stopped inside an iteration plays that iteration's move only
/// after a line for it: the last line's first move is the `bestmove`. At
/// these node counts the search finds a new move after its last full
/// iteration.
#[test]
fn a_stopped_iteration_reports_the_move_it_plays() {
    let mut e = Engine::greeted("uci");
    for (fen, nodes) in [
        (
            "5k3/3R5/2C6/5NP1n/2b1P3p/9/P7P/4B4/4A4/4KAB2 w - - 1 37",
            70_000,
        ),
        (
            "2b1k1P2/4a4/4b4/1P7/9/9/9/3A5/4K4/2rA2B1r b - - 5 48",
            30_000,
        ),
        (
            "2b1k1P2/4a4/4b4/1P7/9/9/9/3A5/4K4/2rA2B1r b - - 5 48",
            70_000,
        ),
        (
            "5k3/4a4/4b4/9/5r2p/6B2/P8/5A3/2p1A4/1c2K1B2 b - - 3 35",
            150_000,
        ),
        (
            "4ka3/9/3a5/3c5/8p/p8/8P/2C1p4/2nK5/2B2A3 b - - 1 65",
            70_000,
        ),
    ] {
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go nodes {nodes}"));
        let lines = e.until("bestmove");
        let last_pv = lines.iter().rev().find_map(|l| field(l, "pv")).unwrap();
        let best = field(lines.last().unwrap(), "bestmove").unwrap();
        assert_eq!(last_pv, best, "{fen} at {nodes} nodes: {lines:?}");
    }
}

/// A mate in 4 that opens with a quiet pawn move (c8d8), checks after it.
/// The defender's null move hid the threat: the search found the mate only
/// at depth 12 (6cebc19); with the king's zone attacked there is no null
/// move, and depth 8 sees it.
#[test]
fn a_quiet_mating_threat_is_seen() {
    let mut e = Engine::greeted("uci");
    e.send("position fen 2Nak4/2P1a2N1/9/9/8P/5C3/5c3/9/4K4/2B6 w - - 0 1");
    e.send("go depth 8");
    let lines = e.until("bestmove");
    let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert!(last.contains(" score mate 4 "), "{lines:?}");
    assert_eq!(field(lines.last().unwrap(), "bestmove"), Some("c8d8"));
}

#[test]
fn bad_input_is_harmless() {
    let mut e = Engine::greeted("ucci");
    e.send("position startpos moves h2e2");
    let good = e.fen();
    for bad in [
        "position startpos moves h2e2 h9h9",
        "position startpos moves h2e2 zz",
        "position fen rnbakabnr/9/9 w",
        "position fen",
        "position",
        "go depth banana",
        "go wibble",
        "frobnicate",
        "\u{1}\u{2}garbage",
    ] {
        e.send(bad);
        assert!(
            e.last("info string error")
                .starts_with("info string error: "),
            "{bad}"
        );
    }
    assert_eq!(e.fen(), good);
    e.send("isready");
    e.last("readyok");
}

#[test]
fn cyclone_position_lines_and_extras() {
    let mut e = Engine::start();
    e.send("ucicyclone");
    e.until("uciok");
    e.send("startpos moves h2e2");
    assert!(e
        .fen()
        .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"));
    e.send(&format!("fen {MATE_IN_ONE}"));
    assert!(e.fen().starts_with("4k4/R8/"));
    e.send("eval");
    e.last("evaluation");
    e.send("go perft 2");
    assert!(e.last("Nodes searched").starts_with("Nodes searched: "));
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .args(["bench", "8"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let lines: Vec<String> = text.lines().map(String::from).collect();
        assert!(lines[lines.len() - 2].starts_with("Nodes searched: "));
        assert!(lines[lines.len() - 1].starts_with("Nodes/second: "));
        lines[lines.len() - 2].clone()
    };
    assert_eq!(run(), run());
}

#[test]
fn multipv_lines_are_ordered() {
    let mut e = Engine::greeted("uci");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until("bestmove");
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    let score = |l: &str| -> i32 { field(l, "cp").unwrap().parse().unwrap() };
    assert!(score(last[0]) >= score(last[1]) && score(last[1]) >= score(last[2]));
    let firsts: std::collections::HashSet<&str> = last
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3);
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(last[0].contains(&format!(" pv {best}")));
}

/// Lazy SMP: with helper threads every limit and `stop` still work, and the
/// reported nodes include the helpers'.
#[test]
fn threads_obey_limits_and_stop() {
    for (hello, ok, threads) in [
        ("uci", "uciok", "setoption name Threads value 3"),
        ("ucci", "ucciok", "setoption threads 3"),
    ] {
        let mut e = Engine::start();
        e.send(hello);
        e.until(ok);
        e.send(threads);
        e.send("position startpos moves h2e2 h9g7");
        e.send("go depth 9");
        let lines = e.until("bestmove");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 9")),
            "{lines:?}"
        );
        e.send("go nodes 200000");
        let lines = e.until("bestmove");
        let last_nodes = lines
            .iter()
            .rev()
            .find_map(|l| field(l, "nodes")?.parse::<u64>().ok())
            .unwrap();
        // Helpers flush their counts every 1024 nodes: a few thousand over.
        assert!((200_000..=220_000).contains(&last_nodes), "{last_nodes}");
        e.send("go infinite");
        e.send("isready");
        e.until("readyok");
        e.send("stop");
        let b = e.last("bestmove");
        assert!(b.split_whitespace().nth(1).is_some_and(|m| m.len() == 4));
        e.send("quit");
    }
}

/// With a helper, the main thread reports the lines of depths the helper
/// finished first as its own: depths only grow, the last line is the limit,
/// and `bestmove` is its first move. MultiPV lines are the main thread's alone.
#[test]
fn threads_report_lines_in_depth_order() {
    let mut e = Engine::greeted("uci");
    e.send("setoption name Threads value 2");
    for fen in [
        "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 0 1",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 13");
        let lines = e.until("bestmove");
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        let depths: Vec<i32> = infos
            .iter()
            .map(|l| field(l, "depth").unwrap().parse().unwrap())
            .collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!(depths.last(), Some(&13), "{lines:?}");
        let last = infos.last().unwrap();
        assert_eq!(field(last, "pv"), field(lines.last().unwrap(), "bestmove"));
    }
    e.send("setoption name MultiPV value 2");
    e.send("go depth 10");
    let lines = e.until("bestmove");
    for d in 1..=10 {
        let at_d = lines
            .iter()
            .filter(|l| field(l, "depth").and_then(|s| s.parse().ok()) == Some(d))
            .count();
        assert_eq!(at_d, 2, "depth {d}: {lines:?}");
    }
    e.send("quit");
}

/// Every command form the engine accepted before the protocol was split into
/// per-dialect parsers, in the dialect(s) it was accepted in.
#[test]
fn forms_accepted_in_both_dialects() {
    for (hello, ok) in [
        ("ucci", "ucciok"),
        ("uci", "uciok"),
        ("ucicyclone", "uciok"),
    ] {
        let mut e = Engine::start();
        e.send(hello);
        e.until(ok);
        // Both setoption forms, and option names in any case.
        for line in [
            "setoption name MultiPV value 2",
            "setoption multipv 2",
            "setoption name MULTIPV value 2",
            "setoption Hash 8",
            "setoption name hashsize value 8",
        ] {
            e.send(line);
        }
        e.send("setoption name MultiPV value 0");
        assert!(e.last("info string error").contains("MultiPV"), "{hello}");
        e.send("ucinewgame");
        // Cyclone-style bare position lines are recognised by their form.
        e.send("startpos moves h2e2");
        assert!(e
            .fen()
            .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"));
        e.send(&format!("fen {MATE_IN_ONE} moves a8a7"));
        assert!(e.fen().starts_with("4k4/9/R8/"), "{hello}");
        e.send("position fen startpos moves h2e2");
        assert!(e
            .fen()
            .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"));
        // banmoves in every dialect.
        e.send(&format!("position fen {MATE_IN_ONE}"));
        e.send("banmoves b0b9");
        e.send("go depth 3");
        assert!(!e.last("bestmove").starts_with("bestmove b0b9"), "{hello}");
        // Limits every dialect shares.
        for go in [
            "go mate 1",
            "go depth 3 movestogo 5",
            "go nodes 5000",
            "go movetime 50",
        ] {
            e.send(go);
            assert!(
                e.last("bestmove").starts_with("bestmove b0b9"),
                "{hello} {go}"
            );
        }
        e.send("go perft 1");
        let n = chariot::board::Position::from_fen(MATE_IN_ONE)
            .unwrap()
            .legal_moves()
            .len();
        assert_eq!(e.last("Nodes searched"), format!("Nodes searched: {n}"));
        e.send("probe startpos");
        assert!(e.last("pophash").starts_with("pophash"));
        e.send("stop"); // idle: nothing to stop
        e.send("eval");
        e.last("evaluation (side to move)");
        e.send("bench 1");
        e.last("Nodes/second");
        e.send("isready");
        e.last("readyok");
    }
}

#[test]
fn ucci_only_forms() {
    let mut e = Engine::greeted("ucci");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2 score ")),
        "{lines:?}"
    );
    // Seconds, with the opponent's clock accepted and ignored.
    e.send("go time 1.5 increment 0.1 opptime 3 oppincrement 1 oppmovestogo 20 movestogo 20");
    e.last("bestmove");
    // A draw offer is accepted when the engine is not better.
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    e.send("go draw depth 3");
    assert!(e.last("bestmove").ends_with(" draw"));
    e.send("go ponder depth 3");
    e.send("ponderhit draw");
    assert!(e.last("bestmove").ends_with(" draw"));
    // A lost side resigns.
    e.send(&format!("position fen {MATE_IN_ONE} moves a8a7"));
    e.send("position fen 3k5/9/9/9/9/9/9/9/R8/R3K4 b - - 0 1");
    e.send("go depth 8");
    assert!(e.last("bestmove").ends_with(" resign"));
    e.send("probe startpos moves h2e2");
    assert!(e.last("pophash").starts_with("pophash"));
    e.send("quit");
    assert_eq!(e.last("bye"), "bye");
}

#[test]
fn uci_only_forms() {
    let mut e = Engine::greeted("uci");
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go depth 3 searchmoves a8a7 b0b8");
    let b = e.last("bestmove");
    assert!(
        b.starts_with("bestmove a8a7") || b.starts_with("bestmove b0b8"),
        "{b}"
    );
    // Black's clock is Black's: a search with Black to move on a long clock.
    e.send("position startpos moves h2e2");
    e.send("go wtime 1 btime 2000 winc 0 binc 10 movestogo 30");
    e.last("bestmove");
    // UCCI time words are no UCI parameters.
    e.send("go time 2");
    assert!(e.last("info string error").contains("time"));
    e.send("quit");
    assert!(e.quiet_for(Duration::from_millis(200)).is_empty());
}

#[test]
fn no_handshake_means_ucci() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go time 1");
    let lines = e.until("bestmove");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth") && !l.contains(" cp ")));
    e.send("setoption usemillisec true");
    e.send("isready");
    e.last("readyok");
}

/// The latest handshake chooses the dialect (VinXiangQi sends `uci`, then
/// `ucci` at once).
#[test]
fn latest_handshake_chooses() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("ucci");
    e.until("uciok");
    e.until("ucciok");
    e.send("setoption usemillisec true");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth 3 score ") && !l.contains(" cp ")));
    e.send("uci");
    e.until("uciok");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth 3 ") && l.contains(" cp ")));
}
