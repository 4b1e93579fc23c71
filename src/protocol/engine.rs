//! The executor: carries out parsed `Command`s. Searches run on their own
//! thread, so the reader never blocks and `isready`/`stop` are answered at
//! once; except in UCCI's batch mode, where no line is read until the
//! search ends by its own limits (a search that waits for `stop` or
//! `ponderhit` is read beside as usual).

use super::command::{printable, Command, Go};
use super::dialect::Dialect;
use super::options::{self, OptionId, Value};
use super::ranks::Ranks;
use super::{bench_lines, perft_lines, Out};
use crate::board::{Game, Move};
use crate::eval::nnue::{self, Net};
use crate::rules::RuleSet;
use crate::search::bench;
use crate::search::params::{DRAW_SCORE, RESIGN_MATE_DEPTH, RESIGN_SCORE, RESIGN_SEARCHES};
use crate::search::threads::Pool;
use crate::search::tt::{Bound, Tt};
use crate::search::{SearchResult, Signals, MATE_BOUND};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Current option values; every default comes from the option table.
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
    rule: RuleSet,
    debug: bool,
    /// UCCI batch mode: no command is read while a search runs.
    batch: bool,
    ranks: Ranks,
}

impl Settings {
    fn from_table() -> Settings {
        let int = |id| options::default(id).int();
        let boolean = |id| options::default(id).bool();
        let mut s = Settings {
            hash_mb: int(OptionId::Hash) as usize,
            threads: int(OptionId::Threads) as usize,
            multipv: int(OptionId::MultiPv) as usize,
            move_overhead: int(OptionId::MoveOverhead) as u64,
            natural_limit: int(OptionId::NaturalLimit) as u32,
            usemillisec: boolean(OptionId::UseMillisec),
            resign: boolean(OptionId::Resign),
            draw_offer: boolean(OptionId::DrawOffer),
            rule: RuleSet::DEFAULT,
            debug: boolean(OptionId::Debug),
            batch: boolean(OptionId::Batch),
            ranks: Ranks::default(),
        };
        for id in [OptionId::RepetitionRule, OptionId::Ranks] {
            s.set(id, &options::default(id));
        }
        s
    }

    /// Stores a value; true if `id` is a plain setting (no action needed).
    fn set(&mut self, id: OptionId, v: &Value) -> bool {
        match id {
            OptionId::MultiPv => self.multipv = v.int() as usize,
            OptionId::MoveOverhead => self.move_overhead = v.int() as u64,
            OptionId::NaturalLimit => self.natural_limit = v.int() as u32,
            OptionId::Resign => self.resign = v.bool(),
            OptionId::DrawOffer => self.draw_offer = v.bool(),
            OptionId::UseMillisec => self.usemillisec = v.bool(),
            OptionId::Debug => self.debug = v.bool(),
            OptionId::Batch => self.batch = v.bool(),
            OptionId::RepetitionRule => {
                if let Value::Choice(t) = v {
                    self.rule = RuleSet::parse(t).unwrap_or_default();
                }
            }
            OptionId::Ranks => {
                if let Value::Choice(t) = v {
                    self.ranks = Ranks::parse(t);
                }
            }
            _ => return false,
        }
        true
    }
}

pub struct Engine {
    out: Out,
    /// The latest handshake's dialect; None before any (parsed as UCCI).
    dialect: Option<Dialect>,
    game: Game,
    settings: Settings,
    /// Locked by the search thread for the whole search: only take it when
    /// idle (`wait_idle` first).
    pool: Arc<Mutex<Pool>>,
    /// The loaded net (used when `use_nnue`) and where it came from.
    net: Option<Arc<Net>>,
    net_name: String,
    use_nnue: bool,
    /// The pool's table, for `probe` while a search runs.
    tt: Arc<Tt>,
    signals: Arc<Signals>,
    thread: Option<JoinHandle<()>>,
    /// The running search waits for `stop` or `ponderhit` (`go infinite`,
    /// `go ponder`), so batch mode must keep reading while it runs.
    endless: bool,
    search_start: Instant,
    banned: Vec<Move>,
    /// Consecutive searches with a hopeless score (for resigning).
    hopeless: Arc<AtomicI32>,
    /// A draw offer for the running search (`go draw`, `ponderhit draw`).
    draw_offered: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(out: Out) -> Engine {
        let settings = Settings::from_table();
        let tt = Arc::new(Tt::new(settings.hash_mb).expect("the default hash fits"));
        let mut pool = Pool::new(tt.clone());
        pool.set_threads(settings.threads);
        let mut engine = Engine {
            out,
            dialect: None,
            game: Game::default(),
            settings,
            pool: Arc::new(Mutex::new(pool)),
            net: Some(nnue::embedded()),
            net_name: nnue::EMBEDDED_NAME.into(),
            use_nnue: options::default(OptionId::UseNnue) == Value::Bool(true),
            tt,
            signals: Arc::new(Signals::default()),
            thread: None,
            endless: false,
            search_start: Instant::now(),
            banned: vec![],
            hopeless: Arc::new(AtomicI32::new(0)),
            draw_offered: Arc::new(AtomicBool::new(false)),
        };
        engine.apply_net();
        engine
    }

