//! What differs between UCCI and UCI, as methods: the parser, the handshake
//! and option lines, how scores, results and "no move" are written, the
//! clock's time unit, and whether the engine may resign or accept draws.

use super::command::Command;
use super::options::{Kind, Opt};
use super::ranks::Ranks;
use super::{ucci, uci, AUTHOR, NAME};
use crate::search::tt::Bound;
use crate::search::{mate_moves, Info};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The primary protocol of Chinese GUIs (also before any handshake).
    Ucci,
    /// Pikafish-style UCI, ranks 0-9.
    Uci,
}

impl Dialect {
    pub fn parse(self, line: &str) -> Result<Option<Command>, String> {
        match self {
            Dialect::Ucci => ucci::parse(line),
            Dialect::Uci => uci::parse(line),
        }
    }

    /// The handshake's answer: identification, options, then `ucciok`/`uciok`.
    pub fn handshake(self) -> Vec<String> {
        let mut lines = vec![format!("id name {NAME}")];
        if self == Dialect::Ucci {
            lines.push("id copyright 2026 the Chariot developers, MIT licence".into());
        }
        lines.push(format!("id author {AUTHOR}"));
        lines.extend(
            super::options::OPTIONS
                .iter()
                .filter_map(|o| self.option_line(o)),
        );
        #[cfg(feature = "tune")]
        lines.extend(
            super::options::tunable_options()
                .iter()
                .filter_map(|o| self.option_line(o)),
        );
        lines.push(
            match self {
                Dialect::Ucci => "ucciok",
                Dialect::Uci => "uciok",
            }
            .into(),
        );
        lines
    }

