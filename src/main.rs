//! The `chariot` binary: the protocol loop by default, plus tool subcommands.
//! Exit codes for every subcommand: 0 success, 2 bad input, 1 internal error.

use chariot::board::Position;
use chariot::protocol;
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
    /// Fixed-depth search over the bench positions: prints the node-count
    /// signature and speed.
    Bench {
        /// Search depth (default: the signature depth).
        depth: Option<i32>,
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
    for line in protocol::perft_lines(&pos, depth, divide, threads) {
        println!("{line}");
    }
    Ok(())
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => {
            let stdin = std::io::stdin();
            protocol::run(stdin.lock(), protocol::Out::new(std::io::stdout()));
            Ok(())
        }
        Some(Command::Bench { depth }) => {
            let depth = depth.unwrap_or(chariot::search::bench::DEFAULT_DEPTH);
            if !(1..=64).contains(&depth) {
                return Err(bad("bench: depth must be between 1 and 64"));
            }
            for line in protocol::bench_lines(depth) {
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
