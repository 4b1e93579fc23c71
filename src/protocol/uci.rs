//! The UCI dialect's parser (Pikafish style): `go` with both clocks
//! (`wtime`, `btime`, `winc`, `binc`, milliseconds), `searchmoves`, and
//! `debug on|off`; the rest is shared with UCCI.

use super::command::{self, Args, Command, Go};
use crate::board::Color;

/// One line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut tokens = line.split_whitespace();
    if tokens.next() == Some("debug") {
        return match tokens.next() {
            Some("on") => Ok(Some(Command::Debug(true))),
            Some("off") => Ok(Some(Command::Debug(false))),
            _ => Err("debug: expected 'on' or 'off'".into()),
        };
    }
    command::parse_line(line, go_word)
}

/// UCI's own `go` words.
fn go_word(word: &str, args: &mut Args, go: &mut Go) -> Result<bool, String> {
    let (red, black) = (Color::Red.index(), Color::Black.index());
    match word {
        "wtime" => go.times[red] = Some(args.number(word)?),
        "btime" => go.times[black] = Some(args.number(word)?),
        "winc" => go.increments[red] = Some(args.number(word)?),
        "binc" => go.increments[black] = Some(args.number(word)?),
        "searchmoves" => {
            while let Some(m) = args.next_move() {
                go.searchmoves.push(m);
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_clocks_and_searchmoves() {
        let g = command::parsed_go(parse, "go btime 900 winc 10 wtime 1000 binc 20 movestogo 5");
        assert_eq!(g.times, [Some(1000.0), Some(900.0)]);
        assert_eq!(g.increments, [Some(10.0), Some(20.0)]);
        let g = command::parsed_go(parse, "go searchmoves h2e2 b0c2 depth 4");
        assert_eq!(g.searchmoves.len(), 2);
        assert_eq!(g.depth, Some(4));
    }

    #[test]
    fn ucci_words_and_bad_debug_are_errors() {
        assert!(parse("go time 5").unwrap_err().contains("'time'"));
        assert!(parse("go opptime 5").unwrap_err().contains("'opptime'"));
        assert!(parse("debug maybe").is_err());
        assert!(matches!(parse("debug on"), Ok(Some(Command::Debug(true)))));
        // Shared commands and both setoption forms parse under UCI too.
        assert!(matches!(
            parse("banmoves h2e2"),
            Ok(Some(Command::BanMoves(_)))
        ));
        assert!(matches!(
            parse("setoption hashsize 8"),
            Ok(Some(Command::SetOption(..)))
        ));
    }
}
