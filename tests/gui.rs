//! The dialogues real GUIs and harnesses hold with an engine, replayed
//! through pipes against the real binary: what each sends (from their
//! public sources) and what it needs back.

mod common;

use chariot::board::{Move, Position};
use common::Engine;
use std::time::Duration;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// The move of a `bestmove` line.
fn best(line: &str) -> Move {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t[0], "bestmove", "{line}");
    Move::parse(t[1]).unwrap_or_else(|| panic!("{line}"))
}

fn no_bestmove_for(e: &mut Engine, d: Duration) {
    let lines = e.quiet_for(d);
    assert!(!lines.iter().any(|l| l.contains("bestmove")), "{lines:?}");
}

/// The UCCI spec's reference dialogue (XQWizard), pondering included.
#[test]
fn xqwizard_reference_dialogue() {
    let mut e = Engine::start();
    e.send("ucci");
    let hello = e.until("ucciok");
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option usemillisec type check")));
    e.send("setoption usemillisec true");
    e.send("setoption usebook false");
    e.send(&format!("position fen {START} w - - 0 1"));
    e.send("go time 3000 increment 0");
    let lines = e.until("bestmove");
    // Scores without `cp`.
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth ") && l.contains(" score ") && !l.contains(" cp ")));
    let last = lines.last().unwrap();
    let (b, p) = {
        let t: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(t.get(2), Some(&"ponder"), "{last}");
        (t[1].to_string(), t[3].to_string())
    };
    // Pondering, and the ponder move is played: ponderhit.
    e.send(&format!("position fen {START} w - - 0 1 moves {b} {p}"));
    e.send("go ponder time 2950 increment 0");
    no_bestmove_for(&mut e, Duration::from_millis(300));
    e.send("ponderhit");
    let m = best(&e.last("bestmove"));
    let mut pos = Position::startpos();
    for t in [&b, &p] {
        pos.make(Move::parse(t).unwrap());
    }
    assert!(pos.is_legal(m));
    // Pondering, and another move is played: stop, then the new position.
    e.send(&format!("position fen {START} w - - 0 1 moves {b} {p} {m}"));
    e.send("go ponder time 2900 increment 0");
    no_bestmove_for(&mut e, Duration::from_millis(200));
    e.send("stop");
    e.last("bestmove");
    e.send(&format!(
        "position fen {START} w - - 0 1 moves {b} {p} {m} a6a5"
    ));
    e.send("go time 2900 increment 0");
    let m2 = best(&e.last("bestmove"));
    pos.make(m);
    pos.make(Move::parse("a6a5").unwrap());
    assert!(pos.is_legal(m2));
    e.send("quit");
    e.last("bye");
}

/// ElephantEye's UCCI league runner: its set-up lines, the position after
/// the last capture with the moves since, bans before a losing repetition,
/// a clock with the opponent's, and a draw offer.
#[test]
fn league_runner_dialogue() {
    let mut e = Engine::greeted("ucci");
    for l in [
        "setoption promotion false",
        "setoption ponder false",
        "setoption newgame",
        "setoption usemillisec true",
    ] {
        e.send(l);
    }
    // None of those asks for something the engine cannot do: no message.
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send(&format!(
        "position fen {START} w - - 0 1 moves h2e2 h9g7 h0g2 i9h9 g2h4 h7i7 h4g2 i7h7 g2h4 h7i7"
    ));
    e.send("banmoves h4g2");
    e.send("go time 60000 increment 3000 opptime 60000 oppincrement 3000");
    let m = e.last("bestmove");
    assert!(!m.starts_with("bestmove h4g2"), "{m}");
    // A draw offer in a dead level position is accepted.
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    e.send("go draw time 1000 increment 100 opptime 1000 oppincrement 100");
    assert!(e.last("bestmove").ends_with(" draw"));
    // Depth 0: the static score and no move (the spec).
    e.send("position startpos");
    e.send("go depth 0");
    let lines = e.until("nobestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 0 score ")),
        "{lines:?}"
    );
    // No move at all: nobestmove.
    e.send("position fen 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1");
    e.send("go time 1000 increment 0 opptime 1000 oppincrement 0");
    assert_eq!(e.last("nobestmove"), "nobestmove");
    e.send("quit");
    e.last("bye");
}

