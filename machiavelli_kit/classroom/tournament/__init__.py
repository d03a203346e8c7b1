"""A class tournament, headless: what each game gave (:mod:`.outcome`), the standings (:mod:`.standings`), who
sits where each round (:mod:`.pairing`), and its files: standings as CSV and PDF, and the paper tournament's
score sheet and pairings (:mod:`.files`, :mod:`.paper`)."""
