//! Self-play data for evaluation tuning. Games at a fixed node count start
//! from the shared openings plus a few random plies; quiet positions are
//! written with the search score and the game's result, both from Red's side:
//! `<fen>;<score>;<result 1 | 0.5 | 0>`.

use chariot::board::{Game, Move, Position};
use chariot::rules::judge::{judge, Outcome};
use chariot::rules::{RuleSet, NATURAL_LIMIT};
use chariot::search::{mate_moves, tt::Tt, Limits, Searcher, Signals};
use clap::Parser;
use rand::{rngs::StdRng, seq::SliceRandom, Rng, SeedableRng};
use std::io::{BufRead, BufWriter, Write};
use std::sync::Arc;

#[derive(Parser)]
struct Args {
    /// EPD/FEN file, one opening per line.
    #[arg(long)]
    openings: String,
    #[arg(long, default_value_t = 100)]
    games: usize,
    #[arg(long, default_value_t = 8000)]
    nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (appended to).
    #[arg(long)]
    out: String,
}

/// Eval units at which a game is adjudicated after `WIN_PLIES` plies in a row.
const WIN_SCORE: i32 = 800;
const WIN_PLIES: usize = 6;
const MAX_PLIES: usize = 400;

fn main() {
    let args = Args::parse();
    let openings: Vec<Position> = std::fs::File::open(&args.openings)
        .map(std::io::BufReader::new)
        .expect("openings file")
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::from_fen(l.trim()).expect("opening FEN"))
        .collect();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .expect("output file");
    let mut out = BufWriter::new(out);
    let tt = Arc::new(Tt::new(16).expect("hash"));
    let mut searcher = Searcher::new(tt);
    let (mut written, mut results) = (0, [0usize; 3]);
    for g in 0..args.games {
        let start = openings[rng.gen_range(0..openings.len())].clone();
        let Some((records, result)) = play(&start, &mut searcher, &mut rng, args.nodes) else {
            continue;
        };
        results[(result * 2.0) as usize] += 1;
        for (fen, score) in &records {
            writeln!(out, "{fen};{score};{result}").expect("write");
        }
        written += records.len();
        if (g + 1) % 50 == 0 {
            out.flush().expect("flush");
            eprintln!(
                "games {} positions {written} (Red wins {}, draws {}, Black wins {})",
                g + 1,
                results[2],
                results[1],
                results[0]
            );
        }
    }
    out.flush().expect("flush");
}

/// One game; `None` if the random opening plies left it too one-sided.
fn play(
    start: &Position,
    searcher: &mut Searcher,
    rng: &mut StdRng,
    nodes: u64,
) -> Option<(Vec<(String, i32)>, f32)> {
    let mut game = Game::new(start.clone());
    let random_plies = rng.gen_range(2..=8);
    for _ in 0..random_plies {
        let moves = game.pos.legal_moves();
        let m = *moves.as_slice().choose(rng)?;
        game.play(m);
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut records = vec![];
    let mut streak: (i32, usize) = (0, 0);
    let result = loop {
        let verdict = judge(&game.start, &game.moves, RuleSet::Chinese, NATURAL_LIMIT).ok()?;
        match verdict.outcome {
            Outcome::RedWins => break 1.0,
            Outcome::BlackWins => break 0.0,
            Outcome::Draw => break 0.5,
            Outcome::Ongoing => {}
        }
        if game.moves.len() >= MAX_PLIES {
            break 0.5;
        }
        let r = searcher.search(&game, &limits, &signals, &[], 1, &mut |_| {});
        let best: Move = r.best?;
        let red = if game.pos.side() == chariot::board::Color::Red {
            1
        } else {
            -1
        };
        let score = r.score * red;
        if game.moves.len() == random_plies && score.abs() > 250 {
            return None;
        }
        let sign = if score >= WIN_SCORE || mate_moves(score).is_some_and(|n| n > 0) {
            1
        } else if score <= -WIN_SCORE || mate_moves(score).is_some_and(|n| n < 0) {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.0 {
            (sign, streak.1 + 1)
        } else {
            (sign, usize::from(sign != 0))
        };
        if streak.1 >= WIN_PLIES {
            break if streak.0 > 0 { 1.0 } else { 0.0 };
        }
        let quiet = !game.pos.in_check() && game.pos.piece_at(best.to()).is_none();
        if quiet && mate_moves(score).is_none() && score.abs() < 2000 {
            records.push((game.pos.to_fen(), score));
        }
        game.play(best);
    };
    Some((records, result))
}
