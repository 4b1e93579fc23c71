//! The `tune` build's search parameters as spin options (SPSA sets them per
//! game); a normal build does not know them. Driven through pipes.
//! `cargo test --release --features tune --test tune` runs the tune half.

mod common;

use common::Engine;

/// Nodes of a fresh engine's depth-9 search from the start, after `setup`.
#[cfg(feature = "tune")]
fn nodes_after(setup: &[&str]) -> u64 {
    let mut e = Engine::greeted("uci");
    for s in setup {
        e.send(s);
    }
    e.send("position startpos");
    e.send("go depth 9");
    let lines = e.until("bestmove");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 9 "))
        .expect("a depth-9 line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let i = words.iter().position(|&w| w == "nodes").unwrap();
    words[i + 1].parse().unwrap()
}

#[cfg(feature = "tune")]
#[test]
fn tunables_are_offered_checked_and_used() {
    let mut e = Engine::start();
    e.send("uci");
    let hs = e.until("uciok");
    for name in ["AspirationDelta", "RfpMargin", "LmrBase", "LmrDivisor"] {
        assert!(
            hs.iter()
                .any(|l| l.starts_with(&format!("option name {name} type spin default "))),
            "{name} missing from {hs:?}"
        );
    }
    e.send("setoption name LmrDivisor value 99");
    e.send("isready");
    let out = e.until("readyok");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string error: option 'LmrDivisor' expects")),
        "{out:?}"
    );
    drop(e);

    // The handshake's default changes nothing; another value does.
    let line = hs
        .iter()
        .find(|l| l.starts_with("option name LmrDivisor type spin default "))
        .unwrap();
    let lmr_default: i32 = line.split_whitespace().nth(6).unwrap().parse().unwrap();
    let set = |v: i32| format!("setoption name LmrDivisor value {v}");
    let default = nodes_after(&[]);
    assert_eq!(default, nodes_after(&[&set(lmr_default)]));
    assert_ne!(default, nodes_after(&[&set(lmr_default + 50)]));
    assert_ne!(default, nodes_after(&["setoption name RfpMargin value 60"]));
}

#[cfg(not(feature = "tune"))]
#[test]
fn a_normal_build_has_no_tunables() {
    let mut e = Engine::start();
    e.send("uci");
    let hs = e.until("uciok");
    assert!(!hs.iter().any(|l| l.contains("RfpMargin")), "{hs:?}");
    e.send("setoption name RfpMargin value 30");
    e.send("isready");
    let out = e.until("readyok");
    assert!(
        out.iter()
            .any(|l| l == "info string error: unknown option 'RfpMargin'"),
        "{out:?}"
    );
}
