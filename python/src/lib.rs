//! The native half of the `punto_banco` Python package: the library's commands, one entry
//! each way (a document as JSON text, a batch of shoes as flat arrays), with the GIL released
//! while the engine counts. The Python half (`punto_banco/__init__.py`) turns documents into
//! Python values with exact fractions, and arrays into NumPy arrays.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use punto_banco::analysis::Analysis;
use punto_banco::api::{self, ApiError, Input, Table};
use punto_banco::rules::MainBet;
use punto_banco::shoe::Shoe;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use rayon::prelude::*;

create_exception!(
    punto_banco,
    InputError,
    PyValueError,
    "Input the reference cannot read: the message says what, where and what is accepted."
);

/// An error of the library as the Python exception for bad input.
fn input_error(error: ApiError) -> PyErr {
    InputError::new_err(error.0)
}

/// The rule set a call names: a shipped name, or a text read from `source`.
fn table(name: Option<String>, text: Option<String>) -> PyResult<Option<Table>> {
    match (name, text) {
        (None, None) => Ok(None),
        (Some(name), None) => Table::shipped(&name).map(Some).map_err(input_error),
        (source, Some(text)) => Ok(Some(Table::text(
            source.as_deref().unwrap_or("rules"),
            text,
        ))),
    }
}

/// A call's options, JSON text the Python half wrote.
fn options_of(text: &str) -> PyResult<serde_json::Value> {
    serde_json::from_str(text)
        .map_err(|e| InputError::new_err(format!("the options are not JSON: {e}")))
}

/// Runs a command on its options (a JSON object as text) and returns its document as JSON
/// text, the GIL released while it runs. A command that reads a file reads `input_path`
/// (streamed, in bounded memory) or `input_text`.
#[pyfunction]
#[pyo3(signature = (command, options, rules_name=None, rules_text=None, input_path=None, input_text=None))]
fn call(
    py: Python<'_>,
    command: &str,
    options: &str,
    rules_name: Option<String>,
    rules_text: Option<String>,
    input_path: Option<String>,
    input_text: Option<String>,
) -> PyResult<String> {
    let options = options_of(options)?;
    let table = table(rules_name, rules_text)?;
    let command = command.to_string();
    let document = py
        .detach(move || -> Result<serde_json::Value, ApiError> {
            match (input_path, input_text) {
                (Some(path), _) => {
                    let file = std::fs::File::open(&path)
                        .map_err(|e| ApiError(format!("cannot read {path}: {e}")))?;
                    let mut reader = std::io::BufReader::new(file);
                    let input = Input {
                        name: &path,
                        reader: &mut reader,
                    };
                    api::call_with_input(&command, &options, table.as_ref(), Some(input))
                }
                (None, Some(text)) => {
                    let name = match command.as_str() {
                        "fit" => "the counts",
                        "shuffle-test" | "shuffle_test" => "the shoes",
                        _ => "the log",
                    };
                    let input = Input {
                        name,
                        reader: &mut text.as_bytes(),
                    };
                    api::call_with_input(&command, &options, table.as_ref(), Some(input))
                }
                (None, None) => api::call(&command, &options, table.as_ref()),
            }
        })
        .map_err(input_error)?;
    Ok(serde_json::to_string(&document).expect("a document is plain data"))
}

/// The conformance vectors of a shoe, one JSON line each, handed out one at a time.
#[pyclass]
struct Vectors {
    lines: std::vec::IntoIter<punto_banco::oracle::vectors::Vector>,
}

#[pymethods]
impl Vectors {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>) -> Option<String> {
        slf.lines.next().map(|vector| vector.to_json_line())
    }

    fn __len__(&self) -> usize {
        self.lines.len()
    }
}

/// The conformance vectors of the shoe the options name (a JSON object: `decks`, `ranks`,
/// `card_counts`, `remove`) under a rule set's drawing rules, computed at once (the GIL
/// released) and handed out one at a time.
#[pyfunction]
#[pyo3(signature = (options, rules_name=None, rules_text=None))]
fn vectors(
    py: Python<'_>,
    options: &str,
    rules_name: Option<String>,
    rules_text: Option<String>,
) -> PyResult<Vectors> {
    let options = options_of(options)?;
    let table = table(rules_name, rules_text)?;
    let all = py
        .detach(|| api::vectors(&options, table.as_ref()))
        .map_err(input_error)?;
    Ok(Vectors {
        lines: all.into_iter(),
    })
}

/// The figures of one shoe of a batch.
struct Figures {
    counts: [BigUint; 3],
    total: BigUint,
    probabilities: [f64; 3],
    edges: [f64; 3],
}

/// The nearest double of `n / d`, both exact.
fn ratio(n: &BigUint, d: &BigUint) -> f64 {
    let r = num_rational::BigRational::new(n.clone().into(), d.clone().into());
    r.to_f64().unwrap_or(f64::NAN)
}

