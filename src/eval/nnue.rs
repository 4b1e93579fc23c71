//! NNUE evaluation: piece-square inputs per perspective, one hidden layer
//! per perspective (side to move's half first), SCReLU, one output.
//!
//! Inputs for perspective `p`: (own or enemy, piece type, point), the point
//! seen from `p`'s side (Black's board is turned rank-wise), 2 x 7 x 90 =
//! 1,260. Integers throughout: hidden values are scaled by `QA`, output
//! weights by `QB`; the output is `SCALE` times the trained network's.
//!
//! # Net file (little-endian)
//!
//! | bytes | field                                                  |
//! |-------|--------------------------------------------------------|
//! | 0-3   | magic `CXNN`                                           |
//! | 4-5   | format version (`u16`, 1)                              |
//! | 6-7   | inputs (`u16`, 1260)                                   |
//! | 8-9   | hidden size per perspective (`u16`)                    |
//! | 10-11 | `QA` (`u16`), 12-13 `QB` (`u16`), 14-15 `SCALE` (`u16`) |
//! | 16-.. | hidden weights `i16` [input][hidden], hidden biases `i16` [hidden], output weights `i16` [2 * hidden], output bias `i32` |
//! | last 4 | FNV-1a (32-bit) of every byte before it               |

use crate::board::{Color, Move, Piece, Position, Square};
use std::sync::{Arc, LazyLock};

/// The file name (in `nets/`) of the net built into the binary: `nn-` and
/// the first 12 hex digits of its SHA-256.
macro_rules! embedded_net_file {
    () => {
        "nn-09bf7748f7c1.nnue"
    };
}
pub const EMBEDDED_NAME: &str = embedded_net_file!();
static EMBEDDED_BYTES: &[u8] = include_bytes!(concat!("../../nets/", embedded_net_file!()));

/// The built-in net (checked when first used; a bad one fails every test).
pub fn embedded() -> Arc<Net> {
    static NET: LazyLock<Arc<Net>> = LazyLock::new(|| {
        Arc::new(Net::from_bytes(EMBEDDED_BYTES).expect("the embedded net is valid"))
    });
    NET.clone()
}

/// The built-in net's file bytes.
pub fn embedded_bytes() -> &'static [u8] {
    EMBEDDED_BYTES
}

pub const INPUTS: usize = 2 * 7 * 90;
/// Hidden neurons per perspective (the only size this build evaluates).
pub const HIDDEN: usize = 128;
pub const QA: i32 = 255;
pub const QB: i32 = 64;
pub const SCALE: i32 = 400;
pub const MAGIC: [u8; 4] = *b"CXNN";
/// Output weights are clipped to this, so that `2 * HIDDEN * QA^2 * w`
/// fits an `i32`.
pub const MAX_OUT_WEIGHT: i32 = 127;
pub const VERSION: u16 = 1;
const HEADER: usize = 16;
/// Bytes of a net file of this build's shape.
pub const FILE_BYTES: usize = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 4;

/// Input index of `piece` on `sq` from `persp`'s side.
#[inline(always)]
pub fn feature(persp: Color, piece: Piece, sq: Square) -> usize {
    let theirs = usize::from(piece.color() != persp);
    let point = if persp == Color::Red {
        sq
    } else {
        sq.flip_rank()
    };
    (theirs * 7 + piece.kind().index()) * 90 + point.index()
}

/// A quantised network.
#[derive(Clone)]
pub struct Net {
    /// `[input][hidden]`.
    pub hidden_w: Box<[[i16; HIDDEN]; INPUTS]>,
    pub hidden_b: [i16; HIDDEN],
    /// Side to move's half, then the other's.
    pub out_w: [i16; 2 * HIDDEN],
    pub out_b: i32,
}

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

impl Net {
    /// All weights zero (a test and trainer helper).
    pub fn zeroed() -> Net {
        Net {
            hidden_w: vec![[0i16; HIDDEN]; INPUTS]
                .into_boxed_slice()
                .try_into()
                .expect("INPUTS rows"),
            hidden_b: [0; HIDDEN],
            out_w: [0; 2 * HIDDEN],
            out_b: 0,
        }
    }

