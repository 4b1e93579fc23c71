//! Engine options: one table serves both dialects and is the only place
//! where an option's name, type, range and default are written. A UCCI name
//! is the UCI name lower-cased without spaces, except where the UCCI spec
//! names it itself.

use crate::rules::{RuleSet, NATURAL_LIMIT};

/// Which option: what the executor matches on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionId {
    Hash,
    Threads,
    Ponder,
    MultiPv,
    ClearHash,
    MoveOverhead,
    NaturalLimit,
    RepetitionRule,
    UseNnue,
    EvalFile,
    Resign,
    DrawOffer,
    UciVariant,
    Ranks,
    UseMillisec,
    Batch,
    Debug,
    UseBook,
    UseEgtb,
    BookFiles,
    EgtbPaths,
    EvalApi,
    Promotion,
    NewGame,
    Randomness,
    Idle,
    Pruning,
    Knowledge,
    Style,
    /// A search parameter (`params::TUNABLES[i]`), in `tune` builds only.
    #[cfg(feature = "tune")]
    Tune(usize),
}

#[derive(Clone, Debug)]
pub enum Kind {
    Check(bool),
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Button,
    /// Free text (UCCI `string`), such as a file name.
    Text {
        default: &'static str,
    },
}

pub struct Opt {
    pub id: OptionId,
    pub uci: &'static str,
    /// None: not offered under UCCI. Some(name): its UCCI name.
    pub ucci: Option<&'static str>,
    pub uci_offered: bool,
    pub kind: Kind,
}

/// The UCCI spec's four levels (idle, pruning, knowledge, randomness).
const LEVELS: &[&str] = &["none", "small", "medium", "large"];

/// An option offered under both dialects, named `uci` and `ucci`.
const fn both(id: OptionId, uci: &'static str, ucci: &'static str, kind: Kind) -> Opt {
    Opt {
        uci_offered: true,
        ..ucci_only(id, uci, ucci, kind)
    }
}

/// An option offered under UCCI only, as its effect needs UCCI's words;
/// accepted under both, so that setting it is never an error.
const fn ucci_only(id: OptionId, uci: &'static str, ucci: &'static str, kind: Kind) -> Opt {
    Opt {
        id,
        uci,
        ucci: Some(ucci),
        uci_offered: false,
        kind,
    }
}

/// One of the UCCI spec's own options (same name in both dialects, offered
/// under UCCI only, accepted under both).
const fn spec(id: OptionId, name: &'static str, kind: Kind) -> Opt {
    ucci_only(id, name, name, kind)
}

const fn spin(default: i64, min: i64, max: i64) -> Kind {
    Kind::Spin { default, min, max }
}

/// The largest table the `Hash` option and the CLI's `--hash` accept, in MB.
pub const HASH_MAX_MB: usize = 65536;
/// The most search threads the `Threads` option and the CLI accept.
pub const THREADS_MAX: usize = 256;

