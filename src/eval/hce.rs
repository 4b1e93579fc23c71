//! Hand-crafted evaluation, in "centi-horse" (100 = about one horse), from the
//! side to move's point of view. Every weight, coefficient and the phase is
//! in `W` (declared in `params.rs`), so tuners can reach them. Terms are
//! computed for Red on Red's tables and for Black on the same tables with
//! ranks mirrored, which makes the evaluation colour-symmetric.

use super::params::{Weights, ZONE_UNITS};
use super::score::{s, Score};
use super::weights::W;
use crate::board::{attacks, Bitboard, Color, PieceType, Position, Square};

/// Full-board PSTs per colour, built at compile time from the half tables.
static PST: [[[Score; 90]; 7]; 2] = {
    let mut t = [[[s(0, 0); 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 90 {
                // Black reads Red's table with ranks mirrored.
                let rank = if c == 0 { sq / 9 } else { 9 - sq / 9 };
                let f = sq % 9;
                let f = if f > 4 { 8 - f } else { f };
                t[c][k][sq] = W.pst[k][rank][f];
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// Where the evaluation reads its weights: the built-in table (with its
/// precomputed full-board PSTs) in the engine, any `Weights` in a tuner.
pub trait Params {
    fn w(&self) -> &Weights;
    fn pst(&self, kind: PieceType, c: Color, sq: Square) -> Score;
}

/// The engine's weights, `W`.
pub struct Builtin;

impl Params for Builtin {
    #[inline(always)]
    fn w(&self) -> &Weights {
        &W
    }
    #[inline(always)]
    fn pst(&self, kind: PieceType, c: Color, sq: Square) -> Score {
        PST[c.index()][kind.index()][sq.index()]
    }
}

impl Params for Weights {
    fn w(&self) -> &Weights {
        self
    }
    fn pst(&self, kind: PieceType, c: Color, sq: Square) -> Score {
        let i = sq.index();
        let rank = if c == Color::Red { i / 9 } else { 9 - i / 9 };
        let f = i % 9;
        self.pst[kind.index()][rank][f.min(8 - f)]
    }
}

/// One side's evaluation, Red's point of view for Red, mirrored for Black.
#[derive(Default, Debug, Clone, Copy)]
struct Side {
    total: Score,
    /// Every point this side attacks or defends.
    attacks: Bitboard,
    /// Points attacked by this side's advisors, elephants, horses, cannons, pawns.
    minor_attacks: Bitboard,
}

/// The nine palace points of `c`'s king.
fn palace(c: Color) -> Bitboard {
    const RED: u128 = 0b111 << 3 | 0b111 << 12 | 0b111 << 21;
    Bitboard(if c == Color::Red { RED } else { RED << 63 })
}

fn side_terms<P: Params>(pos: &Position, us: Color, p: &P) -> Side {
    let w = p.w();
    let them = us.flip();
    let occ = pos.occupied();
    let own = pos.color_bb(us);
    let mut pawn_cover = Bitboard::EMPTY;
    for p in pos.pieces(them, PieceType::Pawn) {
        pawn_cover |= attacks::pawn(them, p);
    }
    let horse_bad = own | pawn_cover;
    let zone = palace(them);
    let (mut zone_count, mut zone_weight) = (0, 0);
    let mut t = Side::default();
    for kind in PieceType::ALL {
        for sq in pos.pieces(us, kind) {
            t.total += w.material[kind.index()];
            t.total += p.pst(kind, us, sq);
            let att = match kind {
                PieceType::King => attacks::king(sq),
                PieceType::Advisor => attacks::advisor(sq),
                PieceType::Elephant => attacks::elephant(sq, occ),
                PieceType::Horse => attacks::horse(sq, occ),
                PieceType::Chariot => attacks::chariot(sq, occ),
                // Capture points: the first point past the screen (an empty
                // edge point when nothing stands there).
                PieceType::Cannon => attacks::cannon(sq, occ),
                PieceType::Pawn => attacks::pawn(us, sq),
            };
            t.attacks |= att;
            if !matches!(kind, PieceType::King | PieceType::Chariot) {
                t.minor_attacks |= att;
            }
            if (att & zone).any() && w.zone_weight[kind.index()] > 0 {
                zone_count += 1;
                zone_weight += w.zone_weight[kind.index()];
            }
            match kind {
                PieceType::Horse => {
                    // Targets not occupied by own pieces nor covered by enemy pawns.
                    let n = att.and_not(horse_bad).count() as usize;
                    t.total += w.horse_mobility[n.min(8)];
                }
                PieceType::Chariot => {
                    let n = att.and_not(own).count() as i32;
                    t.total += w.chariot_mobility * n;
                    let file = Bitboard(FILE_A << sq.file());
                    if (file & pos.pieces(us, PieceType::Pawn)).is_empty() {
                        t.total += w.chariot_open_file;
                    }
                }
                PieceType::Cannon => {
                    let n = attacks::chariot(sq, occ).and_not(occ).count() as i32;
                    t.total += w.cannon_mobility * n;
                }
                _ => {}
            }
        }
    }
    t.total += king_danger(pos, us, w) * -1;
    if zone_count >= 2 {
        let units = (zone_weight * zone_count) as usize;
        t.total += w.zone_attack[units.min(ZONE_UNITS - 1)];
    }
    let pawns = pos.pieces(us, PieceType::Pawn);
    let crossed = pawns.filter(|p| !p.on_own_side(us));
    let linked = crossed
        .filter(|p| p.file() < 8 && pawns.has(Square::from_index(p.index() + 1)))
        .count() as i32;
    t.total += w.pawn_linked * linked;
    t
}

/// Threats against `us`'s pieces, once both sides' attacks are known.
fn threats(pos: &Position, us: Color, ours: &Side, theirs: &Side, w: &Weights) -> Score {
    let mine = pos.color_bb(us).and_not(pos.pieces(us, PieceType::King));
    let hanging = (mine & theirs.attacks).and_not(ours.attacks).count() as i32;
    let chariots = (pos.pieces(us, PieceType::Chariot) & theirs.minor_attacks).count() as i32;
    (w.hanging * hanging + w.chariot_threatened * chariots) * -1
}

/// Both sides' totals, Red then Black.
fn both_sides<P: Params>(pos: &Position, p: &P) -> (Score, Score) {
    let r = side_terms(pos, Color::Red, p);
    let b = side_terms(pos, Color::Black, p);
    (
        r.total + threats(pos, Color::Red, &r, &b, p.w()),
        b.total + threats(pos, Color::Black, &b, &r, p.w()),
    )
}

const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        m |= 1u128 << (r * 9);
        r += 1;
    }
    m
};

/// How exposed `us`'s king is to the enemy's attacking pieces.
fn king_danger(pos: &Position, us: Color, w: &Weights) -> Score {
    let them = us.flip();
    let k = pos.king_square(us);
    let occ = pos.occupied();
    let crossed = |kind| {
        pos.pieces(them, kind)
            .filter(|s| !s.on_own_side(them))
            .count() as i32
    };
    let mut halves = w.king_danger_cannon * pos.pieces(them, PieceType::Cannon).count() as i32;
    for kind in PieceType::ALL {
        let k = w.king_danger_crossed[kind.index()];
        if k != 0 {
            halves += k * crossed(kind);
        }
    }
    let attack = halves / 2;
    let missing_a = 2 - pos.pieces(us, PieceType::Advisor).count().min(2) as i32;
    let missing_e = 2 - pos.pieces(us, PieceType::Elephant).count().min(2) as i32;
    let mut d = (w.missing_advisor * missing_a + w.missing_elephant * missing_e) * attack;
    for (i, kind) in [PieceType::Horse, PieceType::Chariot, PieceType::Cannon]
        .into_iter()
        .enumerate()
    {
        let n = pos.pieces(them, kind).count() as i32;
        d += (w.shield_vs[0][i] * missing_a + w.shield_vs[1][i] * missing_e) * n;
    }

    let file = Bitboard(FILE_A << k.file());
    for c in pos.pieces(them, PieceType::Cannon) & file {
        match (attacks::between(k, c) & occ).count() {
            0 => d += w.hollow_cannon,
            n if n >= 2 => d += w.cannon_on_king_file,
            _ => {}
        }
    }
    let open = attacks::chariot(k, occ) & pos.pieces(them, PieceType::Chariot);
    d += w.chariot_facing_king * open.count() as i32;
    d
}

/// Phase from attacking material: `phase_max` with everything on the board,
/// 0 with none.
fn phase(pos: &Position, w: &Weights) -> i32 {
    let mut p = 0;
    for c in Color::BOTH {
        for kind in PieceType::ALL {
            p += w.phase_weight[kind.index()] * pos.pieces(c, kind).count() as i32;
        }
    }
    p.min(w.phase_max)
}

fn taper(sc: Score, phase: i32, w: &Weights) -> i32 {
    (sc.mg * phase + sc.eg * (w.phase_max - phase)) / w.phase_max
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Builtin)
}

/// Static evaluation with any weights (tuners).
pub fn evaluate_with<P: Params>(pos: &Position, p: &P) -> i32 {
    let (sc, ph) = red_minus_black(pos, p);
    let v = taper(sc, ph, p.w());
    let v = if pos.side() == Color::Red { v } else { -v };
    v + p.w().tempo
}

/// Red's terms minus Black's, before tapering, and the phase (0..=max):
/// the evaluation without tempo is `(mg * phase + eg * (max - phase)) / max`.
pub fn red_minus_black<P: Params>(pos: &Position, p: &P) -> (Score, i32) {
    let (r, b) = both_sides(pos, p);
    (r - b, phase(pos, p.w()))
}

/// Human-readable breakdown for the `eval` command: one row per tuned
/// weight field, its share found by evaluating without it (the evaluation
/// is linear in every tuned field).
pub fn trace(pos: &Position) -> String {
    let ph = phase(pos, &W);
    let (red, black) = both_sides(pos, &W);
    let row = |name: &str, a: Score, c: Score| {
        format!(
            "{name:<20} | {:>5} {:>5} | {:>5} {:>5} | {:>5}\n",
            a.mg,
            a.eg,
            c.mg,
            c.eg,
            taper(a - c, ph, &W)
        )
    };
    let mut out =
        String::from("term                 |  Red mg    eg | Black mg    eg | Red-Black\n");
    for (name, tuned, _, _) in W.fields() {
        if tuned {
            let (r, b) = both_sides(pos, &W.without(name));
            out += &row(name, red - r, black - b);
        }
    }
    out += &row("total", red, black);
    out += &format!("phase {ph}/{}, tempo {}\n", W.phase_max, W.tempo);
    out += &format!("evaluation (side to move): {}\n", evaluate(pos));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let p = Position::startpos();
        assert_eq!(evaluate(&p), W.tempo);
        let fens = [
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        ];
        for f in fens {
            let p = Position::from_fen(f).unwrap();
            assert_eq!(evaluate(&p), evaluate(&p.color_flipped()), "{f}");
            // Left-right mirror too: the tables are symmetric.
            assert_eq!(evaluate(&p), evaluate(&p.mirrored()), "{f}");
        }
    }

    #[test]
    fn trace_rows_add_up_to_the_total() {
        // Each side's total is linear in the tuned fields with no constant,
        // so the per-field shares of the trace sum to it exactly.
        for f in [
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        ] {
            let p = Position::from_fen(f).unwrap();
            let (red, black) = both_sides(&p, &W);
            let (mut r, mut b) = (Score::default(), Score::default());
            for (name, tuned, _, _) in W.fields() {
                if tuned {
                    let (r0, b0) = both_sides(&p, &W.without(name));
                    r += red - r0;
                    b += black - b0;
                }
            }
            assert_eq!((r, b), (red, black), "{f}");
            assert!(red != Score::default());
        }
    }

    #[test]
    fn material_advantage_shows() {
        // Red without a chariot is clearly worse.
        let p = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w")
            .unwrap();
        assert!(evaluate(&p) < -150);
    }
}