    /// Reads a net file; says what is wrong with a bad one.
    pub fn from_bytes(b: &[u8]) -> Result<Net, String> {
        if b.len() < HEADER + 4 || b[0..4] != MAGIC {
            return Err("not a Chariot net file (bad magic)".into());
        }
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        if u16_at(4) != VERSION {
            return Err(format!(
                "net format version {} (this build reads {VERSION})",
                u16_at(4)
            ));
        }
        let shape = (u16_at(6), u16_at(8), u16_at(10), u16_at(12), u16_at(14));
        let want = (
            INPUTS as u16,
            HIDDEN as u16,
            QA as u16,
            QB as u16,
            SCALE as u16,
        );
        if shape != want {
            return Err(format!(
                "net shape (inputs, hidden, QA, QB, scale) {shape:?}, this build needs {want:?}"
            ));
        }
        if b.len() != FILE_BYTES {
            return Err(format!(
                "net file has {} bytes, expected {FILE_BYTES} (truncated?)",
                b.len()
            ));
        }
        let body = &b[..b.len() - 4];
        let sum = u32::from_le_bytes(b[b.len() - 4..].try_into().expect("4 bytes"));
        if fnv1a(body) != sum {
            return Err("net file checksum mismatch (corrupt)".into());
        }
        let mut net = Net::zeroed();
        let mut i = HEADER;
        let mut next = || {
            let v = i16::from_le_bytes([b[i], b[i + 1]]);
            i += 2;
            v
        };
        for row in net.hidden_w.iter_mut() {
            for w in row.iter_mut() {
                *w = next();
            }
        }
        for w in net.hidden_b.iter_mut() {
            *w = next();
        }
        for w in net.out_w.iter_mut() {
            *w = next();
        }
        net.out_b = i32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        // The output sum stays within i32 only for small output weights.
        if net
            .out_w
            .iter()
            .any(|w| w.unsigned_abs() > MAX_OUT_WEIGHT as u16)
        {
            return Err(format!("net output weights beyond +/-{MAX_OUT_WEIGHT}"));
        }
        Ok(net)
    }

    /// The file bytes of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(FILE_BYTES);
        b.extend_from_slice(&MAGIC);
        for v in [
            VERSION,
            INPUTS as u16,
            HIDDEN as u16,
            QA as u16,
            QB as u16,
            SCALE as u16,
        ] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for row in self.hidden_w.iter() {
            for w in row {
                b.extend_from_slice(&w.to_le_bytes());
            }
        }
        for w in self.hidden_b.iter().chain(self.out_w.iter()) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b.extend_from_slice(&self.out_b.to_le_bytes());
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// The accumulator of `pos`, computed from scratch.
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            v: [self.hidden_b; 2],
        };
        for c in Color::BOTH {
            for sq in pos.color_bb(c) {
                let piece = pos.piece_at(sq).expect("occupied point");
                acc.add(self, piece, sq);
            }
        }
        acc
    }

    /// The score for the side to move `stm`, in centi-horses (100 = about
    /// one horse, as the hand-crafted evaluation it was fitted to).
    #[inline]
    pub fn output(&self, acc: &Accumulator, stm: Color) -> i32 {
        let (us, them) = (&acc.v[stm.index()], &acc.v[stm.flip().index()]);
        let mut sum: i32 = 0;
        for i in 0..HIDDEN {
            let a = i32::from(us[i]).clamp(0, QA);
            let b = i32::from(them[i]).clamp(0, QA);
            sum += a * i32::from(self.out_w[i]) * a;
            sum += b * i32::from(self.out_w[HIDDEN + i]) * b;
        }
        (sum / QA + self.out_b) * SCALE / (QA * QB)
    }

    /// The evaluation of `pos` for its side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos.side())
    }
}

