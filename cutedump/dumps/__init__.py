"""Narrated dumps: recipes that compute every value with the engine and narrate them through a message catalog.

A recipe never formats prose itself: it calls ``Narrator.say(key, **values)``; the wording for each key lives in
``cutedump/dumps/messages/<lang>.py``. Tables come from ``cutedump.render.text.print_layout``.
"""
