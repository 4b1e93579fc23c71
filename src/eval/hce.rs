//! Hand-crafted evaluation, in "centi-horse" (100 = about one horse), from the
//! side to move's point of view. Every weight is in `W` so tuners can reach
//! them. Terms are computed for Red on Red's tables and for Black on the same
//! tables with ranks mirrored, which makes the evaluation colour-symmetric.

use super::weights::W;
use crate::board::{attacks, Bitboard, Color, PieceType, Position, Square};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

pub const fn s(mg: i32, eg: i32) -> Score {
    Score { mg, eg }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}
impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}
impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}
impl std::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, k: i32) -> Score {
        s(self.mg * k, self.eg * k)
    }
}

pub const ZONE_UNITS: usize = 45;

#[derive(Clone, Debug)]
pub struct Weights {
    pub material: [Score; 7],
    /// Half-board tables `[kind][rank][file a..e]` from the owner's side; files f..i mirror.
    pub pst: [[[Score; 5]; 10]; 7],
    pub horse_mobility: [Score; 9],
    pub chariot_mobility: Score,
    pub cannon_mobility: Score,
    pub chariot_open_file: Score,
    /// Per missing advisor / elephant, times the enemy's attacking weight.
    pub missing_advisor: Score,
    pub missing_elephant: Score,
    /// Enemy cannon facing the king with no screen (hollow cannon, 空头炮).
    pub hollow_cannon: Score,
    /// Enemy cannon on the king's file behind screens (central cannon pressure).
    pub cannon_on_king_file: Score,
    /// Enemy chariot on the king's file or rank with nothing between.
    pub chariot_facing_king: Score,
    /// Weight of each kind attacking the enemy palace (king-zone attack).
    pub zone_weight: [i32; 7],
    /// King-zone attack by `weight sum * attacker count` (two attackers or
    /// more), capped at the last entry.
    pub zone_attack: [Score; ZONE_UNITS],
    /// Per missing advisor / elephant, times the enemy's horses, chariots,
    /// cannons: which attackers exploit which holes.
    pub shield_vs: [[Score; 3]; 2],
    /// A pawn across the river with a friendly pawn beside it.
    pub pawn_linked: Score,
    /// A piece attacked and not defended, per piece.
    pub hanging: Score,
    /// A chariot attacked by a lesser piece.
    pub chariot_threatened: Score,
    pub tempo: i32,
}

/// Phase from attacking material: 16 with everything on the board, 0 with none.
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];
const PHASE_MAX: i32 = 16;

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

/// Terms for one side, Red's point of view for Red, mirrored for Black.
#[derive(Default, Debug, Clone, Copy)]
pub struct Terms {
    pub material: Score,
    pub pst: Score,
    pub mobility: Score,
    pub king_safety: Score,
    pub chariots: Score,
    /// Attack on the enemy palace (a bonus for this side).
    pub king_attack: Score,
    pub threats: Score,
    pub pawn_structure: Score,
    /// Every point this side attacks or defends.
    attacks: Bitboard,
    /// Points attacked by this side's advisors, elephants, horses, cannons, pawns.
    minor_attacks: Bitboard,
}

impl Terms {
    fn total(&self) -> Score {
        self.material
            + self.pst
            + self.mobility
            + self.king_safety
            + self.chariots
            + self.king_attack
            + self.threats
            + self.pawn_structure
    }
}

/// The nine palace points of `c`'s king.
fn palace(c: Color) -> Bitboard {
    const RED: u128 = 0b111 << 3 | 0b111 << 12 | 0b111 << 21;
    Bitboard(if c == Color::Red { RED } else { RED << 63 })
}

fn side_terms<P: Params>(pos: &Position, us: Color, p: &P) -> Terms {
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
    let mut t = Terms::default();
    for kind in PieceType::ALL {
        for sq in pos.pieces(us, kind) {
            t.material += w.material[kind.index()];
            t.pst += p.pst(kind, us, sq);
            let att = match kind {
                PieceType::King => attacks::king(sq),
                PieceType::Advisor => attacks::advisor(sq),
                PieceType::Elephant => attacks::elephant(sq, occ),
                PieceType::Horse => attacks::horse(sq, occ),
                PieceType::Chariot => attacks::chariot(sq, occ),
                // Beyond the screen up to the first piece: where a king could not stand.
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
                    t.mobility += w.horse_mobility[n.min(8)];
                }
                PieceType::Chariot => {
                    let n = att.and_not(own).count() as i32;
                    t.mobility += w.chariot_mobility * n;
                    let file = Bitboard(FILE_A << sq.file());
                    if (file & pos.pieces(us, PieceType::Pawn)).is_empty() {
                        t.chariots += w.chariot_open_file;
                    }
                }
                PieceType::Cannon => {
                    let n = attacks::chariot(sq, occ).and_not(occ).count() as i32;
                    t.mobility += w.cannon_mobility * n;
                }
                _ => {}
            }
        }
    }
    t.king_safety = king_danger(pos, us, w) * -1;
    if zone_count >= 2 {
        let units = (zone_weight * zone_count) as usize;
        t.king_attack = w.zone_attack[units.min(ZONE_UNITS - 1)];
    }
    let pawns = pos.pieces(us, PieceType::Pawn);
    let crossed = pawns.filter(|p| !p.on_own_side(us));
    let linked = crossed
        .filter(|p| p.file() < 8 && pawns.has(Square::from_index(p.index() + 1)))
        .count() as i32;
    t.pawn_structure = w.pawn_linked * linked;
    t
}

