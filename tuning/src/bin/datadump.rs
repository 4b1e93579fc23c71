//! Prints `datagen` records as the text lines `texel` reads:
//! `<fen>;<red score>;<red result 1 | 0.5 | 0>`.

use chariot_tuning::record::read_records;
use clap::Parser;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(about = "Prints datagen's data.bin records as texel text lines")]
struct Args {
    /// `data.bin` files written by datagen.
    #[arg(required = true)]
    data: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for path in &args.data {
        let records = match read_records(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("datadump: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        for r in records {
            let line = r
                .map_err(|e| e.to_string())
                .and_then(|r| r.to_position().map(|p| (r, p)).map_err(|e| e.to_string()));
            let (r, pos) = match line {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("datadump: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            };
            let fen = pos.to_fen();
            let result = r.result().red_points();
            if writeln!(out, "{fen};{};{result}", r.score_red()).is_err() {
                // A closed pipe (`| head`) is not an error worth a message.
                return ExitCode::SUCCESS;
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::SUCCESS;
    }
    ExitCode::SUCCESS
}