/// The UCCI 3.0 option list, each as the spec writes it, and the truth
/// about what the engine does with them.
#[test]
fn ucci_spec_options() {
    let mut e = Engine::start();
    e.send("ucci");
    let hello = e.until("ucciok");
    for want in [
        "option usemillisec type check",
        "option batch type check default false",
        "option debug type check default false",
        "option ponder type check default false",
        "option usebook type check default false",
        "option useegtb type check default false",
        "option bookfiles type string",
        "option egtbpaths type string",
        "option evalapi type string",
        "option hashsize type spin min 0 ",
        "option threads type spin min 0 ",
        "option promotion type check default false",
        "option idle type combo var none var small var medium var large default none",
        "option pruning type combo var none var small var medium var large default large",
        "option knowledge type combo var none var small var medium var large default large",
        "option randomness type combo var none var small var medium var large default none",
        "option style type combo var solid var normal var risky default normal",
        "option newgame type button",
    ] {
        assert!(
            hello.iter().any(|l| l.starts_with(want)),
            "missing '{want}'"
        );
    }
    // evalapi (a foreign evaluation library) is not evalfile (Chariot's net).
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option evalfile type string")));
    // What cannot be honoured is accepted and said once, not an error.
    for (line, name) in [
        ("setoption usebook true", "usebook"),
        ("setoption useegtb true", "useegtb"),
        ("setoption bookfiles BOOK.DAT", "bookfiles"),
        ("setoption egtbpaths /tb", "egtbpaths"),
        ("setoption evalapi libeval.so", "evalapi"),
        ("setoption promotion true", "promotion"),
        ("setoption style risky", "style"),
    ] {
        e.send(line);
        e.send("isready");
        let got = e.until("readyok");
        assert_eq!(
            got,
            vec![
                format!("info string {name} has no effect"),
                "readyok".into()
            ],
            "{line}"
        );
    }
    // Honoured or harmless: silent. 0 lets the engine choose.
    for line in [
        "setoption hashsize 0",
        "setoption threads 0",
        "setoption bookfiles",
        "setoption style normal",
        "setoption debug false",
    ] {
        e.send(line);
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("setoption frobnicate 1");
    assert!(e
        .last("info string")
        .starts_with("info string error: unknown option"));
    // Batch mode: commands wait for the search to end by its limit.
    e.send("setoption batch true");
    e.send("position startpos");
    e.send("go depth 6");
    e.send("isready");
    let lines = e.until("readyok");
    let bm = lines.iter().position(|l| l.starts_with("bestmove"));
    assert!(bm.is_some_and(|i| i < lines.len() - 1), "{lines:?}");
    // A search that only `stop` ends is still read beside.
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    assert!(e.last("bestmove").starts_with("bestmove"));
}

/// VinXiangQi: `uci` then `ucci` at once, UCCI-style options, two-field
/// FENs, banmoves in either mode, ponder with movetime and depth.
#[test]
fn vinxiangqi_dialogue() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("ucci");
    e.until("uciok");
    e.until("ucciok");
    e.send("setoption hashsize 32");
    e.send("setoption threads 1");
    e.send(&format!("position fen {START} w"));
    e.send("banmoves h2e2 b2e2");
    e.send("go ponder movetime 300 depth 6");
    no_bestmove_for(&mut e, Duration::from_millis(200));
    e.send("ponderhit");
    let m = e.last("bestmove");
    assert!(
        !m.starts_with("bestmove h2e2") && !m.starts_with("bestmove b2e2"),
        "{m}"
    );
    e.send(&format!("position fen {START} b"));
    e.send("go movetime 200 depth 4");
    let m = best(&e.last("bestmove"));
    assert!(m.from().rank() >= 5, "a Black move: {m}");

    // The same in UCI mode.
    let mut e = Engine::greeted("uci");
    e.send(&format!("position fen {START} w"));
    e.send("banmoves h2e2 b2e2");
    e.send("go movetime 200 depth 4");
    let m = e.last("bestmove");
    assert!(
        !m.starts_with("bestmove h2e2") && !m.starts_with("bestmove b2e2"),
        "{m}"
    );
}

