"""The game's value types and its validator: cards and their notation, rules, goals, melds, positions.

Everything else in the kit is built on these; they import nothing from the other wings.
"""
