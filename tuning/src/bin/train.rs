//! NNUE trainer: CPU, multi-threaded, deterministic for the same data,
//! seed and thread count (each batch's gradient is summed from fixed slices
//! in a fixed order).
//!
//! The net is the engine's (`chariot::eval::nnue`): 1,260 piece-square
//! inputs per perspective, `HIDDEN` hidden neurons with SCReLU, side to
//! move's half first, one output. The target blends the game result and the
//! search score: `lambda * result + (1 - lambda) * sigmoid(score / K)`,
//! with `K` fitted to the data. Every position is used twice, as is and
//! mirrored left-right, and mirrored inputs share their weights (the net is
//! exactly symmetric). AdamW, learning rate decaying by cosine.
//!
//!   train --data tuning/data/gen1/data.bin --epochs 12 --out tuning/data/net1

use chariot::board::Color;
use chariot::eval::nnue::{self, Net, HIDDEN, INPUTS, MAX_OUT_WEIGHT, QA, QB, SCALE};
use chariot_tuning::record::read_records;
use clap::Parser;
use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Train Chariot's NNUE from datagen records")]
struct Args {
    /// Data files written by `datagen` (several allowed).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Output folder: per-epoch checkpoints and the final net.
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight decay (AdamW).
    #[arg(long, default_value_t = 0.01)]
    decay: f32,
    /// Weight of the game result in the target.
    #[arg(long, default_value_t = 0.3)]
    lambda: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Use at most this many records (0: all).
    #[arg(long, default_value_t = 0)]
    limit: usize,
    /// Also write the final net here, named by its content hash.
    #[arg(long)]
    export: Option<PathBuf>,
}

/// Weights are clipped so that the quantised net cannot overflow.
const CLIP: f32 = MAX_OUT_WEIGHT as f32 / QB as f32;

/// One position: active inputs from Red's and Black's side, side to move,
/// score and result from the side to move's side.
#[derive(Clone)]
struct Sample {
    feats: [[u16; 32]; 2],
    n: u8,
    stm: u8,
    score: i16,
    result: f32,
}

fn mirror(f: u16) -> u16 {
    let file = f % 9;
    f - file + (8 - file)
}

impl Sample {
    fn inputs(&self, persp: usize, mirrored: bool) -> impl Iterator<Item = usize> + '_ {
        self.feats[persp][..self.n as usize]
            .iter()
            .map(move |&f| usize::from(if mirrored { mirror(f) } else { f }))
    }
}

/// Float parameters, laid out as the quantised net.
#[derive(Clone)]
struct Params {
    hidden_w: Vec<f32>,
    hidden_b: Vec<f32>,
    out_w: Vec<f32>,
    out_b: f32,
}

impl Params {
    fn zeros() -> Params {
        Params {
            hidden_w: vec![0.0; INPUTS * HIDDEN],
            hidden_b: vec![0.0; HIDDEN],
            out_w: vec![0.0; 2 * HIDDEN],
            out_b: 0.0,
        }
    }

    fn random(seed: u64) -> Params {
        use rand::Rng;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Params::zeros();
        let s1 = (1.0 / 32f32).sqrt();
        for w in &mut p.hidden_w {
            *w = rng.gen_range(-s1..s1);
        }
        for b in &mut p.hidden_b {
            *b = rng.gen_range(0.0..0.2);
        }
        let s2 = (1.0 / HIDDEN as f32).sqrt();
        for w in &mut p.out_w {
            *w = rng.gen_range(-s2..s2);
        }
        tie_mirrors(&mut p.hidden_w);
        p
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 3] {
        [&mut self.hidden_w, &mut self.hidden_b, &mut self.out_w]
    }

    fn add(&mut self, o: &Params) {
        for (a, b) in self.slices_mut().into_iter().zip(o.slices()) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.out_b += o.out_b;
    }

    fn slices(&self) -> [&[f32]; 3] {
        [&self.hidden_w, &self.hidden_b, &self.out_w]
    }

    fn quantise(&self) -> Net {
        let mut net = Net::zeroed();
        let q =
            |x: f32, s: i32, lim: i32| (x * s as f32).round().clamp(-lim as f32, lim as f32) as i16;
        for (i, row) in net.hidden_w.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = q(self.hidden_w[i * HIDDEN + j], QA, 32767);
            }
        }
        for (w, &x) in net.hidden_b.iter_mut().zip(&self.hidden_b) {
            *w = q(x, QA, 32767);
        }
        for (w, &x) in net.out_w.iter_mut().zip(&self.out_w) {
            *w = q(x, QB, MAX_OUT_WEIGHT);
        }
        net.out_b = (self.out_b * (QA * QB) as f32).round() as i32;
        net
    }
}

