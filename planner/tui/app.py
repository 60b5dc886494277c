"""The planner TUI: `make_app(...)` builds it for the CLI and for the tests alike.

| Key(s) | Description |
| :- | :- |
| a | My agenda |
| o | Now and next |
| c | Resolve conflicts |
| g | Free time (the gap finder) |
| s | Speakers |
| t | Time zone |
| e | Export .ics |
| w | Parser warnings |
| r | Refresh the schedules |
| ? | Help |
| q | Quit |
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar, TypeVar

from rich.segment import Segment
from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.color import Color
from textual.filter import LineFilter
from textual.screen import Screen

from .. import clock
from ..picks.store import MAX_NOTE_CHARS
from ..errors import PlannerError
from ..loader import LoadOptions, load_schedules
from ..model import Schedule
from ..text import printable
from .keymap import APP_KEYS, BROWSER_KEYS, KeySpec, bindings
from .screens.agenda import AgendaScreen
from .screens.browser import BrowserScreen
from .screens.diagnostics import DiagnosticsScreen
from .screens.export import ExportDialog, export_message
from .screens.free import FreeScreen
from .screens.help import HelpScreen
from .screens.loading import LoadingScreen
from .screens.line_editor import LineEditor
from .screens.now import NowScreen
from .screens.resolve import ResolveScreen
from .screens.speakers import SpeakersScreen
from .screens.zones import ZonePicker
from .state import PlannerState
from .widgets.talk_list import TalkList

AGENDA_POLL_SECONDS = 2.0
PICK_NOTICE_SECONDS = 4.0  # how long "Picked; it clashes with …" stays up
T = TypeVar("T")


class PrintableFilter(LineFilter):
    """Schedule text reaches nearly every widget, and Rich passes escape sequences
    through as they are: every drawn line shows the characters a terminal would act on
    as visible stand-ins (planner.text.printable), here once for the whole UI."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [seg if seg.control else Segment(printable(seg.text), seg.style)
                for seg in segments]


