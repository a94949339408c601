//! The arrangement of Banco's indifference curves in the square of Punto strategies, and the
//! equilibria in each of its cells.
//!
//! Each of Banco's margins is bilinear in (p₁, p₂); where it vanishes in the square it draws
//! a line or a hyperbola. These curves, with the square's sides, cut the square into
//! vertices, open arcs and open faces; in each cell Banco's pure choices are fixed and his
//! free sets are those whose curve holds the cell. An equilibrium's (p₁, p₂) lies in one
//! cell, and each kind of cell is searched exactly:
//!
//! - a vertex: the point is known; the Puntos' conditions are a linear program in Banco's
//!   free sets, listed by its vertices;
//! - an arc: where the program's feasibility can change along the arc is where one of a
//!   finite list of bilinear curves crosses it (Banco's free probabilities at their bounds
//!   but one, a Punto's margin with all of them at bounds, a rank drop); the program is
//!   solved at each crossing and at a point of each piece between (a piece where it is
//!   feasible is a continuum of equilibria, reported as not resolved);
//! - a face: Banco plays purely, each Punto's margin is linear in the other's probability,
//!   and the two indifferences give one point, kept when it lies in the face.
//!
//! Faces are found by a vertical sweep: between two consecutive abscissae of vertices no two
//! curves cross, so the curves' ordinates at one abscissa between list every face there.

use super::{
    Banque, BanqueForm, Bilinear, Certificate, Equilibrium, Profile, Quadratic, Solution,
    Unresolved, UnresolvedReason,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

type Point = [Quadratic; 2];

/// The most of Banco's free sets a linear program or an arc examines.
const MAX_FREE: usize = 10;

/// `c0 + c1·p` in the other Punto's probability, with integer coefficients: every Punto
/// margin is scaled by one positive common denominator, which changes no sign and no zero.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Linear([BigInt; 2]);

impl Linear {
    fn at(&self, p: &Quadratic) -> Quadratic {
        let [c0, c1] = &self.0;
        Quadratic::from(BigRational::from_integer(c0.clone()))
            + &(p * &BigRational::from_integer(c1.clone()))
    }

    fn add(&mut self, other: &Linear, sign: bool) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            if sign {
                *a += b;
            } else {
                *a -= b;
            }
        }
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(Zero::is_zero)
    }

    /// As a bilinear polynomial of (p₁, p₂), for Punto `i` (whose margin reads the other's p).
    fn lift(&self, i: usize) -> Poly {
        let [c0, c1] = self.0.clone();
        let zero = BigInt::zero;
        match i {
            0 => Poly([c0, zero(), c1, zero()]),
            _ => Poly([c0, c1, zero(), zero()]),
        }
    }
}

/// `c[0] + c[1]·p₁ + c[2]·p₂ + c[3]·p₁·p₂` with integer coefficients: a curve's equation,
/// whose zeros do not change when it is scaled.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Poly([BigInt; 4]);

impl Poly {
    /// A rational polynomial scaled to integers by its coefficients' common denominator.
    fn of(b: &Bilinear) -> Poly {
        let coefficients = [&b.constant, &b.p1, &b.p2, &b.both];
        let mut scale = BigInt::one();
        for c in coefficients {
            scale = lcm(&scale, c.denom());
        }
        Poly(coefficients.map(|c| c.numer() * (&scale / c.denom())))
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(Zero::is_zero)
    }

    fn at(&self, point: &Point) -> Quadratic {
        let r = |c: &BigInt| BigRational::from_integer(c.clone());
        let [c0, c1, c2, c3] = &self.0;
        let [x, y] = point;
        Quadratic::from(r(c0)) + &(x * &r(c1)) + &(y * &r(c2)) + &(&(x * y) * &r(c3))
    }

    /// Divided by the gcd of its coefficients, its first non-zero coefficient positive.
    fn normalised(mut self) -> Poly {
        let mut g = BigInt::zero();
        for c in &self.0 {
            g = gcd(g, c.abs());
        }
        let negative = self
            .0
            .iter()
            .find(|c| !c.is_zero())
            .is_some_and(|c| c.is_negative());
        if !g.is_zero() {
            for c in &mut self.0 {
                *c = &*c / &g;
                if negative {
                    *c = -&*c;
                }
            }
        }
        self
    }
}

