//! Exact numbers of the form a + b√d: the equilibria of Baccarat Banque where two of Banco's
//! indifference curves cross lie in a quadratic field, not in the rationals.

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// An exact real number `rational + surd·√radicand`, with rational parts and a positive
/// integer radicand that is not a perfect square (the radicand is 1 when the number is
/// rational, and then `surd` is 0).
///
/// Arithmetic between two numbers is exact when they lie in the same field (one of them
/// rational, or both with the same radicand), which is the case for every quantity the
/// solver computes at one point; comparison is exact between any two.
///
/// ```
/// use num_rational::BigRational;
/// use punto_banco::choices::banque::Quadratic;
/// let two = BigRational::from_integer(2.into());
/// let root = Quadratic::sqrt(&two).unwrap();
/// assert_eq!(root.to_string(), "√2");
/// assert_eq!(&root * &root, Quadratic::from(two));
/// assert!(root > Quadratic::from(BigRational::new(141.into(), 100.into())));
/// ```
#[derive(Clone, Debug)]
pub struct Quadratic {
    rational: BigRational,
    surd: BigRational,
    radicand: BigInt,
}

impl From<BigRational> for Quadratic {
    fn from(rational: BigRational) -> Quadratic {
        Quadratic {
            rational,
            surd: BigRational::zero(),
            radicand: BigInt::one(),
        }
    }
}

impl From<&BigRational> for Quadratic {
    fn from(rational: &BigRational) -> Quadratic {
        Quadratic::from(rational.clone())
    }
}

/// The numbers whose squares are taken out of a radicand when it is written.
const SQUARE_FACTORS: u32 = 1000;

impl Quadratic {
    /// Zero.
    pub fn zero() -> Quadratic {
        Quadratic::from(BigRational::zero())
    }

    /// One.
    pub fn one() -> Quadratic {
        Quadratic::from(BigRational::one())
    }

    /// `a + b√d`, rational when `d` is a perfect square (`None` when `d` is negative).
    pub fn new(a: BigRational, b: BigRational, d: BigInt) -> Option<Quadratic> {
        let root = Quadratic::sqrt(&BigRational::from_integer(d))?;
        Some(Quadratic::from(a) + &root * &Quadratic::from(b))
    }

    /// The square root of a non-negative rational (`None` for a negative one).
    pub fn sqrt(value: &BigRational) -> Option<Quadratic> {
        if value.is_negative() {
            return None;
        }
        // √(n/m) = √(n·m)/m.
        let radicand = value.numer() * value.denom();
        let root = radicand.sqrt();
        if &root * &root == radicand {
            return Some(Quadratic::from(BigRational::new(
                root,
                value.denom().clone(),
            )));
        }
        Some(Quadratic {
            rational: BigRational::zero(),
            surd: BigRational::new(BigInt::one(), value.denom().clone()),
            radicand,
        })
    }

    /// The rational part a.
    pub fn rational_part(&self) -> &BigRational {
        &self.rational
    }

    /// The coefficient b of the square root.
    pub fn surd_part(&self) -> &BigRational {
        &self.surd
    }

    /// The radicand d (1 for a rational number).
    pub fn radicand(&self) -> &BigInt {
        &self.radicand
    }

    /// The number as a rational, when it is one.
    pub fn to_rational(&self) -> Option<BigRational> {
        self.surd.is_zero().then(|| self.rational.clone())
    }

    /// Whether the number is rational.
    pub fn is_rational(&self) -> bool {
        self.surd.is_zero()
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.rational.is_zero() && self.surd.is_zero()
    }

    /// −1, 0 or +1, exactly.
    pub fn signum(&self) -> i8 {
        sign_of(&self.rational, &self.surd, &self.radicand)
    }

    /// The nearest `f64`, for printing.
    pub fn approx(&self) -> f64 {
        let ratio = |r: &BigRational| -> f64 {
            use num_traits::ToPrimitive;
            r.to_f64().unwrap_or(f64::NAN)
        };
        let root = {
            use num_traits::ToPrimitive;
            self.radicand.to_f64().unwrap_or(f64::NAN).sqrt()
        };
        ratio(&self.rational) + ratio(&self.surd) * root
    }

