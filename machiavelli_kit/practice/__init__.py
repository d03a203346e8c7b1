"""A learner at work: the play session on a board, hints, the trainer, progress and ratings, the examples."""
