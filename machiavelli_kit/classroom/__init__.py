"""A teacher's class: students, assignments, hand-ins, the class report, worksheets and answer keys."""
