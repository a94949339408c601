//! Writing what a command prints: to the checked output, or to a file replaced whole.

use super::failure::Failure;
use std::io::Write;
use std::path::Path;

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

/// Replaces `path` whole with `contents`: written to a uniquely named temporary created in
/// the target's folder, then renamed over it, so that a failure never leaves a half-written
/// file and the temporary is removed on every error path. A target that exists must be a
/// regular file (never a folder, a link, a pipe or a device); it keeps its permissions.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), Failure> {
    let failed =
        |e: std::io::Error| Failure::Input(format!("cannot write {}: {e}", path.display()));
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
    let mut temporary = builder.tempfile_in(folder).map_err(|e| {
        failed(e.raw_os_error().map_or_else(
            || std::io::Error::from(e.kind()),
            std::io::Error::from_raw_os_error,
        ))
    })?;
    temporary.write_all(contents).map_err(failed)?;
    temporary.as_file().sync_all().map_err(failed)?;
    if let Some(permissions) = permissions {
        temporary
            .as_file()
            .set_permissions(permissions)
            .map_err(failed)?;
    }
    temporary.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

/// Writes a line to standard error; a standard error that cannot be written is no panic.
pub fn say_error(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