fn gcd(mut a: BigInt, mut b: BigInt) -> BigInt {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a.abs()
}

fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    a / gcd(a.clone(), b.clone()) * b
}

/// `one(p₂)·two(p₁) − three(p₂)·four(p₁)`: Punto 1's linear functions read p₂, Punto 2's p₁.
fn cross(one: &Linear, two: &Linear, three: &Linear, four: &Linear) -> Poly {
    let product = |a: &Linear, b: &Linear| {
        [
            &a.0[0] * &b.0[0],
            &a.0[0] * &b.0[1],
            &a.0[1] * &b.0[0],
            &a.0[1] * &b.0[1],
        ]
    };
    let (x, y) = (product(one, two), product(three, four));
    Poly(std::array::from_fn(|j| &x[j] - &y[j]))
}

/// A Punto's choice at 5 as his probability says: stand, draw, or mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Stands,
    Draws,
    Mixes,
}

fn kind(p: &Quadratic) -> Kind {
    if p.is_zero() {
        Kind::Stands
    } else if *p == Quadratic::one() {
        Kind::Draws
    } else {
        Kind::Mixes
    }
}

/// A line or an irreducible curve where a bilinear polynomial vanishes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Component {
    /// p₁ = x.
    Vertical(BigRational),
    /// p₂ = y.
    Horizontal(BigRational),
    /// An irreducible bilinear polynomial's zeros, a graph over p₁ (normalised).
    Graph(Poly),
}

impl Component {
    fn poly(&self) -> Poly {
        let zero = BigInt::zero;
        match self {
            Component::Vertical(x) => Poly([-x.numer(), x.denom().clone(), zero(), zero()]),
            Component::Horizontal(y) => Poly([-y.numer(), zero(), y.denom().clone(), zero()]),
            Component::Graph(g) => g.clone(),
        }
    }

    /// The coordinate that runs along the component.
    fn param<'p>(&self, point: &'p Point) -> &'p Quadratic {
        match self {
            Component::Vertical(_) => &point[1],
            _ => &point[0],
        }
    }

    /// The point of the component at a rational parameter.
    fn at(&self, t: &BigRational) -> Option<Point> {
        match self {
            Component::Vertical(x) => Some([Quadratic::from(x), Quadratic::from(t)]),
            Component::Horizontal(y) => Some([Quadratic::from(t), Quadratic::from(y)]),
            Component::Graph(g) => {
                let r = |c: &BigInt| BigRational::from_integer(c.clone());
                let [a, b, c, d] = &g.0;
                let denominator = r(c) + r(d) * t;
                if denominator.is_zero() {
                    return None;
                }
                let y = -(r(a) + r(b) * t) / denominator;
                Some([Quadratic::from(t), Quadratic::from(y)])
            }
        }
    }
}

/// The components of a polynomial's zeros that meet the square.
fn components(poly: &Poly) -> Vec<Component> {
    let [a, b, c, d] = &poly.0;
    let unit = |v: &BigRational| !v.is_negative() && v <= &BigRational::one();
    let ratio = |n: &BigInt, m: &BigInt| BigRational::new(n.clone(), m.clone());
    let mut out = Vec::new();
    if a * d == b * c {
        // d·(p₁ + c/d)·(p₂ + b/d), or a line.
        if !d.is_zero() {
            out.push(Component::Vertical(ratio(&-c, d)));
            out.push(Component::Horizontal(ratio(&-b, d)));
        } else if b.is_zero() && !c.is_zero() {
            out.push(Component::Horizontal(ratio(&-a, c)));
        } else if c.is_zero() && !b.is_zero() {
            out.push(Component::Vertical(ratio(&-a, b)));
        }
        out.retain(|component| match component {
            Component::Vertical(v) | Component::Horizontal(v) => unit(v),
            Component::Graph(_) => true,
        });
    } else {
        out.push(Component::Graph(poly.clone().normalised()));
    }
    out
}

