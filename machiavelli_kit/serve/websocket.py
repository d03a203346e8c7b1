"""The app's kernel connections: only the v1 protocol, and every frame checked before it is decoded.

A page talks to its kernel over a WebSocket (``/api/kernels/<id>/channels``). Two ways of
talking to it used to stop the whole app server, each with one message, by making it count
to an impossible number while it kept every number it counted (tens of megabytes more each
second) until the system killed it:

- a frame of the v1 protocol whose first 8 bytes claim 2**64-1 offsets, which jupyter_server
  decodes without checking the count;
- a client that asks for no protocol (the legacy one) and then for a widget's drawing, whose
  answer carries binary buffers: Voila reads every binary answer it passes on as if it were v1.

:class:`GuardedConnection` refuses a client that did not agree on the v1 protocol, closing its
socket with the reason, and closes the socket of a client that sends a frame
:func:`~machiavelli_kit.serve.frames.frame_problem` finds wrong. Voila's front end always speaks
v1, so no page loses anything. :data:`MAX_MESSAGE_BYTES` bounds what one message may hold.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from machiavelli_kit.serve.frames import V1_PROTOCOL, frame_problem

POLICY_VIOLATION = 1008
"""The WebSocket close code for a client that broke the rules (RFC 6455, 7.4.1)."""
MAX_MESSAGE_BYTES = 1024 * 1024
"""The most one message from a browser may hold; a game record a learner loads is about 20 kB."""
WRONG_PROTOCOL = f"the app speaks only the {V1_PROTOCOL} protocol"


def offered_protocols(header: str | None) -> list[str]:
    """The subprotocols a client offers in its ``Sec-WebSocket-Protocol`` header, in its order.

    >>> offered_protocols("v1.kernel.websocket.jupyter.org, other")
    ['v1.kernel.websocket.jupyter.org', 'other']
    >>> offered_protocols(None)
    []
    """
    return [name.strip() for name in (header or "").split(",") if name.strip()]


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """A kernel connection that speaks only v1 and drops, with its socket, a client sending a malformed frame."""

    refusal: str | None = None
    """Why this client is refused, once it is; nothing then reaches the kernel or comes from it."""

    async def prepare(self) -> None:
        """Before the socket opens: a client not offering v1 is marked refused and nothing is set up for it."""
        offered = offered_protocols(self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol"))
        if V1_PROTOCOL not in offered:
            self.refusal = WRONG_PROTOCOL
            return
        await super().prepare()  # type: ignore[no-untyped-call]

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]  # as the class it extends
        """Connect a v1 client to the kernel; close a refused client's socket, saying why."""
        if self.refusal is None and self.subprotocol != V1_PROTOCOL:
            self.refusal = WRONG_PROTOCOL  # offered v1 but agreed on another: never, as the handler picks v1
        if self.refusal is not None:
            self.log.warning("Kernel connection refused: %s", self.refusal)
            self.websocket_handler.close(POLICY_VIOLATION, self.refusal)
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        connected: asyncio.Future[None] | None = super().connect()
        return connected

    def disconnect(self) -> None:  # type: ignore[override]  # as the class it extends
        """Let go of the kernel's channels, unless this client was refused before it had any."""
        if self.refusal is None or self.channels:
            super().disconnect()  # type: ignore[no-untyped-call]

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """Pass a well-formed frame on to the kernel; close the socket on a malformed one."""
        if self.refusal is not None:
            return
        problem = frame_problem(incoming_msg)
        if problem is not None:
            self.refusal = f"a malformed message: {problem}"
            self.log.warning("Kernel connection closed: %s", self.refusal)
            self.websocket_handler.close(POLICY_VIOLATION, self.refusal[:120])
            return
        super().handle_incoming_message(incoming_msg)