/// Makes an input's row equal to its left-right mirror's (their mean): the
/// rules are symmetric, so the net is made exactly so.
fn tie_mirrors(rows: &mut [f32]) {
    for f in 0..INPUTS {
        let m = usize::from(mirror(f as u16));
        if m <= f {
            continue;
        }
        for j in 0..HIDDEN {
            let mean = 0.5 * (rows[f * HIDDEN + j] + rows[m * HIDDEN + j]);
            rows[f * HIDDEN + j] = mean;
            rows[m * HIDDEN + j] = mean;
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Forward pass: the raw output (eval / SCALE) and the hidden values.
fn forward(p: &Params, s: &Sample, mirrored: bool, acc: &mut [[f32; HIDDEN]; 2]) -> f32 {
    let stm = s.stm as usize;
    for (k, persp) in [stm, 1 - stm].into_iter().enumerate() {
        acc[k].copy_from_slice(&p.hidden_b);
        for f in s.inputs(persp, mirrored) {
            let row = &p.hidden_w[f * HIDDEN..(f + 1) * HIDDEN];
            for (a, w) in acc[k].iter_mut().zip(row) {
                *a += w;
            }
        }
    }
    let mut y = p.out_b;
    for (half, w) in acc.iter().zip(p.out_w.chunks(HIDDEN)) {
        for (a, w) in half.iter().zip(w) {
            let a = a.clamp(0.0, 1.0);
            y += a * a * w;
        }
    }
    y
}

/// Loss of one sample, and its gradient added to `g` (if given).
fn step(
    p: &Params,
    s: &Sample,
    mirrored: bool,
    k: f32,
    lambda: f32,
    g: Option<&mut Params>,
) -> f32 {
    let mut acc = [[0f32; HIDDEN]; 2];
    let y = forward(p, s, mirrored, &mut acc);
    let target = lambda * s.result + (1.0 - lambda) * sigmoid(s.score as f32 / k);
    let pred = sigmoid(y * SCALE as f32 / k);
    let err = pred - target;
    if let Some(g) = g {
        let dy = 2.0 * err * pred * (1.0 - pred) * SCALE as f32 / k;
        g.out_b += dy;
        let stm = s.stm as usize;
        for (kk, persp) in [stm, 1 - stm].into_iter().enumerate() {
            let mut dacc = [0f32; HIDDEN];
            for i in 0..HIDDEN {
                let a = acc[kk][i];
                let c = a.clamp(0.0, 1.0);
                g.out_w[kk * HIDDEN + i] += dy * c * c;
                if a > 0.0 && a < 1.0 {
                    dacc[i] = dy * p.out_w[kk * HIDDEN + i] * 2.0 * a;
                }
            }
            for (b, d) in g.hidden_b.iter_mut().zip(&dacc) {
                *b += d;
            }
            for f in s.inputs(persp, mirrored) {
                let row = &mut g.hidden_w[f * HIDDEN..(f + 1) * HIDDEN];
                for (w, d) in row.iter_mut().zip(&dacc) {
                    *w += d;
                }
            }
        }
    }
    err * err
}

fn load(args: &Args) -> Vec<Sample> {
    let mut out = vec![];
    for path in &args.data {
        let records = read_records(path).unwrap_or_else(|e| {
            eprintln!("train: cannot read {}: {e}", path.display());
            std::process::exit(2)
        });
        for r in records {
            let r = r.unwrap_or_else(|e| {
                eprintln!("train: {}: {e}", path.display());
                std::process::exit(2)
            });
            let stm = r.side();
            let mut s = Sample {
                feats: [[0; 32]; 2],
                n: 0,
                stm: stm.index() as u8,
                score: if stm == Color::Red {
                    r.score_red()
                } else {
                    -r.score_red()
                },
                result: {
                    let red = r.result().red_points();
                    if stm == Color::Red {
                        red
                    } else {
                        1.0 - red
                    }
                },
            };
            for (sq, piece) in r.pieces() {
                let n = s.n as usize;
                if n == 32 {
                    break;
                }
                for persp in Color::BOTH {
                    s.feats[persp.index()][n] = nnue::feature(persp, piece, sq) as u16;
                }
                s.n += 1;
            }
            out.push(s);
            if args.limit > 0 && out.len() >= args.limit {
                return out;
            }
        }
    }
    out
}

/// The `K` of `sigmoid(score / K)` that best predicts the results.
fn fit_k(samples: &[Sample]) -> f32 {
    let err = |k: f32| -> f64 {
        samples
            .iter()
            .step_by(7)
            .map(|s| {
                let d = sigmoid(s.score as f32 / k) - s.result;
                f64::from(d * d)
            })
            .sum()
    };
    let mut best = (f64::MAX, 100.0);
    let mut k = 50.0;
    while k <= 1500.0 {
        let e = err(k);
        if e < best.0 {
            best = (e, k);
        }
        k += 10.0;
    }
    best.1
}

fn main() {
    let args = Args::parse();
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build_global()
        .expect("thread pool");
    // Both folders are made before hours of training, not after.
    for dir in std::iter::once(&args.out).chain(&args.export) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("train: cannot create {}: {e}", dir.display());
            std::process::exit(2)
        }
    }
    let samples = load(&args);
    let (mut train, mut valid) = (vec![], vec![]);
    // Held out in runs of 256 records (a few games), so that no game has
    // positions on both sides of the split.
    for (i, s) in samples.into_iter().enumerate() {
        if (i / 256) % 50 == 0 {
            valid.push(s);
        } else {
            train.push(s);
        }
    }
    let k = fit_k(&train);
    println!(
        "train: {} positions (x2 mirrored), validation {}, K = {k}",
        train.len(),
        valid.len()
    );
    let mut p = Params::random(args.seed);
    let (mut m, mut v) = (Params::zeros(), Params::zeros());
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut order: Vec<u32> = (0..2 * train.len() as u32).collect();
    let steps_per_epoch = order.len().div_ceil(args.batch);
    let total_steps = steps_per_epoch * args.epochs;
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t: i32 = 0;
    let slices = args.threads.max(1) * 4;
    let mut log = std::fs::File::create(args.out.join("loss.txt")).expect("loss log");
    for epoch in 1..=args.epochs {
        order.shuffle(&mut rng);
        let start = std::time::Instant::now();
        let mut train_loss = 0.0f64;
        for batch in order.chunks(args.batch) {
            t += 1;
            // Fixed slices summed in a fixed order: the same bits each run.
            let per = batch.len().div_ceil(slices);
            let parts: Vec<(Params, f64)> = batch
                .par_chunks(per)
                .map(|part| {
                    let mut g = Params::zeros();
                    let mut loss = 0.0f64;
                    for &i in part {
                        let s = &train[(i / 2) as usize];
                        loss += f64::from(step(&p, s, i % 2 == 1, k, args.lambda, Some(&mut g)));
                    }
                    (g, loss)
                })
                .collect();
            let mut g = Params::zeros();
            for (part, loss) in &parts {
                g.add(part);
                train_loss += loss;
            }
            // Mirrored inputs share one gradient, so their weights stay equal.
            tie_mirrors(&mut g.hidden_w);
            let scale = 1.0 / batch.len() as f32;
            let progress = t as f32 / total_steps as f32;
            let lr = args.lr * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()).max(0.02);
            let bc1 = 1.0 - b1.powi(t);
            let bc2 = 1.0 - b2.powi(t);
            let adam = |w: &mut f32, g: f32, m: &mut f32, v: &mut f32, decay: f32, clip: f32| {
                let g = g * scale;
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *w -= lr * ((*m / bc1) / ((*v / bc2).sqrt() + eps) + decay * *w);
                *w = w.clamp(-clip, clip);
            };
            for (((w, g), m), v) in p
                .slices_mut()
                .into_iter()
                .zip(g.slices())
                .zip(m.slices_mut())
                .zip(v.slices_mut())
            {
                for i in 0..w.len() {
                    adam(&mut w[i], g[i], &mut m[i], &mut v[i], args.decay, CLIP);
                }
            }
            adam(&mut p.out_b, g.out_b, &mut m.out_b, &mut v.out_b, 0.0, 1e6);
        }
        let valid_loss: f64 = valid
            .par_iter()
            .map(|s| f64::from(step(&p, s, false, k, args.lambda, None)))
            .sum::<f64>()
            / valid.len().max(1) as f64;
        let line = format!(
            "epoch {epoch}: train loss {:.6}, validation loss {valid_loss:.6}, {:.1} s",
            train_loss / order.len() as f64,
            start.elapsed().as_secs_f64()
        );
        println!("{line}");
        writeln!(log, "{line}").expect("loss log");
        let net = p.quantise();
        std::fs::write(args.out.join(format!("epoch-{epoch}.nnue")), net.to_bytes())
            .expect("checkpoint");
    }
    let bytes = p.quantise().to_bytes();
    std::fs::write(args.out.join("final.nnue"), &bytes).expect("final net");
    println!("train: wrote {}", args.out.join("final.nnue").display());
    if let Some(dir) = &args.export {
        let path = dir.join(net_name(&bytes));
        std::fs::write(&path, &bytes).expect("exported net");
        println!("train: exported {}", path.display());
    }
}

/// A net's file name: `nn-` and the first 12 hex digits of its SHA-256.
fn net_name(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(bytes);
    let hex: String = hash.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("nn-{hex}.nnue")
}
