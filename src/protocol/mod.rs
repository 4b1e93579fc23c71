//! The engine's text protocol on stdin/stdout. The first command picks the
//! dialect: `ucci` (primary) or `uci` (Pikafish dialect).

use crate::board::{perft, Game};
use std::io::{BufRead, Write};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

pub struct Session<W: Write> {
    out: W,
    dialect: Option<Dialect>,
    game: Game,
}

pub const NAME: &str = concat!("Chariot ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Chariot developers";

impl<W: Write> Session<W> {
    pub fn new(out: W) -> Self {
        Session {
            out,
            dialect: None,
            game: Game::default(),
        }
    }

    fn send(&mut self, line: &str) {
        // A closed stdout means the GUI is gone; nothing useful is left to do.
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    fn error(&mut self, msg: &str) {
        self.send(&format!("info string error: {msg}"));
    }

    /// Handles one line; returns false when the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return true;
        };
        let args = &tokens[1..];
        match cmd {
            "ucci" => {
                self.dialect = Some(Dialect::Ucci);
                self.send(&format!("id name {NAME}"));
                self.send(&format!("id author {AUTHOR}"));
                self.send("ucciok");
            }
            "uci" => {
                self.dialect = Some(Dialect::Uci);
                self.send(&format!("id name {NAME}"));
                self.send(&format!("id author {AUTHOR}"));
                self.send("option name UCI_Variant type combo default xiangqi var xiangqi");
                self.send("uciok");
            }
            "isready" => self.send("readyok"),
            "position" => match Game::from_position_args(args) {
                Ok(g) => self.game = g,
                Err(e) => self.error(&e),
            },
            "go" => self.go(args),
            "d" => {
                let text = format!(
                    "{}\nFEN: {}\nKey: {:016x}",
                    self.game.pos.diagram(),
                    self.game.pos.to_fen(),
                    self.game.pos.key()
                );
                for l in text.lines() {
                    self.send(l);
                }
            }
            "quit" => {
                if self.dialect == Some(Dialect::Ucci) {
                    self.send("bye");
                }
                return false;
            }
            _ => self.error(&format!("unknown command '{}'", truncate(line))),
        }
        true
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            match args.get(1).and_then(|d| d.parse::<u32>().ok()) {
                Some(depth) if depth <= 32 => {
                    for l in perft_lines(&self.game.pos, depth, true, 1) {
                        self.send(&l);
                    }
                }
                _ => self.error("go perft: expected a depth from 0 to 32"),
            }
            return;
        }
        self.error("go: only 'go perft <depth>' is supported so far");
    }
}

/// Output of a perft run: divide lines (sorted by move text), then the total.
pub fn perft_lines(
    pos: &crate::board::Position,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Vec<String> {
    let mut lines = vec![];
    let total = if divide && depth > 0 {
        let counts = perft::divide(pos, depth, threads);
        for (m, n) in &counts {
            lines.push(format!("{m}: {n}"));
        }
        lines.push(String::new());
        counts.iter().map(|x| x.1).sum()
    } else if threads > 1 && depth > 1 {
        perft::divide(pos, depth, threads).iter().map(|x| x.1).sum()
    } else {
        perft::perft(&mut pos.clone(), depth)
    };
    lines.push(format!("Nodes searched: {total}"));
    lines
}

/// Keeps echoed garbage short and printable.
fn truncate(s: &str) -> String {
    let t: String = s.chars().filter(|c| !c.is_control()).take(60).collect();
    if s.chars().count() > 60 {
        format!("{t}...")
    } else {
        t
    }
}

/// Runs the protocol loop until `quit` or end of input.
pub fn run<R: BufRead, W: Write>(mut input: R, out: W) {
    let mut session = Session::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                // Non-UTF-8 bytes become U+FFFD and fail as unknown input.
                let line = String::from_utf8_lossy(&buf);
                if !session.handle(line.trim()) {
                    break;
                }
            }
        }
    }
}
