//! Attack lookups. Sliders split a line into its rank, whose occupancy is
//! contiguous and indexed by a shift, and its file, indexed by a per-square
//! magic multiply (`magics.rs`). Leapers index their leg/eye occupancy with the
//! same magic scheme into 16-entry tables. Every table is built at compile
//! time from `geometry` and the build fails on a bad magic.

use super::bitboard::Bitboard;
use super::geometry::{self as g, fold};
use super::magics::{DIAG_MAGICS, FILE_MAGICS, ORTH_MAGICS};
use super::types::{Color, Square};

#[derive(Copy, Clone)]
struct Magic {
    mask: u128,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occ: u128) -> usize {
        self.offset as usize
            + (fold(occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Rank 0/9 squares see 8 inner file points (256 slots), the rest 7 (128).
const FILE_SLOTS: usize = 20 * 256 + 70 * 128;

struct Tables {
    file_magic: [Magic; 90],
    file_chariot: [u128; FILE_SLOTS],
    file_cannon: [u128; FILE_SLOTS],
    /// [file][inner rank occupancy, files b..h] -> 9-bit rank pattern.
    rank_chariot: [[u16; 128]; 9],
    rank_cannon: [[u16; 128]; 9],
    orth_magic: [Magic; 90],
    diag_magic: [Magic; 90],
    horse: [[u128; 16]; 90],
    horse_from: [[u128; 16]; 90],
    elephant: [[u128; 16]; 90],
    advisor: [u128; 90],
    king: [u128; 90],
    pawn: [[u128; 90]; 2],
    pawn_from: [[u128; 90]; 2],
    between: [[u128; 90]; 90],
    line: [u128; 90],
}

const fn leaper_magics(magics: &[u64; 90], diag: bool) -> [Magic; 90] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 60,
        offset: 0,
    }; 90];
    let mut s = 0;
    while s < 90 {
        let mask = if diag {
            g::diag_mask(s)
        } else {
            g::orth_mask(s)
        };
        out[s] = Magic {
            mask,
            magic: magics[s],
            shift: 60,
            offset: 0,
        };
        s += 1;
    }
    out
}

/// Builds a 16-slot leaper table (0 horse, 1 horse attackers, 2 elephant),
/// failing the build if the magic maps two leg patterns with different results
/// onto one slot.
const fn build_leaper(m: &[Magic; 90], kind: u8) -> [[u128; 16]; 90] {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let mask = m[s].mask;
        let mut filled = [false; 16];
        let mut sub: u128 = 0;
        loop {
            let v = match kind {
                0 => g::horse_moves(s, sub),
                1 => horse_from_fast(s, sub),
                _ => g::elephant_moves(s, sub),
            };
            let i = m[s].index(sub);
            if filled[i] && t[s][i] != v {
                panic!("bad leaper magic");
            }
            filled[i] = true;
            t[s][i] = v;
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        s += 1;
    }
    t
}

/// Horse attackers of `s`: through each empty diagonal neighbour, the two
/// points one step further out along either axis.
const fn horse_from_fast(s: usize, occ: u128) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let dirs = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = dirs[i];
        let (lf, lr) = (f + df, r + dr);
        if lf >= 0 && lf < 9 && lr >= 0 && lr < 10 && occ & (1u128 << (lr * 9 + lf)) == 0 {
            let (af, ar) = (f + 2 * df, r + dr);
            if af >= 0 && af < 9 {
                m |= 1u128 << (ar * 9 + af);
            }
            let (bf, br) = (f + df, r + 2 * dr);
            if br >= 0 && br < 10 {
                m |= 1u128 << (br * 9 + bf);
            }
        }
        i += 1;
    }
    m
}

