//! The engine driven through pipes, for the protocol and GUI tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// Generous: only guards against a hang, never measures speed.
pub const WAIT: Duration = Duration::from_secs(30);

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Started and past the handshake: `ucci` or `uci` sent, its `...ok` read.
    pub fn greeted(hello: &str) -> Engine {
        let mut e = Engine::start();
        e.send(hello);
        e.until(&format!("{hello}ok"));
        e
    }

    /// Bytes as they are (CRLF, GBK), with no newline added.
    pub fn send_raw(&mut self, b: &[u8]) {
        self.stdin.write_all(b).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads until a line starting with `prefix`; returns all lines read.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = vec![];
        loop {
            let l = self
                .lines
                .recv_timeout(WAIT)
                .unwrap_or_else(|_| panic!("no '{prefix}' in {seen:?}"));
            let done = l.starts_with(prefix);
            seen.push(l);
            if done {
                return seen;
            }
        }
    }

    pub fn last(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().unwrap()
    }

    /// Lines that arrive within `d` (none expected to be a bestmove, say).
    pub fn quiet_for(&mut self, d: Duration) -> Vec<String> {
        let mut seen = vec![];
        while let Ok(l) = self.lines.recv_timeout(d) {
            seen.push(l);
        }
        seen
    }

    pub fn fen(&mut self) -> String {
        self.send("d");
        self.last("FEN:").trim_start_matches("FEN: ").to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}
