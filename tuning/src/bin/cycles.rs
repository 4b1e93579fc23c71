//! Collects repetition cycles for the differential test of the repetition
//! rulings against an independent referee: one line per cycle, the game
//! from some position up to the third occurrence of a position, as
//! `FEN moves M... <TAB> source tags`.
//!
//! Two sources, both biased toward moves that return to an earlier
//! position:
//! - self-play at a low node count from the openings (`--source play`);
//! - random endgames with a few pieces, shuffled by random quiet moves that
//!   prefer attacks (`--source endgame`);
//! - the same shuffles from the openings (`--source shuffle`): full boards,
//!   where pins and protectors abound.
//!
//!   cycles --openings FILE --source play --games 2000 --seed 1 > cycles.txt

use chariot::board::{Color, Game, Move, Position};
use chariot::rules::asian::{chased_tagged, span_tags};
use chariot::rules::{no_attacking_material, RuleSet};
use chariot::search::{tt::Tt, Limits, Searcher, Signals};
use chariot_tuning::load_openings;
use clap::{Parser, ValueEnum};
use rand::{rngs::StdRng, seq::SliceRandom, Rng, SeedableRng};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Source {
    Play,
    Endgame,
    /// Random attack-seeking quiet moves from the openings.
    Shuffle,
}

#[derive(Parser)]
#[command(about = "Collect repetition cycles for the differential rules test")]
struct Args {
    #[arg(long, value_enum)]
    source: Source,
    /// Openings (FEN/EPD lines), for `--source play`.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes per searched move (`--source play`).
    #[arg(long, default_value_t = 400)]
    nodes: u64,
    /// Plies per game at most.
    #[arg(long, default_value_t = 300)]
    plies: usize,
}

/// A game being played, and where the next cycle line starts.
struct Walk {
    game: Game,
    /// Index (into the game's positions) the current line starts from.
    base: usize,
    /// Index of the position after the last capture.
    quiet_from: usize,
}

impl Walk {
    fn new(start: Position) -> Walk {
        Walk {
            game: Game::new(start),
            base: 0,
            quiet_from: 0,
        }
    }

    /// Earlier positions equal to the current one, same side to move, since
    /// the line's start and the last capture (most recent first).
    fn occurrences(&self) -> Vec<usize> {
        let keys = &self.game.keys;
        let n = keys.len() - 1;
        let from = self.base.max(self.quiet_from);
        (from..n)
            .rev()
            .filter(|&j| (n - j).is_multiple_of(2) && keys[j] == keys[n])
            .collect()
    }

    /// Plays `m`; at a third occurrence returns the cycle line (and starts
    /// the next line here).
    fn play(&mut self, m: Move, source: &str) -> Option<String> {
        if self.game.pos.piece_at(m.to()).is_some() {
            self.quiet_from = self.game.keys.len();
        }
        self.game.play(m);
        let occ = self.occurrences();
        if occ.len() < 2 {
            return None;
        }
        let n = self.game.keys.len() - 1;
        let first = occ[1];
        let start = replay(&self.game, self.base);
        let moves = &self.game.moves[self.base..];
        let entry = (first > self.base).then(|| {
            let e = first - 1;
            (self.game.moves[e], first == self.quiet_from)
        });
        let tags = span_tags(&self.game.pos, entry, &self.game.moves[first..]);
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let line = format!(
            "{} moves {}\t{source}{}{}{}",
            start.to_fen(),
            text.join(" "),
            if tags.exchange { " exchange" } else { "" },
            if tags.discovered { " discovered" } else { "" },
            if tags.false_protector {
                " protector"
            } else {
                ""
            },
        );
        self.base = n;
        Some(line)
    }
}

/// The game's position at index `i`.
fn replay(game: &Game, i: usize) -> Position {
    let mut p = game.start.clone();
    for &m in &game.moves[..i] {
        p.make(m);
    }
    p
}

/// Legal moves that lead back to a position of the current line.
fn returning_moves(w: &Walk) -> Vec<Move> {
    let pos = &w.game.pos;
    let from = w.base.max(w.quiet_from);
    let earlier = &w.game.keys[from..];
    pos.legal_moves()
        .as_slice()
        .iter()
        .copied()
        .filter(|&m| pos.piece_at(m.to()).is_none())
        .filter(|&m| {
            let mut p = pos.clone();
            p.make(m);
            earlier.contains(&p.key())
        })
        .collect()
}

/// A random quiet move, preferring one that chases (by the Asian test), and
/// among those one whose target has only a false protector.
fn shuffle_move(pos: &Position, rng: &mut StdRng) -> Option<Move> {
    let legal = pos.legal_moves();
    let quiet: Vec<Move> = legal
        .as_slice()
        .iter()
        .copied()
        .filter(|&m| pos.piece_at(m.to()).is_none())
        .collect();
    if quiet.is_empty() {
        return legal.as_slice().choose(rng).copied();
    }
    if rng.gen_bool(0.6) {
        let mut chasing = vec![];
        let mut false_protector = vec![];
        for &m in &quiet {
            let mut p = pos.clone();
            p.make(m);
            let (chased, tags) = chased_tagged(&p, m, false);
            if chased.any() {
                chasing.push(m);
                if tags.false_protector {
                    false_protector.push(m);
                }
            }
        }
        if !false_protector.is_empty() && rng.gen_bool(0.7) {
            return false_protector.choose(rng).copied();
        }
        if let Some(&m) = chasing.choose(rng) {
            return Some(m);
        }
    }
    quiet.choose(rng).copied()
}