/// One row of counts as a shoe: 13 rank counts or 52 card counts.
fn shoe_of(row: &[u64]) -> Result<Shoe, String> {
    let shoe = match row.len() {
        13 => Shoe::from_counts(row.try_into().expect("13 counts")),
        52 => Shoe::from_card_counts(row.try_into().expect("52 counts")),
        n => {
            return Err(format!(
                "a row has 13 rank counts or 52 card counts, not {n}"
            ));
        }
    };
    shoe.map_err(|e| e.to_string())
}

/// Analyses every row of `counts` (`rows` rows of `width` little-endian `u64` counts) on
/// `threads` threads, the GIL released. Returns the three winners' counts and the total as
/// little-endian `u64` bytes where every one fits (else lists of ints), and the
/// probabilities and (with `edges`) the main bets' edges as little-endian `f64` bytes.
#[pyfunction]
#[pyo3(signature = (counts, width, rules_name=None, rules_text=None, threads=0, edges=true))]
fn analyze_batch<'py>(
    py: Python<'py>,
    counts: &[u8],
    width: usize,
    rules_name: Option<String>,
    rules_text: Option<String>,
    threads: usize,
    edges: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if width != 13 && width != 52 {
        return Err(InputError::new_err(format!(
            "counts: give an array of shape (n, 13) rank counts or (n, 52) card counts, not (n, {width})"
        )));
    }
    if counts.len() % (8 * width) != 0 {
        return Err(InputError::new_err("counts: a partial row"));
    }
    let table = api::table_of(table(rules_name, rules_text)?.as_ref()).map_err(input_error)?;
    let values: Vec<u64> = counts
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect();
    let rules = table.rules;
    let figures: Result<Vec<Figures>, String> = py.detach(|| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        pool.install(|| {
            values
                .par_chunks_exact(width)
                .enumerate()
                .map(|(row, counts)| {
                    let at = |e: String| format!("counts: row {row}: {e}");
                    let shoe = shoe_of(counts).map_err(at)?;
                    let analysis = Analysis::new(&shoe, &rules).map_err(|e| at(e.to_string()))?;
                    let [punto, banco, tie] = analysis.winner_counts();
                    let total = analysis.sequences().clone();
                    let probabilities = [
                        ratio(&banco, &total),
                        ratio(&punto, &total),
                        ratio(&tie, &total),
                    ];
                    // The edges only when asked for: each is a division of big integers.
                    let edge = |bet| match edges {
                        true => analysis.edge(bet).to_f64().unwrap_or(f64::NAN),
                        false => f64::NAN,
                    };
                    Ok(Figures {
                        probabilities,
                        edges: [
                            edge(MainBet::Banco),
                            edge(MainBet::Punto),
                            edge(MainBet::Tie),
                        ],
                        counts: [banco, punto, tie],
                        total,
                    })
                })
                .collect()
        })
    });
    let figures = figures.map_err(InputError::new_err)?;
    let out = PyDict::new(py);
    let names = ["banco", "punto", "tie"];
    for (i, name) in names.iter().enumerate() {
        put_counts(
            py,
            &out,
            &format!("{name}_count"),
            figures.iter().map(|f| &f.counts[i]),
        )?;
        put_floats(
            py,
            &out,
            &format!("{name}_probability"),
            figures.iter().map(|f| f.probabilities[i]),
        )?;
        put_floats(
            py,
            &out,
            &format!("{name}_edge"),
            figures.iter().map(|f| f.edges[i]),
        )?;
    }
    put_counts(py, &out, "total", figures.iter().map(|f| &f.total))?;
    Ok(out)
}

/// Counts as `u64` bytes where all fit, else as a list of Python ints.
fn put_counts<'a>(
    py: Python<'_>,
    out: &Bound<'_, PyDict>,
    key: &str,
    counts: impl Iterator<Item = &'a BigUint> + Clone,
) -> PyResult<()> {
    let small: Option<Vec<u64>> = counts.clone().map(|c| c.to_u64()).collect();
    match small {
        Some(small) => {
            let bytes: Vec<u8> = small.iter().flat_map(|c| c.to_le_bytes()).collect();
            out.set_item(key, PyBytes::new(py, &bytes))
        }
        None => {
            let list = PyList::empty(py);
            for count in counts {
                list.append(count.clone())?;
            }
            out.set_item(key, list)
        }
    }
}

/// Doubles as `f64` bytes.
fn put_floats(
    py: Python<'_>,
    out: &Bound<'_, PyDict>,
    key: &str,
    values: impl Iterator<Item = f64>,
) -> PyResult<()> {
    let bytes: Vec<u8> = values.flat_map(|v| v.to_le_bytes()).collect();
    out.set_item(key, PyBytes::new(py, &bytes))
}

/// The native module.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("InputError", module.py().get_type::<InputError>())?;
    module.add_function(wrap_pyfunction!(call, module)?)?;
    module.add_function(wrap_pyfunction!(analyze_batch, module)?)?;
    module.add_function(wrap_pyfunction!(vectors, module)?)?;
    module.add_class::<Vectors>()?;
    module.add("COMMANDS", api::COMMANDS.to_vec())?;
    Ok(())
}
