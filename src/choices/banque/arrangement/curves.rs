//! The curves: Banco's margins as polynomials in the square, their components, and where
//! they meet, exactly in quadratic numbers.

use super::Point;
use crate::choices::banque::{Bilinear, Quadratic};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// `c0 + c1·p` in the other Punto's probability, with integer coefficients: every Punto
/// margin is scaled by one positive common denominator, which changes no sign and no zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Linear(pub(super) [BigInt; 2]);

impl Linear {
    pub(super) fn at(&self, p: &Quadratic) -> Quadratic {
        let [c0, c1] = &self.0;
        Quadratic::from(BigRational::from_integer(c0.clone()))
            + &(p * &BigRational::from_integer(c1.clone()))
    }

    pub(super) fn add(&mut self, other: &Linear, sign: bool) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            if sign {
                *a += b;
            } else {
                *a -= b;
            }
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.iter().all(Zero::is_zero)
    }

    /// As a bilinear polynomial of (p₁, p₂), for Punto `i` (whose margin reads the other's p).
    pub(super) fn lift(&self, i: usize) -> Poly {
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
pub(super) struct Poly(pub(super) [BigInt; 4]);

impl Poly {
    /// A rational polynomial scaled to integers by its coefficients' common denominator.
    pub(super) fn of(b: &Bilinear) -> Poly {
        let coefficients = [&b.constant, &b.p1, &b.p2, &b.both];
        let mut scale = BigInt::one();
        for c in coefficients {
            scale = lcm(&scale, c.denom());
        }
        Poly(coefficients.map(|c| c.numer() * (&scale / c.denom())))
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.iter().all(Zero::is_zero)
    }

    pub(super) fn at(&self, point: &Point) -> Quadratic {
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

pub(super) fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    a / gcd(a.clone(), b.clone()) * b
}

/// `one(p₂)·two(p₁) − three(p₂)·four(p₁)`: Punto 1's linear functions read p₂, Punto 2's p₁.
pub(super) fn cross(one: &Linear, two: &Linear, three: &Linear, four: &Linear) -> Poly {
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
pub(super) enum Kind {
    Stands,
    Draws,
    Mixes,
}

pub(super) fn kind(p: &Quadratic) -> Kind {
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
pub(super) enum Component {
    /// p₁ = x.
    Vertical(BigRational),
    /// p₂ = y.
    Horizontal(BigRational),
    /// An irreducible bilinear polynomial's zeros, a graph over p₁ (normalised).
    Graph(Poly),
}

impl Component {
    pub(super) fn poly(&self) -> Poly {
        let zero = BigInt::zero;
        match self {
            Component::Vertical(x) => Poly([-x.numer(), x.denom().clone(), zero(), zero()]),
            Component::Horizontal(y) => Poly([-y.numer(), zero(), y.denom().clone(), zero()]),
            Component::Graph(g) => g.clone(),
        }
    }

    /// The coordinate that runs along the component.
    pub(super) fn param<'p>(&self, point: &'p Point) -> &'p Quadratic {
        match self {
            Component::Vertical(_) => &point[1],
            _ => &point[0],
        }
    }

    /// A point of the component at a rational parameter strictly between `low` and `high`,
    /// if one lies in the square.
    pub(super) fn between(&self, low: &Quadratic, high: &Quadratic) -> Option<Point> {
        let t = Quadratic::rational_between(low, high)?;
        self.at(&t).filter(in_square)
    }

    /// The point of the component at a rational parameter.
    pub(super) fn at(&self, t: &BigRational) -> Option<Point> {
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
pub(super) fn components(poly: &Poly) -> Vec<Component> {
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
pub(super) enum Meet {
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

pub(super) fn meet(poly: &Poly, component: &Component) -> Meet {
    meet_within(poly, component, None)
}

/// Where a polynomial's zeros meet a component, leaving out points whose parameter provably
/// lies outside `range`.
pub(super) fn meet_within(
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

pub(super) fn in_square(point: &Point) -> bool {
    let (zero, one) = (Quadratic::zero(), Quadratic::one());
    point.iter().all(|v| *v >= zero && *v <= one)
}

pub(super) fn compare(a: &Point, b: &Point) -> Ordering {
    a[0].cmp(&b[0]).then_with(|| a[1].cmp(&b[1]))
}