/// Where a polynomial's zeros meet a component.
enum Meet {
    Points(Vec<Point>),
    /// The polynomial vanishes on the whole component.
    Whole,
}

/// The real roots of `a2·x² + a1·x + a0`; `None` when every coefficient is zero.
fn roots(a2: &BigInt, a1: &BigInt, a0: &BigInt) -> Option<Vec<Quadratic>> {
    let r = |c: &BigInt| BigRational::from_integer(c.clone());
    if a2.is_zero() {
        if a1.is_zero() {
            return if a0.is_zero() { None } else { Some(Vec::new()) };
        }
        return Some(vec![Quadratic::from(BigRational::new(-a0, a1.clone()))]);
    }
    let discriminant = a1 * a1 - BigInt::from(4) * a2 * a0;
    let Some(root) = Quadratic::sqrt(&r(&discriminant)) else {
        return Some(Vec::new());
    };
    let inverse = BigRational::new(BigInt::one(), BigInt::from(2) * a2);
    let minus_a1 = Quadratic::from(r(&-a1));
    let mut out = vec![&(&minus_a1 + &root) * &inverse];
    if !root.is_zero() {
        out.push(&(&minus_a1 - &root) * &inverse);
    }
    Some(out)
}

/// Whether `a2·x² + a1·x + a0` may vanish in `[low, high]`: false only when it provably
/// does not (its signs at both ends agree and its vertex is outside, or it has no real root),
/// a test in integers that spares the exact roots of most curves.
fn may_vanish_in(a: [&BigInt; 3], range: &(BigRational, BigRational)) -> bool {
    let [a2, a1, a0] = a;
    let value = |x: &BigRational| {
        let (n, d) = (x.numer(), x.denom());
        (a2 * n * n + a1 * n * d + a0 * d * d).sign()
    };
    let (low, high) = range;
    let (at_low, at_high) = (value(low), value(high));
    use num_bigint::Sign::{Minus, NoSign, Plus};
    if at_low == NoSign || at_high == NoSign || at_low != at_high {
        return true;
    }
    if a2.is_zero() {
        return false;
    }
    let discriminant = a1 * a1 - BigInt::from(4) * a2 * a0;
    if discriminant.is_negative() {
        return false;
    }
    // The vertex −a1/(2·a2) strictly between the ends.
    let side = |x: &BigRational| {
        let s = (-a1 * x.denom() - BigInt::from(2) * a2 * x.numer()).sign();
        match (s, a2.sign()) {
            (NoSign, _) => NoSign,
            (x, y) if x == y => Plus,
            _ => Minus,
        }
    };
    side(low) == Plus && side(high) == Minus
}

fn meet(poly: &Poly, component: &Component) -> Meet {
    meet_within(poly, component, None)
}

/// Where a polynomial's zeros meet a component, leaving out points whose parameter provably
/// lies outside `range`.
fn meet_within(
    poly: &Poly,
    component: &Component,
    range: Option<&(BigRational, BigRational)>,
) -> Meet {
    let [a, b, c, d] = &poly.0;
    let line = |alpha: BigInt, beta: BigInt| {
        if beta.is_zero() {
            if alpha.is_zero() { None } else { Some(None) }
        } else {
            Some(Some(BigRational::new(-alpha, beta)))
        }
    };
    match component {
        Component::Vertical(x) => {
            let (n, m) = (x.numer(), x.denom());
            match line(a * m + b * n, c * m + d * n) {
                None => Meet::Whole,
                Some(None) => Meet::Points(Vec::new()),
                Some(Some(y)) => Meet::Points(vec![[Quadratic::from(x), Quadratic::from(y)]]),
            }
        }
        Component::Horizontal(y) => {
            let (n, m) = (y.numer(), y.denom());
            match line(a * m + c * n, b * m + d * n) {
                None => Meet::Whole,
                Some(None) => Meet::Points(Vec::new()),
                Some(Some(x)) => Meet::Points(vec![[Quadratic::from(x), Quadratic::from(y)]]),
            }
        }
        Component::Graph(g) => {
            let [ga, gb, gc, gd] = &g.0;
            // (a + b·x)(gc + gd·x) − (c + d·x)(ga + gb·x) = 0 along y = −(ga + gb·x)/(gc + gd·x).
            let a2 = b * gd - d * gb;
            let a1 = a * gd + b * gc - c * gb - d * ga;
            let a0 = a * gc - c * ga;
            if a2.is_zero() && a1.is_zero() && a0.is_zero() {
                return Meet::Whole;
            }
            if let Some(range) = range
                && !may_vanish_in([&a2, &a1, &a0], range)
            {
                return Meet::Points(Vec::new());
            }
            let Some(xs) = roots(&a2, &a1, &a0) else {
                return Meet::Whole;
            };
            let r = |c: &BigInt| BigRational::from_integer(c.clone());
            let mut points = Vec::new();
            for x in xs {
                let denominator = Quadratic::from(r(gc)) + &(&x * &r(gd));
                let numerator = -(Quadratic::from(r(ga)) + &(&x * &r(gb)));
                if let Some(y) = numerator.checked_div(&denominator) {
                    points.push([x, y]);
                }
            }
            Meet::Points(points)
        }
    }
}