    /// The option's name in this dialect, if it is offered here.
    pub fn option_name(self, o: &Opt) -> Option<&'static str> {
        match self {
            Dialect::Ucci => o.ucci,
            Dialect::Uci => o.uci_offered.then_some(o.uci),
        }
    }

    /// The `option ...` line, or None if not offered in this dialect. The
    /// dialects order a spin's and a combo's fields differently.
    pub fn option_line(self, o: &Opt) -> Option<String> {
        let name = self.option_name(o)?;
        let head = match self {
            Dialect::Ucci => format!("option {name} type"),
            Dialect::Uci => format!("option name {name} type"),
        };
        let ucci = self == Dialect::Ucci;
        Some(match &o.kind {
            Kind::Check(d) => format!("{head} check default {d}"),
            Kind::Button => format!("{head} button"),
            // An empty default is written as nothing after `default`, as
            // UCCI engines write it, or as `<empty>` (UCI convention).
            Kind::Text { default } => match (ucci, default.is_empty()) {
                (false, true) => format!("{head} string default <empty>"),
                _ => format!("{head} string default {default}")
                    .trim_end()
                    .to_string(),
            },
            Kind::Spin { default, min, max } => {
                let range = format!("min {min} max {max}");
                if ucci {
                    format!("{head} spin {range} default {default}")
                } else {
                    format!("{head} spin default {default} {range}")
                }
            }
            Kind::Combo { default, vars } => {
                let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
                if ucci {
                    format!("{head} combo{vars} default {default}")
                } else {
                    format!("{head} combo default {default}{vars}")
                }
            }
        })
    }

    /// Milliseconds per unit of `go`'s clock times: UCCI counts seconds
    /// unless `usemillisec` is on; UCI counts milliseconds.
    pub fn ms_per_time_unit(self, usemillisec: bool) -> f64 {
        match self {
            Dialect::Ucci if !usemillisec => 1000.0,
            _ => 1.0,
        }
    }

    /// A score: UCCI `score N` (older GUIs read no `cp`), UCI `score cp N`
    /// or `score mate M`.
    pub fn score(self, score: i32) -> String {
        match (self, mate_moves(score)) {
            (Dialect::Ucci, _) => format!("score {score}"),
            (Dialect::Uci, Some(n)) => format!("score mate {n}"),
            (Dialect::Uci, None) => format!("score cp {score}"),
        }
    }

    /// The lines for one finished iteration (or MultiPV line), or for a
    /// stopped iteration's line that changed the move or raised the score
    /// (its bound is shown under UCI only).
    pub fn info_lines(self, i: &Info, ranks: Ranks) -> Vec<String> {
        let pv: Vec<String> = i.pv.iter().map(|&m| ranks.text(m)).collect();
        let ms = i.time.as_millis() as u64;
        match self {
            Dialect::Ucci => vec![
                format!("info depth {} {} pv {}", i.depth, self.score(i.score), pv.join(" ")),
                format!("info time {ms} nodes {}", i.nodes),
            ],
            Dialect::Uci => vec![format!(
                "info depth {} seldepth {} multipv {} {}{} nodes {} nps {} hashfull {} time {ms} pv {}",
                i.depth,
                i.seldepth,
                i.multipv,
                self.score(i.score),
                match i.bound {
                    Bound::Lower => " lowerbound",
                    Bound::Upper => " upperbound",
                    _ => "",
                },
                i.nodes,
                i.nodes * 1000 / ms.max(1),
                i.hashfull,
                pv.join(" ")
            )],
        }
    }

    /// The line after a search: its nodes and time.
    pub fn search_done(self, nodes: u64, ms: u64) -> String {
        match self {
            Dialect::Ucci => format!("info time {ms} nodes {nodes}"),
            Dialect::Uci => format!(
                "info nodes {nodes} time {ms} nps {}",
                nodes * 1000 / ms.max(1)
            ),
        }
    }

    /// What is sent when there is no legal move.
    pub fn no_move(self) -> &'static str {
        match self {
            Dialect::Ucci => "nobestmove",
            Dialect::Uci => "bestmove (none)",
        }
    }

    /// UCCI answers `go depth 0` with the static score and `nobestmove`;
    /// UCI searches depth 1.
    pub fn static_at_depth_zero(self) -> bool {
        self == Dialect::Ucci
    }

    /// UCCI lets `bestmove` carry `resign` and `draw`.
    pub fn resigns_and_offers_draws(self) -> bool {
        self == Dialect::Ucci
    }

    /// The answer to `quit` after this dialect's handshake.
    pub fn goodbye(self) -> Option<&'static str> {
        match self {
            Dialect::Ucci => Some("bye"),
            Dialect::Uci => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn scores_per_dialect() {
        assert_eq!(Dialect::Ucci.score(35), "score 35");
        assert_eq!(Dialect::Uci.score(35), "score cp 35");
        assert_eq!(Dialect::Uci.score(MATE - 1), "score mate 1");
        assert_eq!(Dialect::Uci.score(-MATE + 2), "score mate -1");
        assert_eq!(Dialect::Ucci.score(MATE - 1), format!("score {}", MATE - 1));
    }

    /// A score the search did not confirm says which bound it is (UCI only:
    /// UCCI has no such word).
    #[test]
    fn bounds_in_info_lines() {
        let info = |bound| Info {
            depth: 9,
            seldepth: 12,
            multipv: 1,
            score: MATE - 5,
            nodes: 1000,
            time: std::time::Duration::from_millis(10),
            hashfull: 0,
            pv: vec![],
            bound,
        };
        let line = |d: Dialect, b| d.info_lines(&info(b), Ranks::FromZero)[0].clone();
        assert!(line(Dialect::Uci, Bound::Lower).contains(" score mate 3 lowerbound nodes "));
        assert!(line(Dialect::Uci, Bound::Exact).contains(" score mate 3 nodes "));
        assert!(line(Dialect::Ucci, Bound::Lower).contains(&format!(" score {} pv ", MATE - 5)));
    }

    #[test]
    fn time_units() {
        assert_eq!(Dialect::Ucci.ms_per_time_unit(false), 1000.0);
        assert_eq!(Dialect::Ucci.ms_per_time_unit(true), 1.0);
        assert_eq!(Dialect::Uci.ms_per_time_unit(false), 1.0);
    }

    #[test]
    fn handshakes_end_with_their_ok() {
        let u = Dialect::Ucci.handshake();
        assert_eq!(u.last().map(String::as_str), Some("ucciok"));
        assert!(u
            .iter()
            .any(|l| l.starts_with("option usemillisec type check")));
        let u = Dialect::Uci.handshake();
        assert_eq!(u.last().map(String::as_str), Some("uciok"));
        assert!(!u.iter().any(|l| l.contains("usemillisec")));
        assert!(u.iter().any(|l| l.starts_with("option name UCI_Variant")));
    }
}
