//! Self-play training data (NNUE, Texel through `datadump`). Games at a node
//! limit per move start from the shared openings or the start position plus
//! a few random plies; quiet positions go to `<out>/data.bin` as 32-byte
//! records (see `chariot_tuning::record`), a chunk of games at a time, so a
//! killed run loses at most the chunk in progress and resumes after the
//! last whole one. Each game depends only on `--seed` and its index.

use chariot::board::{Color, Game, Position};
use chariot::rules::judge::{judge, Outcome};
use chariot::rules::{RuleSet, NATURAL_LIMIT};
use chariot::search::{mate_moves, tt::Tt, Limits, Searcher, Signals};
use chariot_tuning::load_openings;
use chariot_tuning::record::{Chunk, ChunkHeader, ChunkReader, GameResult, Record};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{rngs::StdRng, seq::SliceRandom, Rng, SeedableRng};
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(about = "Self-play training data: quiet positions as 32-byte records")]
struct Args {
    /// Openings, one FEN per line (blank lines and `#` comments skipped).
    #[arg(long)]
    openings: PathBuf,
    /// Output folder: `data.bin` (appended, resumed) and `run.txt`.
    #[arg(long)]
    out: PathBuf,
    /// Node limit per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Worker threads, each playing one game at a time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Total games, earlier runs into the same folder included; without it
    /// the run goes on until stopped.
    #[arg(long)]
    games: Option<u64>,
    /// Transposition table per thread, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Search with the embedded NNUE net (a later generation) instead of the
    /// hand-crafted evaluation.
    #[arg(long)]
    nnue: bool,
    /// Games per chunk: the unit written at once, and lost if killed.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..))]
    chunk_games: u16,
}

/// Red-side score at which a game is won once it holds for `WIN_PLIES`.
const WIN_SCORE: i32 = 800;
const WIN_PLIES: usize = 6;
/// A long quiet stretch is a draw: `CALM_PLIES` scores within `CALM_SCORE`
/// in a row, from `CALM_FROM` on.
const CALM_SCORE: i32 = 20;
const CALM_PLIES: usize = 40;
const CALM_FROM: usize = 160;
const MAX_PLIES: usize = 400;
/// A start whose first search says more than this is too one-sided.
const START_SCORE: i32 = 250;
const MIN_RECORD_PLY: usize = 8;
const MAX_RECORD_SCORE: i32 = 2000;

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("datagen: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What the file already holds.
#[derive(Default)]
struct Totals {
    next_game: u64,
    games: u64,
    positions: u64,
    wdl: [u64; 3],
}

impl Totals {
    fn add(&mut self, h: &ChunkHeader) {
        self.next_game = h.end_game();
        self.games += h.games as u64;
        self.positions += h.records as u64;
        self.wdl[GameResult::RedWins as usize] += h.red_wins as u64;
        self.wdl[GameResult::Draw as usize] += h.draws as u64;
        self.wdl[GameResult::BlackWins as usize] += h.black_wins as u64;
    }
}

/// Reads the whole chunks of `path` and cuts off a trailing partial one.
fn scan(path: &Path) -> Result<Totals, String> {
    let mut totals = Totals::default();
    if !path.exists() {
        return Ok(totals);
    }
    let mut reader = ChunkReader::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for chunk in reader.by_ref() {
        let chunk = chunk.map_err(|e| {
            format!(
                "{}: {e} (left as it is; move it away to start afresh)",
                path.display()
            )
        })?;
        if chunk.header.first_game != totals.next_game {
            eprintln!(
                "datagen: warning: chunk starts at game {}, expected {}",
                chunk.header.first_game, totals.next_game
            );
        }
        totals.add(&chunk.header);
    }
    if reader.truncated() {
        let len = std::fs::metadata(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .len();
        eprintln!(
            "datagen: dropping an incomplete trailing chunk ({} bytes)",
            len - reader.valid_len()
        );
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(reader.valid_len()))
            .map_err(|e| format!("cannot truncate {}: {e}", path.display()))?;
    }
    Ok(totals)
}

/// The engine commit: `CHARIOT_COMMIT` at build time (for a binary built
/// from an export), else `git rev-parse HEAD` where the run is started.
fn git_commit() -> String {
    if let Some(c) = option_env!("CHARIOT_COMMIT") {
        return c.to_string();
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{c} (uncommitted changes)")
            } else {
                c
            }
        }
        _ => "unknown".into(),
    }
}

