//! The pages, compiled into the binary: the server reads no file to serve them.

/// The page at `/`.
pub const INDEX: &str = include_str!("../../../web/static/index.html");
/// Its scripts, in the order the page loads them (one global scope), each at `/NAME`.
pub const SCRIPTS: [(&str, &str); 6] = [
    ("strings.js", include_str!("../../../web/static/strings.js")),
    ("common.js", include_str!("../../../web/static/common.js")),
    ("session.js", include_str!("../../../web/static/session.js")),
    ("checker.js", include_str!("../../../web/static/checker.js")),
    (
        "designer.js",
        include_str!("../../../web/static/designer.js"),
    ),
    ("app.js", include_str!("../../../web/static/app.js")),
];
/// Its style sheet, at `/app.css`.
pub const STYLE: &str = include_str!("../../../web/static/app.css");

/// The page served at `path`, with its content type, if there is one.
pub fn page(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" => Some(("text/html; charset=utf-8", INDEX)),
        "/app.css" => Some(("text/css; charset=utf-8", STYLE)),
        _ => SCRIPTS
            .iter()
            .find(|(name, _)| path.strip_prefix('/') == Some(name))
            .map(|(_, script)| ("text/javascript; charset=utf-8", *script)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page loads every script, in the order of the list, and nothing else.
    #[test]
    fn the_page_loads_the_scripts_in_order() {
        let loaded: Vec<&str> = INDEX
            .split("<script src=\"/")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let listed: Vec<&str> = SCRIPTS.iter().map(|(name, _)| *name).collect();
        assert_eq!(loaded, listed);
    }
}