    /// The radicand of a result combining `self` and `other`: the irrational one's.
    fn field(&self, other: &Quadratic) -> BigInt {
        if self.surd.is_zero() {
            other.radicand.clone()
        } else {
            debug_assert!(other.surd.is_zero() || other.radicand == self.radicand);
            self.radicand.clone()
        }
    }

    fn make(rational: BigRational, surd: BigRational, radicand: BigInt) -> Quadratic {
        if surd.is_zero() {
            Quadratic::from(rational)
        } else {
            Quadratic {
                rational,
                surd,
                radicand,
            }
        }
    }

    /// The inverse, `None` for zero.
    pub fn inverse(&self) -> Option<Quadratic> {
        // 1/(a + b√d) = (a − b√d)/(a² − b²d); the norm is not zero for a non-zero number,
        // d not being a square.
        let norm = &self.rational * &self.rational
            - &self.surd * &self.surd * BigRational::from_integer(self.radicand.clone());
        if norm.is_zero() {
            return None;
        }
        Some(Quadratic::make(
            &self.rational / &norm,
            -&self.surd / &norm,
            self.radicand.clone(),
        ))
    }

    /// `self / other`, `None` when `other` is zero.
    pub fn checked_div(&self, other: &Quadratic) -> Option<Quadratic> {
        Some(self * &other.inverse()?)
    }

    /// Rational bounds `low ≤ self ≤ high` no further apart than 2⁻ᵏ.
    pub fn enclose(&self, k: u32) -> (BigRational, BigRational) {
        if self.surd.is_zero() {
            return (self.rational.clone(), self.rational.clone());
        }
        // √d lies in [r/2ᵐ, (r+1)/2ᵐ] with r = ⌊√(d·4ᵐ)⌋; b√d then within |b|/2ᵐ.
        let mut m = k;
        loop {
            let scale = BigInt::one() << m;
            let width = self.surd.abs() / BigRational::from_integer(scale.clone());
            let target = BigRational::new(BigInt::one(), BigInt::one() << k);
            if width <= target {
                let r = (&self.radicand * &scale * &scale).sqrt();
                let low = BigRational::new(r.clone(), scale.clone());
                let high = BigRational::new(r + 1, scale);
                let (a, b) = (&self.surd * &low, &self.surd * &high);
                let (low, high) = if a <= b { (a, b) } else { (b, a) };
                return (&self.rational + low, &self.rational + high);
            }
            m += 8;
        }
    }

    /// A rational strictly between `low` and `high` (`None` unless `low < high`).
    pub fn rational_between(low: &Quadratic, high: &Quadratic) -> Option<BigRational> {
        if low >= high {
            return None;
        }
        let mut k = 16;
        loop {
            let (_, low_up) = low.enclose(k);
            let (high_down, _) = high.enclose(k);
            if low_up < high_down {
                let two = BigRational::from_integer(2.into());
                return Some((low_up + high_down) / two);
            }
            k += 16;
        }
    }

