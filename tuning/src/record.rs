//! Training positions as fixed 32-byte records, and the chunked file that
//! holds them. Fixed-size records let a trainer seek, shuffle and count a
//! file without parsing it; chunks let a killed generator resume without
//! leaving half-written games behind.
//!
//! # Record (32 bytes, little-endian)
//!
//! Two `u128` words, the first stored first.
//!
//! Word 0:
//!
//! | bits    | field                                                          |
//! |---------|----------------------------------------------------------------|
//! | 0-89    | occupancy of the 90 points, bit `rank * 9 + file` (`Square` index) |
//! | 90      | side to move: 0 Red, 1 Black                                   |
//! | 91-92   | game result from Red's side: 0 Black wins, 1 draw, 2 Red wins  |
//! | 93-102  | ply from the game's start position, capped at 1023             |
//! | 103-118 | search score, `i16`, from **Red's** side (not the side to move) |
//! | 119-127 | zero                                                           |
//!
//! Word 1: one nibble per occupied point, in increasing point index, the
//! first in bits 0-3: bit 3 is the colour (1 Black), bits 0-2 the
//! `PieceType` index (king 0, advisor, elephant, horse, chariot, cannon,
//! pawn 6). Unused nibbles are zero. A side has at most 16 pieces, so 32
//! nibbles always suffice. Move counters are not stored.
//!
//! # File
//!
//! A sequence of chunks, each a 32-byte header followed by its records:
//!
//! | bytes | field                                              |
//! |-------|----------------------------------------------------|
//! | 0-3   | magic `CXQD`                                       |
//! | 4-5   | format version (`u16`, 1)                          |
//! | 6-7   | games in the chunk (`u16`, skipped games included) |
//! | 8-15  | index of the chunk's first game (`u64`)            |
//! | 16-19 | number of records (`u32`)                          |
//! | 20-25 | Red wins, draws, Black wins (`u16` each)           |
//! | 26-27 | zero                                               |
//! | 28-31 | FNV-1a (32-bit) of the records' bytes              |
//!
//! Game indices of consecutive chunks are contiguous. A chunk is appended
//! whole; a short trailing chunk is a write that was cut off and is ignored.

use chariot::board::{Color, Piece, PieceType, Position, Square};
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

pub const RECORD_BYTES: usize = 32;
pub const HEADER_BYTES: usize = 32;
pub const MAGIC: [u8; 4] = *b"CXQD";
pub const VERSION: u16 = 1;
pub const MAX_PLY: u32 = 1023;

const BOARD_MASK: u128 = (1u128 << 90) - 1;
const SIDE_BIT: u32 = 90;
const RESULT_SHIFT: u32 = 91;
const PLY_SHIFT: u32 = 93;
const SCORE_SHIFT: u32 = 103;
const USED_MASK: u128 = (1u128 << 119) - 1;

/// A game's result from Red's side, valued as stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GameResult {
    BlackWins = 0,
    Draw = 1,
    RedWins = 2,
}

impl GameResult {
    pub const ALL: [GameResult; 3] = [GameResult::BlackWins, GameResult::Draw, GameResult::RedWins];

    /// Red's points: 0, 0.5 or 1.
    pub fn red_points(self) -> f32 {
        self as u8 as f32 / 2.0
    }

    fn from_bits(b: u8) -> Option<GameResult> {
        GameResult::ALL.get(b as usize).copied()
    }
}

/// Why bytes do not form a valid record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRecord(pub String);

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "bad record: {}", self.0)
    }
}

impl std::error::Error for BadRecord {}

/// One training position; see the module docs for the layout.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    meta: u128,
    pieces: u128,
}

impl Record {
    /// `score_red` is clamped to `i16`, `ply` to [`MAX_PLY`].
    pub fn from_position(pos: &Position, score_red: i32, result: GameResult, ply: u32) -> Record {
        let (mut meta, mut pieces, mut n) = (0u128, 0u128, 0);
        for i in 0..Square::COUNT {
            if let Some(p) = pos.piece_at(Square::from_index(i)) {
                meta |= 1 << i;
                let nibble = p.kind().index() as u128 | (p.color().index() as u128) << 3;
                pieces |= nibble << (4 * n);
                n += 1;
            }
        }
        if pos.side() == Color::Black {
            meta |= 1 << SIDE_BIT;
        }
        meta |= (result as u128) << RESULT_SHIFT;
        meta |= (ply.min(MAX_PLY) as u128) << PLY_SHIFT;
        let score = score_red.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        meta |= (score as u16 as u128) << SCORE_SHIFT;
        Record { meta, pieces }
    }

    pub fn side(&self) -> Color {
        if self.meta >> SIDE_BIT & 1 == 1 {
            Color::Black
        } else {
            Color::Red
        }
    }

