//! Writing what a command prints: to the checked output, or to a file replaced whole.

use super::failure::Failure;
use super::message::one_line;
use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

thread_local! {
    /// The width of the terminal the running command writes to; `None` when its output is a
    /// pipe, a file or a buffer (the docs runner's, the tests'), which is the default.
    static TERMINAL: Cell<Option<usize>> = const { Cell::new(None) };
}

/// The terminal's width when standard output is one: `COLUMNS` when it holds a positive
/// whole number, else 80; `None` when standard output is a pipe or a file.
pub fn terminal_width() -> Option<usize> {
    std::io::stdout()
        .is_terminal()
        .then(|| columns(std::env::var("COLUMNS").ok().as_deref()))
}

/// A `COLUMNS` value as a width: a positive whole number, else 80.
fn columns(value: Option<&str>) -> usize {
    value
        .and_then(|v| v.trim().parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(80)
}

/// Runs `command` writing to a terminal of `width` columns (`None`: not a terminal), so that
/// [`width`] finds it. `main` runs the command it writes to standard output this way, with
/// [`terminal_width`]; the docs runner, which writes each example to a buffer, runs it with
/// `None`, so that a regeneration started from a terminal is not fitted to it.
pub fn on_terminal<T>(width: Option<usize>, command: impl FnOnce() -> T) -> T {
    let outer = TERMINAL.replace(width);
    let result = command();
    TERMINAL.set(outer);
    result
}

/// The width a command's text tables fit: the one asked for (`--width`), else the terminal's
/// (see [`on_terminal`]), else none: a pipe, a file or a test gets the tables unchanged.
pub fn width(asked: Option<usize>) -> Option<usize> {
    asked.or_else(|| TERMINAL.get())
}

/// Writes text to the command's output.
pub fn put(out: &mut dyn Write, text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes()).map_err(Failure::write)
}

/// Writes `contents` to the file `path` when one is given (replaced whole), else to `out`.
pub fn put_or_write(
    out: &mut dyn Write,
    path: Option<&Path>,
    contents: &str,
) -> Result<(), Failure> {
    match path {
        Some(path) => write_atomically(path, contents.as_bytes()),
        None => put(out, contents),
    }
}

/// Replaces `path` whole with `contents` (see [`Replacement`]).
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), Failure> {
    let mut file = Replacement::create(path)?;
    file.write_bytes(contents)?;
    file.commit()
}

/// A file replaced whole: what is written goes to a uniquely named temporary created in the
/// target's folder, which [`Replacement::commit`] renames over the target, so that a failure
/// never leaves a half-written file, and a replacement dropped before its commit (an error
/// on the way) removes the temporary. Written as it is made, the output need not be held in
/// memory. A target that exists must be a regular file (never a folder, a link, a pipe or a
/// device); it keeps its permissions.
pub struct Replacement {
    path: PathBuf,
    temporary: std::io::BufWriter<tempfile::NamedTempFile>,
    permissions: Option<std::fs::Permissions>,
}

impl Replacement {
    /// Starts replacing `path`: checks the target and creates the temporary beside it.
    pub fn create(path: &Path) -> Result<Replacement, Failure> {
        let failed = |e: std::io::Error| cannot_write(path, e);
        let permissions = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_file() => Some(meta.permissions()),
            Ok(_) => {
                return Err(Failure::Input(format!(
                    "cannot write {}: it exists and is not a regular file (a folder, a link, a pipe or a device)",
                    path.display()
                )));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(failed(e)),
        };
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".punto-banco-").suffix(".tmp");
        #[cfg(unix)]
        {
            // A new file gets the usual mode (what the umask leaves of rw-rw-rw-), not 0600.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // The temporary's own name is no help to the user: the error names the target.
        if !folder.is_dir() {
            return Err(Failure::Input(format!(
                "cannot write {}: the folder {} does not exist",
                path.display(),
                folder.display()
            )));
        }
        let temporary = builder.tempfile_in(folder).map_err(|e| {
            failed(e.raw_os_error().map_or_else(
                || std::io::Error::from(e.kind()),
                std::io::Error::from_raw_os_error,
            ))
        })?;
        Ok(Replacement {
            path: path.to_path_buf(),
            temporary: std::io::BufWriter::with_capacity(1 << 16, temporary),
            permissions,
        })
    }

    /// Writes the next bytes of the file.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.temporary
            .write_all(bytes)
            .map_err(|e| cannot_write(&self.path, e))
    }

    /// Writes everything to disk and puts the file in the target's place.
    pub fn commit(self) -> Result<(), Failure> {
        let path = self.path;
        let failed = |e: std::io::Error| cannot_write(&path, e);
        let temporary = self
            .temporary
            .into_inner()
            .map_err(|e| failed(e.into_error()))?;
        temporary.as_file().sync_all().map_err(failed)?;
        if let Some(permissions) = self.permissions {
            temporary
                .as_file()
                .set_permissions(permissions)
                .map_err(failed)?;
        }
        temporary.persist(&path).map_err(|e| failed(e.error))?;
        Ok(())
    }
}

/// The failure to write the file `path`.
fn cannot_write(path: &Path, error: std::io::Error) -> Failure {
    Failure::Input(format!("cannot write {}: {error}", path.display()))
}

/// Writes a message to standard error on one line, its control characters escaped (see
/// [`one_line`]) whatever value it echoes; a standard error that cannot be written is no
/// panic.
pub fn say_error(text: &str) {
    say_lines(&one_line(text));
}

/// Writes text to standard error as it is, over as many lines as it holds (the help that
/// answers a command given without its subcommand).
pub fn say_lines(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_falls_back_to_80() {
        assert_eq!(columns(Some("120")), 120);
        assert_eq!(columns(Some(" 100 ")), 100);
        for bad in [None, Some(""), Some("0"), Some("wide"), Some("-5")] {
            assert_eq!(columns(bad), 80, "{bad:?}");
        }
    }

    #[test]
    fn the_asked_width_wins_and_the_terminal_is_scoped() {
        assert_eq!(width(None), None);
        assert_eq!(width(Some(100)), Some(100));
        on_terminal(Some(90), || {
            assert_eq!(width(None), Some(90));
            assert_eq!(width(Some(100)), Some(100));
            on_terminal(None, || assert_eq!(width(None), None));
            assert_eq!(width(None), Some(90));
        });
        assert_eq!(width(None), None);
    }
}
