//! The published perft counts (tests/data/perft.txt, copied from the shared
//! reference file) must match exactly.

use chariot::board::{perft, Position};

fn cases() -> Vec<(String, u32, u64)> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn run(max_nodes: u64, min_nodes: u64) -> usize {
    let mut n = 0;
    for (fen, depth, nodes) in cases() {
        if nodes > max_nodes || nodes < min_nodes {
            continue;
        }
        let mut pos = Position::from_fen(&fen).unwrap();
        assert_eq!(perft::perft(&mut pos, depth), nodes, "{fen} depth {depth}");
        n += 1;
    }
    n
}

#[test]
fn reference_counts_up_to_200m_nodes() {
    // Everything in the file but the 5.4-billion-node start position depth 6.
    assert_eq!(run(200_000_000, 0), cases().len() - 1);
}

#[test]
#[ignore = "5.4 billion nodes: about 20 s in release; run with --ignored"]
fn start_position_depth_6() {
    assert_eq!(run(u64::MAX, 1_000_000_000), 1);
}

#[test]
fn divide_sums_to_perft_and_threads_agree() {
    let pos = Position::startpos();
    let one = perft::divide(&pos, 4, 1);
    let two = perft::divide(&pos, 4, 2);
    assert_eq!(one, two);
    assert_eq!(one.len(), 44);
    assert_eq!(one.iter().map(|x| x.1).sum::<u64>(), 3_290_240);
    let names: Vec<String> = one.iter().map(|x| x.0.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}
