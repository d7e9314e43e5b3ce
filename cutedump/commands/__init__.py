"""Thin click commands; each module holds one command. ``cutedump.cli`` imports them lazily."""
