//! NNUE through the protocol: a net loads from `EvalFile`, and a missing,
//! truncated or mismatched file is refused with one error while the engine
//! keeps evaluating with the net it had.

mod common;

use chariot::board::Position;
use chariot::eval::nnue::Net;
use common::Engine;

/// A small net whose evaluations differ from the hand-crafted ones.
fn test_net() -> Net {
    let mut net = Net::zeroed();
    for (i, row) in net.hidden_w.iter_mut().enumerate() {
        for (j, w) in row.iter_mut().enumerate() {
            *w = ((i * 31 + j * 17) % 61) as i16 - 30;
        }
    }
    for (j, b) in net.hidden_b.iter_mut().enumerate() {
        *b = (j % 50) as i16 + 40;
    }
    for (j, w) in net.out_w.iter_mut().enumerate() {
        *w = ((j * 13) % 41) as i16 - 20;
    }
    net
}

fn score_line(e: &mut Engine) -> String {
    e.send("ucinewgame");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .cloned()
        .unwrap_or_default()
        .split(" nodes")
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn eval_file_loads_and_bad_files_keep_the_current_net() {
    let dir = std::env::temp_dir().join(format!("chariot-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = test_net();
    let bytes = net.to_bytes();
    let good = dir.join("good.nnue");
    std::fs::write(&good, &bytes).unwrap();
    let short = dir.join("short.nnue");
    std::fs::write(&short, &bytes[..bytes.len() / 2]).unwrap();
    let other = dir.join("other.nnue");
    let mut b = bytes.clone();
    b[8] ^= 1; // hidden size
    std::fs::write(&other, &b).unwrap();

    let mut e = Engine::greeted("uci");
    e.send("setoption name UseNNUE value false");
    assert_eq!(e.last("info string"), "info string hand-crafted evaluation");
    let hce = score_line(&mut e);
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    e.send("setoption name UseNNUE value true");
    let named = format!("info string NNUE evaluation using {}", good.display());
    e.until(&named);
    let with_net = score_line(&mut e);
    assert_ne!(with_net, hce, "the net evaluates differently");
    for bad in [short, other, dir.join("missing.nnue")] {
        e.send(&format!("setoption name EvalFile value {}", bad.display()));
        let err = e.last("info string");
        assert!(err.starts_with("info string error: EvalFile"), "{err}");
        assert_eq!(score_line(&mut e), with_net, "the net is kept after {err}");
    }
    // Off again (and the table's net-made evaluations cleared).
    e.send("setoption name UseNNUE value false");
    e.send("ucinewgame");
    assert_eq!(score_line(&mut e), hce);
    e.send("quit");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn embedded_net_is_the_named_file_in_nets() {
    use chariot::eval::nnue;
    use sha2::{Digest, Sha256};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/").to_string() + nnue::EMBEDDED_NAME;
    let file = std::fs::read(&path).unwrap();
    assert_eq!(file, nnue::embedded_bytes(), "{path} is the embedded net");
    let hash = Sha256::digest(&file);
    let hex: String = hash.iter().take(6).map(|b| format!("{b:02x}")).collect();
    assert_eq!(nnue::EMBEDDED_NAME, format!("nn-{hex}.nnue"));
    // The engine names it, and EvalFile pointing at the file evaluates the same.
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    let name = format!("info string NNUE evaluation using {}", nnue::EMBEDDED_NAME);
    assert!(hello.contains(&name), "{hello:?}");
    let embedded = score_line(&mut e);
    e.send(&format!("setoption name EvalFile value {path}"));
    assert_eq!(score_line(&mut e), embedded);
    e.send("quit");
}

/// Left-right mirrored positions evaluate nearly alike (the rules are
/// symmetric and the net was trained on mirrored data too).
#[test]
fn embedded_net_is_nearly_mirror_symmetric() {
    use chariot::eval::nnue;
    let net = nnue::embedded();
    let (mut diff, mut size) = (0i64, 0i64);
    for fen in chariot::search::bench::POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let mirror = pos.mirrored();
        let (a, b) = (net.evaluate(&pos), net.evaluate(&mirror));
        diff += i64::from((a - b).abs());
        size += i64::from(a.abs());
    }
    assert!(
        diff * 50 <= size,
        "mean mirror difference {diff} vs mean size {size} (30 positions)"
    );
}

/// UCCI `go depth 0` reports the static evaluation the search uses: the net's.
#[test]
fn ucci_depth_zero_is_the_nets_evaluation() {
    use chariot::eval::nnue;
    let pos =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
            .unwrap();
    let mut e = Engine::greeted("ucci");
    e.send("position startpos moves h2e2");
    e.send("go depth 0");
    let want = format!("info depth 0 score {}", nnue::embedded().evaluate(&pos));
    assert_eq!(e.last("info depth 0"), want);
    e.send("quit");
}
