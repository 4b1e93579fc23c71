//! Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply).

use super::moves::Move;
use super::position::Position;
use rayon::prelude::*;

pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &m in &moves {
                let u = pos.make(m);
                n += perft(pos, depth - 1);
                pos.unmake(m, u);
            }
            n
        }
    }
}

/// Per-root-move counts, sorted by move text, spread over `threads` workers.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().as_slice().to_vec();
    let count = |m: &Move| {
        let mut p = pos.clone();
        p.make(*m);
        (
            *m,
            if depth == 0 {
                1
            } else {
                perft(&mut p, depth - 1)
            },
        )
    };
    let mut out: Vec<(Move, u64)> = if threads <= 1 {
        moves.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
            Err(_) => moves.iter().map(count).collect(),
        }
    };
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