    pub fn result(&self) -> GameResult {
        // from_bytes and from_position only let 0..=2 through.
        GameResult::from_bits((self.meta >> RESULT_SHIFT & 3) as u8).unwrap_or(GameResult::Draw)
    }

    /// The result is only known when the game ends, after its positions.
    pub fn set_result(&mut self, result: GameResult) {
        self.meta = self.meta & !(3 << RESULT_SHIFT) | (result as u128) << RESULT_SHIFT;
    }

    pub fn ply(&self) -> u32 {
        (self.meta >> PLY_SHIFT & 1023) as u32
    }

    /// The search score from Red's side.
    pub fn score_red(&self) -> i16 {
        (self.meta >> SCORE_SHIFT) as u16 as i16
    }

    pub fn piece_count(&self) -> u32 {
        (self.meta & BOARD_MASK).count_ones()
    }

    /// The pieces as (point, piece), in increasing point index.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut n = 0;
        (0..Square::COUNT)
            .filter(|&i| self.meta >> i & 1 == 1)
            .map(move |i| {
                let nibble = (self.pieces >> (4 * n) & 15) as usize;
                n += 1;
                let color = if nibble & 8 == 0 {
                    Color::Red
                } else {
                    Color::Black
                };
                // from_bytes rejects kinds 7 and 15.
                let kind = PieceType::ALL[(nibble & 7).min(6)];
                (Square::from_index(i), Piece::new(color, kind))
            })
    }

    /// The position, with move counters `0 1` (they are not stored). Goes
    /// through FEN so that it gets the same checks as any other input.
    pub fn to_position(&self) -> Result<Position, BadRecord> {
        let mut board: [Option<Piece>; 90] = [None; 90];
        for (s, p) in self.pieces() {
            board[s.index()] = Some(p);
        }
        let mut fen = String::new();
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match board[Square::new(file, rank).index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(p.to_char());
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = if self.side() == Color::Red { 'w' } else { 'b' };
        fen.push_str(&format!(" {side} - - 0 1"));
        Position::from_fen(&fen).map_err(|e| BadRecord(e.to_string()))
    }

    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[..16].copy_from_slice(&self.meta.to_le_bytes());
        b[16..].copy_from_slice(&self.pieces.to_le_bytes());
        b
    }

    /// Checks the fields that have a range; the position itself is checked
    /// by [`Record::to_position`].
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, BadRecord> {
        let meta = u128::from_le_bytes(b[..16].try_into().expect("16 bytes"));
        let pieces = u128::from_le_bytes(b[16..].try_into().expect("16 bytes"));
        let r = Record { meta, pieces };
        if meta & !USED_MASK != 0 {
            return Err(BadRecord("reserved bits set".into()));
        }
        if meta >> RESULT_SHIFT & 3 == 3 {
            return Err(BadRecord("result 3".into()));
        }
        let n = r.piece_count();
        if n > 32 {
            return Err(BadRecord(format!("{n} pieces")));
        }
        if n < 32 && pieces >> (4 * n) != 0 {
            return Err(BadRecord("pieces beyond the occupied points".into()));
        }
        if (0..n).any(|i| pieces >> (4 * i) & 7 == 7) {
            return Err(BadRecord("piece kind 7".into()));
        }
        Ok(r)
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// A chunk's header. `games` counts every game index the chunk covers,
/// including games skipped for a one-sided start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ChunkHeader {
    pub first_game: u64,
    pub games: u16,
    pub records: u32,
    pub red_wins: u16,
    pub draws: u16,
    pub black_wins: u16,
    pub checksum: u32,
}

impl ChunkHeader {
    /// The index after this chunk's last game.
    pub fn end_game(&self) -> u64 {
        self.first_game + self.games as u64
    }

    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut b = [0u8; HEADER_BYTES];
        b[0..4].copy_from_slice(&MAGIC);
        b[4..6].copy_from_slice(&VERSION.to_le_bytes());
        b[6..8].copy_from_slice(&self.games.to_le_bytes());
        b[8..16].copy_from_slice(&self.first_game.to_le_bytes());
        b[16..20].copy_from_slice(&self.records.to_le_bytes());
        b[20..22].copy_from_slice(&self.red_wins.to_le_bytes());
        b[22..24].copy_from_slice(&self.draws.to_le_bytes());
        b[24..26].copy_from_slice(&self.black_wins.to_le_bytes());
        b[28..32].copy_from_slice(&self.checksum.to_le_bytes());
        b
    }

    pub fn from_bytes(b: &[u8; HEADER_BYTES]) -> io::Result<ChunkHeader> {
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        if b[0..4] != MAGIC {
            return Err(invalid("not a chunk header (bad magic)".into()));
        }
        if u16_at(4) != VERSION {
            return Err(invalid(format!(
                "format version {}, expected {VERSION}",
                u16_at(4)
            )));
        }
        let h = ChunkHeader {
            first_game: u64::from_le_bytes(b[8..16].try_into().expect("8 bytes")),
            games: u16_at(6),
            records: u32_at(16),
            red_wins: u16_at(20),
            draws: u16_at(22),
            black_wins: u16_at(24),
            checksum: u32_at(28),
        };
        let finished = h.red_wins as u32 + h.draws as u32 + h.black_wins as u32;
        if finished > h.games as u32 || h.records as u64 > h.games as u64 * (MAX_PLY as u64 + 1) {
            return Err(invalid(format!("inconsistent chunk header {h:?}")));
        }
        Ok(h)
    }
}

