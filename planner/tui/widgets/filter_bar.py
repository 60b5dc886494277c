"""One line under the search box saying which filter is active and how many talks it
leaves; hidden while no filter is."""

from __future__ import annotations

from textual.widgets import Static


class FilterBar(Static):
    def show(self, phrases: list[str], kept: int | None = None) -> None:
        if not phrases:
            self.remove_class("-active")
            self.update("")
            return
        count = f" · {kept} talk{'s' if kept != 1 else ''}" if kept is not None else ""
        self.update(f"Filter: {', '.join(phrases)}{count}   (f change · F clear)")
        self.add_class("-active")
