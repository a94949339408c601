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

mod curves;
mod program;

use super::{
    Banque, BanqueForm, Certificate, Equilibrium, Profile, Quadratic, Solution, Unresolved,
    UnresolvedReason,
};
use crate::progress::{Progress, Stage};
use curves::{
    Component, Linear, Meet, Poly, compare, components, cross, in_square, kind, lcm, meet,
    meet_within,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use program::{Constraint, feasible, vertices};

type Point = [Quadratic; 2];

/// The most of Banco's free sets a linear program or an arc examines.
const MAX_FREE: usize = 10;

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

    /// The free sets of `free` that move a Punto's margin (his slope on the set is not zero).
    fn used(&self, free: &[usize]) -> Vec<usize> {
        free.iter()
            .copied()
            .filter(|&k| (0..2).any(|i| !self.slope_set[i][k].is_zero()))
            .collect()
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
        let used = self.used(&state.free);
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
        let used = self.used(&state.free);
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
            let Some(point) = component.between(pair[0], pair[1]) else {
                continue;
            };
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

/// Every equilibrium of the game, cell by cell of the arrangement of its margins' zero
/// curves, telling `progress` of each cell decided ([`Stage::Cells`]: each vertex, each
/// stretch of a curve between two vertices, each slab between two abscissae), announced once
/// the vertices are known. The caller finishes `progress`.
pub(super) fn solve(game: &Banque, form: &BanqueForm, progress: &dyn Progress) -> Solution {
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
    // Each component's vertices in order along it, and the abscissae of the slabs: the cells
    // to decide are known before any is.
    for (component, along) in comps.iter().zip(&mut on) {
        along.sort_by(|a, b| component.param(a).cmp(component.param(b)));
        along.dedup_by(|a, b| component.param(a) == component.param(b));
    }
    let mut abscissae: Vec<Quadratic> = points.iter().map(|p| p[0].clone()).collect();
    abscissae.sort();
    abscissae.dedup();
    let stretches: usize = on.iter().map(|along| along.len().saturating_sub(1)).sum();
    let slabs = abscissae.len().saturating_sub(1);
    progress.start(Stage::Cells, (points.len() + stretches + slabs) as u64);
    let mut found = Vec::new();
    let mut unresolved = Vec::new();
    for point in &points {
        setting.record(point, &mut found, &mut unresolved);
        progress.advance(1);
    }
    // The arcs between consecutive vertices of each component.
    let mut arcs = 0;
    for (component, along) in comps.iter().zip(&on) {
        for pair in along.windows(2) {
            let bounds = [component.param(&pair[0]), component.param(&pair[1])];
            if let Some(sample) = component.between(bounds[0], bounds[1]) {
                arcs += 1;
                setting.arc(component, bounds, &sample, &mut found, &mut unresolved);
            }
            progress.advance(1);
        }
    }
    // The faces, slab by slab.
    let mut faces = 0;
    for pair in abscissae.windows(2) {
        if let Some(x) = Quadratic::rational_between(&pair[0], &pair[1]) {
            faces += setting.slab([&pair[0], &pair[1]], &x, &mut found, &mut unresolved);
        }
        progress.advance(1);
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
