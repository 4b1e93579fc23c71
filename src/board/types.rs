//! Colours, piece kinds, pieces and squares.

use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Red, Color::Black];

    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    King = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Chariot = 4,
    Cannon = 5,
    Pawn = 6,
}

impl PieceType {
    pub const ALL: [PieceType; 7] = [
        PieceType::King,
        PieceType::Advisor,
        PieceType::Elephant,
        PieceType::Horse,
        PieceType::Chariot,
        PieceType::Cannon,
        PieceType::Pawn,
    ];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind one side starts with (and can ever have).
    pub const fn max_count(self) -> u32 {
        match self {
            PieceType::King => 1,
            PieceType::Pawn => 5,
            _ => 2,
        }
    }

    /// FEN letter for Red (upper case); Black uses lower case.
    pub const fn letter(self) -> char {
        match self {
            PieceType::King => 'K',
            PieceType::Advisor => 'A',
            PieceType::Elephant => 'B',
            PieceType::Horse => 'N',
            PieceType::Chariot => 'R',
            PieceType::Cannon => 'C',
            PieceType::Pawn => 'P',
        }
    }
}

/// A coloured piece, packed as `colour * 7 + kind` so it indexes flat tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece(color as u8 * 7 + kind as u8)
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 < 7 {
            Color::Red
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub const fn kind(self) -> PieceType {
        PieceType::ALL[(self.0 % 7) as usize]
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn to_char(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Both FEN letter sets: `RNBAKCP` and `H`/`E` for horse/elephant.
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceType::King,
            'A' => PieceType::Advisor,
            'B' | 'E' => PieceType::Elephant,
            'N' | 'H' => PieceType::Horse,
            'R' => PieceType::Chariot,
            'C' => PieceType::Cannon,
            'P' => PieceType::Pawn,
            _ => return None,
        };
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// One of the 90 points: `rank * 9 + file`, rank 0 = Red's back rank, file 0 = `a`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 90;

    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 9 && rank < 10);
        Square(rank * 9 + file)
    }

    #[inline(always)]
    pub const fn from_index(i: usize) -> Square {
        debug_assert!(i < 90);
        Square(i as u8)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The same point seen from the other side (rank mirrored).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square::new(self.file(), 9 - self.rank())
    }

    /// The point on the other wing (file mirrored).
    #[inline(always)]
    pub const fn flip_file(self) -> Square {
        Square::new(8 - self.file(), self.rank())
    }

    /// ICCS text (`e0`): files `a`–`i`, ranks `0`–`9` from Red's side.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !b[1].is_ascii_digit() {
            return None;
        }
        Some(Square::new(f - b'a', b[1] - b'0'))
    }

    /// Whether this point lies on `c`'s own half (before the river).
    #[inline(always)]
    pub const fn on_own_side(self, c: Color) -> bool {
        match c {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}
