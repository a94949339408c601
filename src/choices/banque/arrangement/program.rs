//! The linear program of the Puntos' conditions at a vertex: its feasibility, and the
//! vertices of the region it cuts out.

use super::curves::Kind;
use crate::choices::banque::Quadratic;

/// One Punto's condition: his margin `constant + Σ coefficients[j]·q_j` is ≤ 0 when he
/// stands, ≥ 0 when he draws, = 0 when he mixes.
pub(super) struct Constraint {
    pub(super) kind: Kind,
    pub(super) constant: Quadratic,
    pub(super) coefficients: Vec<Quadratic>,
}

impl Constraint {
    fn value(&self, q: &[Quadratic]) -> Quadratic {
        let mut v = self.constant.clone();
        for (c, x) in self.coefficients.iter().zip(q) {
            if !x.is_zero() && !c.is_zero() {
                v = v + &(c * x);
            }
        }
        v
    }

    fn holds(&self, q: &[Quadratic]) -> bool {
        let s = self.value(q).signum();
        match self.kind {
            Kind::Stands => s <= 0,
            Kind::Draws => s >= 0,
            Kind::Mixes => s == 0,
        }
    }
}

/// Whether some q in [0, 1]ⁿ meets both Puntos' conditions, by the separating axis test in
/// the plane of their margins: the margins' values over the box form a zonotope Z (the sum of
/// the segments [0, 1]·g_k, g_k the two margins' coefficients of q_k), the conditions a
/// point, a ray or a quadrant C, and two convex polygons are disjoint exactly when one of
/// their edges' normals separates them. The directions g_k themselves and the axes cover the
/// degenerate shapes (a segment, a point, a ray).
pub(super) fn feasible(constraints: &[Constraint]) -> bool {
    let [one, two] = constraints else {
        return false;
    };
    let generators: Vec<[Quadratic; 2]> = one
        .coefficients
        .iter()
        .zip(&two.coefficients)
        .filter(|(a, b)| !a.is_zero() || !b.is_zero())
        .map(|(a, b)| [a.clone(), b.clone()])
        .collect();
    let (zero, unit) = (Quadratic::zero(), Quadratic::one());
    let mut directions: Vec<[Quadratic; 2]> = vec![
        [unit.clone(), zero.clone()],
        [-&unit, zero.clone()],
        [zero.clone(), unit.clone()],
        [zero.clone(), -&unit],
    ];
    for [a, b] in &generators {
        directions.push([a.clone(), b.clone()]);
        directions.push([-a, -b]);
        directions.push([-b, a.clone()]);
        directions.push([b.clone(), -a]);
    }
    let dot = |u: &[Quadratic; 2], v: &[Quadratic; 2]| &(&u[0] * &v[0]) + &(&u[1] * &v[1]);
    let apex = [-&one.constant, -&two.constant];
    let kinds = [one.kind, two.kind];
    directions.iter().all(|u| {
        // The least of ⟨u, c⟩ over C = apex + K, K the cone the kinds allow (−∞ if none).
        let unbounded = kinds.iter().zip(u).any(|(kind, ui)| match kind {
            Kind::Mixes => false,
            Kind::Stands => ui.signum() > 0,
            Kind::Draws => ui.signum() < 0,
        });
        if unbounded {
            return true;
        }
        let support = generators
            .iter()
            .map(|g| dot(u, g))
            .filter(|v| v.signum() > 0)
            .fold(Quadratic::zero(), |sum, v| sum + v);
        support >= dot(u, &apex)
    })
}

/// Every subset of `0..n` of size `size`, in order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, size: usize, start: usize, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if chosen.len() == size {
            out.push(chosen.clone());
            return;
        }
        for j in start..n {
            chosen.push(j);
            go(n, size, j + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    go(n, size, 0, &mut Vec::new(), &mut out);
    out
}

/// The vertices of `{q ∈ [0, 1]ⁿ : every constraint holds}`: at a vertex, n independent
/// constraints are tight, so some t of the Puntos' are, and n − t of the bounds.
pub(super) fn vertices(constraints: &[Constraint], n: usize) -> Vec<Vec<Quadratic>> {
    let mut out: Vec<Vec<Quadratic>> = Vec::new();
    let (zero, one) = (Quadratic::zero(), Quadratic::one());
    for t in 0..=n.min(constraints.len()) {
        for tight in subsets(constraints.len(), t) {
            for basic in subsets(n, t) {
                let others: Vec<usize> = (0..n).filter(|j| !basic.contains(j)).collect();
                for bits in 0..1usize << others.len() {
                    let mut q = vec![Quadratic::zero(); n];
                    for (b, &j) in others.iter().enumerate() {
                        if bits >> b & 1 == 1 {
                            q[j] = Quadratic::one();
                        }
                    }
                    // The tight constraints in the basic unknowns: a·x = r, t ≤ 2.
                    let rows: Vec<(Vec<Quadratic>, Quadratic)> = tight
                        .iter()
                        .map(|&c| {
                            let constraint = &constraints[c];
                            let a = basic.iter().map(|&j| constraint.coefficients[j].clone());
                            (a.collect(), -constraint.value(&q))
                        })
                        .collect();
                    let Some(x) = solve_small(&rows) else {
                        continue;
                    };
                    if x.iter().any(|v| *v < zero || *v > one) {
                        continue;
                    }
                    for (&j, v) in basic.iter().zip(x) {
                        q[j] = v;
                    }
                    if constraints.iter().all(|c| c.holds(&q)) && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
    }
    out
}

/// The unique solution of a system of at most two equations in as many unknowns.
fn solve_small(rows: &[(Vec<Quadratic>, Quadratic)]) -> Option<Vec<Quadratic>> {
    match rows {
        [] => Some(Vec::new()),
        [(a, r)] => Some(vec![r.checked_div(&a[0])?]),
        [(a, r), (b, s)] => {
            let det = &a[0] * &b[1] - &a[1] * &b[0];
            let x = (r * &b[1] - &a[1] * s).checked_div(&det)?;
            let y = (&a[0] * s - r * &b[0]).checked_div(&det)?;
            Some(vec![x, y])
        }
        _ => None,
    }
}
