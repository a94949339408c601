fn main() {
    use punto_banco::{analysis::Analysis, rules::Rules, shoe::Shoe, tally::Winner};
    let t = std::time::Instant::now();
    let a = Analysis::new(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
    println!("{:?}", t.elapsed());
    println!("{} {} {} {}", a.sequences(), a.count(Winner::Banco), a.count(Winner::Punto), a.count(Winner::Tie));
    for b in punto_banco::rules::MainBet::ALL { use num_traits::ToPrimitive; println!("{:?} {:.4}", b, a.edge(b).to_f64().unwrap()*100.0); }
    let t = std::time::Instant::now();
    let n = punto_banco::enumerate::naive_tally(&Shoe::decks(8).unwrap(), &Rules::reference().drawing).unwrap();
    println!("naive {:?} equal={}", t.elapsed(), n == a.tally);
}