/// The order is the handshake's. `hashsize 0` and `threads 0` let the
/// engine choose (the UCCI spec's meaning).
pub const OPTIONS: &[Opt] = &[
    both(
        OptionId::Hash,
        "Hash",
        "hashsize",
        spin(16, 0, HASH_MAX_MB as i64),
    ),
    both(
        OptionId::Threads,
        "Threads",
        "threads",
        spin(1, 0, THREADS_MAX as i64),
    ),
    both(OptionId::Ponder, "Ponder", "ponder", Kind::Check(false)),
    both(OptionId::MultiPv, "MultiPV", "multipv", spin(1, 1, 128)),
    both(OptionId::ClearHash, "Clear Hash", "clearhash", Kind::Button),
    both(
        OptionId::MoveOverhead,
        "Move Overhead",
        "moveoverhead",
        spin(30, 0, 5000),
    ),
    both(
        OptionId::NaturalLimit,
        "NaturalLimit",
        "naturallimit",
        spin(NATURAL_LIMIT as i64, 20, 1000),
    ),
    both(
        OptionId::RepetitionRule,
        "RepetitionRule",
        "repetitionrule",
        Kind::Combo {
            default: RuleSet::DEFAULT.name(),
            vars: &RuleSet::NAMES,
        },
    ),
    both(OptionId::UseNnue, "UseNNUE", "usennue", Kind::Check(true)),
    both(
        OptionId::EvalFile,
        "EvalFile",
        "evalfile",
        Kind::Text { default: "" },
    ),
    // Offered under UCCI only: they act through `bestmove ... resign|draw`,
    // words UCI lacks. DrawOffer answers an opponent's offer (`go draw`,
    // `ponderhit draw`); the engine never offers first.
    ucci_only(OptionId::Resign, "Resign", "resign", Kind::Check(true)),
    ucci_only(
        OptionId::DrawOffer,
        "DrawOffer",
        "drawoffer",
        Kind::Check(true),
    ),
    Opt {
        id: OptionId::UciVariant,
        uci: "UCI_Variant",
        ucci: None,
        uci_offered: true,
        kind: Kind::Combo {
            default: "xiangqi",
            vars: &["xiangqi"],
        },
    },
    // Move text with ranks 1-10 (cutechess-cli's xiangqi), not 0-9.
    both(
        OptionId::Ranks,
        "Ranks",
        "ranks",
        Kind::Combo {
            default: "0-9",
            vars: &["0-9", "1-10"],
        },
    ),
    // The UCCI 3.0 spec's list, in its order. The engine has no book,
    // tablebases, evaluation library or promotion variant: those are
    // offered as off and answered "has no effect" when turned on.
    spec(OptionId::UseMillisec, "usemillisec", Kind::Check(false)),
    spec(OptionId::Batch, "batch", Kind::Check(false)),
    spec(OptionId::Debug, "debug", Kind::Check(false)),
    spec(OptionId::UseBook, "usebook", Kind::Check(false)),
    spec(OptionId::UseEgtb, "useegtb", Kind::Check(false)),
    spec(OptionId::BookFiles, "bookfiles", Kind::Text { default: "" }),
    spec(OptionId::EgtbPaths, "egtbpaths", Kind::Text { default: "" }),
    spec(OptionId::EvalApi, "evalapi", Kind::Text { default: "" }),
    spec(OptionId::Promotion, "promotion", Kind::Check(false)),
    spec(
        OptionId::Idle,
        "idle",
        Kind::Combo {
            default: "none",
            vars: LEVELS,
        },
    ),
    spec(
        OptionId::Pruning,
        "pruning",
        Kind::Combo {
            default: "large",
            vars: LEVELS,
        },
    ),
    spec(
        OptionId::Knowledge,
        "knowledge",
        Kind::Combo {
            default: "large",
            vars: LEVELS,
        },
    ),
    spec(
        OptionId::Randomness,
        "randomness",
        Kind::Combo {
            default: "none",
            vars: LEVELS,
        },
    ),
    spec(
        OptionId::Style,
        "style",
        Kind::Combo {
            default: "normal",
            vars: &["solid", "normal", "risky"],
        },
    ),
    spec(OptionId::NewGame, "newgame", Kind::Button),
];

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    /// A combo's choice.
    Choice(&'static str),
    /// A `string` option's text.
    Str(String),
    Press,
}

impl Value {
    pub fn int(&self) -> i64 {
        if let Value::Int(n) = self {
            *n
        } else {
            0
        }
    }

    pub fn bool(&self) -> bool {
        matches!(self, Value::Bool(true))
    }
}

pub fn get(id: OptionId) -> &'static Opt {
    OPTIONS
        .iter()
        .find(|o| o.id == id)
        .expect("every option id is in the table")
}

/// The table's default for `id`.
pub fn default(id: OptionId) -> Value {
    match get(id).kind {
        Kind::Check(b) => Value::Bool(b),
        Kind::Spin { default, .. } => Value::Int(default),
        Kind::Combo { default, .. } => Value::Choice(default),
        Kind::Button => Value::Press,
        Kind::Text { default } => Value::Str(default.into()),
    }
}