const fn build() -> Tables {
    let mut t = Tables {
        file_magic: [Magic {
            mask: 0,
            magic: 0,
            shift: 0,
            offset: 0,
        }; 90],
        file_chariot: [0; FILE_SLOTS],
        file_cannon: [0; FILE_SLOTS],
        rank_chariot: [[0; 128]; 9],
        rank_cannon: [[0; 128]; 9],
        orth_magic: leaper_magics(&ORTH_MAGICS, false),
        diag_magic: leaper_magics(&DIAG_MAGICS, true),
        horse: [[0; 16]; 90],
        horse_from: [[0; 16]; 90],
        elephant: [[0; 16]; 90],
        advisor: [0; 90],
        king: [0; 90],
        pawn: [[0; 90]; 2],
        pawn_from: [[0; 90]; 2],
        between: [[0; 90]; 90],
        line: [0; 90],
    };
    // Files.
    let mut offset = 0u32;
    let mut s = 0;
    while s < 90 {
        let mask = g::file_mask(s);
        let bits = mask.count_ones();
        let m = Magic {
            mask,
            magic: FILE_MAGICS[s],
            shift: 64 - bits,
            offset,
        };
        t.file_magic[s] = m;
        let mut filled = [false; 256];
        let mut sub: u128 = 0;
        loop {
            // Edge points count as occupied, so a cannon "captures" towards the
            // edge; callers mask captures with the real occupancy.
            let edges = ((1u128 << (s % 9)) | (1u128 << (81 + s % 9))) & !(1u128 << s);
            let (chariot, cannon) = g::slide(s, sub | edges, &g::FILE_DIRS);
            let i = m.index(sub);
            let local = i - offset as usize;
            if filled[local] && (t.file_chariot[i] != chariot || t.file_cannon[i] != cannon) {
                panic!("bad file magic");
            }
            filled[local] = true;
            t.file_chariot[i] = chariot;
            t.file_cannon[i] = cannon;
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        offset += 1 << bits;
        s += 1;
    }
    // Ranks: patterns on rank 0, shifted into place at lookup.
    let mut f = 0;
    while f < 9 {
        let mut occ7 = 0;
        while occ7 < 128 {
            let edges = (1u128 | 1u128 << 8) & !(1u128 << f);
            let (chariot, cannon) = g::slide(f, (occ7 as u128) << 1 | edges, &g::RANK_DIRS);
            t.rank_chariot[f][occ7] = chariot as u16;
            t.rank_cannon[f][occ7] = cannon as u16;
            occ7 += 1;
        }
        f += 1;
    }
    t.horse = build_leaper(&t.orth_magic, 0);
    t.horse_from = build_leaper(&t.diag_magic, 1);
    t.elephant = build_leaper(&t.diag_magic, 2);
    let mut s = 0;
    while s < 90 {
        t.advisor[s] = g::advisor_moves(s);
        t.king[s] = g::king_moves(s);
        t.pawn[0][s] = g::pawn_moves(Color::Red, s);
        t.pawn[1][s] = g::pawn_moves(Color::Black, s);
        let (chariot, _) = g::slide(s, 0, &g::ALL_DIRS);
        t.line[s] = chariot;
        let mut o = 0;
        while o < 90 {
            t.between[s][o] = g::between(s, o);
            if g::pawn_moves(Color::Red, o) & (1u128 << s) != 0 {
                t.pawn_from[0][s] |= 1u128 << o;
            }
            if g::pawn_moves(Color::Black, o) & (1u128 << s) != 0 {
                t.pawn_from[1][s] |= 1u128 << o;
            }
            o += 1;
        }
        s += 1;
    }
    t
}

static T: Tables = build();

#[inline(always)]
fn rank_index(s: Square, occ: Bitboard) -> (usize, u32) {
    let base = s.rank() as u32 * 9;
    (((occ.0 >> (base + 1)) & 0x7F) as usize, base)
}

/// Chariot targets (including the first blocker in each direction).
#[inline(always)]
pub fn chariot(s: Square, occ: Bitboard) -> Bitboard {
    let (ri, base) = rank_index(s, occ);
    let rank = (T.rank_chariot[s.file() as usize][ri] as u128) << base;
    let file = T.file_chariot[T.file_magic[s.index()].index(occ.0)];
    Bitboard(rank | file)
}

/// Cannon capture squares: the first point behind the first blocker. The
/// result may contain empty points (edge squares); mask with occupancy.
#[inline(always)]
pub fn cannon(s: Square, occ: Bitboard) -> Bitboard {
    let (ri, base) = rank_index(s, occ);
    let rank = (T.rank_cannon[s.file() as usize][ri] as u128) << base;
    let file = T.file_cannon[T.file_magic[s.index()].index(occ.0)];
    Bitboard(rank | file)
}

#[inline(always)]
pub fn horse(s: Square, occ: Bitboard) -> Bitboard {
    Bitboard(T.horse[s.index()][T.orth_magic[s.index()].index(occ.0)])
}

/// Points from which a horse would attack `s` (legs next to `s`).
#[inline(always)]
pub fn horse_attackers(s: Square, occ: Bitboard) -> Bitboard {
    Bitboard(T.horse_from[s.index()][T.diag_magic[s.index()].index(occ.0)])
}

/// Elephant targets; symmetric, so also the elephants that attack `s`.
#[inline(always)]
pub fn elephant(s: Square, occ: Bitboard) -> Bitboard {
    Bitboard(T.elephant[s.index()][T.diag_magic[s.index()].index(occ.0)])
}

#[inline(always)]
pub fn advisor(s: Square) -> Bitboard {
    Bitboard(T.advisor[s.index()])
}

#[inline(always)]
pub fn king(s: Square) -> Bitboard {
    Bitboard(T.king[s.index()])
}

#[inline(always)]
pub fn pawn(c: Color, s: Square) -> Bitboard {
    Bitboard(T.pawn[c.index()][s.index()])
}

/// Points from which a pawn of colour `c` attacks `s`.
#[inline(always)]
pub fn pawn_attackers(c: Color, s: Square) -> Bitboard {
    Bitboard(T.pawn_from[c.index()][s.index()])
}

#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(T.between[a.index()][b.index()])
}

/// The whole rank and file through `s`, without `s`.
#[inline(always)]
pub fn line(s: Square) -> Bitboard {
    Bitboard(T.line[s.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rnd(state: &mut u64) -> u128 {
        let mut x = || {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state
        };
        ((x() as u128) << 64 | x() as u128) & ((x() as u128) << 64 | x() as u128) & Bitboard::FULL.0
    }

    #[test]
    fn tables_match_reference_geometry() {
        let mut st = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            let occ = rnd(&mut st);
            for s in 0..90 {
                let sq = Square::from_index(s);
                let (r, c) = g::slide(s, occ, &g::ALL_DIRS);
                assert_eq!(chariot(sq, Bitboard(occ)).0, r, "chariot {sq}");
                assert_eq!(cannon(sq, Bitboard(occ)).0 & occ, c, "cannon {sq}");
                assert_eq!(horse(sq, Bitboard(occ)).0, g::horse_moves(s, occ));
                assert_eq!(
                    horse_attackers(sq, Bitboard(occ)).0,
                    g::horse_attackers(s, occ)
                );
                assert_eq!(elephant(sq, Bitboard(occ)).0, g::elephant_moves(s, occ));
            }
        }
        for s in 0..90 {
            let sq = Square::from_index(s);
            for c in Color::BOTH {
                assert_eq!(pawn_attackers(c, sq).0, g::pawn_attackers(c, s));
            }
        }
    }
}
