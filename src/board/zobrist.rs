//! Zobrist keys, generated at compile time from a fixed seed.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 90]; 14], u64) {
    let mut keys = [[0u64; 90]; 14];
    let mut st = 0x00C4_A810_7C41_2025u64;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, k) = splitmix(st);
            st = ns;
            keys[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(st);
    (keys, side)
}

const KEYS: ([[u64; 90]; 14], u64) = build();
/// [piece index (colour * 7 + kind)][square]
pub static PIECE: [[u64; 90]; 14] = KEYS.0;
/// XORed in when Black is to move.
pub const SIDE: u64 = KEYS.1;
