//! Protocol fuzzing through pipes: random and mutated command lines must
//! never crash or hang the engine, which must keep answering `isready`.
//! The default run is small; `CHARIOT_FUZZ_LINES=1000000` (and optionally
//! `CHARIOT_FUZZ_SEED`) makes the long run.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

/// Only guards against a hang.
const WAIT: Duration = Duration::from_secs(60);

const FENS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
];

const OPTIONS: [&str; 16] = [
    "Hash",
    "Threads",
    "MultiPV",
    "Ponder",
    "Clear Hash",
    "Move Overhead",
    "UCI_Variant",
    "RepetitionRule",
    "NaturalLimit",
    "hashsize",
    "usemillisec",
    "newgame",
    "threads",
    "multipv",
    "repetitionrule",
    "nonsense",
];

fn number(rng: &mut StdRng) -> String {
    match rng.gen_range(0..8) {
        0 => "-1".into(),
        1 => "0".into(),
        2 => "99999999999999999999999".into(),
        3 => "18446744073709551615".into(),
        4 => "2147483648".into(),
        5 => "abc".into(),
        6 => format!("{}", rng.gen_range(1..50)),
        _ => format!("{}", rng.gen_range(1..3000)),
    }
}

fn small(rng: &mut StdRng) -> String {
    // Values an engine must accept quickly (huge depths and hashes are
    // only generated where they must be refused).
    format!("{}", rng.gen_range(1..6))
}

fn iccs(rng: &mut StdRng) -> String {
    let f = |r: &mut StdRng| (b'a' + r.gen_range(0..10)) as char;
    let n = |r: &mut StdRng| (b'0' + r.gen_range(0..11)) as char;
    format!("{}{}{}{}", f(rng), n(rng), f(rng), n(rng))
}

fn moves(rng: &mut StdRng) -> String {
    if rng.gen_bool(0.05) {
        // A very long game: 10,000 legal shuffling moves.
        return ["h2e2 h7e7 e2h2 e7h7"; 2500].join(" ");
    }
    let legal = [
        "h2e2", "h9g7", "h0g2", "i9h9", "b0c2", "b9c7", "a0b0", "c6c5",
    ];
    let k = rng.gen_range(0..8);
    let mut v: Vec<String> = (0..k)
        .map(|i| {
            if rng.gen_bool(0.8) {
                legal[i].to_string()
            } else {
                iccs(rng)
            }
        })
        .collect();
    if rng.gen_bool(0.1) {
        v.push(iccs(rng));
    }
    v.join(" ")
}

fn fen(rng: &mut StdRng) -> String {
    let mut f: Vec<u8> = FENS[rng.gen_range(0..FENS.len())].bytes().collect();
    for _ in 0..rng.gen_range(0..3) {
        let i = rng.gen_range(0..f.len());
        match rng.gen_range(0..3) {
            0 => f[i] = b"rnbakcpRNBAKCP0123456789/ wb-"[rng.gen_range(0..29)],
            1 => {
                f.remove(i);
            }
            _ => f.insert(i, b"k/9 "[rng.gen_range(0..4)]),
        }
    }
    String::from_utf8_lossy(&f).into_owned()
}

fn command(rng: &mut StdRng) -> String {
    match rng.gen_range(0..22) {
        0 => "uci".into(),
        1 => "ucci".into(),
        2 => "isready".into(),
        3 => format!("position startpos moves {}", moves(rng)),
        4 => format!("position fen {} moves {}", fen(rng), moves(rng)),
        5 => format!("position fen {}", fen(rng)),
        6 => "position".into(),
        7 => format!("go depth {}", small(rng)),
        8 => format!("go nodes {}", rng.gen_range(1..3000)),
        9 => format!("go movetime {}", rng.gen_range(0..10)),
        10 => format!(
            "go wtime {} btime {} winc {} binc {}",
            number(rng),
            number(rng),
            number(rng),
            number(rng)
        ),
        11 => format!("go time {} increment {}", number(rng), number(rng)),
        12 => "go infinite".into(),
        13 => "go ponder depth 3".into(),
        14 => "stop".into(),
        15 => "ponderhit".into(),
        16 => {
            let o = OPTIONS[rng.gen_range(0..OPTIONS.len())];
            let v = if o.to_lowercase().contains("hash") && rng.gen_bool(0.7) {
                format!("{}", rng.gen_range(1..33))
            } else if o.to_lowercase().contains("thread") {
                format!("{}", rng.gen_range(0..4))
            } else {
                number(rng)
            };
            if rng.gen_bool(0.5) {
                format!("setoption name {o} value {v}")
            } else {
                format!("setoption {o} {v}")
            }
        }
        17 => format!("banmoves {}", moves(rng)),
        18 => format!("probe startpos moves {}", moves(rng)),
        19 => {
            ["d", "eval", "ucinewgame", "go perft 2", "fen", "startpos"][rng.gen_range(0..6)].into()
        }
        20 => "".into(),
        _ => (0..rng.gen_range(1..40))
            .map(|_| rng.gen_range(b' '..=b'~') as char)
            .collect(),
    }
}

