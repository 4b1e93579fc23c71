//! The evaluation weights: data only, written by `Weights::source`
//! (the Texel tuner in `tuning/` regenerates this file; a test checks
//! that writing `W` gives this file back).

use super::params::Weights;
use super::score::s;

#[rustfmt::skip]
pub const W: Weights = Weights {
    // Material per kind: King, Advisor, Elephant, Horse, Chariot, Cannon, Pawn.
    material: [s(0, 0), s(42, 26), s(31, 19), s(136, 94), s(258, 256), s(140, 108), s(35, 23)],
    // Half-board tables `[kind][rank from the owner's side][file a..e]`;
    // files f..i mirror.
    pst: [
        [
            [s(0, 0), s(0, 0), s(0, 0), s(-10, -3), s(25, -14)],
            [s(0, 0), s(0, 0), s(0, 0), s(-22, -3), s(-10, -6)],
            [s(0, 0), s(0, 0), s(0, 0), s(-22, -15), s(-15, -13)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
        ],
        [
            [s(0, 0), s(0, 0), s(0, 0), s(-6, -5), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(13, -2)],
            [s(0, 0), s(0, 0), s(0, 0), s(-3, -10), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
        ],
        [
            [s(0, 0), s(0, 0), s(1, -4), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(-10, -4), s(0, 0), s(0, 0), s(0, 0), s(12, -9)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(-13, -10), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
        ],
        [
            [s(-6, -6), s(-13, -2), s(-2, -3), s(-4, -3), s(-6, -6)],
            [s(-11, -8), s(-2, -2), s(-3, -2), s(-6, -10), s(-3, -7)],
            [s(-1, -1), s(2, 1), s(5, 8), s(2, 1), s(3, 1)],
            [s(-1, 0), s(4, 4), s(7, 4), s(7, 4), s(7, 6)],
            [s(1, 1), s(7, 9), s(12, 9), s(15, 11), s(10, 9)],
            [s(2, 3), s(11, 8), s(10, 13), s(17, 10), s(13, 10)],
            [s(6, 5), s(13, 6), s(14, 14), s(19, 12), s(13, 12)],
            [s(7, 7), s(13, 11), s(18, 13), s(18, 14), s(15, 16)],
            [s(2, 2), s(11, 12), s(22, 12), s(13, 13), s(10, 10)],
            [s(0, 0), s(2, 3), s(6, 7), s(8, 8), s(2, 2)],
        ],
        [
            [s(-4, -2), s(14, 4), s(2, 0), s(6, 6), s(0, 0)],
            [s(3, 3), s(3, 4), s(3, 3), s(2, 7), s(0, 0)],
            [s(1, 0), s(5, 6), s(3, 4), s(1, 6), s(8, 8)],
            [s(5, 3), s(9, 7), s(6, 8), s(11, 8), s(10, 11)],
            [s(6, 5), s(10, 8), s(7, 9), s(8, 12), s(13, 15)],
            [s(4, 4), s(6, 8), s(9, 8), s(10, 13), s(15, 17)],
            [s(5, 6), s(9, 5), s(16, 10), s(5, 11), s(12, 18)],
            [s(6, 6), s(10, 5), s(9, 10), s(16, 16), s(17, 18)],
            [s(7, 6), s(14, 7), s(13, 10), s(16, 14), s(16, 16)],
            [s(6, 5), s(9, 6), s(6, 5), s(14, 14), s(12, 11)],
        ],
        [
            [s(0, 0), s(-4, -1), s(3, 2), s(6, 3), s(4, 2)],
            [s(1, 2), s(0, 0), s(5, 4), s(0, 6), s(1, 1)],
            [s(6, 0), s(2, 1), s(9, 1), s(10, 5), s(18, 6)],
            [s(-1, 0), s(1, 1), s(2, 0), s(1, -1), s(6, -1)],
            [s(0, 0), s(-7, -1), s(1, 0), s(-3, 0), s(7, 0)],
            [s(-2, -1), s(-1, 0), s(-1, 1), s(0, 0), s(8, 0)],
            [s(0, 0), s(1, -1), s(3, -3), s(-1, -2), s(9, 2)],
            [s(1, 0), s(-1, 0), s(0, 1), s(0, 1), s(3, 3)],
            [s(2, 4), s(-1, 3), s(-1, 2), s(-7, -1), s(-6, -2)],
            [s(8, 3), s(10, 2), s(0, 1), s(-4, -1), s(-6, -3)],
        ],
        [
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
            [s(-5, 14), s(0, 0), s(-11, 2), s(0, 0), s(7, 7)],
            [s(-3, 1), s(0, 0), s(5, 6), s(0, 0), s(8, 14)],
            [s(9, 16), s(12, 18), s(17, 26), s(22, 30), s(26, 33)],
            [s(13, 18), s(18, 29), s(30, 39), s(31, 26), s(34, 26)],
            [s(14, 18), s(20, 29), s(29, 36), s(37, 52), s(37, 46)],
            [s(10, 13), s(16, 22), s(23, 30), s(29, 32), s(29, 38)],
            [s(2, 2), s(4, 5), s(7, 10), s(7, 3), s(7, 4)],
        ],
    ],
    // Horse by its safe targets (not own pieces, not covered by enemy pawns).
    horse_mobility: [s(-23, -18), s(-7, -11), s(-6, -1), s(5, 6), s(8, 2), s(10, 6), s(18, 0), s(13, 7), s(14, -3)],
    // Chariot, per point it reaches that no own piece holds.
    chariot_mobility: s(2, 3),
    // Cannon, per empty point it can move to.
    cannon_mobility: s(3, -1),
    // Chariot on a file without own pawns.
    chariot_open_file: s(13, 7),
    // Per missing advisor, times the enemy's attacking weight.
    missing_advisor: s(15, -2),
    // Per missing elephant, times the enemy's attacking weight.
    missing_elephant: s(14, 1),
    // Enemy cannon facing the king with no screen (hollow cannon, 空头炮).
    hollow_cannon: s(48, 5),
    // Enemy cannon on the king's file behind screens (central cannon pressure).
    cannon_on_king_file: s(18, 5),
    // Enemy chariot on the king's file or rank with nothing between.
    chariot_facing_king: s(8, 4),
    // King-zone attack by `weight sum * attacker count` (two attackers or
    // more), capped at the last entry.
    zone_attack: [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(1, 0), s(2, 1), s(3, 1), s(4, 2), s(7, -2), s(6, 3), s(12, -13), s(10, 5), s(16, 7), s(14, 7), s(24, 9), s(18, 9), s(18, 9), s(24, 12), s(27, 11), s(30, 15), s(33, 16), s(36, 13), s(40, 20), s(44, 22), s(50, 30), s(52, 26), s(56, 28), s(60, 31), s(65, 32), s(70, 35), s(73, 38), s(80, 40), s(85, 42), s(85, 44), s(96, 48), s(102, 51), s(108, 54), s(114, 57), s(120, 60), s(126, 63), s(133, 68), s(140, 70), s(147, 73), s(154, 77), s(160, 80)],
    // Per missing advisor / elephant, times the enemy's horses, chariots,
    // cannons: which attackers exploit which holes.
    shield_vs: [
        [s(18, 1), s(1, 0), s(-12, -10)],
        [s(17, 7), s(-3, -6), s(-2, 3)],
    ],
    // A pawn across the river with a friendly pawn on the same rank one
    // file higher: a side-by-side pair counts once.
    pawn_linked: s(1, -3),
    // A piece attacked and not defended, per piece.
    hanging: s(12, 15),
    // A chariot attacked by a lesser piece.
    chariot_threatened: s(13, 7),
    // Weight of each kind attacking the enemy palace (king-zone attack).
    zone_weight: [0, 0, 0, 3, 4, 3, 2],
    // The enemy's attacking weight against a king, in half units, per
    // crossed piece of each kind.
    king_danger_crossed: [0, 0, 0, 2, 4, 2, 1],
    // ... plus this many half units per enemy cannon anywhere.
    king_danger_cannon: 2,
    // Game phase per piece of each kind (attacking material).
    phase_weight: [0, 0, 0, 1, 2, 1, 0],
    // The phase with everything on the board (the phase is capped there).
    phase_max: 16,
    // Bonus for the side to move.
    tempo: 4,
};
