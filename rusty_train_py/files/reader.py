"""Reading a saved-game file safely: a regular file of at most MAX_BYTES, UTF-8 JSON with no
repeated key and no deep nesting (the readers of each format take it from there).

Every failure is a GameFileError naming the file (and the entry where there is one): a
FIFO, a device or a folder is refused before anything is read, so nothing can hang or
fill the memory.
"""

from __future__ import annotations

import json
import os
import stat

from .errors import GameFileError, short

MAX_BYTES = 5 * 1024 * 1024  # saves are a few kB; Rusty Train's list every hex (~10 kB)
MAX_DEPTH = 16  # our saves nest 3 levels, Rusty Train's 6


def describe_path(path: str | os.PathLike[str]) -> str:
    """``path`` as text; GameFileError for a path no system call can take."""
    try:
        text = os.fsdecode(os.fspath(path))
    except TypeError:
        raise GameFileError(f"{short(path)}: not a file path") from None
    if "\x00" in text:
        raise GameFileError(f"{text!r}: a file name cannot contain a NUL character")
    if not text:
        raise GameFileError("no file name given")
    return text


def shown(path: str) -> str:
    """``path`` for a message: as it is, or quoted when it holds control characters."""
    return path if path.isprintable() else repr(path)


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; GameFileError otherwise.

    The file is opened without blocking (a FIFO with no writer would otherwise wait
    forever) and checked to be a regular file before anything is read.
    """
    name = describe_path(path)
    where = shown(name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise GameFileError(f"{where}: cannot read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise GameFileError(f"{where}: not a saved game: {_kind(info.st_mode)}")
        if info.st_size > limit:
            raise GameFileError(
                f"{where}: not a saved game: {info.st_size:,} bytes"
                f" (saved games are small; the limit is {limit:,})"
            )
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise GameFileError(
                f"{where}: not a saved game: more than {limit:,} bytes (saved games are small)"
            )
        return b"".join(chunks)
    except OSError as exc:
        raise GameFileError(f"{where}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if stat.S_ISFIFO(mode):
        return "it is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a regular file"
    return "not a regular file"


def _start(text: str) -> str:
    head = text.lstrip()[:40]
    return repr(head) + ("..." if len(text.lstrip()) > 40 else "")


def decode(data: bytes, where: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); a binary file is named as such."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is None or "\x00" in text:
        head = " ".join(f"{b:02x}" for b in data[:8])
        raise GameFileError(
            f"{where}: not a saved game: a binary file (it starts with bytes {head})"
        )
    return text


class _Object(dict[str, object]):
    """A JSON object that remembers the first key given twice."""

    __slots__ = ("repeated",)
    repeated: str | None


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj = _Object()
    obj.repeated = None
    for key, value in pairs:
        if key in obj and obj.repeated is None:
            obj.repeated = key
        obj[key] = value
    return obj


def parse_json(text: str, where: str) -> object:
    """The JSON value of ``text``; GameFileError for anything else, a key given twice in an
    object, or nesting deeper than MAX_DEPTH (checked without recursion)."""
    stripped = text.lstrip()
    if not stripped:
        raise GameFileError(f"{where}: not a saved game: the file is empty")
    if stripped[0] not in "{[":
        raise GameFileError(f"{where}: not a JSON saved game: it starts with {_start(text)}")
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise GameFileError(
                f"{where}: line {exc.lineno}, column {exc.colno}: the JSON ends too early"
                f" ({exc.msg}); the file may be truncated"
            ) from None
        raise GameFileError(
            f"{where}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"
        ) from None
    except RecursionError:
        raise GameFileError(
            f"{where}: not a saved game: JSON nested too deeply (saves nest {MAX_DEPTH} levels"
            " at most)"
        ) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise GameFileError(f"{where}: not valid JSON ({exc})") from None
    _check_structure(data, where)
    return data


def _check_structure(data: object, where: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH and keys given twice, naming the entry."""
    stack: list[tuple[object, str, int]] = [(data, "", 1)]
    while stack:
        value, at, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise GameFileError(
                f"{where}: {at or 'the file'}: nested too deeply (saves nest {MAX_DEPTH} levels"
                " at most)"
            )
        if isinstance(value, dict):
            repeated = getattr(value, "repeated", None)
            if repeated is not None:
                raise GameFileError(
                    f"{where}: {at + ': ' if at else ''}key {repeated!r} is given twice"
                )
            for key in reversed(list(value)):
                stack.append((value[key], f"{at}.{key}" if at else str(key), depth + 1))
        elif isinstance(value, list):
            for i in range(len(value) - 1, -1, -1):
                stack.append((value[i], f"{at}[{i}]", depth + 1))
