//! The evaluation's parameters: the `Weights` struct, declared by one field
//! list that also drives the tuner's slots (`tuned_slots`), the writer of
//! `weights.rs` (`source`) and the per-term breakdown (`eval` trace). Adding
//! a term is one line here plus its use in `hce.rs`.

use super::score::Score;

/// A weight field: a number, a `Score`, or an array of them.
pub trait Field {
    /// Rust source of the value (arrays of arrays one entry per line).
    fn write(&self, indent: usize, out: &mut String);
    /// Every `i32` inside, in order.
    fn ints_mut<'a>(&'a mut self, out: &mut Vec<&'a mut i32>);
    /// Whether this is an array (nested arrays are written one per line).
    fn is_array(&self) -> bool {
        false
    }
}

impl Field for i32 {
    fn write(&self, _: usize, out: &mut String) {
        out.push_str(&self.to_string());
    }
    fn ints_mut<'a>(&'a mut self, out: &mut Vec<&'a mut i32>) {
        out.push(self);
    }
}

impl Field for Score {
    fn write(&self, _: usize, out: &mut String) {
        out.push_str(&format!("s({}, {})", self.mg, self.eg));
    }
    fn ints_mut<'a>(&'a mut self, out: &mut Vec<&'a mut i32>) {
        out.push(&mut self.mg);
        out.push(&mut self.eg);
    }
}

impl<T: Field, const N: usize> Field for [T; N] {
    fn write(&self, indent: usize, out: &mut String) {
        if self.first().is_some_and(Field::is_array) {
            out.push_str("[\n");
            for x in self {
                out.push_str(&" ".repeat(indent + 4));
                x.write(indent + 4, out);
                out.push_str(",\n");
            }
            out.push_str(&" ".repeat(indent));
            out.push(']');
        } else {
            out.push('[');
            for (i, x) in self.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                x.write(indent, out);
            }
            out.push(']');
        }
    }
    fn ints_mut<'a>(&'a mut self, out: &mut Vec<&'a mut i32>) {
        for x in self {
            x.ints_mut(out);
        }
    }
    fn is_array(&self) -> bool {
        true
    }
}

