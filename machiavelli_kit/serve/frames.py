"""Checking a kernel message from the browser before anything decodes it.

In the v1 WebSocket protocol of Jupyter kernels (:data:`V1_PROTOCOL`) a message is one binary
frame: a count ``n`` (8 bytes, little-endian), then ``n`` offsets (8 bytes each), then the
channel's name and the message's parts, header, parent header, metadata, content and any
binary buffers. The first offset is where the channel's name begins, each next one where the
part before it ends. jupyter_server's decoder believes the count: a 16-byte frame saying
2**64-1 makes it read offsets until the server runs out of memory. :func:`frame_problem`
says why a frame is not such a message, reading no more than the count allows, or ``None``.

>>> from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
>>> frame = serialize_msg_to_ws_v1([b'{"msg_type": "comm_msg"}', b"{}", b"{}", b"{}"], "shell")
>>> frame_problem(frame) is None
True
>>> frame_problem((2**64 - 1).to_bytes(8, "little") + bytes(8))
'it claims 18446744073709551615 offsets, more than 64'
"""

from __future__ import annotations

import struct

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The WebSocket subprotocol the app speaks with the browser (the only one its guard lets in)."""
WORD = struct.Struct("<Q")
"""The count and each offset: an unsigned 8-byte little-endian number."""
MESSAGE_PARTS = 4
"""Header, parent header, metadata and content: what every kernel message has, before its buffers."""
MIN_OFFSETS = 2 + MESSAGE_PARTS
"""Where the channel's name begins and ends, and where each of the four parts ends."""
MAX_OFFSETS = 64
"""The most offsets a frame may have: room for 58 binary buffers, where a widget sends one or two."""
CHANNELS = frozenset({b"shell", b"control", b"stdin", b"iopub"})
"""The kernel's channels, the names a message may be sent on."""
LONGEST_CHANNEL = max(map(len, CHANNELS))


def frame_problem(frame: object) -> str | None:
    """Why ``frame`` is not a v1 kernel message (in words, for the log), or ``None`` when it is one.

    It never raises, and reads the offsets one at a time only once their count is known to be
    small and their table to fit in the frame, so it allocates no more than a few small numbers.

    >>> frame_problem("{}")
    'it is text, not a binary frame'
    >>> frame_problem((6).to_bytes(8, "little"))
    'its 6 offsets do not fit in its 8 bytes'
    """
    if not isinstance(frame, bytes):
        return "it is text, not a binary frame" if isinstance(frame, str) else "it is not a binary frame"
    size = len(frame)
    if size < WORD.size:
        return f"its {size} bytes are too few for the count of its offsets"
    (count,) = WORD.unpack_from(frame, 0)
    if count > MAX_OFFSETS:
        return f"it claims {count} offsets, more than {MAX_OFFSETS}"
    if count < MIN_OFFSETS:
        return f"it has {count} offsets, fewer than the {MIN_OFFSETS} of a channel and a message"
    table_end = WORD.size * (count + 1)
    if table_end > size:
        return f"its {count} offsets do not fit in its {size} bytes"
    return _offsets_problem(frame, count, table_end)


def _offsets_problem(frame: bytes, count: int, table_end: int) -> str | None:
    """Why the offsets of a frame whose offset table fits are not those of a message, or ``None``."""
    previous = table_end
    channel: tuple[int, int] = (0, 0)
    for index in range(count):
        (offset,) = WORD.unpack_from(frame, WORD.size * (index + 1))
        if offset < previous:
            where = "inside its offset table" if index == 0 else "before the offset ahead of it"
            return f"its offset {index} ({offset}) points {where}"
        if offset > len(frame):
            return f"its offset {index} ({offset}) points past its end ({len(frame)} bytes)"
        if index == 1:
            channel = (previous, offset)
        previous = offset
    start, end = channel
    if end - start > LONGEST_CHANNEL or frame[start:end] not in CHANNELS:
        return "it names no channel of the kernel"
    return None
