//! The Asian (AXF/WXF) chase rule: which enemy pieces a move chases.
//!
//! Follows the WXF manual's principles as Fairy-Stockfish's referee
//! implements them (`Position::chased()`), so that Chariot and the match
//! referee rule the same cycles the same way:
//! - only new attacks chase: by the moved piece, or discovered behind it;
//! - an offer to exchange is no chase: a chariot, cannon or horse attacked
//!   by its own kind can take back, unless it is pinned or a lame horse
//!   (a horse's pin is not tested when it is lame, as in that referee);
//! - a horse or cannon attacking a chariot, and an advisor or elephant
//!   attacking a chariot, horse or cannon, chase even a protected piece;
//!   any other attack chases only an unprotected piece, where protection by
//!   a piece that screens its own king (or stands alone on the kings' file)
//!   does not count;
//! - a move that pins a protector chases the pieces it protected, and one
//!   that sets up a discovered check chases what the screening piece
//!   attacks, unless the king can take back safely;
//! - the king and uncrossed pawns are never chased; pawns and kings chase
//!   only by what they uncover.

use super::cycle::Conduct;
use crate::board::{attacks, Bitboard, Color, Move, PieceType, Position, Square};
use PieceType::*;

fn step(s: Square, df: i32, dr: i32) -> Option<Square> {
    let (f, r) = (s.file() as i32 + df, s.rank() as i32 + dr);
    ((0..9).contains(&f) && (0..10).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn steps(s: Square, dirs: &[(i32, i32); 4]) -> Bitboard {
    dirs.iter()
        .filter_map(|&(df, dr)| step(s, df, dr))
        .fold(Bitboard::EMPTY, |b, t| b | Bitboard::from_square(t))
}

/// Points a piece attacks (kings and advisors within their palace,
/// elephants on their own side).
fn attacks_from(kind: PieceType, c: Color, s: Square, occ: Bitboard) -> Bitboard {
    match kind {
        Chariot => attacks::chariot(s, occ),
        Cannon => attacks::cannon(s, occ),
        Horse => attacks::horse(s, occ),
        Elephant => attacks::elephant(s, occ),
        Advisor => attacks::advisor(s),
        King => attacks::king(s),
        Pawn => attacks::pawn(c, s),
    }
}

fn kind_at(pos: &Position, s: Square) -> PieceType {
    pos.piece_at(s).map_or(King, |p| p.kind())
}

/// Pieces of `c` that attack `s` with occupancy `occ`, each within its own
/// region (the kings' facing is no attack here).
fn attackers(pos: &Position, s: Square, occ: Bitboard, c: Color) -> Bitboard {
    (attacks::chariot(s, occ) & pos.pieces(c, Chariot))
        | (attacks::cannon(s, occ) & pos.pieces(c, Cannon))
        | (attacks::horse_attackers(s, occ) & pos.pieces(c, Horse))
        | (attacks::pawn_attackers(c, s) & pos.pieces(c, Pawn))
        | (attacks::elephant(s, occ) & pos.pieces(c, Elephant))
        | (attacks::advisor(s) & pos.pieces(c, Advisor))
        | (attacks::king(s) & pos.pieces(c, King))
}

/// The attackers of one side that can pin or discover.
#[derive(Copy, Clone)]
struct Snipers {
    chariots: Bitboard,
    cannons: Bitboard,
    horses: Bitboard,
}

impl Snipers {
    fn of(pos: &Position, c: Color) -> Snipers {
        Snipers {
            chariots: pos.pieces(c, Chariot),
            cannons: pos.pieces(c, Cannon),
            horses: pos.pieces(c, Horse),
        }
    }

    /// The same pieces before `from -> to` was played.
    fn moved_back(mut self, from: Square, to: Square) -> Snipers {
        let ft = Bitboard::from_square(from) | Bitboard::from_square(to);
        for b in [&mut self.chariots, &mut self.cannons, &mut self.horses] {
            if b.has(to) {
                *b ^= ft;
            }
        }
        self
    }
}

/// Pieces of either colour whose removal would expose the king on `k` to
/// `by`: the one piece between it and a chariot, the two between it and a
/// cannon, a horse's blocked leg.
fn blockers(k: Square, by: Snipers, occ: Bitboard) -> Bitboard {
    let lines = attacks::line(k);
    let mut out = Bitboard::EMPTY;
    let chariots = (by.chariots & lines).and_not(attacks::chariot(k, occ));
    let open = occ.and_not(chariots);
    for r in chariots {
        let b = attacks::between(k, r) & open;
        if b.count() == 1 {
            out |= b;
        }
    }
    for c in (by.cannons & lines).and_not(attacks::cannon(k, occ)) {
        let b = attacks::between(k, c) & occ;
        if b.count() == 2 {
            out |= b;
        }
    }
    for h in by.horses & attacks::horse(k, Bitboard::EMPTY) {
        let (df, dr) = (
            k.file() as i32 - h.file() as i32,
            k.rank() as i32 - h.rank() as i32,
        );
        let leg = if df.abs() == 2 {
            step(h, df / 2, 0)
        } else {
            step(h, 0, dr / 2)
        };
        if let Some(leg) = leg.filter(|&l| occ.has(l)) {
            out |= Bitboard::from_square(leg);
        }
    }
    out
}

fn file_of(s: Square) -> Bitboard {
    (0..10).fold(Bitboard::EMPTY, |b, r| {
        b | Bitboard::from_square(Square::new(s.file(), r))
    })
}

/// Pieces that are never chased: the king and pawns on their own side.
fn untouchable(pos: &Position, c: Color) -> Bitboard {
    let pawns = pos.pieces(c, Pawn);
    let home = pawns.into_iter().filter(|p| p.on_own_side(c));
    home.fold(pos.pieces(c, King), |b, p| b | Bitboard::from_square(p))
}

/// Which of the finer principles a move's chase test met (for tools that
/// sort cycles by principle).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// An attack on a piece of the attacker's own kind (an exchange offer).
    pub exchange: bool,
    /// A new attack uncovered by the move, or a discovered check set up.
    pub discovered: bool,
    /// A protector that does not count: pinned, alone on the kings' file,
    /// or newly pinned by the move.
    pub false_protector: bool,
}

impl std::ops::BitOrAssign for Tags {
    fn bitor_assign(&mut self, o: Tags) {
        self.exchange |= o.exchange;
        self.discovered |= o.discovered;
        self.false_protector |= o.false_protector;
    }
}

/// The enemy pieces that `m`, just played into `after` (`captured`: it
/// took a piece), chases, at their points in `after`.
pub fn chased(after: &Position, m: Move, captured: bool) -> Bitboard {
    chased_tagged(after, m, captured).0
}

/// `chased`, and which principles the test met.
pub fn chased_tagged(after: &Position, m: Move, captured: bool) -> (Bitboard, Tags) {
    let victim = after.side();
    let mover = victim.flip();
    let occ = after.occupied();
    let (from, to) = (m.from(), m.to());
    let theirs = after.color_bb(victim);
    let vking = after.king_square(victim);
    let now = Snipers::of(after, mover);
    let pins_now = blockers(vking, now, occ);
    let mut pins = pins_now;
    // Alone with its king on the file of the mover's king: pinned by the
    // facing kings.
    let on_file = file_of(after.king_square(mover)) & theirs;
    let others = on_file.and_not(after.pieces(victim, King));
    if on_file.has(vking) && !others.several() {
        pins |= others;
    }
    let untouchable = untouchable(after, victim);
    let mut out = Bitboard::EMPTY;
    let mut tags = Tags::default();
    let add =
        |out: &mut Bitboard, tags: &mut Tags, a: Square, kind: PieceType, mut hit: Bitboard| {
            if hit.and_not(*out).is_empty() {
                return;
            }
            hit = hit.and_not(untouchable);
            tags.exchange |= (hit & after.pieces(victim, kind)).any() && kind != Pawn;
            // Stronger targets are chased even when protected.
            if matches!(kind, Horse | Cannon) {
                *out |= hit & after.pieces(victim, Chariot);
            }
            if matches!(kind, Advisor | Elephant) {
                *out |= hit
                    & (after.pieces(victim, Chariot)
                        | after.pieces(victim, Cannon)
                        | after.pieces(victim, Horse));
            }
            // An attack on the same kind is an offer to exchange, unless the
            // target cannot take back (pinned, or a lame horse).
            if kind == Horse && (steps(a, &DIAG) & occ).any() {
                for h in hit & after.pieces(victim, Horse) {
                    if attacks::horse(h, occ).has(a) {
                        hit ^= Bitboard::from_square(h);
                    }
                }
            } else {
                hit &= !after.pieces(victim, kind) | pins;
            }
            let without = occ ^ Bitboard::from_square(a);
            let mking = after.king_square(mover);
            for t in hit {
                let all = attackers(after, t, without, victim);
                let roots = all.and_not(pins);
                let king_alone = roots == after.pieces(victim, King);
                let facing = king_alone && attacks::chariot(mking, without).has(t);
                if roots.is_empty() || facing {
                    tags.false_protector |= all.any() && (all != roots || facing);
                    *out |= Bitboard::from_square(t);
                }
            }
        };

    // Direct attacks of the moved piece; along its line they are not new.
    let kind = kind_at(after, to);
    if kind != King && kind != Pawn {
        let mut hit = attacks_from(kind, mover, to, occ) & theirs;
        if matches!(kind, Chariot | Cannon) {
            let line = if from.file() == to.file() {
                file_of(from)
            } else {
                rank_of(from)
            };
            hit = hit.and_not(line);
        }
        add(&mut out, &mut tags, to, kind, hit);
    }

    // Attacks uncovered by the move (or, for a cannon, a new screen).
    let before_occ = if captured {
        occ
    } else {
        occ ^ Bitboard::from_square(to)
    } ^ Bitboard::from_square(from);
    let candidates = (steps(from, &ORTH) & after.pieces(mover, Horse))
        | (steps(from, &DIAG) & after.pieces(mover, Elephant))
        | ((file_of(from) | rank_of(from))
            & (after.pieces(mover, Cannon) | after.pieces(mover, Chariot)))
        | ((file_of(to) | rank_of(to)) & after.pieces(mover, Cannon));
    for s in candidates {
        let kind = kind_at(after, s);
        let hit =
            theirs & attacks_from(kind, mover, s, occ) & !attacks_from(kind, mover, s, before_occ);
        tags.discovered |= hit.and_not(untouchable).any();
        add(&mut out, &mut tags, s, kind, hit);
    }

    let before = now.moved_back(from, to);
    let new_blockers = pins_now.and_not(blockers(vking, before, before_occ));
    // A newly pinned protector no longer protects.
    let mover_blockers = blockers(after.king_square(mover), Snipers::of(after, victim), occ);
    for s in new_blockers & theirs {
        let kind = kind_at(after, s);
        let guarded = theirs.and_not(untouchable) & attacks_from(kind, victim, s, occ);
        for t in guarded {
            if attackers(after, t, occ, mover)
                .and_not(mover_blockers)
                .any()
            {
                tags.false_protector = true;
                out |= Bitboard::from_square(t);
            }
        }
    }
    // A new discovered check: what the screen attacks is won, unless the
    // king can take it back safely.
    let ksteps = attacks::king(vking);
    for s in new_blockers & after.color_bb(mover) {
        let kind = kind_at(after, s);
        let hit = attacks_from(kind, mover, s, occ) & theirs;
        tags.discovered |= hit.any();
        out |= hit.and_not(ksteps);
        let cleared = occ ^ Bitboard::from_square(s) ^ Bitboard::from_square(vking);
        for t in hit & ksteps {
            if attackers(after, t, cleared, mover)
                .and_not(Bitboard::from_square(s))
                .any()
            {
                out |= Bitboard::from_square(t);
            }
        }
    }
    (out, tags)
}

fn rank_of(s: Square) -> Bitboard {
    (0..9).fold(Bitboard::EMPTY, |b, f| {
        b | Bitboard::from_square(Square::new(f, s.rank()))
    })
}

/// Maps points of pieces after `m` back to where they stood before it.
pub fn undo_move(b: Bitboard, m: Move) -> Bitboard {
    if b.has(m.to()) {
        (b ^ Bitboard::from_square(m.to())) | Bitboard::from_square(m.from())
    } else {
        b
    }
}

/// Each side's conduct over a repetition span: `moves` lead from `start`
/// back to a position equal to it, the side to move at `start` first;
/// `entry` is the move that led into `start` (and whether it captured),
/// made by the other side, when known. A side chases perpetually when one
/// and the same piece, followed as it moves, is chased by every one of its
/// moves, the entry move included. Returns (side to move, other side).
pub fn conduct(
    start: &Position,
    entry: Option<(Move, bool)>,
    moves: &[Move],
) -> (Conduct, Conduct) {
    let n = moves.len();
    let mut pos = start.clone();
    let mut chased_by = Vec::with_capacity(n);
    let mut checks = Vec::with_capacity(n);
    for &m in moves {
        pos.make(m);
        chased_by.push(chased(&pos, m, false));
        checks.push(pos.in_check());
    }
    // Walk back from a side's last move, mapping the chased pieces through
    // the other side's moves to where they stood, and intersect.
    let follow = |last: usize| {
        let mut set = chased_by[last];
        let mut k = last;
        while k >= 2 {
            set = undo_move(set, moves[k - 1]) & chased_by[k - 2];
            k -= 2;
        }
        set
    };
    let mut theirs = if n >= 2 {
        follow(n - 1)
    } else {
        Bitboard::EMPTY
    };
    if let Some((m, captured)) = entry {
        theirs = undo_move(theirs, moves[0]) & chased(start, m, captured);
    }
    let ours = if n >= 2 {
        follow(n - 2)
    } else {
        Bitboard::EMPTY
    };
    let side = |parity: usize, set: Bitboard, at: &Position| {
        let perpetual_check = checks.iter().skip(parity).step_by(2).all(|&c| c);
        let victim = set
            .into_iter()
            .next()
            .and_then(|sq| at.piece_at(sq).map(|p| (p, sq)));
        Conduct {
            perpetual_check,
            perpetual_chase: set.any(),
            forbidden: perpetual_check || set.any(),
            chased: set,
            victim,
        }
    };
    // Where the followed pieces stand: ours after the first move, theirs
    // at the start (after the second move without an entry).
    let mut first = start.clone();
    let mut second = start.clone();
    if let Some(&m) = moves.first() {
        first.make(m);
        second = first.clone();
        if let Some(&m2) = moves.get(1) {
            second.make(m2);
        }
    }
    let theirs_at = if entry.is_some() { start } else { &second };
    (side(0, ours, &first), side(1, theirs, theirs_at))
}

/// The principles the chase tests of a span met (see `conduct`).
pub fn span_tags(start: &Position, entry: Option<(Move, bool)>, moves: &[Move]) -> Tags {
    let mut tags = entry.map_or(Tags::default(), |(m, c)| chased_tagged(start, m, c).1);
    let mut pos = start.clone();
    for &m in moves {
        pos.make(m);
        tags |= chased_tagged(&pos, m, false).1;
    }
    tags
}
