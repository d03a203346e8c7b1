"""The app's check of a kernel message frame (hypothesis): it lets every real message through, never raises,
reads no more than a few numbers whatever count a frame claims, and what it lets through decodes safely."""

from __future__ import annotations

import json
import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

from machiavelli_kit.serve.frames import CHANNELS, MAX_OFFSETS, MESSAGE_PARTS, WORD, frame_problem

ATTACK = (2**64 - 1).to_bytes(8, "little") + bytes(8)
"""The 16-byte frame that made jupyter_server read offsets until the server ran out of memory."""
SPARE_BYTES = 1024
"""What the check may allocate besides the frame, for its numbers and its answer."""

channels = st.sampled_from(sorted(name.decode() for name in CHANNELS))
parts = st.binary(max_size=64)
messages = st.lists(parts, min_size=MESSAGE_PARTS, max_size=MAX_OFFSETS - 2)
"""A message as zmq holds it: header, parent header, metadata, content, then binary buffers."""
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8), lambda inner: st.lists(inner, max_size=3)
)


def claimed_frames() -> st.SearchStrategy[bytes]:
    """A count and offsets of any size (mostly wrong), then any bytes."""
    words = st.integers(0, 2**64 - 1).map(WORD.pack)
    small = st.integers(0, 200).map(WORD.pack)
    return st.builds(
        lambda count, offsets, tail: count + b"".join(offsets) + tail,
        words | small,
        st.lists(words | small, max_size=12),
        st.binary(max_size=64),
    )


def mutated_frames() -> st.SearchStrategy[bytes]:
    """A real message with one byte changed, or cut short."""

    def mutate(frame: bytes, where: int, value: int, cut: bool) -> bytes:
        where %= len(frame)
        return frame[:where] if cut else frame[:where] + bytes([value]) + frame[where + 1 :]

    real = st.builds(serialize_msg_to_ws_v1, messages, channels)
    return st.builds(mutate, real, st.integers(0, 10_000), st.integers(0, 255), st.booleans())


any_frames = claimed_frames() | mutated_frames() | st.binary(max_size=200)


@settings(max_examples=300, deadline=None)
@given(messages, channels)
def test_every_message_jupyter_server_writes_is_let_through(message: list[bytes], channel: str) -> None:
    assert frame_problem(serialize_msg_to_ws_v1(message, channel)) is None


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries({"header": json_values, "parent_header": json_values, "metadata": json_values,
                              "content": json_values}), channels)  # fmt: skip
def test_every_message_packed_by_a_session_is_let_through(message: dict[str, object], channel: str) -> None:
    frame = serialize_msg_to_ws_v1(message, channel, lambda value: json.dumps(value).encode())
    assert frame_problem(frame) is None


@settings(max_examples=500, deadline=None)
@given(any_frames)
def test_any_frame_is_answered_without_raising_and_with_little_memory(frame: bytes) -> None:
    answer = frame_problem(frame)  # once first, so that only what the check itself keeps is measured
    tracemalloc.start()
    try:
        problem = frame_problem(frame)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problem == answer and (problem is None or isinstance(problem, str))
    assert peak <= SPARE_BYTES, f"the check allocated {peak} bytes for a frame of {len(frame)}"


@settings(max_examples=500, deadline=None)
@given(any_frames)
def test_what_is_let_through_decodes_to_a_channel_and_a_whole_message(frame: bytes) -> None:
    if frame_problem(frame) is None:
        channel, message = deserialize_msg_from_ws_v1(frame)
        assert channel.encode() in CHANNELS
        assert MESSAGE_PARTS <= len(message) <= MAX_OFFSETS - 2


def test_the_frame_that_stopped_the_server_is_refused_at_once() -> None:
    assert frame_problem(ATTACK) == f"it claims {2**64 - 1} offsets, more than {MAX_OFFSETS}"
    assert frame_problem(ATTACK[:8]) is not None


def test_each_fault_is_named() -> None:
    real = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}"], "shell")
    table_end = WORD.size * 7

    def with_offset(index: int, value: int) -> bytes:
        start = WORD.size * (index + 1)
        return real[:start] + WORD.pack(value) + real[start + WORD.size :]

    assert frame_problem(bytearray(real)) == "it is not a binary frame"
    assert frame_problem(b"\x06\0\0") == "its 3 bytes are too few for the count of its offsets"
    assert frame_problem(WORD.pack(5) + real[8:]) == "it has 5 offsets, fewer than the 6 of a channel and a message"
    assert (
        frame_problem(with_offset(0, table_end - 1)) == f"its offset 0 ({table_end - 1}) points inside its offset table"
    )
    assert frame_problem(with_offset(3, 0)) == "its offset 3 (0) points before the offset ahead of it"
    assert frame_problem(real[:-1]) == f"its offset 5 ({len(real)}) points past its end ({len(real) - 1} bytes)"
    assert frame_problem(serialize_msg_to_ws_v1([b"{}"] * 4, "shelf")) == "it names no channel of the kernel"
    assert frame_problem(serialize_msg_to_ws_v1([b"{}"] * 4, "shell" * 1000)) == "it names no channel of the kernel"
