"""The user's agenda: the stored picks (store), matching them to the schedules loaded
now (resolve), what changed since they were last seen (changes), the user's own
calendars (busy) and the schedules they remembered (subscriptions).

Nothing is imported here: `planner.picks.subscriptions` is read by commands that must
not pay for pydantic, which `planner.picks.store` imports.
"""
