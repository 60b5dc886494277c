"""The twelfth round's held-out table layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from datetime import date

from .test_program_shapes import entries, read, titled


def test_weekday_columns_keep_the_header_order_when_a_row_fills_only_some():
    # `| | Monday | Tuesday | ... | Friday |` whose first row fills only Monday and Friday:
    # Tuesday is still the day after Monday, not the Tuesday after Friday
    sch = read(
        "This is the spring school program for March 4–8, 2024.\n\n"
        "|              | Monday        | Tuesday          | Wednesday     | Thursday | Friday\n"
        "| :----------- | :------------ | :--------------- | :------------ | :------- | :-----\n"
        "|9:30–10:30    | Check-in      |                  |               |          | Poster hanging\n"
        "|10:30–11:00   | Welcome       | Museum walk      | Tutorial      | Sprint   |\n"
        "|11:15–12:15   | Opening talk  |                  | Guest lecture |          | Wrap-up\n"
        "|12:15–13:30   | Lunch         | Lunch            | Lunch         | Lunch    | Lunch\n"
        "|13:30–15:00   | Lab one       | Short talks      | Short talks   | Writing clinic | Awards\n"
        "|15:15–16:15   | Reading group | Lab two          | Field notes   | Sprint   |\n"
        "|After 19:00   | Boat trip     |                  | Dinner        |          |\n",
        "program.md")
    days = {e["title"]: e["date"] for e in entries(sch)}
    assert days["Check-in"] == date(2024, 3, 4)
    assert days["Museum walk"] == date(2024, 3, 5)
    assert days["Tutorial"] == date(2024, 3, 6)
    assert days["Guest lecture"] == date(2024, 3, 6)
    assert days["Poster hanging"] == date(2024, 3, 8)
    assert days["Lab two"] == date(2024, 3, 5)
    assert days["Writing clinic"] == date(2024, 3, 7)
    assert titled(sch, "Reading group")["start"] == "15:15"


def test_a_duration_column_ends_each_row_after_its_start():
    # `Time | Duration | Title | Speaker`: `09:30 | 1.25 hours` ends at 10:45; `30 min`,
    # `1h30` and a bare `45` under `Duration (mins)` likewise
    sch = read(
        "# Course schedule\n\n"
        "## Monday 4 March 2024\n\n"
        "| Time | Duration | Title | Speaker  |\n"
        "|:-----|:---------|:------|:---------|\n"
        "| 09:30 | 1.25 hours | Meshes and their refinement | Ines Varga |\n"
        "| 11:15 | 30 min | Exercises on quadrature | Tomas Lindqvist |\n"
        "| 14:00 | 1h30 | Solving sparse systems | Ines Varga |\n",
        "program.md")
    assert (titled(sch, "Meshes and their refinement")["start"],
            titled(sch, "Meshes and their refinement")["end"]) == ("09:30", "10:45")
    assert titled(sch, "Exercises on quadrature")["end"] == "11:45"
    assert titled(sch, "Solving sparse systems")["end"] == "15:30"
    assert titled(sch, "Solving sparse systems")["people"] == ["Ines Varga"]
    sch = read(
        "Workshop on Tuesday, May 7, 2024\n\n"
        "| Start | Duration (mins) | Topic | Presenter |\n"
        "|---|---|---|---|\n"
        "| 10:00 | 45 | Registries for small labs | Mira Okafor |\n"
        "| 10:45 | 20 | Coffee | |\n"
        "| 11:05 | 40 | Packaging without tears | Bo Lindahl |\n",
        "program.md")
    got = {e["title"]: (e["start"], e["end"]) for e in entries(sch)}
    assert got["Registries for small labs"] == ("10:00", "10:45")
    assert got["Coffee"] == ("10:45", "11:05")
    assert got["Packaging without tears"] == ("11:05", "11:45")


def test_a_grid_cell_with_its_own_range_keeps_it_and_a_tba_cell_is_no_entry():
    # `| 16:30–17:30 | ... | 16:00–17:00 Closing lecture |`: that cell's own range wins
    # over its row's, and no title starts with it; `TBA` alone in a cell names nothing
    sch = read(
        "Spring school, March 4–8, 2024.\n\n"
        "|              | Monday        | Tuesday       | Wednesday\n"
        "| :----------- | :------------ | :------------ | :--------\n"
        "|15:15–16:15   | Lab one       | Field notes   | Sprint\n"
        "|16:30–17:30   | Reading group | TBA           | 16:00–17:00 Closing lecture\n",
        "program.md")
    e = titled(sch, "Closing lecture")
    assert (e["date"], e["start"], e["end"]) == (date(2024, 3, 6), "16:00", "17:00")
    assert titled(sch, "Reading group")["start"] == "16:30"
    assert not any(x["title"] in ("TBA", "16:00–17:00 Closing lecture") for x in entries(sch))


def test_hours_written_down_both_sides_of_a_grid_are_no_entries():
    # `| | Tuesday 5 March | Wednesday 6 March | |` with the hour again in the last
    # column: that column repeats the time column, it holds no entries
    sch = read(
        "## Programme 2024\n\n"
        "| | Tuesday 5 March | Wednesday 6 March | |\n"
        "|---|---|---|---|\n"
        "| 09:00 | Welcome | Invited lecture | 09:00 |\n"
        "| 10:30 | Coffee | Coffee | 10:30 |\n"
        "| 11:00 | Session on solvers | Session on graphs | 11:00 |\n",
        "program.md")
    titles = [e["title"] for e in entries(sch)]
    assert not any(t[:1].isdigit() for t in titles), titles
    assert titled(sch, "Session on graphs")["date"] == date(2024, 3, 6)
    assert titled(sch, "Session on graphs")["start"] == "11:00"


_GRID = """<h2>Programme 2024</h2>
<table>
  <tbody>
    <tr><th></th><th class="day">Mardi 5 mars</th><th class="day">Mercredi 6 mars</th><th></th></tr>
    <tr><td class="hour">11:00</td><td>Accueil</td><td rowspan="3"></td><td class="hour">11:00</td></tr>
    <tr><td class="hour">11:10</td>
      <td rowspan="4"><a href="#inv1">Exposé invité<br>Ana Ruiz (Université de Lisbonne)</a></td>
      <td class="hour">11:10</td></tr>
    <tr></tr>
    <tr></tr>
    <tr><td class="hour">12:10</td><td>Session sur les graphes</td><td class="hour">12:10</td></tr>
    <tr><td class="hour">13:30</td><td>Café</td><td rowspan="2">Session sur les solveurs</td>
      <td class="hour">13:30</td></tr>
    <tr></tr>
    <tr><td class="hour">14:50</td><td>Atelier</td><td class="hour">14:50</td></tr>
  </tbody>