/// A chunk: some consecutive games and the records they produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub header: ChunkHeader,
    pub records: Vec<Record>,
}

impl Chunk {
    /// Header plus records, ready to append in one write. Fills in the
    /// header's record count and checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.records.len() * RECORD_BYTES);
        for r in &self.records {
            body.extend_from_slice(&r.to_bytes());
        }
        let header = ChunkHeader {
            records: self.records.len() as u32,
            checksum: fnv1a(&body),
            ..self.header
        };
        let mut out = header.to_bytes().to_vec();
        out.extend_from_slice(&body);
        out
    }
}

fn invalid(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg)
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Iterates the whole chunks of a data file. A short trailing chunk ends the
/// iteration (see [`ChunkReader::truncated`]); a damaged whole chunk is an
/// `InvalidData` error, after which the iteration ends.
pub struct ChunkReader<R: Read> {
    inner: R,
    valid_len: u64,
    truncated: bool,
    done: bool,
}

impl ChunkReader<BufReader<File>> {
    pub fn open(path: &Path) -> io::Result<Self> {
        Ok(ChunkReader::new(BufReader::new(File::open(path)?)))
    }
}

impl<R: Read> ChunkReader<R> {
    pub fn new(inner: R) -> Self {
        ChunkReader {
            inner,
            valid_len: 0,
            truncated: false,
            done: false,
        }
    }

    /// Bytes taken up by the whole chunks read so far.
    pub fn valid_len(&self) -> u64 {
        self.valid_len
    }

    /// Whether the input ended inside a chunk.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut hb = [0u8; HEADER_BYTES];
        match read_full(&mut self.inner, &mut hb)? {
            0 => return Ok(None),
            HEADER_BYTES => {}
            _ => {
                self.truncated = true;
                return Ok(None);
            }
        }
        let header = ChunkHeader::from_bytes(&hb)?;
        let len = header.records as u64 * RECORD_BYTES as u64;
        // Grows with what is there, so a bad count cannot allocate much.
        let mut body = vec![];
        (&mut self.inner).take(len).read_to_end(&mut body)?;
        if (body.len() as u64) < len {
            self.truncated = true;
            return Ok(None);
        }
        if fnv1a(&body) != header.checksum {
            return Err(invalid(format!(
                "checksum mismatch in the chunk at byte {}",
                self.valid_len
            )));
        }
        let records = body
            .chunks_exact(RECORD_BYTES)
            .map(|b| Record::from_bytes(b.try_into().expect("32 bytes")))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| invalid(e.to_string()))?;
        self.valid_len += (HEADER_BYTES as u64) + len;
        Ok(Some(Chunk { header, records }))
    }
}

impl<R: Read> Iterator for ChunkReader<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_chunk().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

