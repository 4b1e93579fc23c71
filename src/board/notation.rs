//! Chinese move notation (炮二平五 马8进7): Red counts files right to left
//! with Chinese numerals, Black with Arabic digits from its own right. Two or
//! more like pieces on one file are told apart by 前/中/后 (or ordinals).

use super::moves::Move;
use super::position::Position;
use super::types::{Color, PieceType, Square};

const RED_NUM: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

fn name(c: Color, k: PieceType) -> &'static str {
    match (c, k) {
        (_, PieceType::Chariot) => "车",
        (_, PieceType::Horse) => "马",
        (_, PieceType::Cannon) => "炮",
        (Color::Red, PieceType::Elephant) => "相",
        (Color::Black, PieceType::Elephant) => "象",
        (Color::Red, PieceType::Advisor) => "仕",
        (Color::Black, PieceType::Advisor) => "士",
        (Color::Red, PieceType::King) => "帅",
        (Color::Black, PieceType::King) => "将",
        (Color::Red, PieceType::Pawn) => "兵",
        (Color::Black, PieceType::Pawn) => "卒",
    }
}

fn number(c: Color, n: u32) -> String {
    match c {
        Color::Red => RED_NUM[n as usize].to_string(),
        Color::Black => n.to_string(),
    }
}

/// The file number as the mover counts it (1 = the mover's rightmost file).
fn file_number(c: Color, s: Square) -> u32 {
    match c {
        Color::Red => 9 - s.file() as u32,
        Color::Black => s.file() as u32 + 1,
    }
}

/// How far `s` is towards the enemy, from `c`'s side.
fn advance(c: Color, s: Square) -> i32 {
    match c {
        Color::Red => s.rank() as i32,
        Color::Black => 9 - s.rank() as i32,
    }
}

/// Chinese notation of a legal move `m` in `pos` (before it is played).
pub fn chinese(pos: &Position, m: Move) -> String {
    let (from, to) = (m.from(), m.to());
    let Some(piece) = pos.piece_at(from) else {
        return m.to_string();
    };
    let (c, k) = (piece.color(), piece.kind());

    // Like pieces on the same file, front (most advanced) first.
    let mut same: Vec<Square> = pos
        .pieces(c, k)
        .filter(|s| s.file() == from.file())
        .collect();
    same.sort_by_key(|&s| -advance(c, s));
    let diagonal = matches!(
        k,
        PieceType::Advisor | PieceType::Elephant | PieceType::Horse
    );
    // Advisors and elephants need no 前/后: direction already tells them apart.
    let head = if same.len() >= 2 && !matches!(k, PieceType::Advisor | PieceType::Elephant) {
        let i = same.iter().position(|&s| s == from).unwrap_or(0);
        let tag = match (same.len(), i) {
            (2, 0) | (3, 0) => "前".to_string(),
            (2, _) | (3, 2) => "后".to_string(),
            (3, _) => "中".to_string(),
            (_, i) => RED_NUM[i + 1].to_string(),
        };
        format!("{tag}{}", name(c, k))
    } else {
        format!("{}{}", name(c, k), number(c, file_number(c, from)))
    };

    let d = advance(c, to) - advance(c, from);
    let (verb, n) = if d == 0 {
        ("平", file_number(c, to))
    } else if diagonal {
        (if d > 0 { "进" } else { "退" }, file_number(c, to))
    } else {
        (if d > 0 { "进" } else { "退" }, d.unsigned_abs())
    };
    format!("{head}{verb}{}", number(c, n))
}

/// Chinese notation of a line of moves played from `pos`.
pub fn chinese_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = vec![];
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        out.push(chinese(&p, m));
        p.make(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(fen: &str, moves: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        let ms: Vec<Move> = moves
            .split_whitespace()
            .map(|m| Move::parse(m).unwrap())
            .collect();
        chinese_line(&pos, &ms).join(" ")
    }

    #[test]
    fn opening_moves() {
        let start = super::super::fen::START_FEN;
        assert_eq!(
            line(start, "h2e2 h9g7 h0g2 i9h9"),
            "炮二平五 马8进7 马二进三 车9平8"
        );
        assert_eq!(
            line(start, "b2e2 b7e7 e2e6 e7e3"),
            "炮八平五 炮2平5 炮五进四 炮5进4"
        );
        assert_eq!(
            line(start, "c3c4 g6g5 g0e2 c9e7 f0e1 f9e8"),
            "兵七进一 卒7进1 相三进五 象3进5 仕四进五 士6进5"
        );
        assert_eq!(line(start, "i0i1 a9a8 i1d1"), "车一进一 车1进1 车一平六");
        assert_eq!(line(start, "e0e1 h9g7 e1e0"), "帅五进一 马8进7 帅五退一");
    }

    #[test]
    fn front_and_back() {
        // Two red chariots on file e; two black horses on file 2 (c... from Black's right).
        let fen = "3k5/9/9/9/4R4/9/9/4R4/9/5K3 w";
        assert_eq!(line(fen, "e5e8"), "前车进三");
        assert_eq!(line(fen, "e2c2"), "后车平七");
        let fen = "3k5/9/1n7/9/1n7/9/9/9/9/5K3 b";
        assert_eq!(line(fen, "b5c3"), "前马进3");
        assert_eq!(line(fen, "b7a9"), "后马退1");
        // Advisors on one file keep their file number.
        let fen = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w";
        assert_eq!(line(fen, "d2e1"), "仕六退五");
    }
}