fn in_square(point: &Point) -> bool {
    let (zero, one) = (Quadratic::zero(), Quadratic::one());
    point.iter().all(|v| *v >= zero && *v <= one)
}

fn compare(a: &Point, b: &Point) -> Ordering {
    a[0].cmp(&b[0]).then_with(|| a[1].cmp(&b[1]))
}

/// Banco's pure choices and free sets at a point.
struct State {
    /// The sets whose curve passes elsewhere where Banco draws (his margin is positive).
    draws: Vec<bool>,
    /// The sets where his margin is zero.
    free: Vec<usize>,
}

/// An equilibrium point found, with Banco's equilibrium strategies there.
struct Found {
    point: Point,
    draws: Vec<bool>,
    used: Vec<usize>,
    vertices: Vec<Vec<Quadratic>>,
    indifferent: Vec<usize>,
}

/// The game's data the search reads.
struct Setting<'a> {
    game: &'a Banque,
    form: &'a BanqueForm,
    margins: Vec<Poly>,
    /// The sets whose margin vanishes somewhere in the square (and not everywhere).
    crossing: Vec<usize>,
    /// The sets whose margin vanishes everywhere.
    zero: Vec<usize>,
    /// Banco's choice in the other sets: whether his margin is positive throughout.
    fixed: Vec<bool>,
    /// Each Punto's margin at 5 (on his result) is `slope_base + Σ q_k·slope_set[k]`, a
    /// linear function of the other Punto's probability.
    slope_set: [Vec<Linear>; 2],
    /// `slope_base` with the sets that draw throughout the square added in.
    fixed_sum: [Linear; 2],
}

