//! Plain, slow, obviously-correct move geometry: the reference from which the
//! fast lookup tables in `attacks` are built (at compile time) and tested.

use super::types::Color;

const fn sq(file: i32, rank: i32) -> i32 {
    rank * 9 + file
}

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn bit(file: i32, rank: i32) -> u128 {
    1u128 << sq(file, rank)
}

pub const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && on_board(file, rank)
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Squares on the same file as `s`, ranks 1..=8, excluding `s`: the occupancy
/// that decides file slides (the edge points never block anything beyond).
pub const fn file_mask(s: usize) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let mut m = 0;
    let mut rr = 1;
    while rr <= 8 {
        if rr != r {
            m |= bit(f, rr);
        }
        rr += 1;
    }
    m
}

pub const fn orth_mask(s: usize) -> u128 {
    neighbour_mask(s, &ORTH)
}

pub const fn diag_mask(s: usize) -> u128 {
    neighbour_mask(s, &DIAG)
}

const fn neighbour_mask(s: usize, dirs: &[(i32, i32); 4]) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (nf, nr) = (f + dirs[i].0, r + dirs[i].1);
        if on_board(nf, nr) {
            m |= bit(nf, nr);
        }
        i += 1;
    }
    m
}

/// Slide from `s` in the given directions: (chariot targets incl. first blocker,
/// cannon captures = first occupied point behind the first blocker).
pub const fn slide(s: usize, occ: u128, dirs: &[(i32, i32)]) -> (u128, u128) {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let (mut chariot, mut cannon) = (0u128, 0u128);
    let mut i = 0;
    while i < dirs.len() {
        let (df, dr) = dirs[i];
        let (mut nf, mut nr) = (f + df, r + dr);
        let mut screened = false;
        while on_board(nf, nr) {
            let b = bit(nf, nr);
            if !screened {
                chariot |= b;
                if occ & b != 0 {
                    screened = true;
                }
            } else if occ & b != 0 {
                cannon |= b;
                break;
            }
            nf += df;
            nr += dr;
        }
        i += 1;
    }
    (chariot, cannon)
}

pub const FILE_DIRS: [(i32, i32); 2] = [(0, 1), (0, -1)];
pub const RANK_DIRS: [(i32, i32); 2] = [(1, 0), (-1, 0)];
pub const ALL_DIRS: [(i32, i32); 4] = ORTH;

/// Horse targets from `s`; the leg is the orthogonal neighbour in the long direction.
pub const fn horse_moves(s: usize, occ: u128) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (lf, lr) = ORTH[i];
        if on_board(f + lf, r + lr) && occ & bit(f + lf, r + lr) == 0 {
            // Two targets beyond this leg: long step along (lf, lr), short step sideways.
            let (sf, sr) = (lr, lf);
            let (t1f, t1r) = (f + 2 * lf + sf, r + 2 * lr + sr);
            let (t2f, t2r) = (f + 2 * lf - sf, r + 2 * lr - sr);
            if on_board(t1f, t1r) {
                m |= bit(t1f, t1r);
            }
            if on_board(t2f, t2r) {
                m |= bit(t2f, t2r);
            }
        }
        i += 1;
    }
    m
}

/// Points from which a horse attacks `s`: the attacker's leg is a diagonal
/// neighbour of `s`, so a different set of blockers than `horse_moves`.
pub const fn horse_attackers(s: usize, occ: u128) -> u128 {
    let mut m = 0;
    let mut h = 0;
    while h < 90 {
        if horse_moves(h, occ) & (1u128 << s) != 0 {
            m |= 1u128 << h;
        }
        h += 1;
    }
    m
}

/// Elephant targets from `s`: two diagonal steps, eye empty, never across the river.
pub const fn elephant_moves(s: usize, occ: u128) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let red_half = r <= 4;
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = DIAG[i];
        let (ef, er) = (f + df, r + dr);
        let (tf, tr) = (f + 2 * df, r + 2 * dr);
        if on_board(tf, tr) && (tr <= 4) == red_half && occ & bit(ef, er) == 0 {
            m |= bit(tf, tr);
        }
        i += 1;
    }
    m
}

pub const fn advisor_moves(s: usize) -> u128 {
    palace_steps(s, &DIAG)
}

pub const fn king_moves(s: usize) -> u128 {
    palace_steps(s, &ORTH)
}

const fn palace_steps(s: usize, dirs: &[(i32, i32); 4]) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    if !in_palace(f, r) {
        return 0;
    }
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (nf, nr) = (f + dirs[i].0, r + dirs[i].1);
        // Same palace: the two palaces are 5 ranks apart, so one step never jumps.
        if in_palace(nf, nr) {
            m |= bit(nf, nr);
        }
        i += 1;
    }
    m
}

pub const fn pawn_moves(c: Color, s: usize) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let (fwd, crossed) = match c {
        Color::Red => (1, r >= 5),
        Color::Black => (-1, r <= 4),
    };
    let mut m = 0;
    if on_board(f, r + fwd) {
        m |= bit(f, r + fwd);
    }
    if crossed {
        if on_board(f - 1, r) {
            m |= bit(f - 1, r);
        }
        if on_board(f + 1, r) {
            m |= bit(f + 1, r);
        }
    }
    m
}

/// Points from which a pawn of colour `c` attacks `s`.
pub const fn pawn_attackers(c: Color, s: usize) -> u128 {
    let mut m = 0;
    let mut p = 0;
    while p < 90 {
        if pawn_moves(c, p) & (1u128 << s) != 0 {
            m |= 1u128 << p;
        }
        p += 1;
    }
    m
}

/// The squares strictly between two points on one rank or file (else empty).
pub const fn between(a: usize, b: usize) -> u128 {
    let (af, ar, bf, br) = (
        (a % 9) as i32,
        (a / 9) as i32,
        (b % 9) as i32,
        (b / 9) as i32,
    );
    if a == b || (af != bf && ar != br) {
        return 0;
    }
    let df = if bf > af {
        1
    } else if bf < af {
        -1
    } else {
        0
    };
    let dr = if br > ar {
        1
    } else if br < ar {
        -1
    } else {
        0
    };
    let (mut f, mut r) = (af + df, ar + dr);
    let mut m = 0;
    while f != bf || r != br {
        m |= bit(f, r);
        f += df;
        r += dr;
    }
    m
}

/// Fold the two 64-bit halves together before a magic multiply. Collision-free
/// for every mask used here: no mask holds two points 64 apart.
#[inline(always)]
pub const fn fold(x: u128) -> u64 {
    (x as u64) ^ ((x >> 64) as u64)
}
