//! Shared code of Chariot's offline tools: the training-data record format
//! that `datagen` writes and the trainers read, and the openings file reader.

pub mod record;

use chariot::board::Position;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// The positions of an openings file (one FEN or EPD line each).
pub fn load_openings(path: &Path) -> Result<Vec<Position>, String> {
    let file =
        File::open(path).map_err(|e| format!("cannot open openings {}: {e}", path.display()))?;
    let mut out = vec![];
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos =
            Position::from_fen(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err(format!("no openings in {}", path.display()));
    }
    Ok(out)
}
