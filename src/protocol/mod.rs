//! The engine's text protocol on stdin/stdout. A line is parsed by the
//! current dialect's parser (`ucci`, `uci`) into a `Command`, which the
//! executor (`engine`) carries out. The latest handshake (`ucci` or `uci`)
//! picks the dialect; before any, lines are read as UCCI. Cyclone-style bare
//! `fen …`/`startpos …` lines are recognised by their form in both.

pub mod command;
pub mod dialect;
pub mod engine;
pub mod options;
pub mod ranks;
pub mod ucci;
pub mod uci;

pub use command::Command;
pub use dialect::Dialect;
pub use engine::Engine;

use crate::board::{perft, Position};
use crate::rules::RuleSet;
use crate::search::bench;
use ranks::Ranks;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

pub const NAME: &str = concat!("Chariot ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Chariot developers";

/// Shared, line-at-a-time output (the search thread writes too).
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    pub fn send(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed stdout means the GUI is gone; nothing useful is left to do.
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// `bench` output: the TT hit rate, the node-count signature and the speed.
pub fn bench_lines(
    depth: i32,
    threads: usize,
    rule: RuleSet,
    nnue: bool,
    hash_mb: usize,
) -> Result<Vec<String>, String> {
    let net = nnue.then(crate::eval::nnue::embedded);
    let r = bench::run(depth, threads, rule, net, hash_mb)
        .ok_or_else(|| format!("bench: cannot allocate a {hash_mb} MB hash table"))?;
    let nps = r.nodes as u128 * 1000 / r.time.as_millis().max(1);
    let hit_rate = r.tt_hits as f64 * 100.0 / r.tt_probes.max(1) as f64;
    Ok(vec![
        format!(
            "TT hits: {hit_rate:.1} % of {} alpha-beta probes (main thread)",
            r.tt_probes
        ),
        format!("Nodes searched: {}", r.nodes),
        format!("Nodes/second: {nps}"),
    ])
}

/// Output of a perft run: divide lines (sorted by move text, written with
/// `ranks`), then the total.
pub fn perft_lines(
    pos: &Position,
    depth: u32,
    divide: bool,
    threads: usize,
    ranks: Ranks,
) -> Vec<String> {
    let mut lines = vec![];
    let total = if divide && depth > 0 {
        let counts = perft::divide(pos, depth, threads);
        for &(m, n) in &counts {
            lines.push(format!("{}: {n}", ranks.text(m)));
        }
        lines.push(String::new());
        counts.iter().map(|x| x.1).sum()
    } else if threads > 1 && depth > 1 {
        perft::divide(pos, depth, threads).iter().map(|x| x.1).sum()
    } else {
        perft::perft(&mut pos.clone(), depth)
    };
    lines.push(format!("Nodes searched: {total}"));
    lines
}

/// Runs the protocol loop until `quit` or end of input.
pub fn run<R: BufRead>(mut input: R, out: Out) {
    let mut engine = Engine::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                // Non-UTF-8 bytes become U+FFFD and fail as unknown input.
                let line = String::from_utf8_lossy(&buf);
                if !engine.handle(line.trim()) {
                    return;
                }
            }
        }
    }
    engine.stop_and_wait();
}
