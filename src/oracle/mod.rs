//! The oracle for other baccarat engines: logs verified coup by coup, exhaustive conformance
//! vectors, and a statistical test of observed frequencies against the exact ones.

pub mod fit;
pub mod vectors;
pub mod verify;

pub(crate) use crate::input::json::{Object, json_error, raw_scalar};
pub use crate::input::lines::{Line, LineReader, MAX_LINE_BYTES};
