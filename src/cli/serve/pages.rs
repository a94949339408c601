//! The pages, compiled into the binary: the server reads no file to serve them.

/// The page at `/`.
pub const INDEX: &str = include_str!("../../../web/static/index.html");
/// Its script, at `/app.js`.
pub const SCRIPT: &str = include_str!("../../../web/static/app.js");
/// Its style sheet, at `/app.css`.
pub const STYLE: &str = include_str!("../../../web/static/app.css");

/// The page served at `path`, with its content type, if there is one.
pub fn page(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" => Some(("text/html; charset=utf-8", INDEX)),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/app.css" => Some(("text/css; charset=utf-8", STYLE)),
        _ => None,
    }
}
