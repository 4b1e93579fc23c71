//! What a protocol line asks for, once parsed: the executor (`engine`) only
//! sees `Command`s, the dialect parsers (`ucci`, `uci`) only make them. The
//! parts both dialects share are parsed here; a dialect adds its own `go`
//! words through `parse_line`, and handles its own commands in its `parse`
//! before that.

use super::dialect::Dialect;
use super::options::{self, OptionId, Value};
use crate::board::{Color, Game, Move, Position};
use crate::search::bench;
use crate::search::time::{Budget, Clock};
use crate::search::Limits;

#[derive(Clone, Debug)]
pub enum Command {
    /// `ucci` or `uci`: the latest handshake picks the dialect.
    Handshake(Dialect),
    IsReady,
    SetOption(OptionId, Value),
    /// `ucinewgame` (`setoption newgame` and `Clear Hash` arrive as options).
    NewGame,
    Position(Box<Game>),
    /// Root moves the next search must not play (UCCI, accepted in UCI too).
    BanMoves(Vec<Move>),
    Go(Box<Go>),
    /// `go perft N`.
    Perft(u32),
    Stop,
    /// `ponderhit [draw]`: the opponent played the expected move (and offers a draw).
    PonderHit {
        draw: bool,
    },
    /// `probe <position>`: the hash entry of a position (UCCI, answered
    /// with `pophash ...`).
    Probe(Box<Game>),
    /// UCI `debug on|off`.
    Debug(bool),
    /// `d`: board, FEN and key.
    Show,
    /// `eval`: the evaluation's breakdown.
    Eval,
    /// `bench [depth]`: the fixed signature bench (one thread, default
    /// rules, its own table, the embedded net), whatever the options say.
    Bench(i32),
    Quit,
}

/// The arguments of `go`. Clock times are in the dialect's time unit (see
/// `Dialect::ms_per_time_unit`); `movetime` is always in milliseconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub ponder: bool,
    /// `go draw` (UCCI): the opponent offers a draw.
    pub draw: bool,
    pub infinite: bool,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<i32>,
    pub movetime: Option<u64>,
    pub movestogo: Option<u32>,
    /// The side to move's clock and increment (UCCI `time`, `increment`).
    pub time: Option<f64>,
    pub increment: Option<f64>,
    /// Both sides' clocks and increments (UCI), indexed by `Color::index`.
    pub times: [Option<f64>; 2],
    pub increments: [Option<f64>; 2],
    /// UCI `searchmoves`: only these root moves.
    pub searchmoves: Vec<Move>,
}

impl Go {
    /// The side to move's clock in milliseconds, if the GUI gave one.
    pub fn clock(&self, side: Color, ms_per_unit: f64) -> Option<Clock> {
        let ms = |v: f64| (v * ms_per_unit).clamp(0.0, 1e15) as u64;
        let time = self.time.or(self.times[side.index()])?;
        let inc = self
            .increment
            .or(self.increments[side.index()])
            .unwrap_or(0.0);
        Some(Clock {
            time: ms(time),
            inc: ms(inc),
            movestogo: self.movestogo,
        })
    }

    /// Search limits: depth, nodes and mate always apply; time comes from a
    /// fixed `movetime`, else from the clock; a `go` with none of these is
    /// infinite.
    pub fn limits(&self, side: Color, ms_per_unit: f64, overhead: u64) -> Limits {
        let mut limits = Limits {
            depth: self.depth.map(|d| d.max(1)),
            nodes: self.nodes,
            mate: self.mate,
            infinite: self.infinite,
            ..Limits::default()
        };
        if let Some(mt) = self.movetime {
            limits.budget = Some(Budget::fixed(mt.saturating_sub(overhead).max(1)));
            limits.spend_all = true;
        } else if let Some(clock) = self.clock(side, ms_per_unit) {
            limits.budget = Some(Budget::from_clock(clock, overhead));
        } else if self.depth.is_none() && self.nodes.is_none() && self.mate.is_none() {
            limits.infinite = true;
        }
        limits
    }
}

/// A cursor over a command's arguments.
pub struct Args<'a> {
    tokens: &'a [&'a str],
    at: usize,
}

