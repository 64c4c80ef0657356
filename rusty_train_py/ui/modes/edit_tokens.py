"""Edit-tokens mode: choose a token space, cycle through the companies' tokens, remove them.

Left/Right choose the space, Up/Down put the next/previous company with a token to spare
(and none on this hex yet) in it, ``0``/Delete/Backspace empty it; ``x`` puts the next
company's token in the extra slot of the space's city, beside its spaces (1870's destination
tokens; after the last company, none). Typing a company's abbreviation or name puts its
token in the space (type-ahead, as in a list: the letters typed within a second count
together). Return keeps the tokens as one undoable edit; Esc discards them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from ...mapstate.state import HexEdit, MapState
from .base import Binding, EditingMode, KeyPress, Mode, ModeHost, Scene, keys

TYPE_AHEAD_SECONDS = 1.0  # letters typed within this of each other are one name


class EditTokensMode(EditingMode):
    name = "Edit tokens"
    help_keys = (
        "Left/Right space · Up/Down or type a name: company · 0/Del remove · x extra slot"
        " · Return keep · Esc discard"
    )

    def __init__(self, host: ModeHost, hex_name: str):
        super().__init__()
        self.hex = hex_name
        self.base_state = host.state
        tile, _ = host.state.tile_at(hex_name)
        self.n_spaces = len(tile.token_spaces)
        self.original = host.state.tokens_at(hex_name)
        self.tokens = dict(self.original)
        self.extra = list(host.state.extra_tokens_at(hex_name))  # (city, company)
        self.space = 0
        self.typed = ""  # the type-ahead so far
        self.typed_at = 0.0
        self._preview: tuple[object, MapState, HexEdit] | None = None
        self.bindings = [
            Binding(keys("Left"), "Left", "Previous token space", self.move(-1)),
            Binding(keys("Right"), "Right", "Next token space", self.move(1)),
            Binding(keys("Up"), "Up", "Next company's token", self.cycle(1)),
            Binding(keys("Down"), "Down", "Previous company's token", self.cycle(-1)),
            Binding(keys("0", "Delete", "Backspace"), "0", "Remove the token", self.remove),
            Binding(keys("X"), "x", "Next company's token in the extra slot", self.cycle_extra),
            Binding(keys("Return", "Enter"), "Return", "Keep the tokens", self.keep),
            Binding(keys("Escape"), "Esc", "Discard and return", self.discard),
        ]

    @classmethod
    def start(cls, host: ModeHost) -> Mode | None:
        tile, _ = host.state.tile_at(host.active_hex)
        if not tile.cities:  # a city with no space still takes an extra-slot token
            host.show_message(f"{host.active_hex}: no token spaces on this hex")
            return None
        return cls(host, host.active_hex)

    # ---- companies ------------------------------------------------------------------------

    def spare(self, company: str) -> int:
        """Tokens the company has left, counting the edits made here."""
        placed_here = Counter(self.tokens.values())
        had_here = Counter(self.original.values())
        return self.base_state.tokens_left(company) + had_here[company] - placed_here[company]

    def choices(self) -> list[str]:
        """Companies that may take the current space: a token to spare, none elsewhere here."""
        current = self.tokens.get(self.space)
        others = {c for s, c in self.tokens.items() if s != self.space}
        out = []
        for c in self.base_state.game.companies:
            if c.abbrev == current or (c.abbrev not in others and self.spare(c.abbrev) > 0):
                out.append(c.abbrev)
        return out

    # ---- type-ahead -----------------------------------------------------------------------

    def binding_for(self, press: KeyPress) -> Binding | None:
        """The mode's keys first; any other printable character types a company's name."""
        bound = super().binding_for(press)
        if bound is not None or press.ctrl or len(press.text) != 1:
            return bound
        if not press.text.isprintable() or press.text.isspace():
            return None
        text = press.text
        return Binding((press.key,), text, "Type a company's name", lambda h: self.type(h, text))

    def type(self, host: ModeHost, char: str) -> None:
        """Put the first company whose abbreviation (or else name) starts with the letters
        typed in the current space; a letter that matches none after them starts again."""
        now = time.monotonic()
        typed = self.typed + char if now - self.typed_at <= TYPE_AHEAD_SECONDS else char
        self.typed_at = now
        if not self.n_spaces:
            host.show_message(f"{self.hex}: no token space (x: the extra slot)")
            return
        company = self.matching(typed) or self.matching(char)
        self.typed = typed if self.matching(typed) else char
        if company is None:
            host.show_message(f"No company with a token to spare starts with {typed!r}")
            return
        self.tokens[self.space] = company

    def matching(self, typed: str) -> str | None:
        choices = self.choices()
        game = self.base_state.game
        want = typed.casefold()
        for key in (lambda c: c, lambda c: game.company(c).name):
            for c in choices:
                if key(c).casefold().startswith(want):
                    return c
        return None

    # ---- handlers -------------------------------------------------------------------------

    def move(self, delta: int) -> Callable[[ModeHost], None]:
        def move(host: ModeHost) -> None:
            if self.n_spaces:
                self.space = (self.space + delta) % self.n_spaces

        return move

    def cycle(self, delta: int) -> Callable[[ModeHost], None]:
        def cycle(host: ModeHost) -> None:
            if not self.n_spaces:
                host.show_message(f"{self.hex}: no token space (x: the extra slot)")
                return
            choices = self.choices()
            current = self.tokens.get(self.space)
            if current is None:
                if not choices:
                    host.show_message("No company has a token to spare")
                    return
                self.tokens[self.space] = choices[0] if delta > 0 else choices[-1]
                return
            i = choices.index(current)
            self.tokens[self.space] = choices[(i + delta) % len(choices)]

        return cycle

    def remove(self, host: ModeHost) -> None:
        self.tokens.pop(self.space, None)

    def city(self) -> int:
        """The city (counted among the tile's cities) of the current space."""
        tile, _ = self.base_state.tile_at(self.hex)
        if not tile.token_spaces:
            return 0
        node = tile.token_spaces[self.space].city
        return [n.index for n in tile.cities].index(node)

    def cycle_extra(self, host: ModeHost) -> None:
        """The extra slot of the space's city: none, then each company in turn, then none."""
        city = self.city()
        here = [c for k, c in self.extra if k == city]
        names = [c.abbrev for c in self.base_state.game.companies]
        current = here[-1] if here else None
        if current is not None:
            self.extra.remove((city, current))
        i = names.index(current) + 1 if current is not None else 0
        while i < len(names) and (city, names[i]) in self.extra:
            i += 1
        if i < len(names):
            self.extra.append((city, names[i]))

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | None:
        if hex_name == self.hex and token_space is not None:
            self.space = token_space
        return None

    # ---- what is shown --------------------------------------------------------------------

    def edit(self) -> HexEdit | None:
        preview = self._preview_for()
        return preview[1] if preview else None

    def _preview_for(self) -> tuple[MapState, HexEdit] | None:
        return self.cached_preview(
            (tuple(sorted(self.tokens.items())), tuple(sorted(self.extra))), self._make_edit
        )

    def _make_edit(self) -> HexEdit:
        """The spaces' tokens and the extra slots' as one edit of the hex."""
        spaces = self.base_state.set_tokens_edit(self.hex, dict(self.tokens))
        between = self.base_state.copy()
        spaces.apply(between)
        extra = between.set_extra_tokens_edit(self.hex, self.extra)
        return HexEdit(self.hex, spaces.before, extra.after, f"tokens on {self.hex}")

    def scene(self, host: ModeHost) -> Scene:
        preview = self._preview_for()
        state = preview[0] if preview else self.base_state
        space = self.space if self.n_spaces else None
        return Scene(state, self.hex, self.colour, token_space=space)

    def status(self, host: ModeHost) -> str:
        extra = [c for k, c in self.extra if k == self.city()]
        beside = f"; extra slot: {', '.join(extra)}" if extra else ""
        if not self.n_spaces:
            return f"{self.hex}: no token space{beside or '; extra slot: empty'}"
        company = self.tokens.get(self.space)
        if company:
            name = self.base_state.game.company(company).name
            what = f"{company} ({name}), {self.spare(company)} more to place"
        else:
            what = "empty"
        return f"{self.hex}: token space {self.space + 1} of {self.n_spaces}: {what}{beside}"
