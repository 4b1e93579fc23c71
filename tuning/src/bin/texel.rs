//! Texel tuning of the hand-crafted evaluation's linear weights (the fields
//! `Weights` marks as tuned) against self-play data from `datagen`. The
//! evaluation is linear in every tuned weight, so each position's coefficients are found once by nudging one
//! weight at a time; then Adam fits sigmoid(K * eval) to a blend of the game
//! result and the search score. Prints a new `src/eval/weights.rs`.

use chariot::board::{Color, Position};
use chariot::eval::hce::red_minus_black;
use chariot::eval::weights::W;
use clap::Parser;
use rayon::prelude::*;
use std::io::BufRead;

#[derive(Parser)]
struct Args {
    /// Data files: `<fen>;<red score>;<red result>` lines.
    data: Vec<String>,
    #[arg(long, default_value_t = 600)]
    epochs: usize,
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.7)]
    lambda: f64,
    /// Pull towards the current weights (L2, per position and weight).
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    /// Where to write the new weights file.
    #[arg(long, default_value = "weights.rs")]
    out: String,
}

struct Entry {
    /// (slot, d mg, d eg) per unit change of the slot's weight.
    feats: Vec<(u16, i16, i16)>,
    mg: f64,
    eg: f64,
    phase: f64,
    /// The phase with everything on the board (`Weights::phase_max`).
    phase_max: f64,
    /// +tempo or -tempo: the side to move's bonus seen from Red.
    tempo: f64,
    score: f64,
    result: f64,
}

impl Entry {
    fn eval(&self, delta: &[f64]) -> f64 {
        let (mut mg, mut eg) = (self.mg, self.eg);
        for &(i, a, b) in &self.feats {
            mg += a as f64 * delta[i as usize];
            eg += b as f64 * delta[i as usize];
        }
        (mg * self.phase + eg * (self.phase_max - self.phase)) / self.phase_max + self.tempo
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn main() {
    let args = Args::parse();
    let mut lines = vec![];
    for f in &args.data {
        let file = std::fs::File::open(f).expect("data file");
        lines.extend(std::io::BufReader::new(file).lines().map_while(Result::ok));
    }
    if let Some(n) = args.limit {
        lines.truncate(n);
    }
    let parsed: Vec<(Position, f64, f64)> = lines
        .par_iter()
        .filter_map(|l| {
            let mut it = l.split(';');
            let pos = Position::from_fen(it.next()?).ok()?;
            let score = it.next()?.parse().ok()?;
            let result = it.next()?.parse().ok()?;
            Some((pos, score, result))
        })
        .collect();
    eprintln!("{} positions", parsed.len());

    let base_w = W.clone();
    let mut entries: Vec<Entry> = parsed
        .par_iter()
        .map(|(pos, score, result)| {
            let (sc, ph) = red_minus_black(pos, &base_w);
            let sign = if pos.side() == Color::Red { 1.0 } else { -1.0 };
            Entry {
                feats: vec![],
                mg: sc.mg as f64,
                eg: sc.eg as f64,
                phase: ph as f64,
                phase_max: base_w.phase_max as f64,
                tempo: sign * base_w.tempo as f64,
                score: *score,
                result: *result,
            }
        })
        .collect();
    let n_slots = base_w.clone().tuned_slots().len();
    let t0 = std::time::Instant::now();
    for i in 0..n_slots {
        let mut w = base_w.clone();
        *w.tuned_slots()[i] += 1;
        entries
            .par_iter_mut()
            .zip(parsed.par_iter())
            .for_each(|(e, (pos, _, _))| {
                let (sc, _) = red_minus_black(pos, &w);
                let (a, b) = (sc.mg - e.mg as i32, sc.eg - e.eg as i32);
                if a != 0 || b != 0 {
                    e.feats.push((i as u16, a as i16, b as i16));
                }
            });
    }
    drop(parsed);
    eprintln!("coefficients for {n_slots} weights in {:?}", t0.elapsed());

    // Scale: the K that best maps the current evaluation to results.
    let zero = vec![0.0; n_slots];
    let result_loss = |k: f64| -> f64 {
        entries
            .par_iter()
            .map(|e| (sigmoid(k * e.eval(&zero)) - e.result).powi(2))
            .sum::<f64>()
            / entries.len() as f64
    };
    let (mut lo, mut hi) = (0.0001, 0.05);
    for _ in 0..60 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if result_loss(a) < result_loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    eprintln!("K = {k:.6}, loss on results {:.6}", result_loss(k));

    let targets: Vec<f64> = entries
        .iter()
        .map(|e| args.lambda * e.result + (1.0 - args.lambda) * sigmoid(k * e.score))
        .collect();
    // Hold out every tenth position to watch for over-fitting.
    let loss = |delta: &[f64], held: bool| -> f64 {
        let (s, n) = entries
            .par_iter()
            .zip(targets.par_iter())
            .enumerate()
            .filter(|(i, _)| (i % 10 == 0) == held)
            .map(|(_, (e, t))| ((sigmoid(k * e.eval(delta)) - t).powi(2), 1usize))
            .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        s / n.max(1) as f64
    };
    let mut delta = vec![0.0f64; n_slots];
    let (mut m, mut v) = (vec![0.0f64; n_slots], vec![0.0f64; n_slots]);
    let (b1, b2) = (0.9f64, 0.999f64);
    eprintln!(
        "start: train {:.6} held-out {:.6}",
        loss(&delta, false),
        loss(&delta, true)
    );
    for epoch in 1..=args.epochs {
        let grad = entries
            .par_iter()
            .zip(targets.par_iter())
            .enumerate()
            .filter(|(i, _)| i % 10 != 0)
            .fold(
                || vec![0.0f64; n_slots],
                |mut g, (_, (e, t))| {
                    let p = sigmoid(k * e.eval(&delta));
                    let d = 2.0 * (p - t) * p * (1.0 - p) * k;
                    for &(i, a, b) in &e.feats {
                        g[i as usize] += d
                            * (a as f64 * e.phase + b as f64 * (e.phase_max - e.phase))
                            / e.phase_max;
                    }
                    g
                },
            )
            .reduce(
                || vec![0.0f64; n_slots],
                |mut a, b| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        let n = entries.len() as f64 * 0.9;
        for i in 0..n_slots {
            let g = grad[i] / n + args.l2 * delta[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            delta[i] -= args.lr * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 50 == 0 {
            eprintln!(
                "epoch {epoch}: train {:.6} held-out {:.6}",
                loss(&delta, false),
                loss(&delta, true)
            );
        }
    }
    let mut w = base_w.clone();
    for (s, d) in w.tuned_slots().into_iter().zip(&delta) {
        *s += d.round() as i32;
    }
    std::fs::write(&args.out, w.source()).expect("write weights");
    eprintln!("wrote {}", args.out);
}