impl<'a> Args<'a> {
    pub fn new(tokens: &'a [&'a str]) -> Args<'a> {
        Args { tokens, at: 0 }
    }

    pub fn word(&mut self) -> Option<&'a str> {
        let t = self.tokens.get(self.at).copied();
        self.at += 1;
        t
    }

    /// The next token, if it is a move; it stays unread otherwise.
    pub fn next_move(&mut self) -> Option<Move> {
        let m = Move::parse(self.tokens.get(self.at)?)?;
        self.at += 1;
        Some(m)
    }

    /// The number after the word `word`.
    pub fn number(&mut self, word: &str) -> Result<f64, String> {
        let t = self
            .word()
            .ok_or_else(|| format!("go: '{word}' needs a number"))?;
        t.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("go: '{word}' expects a number, got '{}'", truncate(t)))
    }
}

/// A dialect's own `go` words: `Ok(false)` if `word` is not one of them.
pub type GoWords = fn(word: &str, args: &mut Args, go: &mut Go) -> Result<bool, String>;

/// One line with the dialect's own `go` words; `Ok(None)` for a blank line.
pub fn parse_line(line: &str, own: GoWords) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        None => Ok(None),
        Some(&"go") => parse_go(&tokens[1..], own).map(Some),
        Some(_) => shared(&tokens, line).map(Some),
    }
}

/// `go [perft N | words...]`, the dialect's words in any order.
fn parse_go(tokens: &[&str], own: GoWords) -> Result<Command, String> {
    if tokens.first() == Some(&"perft") {
        return match tokens.get(1).and_then(|d| d.parse::<u32>().ok()) {
            Some(depth) if depth <= 32 => Ok(Command::Perft(depth)),
            _ => Err("go perft: expected a depth from 0 to 32".into()),
        };
    }
    let mut go = Go::default();
    let mut args = Args::new(tokens);
    while let Some(word) = args.word() {
        if !go_shared(word, &mut args, &mut go)? && !own(word, &mut args, &mut go)? {
            return Err(format!("go: unknown parameter '{}'", truncate(word)));
        }
    }
    Ok(Command::Go(Box::new(go)))
}

/// The `go` words both dialects share.
fn go_shared(word: &str, args: &mut Args, go: &mut Go) -> Result<bool, String> {
    match word {
        "ponder" => go.ponder = true,
        "draw" => go.draw = true,
        "infinite" => go.infinite = true,
        // Depth 0 asks UCCI engines for the static score only (the spec).
        "depth" => go.depth = Some(args.number(word)?.clamp(0.0, 120.0) as i32),
        "nodes" => go.nodes = Some(args.number(word)?.clamp(1.0, 1e18) as u64),
        "mate" => go.mate = Some(args.number(word)?.clamp(1.0, 60.0) as i32),
        "movetime" => go.movetime = Some(args.number(word)?.clamp(0.0, 1e15) as u64),
        "movestogo" => go.movestogo = Some(args.number(word)?.clamp(1.0, 1000.0) as u32),
        "perft" => return Err("go perft: expected a depth from 0 to 32".into()),
        _ => return Ok(false),
    }
    Ok(true)
}

/// Commands both dialects share. `tokens[0]` is the command word.
fn shared(tokens: &[&str], line: &str) -> Result<Command, String> {
    let args = &tokens[1..];
    Ok(match tokens[0] {
        "ucci" => Command::Handshake(Dialect::Ucci),
        // `ucicyclone`: the UCI-Cyclone handshake, served as UCI (which
        // already numbers ranks 0-9); its bare positions are below.
        "uci" | "ucicyclone" => Command::Handshake(Dialect::Uci),
        "isready" => Command::IsReady,
        "setoption" => setoption(args)?,
        // `uccinewgame`: QBoard's UCCI spelling.
        "ucinewgame" | "uccinewgame" => Command::NewGame,
        "position" => Command::Position(Box::new(position(args)?)),
        // Cyclone: a position without the word `position`.
        "fen" | "startpos" => Command::Position(Box::new(position(tokens)?)),
        "banmoves" => Command::BanMoves(banmoves(args)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit {
            draw: args.first() == Some(&"draw"),
        },
        "probe" => Command::Probe(Box::new(position(args)?)),
        "d" => Command::Show,
        "eval" => Command::Eval,
        "bench" => Command::Bench(match args.first() {
            None => bench::DEFAULT_DEPTH,
            Some(d) => d
                .parse::<i32>()
                .map_err(|_| format!("bench: expected a depth, got '{}'", truncate(d)))?
                .clamp(1, 64),
        }),
        "quit" => Command::Quit,
        _ => return Err(format!("unknown command '{}'", truncate(line))),
    })
}

/// The arguments of `position` (or a bare Cyclone line): `startpos` or
/// `fen <FEN>`, then optionally `moves …` (possibly none).
fn position(args: &[&str]) -> Result<Game, String> {
    let split = args
        .iter()
        .position(|&t| t == "moves")
        .unwrap_or(args.len());
    let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
    let start = match head {
        ["startpos"] | ["fen", "startpos"] => Position::startpos(),
        ["startpos", extra, ..] => {
            return Err(format!("unexpected '{}' after startpos", truncate(extra)))
        }
        ["fen"] => return Err("position fen: missing FEN".into()),
        ["fen", fields @ ..] => {
            Position::from_fen(&loose_fen(fields)).map_err(|e| e.to_string())?
        }
        [other, ..] => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', got '{}'",
                truncate(other)
            ))
        }
        [] => return Err("position: expected 'startpos' or 'fen'".into()),
    };
    let mut game = Game::new(start);
    let mut prev = None;
    for &m in moves {
        match game.play_text(m) {
            Ok(_) => {}
            // The same move twice in a row is never legal (its piece has
            // left the first point): an adapter repeating the last move,
            // as uci2wb was reported to do. Play it once.
            Err(_) if prev == Some(m) => {}
            Err(e) => return Err(e),
        }
        prev = Some(m);
    }
    Ok(game)
}