    /// The number as people write it: `3/4`, `√2`, `(−334541 + √130697448841)/122288`,
    /// with `minus` as the minus sign and `root` before the radicand.
    pub fn written(&self, minus: &str, root: &str) -> String {
        let sign = |n: &BigInt| if n.is_negative() { minus } else { "" };
        if self.surd.is_zero() {
            let r = &self.rational;
            return if r.denom().is_one() {
                format!("{}{}", sign(r.numer()), r.numer().abs())
            } else {
                format!("{}{}/{}", sign(r.numer()), r.numer().abs(), r.denom())
            };
        }
        // Small square factors come out of the radicand: b√(s²·d) = (b·s)√d.
        let mut radicand = self.radicand.clone();
        let mut outside = BigInt::one();
        for p in 2..SQUARE_FACTORS {
            let square = BigInt::from(p * p);
            while (&radicand % &square).is_zero() {
                radicand /= &square;
                outside *= p;
            }
        }
        let surd_part = &self.surd * BigRational::from_integer(outside);
        // (u + v√d)/w over the least common denominator.
        let (da, db) = (self.rational.denom(), surd_part.denom());
        let w = da / gcd(da.clone(), db.clone()) * db;
        let u = self.rational.numer() * (&w / da);
        let v = surd_part.numer() * (&w / db);
        let surd = if v.abs().is_one() {
            format!("{root}{radicand}")
        } else {
            format!("{}{root}{radicand}", v.abs())
        };
        let body = if u.is_zero() {
            format!("{}{surd}", sign(&v))
        } else {
            let op = if v.is_negative() {
                format!(" {minus} ")
            } else {
                " + ".to_string()
            };
            format!("{}{}{op}{surd}", sign(&u), u.abs())
        };
        if w.is_one() {
            body
        } else {
            format!("({body})/{w}")
        }
    }
}

impl fmt::Display for Quadratic {
    /// `n/d` for a rational, `(u + v√d)/w` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written("-", "√"))
    }
}

