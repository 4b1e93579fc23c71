//! The rule sets a repetition can be ruled by.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// The rulebook we were given (Chinese Xiangqi Association).
    Chinese,
    /// AXF/WXF-style, as Pikafish and Fairy-Stockfish approximate it.
    Asian,
    /// Only one-sided perpetual check loses.
    CheckOnly,
}

impl RuleSet {
    /// What the engine rules by unless told otherwise.
    pub const DEFAULT: RuleSet = RuleSet::Chinese;
    pub const ALL: [RuleSet; 3] = [RuleSet::Chinese, RuleSet::Asian, RuleSet::CheckOnly];
    /// The names `parse` accepts, in the order of `ALL`.
    pub const NAMES: [&'static str; 3] = [
        RuleSet::ALL[0].name(),
        RuleSet::ALL[1].name(),
        RuleSet::ALL[2].name(),
    ];

    /// By name, in any case.
    pub fn parse(s: &str) -> Option<RuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }

    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Asian => "asian",
            RuleSet::CheckOnly => "checkonly",
        }
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::DEFAULT
    }
}
