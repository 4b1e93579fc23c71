use chariot::board::{perft, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let d: u32 = args[1].parse().unwrap();
    let mut p = if args.len() > 2 { Position::from_fen(&args[2]).unwrap() } else { Position::startpos() };
    let t = std::time::Instant::now();
    let n = perft::perft(&mut p, d);
    println!("{n} {:?}", t.elapsed());
}
