//! The engine's text protocol on stdin/stdout. The first command picks the
//! dialect: `ucci` (primary), `uci` (Pikafish dialect) or `ucicyclone`.
//! The reader thread never blocks on a search: searches run on their own
//! thread, so `isready` and `stop` are answered at once.

pub mod options;

use crate::board::{perft, Game, Move, Position};
use crate::search::threads::Pool;
use crate::search::time::{Budget, Clock};
use crate::search::tt::{Bound, Tt};
use crate::search::{bench, mate_moves, Info, Limits, SearchResult, Signals, MATE_BOUND};
use options::{Value, OPTIONS};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub const NAME: &str = concat!("Chariot ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Chariot developers";

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

/// Shared, line-at-a-time output (the search thread writes too).
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    pub fn send(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed stdout means the GUI is gone; nothing useful is left to do.
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Current option values (validated by `options::parse`).
#[derive(Clone, Debug)]
struct Settings {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    move_overhead: u64,
    natural_limit: u32,
    usemillisec: bool,
    resign: bool,
    draw_offer: bool,
    rule: crate::rules::RuleSet,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead: 30,
            natural_limit: 120,
            usemillisec: false,
            resign: true,
            draw_offer: true,
            rule: crate::rules::RuleSet::Chinese,
        }
    }
}

struct GoParams {
    limits: Limits,
    ponder: bool,
    draw_offered: bool,
    searchmoves: Vec<Move>,
}