class PlannerApp(App):
    CSS_PATH = Path(__file__).with_name("planner.tcss")  # absolute: subclasses elsewhere too
    TITLE = "planner"
    BINDINGS: ClassVar[list[BindingType]] = bindings(APP_KEYS)
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (110, "-wide")]

    def __init__(self, state: PlannerState | None = None, *,
                 make_state: Callable[[], PlannerState] | None = None, loading: str = "",
                 keymap: Mapping[str, str] | None = None,
                 reload: Callable[[], list[Schedule]] | None = None,
                 open_now: bool = False) -> None:
        """Either a ready `state`, or `make_state` to build it after the first paint.

        `open_now`: open on now and next when a loaded talk is on today.

        `reload` reads the schedules again for `r` (addresses checked with their servers).
        """
        super().__init__()
        self.state: PlannerState = state  # type: ignore[assignment]
        self._make_state = make_state
        self._reload = reload
        self._refreshing = False
        self._loading = loading
        self.load_error: PlannerError | None = None  # why the schedules could not be read
        self._undo: dict | None = None  # the picks last unpicked, for `u`
        self._open_now = open_now
        if keymap:
            self.set_keymap(dict(keymap))

    _printable = PrintableFilter()

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), self._printable]

    def on_mount(self) -> None:
        if self.state is None:
            # A large schedule takes a moment to parse: paint at once, read meanwhile.
            self.push_screen(LoadingScreen(self._loading or "the schedules"))
            self._build_state()
            return
        self._open(self._read_picks())

    @work(thread=True, exit_on_error=False)
    def _build_state(self) -> None:
        assert self._make_state is not None
        try:
            state = self._make_state()
        except PlannerError as exc:
            self.call_from_thread(self._failed, exc)
            return
        self.state = state
        problem = self._read_picks()
        self.call_from_thread(self._open, problem)

    def _failed(self, exc: PlannerError) -> None:
        self.load_error = exc  # the CLI prints it after the terminal is restored
        self.exit(return_code=exc.exit_code)

    def _read_picks(self) -> PlannerError | None:
        # Picks first: the agenda also remembers the zone the browser draws in.
        try:
            self.state.load_picks()
        except PlannerError as exc:
            return exc
        return None

    def _open(self, problem: PlannerError | None) -> None:
        if problem is not None:
            self.notify(problem.message, severity="error", timeout=10, markup=False)
        self._update_subtitle()
        if isinstance(self.screen, LoadingScreen):
            self.switch_screen(BrowserScreen(self.state))
        else:
            self.push_screen(BrowserScreen(self.state))
        if self._open_now and self.state.on_today(clock.now().timestamp()):
            self.push_screen(NowScreen(self.state))  # during the conference: what is on
        if self.state.changes:
            self._report_changes("changed since the schedules were last read")
        if self.state.warnings:
            self.notify("Some busy events could not be read: " + "; ".join(
                self.state.warnings[:3]), severity="warning", timeout=8, markup=False)
        self._notify_notices()
        # Picks made meanwhile with `planner pick` in another terminal show up here too.
        self.set_interval(AGENDA_POLL_SECONDS, self._poll_agenda)

    def _report_changes(self, how: str) -> None:
        """What moved, vanished or newly clashes, as `planner refresh` says it (the first
        six; the agenda screen lists them all)."""
        lines = self.state.describe_changes()
        n = len(lines)
        shown = lines[:6] + ([f"… and {n - 6} more"] if n > 6 else [])
        self.notify("\n".join(shown) + "\nThe agenda (a) lists them.",
                    title=f"{n} pick{'s' if n != 1 else ''} {how}", severity="warning",
                    timeout=20, markup=False)

    def _notify_notices(self) -> None:
        """Say where a kept copy stood in for a server (offline, a failing server)."""
        for note in self.state.notices():
            self.notify(note, severity="warning", timeout=10, markup=False)

    # -- refresh ----------------------------------------------------------------------

    def action_refresh_sources(self) -> None:
        if self._reload is None:
            self.notify("These schedules were given in this session only; there is nothing "
                        "to refresh from.", severity="warning", markup=False)
            return
        if self._refreshing:
            return
        self._refreshing = True
        self.notify("Reading the schedules again…", timeout=3, markup=False)
        self._refresh_in_background()

    @work(thread=True, exit_on_error=False)
    def _refresh_in_background(self) -> None:
        assert self._reload is not None
        try:
            schedules = self._reload()
        except PlannerError as exc:
            self.call_from_thread(self._refresh_failed, exc)
            return
        self.call_from_thread(self._use_schedules, schedules)

    def _refresh_failed(self, exc: PlannerError) -> None:
        self._refreshing = False
        self.notify(exc.message, title="Refresh failed", severity="error", timeout=10,
                    markup=False)

    async def _use_schedules(self, schedules: list[Schedule]) -> None:
        """Show the re-read schedules, and report what changed for the picks."""
        self._refreshing = False
        self.state = self.state.renewed(schedules)
        problem = self._read_picks()
        if problem is not None:
            self.notify(problem.message, severity="error", timeout=10, markup=False)
        # The old browser goes before the new one comes: screens have fixed ids.
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.push_screen(BrowserScreen(self.state))
        self._update_subtitle()
        if self.state.changes:
            self._report_changes("changed")
        else:
            self.notify("Schedules read again; none of your picks changed.", timeout=5,
                        markup=False)
        self._notify_notices()

    def _poll_agenda(self) -> None:
        try:
            changed = self.state.reload_if_changed()
        except PlannerError:
            return  # the next pick or export reports it
        if changed:
            self.refresh_views()

    def _update_subtitle(self) -> None:
        labels = " + ".join(s.label for s in self.state.schedules) or "no schedule"
        self.sub_title = f"{labels} · times in {self.state.zone.key}"

    # -- shared by every screen -------------------------------------------------------

    def refresh_views(self) -> None:
        """Picks or clashes changed: every screen on the stack repaints what it shows."""
        for screen in self.screen_stack:
            redraw = getattr(screen, "redraw", None)
            # The agenda poll's timer can fire while a screen is still being mounted or
            # the app is closing, when the screen's widgets are not there to repaint.
            if redraw is not None and screen.is_mounted and screen.is_attached:
                redraw()

    def _change_picks(self, change: Callable[[], T]) -> T | None:
        """Run a change to the picks; a problem is a notification, and None."""
        try:
            return change()
        except PlannerError as exc:
            self.notify(exc.message, severity="error", timeout=10, markup=False)
        return None

    @on(TalkList.PickToggled)
    def _toggle_pick(self, event: TalkList.PickToggled) -> None:
        talk = event.row.talk
        if talk is None:
            return
        if self.state.is_picked(talk.id):
            removed = self._change_picks(lambda: self.state.unpick(talk.id))
            if removed:
                self._undo = removed
                self.notify(f"Unpicked “{talk.title}”. Press u to undo.", timeout=10,
                            markup=False)
                self.refresh_views()
            return
        picked = self._change_picks(lambda: self.state.toggle_pick(talk.id))
        if picked is None:
            return
        self._report_clashes(talk.id, "Picked")
        self.refresh_views()

    def _report_clashes(self, talk_id: str, what: str) -> None:
        clashes = self.state.clashes_of(talk_id)
        if clashes:
            self.notify(f"{what}; it clashes with {clashes[0]}"
                        + (f" and {len(clashes) - 1} more" if len(clashes) > 1 else "") + ".",
                        severity="warning", timeout=PICK_NOTICE_SECONDS, markup=False)

    @on(TalkList.LevelCycled)
    def _cycle_level(self, event: TalkList.LevelCycled) -> None:
        talk = event.row.talk
        if talk is None:
            return
        level = self._change_picks(lambda: self.state.cycle_level(talk.id))
        if level is None:
            return
        if level == "maybe":
            n = len(self.state.alternatives_of(talk.id))
            extra = f"; {n} overlap{'s are' if n != 1 else ' is an'} alternative" \
                f"{'s' if n != 1 else ''} now" if n else ""
            self.notify(f"A maybe{extra}.", timeout=3, markup=False)
        else:
            self._report_clashes(talk.id, "A must")
        self.refresh_views()

    @on(TalkList.NoteWanted)
    def _edit_note(self, event: TalkList.NoteWanted) -> None:
        talk = event.row.talk
        if talk is None:
            return
        if not self.state.is_picked(talk.id):
            self.notify("Notes are kept on picks: pick the talk first (space).", timeout=4,
                        markup=False)
            return

        def keep(text: str | None) -> None:
            if text is None or text.strip() == self.state.note_of(talk.id):
                return
            kept = self._change_picks(lambda: self.state.set_note(talk.id, text))
            if kept is None:
                return
            self.notify("Note kept." if kept else "Note removed.", timeout=2, markup=False)
            self.refresh_views()

        self.push_screen(LineEditor(
            f"Note on “{talk.title}”", self.state.note_of(talk.id), max_length=MAX_NOTE_CHARS,
            placeholder="a few words", hint="enter keeps it (empty removes it), escape cancels",
            id="note"), keep)

    def action_undo(self) -> None:
        if not self._undo:
            self.notify("Nothing to undo.", timeout=2, markup=False)
            return
        removed, self._undo = self._undo, None
        back = self._change_picks(lambda: self.state.restore(removed))
        if back:
            titles = ", ".join(f"“{p.title}”" for i, p in removed.items() if i in back)
            self.notify(f"Picked {titles} again.", timeout=3, markup=False)
        elif back is not None:
            self.notify("It is picked already.", timeout=2, markup=False)
        self.refresh_views()

    def set_zone(self, name: str | None) -> None:
        if not name or name == self.state.zone.key:
            return
        try:
            self.state.set_zone(name)
        except PlannerError as exc:
            self.notify(exc.message, severity="error", timeout=10, markup=False)
            return
        self._update_subtitle()
        for screen in self.screen_stack:
            changed = getattr(screen, "zone_changed", None) or getattr(screen, "redraw", None)
            if changed is not None:
                changed()
        self.notify(f"Times are now shown in {name}.", timeout=3, markup=False)

    # -- actions ----------------------------------------------------------------------

    def _toggle_screen(self, kind: type[Screen], make) -> None:
        if isinstance(self.screen, kind):
            self.pop_screen()
            return
        for screen in self.screen_stack[1:]:
            if isinstance(screen, kind):
                while not isinstance(self.screen, kind):
                    self.pop_screen()
                return
        self.push_screen(make())

    def action_show_agenda(self) -> None:
        self._toggle_screen(AgendaScreen, lambda: AgendaScreen(self.state))

    def action_show_resolve(self) -> None:
        self._toggle_screen(ResolveScreen, lambda: ResolveScreen(self.state))

    def action_show_now(self) -> None:
        self._toggle_screen(NowScreen, lambda: NowScreen(self.state))

    def action_show_free(self) -> None:
        self._toggle_screen(FreeScreen, lambda: FreeScreen(self.state))

    def action_show_speakers(self) -> None:
        self._toggle_screen(SpeakersScreen, lambda: SpeakersScreen(self.state))

    def action_show_diagnostics(self) -> None:
        self._toggle_screen(DiagnosticsScreen, lambda: DiagnosticsScreen(self.state))

    def action_show_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        where = getattr(self.screen, "help_name", None) or self.screen.title or "planner"
        self.push_screen(HelpScreen(self.screen.active_bindings, where))

    def action_pick_timezone(self) -> None:
        if isinstance(self.screen, ZonePicker):
            return
        self.push_screen(ZonePicker(self.state), self.set_zone)

    def action_export(self) -> None:
        if not self.state.picks:  # not a failure: there is nothing to write yet
            self.notify("Nothing to export yet: pick talks with space, then press e.",
                        title="No picks", timeout=5, markup=False)
            return
        if not isinstance(self.screen, ExportDialog):
            self.push_screen(ExportDialog(self.state), self._exported)

    def _exported(self, report) -> None:
        if report is None:
            return
        self.last_export = report.path
        message, attention = export_message(report)
        self.notify(message, title="Exported", severity="warning" if attention else
                    "information", timeout=10 if attention else 8, markup=False)

    # -- command palette --------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        specs: list[KeySpec] = [s for s in APP_KEYS if s.palette and s.action != "quit"]
        if isinstance(screen, BrowserScreen):
            specs += [s for s in BROWSER_KEYS if s.palette]
        for spec in specs:
            target = "screen." if spec in BROWSER_KEYS else "app."
            yield SystemCommand(spec.description if spec.description != "Zone" else "Time zone",
                                spec.help, self._runner(target + spec.action))

    def _runner(self, action: str):
        async def run() -> None:
            await self.run_action(action)

        return run


