//! Random-playout consistency: at every node of 1,000 random games the fast
//! legal generator must equal pseudo-legal moves filtered by a slow,
//! independent attack test; the incremental key must equal the recomputed
//! key, and the key predicted before a move the key after it; and FEN must
//! round-trip.

use chariot::board::geometry as g;
use chariot::board::{Bitboard, Color, Move, MoveList, PieceType, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Is `c`'s king attacked, computed from the reference geometry alone.
fn king_attacked_slow(pos: &Position, c: Color) -> bool {
    let k = pos.king_square(c).index();
    let occ = pos.occupied().0;
    let them = c.flip();
    for kind in PieceType::ALL {
        for s in pos.pieces(them, kind) {
            let s = s.index();
            let att = match kind {
                PieceType::Chariot => g::slide(s, occ, &g::ALL_DIRS).0,
                PieceType::King => g::slide(s, occ, &g::FILE_DIRS).0,
                PieceType::Cannon => g::slide(s, occ, &g::ALL_DIRS).1,
                PieceType::Horse => g::horse_moves(s, occ),
                PieceType::Pawn => g::pawn_moves(them, s),
                _ => 0,
            };
            if att & (1u128 << k) != 0 {
                return true;
            }
        }
    }
    false
}

fn sorted(list: &MoveList) -> Vec<u16> {
    let mut v: Vec<u16> = list.as_slice().iter().map(|m| m.raw()).collect();
    v.sort();
    v
}

#[test]
fn random_playouts_are_consistent() {
    let mut rng = StdRng::seed_from_u64(20261130);
    let mut nodes = 0u64;
    let mut checks = 0u64;
    for _game in 0..1000 {
        let mut pos = Position::startpos();
        let mut history: Vec<(Move, chariot::board::Undo, String)> = vec![];
        for _ply in 0..200 {
            nodes += 1;
            assert_eq!(pos.key(), pos.compute_key());
            pos.check_consistency().unwrap();
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            assert_eq!(back.to_fen(), fen);
            assert_eq!(back.key(), pos.key());

            let legal = pos.legal_moves();
            let mut pseudo = MoveList::new();
            pos.generate_pseudo(&mut pseudo, Bitboard::FULL);
            let mut filtered = MoveList::new();
            for &m in &pseudo {
                let predicted_check = pos.gives_check(m);
                let predicted_key = pos.key_after(m);
                let u = pos.make(m);
                assert_eq!(predicted_key, pos.key(), "key_after({m})");
                if !king_attacked_slow(&pos, pos.side().flip()) {
                    filtered.push(m);
                    assert_eq!(
                        predicted_check,
                        king_attacked_slow(&pos, pos.side()),
                        "gives_check({m})"
                    );
                }
                pos.unmake(m, u);
                assert_eq!(pos.to_fen(), fen, "unmake restores {m}");
                assert_eq!(
                    pos.is_legal(m),
                    filtered.contains(m),
                    "is_legal({m}) in {fen}"
                );
            }
            assert_eq!(sorted(&legal), sorted(&filtered), "{fen}");
            assert_eq!(pos.count_legal(), legal.len() as u64);
            assert_eq!(pos.in_check(), king_attacked_slow(&pos, pos.side()));
            checks += pos.in_check() as u64;
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[rng.gen_range(0..legal.len())];
            let u = pos.make(m);
            history.push((m, u, fen));
        }
        // Unwinding the whole game restores every earlier position.
        while let Some((m, u, fen)) = history.pop() {
            pos.unmake(m, u);
            assert_eq!(pos.to_fen(), fen);
        }
    }
    assert!(nodes > 100_000, "only {nodes} nodes");
    assert!(checks > 1_000, "only {checks} positions in check");
}
