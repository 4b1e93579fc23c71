//! The real binary, driven through its command line and through pipes.

use std::io::Write;
use std::process::{Command, Stdio};

fn chariot(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn session(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn perft_plain_and_divide() {
    let (code, out, _) = chariot(&["perft", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "Nodes searched: 79666");

    let (code, out, _) = chariot(&["perft", "2", "--divide", "--threads", "2"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(':')).collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(lines[0], "a0a1: 44");
    assert_eq!(*lines.last().unwrap(), "Nodes searched: 1920");
    assert!(out.ends_with("Nodes searched: 1920\n"));
}

#[test]
fn perft_from_fen() {
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    let (code, out, _) = chariot(&["perft", "3", "--fen", fen]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "Nodes searched: 9850");
}

#[test]
fn bench_reports_the_tt_hit_rate() {
    // A tiny table still finds positions again, and never more than it
    // probed: the line parses to a share between 0 and 100.
    let (code, out, _) = chariot(&["bench", "6", "--hash", "1"]);
    assert_eq!(code, 0);
    let line = out.lines().find(|l| l.starts_with("TT hits: ")).unwrap();
    // `TT hits: P % of N alpha-beta probes (main thread)`
    let words: Vec<&str> = line.split_whitespace().collect();
    let pct: f64 = words[2].parse().unwrap();
    assert!(pct > 0.0 && pct < 100.0, "{line}");
    let probes: u64 = words[5].parse().unwrap();
    assert!(probes > 0, "{line}");
}

#[test]
fn a_closed_stdout_is_a_quiet_exit() {
    // `chariot bench | head -0`: the reader is gone before the first line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(["bench", "10"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["perft", "x"],
        vec!["perft", "-1"],
        vec!["perft", "3", "--fen", "rnbakabnr/9/9 w"],
        vec!["perft", "3", "--threads", "0"],
        vec!["perft"],
        vec!["bench", "2", "--hash", "0"],
        vec!["frobnicate"],
    ] {
        let (code, out, err) = chariot(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

#[test]
fn protocol_go_perft_and_bad_input() {
    let out = session(
        "ucci\nposition startpos moves h2e2\ngo perft 1\nposition startpos moves h2e9\n\
         position fen garbage\nxyzzy\ngo perft 1\nisready\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"ucciok"));
    let totals: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("Nodes searched"))
        .collect();
    // The bad position commands keep the last good position (after h2e2).
    assert_eq!(totals, vec![&"Nodes searched: 45", &"Nodes searched: 45"]);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: illegal move 'h2e9'")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: invalid FEN")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: unknown command")));
    assert!(lines.contains(&"readyok"));
    assert_eq!(*lines.last().unwrap(), "bye");
}
