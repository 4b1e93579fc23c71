//! The UCCI dialect's parser: `go` with the side to move's clock (`time`,
//! `increment`, in seconds unless `usemillisec`) and the opponent's; the
//! rest is shared with UCI.

use super::command::{self, Args, Command, Go};

/// One line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        None => Ok(None),
        Some(&"go") => go(&tokens[1..]).map(Some),
        Some(_) => command::shared(&tokens, line).map(Some),
    }
}

fn go(tokens: &[&str]) -> Result<Command, String> {
    if let Some(perft) = command::perft(tokens) {
        return perft;
    }
    let mut go = Go::default();
    let mut args = Args::new(tokens);
    while let Some(word) = args.word() {
        if command::go_shared(word, &mut args, &mut go)? {
            continue;
        }
        match word {
            "time" => go.time = Some(args.number(word)?),
            "increment" => go.increment = Some(args.number(word)?),
            // The opponent's clock does not change our plan.
            "opptime" | "oppincrement" | "oppmovestogo" => {
                args.word();
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
    fn go_arguments_in_any_order() {
        let g = go("go draw time 2.5 opptime 3 oppincrement 1 increment 0.5 movestogo 9 depth 7");
        assert!(g.draw);
        assert_eq!((g.time, g.increment), (Some(2.5), Some(0.5)));
        assert_eq!((g.movestogo, g.depth), (Some(9), Some(7)));
        let g = go("go ponder increment 1 time 30");
        assert!(g.ponder);
        assert_eq!((g.time, g.increment), (Some(30.0), Some(1.0)));
    }

    #[test]
    fn errors_name_the_word() {
        assert!(parse("go time")
            .unwrap_err()
            .contains("'time' needs a number"));
        assert!(parse("go depth x")
            .unwrap_err()
            .contains("'depth' expects a number"));
        assert!(parse("go wtime 100").unwrap_err().contains("wtime"));
        assert!(parse("go perft x").unwrap_err().contains("perft"));
        assert!(matches!(parse("go perft 3"), Ok(Some(Command::Perft(3)))));
        assert!(matches!(parse("   "), Ok(None)));
    }
}
