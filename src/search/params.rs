//! Every margin, reduction, bonus and limit of the search, time management
//! and the protocol's resign/draw decisions, in one place. Depths are in
//! plies, scores in centi-horses (100 = about one horse).
//!
//! The parameters in `tunables!` are functions: constants in a normal
//! build; with the `tune` feature, spin options of the same name, so that
//! SPSA (`tuning/scripts/spsa.py`) can set them per game.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

/// A tunable parameter as the `tune` build offers it.
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! tunables {
    ($($(#[$doc:meta])* $f:ident = $name:literal: $default:expr, $min:expr, $max:expr;)*) => {
        /// Every tunable parameter, in the order of `set_tunable`'s index.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: $name, default: $default, min: $min, max: $max }),*
        ];

        #[cfg(feature = "tune")]
        static TUNED: [AtomicI32; TUNABLES.len()] = [$(AtomicI32::new($default)),*];

        #[allow(non_camel_case_types)]
        #[cfg(feature = "tune")]
        enum Index { $($f),* }

        $(
            $(#[$doc])*
            #[inline(always)]
            pub fn $f() -> i32 {
                #[cfg(feature = "tune")]
                {
                    TUNED[Index::$f as usize].load(Relaxed)
                }
                #[cfg(not(feature = "tune"))]
                {
                    $default
                }
            }
        )*
    };
}

/// Sets tunable `i` of `TUNABLES` (the caller checked the range).
#[cfg(feature = "tune")]
pub fn set_tunable(i: usize, value: i32) {
    TUNED[i].store(value, Relaxed);
}

tunables! {
    /// Half-width of the first aspiration window.
    aspiration_delta = "AspirationDelta": 6, 2, 40;
    /// Reverse futility margin per ply of depth.
    rfp_margin = "RfpMargin": 40, 10, 100;
    /// Futility pruning of quiet moves: base plus per-ply margin, per ply
    /// of the depth the move would be searched to after its reduction.
    futility_base = "FutilityBase": 22, 0, 150;
    futility_per_depth = "FutilityPerDepth": 25, 5, 100;
    /// LMR table `base + ln(depth) * ln(moves searched) / divisor`, both in
    /// hundredths.
    lmr_base = "LmrBase": 100, 0, 200;
    lmr_divisor = "LmrDivisor": 170, 100, 400;
    /// One ply less late-move reduction per this much quiet history.
    lmr_history_divisor = "LmrHistoryDivisor": 12000, 3000, 40000;
    /// Quiescence delta pruning: a capture is skipped when the static
    /// evaluation plus the victim's value plus this cannot reach alpha. Two
    /// horses: 200 beat 50 in a match, and 15 and 100 measured worse (the
    /// table in `tuning/README.md`).
    qs_delta_margin = "QsDeltaMargin": 200, 20, 600;
}

// --- Iterative deepening and aspiration windows ---

/// Iterations from this depth on start with a window around the last score.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// After each fail the half-width grows by itself divided by this.
pub const ASPIRATION_GROWTH_DIVISOR: i32 = 2;
/// Beyond this half-width the window opens to the full range.
pub const ASPIRATION_MAX_DELTA: i32 = 600;

// --- Pruning before the move loop ---

/// Reverse futility pruning: only at this depth or below.
pub const RFP_MAX_DEPTH: i32 = 8;
/// The margin shrinks by this when the static evaluation is improving.
pub const RFP_IMPROVING: i32 = 40;

/// Null move: only from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null-move reduction: base, plus depth / divisor, plus how far the
/// evaluation is above beta (per step, capped).
pub const NMP_BASE: i32 = 4;
pub const NMP_DEPTH_DIVISOR: i32 = 3;
pub const NMP_EVAL_STEP: i32 = 43;
pub const NMP_EVAL_MAX: i32 = 2;

/// Internal iterative reduction: a node this deep without a hash move is
/// searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

// --- Pruning inside the move loop ---

/// Late-move pruning: at this depth or below, quiet moves after
/// `(LMP_BASE + depth^2) / (improving ? 1 : 2)` searched moves are skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;

/// Futility pruning of quiet moves: at this reduced depth or below, when
/// the static evaluation plus `futility_base` plus `futility_per_depth` per
/// ply of reduced depth cannot reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 8;

/// SEE pruning: at this depth or below, moves losing more than the per-ply
/// threshold times depth are skipped (quiet moves and captures apart).
pub const SEE_PRUNE_MAX_DEPTH: i32 = 6;
pub const SEE_QUIET_PER_DEPTH: i32 = -15;
pub const SEE_CAPTURE_PER_DEPTH: i32 = -40;

// --- Extensions and reductions ---

/// Check extensions stop beyond this ply, so that checks cannot run the
/// search to the ply limit.
pub const CHECK_EXTENSION_MAX_PLY: usize = 2 * super::MAX_PLY / 3;

/// Late-move reductions apply from this depth on.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Extra reduction at expected cut nodes (zero-window children of a
/// reduced search, alternating below).
pub const LMR_CUT_NODE: i32 = 1;
/// One ply less reduction when the parent had tried more moves than this.
pub const LMR_PARENT_MOVES: i32 = 7;

/// The LMR table, `[depth][moves searched]`, both capped at 63.
pub fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let (base, divisor) = (lmr_base() as f64 / 100.0, lmr_divisor() as f64 / 100.0);
    let mut t = Box::new([[0i32; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (base + (d as f64).ln() * (m as f64).ln() / divisor) as i32;
        }
    }
    t
}

// --- Move ordering ---

/// History values saturate at this (the gravity formula keeps them inside).
pub const HISTORY_MAX: i32 = 16384;
/// History bonus (and malus) after a cutoff at `depth`: a large share of
/// `HISTORY_MAX` already at moderate depths, so ordering learns quickly.
pub fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 600 * depth - 500).clamp(0, 6000)
}
/// The refutation malus (`punish_refuted_parent`) in odd helpers: this
/// many times the cutoff's bonus, and for this many moves more after the
/// first. Their trees then part from the main thread's, so two threads
/// share the work (time to depth 18: 1.4x-1.6x, against 1.3x without).
pub const HELPER_MALUS_SCALE: i32 = 2;
pub const HELPER_MALUS_MOVES: i32 = 1;
/// MVV-LVA: the victim's value times this, minus the attacker's value
/// (capped) divided by the divisor.
pub const MVV_VICTIM_SCALE: i32 = 8;
pub const LVA_ATTACKER_CAP: i32 = 300;
pub const LVA_ATTACKER_DIVISOR: i32 = 16;
/// Capture history adds its value divided by this to MVV-LVA.
pub const CAPTURE_HISTORY_DIVISOR: i32 = 16;

