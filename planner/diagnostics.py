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
    """Collects diagnostics for one source while a parser runs."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[Diagnostic] = []

    def add(self, severity: Severity, code: str, message: str, line: int | None = None) -> None:
        self.items.append(
            Diagnostic(source=self.source, line=line, severity=severity, code=code, message=message)
        )

    def error(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.ERROR, code, message, line)

    def warning(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.WARNING, code, message, line)

    def info(self, code: str, message: str, line: int | None = None) -> None:
        self.add(Severity.INFO, code, message, line)