/// Notes the arguments in `run.txt`: in full on the first start, one line
/// for each resumption.
fn note_run(out: &Path, args: &Args, totals: &Totals) -> Result<(), String> {
    let path = out.join("run.txt");
    let first = !path.exists();
    if !first {
        // Games of another seed or node count would not continue this run.
        let old = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (key, now) in [("seed", args.seed), ("nodes", args.nodes)] {
            let was = old
                .lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
                .and_then(|v| v.trim().parse::<u64>().ok());
            if was.is_some_and(|w| w != now) {
                return Err(format!(
                    "{} was started with --{key} {}; resume with the same or use another --out",
                    path.display(),
                    was.unwrap_or_default()
                ));
            }
        }
        // Runs noted before the option existed searched by hand-crafted terms.
        let was_nnue = old.lines().any(|l| l.starts_with("evaluation: nnue"));
        if was_nnue != args.nnue {
            return Err(format!(
                "{} was started {} --nnue; resume the same way or use another --out",
                path.display(),
                if was_nnue { "with" } else { "without" }
            ));
        }
    }
    let text = if first {
        format!(
            "datagen run\nengine commit: {}\nevaluation: {}\nnodes: {}\nseed: {}\nthreads: {}\n\
             hash: {} MB\nchunk games: {}\ngames: {}\nopenings: {}\n",
            git_commit(),
            if args.nnue {
                format!("nnue ({})", chariot::eval::nnue::EMBEDDED_NAME)
            } else {
                "hce".into()
            },
            args.nodes,
            args.seed,
            args.threads,
            args.hash,
            args.chunk_games,
            args.games.map_or("unlimited".into(), |g| g.to_string()),
            args.openings.display()
        )
    } else {
        format!(
            "resumed at game {} (nodes {}, seed {}, threads {}, engine commit {})\n",
            totals.next_game,
            args.nodes,
            args.seed,
            args.threads,
            git_commit()
        )
    };
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Game `index`'s own seed: runs and resumptions never share one.
fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix(splitmix(seed) ^ index)
}

/// A played game: its records, or `None` for a skipped start.
type GameOut = Option<(Vec<Record>, GameResult)>;

fn play(index: u64, args: &Args, openings: &[Position], searcher: &mut Searcher) -> GameOut {
    let mut rng = StdRng::seed_from_u64(game_seed(args.seed, index));
    let (start, random_plies) = if rng.gen_range(0..4) == 0 {
        (Position::startpos(), rng.gen_range(8..=12))
    } else {
        (
            openings[rng.gen_range(0..openings.len())].clone(),
            rng.gen_range(4..=10),
        )
    };
    let mut game = Game::new(start);
    for _ in 0..random_plies {
        let moves = game.pos.legal_moves();
        game.play(*moves.as_slice().choose(&mut rng)?);
    }
    // Same game for the same seed whatever the thread played before.
    searcher.clear();
    searcher.net = args.nnue.then(chariot::eval::nnue::embedded);
    searcher.config.rule = RuleSet::Chinese;
    searcher.config.natural_limit = NATURAL_LIMIT;
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut records = vec![];
    let (mut win_sign, mut win_run, mut calm_run) = (0, 0, 0);
    let result = loop {
        let verdict = judge(&game.start, &game.moves, RuleSet::Chinese, NATURAL_LIMIT).ok()?;
        match verdict.outcome {
            Outcome::RedWins => break GameResult::RedWins,
            Outcome::BlackWins => break GameResult::BlackWins,
            Outcome::Draw => break GameResult::Draw,
            Outcome::Ongoing => {}
        }
        let ply = game.moves.len();
        if ply >= MAX_PLIES {
            break GameResult::Draw;
        }
        let r = searcher.search(&game, &limits, &signals, &[], 1, &mut |_| {});
        let best = r.best?;
        let score = if game.pos.side() == Color::Red {
            r.score
        } else {
            -r.score
        };
        if ply == random_plies && score.abs() > START_SCORE {
            return None;
        }
        let mate = mate_moves(score);
        let sign = if score >= WIN_SCORE || mate.is_some_and(|n| n > 0) {
            1
        } else if score <= -WIN_SCORE || mate.is_some_and(|n| n < 0) {
            -1
        } else {
            0
        };
        win_run = if sign != 0 && sign == win_sign {
            win_run + 1
        } else {
            usize::from(sign != 0)
        };
        win_sign = sign;
        if win_run >= WIN_PLIES {
            break if sign > 0 {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            };
        }
        calm_run = if score.abs() <= CALM_SCORE {
            calm_run + 1
        } else {
            0
        };
        if ply >= CALM_FROM && calm_run >= CALM_PLIES {
            break GameResult::Draw;
        }
        let quiet = !game.pos.in_check()
            && game.pos.piece_at(best.to()).is_none()
            && !game.pos.gives_check(best);
        if quiet && mate.is_none() && score.abs() < MAX_RECORD_SCORE && ply >= MIN_RECORD_PLY {
            records.push(Record::from_position(
                &game.pos,
                score,
                GameResult::Draw,
                ply as u32,
            ));
        }
        game.play(best);
    };
    for r in &mut records {
        r.set_result(result);
    }
    Some((records, result))
}