/// Correction history: entries stay within this many centi-horses, and a
/// search of depth d moves its entry by (d + 1) / 256 of the way, at most
/// this many 256ths.
pub const CORRECTION_MAX: i32 = 64;
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

// --- Transposition table ---

/// A result for an entry already there replaces it unless the old one is
/// more than this many plies deeper (exact results always replace).
pub const TT_REPLACE_DEPTH_SLACK: i32 = 3;
/// Choosing the slot to overwrite: each search since an entry was written
/// counts as this many plies less depth.
pub const TT_AGE_DEPTH: i32 = 8;

// --- Time management ---

/// The clock is read, and stop flags polled, once per this many nodes.
pub const POLL_NODES: u64 = 1024;
/// Moves still to play when the GUI does not say (and the most we assume).
pub const MOVES_TO_GO: u64 = 35;
/// Increment share planned per move, in quarters.
pub const INC_QUARTERS: u64 = 3;
/// The hard limit is at most this many soft budgets.
pub const HARD_PER_SOFT: u64 = 5;
/// Shares of the remaining time, in tenths: the most one move may take
/// (hard, soft), and on the last move before the time control (hard, soft).
pub const HARD_TENTHS: u64 = 4;
pub const SOFT_TENTHS: u64 = 3;
pub const LAST_MOVE_HARD_TENTHS: u64 = 8;
pub const LAST_MOVE_SOFT_TENTHS: u64 = 6;
/// Soft budget scale: `STABILITY_BASE - STABILITY_STEP * n`, n = how many
/// iterations in a row (at most `STABILITY_MAX`) kept the best move.
pub const STABILITY_BASE: f64 = 1.3;
pub const STABILITY_STEP: f64 = 0.1;
pub const STABILITY_MAX: u32 = 6;
/// Soft budget scale by the best move's share s of the root's nodes:
/// `(EFFORT_BASE - s) * EFFORT_SCALE`, from this iteration depth on.
pub const EFFORT_BASE: f64 = 1.5;
pub const EFFORT_SCALE: f64 = 1.35;
pub const EFFORT_MIN_DEPTH: i32 = 6;
/// A score this far below the previous iteration's asks for more time ...
pub const SCORE_DROP: i32 = 15;
/// ... by this factor.
pub const SCORE_DROP_SCALE: f64 = 1.4;

// --- Resigning and draws (UCCI `bestmove ... resign|draw`) ---

/// A score below this is hopeless.
pub const RESIGN_SCORE: i32 = -1500;
/// Resign after this many hopeless searches in a row ...
pub const RESIGN_SEARCHES: i32 = 3;
/// ... or at once when mated in a search at least this deep.
pub const RESIGN_MATE_DEPTH: i32 = 6;
/// Accept the opponent's draw offer at or below this score.
pub const DRAW_SCORE: i32 = 20;
