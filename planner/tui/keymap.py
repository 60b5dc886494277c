"""Every key binding of the TUI, as plain data.

Each entry has a stable id (so a user keymap can remap it with `App.set_keymap`), the
action it runs, a short description for the footer and a sentence for the help
screen and the command palette.  Widgets and screens turn their tuple into
textual bindings with `bindings(...)`; the help screen reads the live bindings,
never this module, so what it shows is what the keys do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class KeySpec:
    id: str
    key: str
    action: str
    description: str
    help: str
    show: bool = True  # in the footer
    key_display: str | None = None
    palette: bool = True  # offered in the command palette
    priority: bool = False


APP_KEYS: tuple[KeySpec, ...] = (
    KeySpec("planner.agenda", "a", "show_agenda", "Agenda",
            "My agenda: picks by day, clashes and the reading list."),
    KeySpec("planner.now", "o", "show_now", "Now",
            "What is on now and next, your picks first, with rooms."),
    KeySpec("planner.resolve", "c", "show_resolve", "Clashes",
            "Resolve conflicts: each pair of musts that overlap, with the talks' repeats; "
            "keep one."),
    KeySpec("planner.free", "g", "show_free", "Free",
            "The gap finder: the free slots of your days beside your musts and busy time, "
            "with the talks that fit in each."),
    KeySpec("planner.speakers", "s", "show_speakers", "Speakers",
            "Speakers across every loaded schedule, and their talks."),
    KeySpec("planner.timezone", "t", "pick_timezone", "Zone",
            "Choose the time zone every time is shown in."),
    KeySpec("planner.export", "e", "export", "Export",
            "Write the picks to an .ics calendar file: choose where, an alarm, papers as "
            "to-dos."),
    KeySpec("planner.diagnostics", "w", "show_diagnostics", "Warnings",
            "What the parser could not read cleanly, with line numbers.", show=False),
    KeySpec("planner.refresh", "r", "refresh_sources", "Refresh",
            "Read the schedules again (addresses from their servers) and report what "
            "changed for the picks.", show=False),
    KeySpec("planner.undo", "u", "undo", "Undo",
            "Put back the talk you last unpicked, with its level and note.", show=False),
    KeySpec("planner.help", "question_mark", "show_help", "Help",
            "These keys, read from the live bindings.", key_display="?"),
    KeySpec("planner.quit", "q", "quit", "Quit", "Leave planner (picks are already saved)."),
)

BROWSER_KEYS: tuple[KeySpec, ...] = (
    # Not in the footer: the search box itself says "/ search".
    KeySpec("browser.search", "slash", "focus_search", "Search",
            "Filter talks by title, speaker or abstract as you type.", key_display="/",
            show=False),
    KeySpec("browser.filter", "f", "edit_filter", "Filter",
            "Show only some talks: track:TEXT room:TEXT kind:KIND day:DAY picks past free."),
    KeySpec("browser.clear_filter", "F", "clear_filter", "Clear filter",
            "Show every talk again.", show=False),
    KeySpec("browser.clear", "escape", "clear", "Clear",
            "In the list: clear the search, then the filter.", show=False, palette=False),
    KeySpec("browser.focus", "tab", "app.focus_next", "Detail",
            "Move between the list and the detail pane (arrows and page keys scroll it).",
            show=False, palette=False),
    KeySpec("browser.detail_down", "J", "scroll_detail(1)", "Scroll detail",
            "Scroll the detail pane down from the list (K: up).", key_display="J/K",
            show=False, palette=False),
    KeySpec("browser.detail_up", "K", "scroll_detail(-1)", "Scroll detail up",
            "Scroll the detail pane up from the list.", show=False, palette=False),
    KeySpec("browser.grid", "v", "toggle_grid", "Grid",
            "Switch between the list and the day's grid: rooms across, time down (v again: "
            "back to the list)."),
    KeySpec("browser.next_day", "d", "next_day", "Day", "Jump to the next day (D: back).",
            key_display="d/D"),
    KeySpec("browser.previous_day", "D", "previous_day", "Previous day",
            "Jump to the previous day.", show=False),
)

TALK_LIST_KEYS: tuple[KeySpec, ...] = (
    KeySpec("talks.pick", "space", "toggle_pick", "Pick",
            "Pick the highlighted talk, or unpick it.", palette=False),
    KeySpec("talks.level", "m", "cycle_level", "Maybe",
            "Make the talk a must (picking it), or swap must and maybe (two musts that "
            "overlap clash; a maybe overlapping a pick is an alternative).", palette=False),
    KeySpec("talks.note", "n", "edit_note", "Note",
            "Write a short note on the highlighted pick (kept in the agenda, exported).",
            palette=False, show=False),  # the detail of a pick says "n: note"
)

AGENDA_LIST_KEYS: tuple[KeySpec, ...] = (
    KeySpec("agenda.unpick", "space", "toggle_pick", "Unpick",
            "Unpick the highlighted talk (u puts it back).", palette=False),
)

RESOLVE_KEYS: tuple[KeySpec, ...] = (
    KeySpec("resolve.keep", "enter", "select", "Keep",
            "Keep the highlighted talk as a must; the other picks of its conflict become "
            "maybes.", palette=False),
)

NOW_KEYS: tuple[KeySpec, ...] = (
    KeySpec("now.picks_only", "p", "toggle_picks_only", "Only picks",
            "Show only your picks, or everything with your picks first.", palette=False),
)

SEARCH_KEYS: tuple[KeySpec, ...] = (
    KeySpec("search.first", "enter", "submit", "First match",
            "Go to the first matching talk (then space picks it).", palette=False),
    KeySpec("search.clear", "escape", "clear_search", "Clear",
            "Clear the search and go back to the list.", palette=False),
)

ROW_LIST_KEYS: tuple[KeySpec, ...] = (
    KeySpec("list.down", "down,j", "cursor_down", "Down", "Next row.", show=False, palette=False),
    KeySpec("list.up", "up,k", "cursor_up", "Up", "Previous row.", show=False, palette=False),
    KeySpec("list.page_down", "pagedown", "page_down", "Page down", "Next page.",
            show=False, palette=False),
    KeySpec("list.page_up", "pageup", "page_up", "Page up", "Previous page.",
            show=False, palette=False),
    KeySpec("list.first", "home", "first", "First", "First row.", show=False, palette=False),
    KeySpec("list.last", "end", "last", "Last", "Last row.", show=False, palette=False),
    KeySpec("list.select", "enter", "select", "Choose",
            "Choose the highlighted row (a talk: pick or unpick it; a double click does too).",
            show=False, palette=False),
)

GRID_KEYS: tuple[KeySpec, ...] = (
    KeySpec("grid.down", "down,j", "cursor_down", "Down", "The next talk in this room.",
            show=False, palette=False),
    KeySpec("grid.up", "up,k", "cursor_up", "Up", "The previous talk in this room.",
            show=False, palette=False),
    KeySpec("grid.right", "right,l", "cursor_right", "Right", "The next room, same time.",
            show=False, palette=False),
    KeySpec("grid.left", "left,h", "cursor_left", "Left", "The previous room, same time.",
            show=False, palette=False),
    KeySpec("grid.page_down", "pagedown", "page_down", "Page down", "A screenful later.",
            show=False, palette=False),
    KeySpec("grid.page_up", "pageup", "page_up", "Page up", "A screenful earlier.",
            show=False, palette=False),
    KeySpec("grid.first", "home", "first", "First", "The room's first talk of the day.",
            show=False, palette=False),
    KeySpec("grid.last", "end", "last", "Last", "The room's last talk of the day.",
            show=False, palette=False),
    KeySpec("grid.select", "enter", "toggle_pick", "Pick", "Pick or unpick the talk, as space.",
            show=False, palette=False),
)

CLOSE_KEYS: tuple[KeySpec, ...] = (
    KeySpec("screen.close", "escape", "close", "Back", "Back to the schedule.", palette=False),
)


def bindings(specs: Iterable[KeySpec]) -> list[Binding]:
    return [
        Binding(s.key, s.action, s.description, show=s.show, key_display=s.key_display,
                priority=s.priority, tooltip=s.help, id=s.id)
        for s in specs
    ]
