"""The terminal UI (Textual).  Only `planner tui` imports this package."""

from .app import PlannerApp, make_app

__all__ = ["PlannerApp", "make_app"]
