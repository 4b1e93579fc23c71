//! The rule sets a repetition can be ruled by.

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RuleSet {
    /// The rulebook we were given (Chinese Xiangqi Association).
    #[default]
    Chinese,
    /// AXF/WXF-style, as Pikafish and Fairy-Stockfish approximate it.
    Asian,
    /// Only one-sided perpetual check loses.
    CheckOnly,
}

impl RuleSet {
    pub fn parse(s: &str) -> Option<RuleSet> {
        match s.to_ascii_lowercase().as_str() {
            "chinese" => Some(RuleSet::Chinese),
            "asian" => Some(RuleSet::Asian),
            "checkonly" => Some(RuleSet::CheckOnly),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Asian => "asian",
            RuleSet::CheckOnly => "checkonly",
        }
    }
}
