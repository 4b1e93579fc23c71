//! The `chariot` binary: the protocol loop by default, plus tool subcommands.
//! Exit codes for every subcommand: 0 success, 2 bad input, 1 internal error.

use chariot::board::Position;
use chariot::protocol;
use chariot::protocol::options::{HASH_MAX_MB, THREADS_MAX};
use chariot::protocol::ranks::Ranks;
use chariot::rules::{RuleSet, NATURAL_LIMIT};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chariot",
    version,
    about = "Chariot, a Xiangqi engine (UCCI and UCI on stdin/stdout)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse a position: the board, then per depth the score and the
    /// principal variation in ICCS and Chinese notation.
    Analyze {
        /// Position (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from it first, e.g. "h2e2 h9g7".
        #[arg(long)]
        moves: Option<String>,
        /// Search depth (default 14 unless --movetime is given).
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<i32>,
        /// Search time in milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Hash size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// Repetition rule set: chinese, asian or checkonly.
        #[arg(long, default_value = RuleSet::DEFAULT.name())]
        rule: String,
    },
    /// Rule a game: legality of every move, then the first game end along the
    /// moves (mate, stalemate, repetition at the third occurrence, natural
    /// move limit, no attacking material). Prints `result:` and `reason:`.
    Judge {
        /// Start position (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves in ICCS, e.g. "h2e2 h9g7".
        #[arg(long)]
        moves: Option<String>,
        /// Repetition rule set: chinese, asian or checkonly.
        #[arg(long, default_value = RuleSet::DEFAULT.name())]
        rule: String,
        /// Natural move limit in plies.
        #[arg(long, default_value_t = NATURAL_LIMIT)]
        natural_limit: u32,
        /// Judge one game per line of standard input (`FEN [moves M...]`),
        /// printing `result reason` per line (`error: ...` for a bad line).
        #[arg(long, conflicts_with_all = ["fen", "moves"])]
        batch: bool,
    },
    /// Fixed-depth search over the bench positions: prints the node-count
    /// signature and speed.
    Bench {
        /// Search depth (default: the signature depth).
        depth: Option<i32>,
        /// Search threads; the node count is a signature only with one,
        /// more measure time to depth.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Repetition rule set (the signature is taken under the default).
        #[arg(long, default_value = RuleSet::DEFAULT.name())]
        rule: String,
        /// Evaluate by hand-crafted terms instead of the embedded net.
        #[arg(long)]
        hce: bool,
        /// Hash table size in MB (the signature is taken with the default;
        /// a small table measures the replacement scheme's hit rate).
        #[arg(long, default_value_t = chariot::search::bench::HASH_MB)]
        hash: usize,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        depth: u32,
        /// Start position (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// One line per root move, sorted by move text.
        #[arg(long)]
        divide: bool,
        /// Worker threads; root moves are split among them.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// A failure with its exit code: 2 for bad input, 1 for internal errors.
struct Failure(u8, String);

fn bad(msg: impl Into<String>) -> Failure {
    Failure(2, msg.into())
}

/// The `--hash` size in MB of `cmd`: the protocol's range without its 0.
fn check_hash(cmd: &str, mb: usize) -> Result<(), Failure> {
    if (1..=HASH_MAX_MB).contains(&mb) {
        Ok(())
    } else {
        Err(bad(format!(
            "{cmd}: --hash must be between 1 and {HASH_MAX_MB}"
        )))
    }
}

fn perft(depth: u32, fen: Option<String>, divide: bool, threads: usize) -> Result<(), Failure> {
    if depth > 32 {
        return Err(bad("perft: depth must be at most 32"));
    }
    if threads == 0 || threads > 1024 {
        return Err(bad("perft: --threads must be between 1 and 1024"));
    }
    let pos = match fen {
        Some(f) => Position::from_fen(&f).map_err(|e| bad(e.to_string()))?,
        None => Position::startpos(),
    };
    for line in protocol::perft_lines(&pos, depth, divide, threads, Ranks::FromZero) {
        println!("{line}");
    }
    Ok(())
}

fn analyze(
    fen: Option<String>,
    moves: Option<String>,
    depth: Option<i32>,
    movetime: Option<u64>,
    hash: usize,
    rule: &str,
) -> Result<(), Failure> {
    use chariot::board::{notation, Game};
    use chariot::search::{mate_moves, time::Budget, tt::Tt, Info, Limits, Searcher, Signals};
    use std::sync::Arc;

    let start = match fen {
        Some(f) => Position::from_fen(&f).map_err(|e| bad(e.to_string()))?,
        None => Position::startpos(),
    };
    let mut game = Game::new(start);
    for m in moves.as_deref().unwrap_or("").split_whitespace() {
        game.play_text(m).map_err(bad)?;
    }
    check_hash("analyze", hash)?;
    let mut limits = Limits::default();
    match (depth, movetime) {
        (_, Some(ms)) => {
            limits.budget = Some(Budget::fixed(ms.max(1)));
            limits.spend_all = true;
        }
        (d, None) => limits.depth = Some(d.unwrap_or(14).clamp(1, 100)),
    }
    let pos = game.pos.clone();
    println!("{}", pos.diagram());
    println!("FEN: {}", pos.to_fen());
    let side = if pos.side() == chariot::board::Color::Red {
        "Red"
    } else {
        "Black"
    };
    println!("{side} to move.\n");
    let tt = Arc::new(
        Tt::new(hash).ok_or_else(|| Failure(1, format!("cannot allocate {hash} MB of hash")))?,
    );
    let mut searcher = Searcher::new(tt);
    searcher.config.rule = parse_rule(rule)?;
    let signals = Signals::default();
    let score_text = |s: i32| match mate_moves(s) {
        Some(n) if n > 0 => format!("mate in {n}"),
        Some(n) => format!("mated in {}", -n),
        None => format!("{s:+}"),
    };
    let mut show = |info: &Info| {
        let iccs: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        let zh = notation::chinese_line(&pos, &info.pv);
        println!(
            "depth {:>2}  score {:>10}  nodes {:>10}  time {:>6} ms  pv {}",
            info.depth,
            score_text(info.score),
            info.nodes,
            info.time.as_millis(),
            iccs.join(" ")
        );
        println!("{:>58}{}", "", zh.join(" "));
    };
    let r = searcher.search(&game, &limits, &signals, &[], 1, &mut show);
    if let Some(i) = &r.partial {
        show(i);
    }
    match r.best {
        Some(m) => println!(
            "\nbest move: {m} ({}), score {} (side to move; 100 = about one horse)",
            notation::chinese(&pos, m),
            score_text(r.score)
        ),
        None => println!("\nno legal move: {side} has lost"),
    }
    Ok(())
}

fn parse_rule(rule: &str) -> Result<RuleSet, Failure> {
    RuleSet::parse(rule).ok_or_else(|| {
        bad(format!(
            "unknown rule '{rule}' ({})",
            RuleSet::NAMES.join(", ")
        ))
    })
}

/// The moves of a `judge` game, in ICCS.
fn parse_moves(text: &str) -> Result<Vec<chariot::board::Move>, String> {
    text.split_whitespace()
        .map(|t| chariot::board::Move::parse(t).ok_or(format!("unparsable move '{t}'")))
        .collect()
}

/// `chariot judge --batch`: one verdict per input line, for tools that rule
/// many games (a bad line gets an error line; the others go on).
fn judge_batch(rule: &str, natural_limit: u32) -> Result<(), Failure> {
    use chariot::rules::judge::judge;
    use std::io::{BufRead, Write};
    let rule = parse_rule(rule)?;
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            return Err(bad("judge: input is not text"));
        };
        let (fen, moves) = match line.split_once(" moves") {
            Some((f, m)) => (f.trim(), m),
            None => (line.trim(), ""),
        };
        let verdict = Position::from_fen(fen)
            .map_err(|e| e.to_string())
            .and_then(|start| {
                let list = parse_moves(moves)?;
                judge(&start, &list, rule, natural_limit.max(1))
            });
        let text = match verdict {
            Ok(v) => format!("{} {}", v.outcome.pgn(), v.reason),
            Err(e) => format!("error: {e}"),
        };
        if writeln!(out, "{text}").is_err() {
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}

fn judge(
    fen: Option<String>,
    moves: Option<String>,
    rule: &str,
    natural_limit: u32,
) -> Result<(), Failure> {
    use chariot::rules::judge::judge;
    let rule = parse_rule(rule)?;
    let start = match fen {
        Some(f) => Position::from_fen(&f).map_err(|e| bad(e.to_string()))?,
        None => Position::startpos(),
    };
    let list =
        parse_moves(moves.as_deref().unwrap_or("")).map_err(|e| bad(format!("judge: {e}")))?;
    let v = judge(&start, &list, rule, natural_limit.max(1)).map_err(bad)?;
    println!("result: {}", v.outcome.pgn());
    println!("reason: {}", v.reason);
    Ok(())
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => {
            let stdin = std::io::stdin();
            protocol::run(stdin.lock(), protocol::Out::new(std::io::stdout()));
            Ok(())
        }
        Some(Command::Analyze {
            fen,
            moves,
            depth,
            movetime,
            hash,
            rule,
        }) => analyze(fen, moves, depth, movetime, hash, &rule),
        Some(Command::Judge {
            fen,
            moves,
            rule,
            natural_limit,
            batch: false,
        }) => judge(fen, moves, &rule, natural_limit),
        Some(Command::Judge {
            rule,
            natural_limit,
            ..
        }) => judge_batch(&rule, natural_limit),
        Some(Command::Bench {
            depth,
            threads,
            rule,
            hce,
            hash,
        }) => {
            let rule = parse_rule(&rule)?;
            let depth = depth.unwrap_or(chariot::search::bench::DEFAULT_DEPTH);
            if !(1..=64).contains(&depth) {
                return Err(bad("bench: depth must be between 1 and 64"));
            }
            if !(1..=THREADS_MAX).contains(&threads) {
                return Err(bad(format!(
                    "bench: threads must be between 1 and {THREADS_MAX}"
                )));
            }
            check_hash("bench", hash)?;
            let lines = protocol::bench_lines(depth, threads, rule, !hce, hash).map_err(bad)?;
            for line in lines {
                println!("{line}");
            }
            Ok(())
        }
        Some(Command::Perft {
            depth,
            fen,
            divide,
            threads,
        }) => perft(depth, fen, divide, threads),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind::*;
            if matches!(
                e.kind(),
                DisplayHelp | DisplayVersion | DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // One line: clap's first line ("error: ..."), without the usage block.
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    std::panic::set_hook(Box::new(|info| {
        // A reader that stops reading (`chariot bench | head`, a GUI that
        // quit) is no error of ours: leave quietly, as a pipe's writer does.
        if info
            .to_string()
            .contains("failed printing to stdout: Broken pipe")
        {
            std::process::exit(0);
        }
        eprintln!("error: internal error: {info}");
    }));
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(Failure(code, msg))) => {
            eprintln!("error: {msg}");
            ExitCode::from(code)
        }
        Err(_) => ExitCode::from(1),
    }
}