def make_app(
    schedules: list[Schedule] | None = None,
    *,
    load: Callable[[], list[Schedule]] | None = None,
    loading: str = "",
    paths: list[str] | None = None,
    options: LoadOptions | None = None,
    agenda_path: str | Path | None = None,
    busy_paths: Iterable[str] = (),
    zone: str | None = None,
    export_dir: str | Path | None = None,
    keymap: Mapping[str, str] | None = None,
    reload: Callable[[], list[Schedule]] | None = None,
    open_now: bool = False,
    friends: Mapping[str, list[str]] | None = None,
) -> PlannerApp:
    """The app on `schedules`, else on the files in `paths`, else on the bundled ones.

    With `load`, the schedules are read by calling it in a thread after the first
    paint (a "Reading `loading`…" screen shows meanwhile); a PlannerError it raises
    ends the app with `app.load_error` set.
    `agenda_path` overrides the agenda file (PLANNER_AGENDA, else the user's data dir);
    `zone` overrides the zone remembered in the agenda for this run only;
    `export_dir` is the folder `e`'s dialog suggests (default: the user's documents
    folder, else home; never the current directory);
    `reload` reads the schedules again when `r` asks (default: the files in `paths`,
    else none); `open_now` opens on now and next when a loaded talk is on today;
    `friends` maps talk ids to the friends who picked them (planner.shared_picks).
    """
    busy = tuple(busy_paths)

    def build(found: list[Schedule]) -> PlannerState:
        return PlannerState(found, agenda_path=agenda_path, busy_paths=busy, zone=zone,
                            export_dir=export_dir, friends=friends)

    if reload is None and paths:
        reload = lambda: load_schedules(list(paths), options, refresh=True)  # noqa: E731
    if load is not None:
        return PlannerApp(make_state=lambda: build(load()), loading=loading, keymap=keymap,
                          reload=reload, open_now=open_now)
    if schedules is None:
        schedules = load_schedules(list(paths) if paths else None, options)
    return PlannerApp(build(schedules), keymap=keymap, reload=reload, open_now=open_now)
