"""The puzzles themselves: the file format, the bundled collection, position ids, the generator and grader."""
