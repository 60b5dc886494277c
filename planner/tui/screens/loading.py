"""Shown while a large schedule is read, so the terminal answers at once."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Header, LoadingIndicator, Static


class LoadingScreen(Screen):
    def __init__(self, what: str) -> None:
        super().__init__(id="loading")
        self.what = what

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"Reading {self.what}…", id="loading-text")
        yield LoadingIndicator(id="loading-dots")
