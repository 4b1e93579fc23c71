//! Engine options: one table serves both dialects. A UCCI name is the UCI name
//! lower-cased without spaces, except where the UCCI spec names it itself.

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
}

pub struct Opt {
    pub uci: &'static str,
    /// None: not offered under UCCI. Some(name): its UCCI name.
    pub ucci: Option<&'static str>,
    pub uci_offered: bool,
    pub kind: Kind,
}

const LEVELS: &[&str] = &["none", "small", "medium", "large"];

pub const OPTIONS: &[Opt] = &[
    Opt {
        uci: "Hash",
        ucci: Some("hashsize"),
        uci_offered: true,
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 65536,
        },
    },
    Opt {
        uci: "Threads",
        ucci: Some("threads"),
        uci_offered: true,
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Opt {
        uci: "Ponder",
        ucci: Some("ponder"),
        uci_offered: true,
        kind: Kind::Check(false),
    },
    Opt {
        uci: "MultiPV",
        ucci: Some("multipv"),
        uci_offered: true,
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 128,
        },
    },
    Opt {
        uci: "Clear Hash",
        ucci: Some("clearhash"),
        uci_offered: true,
        kind: Kind::Button,
    },
    Opt {
        uci: "Move Overhead",
        ucci: Some("moveoverhead"),
        uci_offered: true,
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
        },
    },
    Opt {
        uci: "NaturalLimit",
        ucci: Some("naturallimit"),
        uci_offered: true,
        kind: Kind::Spin {
            default: 120,
            min: 20,
            max: 1000,
        },
    },
    Opt {
        uci: "RepetitionRule",
        ucci: Some("repetitionrule"),
        uci_offered: true,
        kind: Kind::Combo {
            default: "chinese",
            vars: &["chinese", "asian", "checkonly"],
        },
    },
    Opt {
        uci: "Resign",
        ucci: Some("resign"),
        uci_offered: true,
        kind: Kind::Check(true),
    },
    Opt {
        uci: "DrawOffer",
        ucci: Some("drawoffer"),
        uci_offered: true,
        kind: Kind::Check(true),
    },
    Opt {
        uci: "UCI_Variant",
        ucci: None,
        uci_offered: true,
        kind: Kind::Combo {
            default: "xiangqi",
            vars: &["xiangqi"],
        },
    },
    // The UCCI spec's own options.
    Opt {
        uci: "usemillisec",
        ucci: Some("usemillisec"),
        uci_offered: false,
        kind: Kind::Check(false),
    },
    Opt {
        uci: "batch",
        ucci: Some("batch"),
        uci_offered: false,
        kind: Kind::Check(false),
    },
    Opt {
        uci: "debug",
        ucci: Some("debug"),
        uci_offered: false,
        kind: Kind::Check(false),
    },
    Opt {
        uci: "usebook",
        ucci: Some("usebook"),
        uci_offered: false,
        kind: Kind::Check(false),
    },
    Opt {
        uci: "newgame",
        ucci: Some("newgame"),
        uci_offered: false,
        kind: Kind::Button,
    },
    Opt {
        uci: "randomness",
        ucci: Some("randomness"),
        uci_offered: false,
        kind: Kind::Combo {
            default: "none",
            vars: &["none", "tiny", "small", "medium", "large", "huge"],
        },
    },
    Opt {
        uci: "idle",
        ucci: Some("idle"),
        uci_offered: false,
        kind: Kind::Combo {
            default: "none",
            vars: LEVELS,
        },
    },
    Opt {
        uci: "pruning",
        ucci: Some("pruning"),
        uci_offered: false,
        kind: Kind::Combo {
            default: "large",
            vars: LEVELS,
        },
    },
    Opt {
        uci: "knowledge",
        ucci: Some("knowledge"),
        uci_offered: false,
        kind: Kind::Combo {
            default: "large",
            vars: LEVELS,
        },
    },
];

/// The `option ...` line for one dialect, or None if not offered there.
pub fn describe(o: &Opt, ucci: bool) -> Option<String> {
    if ucci {
        let name = o.ucci?;
        Some(match &o.kind {
            Kind::Check(d) => format!("option {name} type check default {d}"),
            Kind::Spin { default, min, max } => {
                format!("option {name} type spin min {min} max {max} default {default}")
            }
            Kind::Combo { default, vars } => {
                let v: String = vars.iter().map(|v| format!(" var {v}")).collect();
                format!("option {name} type combo{v} default {default}")
            }
            Kind::Button => format!("option {name} type button"),
        })
    } else {
        if !o.uci_offered {
            return None;
        }
        let name = o.uci;
        Some(match &o.kind {
            Kind::Check(d) => format!("option name {name} type check default {d}"),
            Kind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            Kind::Combo { default, vars } => {
                let v: String = vars.iter().map(|v| format!(" var {v}")).collect();
                format!("option name {name} type combo default {default}{v}")
            }
            Kind::Button => format!("option name {name} type button"),
        })
    }
}

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Text(String),
    Press,
}

/// Finds an option by either name (case-insensitive; spaces ignored) and
/// checks the value against its type.
pub fn parse(name: &str, value: Option<&str>) -> Result<(&'static Opt, Value), String> {
    let norm = |s: &str| s.to_ascii_lowercase().replace(' ', "");
    let key = norm(name);
    let o = OPTIONS
        .iter()
        .find(|o| norm(o.uci) == key || o.ucci.is_some_and(|u| u == key))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let v = value.map(str::trim);
    let val = match (&o.kind, v) {
        (Kind::Button, _) => Value::Press,
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
                Some(x) => Value::Text(x.to_string()),
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
    Ok((o, val))
}
