"""The one error type the core raises for bad input, and the CLI's exit codes.

A `PlannerError` carries one plain sentence meant for the user.  The CLI prints it
on stderr and exits with `EXIT_ERROR`; the TUI shows it.  Anything else escaping the
core is a bug, not bad input.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_ERROR = 1  # bad input: unreadable file, unknown day or zone, unknown id ...
EXIT_USAGE = 2  # click's own code for a malformed command line
EXIT_AMBIGUOUS = 3  # a query matched several talks where one was needed


class PlannerError(Exception):
    """Bad input described in one sentence the user can act on."""

    exit_code = EXIT_ERROR

    def __init__(self, message: str, *, cli_advice: str = "") -> None:
        """`cli_advice`: what to do about it on the command line (an option to pass),
        added to the CLI's sentence; the TUI shows `fact` and says it in its own words."""
        self.fact = message
        if cli_advice:
            message = f"{message.rstrip('.')}; {cli_advice}."
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class AmbiguousError(PlannerError):
    exit_code = EXIT_AMBIGUOUS