</table>
"""


def test_rowspans_over_empty_rows_of_an_html_grid_fall_on_the_right_days():
    # a time grid whose unlabelled steps are empty `<tr></tr>` rows: a cell's rowspan
    # counts them, so the spans are laid out over the rows that are read
    sch = read(_GRID, "programme.html")
    days = {e["title"]: (e["date"], e["start"]) for e in entries(sch)}
    assert days["Session sur les graphes"] == (date(2024, 3, 6), "12:10")
    assert days["Café"] == (date(2024, 3, 5), "13:30")
    assert days["Session sur les solveurs"] == (date(2024, 3, 6), "13:30")
    assert days["Atelier"] == (date(2024, 3, 5), "14:50")


def test_one_link_around_a_whole_cell_is_the_entrys_not_a_title_a_line():
    # `<a href="#inv1">Exposé invité<br>Ana Ruiz (…)</a>`: the link wraps both lines;
    # the second line is still the speaker, not a second title
    sch = read(_GRID, "programme.html")
    e = titled(sch, "Exposé invité")
    assert (e["date"], e["start"]) == (date(2024, 3, 5), "11:10")
    assert e["people"] == ["Ana Ruiz"]
    assert e["affs"] == ["Université de Lisbonne"]


def test_a_time_column_of_bare_hours():
    # `| Hour | What |` over `| 9 | Welcome coffee |` … `| 13 | Lunch |`: each row at its
    # hour; `1`, `2` after noon would be afternoon like any clock without a meridiem
    sch = read(
        "# Hack day, Friday 14 June 2024\n\n"
        "| Hour | What |\n"
        "|---|---|\n"
        "| 9 | Welcome coffee |\n"
        "| 10 | Sparse Rewards Are Enough (Mira Okafor) |\n"
        "| 12 | Lunch |\n"
        "| 1 | Demos of the day |\n"
        "| 4 | Closing |\n",
        "program.md")
    got = {e["title"]: e["start"] for e in entries(sch)}
    assert got["Welcome coffee"] == "09:00"
    assert got["Sparse Rewards Are Enough"] == "10:00"
    assert got["Lunch"] == "12:00"
    assert got["Demos of the day"] == "13:00"
    assert got["Closing"] == "16:00"
    assert titled(sch, "Sparse Rewards Are Enough")["people"] == ["Mira Okafor"]


def test_a_grid_with_the_times_along_its_header_and_a_name_down_each_row():
    # `| Session | 09:00-10:30 | 11:00-12:30 | 14:00-15:30 |` over `| Track A | … |`: each
    # cell at its column's time, in its row's track
    sch = read(
        "## Monday, June 10, 2024\n\n"
        "| Session | 09:00-10:30 | 11:00-12:30 | 14:00-15:30 |\n"
        "|---|---|---|---|\n"
        "| Track A | Graph Neural Nets | Sparse Models | Panel on Benchmarks |\n"
        "| Track B | Compilers Today | Type Systems | Tooling Demos |\n",
        "program.md")
    e = titled(sch, "Type Systems")
    assert (e["date"], e["start"], e["end"], e["room"]) == (date(2024, 6, 10), "11:00", "12:30", "Track B")
    assert titled(sch, "Panel on Benchmarks")["room"] == "Track A"
    assert not any(x["title"] in ("Track A", "Session", "09:00-10:30") for x in entries(sch))


def test_a_grid_with_the_times_along_its_header_and_a_day_down_each_row():
    # the rows named by days (`Monday, July 8`): each cell on its row's day; a cell across
    # two time columns runs to the second one's end; `TBA` is no entry
    sch = read(
        "# Summer school 2024\n\n"
        "<table>\n<tr><th></th><th>9:00-10:30</th><th>11:00-12:30</th><th>14:00-15:30</th></tr>\n"
        "<tr><th>Monday, July 8</th><td>Graph Neural Nets</td><td colspan=\"2\">Field trip</td></tr>\n"
        "<tr><th>Tuesday, July 9</th><td>Compilers Today</td><td>Type Systems</td><td>TBA</td></tr>\n"
        "</table>\n",
        "program.html")
    got = {e["title"]: (e["date"], e["start"], e["end"]) for e in entries(sch)}
    assert got["Graph Neural Nets"] == (date(2024, 7, 8), "09:00", "10:30")
    assert got["Field trip"] == (date(2024, 7, 8), "11:00", "15:30")
    assert got["Type Systems"] == (date(2024, 7, 9), "11:00", "12:30")
    assert "TBA" not in got and "Monday, July 8" not in got


def test_a_times_column_then_a_titles_column_pasted_a_cell_a_line():
    # a two-column table copied column after column: `Time`, `Title`, then every time
    # (`9:00am-9:15am`, `10:30am-12pm`), then every title in the same order
    text = ("Workshop program, Tuesday, May 7, 2024\n\n"
            "Time\nTitle\n"
            "9:00am-9:15am\n9:15am-10:00am\n10:00am-10:30am\n10:30am-12pm\n1:30pm–3pm\n"
            "Opening remarks\nKeynote: Learning from Logs\nCoffee break\n"
            "Paper session 1: Storage\nHands-on lab\n")
    sch = read(text)
    got = {e["title"]: (e["date"], e["start"], e["end"]) for e in entries(sch)}
    assert got["Opening remarks"] == (date(2024, 5, 7), "09:00", "09:15")
    assert got["Learning from Logs"] == (date(2024, 5, 7), "09:15", "10:00")
    assert got["Paper session 1: Storage"][1:] == ("10:30", "12:00")
    assert got["Hands-on lab"][1:] == ("13:30", "15:00")
    assert "Time" not in got and "Title" not in got
    # times that are not followed by as many titles are left to the lines' own reading
    sch = read("Tuesday, May 7, 2024\n\n9:00am-9:15am\nOpening remarks\n"
               "9:15am-10:00am\nKeynote: Learning from Logs\n10:00am-10:30am\nCoffee break\n")
    assert titled(sch, "Coffee break")["start"] == "10:00"