/// Hidden values for both perspectives (Red's first).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Accumulator {
    pub v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    pub const ZERO: Accumulator = Accumulator {
        v: [[0; HIDDEN]; 2],
    };

    #[inline(always)]
    fn add(&mut self, net: &Net, piece: Piece, sq: Square) {
        for persp in Color::BOTH {
            let w = &net.hidden_w[feature(persp, piece, sq)];
            for (a, d) in self.v[persp.index()].iter_mut().zip(w) {
                *a = a.wrapping_add(*d);
            }
        }
    }

    /// This accumulator updated for `m` played in `before` (call before
    /// making the move).
    pub fn after_move(&self, net: &Net, before: &Position, m: Move) -> Accumulator {
        let mut acc = Accumulator::ZERO;
        acc.set_after_move(self, net, before, m);
        acc
    }

    /// Sets this accumulator to `prev` updated for `m` played in `before`,
    /// in one pass per perspective: the search's hot path, where a copy
    /// followed by separate updates cost a memory pass each.
    #[inline]
    pub fn set_after_move(&mut self, prev: &Accumulator, net: &Net, before: &Position, m: Move) {
        let piece = before.piece_at(m.from()).expect("legal move has a piece");
        let victim = before.piece_at(m.to());
        for persp in Color::BOTH {
            let from = &net.hidden_w[feature(persp, piece, m.from())];
            let to = &net.hidden_w[feature(persp, piece, m.to())];
            let (src, dst) = (&prev.v[persp.index()], &mut self.v[persp.index()]);
            match victim {
                Some(v) => {
                    let cap = &net.hidden_w[feature(persp, v, m.to())];
                    for i in 0..HIDDEN {
                        dst[i] = src[i]
                            .wrapping_sub(from[i])
                            .wrapping_add(to[i])
                            .wrapping_sub(cap[i]);
                    }
                }
                None => {
                    for i in 0..HIDDEN {
                        dst[i] = src[i].wrapping_sub(from[i]).wrapping_add(to[i]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// A net with random small weights (deterministic).
    pub fn random_net(seed: u64) -> Net {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut net = Net::zeroed();
        for row in net.hidden_w.iter_mut() {
            for w in row.iter_mut() {
                *w = rng.gen_range(-40..=40);
            }
        }
        for w in net.hidden_b.iter_mut() {
            *w = rng.gen_range(0..=120);
        }
        for w in net.out_w.iter_mut() {
            *w = rng.gen_range(-100..=100);
        }
        net.out_b = rng.gen_range(-1000..=1000);
        net
    }

    #[test]
    fn file_round_trip_and_damage_is_refused() {
        let net = random_net(1);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        let back = Net::from_bytes(&bytes).unwrap();
        let pos = Position::startpos();
        assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
        assert!(Net::from_bytes(&bytes[..bytes.len() - 10]).is_err());
        let mut bad = bytes.clone();
        bad[1000] ^= 1;
        assert!(Net::from_bytes(&bad).err().unwrap().contains("checksum"));
        bad = bytes.clone();
        bad[0] = b'X';
        assert!(Net::from_bytes(&bad).is_err());
    }

    #[test]
    fn incremental_accumulator_equals_refresh_in_a_playout() {
        let net = random_net(2);
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut acc = net.refresh(&pos);
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.gen_range(0..moves.len())];
                acc = acc.after_move(&net, &pos, m);
                pos.make(m);
                assert_eq!(acc, net.refresh(&pos), "after {m} in {}", pos.to_fen());
            }
        }
    }

    #[test]
    fn colour_flipped_twin_evaluates_the_same() {
        let net = random_net(4);
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB2 w - - 0 1",
            "3ak4/4a4/9/9/9/6R2/9/9/9/4K4 b - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let twin = Position::from_fen(&flip_colours(fen)).unwrap();
            assert_eq!(net.evaluate(&pos), net.evaluate(&twin), "{fen}");
        }
    }

    /// The same position with colours swapped and the board turned.
    fn flip_colours(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let rows: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", rows.join("/"))
    }
}