/// A FEN as GUIs write it, made standard: `--` for the two empty fields
/// (gmchess), the empty fields and counters written twice (gmchess after
/// a capture), or nothing after the side to move (VinXiangQi, uci2wb). The
/// first two counters are the half-move clock and the move number; any
/// other word leaves the FEN as it was, for the FEN parser to report.
fn loose_fen(fields: &[&str]) -> String {
    let (board_side, rest) = fields.split_at(2.min(fields.len()));
    let mut counters = vec![];
    for &f in rest {
        match f {
            "-" | "--" => {}
            _ if f.bytes().all(|b| b.is_ascii_digit()) => counters.push(f),
            _ => return fields.join(" "),
        }
    }
    let mut fen = board_side.join(" ");
    if !counters.is_empty() {
        fen += " - -";
        for c in counters.iter().take(2) {
            fen += " ";
            fen += c;
        }
    }
    fen
}

/// Both forms in both dialects: UCI `setoption name <N..> [value <V..>]`
/// and UCCI `setoption <name> [<value..>]`.
fn setoption(args: &[&str]) -> Result<Command, String> {
    let (name, value) = if args.first() == Some(&"name") {
        let vi = args.iter().position(|&t| t == "value");
        let name = args[1..vi.unwrap_or(args.len())].join(" ");
        (name, vi.map(|i| args[i + 1..].join(" ")))
    } else if let Some((n, rest)) = args.split_first() {
        let value = (!rest.is_empty()).then(|| rest.join(" "));
        (n.to_string(), value)
    } else {
        return Err("setoption: missing option name".into());
    };
    let (id, value) = options::parse(&name, value.as_deref())?;
    Ok(Command::SetOption(id, value))
}

fn banmoves(args: &[&str]) -> Result<Vec<Move>, String> {
    args.iter()
        .map(|t| {
            Move::parse(t).ok_or_else(|| format!("banmoves: unparsable move '{}'", truncate(t)))
        })
        .collect()
}

/// The `Go` a parser made of `line` (parser tests).
#[cfg(test)]
pub fn parsed_go(parse: fn(&str) -> Result<Option<Command>, String>, line: &str) -> Go {
    match parse(line) {
        Ok(Some(Command::Go(g))) => *g,
        other => panic!("{line}: {other:?}"),
    }
}

/// Echoed input as output may carry it: no control characters, and
/// anything outside ASCII (GBK bytes read as U+FFFD, say) as `?`.
pub fn printable(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .map(|c| if c.is_ascii() { c } else { '?' })
        .collect()
}

