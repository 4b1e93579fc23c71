//! The UCI dialect's parser (Pikafish style): `go` with both clocks
//! (`wtime`, `btime`, `winc`, `binc`, milliseconds), `searchmoves`, and
//! `debug on|off`; the rest is shared with UCCI.

use super::command::{self, Args, Command, Go};
use crate::board::Color;

/// One line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        None => Ok(None),
        Some(&"go") => go(&tokens[1..]).map(Some),
        Some(&"debug") => match tokens.get(1) {
            Some(&"on") => Ok(Some(Command::Debug(true))),
            Some(&"off") => Ok(Some(Command::Debug(false))),
            _ => Err("debug: expected 'on' or 'off'".into()),
        },
        Some(_) => command::shared(&tokens, line).map(Some),
    }
}

fn go(tokens: &[&str]) -> Result<Command, String> {
    if let Some(perft) = command::perft(tokens) {
        return perft;
    }
    let mut go = Go::default();
    let mut args = Args::new(tokens);
    let (red, black) = (Color::Red.index(), Color::Black.index());
    while let Some(word) = args.word() {
        if command::go_shared(word, &mut args, &mut go)? {
            continue;
        }
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
            _ => return Err(command::unknown_go(word)),
        }
    }
    Ok(Command::Go(Box::new(go)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(g))) => *g,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn both_clocks_and_searchmoves() {
        let g = go("go btime 900 winc 10 wtime 1000 binc 20 movestogo 5");
        assert_eq!(g.times, [Some(1000.0), Some(900.0)]);
        assert_eq!(g.increments, [Some(10.0), Some(20.0)]);
        let g = go("go searchmoves h2e2 b0c2 depth 4");
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
