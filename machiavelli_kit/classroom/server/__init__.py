"""The class server: learners, networked tables refereed by the game's engine, and their database.

:mod:`.store` keeps the rows (SQLAlchemy), :mod:`.referee` checks every seat and action, :mod:`.views`
says what each seat may see, :mod:`.messages` reads and writes the protocol, :mod:`.app` serves it
(tornado, HTTP and WebSocket), and :mod:`.client` speaks it from the other side.
"""

DEFAULT_IP, DEFAULT_PORT = "127.0.0.1", 8890
"""Where the class server listens unless told otherwise: this computer only."""