/// Counters the workers bump as games finish, for the progress display.
#[derive(Default)]
struct Live {
    games: AtomicU64,
    positions: AtomicU64,
}

/// Plays games `first..first + n` on the workers and returns them in order.
fn play_chunk(
    first: u64,
    n: u64,
    args: &Args,
    openings: &[Position],
    searchers: &mut [Searcher],
    live: &Live,
    bar: &ProgressBar,
) -> Chunk {
    let next = AtomicU64::new(first);
    let outs: Mutex<Vec<GameOut>> = Mutex::new(vec![None; n as usize]);
    let (next, outs_ref) = (&next, &outs);
    std::thread::scope(|s| {
        for searcher in searchers.iter_mut() {
            s.spawn(move || loop {
                let index = next.fetch_add(1, Relaxed);
                if index >= first + n {
                    break;
                }
                let out = play(index, args, openings, searcher);
                live.games.fetch_add(1, Relaxed);
                if let Some((records, _)) = &out {
                    live.positions.fetch_add(records.len() as u64, Relaxed);
                }
                bar.inc(1);
                outs_ref.lock().expect("no worker panicked")[(index - first) as usize] = out;
            });
        }
    });
    let mut header = ChunkHeader {
        first_game: first,
        games: n as u16,
        ..ChunkHeader::default()
    };
    let mut records = vec![];
    for (r, result) in outs
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .flatten()
    {
        match result {
            GameResult::RedWins => header.red_wins += 1,
            GameResult::Draw => header.draws += 1,
            GameResult::BlackWins => header.black_wins += 1,
        }
        records.extend(r);
    }
    header.records = records.len() as u32;
    Chunk { header, records }
}

fn run(args: Args) -> Result<(), String> {
    let openings = load_openings(&args.openings)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let data = args.out.join("data.bin");
    let mut totals = scan(&data)?;
    note_run(&args.out, &args, &totals)?;
    let target = args.games.unwrap_or(u64::MAX);
    if totals.next_game >= target {
        eprintln!(
            "datagen: {} already holds {} games, nothing to do",
            data.display(),
            totals.next_game
        );
        return Ok(());
    }
    eprintln!(
        "datagen: starting at game {} ({} positions so far), {} thread(s), {} nodes",
        totals.next_game, totals.positions, args.threads, args.nodes
    );
    let mut searchers = (0..args.threads)
        .map(|_| Tt::new(args.hash).map(|tt| Searcher::new(Arc::new(tt))))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| format!("cannot allocate {} MB of hash per thread", args.hash))?;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&data)
        .map_err(|e| format!("cannot open {}: {e}", data.display()))?;

    let tty = std::io::stderr().is_terminal();
    let bar = if !tty {
        ProgressBar::hidden()
    } else if let Some(g) = args.games {
        ProgressBar::new(g - totals.next_game).with_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {pos}/{len} games, ETA {eta_precise} {msg}",
            )
            .expect("valid template"),
        )
    } else {
        ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{elapsed_precise} {spinner} {pos} games {msg}")
                .expect("valid template"),
        )
    };
    let live = Live::default();
    let started = Instant::now();
    let message = |totals: &Totals| {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        let games_per_s = live.games.load(Relaxed) as f64 / secs;
        let eta = match args.games {
            Some(g) if games_per_s > 0.0 => {
                let s = (g - totals.next_game) as f64 / games_per_s;
                format!(", ETA {:.1} h", s / 3600.0)
            }
            _ => String::new(),
        };
        let wdl = |r: GameResult| totals.wdl[r as usize];
        format!(
            "games {}, positions {}, {:.0} pos/s, {:.0} games/h, Red W/D/L {}/{}/{}{eta}",
            totals.next_game,
            totals.positions,
            live.positions.load(Relaxed) as f64 / secs,
            games_per_s * 3600.0,
            wdl(GameResult::RedWins),
            wdl(GameResult::Draw),
            wdl(GameResult::BlackWins)
        )
    };
    bar.set_message(message(&totals));
    while totals.next_game < target {
        let n = (args.chunk_games as u64).min(target - totals.next_game);
        let chunk = play_chunk(
            totals.next_game,
            n,
            &args,
            &openings,
            &mut searchers,
            &live,
            &bar,
        );
        file.write_all(&chunk.to_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("cannot write {}: {e}", data.display()))?;
        totals.add(&chunk.header);
        if tty {
            bar.set_message(message(&totals));
        } else {
            eprintln!("{}", message(&totals));
        }
    }
    bar.finish();
    eprintln!("datagen: done, {}", message(&totals));
    Ok(())
}