/// TCHESS: probes with `uci` in a throwaway process, then drives the engine
/// over UCI with `stop` before every analysis, also when idle; under UCCI
/// it capitalises option names.
#[test]
fn tchess_dialogue() {
    drop(Engine::greeted("uci"));

    let mut e = Engine::greeted("uci");
    e.send("stop");
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("position startpos moves h2e2");
    e.send("go infinite");
    no_bestmove_for(&mut e, Duration::from_millis(200));
    e.send("stop");
    e.last("bestmove");
    e.send("stop");
    e.send("position startpos moves h2e2 h7e7");
    e.send("go depth 5");
    e.last("bestmove");

    let mut e = Engine::greeted("ucci");
    e.send("setoption Threads 2");
    e.send("setoption Hash 32");
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
}

/// gmchess: `ucci` without waiting, its option lines (two spaces
/// included), `--` FENs with the fields twice after a capture, a trailing
/// space after `go depth N`, `go draw`, `ponderhit draw`.
#[test]
fn gmchess_dialogue() {
    let mut e = Engine::start();
    e.send("ucci");
    for l in [
        "setoption newgame",
        "setoption idle large",
        "setoption style risky",
        "setoption knowledge none",
        "setoption pruning  large",
        "setoption randomness large",
        "setoption usebook true",
        "setoption usebook false",
    ] {
        e.send(l);
    }
    e.send("isready");
    let lines = e.until("readyok");
    // (The handshake's line naming the evaluation arrives here too.)
    let effects: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string") && !l.contains(" evaluation"))
        .collect();
    assert_eq!(
        effects,
        [
            "info string idle has no effect",
            "info string style has no effect",
            "info string knowledge has no effect",
            "info string randomness has no effect",
            "info string usebook has no effect",
        ]
    );
    e.send(&format!("position fen {START} w -- 0 1  moves h2e2 h9g7"));
    assert!(e.fen().starts_with("rnbakab1r/9/1c4nc1/"));
    // After a capture, and when the engine plays Red: the fields twice.
    let after = "rnbakabnr/9/1c5c1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b";
    e.send(&format!("position fen {after} -- 0 1  -- 0 1  moves h9g7"));
    assert!(e.fen().starts_with("rnbakab1r/9/1c4nc1/p1p1C1p1p/"));
    e.send("go depth 4 ");
    e.last("bestmove");
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w -- 0 1  -- 0 1  moves");
    e.send("go draw depth 3");
    assert!(e.last("bestmove").ends_with(" draw"));
    e.send("go ponder depth 3");
    e.send("ponderhit draw");
    assert!(e.last("bestmove").ends_with(" draw"));
}

/// QBoard: `uccinewgame`, nothing after `moves`, depth with movetime.
#[test]
fn qboard_dialogue() {
    let mut e = Engine::greeted("ucci");
    e.send("isready");
    e.last("readyok");
    e.send("uccinewgame");
    e.send(&format!("position fen {START} w - - 0 1 moves "));
    e.send("go depth 5 movetime 500");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth ")));
    assert!(Position::startpos().is_legal(best(lines.last().unwrap())));
}

/// XBoard through uci2wb: Cyclone lines (`fen <board> r moves …`, no other
/// FEN fields) with UCI clocks; and its UCCI mode, `go` words in any order.
#[test]
fn uci2wb_dialogues() {
    let mut e = Engine::greeted("uci");
    e.send(&format!("fen {START} r moves h2e2 h9g7"));
    assert!(e.fen().starts_with("rnbakab1r/9/1c4nc1/"));
    e.send("go wtime 10000 btime 10000 winc 100 binc 100");
    let lines = e.until("bestmove");
    assert!(lines
        .iter()
        .any(|l| l.contains(" score cp ") || l.contains(" score mate ")));
    e.send(&format!("fen {START} r moves"));
    e.send("go ponder wtime 10000 btime 10000 winc 100 binc 100");
    no_bestmove_for(&mut e, Duration::from_millis(200));
    e.send("stop");
    e.last("bestmove");

    let mut e = Engine::start();
    e.send("ucci");
    let hello = e.until("ucciok");
    assert!(hello.iter().any(|l| l.starts_with("option usemillisec ")));
    e.send("setoption usemillisec true");
    e.send(&format!("position fen {START} w - - 0 1 moves h2e2"));
    e.send("go draw time 10000 opptime 10000 oppincrement 100 increment 100");
    let m = best(&e.last("bestmove"));
    assert!(m.from().rank() >= 5, "a Black move: {m}");
}

