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
