//! `bench`: a fixed search over a fixed position set. Its node count is the
//! engine's functional signature (kept in `.ci/bench`); its speed is NPS.

use super::threads::Pool;
use super::{Limits, Signals};
use crate::board::{Game, Position};
use crate::eval::nnue::Net;
use crate::rules::{RuleSet, NATURAL_LIMIT};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const DEFAULT_DEPTH: i32 = 14;
/// The bench's own table size (fixed: the signature depends on it).
pub const HASH_MB: usize = 16;

/// Openings, middlegames and endgames, with either side to move.
pub const POSITIONS: [&str; 30] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB2 w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p3p/6p2/9/P1P1P1P1P/3CC1N2/9/RNBAKABR1 w - - 0 1",
    "r1bakab1r/9/1cn1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
    "r2akabnr/3n5/2c1b2c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    "r1baka1nr/9/n1c1b2c1/p1p1p1p1p/9/2P6/P3P1P1P/2N1C2C1/9/R1BAKABNR w - - 0 1",
    "r1bakabnr/9/1cn4c1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1B2C1/9/R1BAKA1NR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 2 2",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P6/P3P1P1P/2N1C1N2/9/2BAKAB2 b - - 0 10",
    "r3kab2/4a4/2n1b1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/4A4/R1B1KAB2 w - - 0 12",
    "3akab2/9/4b1n2/p3p3p/2p3p2/9/P1P1P1P1P/4B1N2/9/2BAKA3 w - - 0 20",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
    "3ak4/4a4/9/9/9/6R2/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/2p1p1p2/9/9/9/4A4/3K1A3 w - - 0 1",
    "3aka3/9/4b4/9/9/9/2N6/9/4K4/9 w - - 0 1",
    "2ba1k3/4a4/9/9/9/9/9/4C4/9/3AKA3 b - - 0 1",
    "3k5/4P4/9/9/9/9/9/9/9/5K3 w - - 0 1",
];

pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
    /// The main thread's alpha-beta TT probes and hits, summed.
    pub tt_probes: u64,
    pub tt_hits: u64,
}

/// Searches every position to `depth` with a fresh hash of `hash_mb`, from a
/// clean state, so the node count is reproducible (with one thread; more
/// threads measure time to depth). The signature is taken with `HASH_MB`
/// under the default rules; other sizes and rule sets measure the table's
/// replacement and what repetition rulings cost. `net`: the net to
/// evaluate with (the signature uses the embedded one), or none for the
/// hand-crafted evaluation. `None` if the table cannot be had.
pub fn run(
    depth: i32,
    threads: usize,
    rule: RuleSet,
    net: Option<Arc<Net>>,
    hash_mb: usize,
) -> Option<BenchResult> {
    let tt = Arc::new(super::tt::Tt::new(hash_mb)?);
    let mut searcher = Pool::new(tt);
    searcher.set_threads(threads);
    searcher.set_rules(rule, NATURAL_LIMIT);
    searcher.set_net(net);
    let signals = Signals::default();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let (mut nodes, mut tt_probes, mut tt_hits) = (0, 0, 0);
    let start = Instant::now();
    for fen in POSITIONS {
        searcher.clear();
        let game = Game::new(Position::from_fen(fen).expect("bench FEN is valid"));
        let r = searcher.search(&game, &limits, &signals, &[], 1, &mut |_| {});
        nodes += r.nodes;
        let (p, h) = searcher.tt_stats();
        tt_probes += p;
        tt_hits += h;
    }
    Some(BenchResult {
        nodes,
        time: start.elapsed(),
        tt_probes,
        tt_hits,
    })
}
