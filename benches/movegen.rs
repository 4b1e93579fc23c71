//! Move generation speed: legal generation over a fixed position set,
//! make/unmake, and perft(4) from the start position.

use chariot::board::{perft, Position};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn positions() -> Vec<Position> {
    include_str!("../tests/data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let set = positions();
    c.bench_function("legal_moves/position set", |b| {
        b.iter(|| {
            set.iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    c.bench_function("count_legal/position set", |b| {
        b.iter(|| set.iter().map(|p| black_box(p).count_legal()).sum::<u64>())
    });
    let mut work: Vec<(Position, Vec<_>)> = set
        .iter()
        .map(|p| (p.clone(), p.legal_moves().as_slice().to_vec()))
        .collect();
    c.bench_function("make+unmake/all legal moves of the set", |b| {
        b.iter(|| {
            let mut k = 0u64;
            for (p, moves) in work.iter_mut() {
                for &m in moves.iter() {
                    let u = p.make(m);
                    k ^= p.key();
                    p.unmake(m, u);
                }
            }
            k
        })
    });
    c.bench_function("perft(4)/start", |b| {
        b.iter(|| perft::perft(&mut Position::startpos(), black_box(4)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