/// Finds an option by either name (case-insensitive; spaces ignored) and
/// checks the value against its type.
pub fn parse(name: &str, value: Option<&str>) -> Result<(OptionId, Value), String> {
    let norm = |s: &str| s.to_ascii_lowercase().replace(' ', "");
    let key = norm(name);
    #[cfg(feature = "tune")]
    let tuned = tunable_options();
    #[cfg(not(feature = "tune"))]
    let tuned: Vec<Opt> = Vec::new();
    let o = OPTIONS
        .iter()
        .chain(&tuned)
        .find(|o| norm(o.uci) == key || o.ucci.is_some_and(|u| u == key))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let v = value.map(str::trim);
    let val = match (&o.kind, v) {
        (Kind::Button, _) => Value::Press,
        (Kind::Text { .. }, v) => Value::Str(v.unwrap_or("").into()),
        (Kind::Check(_), Some(v)) => match v.to_ascii_lowercase().as_str() {
            "true" | "on" | "1" => Value::Bool(true),
            "false" | "off" | "0" => Value::Bool(false),
            _ => return Err(format!("option '{name}' expects true or false, got '{v}'")),
        },
        (Kind::Spin { min, max, .. }, Some(v)) => match v.parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => Value::Int(n),
            _ => {
                return Err(format!(
                    "option '{name}' expects an integer from {min} to {max}, got '{v}'"
                ))
            }
        },
        (Kind::Combo { vars, .. }, Some(v)) => {
            match vars.iter().find(|x| x.eq_ignore_ascii_case(v)) {
                Some(x) => Value::Choice(x),
                None => {
                    return Err(format!(
                        "option '{name}' expects one of {}, got '{v}'",
                        vars.join("/")
                    ))
                }
            }
        }
        (_, None) => return Err(format!("option '{name}' needs a value")),
    };
    Ok((o.id, val))
}

/// The `tune` build's search parameters as spin options.
#[cfg(feature = "tune")]
pub fn tunable_options() -> Vec<Opt> {
    use crate::search::params::TUNABLES;
    TUNABLES
        .iter()
        .enumerate()
        .map(|(i, t)| Opt {
            id: OptionId::Tune(i),
            uci: t.name,
            ucci: Some(t.name),
            uci_offered: true,
            kind: spin(t.default as i64, t.min as i64, t.max as i64),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_case_and_either_dialect() {
        assert_eq!(
            parse("hash", Some("8")),
            Ok((OptionId::Hash, Value::Int(8)))
        );
        assert_eq!(
            parse("HASHSIZE", Some("8")),
            Ok((OptionId::Hash, Value::Int(8)))
        );
        assert_eq!(
            parse("move overhead", Some("5")),
            Ok((OptionId::MoveOverhead, Value::Int(5)))
        );
        assert_eq!(
            parse("RepetitionRule", Some("ASIAN")),
            Ok((OptionId::RepetitionRule, Value::Choice("asian")))
        );
        assert_eq!(
            parse("clear hash", None),
            Ok((OptionId::ClearHash, Value::Press))
        );
    }

    #[test]
    fn mistyped_names_and_values_are_errors() {
        assert!(parse("hashh", Some("8"))
            .unwrap_err()
            .contains("unknown option"));
        assert!(parse("Hash", Some("-1"))
            .unwrap_err()
            .contains("from 0 to 65536"));
        assert!(parse("Hash", None).unwrap_err().contains("needs a value"));
        assert!(parse("Ponder", Some("yes"))
            .unwrap_err()
            .contains("true or false"));
        assert!(parse("RepetitionRule", Some("wxf")).is_err());
    }

    #[test]
    fn every_id_has_one_entry_and_a_valid_default() {
        for o in OPTIONS {
            assert_eq!(
                OPTIONS.iter().filter(|p| p.id == o.id).count(),
                1,
                "{}",
                o.uci
            );
            let text = match default(o.id) {
                Value::Bool(b) => Some(b.to_string()),
                Value::Int(n) => Some(n.to_string()),
                Value::Choice(t) => Some(t.to_string()),
                Value::Str(t) => Some(t),
                Value::Press => None,
            };
            assert_eq!(
                parse(o.uci, text.as_deref()).map(|x| x.1),
                Ok(default(o.id))
            );
        }
    }
}
