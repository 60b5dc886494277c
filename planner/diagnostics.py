"""What a parser could not read cleanly, with the line it happened on."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict


class Severity(str, Enum):
    ERROR = "error"  # content could not be read and was left out (its text is quoted)
    WARNING = "warning"  # content was read but guessed at: a placeholder, an assumption
    INFO = "info"  # noise dropped, a fact inferred


class Diagnostic(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    line: int | None
    severity: Severity
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line else self.source
        return f"{where}: {self.severity.value}: {self.message}"


class DiagnosticSink:
    """Collects diagnostics for one source while a parser runs.

    At most `MAX_PER_CODE` diagnostics of one code are kept; the rest are counted and
    told in one more diagnostic of that code.  Junk read with a forced format can
    give a warning per line, and a million of them cost gigabytes and say nothing the
    first hundred do not.
    """

    MAX_PER_CODE = 100

    def __init__(self, source: str) -> None:
        self.source = source
        self._kept: list[Diagnostic] = []
        self._counts: dict[str, int] = {}
        self._first_left_out: dict[str, tuple[Severity, int | None]] = {}

    def add(self, severity: Severity, code: str, message: str, line: int | None = None) -> None:
        n = self._counts.get(code, 0) + 1
        self._counts[code] = n
        if n > self.MAX_PER_CODE:
            self._first_left_out.setdefault(code, (severity, line))
            return
        self._kept.append(
            Diagnostic(source=self.source, line=line, severity=severity, code=code, message=message)
        )

    @property
    def items(self) -> list[Diagnostic]:
        """The diagnostics kept, then one per code that had too many, saying how many more."""
        more = [
            Diagnostic(source=self.source, line=line, severity=severity, code=code,
                       message=f"{self._counts[code] - self.MAX_PER_CODE:,} more like the "
                       f"{self.MAX_PER_CODE} above ({code}) are not listed")
            for code, (severity, line) in self._first_left_out.items()
        ]
        return self._kept + more

    def error(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.ERROR, code, message, line)

    def warning(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.WARNING, code, message, line)

    def info(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.INFO, code, message, line)