/// Threats against `us`'s pieces, once both sides' attacks are known.
fn threats(pos: &Position, us: Color, ours: &Terms, theirs: &Terms, w: &Weights) -> Score {
    let mine = pos.color_bb(us).and_not(pos.pieces(us, PieceType::King));
    let hanging = (mine & theirs.attacks).and_not(ours.attacks).count() as i32;
    let chariots = (pos.pieces(us, PieceType::Chariot) & theirs.minor_attacks).count() as i32;
    (w.hanging * hanging + w.chariot_threatened * chariots) * -1
}

fn both_sides<P: Params>(pos: &Position, p: &P) -> (Terms, Terms) {
    let mut r = side_terms(pos, Color::Red, p);
    let mut b = side_terms(pos, Color::Black, p);
    r.threats = threats(pos, Color::Red, &r, &b, p.w());
    b.threats = threats(pos, Color::Black, &b, &r, p.w());
    (r, b)
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
    let attack = 2 * crossed(PieceType::Chariot)
        + crossed(PieceType::Horse)
        + crossed(PieceType::Cannon)
        + pos.pieces(them, PieceType::Cannon).count() as i32
        + crossed(PieceType::Pawn) / 2;
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

fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for c in Color::BOTH {
        for kind in PieceType::ALL {
            p += PHASE_WEIGHT[kind.index()] * pos.pieces(c, kind).count() as i32;
        }
    }
    p.min(PHASE_MAX)
}

fn taper(sc: Score, phase: i32) -> i32 {
    (sc.mg * phase + sc.eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Builtin)
}

/// Static evaluation with any weights (tuners).
pub fn evaluate_with<P: Params>(pos: &Position, p: &P) -> i32 {
    let (sc, ph) = red_minus_black(pos, p);
    let v = taper(sc, ph);
    let v = if pos.side() == Color::Red { v } else { -v };
    v + p.w().tempo
}

/// Red's terms minus Black's, before tapering, and the phase (0..=16):
/// the evaluation without tempo is `(mg * phase + eg * (16 - phase)) / 16`.
pub fn red_minus_black<P: Params>(pos: &Position, p: &P) -> (Score, i32) {
    let (r, b) = both_sides(pos, p);
    (r.total() - b.total(), phase(pos))
}

/// Human-readable breakdown for the `eval` command.
pub fn trace(pos: &Position) -> String {
    let ph = phase(pos);
    let (r, b) = both_sides(pos, &Builtin);
    let row = |name: &str, a: Score, c: Score| {
        format!(
            "{name:<12} | {:>5} {:>5} | {:>5} {:>5} | {:>5}\n",
            a.mg,
            a.eg,
            c.mg,
            c.eg,
            taper(a - c, ph)
        )
    };
    let mut out = String::from("term         |  Red mg    eg | Black mg    eg | Red-Black\n");
    out += &row("material", r.material, b.material);
    out += &row("pst", r.pst, b.pst);
    out += &row("mobility", r.mobility, b.mobility);
    out += &row("king safety", r.king_safety, b.king_safety);
    out += &row("chariots", r.chariots, b.chariots);
    out += &row("king attack", r.king_attack, b.king_attack);
    out += &row("threats", r.threats, b.threats);
    out += &row("pawns", r.pawn_structure, b.pawn_structure);
    out += &row("total", r.total(), b.total());
    out += &format!("phase {ph}/{PHASE_MAX}, tempo {}\n", W.tempo);
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
            let m = mirror(&p);
            assert_eq!(evaluate(&p), evaluate(&m), "{f}");
        }
    }

    fn mirror(p: &Position) -> Position {
        let fen = p.to_fen();
        let mut parts: Vec<String> = fen.split(' ').map(String::from).collect();
        parts[0] = parts[0]
            .split('/')
            .map(|r| r.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        Position::from_fen(&parts.join(" ")).unwrap()
    }

    #[test]
    fn material_advantage_shows() {
        // Red without a chariot is clearly worse.
        let p = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w")
            .unwrap();
        assert!(evaluate(&p) < -150);
    }
}