impl<'a> Setting<'a> {
    fn new(game: &'a Banque, form: &'a BanqueForm) -> Setting<'a> {
        let margins: Vec<Poly> = game.banco_margins(form).iter().map(Poly::of).collect();
        let mut crossing = Vec::new();
        let mut zero = Vec::new();
        let mut fixed = vec![false; margins.len()];
        for (k, m) in margins.iter().enumerate() {
            if m.is_zero() {
                zero.push(k);
                continue;
            }
            // A bilinear function's extremes over the square are at its corners.
            let [c0, c1, c2, c3] = &m.0;
            let corners = [c0.clone(), c0 + c1, c0 + c2, c0 + c1 + c2 + c3];
            let low = corners.iter().min().cloned().unwrap_or_else(BigInt::zero);
            let high = corners.iter().max().cloned().unwrap_or_else(BigInt::zero);
            if !low.is_positive() && !high.is_negative() {
                crossing.push(k);
            } else {
                fixed[k] = low.is_positive();
            }
        }
        // Each Punto's margin at 5, scaled to integers by one common denominator.
        let slopes = |i: usize| -> (Linear, Vec<Linear>) {
            let result = &form.results[i];
            let rational: Vec<[BigRational; 2]> = std::iter::once(&result.base)
                .chain(&result.per_set)
                .map(|b| b.derivative(i))
                .collect();
            let mut scale = BigInt::one();
            for c in rational.iter().flatten() {
                scale = lcm(&scale, c.denom());
            }
            let mut all = rational
                .iter()
                .map(|pair| Linear(pair.clone().map(|c| c.numer() * (&scale / c.denom()))));
            let base = all
                .next()
                .unwrap_or(Linear([BigInt::zero(), BigInt::zero()]));
            (base, all.collect())
        };
        let (base_1, sets_1) = slopes(0);
        let (base_2, sets_2) = slopes(1);
        let mut fixed_sum = [base_1, base_2];
        let slope_set = [sets_1, sets_2];
        for (k, &draws) in fixed.iter().enumerate() {
            if draws {
                for i in 0..2 {
                    fixed_sum[i].add(&slope_set[i][k], true);
                }
            }
        }
        Setting {
            game,
            form,
            margins,
            crossing,
            zero,
            fixed,
            slope_set,
            fixed_sum,
        }
    }

    fn state_at(&self, point: &Point) -> State {
        let mut draws = self.fixed.clone();
        let mut free = self.zero.clone();
        for &k in &self.crossing {
            match self.margins[k].at(point).signum() {
                1 => draws[k] = true,
                0 => free.push(k),
                _ => {}
            }
        }
        free.sort_unstable();
        State { draws, free }
    }

    /// Each Punto's margin with Banco's pure choices in (free sets standing).
    fn pure_parts(&self, draws: &[bool]) -> [Linear; 2] {
        let mut parts = self.fixed_sum.clone();
        for &k in &self.crossing {
            if draws[k] {
                for (i, part) in parts.iter_mut().enumerate() {
                    part.add(&self.slope_set[i][k], true);
                }
            }
        }
        parts
    }

    /// The equilibria at one point: Banco's equilibrium strategies there, `None` when there
    /// is none.
    fn point(&self, point: &Point) -> Result<Option<Found>, UnresolvedReason> {
        let state = self.state_at(point);
        let parts = self.pure_parts(&state.draws);
        self.point_in(point, state, &parts)
    }

    /// The equilibria at a point where Banco's choices are `state` (known from the cell the
    /// point lies in), his pure choices giving the Puntos' margins `parts`.
    fn point_in(
        &self,
        point: &Point,
        state: State,
        parts: &[Linear; 2],
    ) -> Result<Option<Found>, UnresolvedReason> {
        let kinds = [kind(&point[0]), kind(&point[1])];
        let used: Vec<usize> = state
            .free
            .iter()
            .copied()
            .filter(|&k| (0..2).any(|i| !self.slope_set[i][k].is_zero()))
            .collect();
        let indifferent: Vec<usize> = state
            .free
            .iter()
            .copied()
            .filter(|k| !used.contains(k))
            .collect();
        let constraints: Vec<Constraint> = (0..2)
            .map(|i| {
                let other = &point[1 - i];
                Constraint {
                    kind: kinds[i],
                    constant: parts[i].at(other),
                    coefficients: used
                        .iter()
                        .map(|&k| self.slope_set[i][k].at(other))
                        .collect(),
                }
            })
            .collect();
        if !feasible(&constraints) {
            return Ok(None);
        }
        if used.len() > MAX_FREE {
            return Err(UnresolvedReason::TooManyFreeSets);
        }
        let vertices = vertices(&constraints, used.len());
        if vertices.is_empty() {
            return Ok(None);
        }
        Ok(Some(Found {
            point: point.clone(),
            draws: state.draws,
            used,
            vertices,
            indifferent,
        }))
    }

    /// The equilibria along an open arc of `component` between parameters `low` and `high`,
    /// whose point `sample` tells Banco's choices there.
    fn arc(
        &self,
        component: &Component,
        bounds: [&Quadratic; 2],
        sample: &Point,
        found: &mut Vec<Found>,
        unresolved: &mut Vec<Unresolved>,
    ) {
        let state = self.state_at(sample);
        let parts = self.pure_parts(&state.draws);
        let used: Vec<usize> = state
            .free
            .iter()
            .copied()
            .filter(|&k| (0..2).any(|i| !self.slope_set[i][k].is_zero()))
            .collect();
        let n = used.len();
        if n > MAX_FREE {
            unresolved.push(Unresolved {
                reason: UnresolvedReason::TooManyFreeSets,
                near: sample.clone(),
            });
            return;
        }
        let slope = |i: usize, j: usize| &self.slope_set[i][used[j]];
        let with_bits = |i: usize, bits: usize, skip: usize| {
            let mut e = parts[i].clone();
            for j in (0..n).filter(|&j| j != skip && bits >> j & 1 == 1) {
                e.add(slope(i, j), true);
            }
            e
        };
        // Where the linear program's feasibility can change along the arc.
        let mut events: Vec<Poly> = Vec::new();
        for bits in 0..1usize << n {
            for i in 0..2 {
                events.push(with_bits(i, bits, usize::MAX).lift(i));
            }
        }
        for j in 0..n {
            for i in 0..2 {
                events.push(slope(i, j).lift(i));
            }
            for bits in (0..1usize << n).filter(|b| b >> j & 1 == 0) {
                let (one, two) = (with_bits(0, bits, j), with_bits(1, bits, j));
                events.push(cross(&one, slope(1, j), slope(0, j), &two));
            }
            for l in j + 1..n {
                events.push(cross(slope(0, j), slope(1, l), slope(0, l), slope(1, j)));
            }
        }
        let [low, high] = bounds;
        let rounded = (low.enclose(40).0, high.enclose(40).1);
        let mut breaks: Vec<Point> = Vec::new();
        for event in events.iter().filter(|e| !e.is_zero()) {
            if let Meet::Points(points) = meet_within(event, component, Some(&rounded)) {
                for point in points {
                    let t = component.param(&point);
                    if t > low && t < high {
                        breaks.push(point);
                    }
                }
            }
        }
        breaks.sort_by(|a, b| component.param(a).cmp(component.param(b)));
        breaks.dedup_by(|a, b| component.param(a) == component.param(b));
        // Every point of the open arc has the sample's pure choices and free sets.
        let within = |point: &Point| {
            let state = State {
                draws: state.draws.clone(),
                free: state.free.clone(),
            };
            self.point_in(point, state, &parts)
        };
        for point in &breaks {
            match within(point) {
                Ok(Some(f)) => found.push(f),
                Ok(None) => {}
                Err(reason) => unresolved.push(Unresolved {
                    reason,
                    near: point.clone(),
                }),
            }
        }
        let mut ends: Vec<&Quadratic> = vec![low];
        ends.extend(breaks.iter().map(|p| component.param(p)));
        ends.push(high);
        for pair in ends.windows(2) {
            let Some(t) = Quadratic::rational_between(pair[0], pair[1]) else {
                continue;
            };
            let Some(point) = component.at(&t) else {
                continue;
            };
            if !in_square(&point) {
                continue;
            }
            match within(&point) {
                Ok(None) => {}
                Ok(Some(_)) => unresolved.push(Unresolved {
                    reason: UnresolvedReason::Continuum,
                    near: point.clone(),
                }),
                Err(reason) => unresolved.push(Unresolved {
                    reason,
                    near: point.clone(),
                }),
            }
        }
    }

    fn record(&self, point: &Point, found: &mut Vec<Found>, unresolved: &mut Vec<Unresolved>) {
        match self.point(point) {
            Ok(Some(f)) => found.push(f),
            Ok(None) => {}
            Err(reason) => unresolved.push(Unresolved {
                reason,
                near: point.clone(),
            }),
        }
    }

    /// The faces of the slab between abscissae `low` and `high` (both Puntos mix, Banco
    /// plays purely), read at the abscissa `x`. Returns the faces examined.
    fn slab(
        &self,
        bounds: [&Quadratic; 2],
        x: &BigRational,
        found: &mut Vec<Found>,
        unresolved: &mut Vec<Unresolved>,
    ) -> usize {
        // Each crossing margin at this abscissa, linear in p₂, and where it changes sign.
        let mut crossings: Vec<(BigRational, usize)> = Vec::new();
        for &k in &self.crossing {
            let [c0, c1, c2, c3] = &self.margins[k].0;
            let (n, d) = (x.numer(), x.denom());
            let slope = c2 * d + c3 * n;
            if !slope.is_zero() {
                let root = BigRational::new(-(c0 * d + c1 * n), slope);
                if root.is_positive() && root < BigRational::one() {
                    crossings.push((root, k));
                }
            }
        }
        crossings.sort();
        let mut cuts: Vec<BigRational> = vec![BigRational::zero()];
        for (root, _) in &crossings {
            if cuts.last() != Some(root) {
                cuts.push(root.clone());
            }
        }
        cuts.push(BigRational::one());
        let two = BigRational::from_integer(2.into());
        let first = (&cuts[0] + &cuts[1]) / &two;
        let sample = [Quadratic::from(x), Quadratic::from(&first)];
        let state = self.state_at(&sample);
        let mut draws = state.draws;
        let mut parts = self.pure_parts(&draws);
        let mut next = 0;
        let [low, high] = bounds;
        for face in 0..cuts.len() - 1 {
            if face > 0 {
                // Crossing the cut flips the sign of every margin that vanishes there.
                while next < crossings.len() && crossings[next].0 == cuts[face] {
                    let k = crossings[next].1;
                    draws[k] = !draws[k];
                    for (i, part) in parts.iter_mut().enumerate() {
                        part.add(&self.slope_set[i][k], draws[k]);
                    }
                    next += 1;
                }
            }
            let y = (&cuts[face] + &cuts[face + 1]) / &two;
            if !self.zero.is_empty() {
                // Sets free everywhere: the face is searched as a point would be, which
                // does not list a region of equilibria; say so if one is there.
                if let Ok(Some(_)) = self.point(&[Quadratic::from(x), Quadratic::from(&y)]) {
                    unresolved.push(Unresolved {
                        reason: UnresolvedReason::Continuum,
                        near: [Quadratic::from(x), Quadratic::from(&y)],
                    });
                }
                continue;
            }
            // Punto 1's margin reads p₂ and Punto 2's reads p₁: each indifference gives one.
            let [one, two_] = &parts;
            let degenerate = (one.0[1].is_zero() && one.0[0].is_zero())
                || (two_.0[1].is_zero() && two_.0[0].is_zero());
            if degenerate {
                unresolved.push(Unresolved {
                    reason: UnresolvedReason::Continuum,
                    near: [Quadratic::from(x), Quadratic::from(&y)],
                });
                continue;
            }
            if one.0[1].is_zero() || two_.0[1].is_zero() {
                continue;
            }
            let p2 = BigRational::new(-&one.0[0], one.0[1].clone());
            let p1 = BigRational::new(-&two_.0[0], two_.0[1].clone());
            let inside = |v: &BigRational| v.is_positive() && v < &BigRational::one();
            let (q1, q2) = (Quadratic::from(&p1), Quadratic::from(&p2));
            if !inside(&p1) || !inside(&p2) || &q1 < low || &q1 > high {
                continue;
            }
            let point = [q1, q2];
            let there = self.state_at(&point);
            if there.free.is_empty() && there.draws == draws {
                self.record(&point, found, unresolved);
            }
        }
        cuts.len() - 1
    }

    fn equilibrium(&self, found: &Found) -> Equilibrium {
        let mut banco: Vec<Quadratic> = found
            .draws
            .iter()
            .map(|&d| {
                if d {
                    Quadratic::one()
                } else {
                    Quadratic::zero()
                }
            })
            .collect();
        for &k in found.used.iter().chain(&found.indifferent) {
            banco[k] = Quadratic::zero();
        }
        let mut equilibrium = Equilibrium {
            draw_at_5: found.point.clone(),
            banco,
            free: found.used.clone(),
            vertices: found.vertices.clone(),
            indifferent: found.indifferent.clone(),
            payoffs: std::array::from_fn(|_| [Quadratic::zero(), Quadratic::zero()]),
            certificate: Certificate {
                punto_gain: [Quadratic::zero(), Quadratic::zero()],
                banco_gain: Quadratic::zero(),
            },
        };
        equilibrium.banco = equilibrium.banco_at(0);
        let mut first = true;
        for v in 0..found.vertices.len() {
            let profile = Profile {
                draw_at_5: found.point.clone(),
                banco: equilibrium.banco_at(v),
            };
            let Ok(evaluation) = self.game.evaluate(self.form, &profile) else {
                continue;
            };
            for (range, value) in equilibrium.payoffs.iter_mut().zip(evaluation.payoffs) {
                if first || value < range[0] {
                    range[0] = value.clone();
                }
                if first || value > range[1] {
                    range[1] = value;
                }
            }
            if first || !evaluation.certificate.certified() {
                equilibrium.certificate = evaluation.certificate;
            }
            first = false;
        }
        equilibrium
    }
}

