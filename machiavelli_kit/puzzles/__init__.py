"""The bundled puzzle collection: file format, position ids, generator, grader, progress, worksheets."""