/// Declares `Weights` from the field list: each field's docs, name, type,
/// and whether the Texel tuner fits it (`tuned`) or it stays (`fixed`).
macro_rules! weights {
    ($( $(#[doc = $doc:literal])+ $name:ident: $ty:ty, $mode:ident; )+) => {
        #[derive(Clone, Debug)]
        pub struct Weights {
            $( $(#[doc = $doc])+ pub $name: $ty, )+
        }

        impl Weights {
            /// Every field as (name, tuned, doc lines, value).
            pub fn fields(&self) -> Vec<(&'static str, bool, &'static [&'static str], &dyn Field)> {
                vec![$((
                    stringify!($name),
                    weights!(@tuned $mode),
                    &[$($doc),+],
                    &self.$name as &dyn Field,
                ),)+]
            }

            /// Every field as (name, tuned, value), mutable.
            pub fn fields_mut(&mut self) -> Vec<(&'static str, bool, &mut dyn Field)> {
                vec![$((
                    stringify!($name),
                    weights!(@tuned $mode),
                    &mut self.$name as &mut dyn Field,
                ),)+]
            }
        }
    };
    (@tuned tuned) => { true };
    (@tuned fixed) => { false };
}

/// Number of king-zone attack units with an entry of their own.
pub const ZONE_UNITS: usize = 45;

weights! {
    /// Material per kind: King, Advisor, Elephant, Horse, Chariot, Cannon, Pawn.
    material: [Score; 7], tuned;
    /// Half-board tables `[kind][rank from the owner's side][file a..e]`;
    /// files f..i mirror.
    pst: [[[Score; 5]; 10]; 7], tuned;
    /// Horse by its safe targets (not own pieces, not covered by enemy pawns).
    horse_mobility: [Score; 9], tuned;
    /// Chariot, per point it reaches that no own piece holds.
    chariot_mobility: Score, tuned;
    /// Cannon, per empty point it can move to.
    cannon_mobility: Score, tuned;
    /// Chariot on a file without own pawns.
    chariot_open_file: Score, tuned;
    /// Per missing advisor, times the enemy's attacking weight.
    missing_advisor: Score, tuned;
    /// Per missing elephant, times the enemy's attacking weight.
    missing_elephant: Score, tuned;
    /// Enemy cannon facing the king with no screen (hollow cannon, 空头炮).
    hollow_cannon: Score, tuned;
    /// Enemy cannon on the king's file behind screens (central cannon pressure).
    cannon_on_king_file: Score, tuned;
    /// Enemy chariot on the king's file or rank with nothing between.
    chariot_facing_king: Score, tuned;
    /// King-zone attack by `weight sum * attacker count` (two attackers or
    /// more), capped at the last entry.
    zone_attack: [Score; ZONE_UNITS], tuned;
    /// Per missing advisor / elephant, times the enemy's horses, chariots,
    /// cannons: which attackers exploit which holes.
    shield_vs: [[Score; 3]; 2], tuned;
    /// A pawn across the river with a friendly pawn on the same rank one
    /// file higher: a side-by-side pair counts once.
    pawn_linked: Score, tuned;
    /// A piece attacked and not defended, per piece.
    hanging: Score, tuned;
    /// A chariot attacked by a lesser piece.
    chariot_threatened: Score, tuned;
    /// Weight of each kind attacking the enemy palace (king-zone attack).
    zone_weight: [i32; 7], fixed;
    /// The enemy's attacking weight against a king, in half units, per
    /// crossed piece of each kind.
    king_danger_crossed: [i32; 7], fixed;
    /// ... plus this many half units per enemy cannon anywhere.
    king_danger_cannon: i32, fixed;
    /// Game phase per piece of each kind (attacking material).
    phase_weight: [i32; 7], fixed;
    /// The phase with everything on the board (the phase is capped there).
    phase_max: i32, fixed;
    /// Bonus for the side to move.
    tempo: i32, fixed;
}

impl Weights {
    /// Every `i32` of the tuned fields, in field order.
    pub fn tuned_slots(&mut self) -> Vec<&mut i32> {
        let mut v = vec![];
        for (_, tuned, f) in self.fields_mut() {
            if tuned {
                f.ints_mut(&mut v);
            }
        }
        v
    }

    /// A copy with the field `name` set to zero.
    pub fn without(&self, name: &str) -> Weights {
        let mut w = self.clone();
        for (n, _, f) in w.fields_mut() {
            if n == name {
                let mut ints = vec![];
                f.ints_mut(&mut ints);
                for i in ints {
                    *i = 0;
                }
            }
        }
        w
    }

    /// The Rust source of `src/eval/weights.rs` holding these weights.
    pub fn source(&self) -> String {
        let mut o = String::from(
            "//! The evaluation weights: data only, written by `Weights::source`\n\
             //! (the Texel tuner in `tuning/` regenerates this file; a test checks\n\
             //! that writing `W` gives this file back).\n\n\
             use super::params::Weights;\n\
             use super::score::s;\n\n\
             #[rustfmt::skip]\n\
             pub const W: Weights = Weights {\n",
        );
        for (name, _, doc, f) in self.fields() {
            for line in doc {
                o += &format!("    //{line}\n");
            }
            o += &format!("    {name}: ");
            f.write(4, &mut o);
            o += ",\n";
        }
        o += "};\n";
        o
    }
}

#[cfg(test)]
mod tests {
    use super::super::weights::W;

    #[test]
    fn writing_w_reproduces_weights_rs() {
        assert_eq!(W.source(), include_str!("weights.rs"));
    }

    #[test]
    fn tuned_slots_and_zeroing_reach_every_value() {
        let mut w = W.clone();
        let n = w.tuned_slots().len();
        // 7 material + 350 PST + 9 + 45 + 6 Scores, 11 single Scores.
        assert_eq!(n, 2 * (7 + 350 + 9 + 45 + 6 + 11));
        let z = W.without("hanging");
        assert_eq!((z.hanging.mg, z.hanging.eg), (0, 0));
        assert_eq!(z.material, W.material);
    }
}