pub struct Engine {
    out: Out,
    dialect: Option<Dialect>,
    game: Game,
    settings: Settings,
    /// Locked by the search thread for the whole search: only take it when
    /// idle (`wait_idle` first).
    searcher: Arc<Mutex<Pool>>,
    /// The pool's table, for `probe` while a search runs.
    tt: Arc<Tt>,
    signals: Arc<Signals>,
    thread: Option<JoinHandle<()>>,
    search_start: Instant,
    banned: Vec<Move>,
    /// Consecutive searches with a hopeless score (for resigning).
    hopeless: Arc<AtomicI32>,
    /// A draw offer for the running search (`go draw`, `ponderhit draw`).
    draw_offered: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(out: Out) -> Engine {
        let tt = Arc::new(Tt::new(16).expect("16 MB hash"));
        Engine {
            out,
            dialect: None,
            game: Game::default(),
            settings: Settings::default(),
            searcher: Arc::new(Mutex::new(Pool::new(tt.clone()))),
            tt,
            signals: Arc::new(Signals::default()),
            thread: None,
            search_start: Instant::now(),
            banned: vec![],
            hopeless: Arc::new(AtomicI32::new(0)),
            draw_offered: Arc::new(AtomicBool::new(false)),
        }
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    fn error(&self, msg: &str) {
        self.send(&format!("info string error: {msg}"));
    }

    fn ucci(&self) -> bool {
        self.dialect != Some(Dialect::Uci)
    }

    fn searching(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops a running search (it prints its bestmove) and waits for it.
    fn stop_and_wait(&mut self) {
        self.signals.stop.store(true, Relaxed);
        self.signals.ponder.store(false, Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Waits for a search to finish by itself (limits) without stopping it;
    /// used before commands that change shared state.
    fn wait_idle(&mut self) {
        if self.searching() {
            self.stop_and_wait();
        } else if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Handles one line; returns false when the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return true;
        };
        let args = &tokens[1..];
        match cmd {
            "ucci" => self.handshake(Dialect::Ucci, "ucciok"),
            "uci" | "ucicyclone" => self.handshake(Dialect::Uci, "uciok"),
            "isready" => self.send("readyok"),
            "setoption" => self.setoption(args),
            "ucinewgame" => self.new_game(),
            "position" => self.position(args),
            // Cyclone dialect: a position without the word `position`.
            "fen" | "startpos" => self.position(&tokens),
            "banmoves" => self.banmoves(args),
            "go" => self.go(args),
            "stop" => self.stop_and_wait(),
            "ponderhit" => {
                let ms = self.search_start.elapsed().as_millis() as u64;
                self.signals.ponderhit_ms.store(ms, Relaxed);
                self.signals.ponder.store(false, Relaxed);
                // `ponderhit draw` (UCCI): the opponent offers a draw; answered via bestmove.
                if args.first() == Some(&"draw") {
                    self.draw_offered.store(true, Relaxed);
                }
            }
            "probe" => self.probe(args),
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
            "eval" => {
                for l in crate::eval::trace(&self.game.pos).lines() {
                    self.send(l);
                }
            }
            "bench" => {
                if self.searching() {
                    self.error("bench: a search is running");
                } else {
                    let depth = args
                        .first()
                        .and_then(|d| d.parse().ok())
                        .unwrap_or(bench::DEFAULT_DEPTH);
                    for l in bench_lines(depth.clamp(1, 64), 1) {
                        self.send(&l);
                    }
                }
            }
            "quit" => {
                self.stop_and_wait();
                if self.ucci() && self.dialect.is_some() {
                    self.send("bye");
                }
                return false;
            }
            _ => self.error(&format!("unknown command '{}'", truncate(line))),
        }
        true
    }

    fn handshake(&mut self, d: Dialect, ok: &str) {
        self.dialect = Some(d);
        self.send(&format!("id name {NAME}"));
        if d == Dialect::Ucci {
            self.send("id copyright 2026 the Chariot developers, MIT licence");
        }
        self.send(&format!("id author {AUTHOR}"));
        for o in OPTIONS {
            if let Some(l) = options::describe(o, d == Dialect::Ucci) {
                self.send(&l);
            }
        }
        self.send(ok);
    }

    fn setoption(&mut self, args: &[&str]) {
        // UCI: setoption name <N..> [value <V..>]; UCCI: setoption <name> [<value..>].
        let (name, value) = if args.first() == Some(&"name") {
            let vi = args.iter().position(|&t| t == "value");
            let name = args[1..vi.unwrap_or(args.len())].join(" ");
            (name, vi.map(|i| args[i + 1..].join(" ")))
        } else if let Some((n, rest)) = args.split_first() {
            (
                n.to_string(),
                if rest.is_empty() {
                    None
                } else {
                    Some(rest.join(" "))
                },
            )
        } else {
            return self.error("setoption: missing option name");
        };
        let (opt, val) = match options::parse(&name, value.as_deref()) {
            Ok(x) => x,
            Err(e) => return self.error(&e),
        };
        let int = |v: &Value| if let Value::Int(n) = v { *n } else { 0 };
        let boolean = |v: &Value| matches!(v, Value::Bool(true));
        match opt.uci {
            "Hash" => {
                self.wait_idle();
                let mb = int(&val) as usize;
                match Tt::new(mb) {
                    Some(tt) => {
                        self.tt = Arc::new(tt);
                        self.lock_searcher().set_tt(self.tt.clone());
                        self.settings.hash_mb = mb;
                    }
                    None => self.error(&format!(
                        "cannot allocate {mb} MB of hash; keeping {} MB",
                        self.settings.hash_mb
                    )),
                }
            }
            "Threads" => {
                self.wait_idle();
                self.settings.threads = int(&val) as usize;
                self.lock_searcher().set_threads(self.settings.threads);
            }
            "MultiPV" => self.settings.multipv = int(&val) as usize,
            "Move Overhead" => self.settings.move_overhead = int(&val) as u64,
            "NaturalLimit" => self.settings.natural_limit = int(&val) as u32,
            "Resign" => self.settings.resign = boolean(&val),
            "DrawOffer" => self.settings.draw_offer = boolean(&val),
            "usemillisec" => self.settings.usemillisec = boolean(&val),
            "RepetitionRule" => {
                if let Value::Text(t) = &val {
                    self.settings.rule = crate::rules::RuleSet::parse(t).unwrap_or_default();
                }
            }
            "Clear Hash" | "newgame" => self.new_game(),
            // Accepted and validated; they change nothing (yet).
            _ => {}
        }
    }

    fn lock_searcher(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn new_game(&mut self) {
        self.wait_idle();
        self.lock_searcher().clear();
        self.hopeless.store(0, Relaxed);
    }

    fn position(&mut self, args: &[&str]) {
        match Game::from_position_args(args) {
            Ok(g) => self.game = g,
            Err(e) => self.error(&e),
        }
    }

    fn banmoves(&mut self, args: &[&str]) {
        let mut banned = vec![];
        for t in args {
            match Move::parse(t) {
                Some(m) => banned.push(m),
                None => return self.error(&format!("banmoves: unparsable move '{t}'")),
            }
        }
        self.banned = banned;
    }

    fn probe(&mut self, args: &[&str]) {
        let game = match Game::from_position_args(args) {
            Ok(g) => g,
            Err(e) => return self.error(&e),
        };
        let tt = self.tt.clone();
        let mut line = String::from("pophash");
        if let Some(e) = tt.probe(game.pos.key()) {
            if !e.mv.is_none() && game.pos.is_legal(e.mv) {
                line += &format!(" bestmove {}", e.mv);
            }
            if matches!(e.bound, Bound::Lower | Bound::Exact) {
                line += &format!(" lowerbound {} depth {}", e.score, e.depth);
            }
            if matches!(e.bound, Bound::Upper | Bound::Exact) {
                line += &format!(" upperbound {} depth {}", e.score, e.depth);
            }
        }
        self.send(&line);
    }

    fn parse_go(&self, args: &[&str]) -> Result<GoParams, String> {
        let mut p = GoParams {
            limits: Limits::default(),
            ponder: false,
            draw_offered: false,
            searchmoves: vec![],
        };
        let ucci = self.ucci();
        let red = self.game.pos.side() == crate::board::Color::Red;
        // UCCI times are seconds unless `usemillisec` is on; fractions allowed.
        let unit = if ucci && !self.settings.usemillisec {
            1000.0
        } else {
            1.0
        };
        let mut clock = Clock::default();
        let mut have_clock = false;
        let mut movetime = None;
        let mut i = 0;
        let num = |i: usize| -> Result<f64, String> {
            let t = args
                .get(i + 1)
                .ok_or_else(|| format!("go: '{}' needs a number", args[i]))?;
            t.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("go: '{}' expects a number, got '{t}'", args[i]))
        };
        let ms = |v: f64, unit: f64| -> u64 { (v * unit).clamp(0.0, 1e15) as u64 };
        while i < args.len() {
            let t = args[i];
            let mut used = 1;
            match t {
                "ponder" => p.ponder = true,
                "draw" => p.draw_offered = true,
                "infinite" => p.limits.infinite = true,
                "depth" => {
                    p.limits.depth = Some(num(i)?.clamp(1.0, 120.0) as i32);
                    used = 2;
                }
                "nodes" => {
                    p.limits.nodes = Some(num(i)?.clamp(1.0, 1e18) as u64);
                    used = 2;
                }
                "mate" => {
                    p.limits.mate = Some(num(i)?.clamp(1.0, 60.0) as i32);
                    used = 2;
                }
                "movetime" => {
                    movetime = Some(ms(num(i)?, 1.0));
                    used = 2;
                }
                "time" if ucci => {
                    clock.time = ms(num(i)?, unit);
                    have_clock = true;
                    used = 2;
                }
                "increment" if ucci => {
                    clock.inc = ms(num(i)?, unit);
                    used = 2;
                }
                "movestogo" => {
                    clock.movestogo = Some(num(i)?.clamp(1.0, 1000.0) as u32);
                    used = 2;
                }
                "opptime" | "oppmovestogo" | "oppincrement" if ucci => used = 2,
                "wtime" | "btime" if !ucci => {
                    let v = ms(num(i)?, 1.0);
                    if (t == "wtime") == red {
                        clock.time = v;
                        have_clock = true;
                    }
                    used = 2;
                }
                "winc" | "binc" if !ucci => {
                    let v = ms(num(i)?, 1.0);
                    if (t == "winc") == red {
                        clock.inc = v;
                    }
                    used = 2;
                }
                "searchmoves" if !ucci => {
                    let mut j = i + 1;
                    while let Some(m) = args.get(j).and_then(|s| Move::parse(s)) {
                        p.searchmoves.push(m);
                        j += 1;
                    }
                    used = j - i;
                }
                "perft" => return Err("go perft: expected a depth from 0 to 32".into()),
                _ => return Err(format!("go: unknown parameter '{}'", truncate(t))),
            }
            i += used;
        }
        if let Some(mt) = movetime {
            p.limits.budget = Some(Budget::fixed(
                mt.saturating_sub(self.settings.move_overhead).max(1),
            ));
            p.limits.spend_all = true;
        } else if have_clock {
            p.limits.budget = Some(Budget::from_clock(clock, self.settings.move_overhead));
        } else if p.limits.depth.is_none() && p.limits.nodes.is_none() && p.limits.mate.is_none() {
            // A bare `go` searches until `stop`.
            p.limits.infinite = true;
        }
        Ok(p)
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
        let params = match self.parse_go(args) {
            Ok(p) => p,
            Err(e) => return self.error(&e),
        };
        self.wait_idle();
        self.signals.stop.store(false, Relaxed);
        self.signals.ponder.store(params.ponder, Relaxed);
        self.signals.ponderhit_ms.store(0, Relaxed);
        self.search_start = Instant::now();

        let mut banned = std::mem::take(&mut self.banned);
        if !params.searchmoves.is_empty() {
            let legal = self.game.pos.legal_moves();
            banned.extend(
                legal
                    .as_slice()
                    .iter()
                    .filter(|m| !params.searchmoves.contains(m)),
            );
        }
        let game = self.game.clone();
        let searcher = self.searcher.clone();
        let signals = self.signals.clone();
        let out = self.out.clone();
        let ucci = self.ucci();
        let settings = self.settings.clone();
        let hopeless = self.hopeless.clone();
        let infinite = params.limits.infinite;
        self.draw_offered.store(params.draw_offered, Relaxed);
        let draw_offered = self.draw_offered.clone();
        let spawned = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || {
                let params_start = Instant::now();
                let mut s = searcher.lock().unwrap_or_else(|e| e.into_inner());
                s.set_rules(settings.rule, settings.natural_limit);
                let r = s.search(
                    &game,
                    &params.limits,
                    &signals,
                    &banned,
                    settings.multipv,
                    &mut |info| {
                        for l in format_info(info, ucci) {
                            out.send(&l);
                        }
                    },
                );
                drop(s);
                let ms = params_start.elapsed().as_millis() as u64;
                out.send(&if ucci {
                    format!("info time {ms} nodes {}", r.nodes)
                } else {
                    format!(
                        "info nodes {} time {ms} nps {}",
                        r.nodes,
                        r.nodes * 1000 / ms.max(1)
                    )
                });
                // Never answer before `stop`/`ponderhit` while pondering or infinite.
                while (infinite || signals.ponder.load(Relaxed)) && !signals.stop.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                out.send(&bestmove_line(
                    &r,
                    ucci,
                    &settings,
                    &hopeless,
                    draw_offered.load(Relaxed),
                ));
            });
        match spawned {
            Ok(h) => self.thread = Some(h),
            Err(e) => self.error(&format!("cannot start search thread: {e}")),
        }
    }
}

fn format_info(i: &Info, ucci: bool) -> Vec<String> {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    let ms = i.time.as_millis() as u64;
    if ucci {
        vec![
            format!(
                "info depth {} score {} pv {}",
                i.depth,
                i.score,
                pv.join(" ")
            ),
            format!("info time {ms} nodes {}", i.nodes),
        ]
    } else {
        let score = match mate_moves(i.score) {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", i.score),
        };
        let nps = i.nodes * 1000 / ms.max(1);
        vec![format!(
            "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} hashfull {} time {ms} pv {}",
            i.depth,
            i.seldepth,
            i.multipv,
            i.nodes,
            i.hashfull,
            pv.join(" ")
        )]
    }
}

fn bestmove_line(
    r: &SearchResult,
    ucci: bool,
    settings: &Settings,
    hopeless: &AtomicI32,
    draw_offered: bool,
) -> String {
    let Some(best) = r.best else {
        return if ucci {
            "nobestmove".into()
        } else {
            "bestmove (none)".into()
        };
    };
    let mut line = format!("bestmove {best}");
    if let Some(p) = r.ponder {
        line += &format!(" ponder {p}");
    }
    if ucci {
        let bad = r.score <= -MATE_BOUND || r.score < -1500;
        let n = if bad {
            hopeless.fetch_add(1, Relaxed) + 1
        } else {
            hopeless.store(0, Relaxed);
            0
        };
        if settings.resign && (n >= 3 || (r.score <= -MATE_BOUND && r.depth >= 6)) {
            line += " resign";
        } else if settings.draw_offer && draw_offered && r.score <= 20 {
            line += " draw";
        }
    }
    line
}

pub fn bench_lines(depth: i32, threads: usize) -> Vec<String> {
    let r = bench::run(depth, threads, |_, _, _| {});
    let nps = r.nodes as u128 * 1000 / r.time.as_millis().max(1);
    vec![
        format!("Nodes searched: {}", r.nodes),
        format!("Nodes/second: {nps}"),
    ]
}

/// Output of a perft run: divide lines (sorted by move text), then the total.
pub fn perft_lines(pos: &Position, depth: u32, divide: bool, threads: usize) -> Vec<String> {
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
pub fn run<R: BufRead>(mut input: R, out: Out) {
    let mut engine = Engine::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                // Non-UTF-8 bytes become U+FFFD and fail as unknown input.
                let line = String::from_utf8_lossy(&buf);
                if !engine.handle(line.trim()) {
                    return;
                }
            }
        }
    }
    engine.stop_and_wait();
}