/// cutechess-cli with xiangqi: ranks 1-10 in every move, chosen by the
/// `Ranks` option (selecting the variant alone keeps 0-9).
#[test]
fn cutechess_ranks_from_one() {
    let mut e = Engine::greeted("uci");
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("position startpos moves h2e2");
    assert!(e
        .fen()
        .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/"));
    e.send("setoption name Ranks value 1-10");
    // h3e3 in 1-10 is h2e2; h10g8 is h9g7.
    e.send("position startpos moves h3e3 h10g8");
    assert!(e.fen().starts_with("rnbakab1r/9/1c4nc1/"));
    e.send("go depth 5");
    let lines = e.until("bestmove");
    let mut pos = Position::startpos();
    for m in ["h2e2", "h9g7"] {
        pos.make(Move::parse(m).unwrap());
    }
    // Every move printed is in 1-10 form: ranks 1..=10, one lower in 0-9.
    let from_one = |t: &str| -> Move {
        let file = |c: char| ('a'..='i').contains(&c);
        let split = t.char_indices().skip(1).find(|&(_, c)| file(c)).unwrap().0;
        let sq = |s: &str| {
            let r: u8 = s[1..].parse().unwrap();
            assert!((1..=10).contains(&r), "{t}");
            format!("{}{}", &s[..1], r - 1)
        };
        Move::parse(&format!("{}{}", sq(&t[..split]), sq(&t[split..]))).unwrap()
    };
    let last = lines.last().unwrap();
    let t: Vec<&str> = last.split_whitespace().collect();
    let m = from_one(t[1]);
    assert!(pos.is_legal(m), "{last}");
    let pv = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    let mut p = pos.clone();
    for t in pv.split(" pv ").nth(1).unwrap().split_whitespace() {
        let m = from_one(t);
        assert!(p.is_legal(m), "{pv}");
        p.make(m);
    }
    // A ten-rank move in input: e10e9 (the black king steps down).
    e.send("position fen 4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves e10e9");
    assert!(e.fen().starts_with("9/4k4/"));
    // `go perft`'s divide lines too: each of the 44 moves legal read as 1-10.
    e.send("position startpos");
    e.send("go perft 1");
    let lines = e.until("Nodes searched");
    // At depth 1 each divide line is `<move>: 1`.
    let divide: Vec<&str> = lines.iter().filter_map(|l| l.strip_suffix(": 1")).collect();
    assert_eq!(divide.len(), 44, "{lines:?}");
    let start = Position::startpos();
    for m in divide {
        assert!(start.is_legal(from_one(m)), "{m}");
    }
}

/// Any GUI: CRLF line ends and GBK bytes (in paths and names) are
/// accepted; what comes back is ASCII.
#[test]
fn crlf_and_gbk_input_ascii_output() {
    let mut e = Engine::start();
    e.send_raw(b"ucci\r\n");
    e.until("ucciok");
    e.send_raw(b"position startpos moves h2e2\r\n");
    assert!(e
        .fen()
        .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/"));
    // "C:\\象棋\\book.dat" in GBK.
    e.send_raw(b"setoption bookfiles C:\\\xcf\xf3\xc6\xe5\\book.dat\r\n");
    assert_eq!(e.last("info string"), "info string bookfiles has no effect");
    e.send_raw(b"\xcf\xf3\xc6\xe5 frobnicate\r\n");
    let err = e.last("info string error");
    assert!(err.is_ascii(), "{err}");
    e.send_raw(b"go depth 3\r\n");
    let lines = e.until("bestmove");
    assert!(lines.iter().all(|l| l.is_ascii()), "{lines:?}");
}
