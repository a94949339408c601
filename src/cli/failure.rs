//! Why a command failed, which picks the exit code, and how the failure reads.

/// Why the command failed, which picks the exit code.
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A check found a discrepancy (its report already written): exit code 1.
    Check(String),
    /// The output could not be written: exit code 2.
    Write(std::io::Error),
    /// The reader of the output went away (`| head`): no error, nothing more to say.
    Closed,
}

impl Failure {
    /// A failed write to the output; a closed pipe is no error.
    pub fn write(error: std::io::Error) -> Failure {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Write(error)
        }
    }

    /// The line a terminal shows for this failure (`error: …`), or `None` when there is
    /// nothing to say.
    pub fn message(&self) -> Option<String> {
        match self {
            Failure::Input(message) => Some(format!("error: {message}")),
            Failure::Check(message) => Some(format!("check failed: {message}")),
            Failure::Write(error) => Some(format!("error: cannot write the output: {error}")),
            Failure::Closed => None,
        }
    }

    /// The exit code of this failure: 1 for a failed check, 2 for bad input or output, 0
    /// for a closed output.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Check(_) => 1,
            Failure::Input(_) | Failure::Write(_) => 2,
            Failure::Closed => 0,
        }
    }
}

impl<E: std::error::Error> From<E> for Failure {
    fn from(error: E) -> Failure {
        let mut message = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            message.push_str(&format!(": {cause}"));
            source = cause.source();
        }
        Failure::Input(message)
    }
}