/// The greatest common divisor of two positive integers.
fn gcd(mut a: BigInt, mut b: BigInt) -> BigInt {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

fn sign(x: &BigRational) -> i8 {
    match x.numer().sign() {
        Sign::Minus => -1,
        Sign::NoSign => 0,
        Sign::Plus => 1,
    }
}

/// The sign of `a + b√d`, exactly: when a and b√d differ in sign, the larger square wins.
fn sign_of(a: &BigRational, b: &BigRational, d: &BigInt) -> i8 {
    let (sa, sb) = (sign(a), sign(b));
    if sb == 0 || sa == sb {
        return if sa == 0 { sb } else { sa };
    }
    if sa == 0 {
        return sb;
    }
    let difference = a * a - b * b * BigRational::from_integer(d.clone());
    match sign(&difference) {
        1 => sa,
        -1 => sb,
        _ => 0,
    }
}

impl Ord for Quadratic {
    fn cmp(&self, other: &Quadratic) -> Ordering {
        let s = if self.surd.is_zero() || other.surd.is_zero() || self.radicand == other.radicand {
            (self - other).signum()
        } else {
            // u + b√d − e√f with different radicands: compare u with s = b√d − e√f.
            let u = &self.rational - &other.rational;
            let (b, e) = (&self.surd, &other.surd);
            let (d, f) = (&self.radicand, &other.radicand);
            let bd = b * b * BigRational::from_integer(d.clone());
            let ef = e * e * BigRational::from_integer(f.clone());
            // The sign of s: b√d against e√f.
            let s_sign = match (sign(b), sign(e)) {
                (x, y) if x != y => x,
                (x, _) => match bd.cmp(&ef) {
                    Ordering::Greater => x,
                    Ordering::Less => -x,
                    Ordering::Equal => 0,
                },
            };
            let su = sign(&u);
            if s_sign == 0 || su == s_sign {
                if su == 0 { s_sign } else { su }
            } else if su == 0 {
                s_sign
            } else {
                // u² − s² = u² − b²d − e²f + 2be√(df).
                let rest = &u * &u - &bd - &ef;
                let cross = BigRational::from_integer(2.into()) * b * e;
                match sign_of(&rest, &cross, &(d * f)) {
                    1 => su,
                    -1 => s_sign,
                    _ => 0,
                }
            }
        };
        s.cmp(&0)
    }
}

impl PartialEq for Quadratic {
    /// Equal values, however their radicands are written.
    fn eq(&self, other: &Quadratic) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Quadratic {}

impl PartialOrd for Quadratic {
    fn partial_cmp(&self, other: &Quadratic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add<&Quadratic> for &Quadratic {
    type Output = Quadratic;
    fn add(self, other: &Quadratic) -> Quadratic {
        let d = self.field(other);
        Quadratic::make(
            &self.rational + &other.rational,
            &self.surd + &other.surd,
            d,
        )
    }
}

impl std::ops::Add<&Quadratic> for Quadratic {
    type Output = Quadratic;
    fn add(self, other: &Quadratic) -> Quadratic {
        &self + other
    }
}

impl std::ops::Add for Quadratic {
    type Output = Quadratic;
    fn add(self, other: Quadratic) -> Quadratic {
        &self + &other
    }
}

impl std::ops::Sub<&Quadratic> for &Quadratic {
    type Output = Quadratic;
    fn sub(self, other: &Quadratic) -> Quadratic {
        let d = self.field(other);
        Quadratic::make(
            &self.rational - &other.rational,
            &self.surd - &other.surd,
            d,
        )
    }
}

impl std::ops::Sub for Quadratic {
    type Output = Quadratic;
    fn sub(self, other: Quadratic) -> Quadratic {
        &self - &other
    }
}

impl std::ops::Mul<&Quadratic> for &Quadratic {
    type Output = Quadratic;
    fn mul(self, other: &Quadratic) -> Quadratic {
        let d = self.field(other);
        let dd = BigRational::from_integer(d.clone());
        Quadratic::make(
            &self.rational * &other.rational + &self.surd * &other.surd * dd,
            &self.rational * &other.surd + &self.surd * &other.rational,
            d,
        )
    }
}

impl std::ops::Mul for Quadratic {
    type Output = Quadratic;
    fn mul(self, other: Quadratic) -> Quadratic {
        &self * &other
    }
}

impl std::ops::Mul<&BigRational> for &Quadratic {
    type Output = Quadratic;
    fn mul(self, other: &BigRational) -> Quadratic {
        Quadratic::make(
            &self.rational * other,
            &self.surd * other,
            self.radicand.clone(),
        )
    }
}

impl std::ops::Neg for &Quadratic {
    type Output = Quadratic;
    fn neg(self) -> Quadratic {
        Quadratic::make(-&self.rational, -&self.surd, self.radicand.clone())
    }
}

impl std::ops::Neg for Quadratic {
    type Output = Quadratic;
    fn neg(self) -> Quadratic {
        -&self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64, d: i64) -> Quadratic {
        Quadratic::new(
            BigRational::from_integer(a.into()),
            BigRational::from_integer(b.into()),
            d.into(),
        )
        .unwrap()
    }

    #[test]
    fn comparisons_across_fields_are_exact() {
        // √2 + √3 ≈ 3.146 against π's neighbours, and 1 + √2 against √(3 + 2√2)'s value.
        let (r2, r3) = (q(0, 1, 2), q(0, 1, 3));
        assert!(r2 < r3);
        assert!(q(3, 0, 1) < q(0, 2, 3)); // 3 < 2√3
        assert!(q(1, 1, 2) > q(0, 1, 5)); // 2.414 > 2.236
        assert!(q(5, -2, 6) < q(0, 1, 1)); // 0.101 < 1
        assert_eq!(q(0, 2, 2).cmp(&q(0, 1, 8)), Ordering::Equal);
        assert_eq!(q(1, 1, 4), q(3, 0, 1));
    }

    #[test]
    fn field_arithmetic_and_bounds() {
        let x = q(1, 1, 2);
        let inverse = x.inverse().unwrap();
        assert_eq!(&x * &inverse, Quadratic::one());
        let (low, high) = x.enclose(40);
        assert!(Quadratic::from(&low) <= x && x <= Quadratic::from(&high));
        let between = Quadratic::rational_between(&q(0, 1, 2), &q(0, 1, 3)).unwrap();
        assert!(q(0, 1, 2) < Quadratic::from(&between) && Quadratic::from(&between) < q(0, 1, 3));
        assert_eq!(q(0, 1, 12).to_string(), "2√3");
        assert_eq!(q(-3, 1, 7).to_string(), "-3 + √7");
        assert_eq!(
            Quadratic::new(
                BigRational::new((-1).into(), 2.into()),
                BigRational::new(1.into(), 4.into()),
                7.into()
            )
            .unwrap()
            .to_string(),
            "(-2 + √7)/4"
        );
    }
}
