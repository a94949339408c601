//! What the lab's commands (`shuffle-test`, `audit`) share: the input hashed as it is read,
//! the command line their reports quote, and the date they carry only when asked.

use super::failure::Failure;
use clap::Args;
use punto_banco::lab::{Date, Provenance};
use std::ffi::OsString;
use std::time::{SystemTime, UNIX_EPOCH};

/// The flag that dates a lab report.
#[derive(Args)]
pub(super) struct DateArgs {
    /// Date the report (UTC): the day SOURCE_DATE_EPOCH names when it is set, else today.
    /// Without it, and without SOURCE_DATE_EPOCH, the report carries no date: the same input
    /// and command give the same bytes.
    #[arg(long, requires = "file")]
    date: bool,
}

impl DateArgs {
    /// The provenance of a report of input of this SHA-256, made by this command, dated when
    /// `--date` or SOURCE_DATE_EPOCH asks for it.
    pub(super) fn provenance(&self, sha256: String) -> Result<Provenance, Failure> {
        let provenance = Provenance::new(sha256, command_line());
        let date = report_date(
            self.date,
            std::env::var_os("SOURCE_DATE_EPOCH"),
            SystemTime::now(),
        )?;
        Ok(match date {
            Some(date) => provenance.dated(date),
            None => provenance,
        })
    }
}

/// The date a report carries: none unless `asked` or SOURCE_DATE_EPOCH is set (and not
/// empty); then the day SOURCE_DATE_EPOCH names (the reproducible-builds convention: seconds
/// since 1970-01-01 00:00:00 UTC), else the day `now` falls in. A malformed SOURCE_DATE_EPOCH
/// is an error, as the convention asks.
fn report_date(
    asked: bool,
    epoch: Option<OsString>,
    now: SystemTime,
) -> Result<Option<Date>, Failure> {
    let epoch = epoch.filter(|e| !e.is_empty());
    if let Some(value) = epoch {
        let text = value.to_string_lossy();
        let date = text
            .parse::<u64>()
            .ok()
            .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
            .and_then(Date::from_unix_seconds);
        return match date {
            Some(date) => Ok(Some(date)),
            None => Err(Failure::Input(format!(
                "SOURCE_DATE_EPOCH `{}`: expected a whole number of seconds since 1970-01-01 00:00:00 UTC, at most {} (9999-12-31)",
                text.escape_debug(),
                Date::MAX_UNIX_SECONDS
            ))),
        };
    }
    if !asked {
        return Ok(None);
    }
    let seconds = now
        .duration_since(UNIX_EPOCH)
        .map_err(|_| Failure::Input("--date: the system clock is before 1970".into()))?
        .as_secs();
    Date::from_unix_seconds(seconds)
        .map(Some)
        .ok_or_else(|| Failure::Input("--date: the system clock is past the year 9999".into()))
}

/// The command that made the report, as a user types it: the program's name whatever path
/// ran it, then every argument as given (an argument that is not UTF-8 shown with U+FFFD,
/// never a panic).
pub(super) fn command_line() -> Vec<String> {
    std::iter::once("punto-banco".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_dated_only_when_asked() {
        let now = UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        let date = |asked: bool, epoch: Option<&str>| {
            report_date(asked, epoch.map(OsString::from), now)
                .map(|d| d.map(|d| d.to_string()))
                .map_err(|f| f.message())
        };
        assert_eq!(date(false, None), Ok(None));
        assert_eq!(date(false, Some("")), Ok(None));
        assert_eq!(date(true, None), Ok(Some("2001-09-09".into())));
        // SOURCE_DATE_EPOCH dates the report, asked or not, whatever the clock says.
        assert_eq!(date(false, Some("0")), Ok(Some("1970-01-01".into())));
        assert_eq!(date(true, Some("86400")), Ok(Some("1970-01-02".into())));
        for bad in [
            "-1",
            "+5",
            "1.5",
            "abc",
            "253402300800",
            "99999999999999999999",
        ] {
            let error = date(false, Some(bad)).unwrap_err().unwrap();
            assert!(
                error.contains("SOURCE_DATE_EPOCH") && error.contains("expected a whole number"),
                "{bad}: {error}"
            );
        }
        let error = date(true, Some("1\n2")).unwrap_err().unwrap();
        assert!(!error.contains('\n'), "{error}");
    }
}
