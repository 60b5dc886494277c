"""One line under the search box saying which filter is active and how many talks it
leaves; hidden while no filter is."""

from __future__ import annotations

from textual.widgets import Static


class FilterBar(Static):
    def show(self, phrases: list[str], kept: int | None = None, filtered: bool = True) -> None:
        """`phrases`: the search and the filter's parts; `filtered`: a filter is on."""
        if not phrases:
            self.remove_class("-active")
            self.update("")
            return
        count = f" · {kept} talk{'s' if kept != 1 else ''}" if kept is not None else ""
        keys = "f change · F clear" if filtered else "esc clears · f filter"
        self.update(f"Showing {', '.join(phrases)}{count}   ({keys})")
        self.add_class("-active")