    fn dialect(&self) -> Dialect {
        self.dialect.unwrap_or(Dialect::Ucci)
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// One `info string error: …` line, in ASCII whatever the input held.
    fn error(&self, msg: &str) {
        self.send(&format!("info string error: {}", printable(msg)));
    }

    fn searching(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops a running search (it prints its bestmove) and waits for it.
    pub fn stop_and_wait(&mut self) {
        self.signals.stop.store(true, Relaxed);
        self.signals.ponder.store(false, Relaxed);
        self.join_search();
    }

    /// Waits for the search thread, if any, to end by itself.
    fn join_search(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Makes the engine idle before commands that change shared state: a
    /// running search is stopped (its `bestmove` is sent), a finished one
    /// joined.
    fn wait_idle(&mut self) {
        if self.searching() {
            self.stop_and_wait();
        } else {
            self.join_search();
        }
    }

    fn lock_pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Parses and carries out one line; returns false when the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
        if self.settings.batch && !self.endless {
            // Batch mode: the search ends by its own limits before the next command.
            self.join_search();
        }
        let line = self.settings.ranks.to_zero(line);
        match self.dialect().parse(&line) {
            Ok(Some(c)) => self.execute(c),
            Ok(None) => true,
            Err(e) => {
                self.error(&e);
                true
            }
        }
    }

    /// Carries out one command; returns false when the engine should exit.
    pub fn execute(&mut self, command: Command) -> bool {
        match command {
            Command::Handshake(d) => {
                self.dialect = Some(d);
                let lines = d.handshake();
                let (ok, rest) = lines.split_last().expect("a handshake ends in ok");
                for l in rest {
                    self.send(l);
                }
                self.say_evaluation();
                self.send(ok);
            }
            Command::IsReady => self.send("readyok"),
            Command::SetOption(id, value) => self.set_option(id, value),
            Command::NewGame => self.new_game(),
            Command::Position(g) => self.game = *g,
            Command::BanMoves(moves) => self.banned = moves,
            Command::Go(go) => self.go(&go),
            Command::Perft(depth) => {
                for l in perft_lines(&self.game.pos, depth, true, 1, self.settings.ranks) {
                    self.send(&l);
                }
            }
            Command::Stop => self.stop_and_wait(),
            Command::PonderHit { draw } => {
                let ms = self.search_start.elapsed().as_millis() as u64;
                self.signals.ponderhit_ms.store(ms, Relaxed);
                self.signals.ponder.store(false, Relaxed);
                // The opponent offers a draw; answered via bestmove.
                if draw {
                    self.draw_offered.store(true, Relaxed);
                }
            }
            Command::Probe(g) => self.probe(&g),
            Command::Debug(on) => self.settings.debug = on,
            Command::Show => {
                let pos = &self.game.pos;
                let text = format!(
                    "{}\nFEN: {}\nKey: {:016x}",
                    pos.diagram(),
                    pos.to_fen(),
                    pos.key()
                );
                for l in text.lines() {
                    self.send(l);
                }
            }
            Command::Eval => {
                for l in crate::eval::trace(&self.game.pos).lines() {
                    self.send(l);
                }
                if let Some(net) = self.active_net() {
                    let v = net.evaluate(&self.game.pos);
                    self.send(&format!(
                        "NNUE evaluation {v} (side to move), used by the search"
                    ));
                }
            }
            Command::Bench(depth) => {
                if self.searching() {
                    self.error("bench: a search is running");
                } else {
                    match bench_lines(depth, 1, RuleSet::DEFAULT, true, bench::HASH_MB) {
                        Ok(lines) => lines.iter().for_each(|l| self.send(l)),
                        Err(e) => self.error(&e),
                    }
                }
            }
            Command::Quit => {
                self.stop_and_wait();
                if let Some(bye) = self.dialect.and_then(Dialect::goodbye) {
                    self.send(bye);
                }
                return false;
            }
        }
        true
    }

    fn set_option(&mut self, id: OptionId, value: Value) {
        if self.settings.set(id, &value) {
            return;
        }
        match id {
            OptionId::Hash => {
                self.wait_idle();
                let mb = match value.int() {
                    0 => options::default(OptionId::Hash).int() as usize,
                    n => n as usize,
                };
                match Tt::new(mb) {
                    Some(tt) => {
                        self.tt = Arc::new(tt);
                        self.lock_pool().set_tt(self.tt.clone());
                        self.settings.hash_mb = mb;
                    }
                    None => self.error(&format!(
                        "cannot allocate {mb} MB of hash; keeping {} MB",
                        self.settings.hash_mb
                    )),
                }
            }
            OptionId::Threads => {
                self.wait_idle();
                self.settings.threads = match value.int() {
                    0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                    n => n as usize,
                };
                self.lock_pool().set_threads(self.settings.threads);
            }
            OptionId::ClearHash | OptionId::NewGame => self.new_game(),
            OptionId::UseNnue => {
                self.wait_idle();
                self.use_nnue = matches!(value, Value::Bool(true));
                self.apply_net();
                self.say_evaluation();
            }
            OptionId::EvalFile => {
                let Value::Str(path) = &value else { return };
                if path.is_empty() {
                    return;
                }
                match load_net(path) {
                    Ok(net) => {
                        self.wait_idle();
                        self.net = Some(net);
                        self.net_name = path.clone();
                        self.apply_net();
                        self.say_evaluation();
                    }
                    Err(e) => self.error(&format!("EvalFile {path}: {e}; keeping the current net")),
                }
            }
            #[cfg(feature = "tune")]
            OptionId::Tune(i) => {
                self.wait_idle();
                crate::search::params::set_tunable(i, value.int() as i32);
            }
            // Pondering is the GUI's `go ponder`; there is one variant.
            OptionId::Ponder | OptionId::UciVariant => {}
            // Accepted and validated: a value other than "off" (or the
            // spec's default) is something this engine cannot do.
            _ => {
                let inert = match &value {
                    Value::Bool(b) => !b,
                    Value::Str(t) => t.is_empty(),
                    v => *v == options::default(id),
                };
                if !inert {
                    let o = options::get(id);
                    let name = self.dialect().option_name(o).unwrap_or(o.uci);
                    self.send(&format!("info string {name} has no effect"));
                }
            }
        }
    }

    /// The net the search evaluates with: none when NNUE is off.
    fn active_net(&self) -> Option<&Arc<Net>> {
        self.net.as_ref().filter(|_| self.use_nnue)
    }

    /// The static evaluation the search would use here.
    fn static_eval(&self) -> i32 {
        match self.active_net() {
            Some(net) => net.evaluate(&self.game.pos),
            None => crate::eval::evaluate(&self.game.pos),
        }
    }

    /// Names the evaluation in use.
    fn say_evaluation(&self) {
        match self.active_net() {
            Some(_) => self.send(&format!(
                "info string NNUE evaluation using {}",
                self.net_name
            )),
            None => self.send("info string hand-crafted evaluation"),
        }
    }

    /// Gives the search the net if NNUE is on and a net is loaded.
    fn apply_net(&mut self) {
        let net = self.active_net().cloned();
        self.lock_pool().set_net(net);
    }

    fn new_game(&mut self) {
        self.wait_idle();
        self.lock_pool().clear();
        self.hopeless.store(0, Relaxed);
    }

    fn probe(&self, game: &Game) {
        let mut line = String::from("pophash");
        if let Some(e) = self.tt.probe(game.pos.key()) {
            if !e.mv.is_none() && game.pos.is_legal(e.mv) {
                line += &format!(" bestmove {}", self.settings.ranks.text(e.mv));
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

    fn go(&mut self, go: &Go) {
        let dialect = self.dialect();
        if go.depth == Some(0) && dialect.static_at_depth_zero() {
            // UCCI `go depth 0`: the static evaluation, and no move.
            self.wait_idle();
            let score = self.static_eval();
            self.send(&format!("info depth 0 {}", dialect.score(score)));
            self.send(dialect.no_move());
            return;
        }
        let unit = dialect.ms_per_time_unit(self.settings.usemillisec);
        let limits = go.limits(self.game.pos.side(), unit, self.settings.move_overhead);
        if self.settings.debug {
            self.send(&match limits.budget {
                Some(b) => format!(
                    "info string budget soft {} ms hard {} ms",
                    b.soft.as_millis(),
                    b.hard.as_millis()
                ),
                None => "info string budget none".into(),
            });
        }
        self.wait_idle();
        self.signals.stop.store(false, Relaxed);
        self.signals.ponder.store(go.ponder, Relaxed);
        self.signals.ponderhit_ms.store(0, Relaxed);
        self.endless = limits.infinite || go.ponder;
        self.search_start = Instant::now();

        let mut banned = std::mem::take(&mut self.banned);
        if !go.searchmoves.is_empty() {
            let legal = self.game.pos.legal_moves();
            banned.extend(
                legal
                    .as_slice()
                    .iter()
                    .filter(|m| !go.searchmoves.contains(m)),
            );
        }
        let game = self.game.clone();
        let shared_pool = self.pool.clone();
        let signals = self.signals.clone();
        let out = self.out.clone();
        let settings = self.settings.clone();
        let hopeless = self.hopeless.clone();
        self.draw_offered.store(go.draw, Relaxed);
        let draw_offered = self.draw_offered.clone();
        let spawned = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || {
                let started = Instant::now();
                let mut pool = shared_pool.lock().unwrap_or_else(|e| e.into_inner());
                pool.set_rules(settings.rule, settings.natural_limit);
                let r = pool.search(
                    &game,
                    &limits,
                    &signals,
                    &banned,
                    settings.multipv,
                    &mut |info| {
                        for l in dialect.info_lines(info, settings.ranks) {
                            out.send(&l);
                        }
                    },
                );
                drop(pool);
                out.send(&dialect.search_done(r.nodes, started.elapsed().as_millis() as u64));
                // Never answer before `stop`/`ponderhit` while pondering or infinite.
                while (limits.infinite || signals.ponder.load(Relaxed))
                    && !signals.stop.load(Relaxed)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                let verdict = if dialect.resigns_and_offers_draws() {
                    verdict(&r, &settings, &hopeless, draw_offered.load(Relaxed))
                } else {
                    ""
                };
                out.send(&bestmove_line(&r, dialect, settings.ranks, verdict));
            });
        match spawned {
            Ok(h) => self.thread = Some(h),
            Err(e) => self.error(&format!("cannot start search thread: {e}")),
        }
    }
}

/// `" resign"`, `" draw"` or nothing, after a search whose result is `r`.
fn verdict(
    r: &SearchResult,
    settings: &Settings,
    hopeless: &AtomicI32,
    draw_offered: bool,
) -> &'static str {
    if r.best.is_none() {
        return "";
    }
    let mated = r.score <= -MATE_BOUND;
    let n = if mated || r.score < RESIGN_SCORE {
        hopeless.fetch_add(1, Relaxed) + 1
    } else {
        hopeless.store(0, Relaxed);
        0
    };
    if settings.resign && (n >= RESIGN_SEARCHES || (mated && r.depth >= RESIGN_MATE_DEPTH)) {
        " resign"
    } else if settings.draw_offer && draw_offered && r.score <= DRAW_SCORE {
        " draw"
    } else {
        ""
    }
}

fn bestmove_line(r: &SearchResult, dialect: Dialect, ranks: Ranks, verdict: &str) -> String {
    let Some(best) = r.best else {
        return dialect.no_move().into();
    };
    let mut line = format!("bestmove {}", ranks.text(best));
    if let Some(p) = r.ponder {
        line += &format!(" ponder {}", ranks.text(p));
    }
    line + verdict
}

/// Reads a net file: a relative path is tried beside the binary, then in
/// the working folder.
/// The built-in net's own name needs no file.
fn load_net(path: &str) -> Result<Arc<Net>, String> {
    let p = std::path::Path::new(path);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join(p)))
        .filter(|c| p.is_relative() && c.is_file());
    let file = beside.unwrap_or_else(|| p.to_path_buf());
    if path == nnue::EMBEDDED_NAME && !file.is_file() {
        return Ok(nnue::embedded());
    }
    let bytes = std::fs::read(&file).map_err(|e| format!("cannot read it ({e})"))?;
    Net::from_bytes(&bytes).map(Arc::new)
}
