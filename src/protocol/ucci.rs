//! The UCCI dialect's parser: `go` with the side to move's clock (`time`,
//! `increment`, in seconds unless `usemillisec`) and the opponent's; the
//! rest is shared with UCI.

use super::command::{self, Args, Command, Go};

/// One line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    command::parse_line(line, go_word)
}

/// UCCI's own `go` words.
fn go_word(word: &str, args: &mut Args, go: &mut Go) -> Result<bool, String> {
    match word {
        "time" => go.time = Some(args.number(word)?),
        "increment" => go.increment = Some(args.number(word)?),
        // The opponent's clock does not change our plan.
        "opptime" | "oppincrement" | "oppmovestogo" => {
            args.word();
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments_in_any_order() {
        let g = command::parsed_go(
            parse,
            "go draw time 2.5 opptime 3 oppincrement 1 increment 0.5 movestogo 9 depth 7",
        );
        assert!(g.draw);
        assert_eq!((g.time, g.increment), (Some(2.5), Some(0.5)));
        assert_eq!((g.movestogo, g.depth), (Some(9), Some(7)));
        let g = command::parsed_go(parse, "go ponder increment 1 time 30");
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
