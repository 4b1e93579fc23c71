use chariot::board::Position;
fn main() {
    let p = Position::startpos();
    let mut v: Vec<String> = p.legal_moves().as_slice().iter().map(|m| m.to_string()).collect();
    v.sort();
    println!("{}", v.join(" "));
    print!("{}", p.diagram());
}