/// Keeps echoed garbage short and printable.
pub fn truncate(s: &str) -> String {
    let t: String = printable(s).chars().take(60).collect();
    if s.chars().count() > 60 {
        format!("{t}...")
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn budget_from_time_increment_and_units() {
        // UCCI seconds and UCCI milliseconds (usemillisec) give one budget.
        let secs = Go {
            time: Some(2.0),
            increment: Some(0.05),
            ..Go::default()
        };
        let ms = Go {
            time: Some(2000.0),
            increment: Some(50.0),
            ..Go::default()
        };
        let a = secs.limits(Color::Red, 1000.0, 30);
        let b = ms.limits(Color::Red, 1.0, 30);
        assert_eq!(a.budget, b.budget);
        let clock = Clock {
            time: 2000,
            inc: 50,
            movestogo: None,
        };
        assert_eq!(a.budget, Some(Budget::from_clock(clock, 30)));
        assert!(!a.spend_all && !a.infinite);
        // UCI: the side to move's clock, not the other one.
        let uci = Go {
            times: [Some(2000.0), Some(100.0)],
            increments: [Some(50.0), Some(0.0)],
            ..Go::default()
        };
        assert_eq!(uci.limits(Color::Red, 1.0, 30).budget, a.budget);
        assert_ne!(uci.limits(Color::Black, 1.0, 30).budget, a.budget);
        // A fixed movetime is spent whole, less the overhead.
        let mt = Go {
            movetime: Some(500),
            ..Go::default()
        };
        let l = mt.limits(Color::Red, 1000.0, 30);
        assert_eq!(l.budget.map(|b| b.hard), Some(Duration::from_millis(470)));
        assert!(l.spend_all);
        // No clock and no limit: until `stop`.
        assert!(Go::default().limits(Color::Red, 1.0, 30).infinite);
        let depth = Go {
            depth: Some(5),
            ..Go::default()
        };
        assert!(!depth.limits(Color::Red, 1.0, 30).infinite);
    }

    #[test]
    fn setoption_forms() {
        let t = |s: &'static str| -> Vec<&'static str> { s.split_whitespace().collect() };
        for line in [
            "setoption name Move Overhead value 50",
            "setoption moveoverhead 50",
            "setoption name MOVEOVERHEAD value 50",
        ] {
            match shared(&t(line), line) {
                Ok(Command::SetOption(OptionId::MoveOverhead, Value::Int(50))) => {}
                other => panic!("{line}: {other:?}"),
            }
        }
        let line = "setoption name Hash value lots";
        assert!(shared(&t(line), line).unwrap_err().contains("Hash"));
        let line = "setoption";
        assert!(shared(&t(line), line).is_err());
    }

    #[test]
    fn fens_as_guis_write_them() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        let want = format!("{board} w - - 0 1");
        for loose in [
            "w - - 0 1",
            "w -- 0 1",
            "w -- 0 1  -- 0 1",
            "w - - 0 1 - - 0 1",
            "w",
            "r",
        ] {
            let fields: Vec<&str> = std::iter::once(board)
                .chain(loose.split_whitespace())
                .collect();
            let pos = Position::from_fen(&loose_fen(&fields)).unwrap();
            assert_eq!(pos.to_fen(), want, "{loose}");
        }
        let fields = [board, "b", "--", "7", "12"];
        assert_eq!(loose_fen(&fields), format!("{board} b - - 7 12"));
        // Anything else is left for the FEN parser to reject.
        assert_eq!(loose_fen(&[board, "w", "x", "0"]), format!("{board} w x 0"));
        assert!(position(&["fen", board, "w", "x", "0"]).is_err());
        // A move repeated at once (never legal) is played once.
        let g = position(&["startpos", "moves", "g3g4", "g3g4", "h7e7"]).unwrap();
        assert_eq!(g.moves.len(), 2);
        let g = position(&["startpos", "moves", "g3g4", "h7e7", "h7e7", "h2e2"]).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert!(position(&["startpos", "moves", "g3g4", "g4g5"]).is_err());
        // Nothing after `moves`.
        assert_eq!(
            position(&["fen", board, "w", "moves"]).unwrap().moves.len(),
            0
        );
    }

    #[test]
    fn positions_and_bans() {
        let t = |s: &'static str| -> Vec<&'static str> { s.split_whitespace().collect() };
        let line = "startpos moves h2e2 h9g7";
        match shared(&t(line), line) {
            Ok(Command::Position(g)) => assert_eq!(g.moves.len(), 2),
            other => panic!("{other:?}"),
        }
        let line = "position startpos moves h2e2 e2e3";
        assert!(shared(&t(line), line).unwrap_err().contains("illegal"));
        let line = "banmoves h2e2 b0c2";
        match shared(&t(line), line) {
            Ok(Command::BanMoves(m)) => assert_eq!(m.len(), 2),
            other => panic!("{other:?}"),
        }
        let line = "banmoves h2e2 zz";
        assert!(shared(&t(line), line).unwrap_err().contains("zz"));
        let line = "frobnicate";
        assert!(shared(&t(line), line)
            .unwrap_err()
            .contains("unknown command"));
    }
}