/// A random legal endgame: both kings, and two to six other pieces.
fn random_endgame(rng: &mut StdRng) -> Position {
    const KINDS: [char; 6] = ['r', 'n', 'c', 'p', 'a', 'b'];
    loop {
        let mut board = [['.'; 9]; 10];
        let put =
            |board: &mut [[char; 9]; 10], rng: &mut StdRng, c: char, squares: &[(usize, usize)]| {
                let free: Vec<&(usize, usize)> = squares
                    .iter()
                    .filter(|&&(f, r)| board[r][f] == '.')
                    .collect();
                if let Some(&&(f, r)) = free.choose(rng) {
                    board[r][f] = c;
                }
            };
        for color in [Color::Red, Color::Black] {
            let palace = if color == Color::Red {
                [0, 1, 2]
            } else {
                [7, 8, 9]
            };
            let case = |c: char| {
                if color == Color::Red {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            };
            let kings: Vec<(usize, usize)> = palace
                .iter()
                .flat_map(|&r| (3..6).map(move |f| (f, r)))
                .collect();
            put(&mut board, rng, case('k'), &kings);
            let count = rng.gen_range(2..=6);
            for _ in 0..count {
                let kind = *KINDS.choose(rng).unwrap();
                let squares: Vec<(usize, usize)> = match kind {
                    'a' => [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
                        .iter()
                        .map(|&(f, r)| (f, if color == Color::Red { r } else { 9 - r }))
                        .collect(),
                    'b' => [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
                        .iter()
                        .map(|&(f, r)| (f, if color == Color::Red { r } else { 9 - r }))
                        .collect(),
                    // Crossed, or on a pawn's own file short of the river.
                    'p' => (0..10)
                        .flat_map(|r| (0..9).map(move |f| (f, r)))
                        .filter(|&(f, r)| {
                            let r = if color == Color::Red { r } else { 9 - r };
                            r >= 5 || ((3..5).contains(&r) && f % 2 == 0)
                        })
                        .collect(),
                    _ => (0..10).flat_map(|r| (0..9).map(move |f| (f, r))).collect(),
                };
                put(&mut board, rng, case(kind), &squares);
            }
        }
        let rows: Vec<String> = (0..10)
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut empty = 0;
                for &c in &board[r] {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect();
        let side = if rng.gen_bool(0.5) { 'w' } else { 'b' };
        let fen = format!("{} {side} - - 0 1", rows.join("/"));
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        // The side not to move must not be in check, and play must go on.
        let mut other = pos.clone();
        other.make_null();
        if other.in_check() || pos.legal_moves().is_empty() || no_attacking_material(&pos) {
            continue;
        }
        return pos;
    }
}

fn main() {
    let args = Args::parse();
    let openings = match (&args.openings, args.source) {
        (Some(p), _) => load_openings(p).unwrap_or_else(|e| {
            eprintln!("cycles: {e}");
            std::process::exit(2)
        }),
        (None, Source::Endgame) => vec![],
        (None, _) => vec![Position::startpos()],
    };
    let mut searcher = Searcher::new(Arc::new(Tt::new(16).expect("16 MB hash")));
    let signals = Signals::default();
    let out = std::io::stdout();
    let mut out = out.lock();
    for game in 0..args.games {
        let mut rng = StdRng::seed_from_u64(args.seed.wrapping_mul(1_000_003) ^ game);
        let (start, name) = match args.source {
            Source::Play => (openings[rng.gen_range(0..openings.len())].clone(), "play"),
            Source::Endgame => (random_endgame(&mut rng), "endgame"),
            Source::Shuffle => (
                openings[rng.gen_range(0..openings.len())].clone(),
                "shuffle",
            ),
        };
        let mut walk = Walk::new(start);
        searcher.clear();
        searcher.config.rule = if rng.gen_bool(0.5) {
            RuleSet::Asian
        } else {
            RuleSet::Chinese
        };
        let repeat_bias = rng.gen_range(0.3..0.8);
        for _ in 0..args.plies {
            let pos = &walk.game.pos;
            if pos.legal_moves().is_empty() {
                break;
            }
            let back = returning_moves(&walk);
            let m = if !back.is_empty() && rng.gen_bool(repeat_bias) {
                *back.choose(&mut rng).unwrap()
            } else if args.source == Source::Play {
                let limits = Limits {
                    nodes: Some(rng.gen_range(args.nodes / 2..=args.nodes * 2)),
                    ..Limits::default()
                };
                let r = searcher.search(&walk.game, &limits, &signals, &[], 1, &mut |_| {});
                match r.best {
                    Some(m) => m,
                    None => break,
                }
            } else {
                match shuffle_move(pos, &mut rng) {
                    Some(m) => m,
                    None => break,
                }
            };
            if let Some(line) = walk.play(m, name) {
                if writeln!(out, "{line}").is_err() {
                    return;
                }
            }
        }
    }
}