/// A command, sometimes mangled: cut, bytes inserted (also non-UTF-8 and
/// control characters), or tokens duplicated.
fn line(rng: &mut StdRng) -> Vec<u8> {
    let mut b = command(rng).into_bytes();
    if rng.gen_bool(0.3) && !b.is_empty() {
        match rng.gen_range(0..3) {
            0 => b.truncate(rng.gen_range(0..b.len())),
            1 => {
                let i = rng.gen_range(0..=b.len());
                let junk = [0xFFu8, 0xC3, 0x00, b'\t', b'\r', 0x80, b' ', 0xE4];
                b.insert(i, junk[rng.gen_range(0..junk.len())]);
            }
            _ => {
                let copy = b.clone();
                b.push(b' ');
                b.extend_from_slice(&copy);
            }
        }
    }
    let text = String::from_utf8_lossy(&b).to_lowercase();
    // A line must not end the session.
    if text.split_whitespace().next() == Some("quit") {
        b.clear();
    }
    // A hash table of gigabytes (a mutation can cut 2147483648 to 21474)
    // takes seconds to allocate and clear: slow, not hung, and it would
    // swamp the machine. Tables the engine must refuse stay in.
    let big_table = text.contains("hash")
        && text
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|d| d.parse::<u64>().ok())
            .any(|v| (1025..=65536).contains(&v));
    if big_table {
        b = b"setoption name Hash value 16".to_vec();
    }
    b.push(b'\n');
    b
}

/// A count or seed from the environment (long runs), else `default`.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_protocol_lines_never_crash_or_hang() {
    let lines: usize = env_or("CHARIOT_FUZZ_LINES", 3000);
    let seed: u64 = env_or("CHARIOT_FUZZ_SEED", 1);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        // Byte lines: a reader that gave up on odd output would stall the
        // engine on a full pipe and look like a hang.
        let mut out = BufReader::new(stdout);
        let mut buf = vec![];
        while out.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
            if buf.starts_with(b"readyok") && tx.send(String::new()).is_err() {
                break;
            }
            buf.clear();
        }
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    /// Kills the engine if the test fails, so a hang cannot outlive it.
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
        }
    }
    let mut child = Kill(child);
    // A writer thread, so that an engine that stops reading is caught by the
    // timeout below instead of blocking the test on a full pipe.
    let (wtx, wrx) = channel::<Vec<u8>>();
    let writer = std::thread::spawn(move || {
        for chunk in wrx {
            if stdin.write_all(&chunk).and_then(|_| stdin.flush()).is_err() {
                break;
            }
        }
        let _ = stdin.write_all(b"stop\nquit\n");
    });
    let mut sent = 0;
    let mut recent: std::collections::VecDeque<Vec<u8>> = Default::default();
    while sent < lines {
        let mut chunk = vec![];
        // Fuzzed lines can be `isready` too: count the answers to expect.
        let mut expected = 1;
        for _ in 0..100.min(lines - sent) {
            let l = line(&mut rng);
            let text = String::from_utf8_lossy(&l);
            expected += usize::from(text.split_whitespace().next() == Some("isready"));
            chunk.extend(l);
            sent += 1;
        }
        // Every hundred lines: the engine is alive and answers.
        chunk.extend_from_slice(b"isready\n");
        wtx.send(chunk.clone()).unwrap();
        recent.push_back(chunk);
        if recent.len() > 20 {
            recent.pop_front();
        }
        for _ in 0..expected {
            if rx.recv_timeout(WAIT).is_err() {
                let all: Vec<u8> = recent.iter().flatten().copied().collect();
                let _ = std::fs::write(std::env::temp_dir().join("chariot-fuzz-hang.txt"), all);
                panic!(
                    "no readyok after {sent} lines (seed {seed}); chunks in chariot-fuzz-hang.txt"
                );
            }
        }
        assert!(child.0.try_wait().unwrap().is_none(), "engine exited");
    }
    drop(wtx);
    writer.join().unwrap();
    let status = child.0.wait().unwrap();
    let err = err.join().unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    eprintln!("{sent} fuzzed lines, seed {seed}");
}

/// Random strings and mutations of valid FENs: parsing either fails with an
/// error or yields a position that is consistent, round-trips, and whose
/// move generation works.
#[test]
fn random_fens_parse_or_fail_cleanly() {
    let n: usize = env_or("CHARIOT_FUZZ_FENS", 20_000);
    let mut rng = StdRng::seed_from_u64(7);
    let (mut ok, mut err) = (0, 0);
    for i in 0..n {
        let text = if i % 10 == 0 {
            (0..rng.gen_range(0..90))
                .map(|_| b"rnbakcpRNBAKCP0123456789/ wb-x"[rng.gen_range(0..30)] as char)
                .collect()
        } else {
            fen(&mut rng)
        };
        match chariot::board::Position::from_fen(&text) {
            Ok(p) => {
                ok += 1;
                assert_eq!(p.check_consistency(), Ok(()), "{text}");
                let again = chariot::board::Position::from_fen(&p.to_fen()).unwrap();
                assert_eq!(again.key(), p.key(), "{text}");
                for &m in p.legal_moves().as_slice() {
                    let mut q = p.clone();
                    q.make(m);
                    assert_eq!(q.check_consistency(), Ok(()), "{text} {m}");
                }
            }
            Err(e) => {
                err += 1;
                // One line that says what is wrong, not just the prefix.
                let detail = e.0.trim();
                assert!(
                    !detail.is_empty() && !detail.contains('\n'),
                    "{text}: '{e}'"
                );
            }
        }
    }
    eprintln!("{n} FENs: {ok} parsed, {err} rejected");
    // Both outcomes must actually occur, or the mutations are too tame.
    assert!(ok > n / 20 && err > n / 20, "ok {ok} err {err}");
}