/// One Punto's condition: his margin `constant + Σ coefficients[j]·q_j` is ≤ 0 when he
/// stands, ≥ 0 when he draws, = 0 when he mixes.
struct Constraint {
    kind: Kind,
    constant: Quadratic,
    coefficients: Vec<Quadratic>,
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
fn feasible(constraints: &[Constraint]) -> bool {
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
fn vertices(constraints: &[Constraint], n: usize) -> Vec<Vec<Quadratic>> {
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

pub(super) fn solve(game: &Banque, form: &BanqueForm) -> Solution {
    let setting = Setting::new(game, form);
    let (zero, one) = (BigRational::zero, BigRational::one);
    let mut comps = vec![
        Component::Vertical(zero()),
        Component::Vertical(one()),
        Component::Horizontal(zero()),
        Component::Horizontal(one()),
    ];
    for &k in &setting.crossing {
        for component in components(&setting.margins[k]) {
            if !comps.contains(&component) {
                comps.push(component);
            }
        }
    }
    // The vertices: where two components meet in the square.
    let mut on: Vec<Vec<Point>> = vec![Vec::new(); comps.len()];
    let mut points: Vec<Point> = Vec::new();
    for i in 0..comps.len() {
        let poly = comps[i].poly();
        for j in i + 1..comps.len() {
            if let Meet::Points(meeting) = meet(&poly, &comps[j]) {
                for point in meeting.into_iter().filter(in_square) {
                    on[i].push(point.clone());
                    on[j].push(point.clone());
                    points.push(point);
                }
            }
        }
    }
    points.sort_by(compare);
    points.dedup();
    let mut found = Vec::new();
    let mut unresolved = Vec::new();
    for point in &points {
        setting.record(point, &mut found, &mut unresolved);
    }
    // The arcs between consecutive vertices of each component.
    let mut arcs = 0;
    for (component, mut along) in comps.iter().zip(on) {
        along.sort_by(|a, b| component.param(a).cmp(component.param(b)));
        along.dedup_by(|a, b| component.param(a) == component.param(b));
        for pair in along.windows(2) {
            let bounds = [component.param(&pair[0]), component.param(&pair[1])];
            let Some(t) = Quadratic::rational_between(bounds[0], bounds[1]) else {
                continue;
            };
            let Some(sample) = component.at(&t) else {
                continue;
            };
            if !in_square(&sample) {
                continue;
            }
            arcs += 1;
            setting.arc(component, bounds, &sample, &mut found, &mut unresolved);
        }
    }
    // The faces, slab by slab.
    let mut abscissae: Vec<Quadratic> = points.iter().map(|p| p[0].clone()).collect();
    abscissae.sort();
    abscissae.dedup();
    let mut faces = 0;
    for pair in abscissae.windows(2) {
        if let Some(x) = Quadratic::rational_between(&pair[0], &pair[1]) {
            faces += setting.slab([&pair[0], &pair[1]], &x, &mut found, &mut unresolved);
        }
    }
    found.sort_by(|a, b| compare(&a.point, &b.point));
    found.dedup_by(|a, b| a.point == b.point);
    Solution {
        share: game.share().clone(),
        equilibria: found.iter().map(|f| setting.equilibrium(f)).collect(),
        unresolved,
        cells: [points.len(), arcs, faces],
    }
}
