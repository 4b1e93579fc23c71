//! How move text numbers the ranks: 0-9 (UCCI, Pikafish-style UCI, the
//! engine inside) or 1-10 (cutechess-cli's and Fairy-Stockfish's xiangqi),
//! chosen by the `Ranks` option. Lines are turned into 0-9 before parsing
//! and the moves of `info`, `bestmove`, `pophash` and `go perft`'s divide
//! lines back into the chosen form on output.

use crate::board::Move;
use std::borrow::Cow;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Ranks {
    #[default]
    FromZero,
    FromOne,
}

impl Ranks {
    pub fn parse(s: &str) -> Ranks {
        if s == "1-10" {
            Ranks::FromOne
        } else {
            Ranks::FromZero
        }
    }

    /// A move as this numbering writes it.
    pub fn text(self, m: Move) -> String {
        match self {
            Ranks::FromZero => m.to_string(),
            Ranks::FromOne => {
                let sq = |s: crate::board::Square| {
                    format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1)
                };
                format!("{}{}", sq(m.from()), sq(m.to()))
            }
        }
    }

    /// The line with every move token in 0-9 form (lines that carry moves:
    /// `position`, bare positions, `banmoves`, `go searchmoves`, `probe`).
    pub fn to_zero(self, line: &str) -> Cow<'_, str> {
        let first = line.split_whitespace().next().unwrap_or("");
        let carries_moves = matches!(
            first,
            "position" | "fen" | "startpos" | "banmoves" | "go" | "probe"
        );
        if self == Ranks::FromZero || !carries_moves {
            return Cow::Borrowed(line);
        }
        let tokens: Vec<String> = line
            .split_whitespace()
            .map(|t| from_one(t).unwrap_or_else(|| t.to_string()))
            .collect();
        Cow::Owned(tokens.join(" "))
    }
}

/// `e10e9` -> `e9e8`: a move token numbered 1-10, renumbered 0-9.
fn from_one(t: &str) -> Option<String> {
    let b = t.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c.to_ascii_lowercase());
    let split = (2..t.len()).find(|&i| file(b[i]))?;
    let (a, c) = (&t[..split], &t[split..]);
    let square = |s: &str| -> Option<String> {
        let rank: u8 = s.get(1..)?.parse().ok()?;
        let f = *s.as_bytes().first()?;
        (file(f) && (1..=10).contains(&rank) && !s[1..].starts_with('0'))
            .then(|| format!("{}{}", f as char, rank - 1))
    };
    Some(format!("{}{}", square(a)?, square(c)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways() {
        let r = Ranks::FromOne;
        assert_eq!(
            r.to_zero("position startpos moves h3e3 h10g8"),
            "position startpos moves h2e2 h9g7"
        );
        assert_eq!(
            r.to_zero("go searchmoves e1e2 depth 3"),
            "go searchmoves e0e1 depth 3"
        );
        // FEN fields and non-move words are left alone.
        let fen =
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(r.to_zero(fen), fen);
        assert_eq!(
            r.to_zero("setoption name Hash value 16"),
            "setoption name Hash value 16"
        );
        // Not moves in 1-10 form: kept (the parser reports them).
        assert_eq!(r.to_zero("banmoves e0e1 e11e2"), "banmoves e0e1 e11e2");
        let m = Move::parse("e9e8").unwrap();
        assert_eq!(r.text(m), "e10e9");
        assert_eq!(Ranks::FromZero.text(m), "e9e8");
        assert_eq!(
            Ranks::FromZero.to_zero("position startpos moves h3e3"),
            "position startpos moves h3e3"
        );
    }
}
