"""The error every sub-command raises for input the user must fix."""


class BadInput(ValueError):
    """Input the user must fix; the message names the problem."""