/// Every record of every whole chunk of a data file, in order.
pub fn read_records(path: &Path) -> io::Result<impl Iterator<Item = io::Result<Record>>> {
    Ok(ChunkReader::open(path)?.flat_map(|c| {
        let v: Vec<io::Result<Record>> = match c {
            Ok(c) => c.records.into_iter().map(Ok).collect(),
            Err(e) => vec![Err(e)],
        };
        v
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, seq::SliceRandom, SeedableRng};

    fn board_and_side(fen: &str) -> String {
        fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
    }

    /// Positions of a few random playouts from the start.
    fn playout_positions() -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(7);
        let mut out = vec![];
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                out.push(pos.clone());
                let moves = pos.legal_moves();
                let Some(&m) = moves.as_slice().choose(&mut rng) else {
                    break;
                };
                pos.make(m);
            }
        }
        out
    }

    #[test]
    fn playout_positions_round_trip() {
        let positions = playout_positions();
        assert!(positions.len() > 1000);
        for pos in &positions {
            let r = Record::from_position(pos, 0, GameResult::Draw, 0);
            let back = Record::from_bytes(&r.to_bytes()).unwrap();
            assert_eq!(back, r);
            let decoded = back.to_position().unwrap();
            assert_eq!(
                board_and_side(&decoded.to_fen()),
                board_and_side(&pos.to_fen())
            );
            assert_eq!(decoded.key(), pos.key());
        }
    }

    #[test]
    fn fields_round_trip() {
        let pos = Position::startpos();
        for score in [0, 1, -1, 250, -1999, 1999, i16::MAX as i32, i16::MIN as i32] {
            for result in GameResult::ALL {
                for ply in [0, 8, 400, MAX_PLY] {
                    let mut r = Record::from_position(&pos, score, result, ply);
                    r = Record::from_bytes(&r.to_bytes()).unwrap();
                    assert_eq!(r.score_red() as i32, score);
                    assert_eq!(r.result(), result);
                    assert_eq!(r.ply(), ply);
                    assert_eq!(r.side(), Color::Red);
                }
            }
        }
        let r = Record::from_position(&pos, 40000, GameResult::RedWins, 5000);
        assert_eq!((r.score_red(), r.ply()), (i16::MAX, MAX_PLY));
        let mut r = Record::from_position(&pos, -40000, GameResult::Draw, 3);
        assert_eq!(r.score_red(), i16::MIN);
        r.set_result(GameResult::BlackWins);
        assert_eq!(
            (r.result(), r.score_red(), r.ply()),
            (GameResult::BlackWins, i16::MIN, 3)
        );
        let black = Position::from_fen(&pos.to_fen().replace(" w ", " b ")).unwrap();
        assert_eq!(
            Record::from_position(&black, 0, GameResult::Draw, 1).side(),
            Color::Black
        );
    }

    #[test]
    fn bad_bytes_are_rejected() {
        let good = Record::from_position(&Position::startpos(), 0, GameResult::Draw, 0).to_bytes();
        let mut b = good;
        b[15] |= 0x80; // a reserved bit
        assert!(Record::from_bytes(&b).is_err());
        let mut b = good;
        b[11] |= 0x18; // result 3
        assert!(Record::from_bytes(&b).is_err());
        let mut b = good;
        b[16] |= 7; // first piece of kind 7
        assert!(Record::from_bytes(&b).is_err());
        let mut b = good;
        b[0] ^= 1; // a point emptied: one nibble too many
        assert!(Record::from_bytes(&b).is_err());
    }

    fn chunk(first_game: u64, records: &[Record]) -> Chunk {
        Chunk {
            header: ChunkHeader {
                first_game,
                games: 4,
                red_wins: 1,
                draws: 2,
                black_wins: 1,
                ..ChunkHeader::default()
            },
            records: records.to_vec(),
        }
    }

    #[test]
    fn truncated_trailing_chunk_is_dropped() {
        let records: Vec<Record> = playout_positions()
            .iter()
            .take(30)
            .enumerate()
            .map(|(i, p)| Record::from_position(p, i as i32, GameResult::RedWins, i as u32))
            .collect();
        let a = chunk(0, &records[..10]).to_bytes();
        let b = chunk(4, &records[10..20]).to_bytes();
        let c = chunk(8, &records[20..]).to_bytes();
        let whole = (a.len() + b.len()) as u64;
        for cut in [0, 5, HEADER_BYTES, HEADER_BYTES + 40, c.len() - 1] {
            let mut file = [a.clone(), b.clone()].concat();
            file.extend_from_slice(&c[..cut]);
            let mut reader = ChunkReader::new(&file[..]);
            let chunks: Vec<Chunk> = reader.by_ref().map(Result::unwrap).collect();
            assert_eq!(chunks.len(), 2);
            assert_eq!(chunks[0].records, records[..10]);
            assert_eq!(chunks[1].records, records[10..20]);
            assert_eq!(chunks[1].header.first_game, 4);
            assert_eq!(chunks[1].header.end_game(), 8);
            assert_eq!(chunks[1].header.records, 10);
            assert_eq!(reader.valid_len(), whole);
            assert_eq!(reader.truncated(), cut > 0);
        }

        // The same through a real file and read_records.
        let path = std::env::temp_dir().join(format!("chariot-record-{}.bin", std::process::id()));
        let mut file = [a, b].concat();
        file.extend_from_slice(&c[..c.len() / 2]);
        std::fs::write(&path, &file).unwrap();
        let read: Vec<Record> = read_records(&path).unwrap().map(Result::unwrap).collect();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read, records[..20]);
    }

    #[test]
    fn damaged_chunk_is_an_error() {
        let r = Record::from_position(&Position::startpos(), 5, GameResult::Draw, 9);
        let mut bytes = chunk(0, &[r, r]).to_bytes();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x40;
        let mut reader = ChunkReader::new(&bytes[..]);
        assert!(reader.next().unwrap().is_err());
        assert!(reader.next().is_none());
        let mut bytes = chunk(0, &[r]).to_bytes();
        bytes[0] = b'X';
        assert!(ChunkReader::new(&bytes[..]).next().unwrap().is_err());
    }
}
