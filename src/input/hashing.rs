//! A reader that hashes what it hands on: the SHA-256 a lab report quotes of its input, of the
//! bytes exactly as read, in one pass with the reading.

use sha2::{Digest, Sha256};
use std::io::{BufRead, Read};

/// A reader that hashes every byte it hands on, so the checksum is of the input exactly as
/// read, in one pass with the reading, whether it is read by `read` or by `fill_buf` and
/// `consume`.
///
/// ```
/// use punto_banco::input::hashing::Hashing;
/// use std::io::Read;
///
/// let mut reader = Hashing::new(&b"abc"[..]);
/// let mut text = String::new();
/// reader.read_to_string(&mut text)?;
/// // FIPS 180-2, appendix B.1: SHA-256("abc").
/// assert_eq!(
///     reader.hex_digest(),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Hashing<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: BufRead> Hashing<R> {
    /// Hashes what is read from `inner`.
    pub fn new(inner: R) -> Hashing<R> {
        Hashing {
            inner,
            hasher: Sha256::new(),
        }
    }

    /// The SHA-256 of every byte read so far, as 64 lowercase hexadecimal digits; the hash
    /// starts again from nothing after it.
    pub fn hex_digest(&mut self) -> String {
        std::mem::take(&mut self.hasher)
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

impl<R: BufRead> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Hashing<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The bytes consumed are the front of the buffer just filled.
        if amount > 0
            && let Ok(buffer) = self.inner.fill_buf()
        {
            self.hasher.update(&buffer[..amount.min(buffer.len())]);
        }
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_of_every_byte_read_however_it_is_read() {
        let text = b"{\"cards\": []}\nsecond line\n";
        let mut reader = Hashing::new(&text[..]);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).unwrap();
        // SHA-256 of the same bytes, by sha2 in one call.
        let whole: String = Sha256::digest(text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(reader.hex_digest(), whole);
        // Read in small pieces through a small buffer: the same digest.
        let mut reader = Hashing::new(std::io::BufReader::with_capacity(3, &text[..]));
        let mut byte = [0u8; 2];
        while reader.read(&mut byte).unwrap() > 0 {}
        assert_eq!(reader.hex_digest(), whole);
    }
}
