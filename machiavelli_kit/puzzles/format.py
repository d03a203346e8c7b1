"""The puzzle file format: a TOML file per chapter, read strictly and written by hand or by :func:`dump`.

A chapter file holds a ``[chapter]`` table (``title``, optional ``intro``)
and one ``[[puzzle]]`` table per puzzle::

    [[puzzle]]
    id = "bga-1"                      # lower case, digits and dashes; unique in the collection
    title = "A spare five"
    source = "BGA rules (003)"
    rules = "bga"                     # a rules string: preset(overrides)
    table = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"]]
    hand = ["4H"]
    goal = "max"                      # max, close, play:<card> or decide
    answer = 1                        # max: cards playable (0 = restore); close, play: true/false;
                                      # decide: "play" or "restore"
    solution = [["5S", "5D", "5C"], ["4H", "5H", "6H", "7H", "8H"]]   # one final table reaching it
    par = 2
    grade = "spare"                   # the hardest technique (see grader)
    effort = 2                        # 1 to 5 inside the grade
    themes = ["extend", "sets-to-runs", "spare", "whole-hand"]
    hints = ["One five is not needed where it is."]
    story = "The four fives can spare one ..."   # optional: how the play goes, told in words

    [[puzzle.compare]]                # optional: the answer under other rules
    rules = "bga(wrap=true)"
    answer = 1

The learner's texts (a chapter's ``title`` and ``intro``, a puzzle's ``title``,
``hints`` and ``story``) are written either once, in English, or as a table
by language, English required (``title.en = "..."``, ``title.it = "..."``,
``title.pl = "..."``); a language without its own text falls back to English.
Hints in another language are the same hints in the same order, so they
number as many as the English ones. Cards, keys, goals and answers are the
same in every language::

    title.en = "A spare five"
    title.it = "Un cinque di troppo"
    hints.en = ["One five is not needed where it is."]
    hints.it = ["Uno dei cinque non serve dov'è."]

Reading checks the shape of every field and the cards, the copies and the
start table; :mod:`machiavelli_kit.puzzles.verify` then checks the answer
with the solver. Every error names the file, the puzzle and the field.

>>> text = '''
... [chapter]
... title = "Demo"
... [[puzzle]]
... id = "demo"
... title = "Demo"
... source = "here"
... rules = "bga"
... table = [["4C", "5C", "6C"]]
... hand = ["3C", "7C", "8C"]
... goal = "close"
... answer = true
... '''
>>> chapter = loads(text, "demo.toml")
>>> puzzle = chapter.puzzles[0]
>>> puzzle.position.table.notation(), str(puzzle.goal), puzzle.answer
('4C 5C 6C', 'close', True)
>>> loads(text.replace('"3C"', '"3X"'), "demo.toml")
Traceback (most recent call last):
...
machiavelli_kit.puzzles.format.PuzzleError: demo.toml, puzzle 'demo', field 'hand': '3X' is not a card: suits are ...
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomli_w

from machiavelli_kit.core.cards import Card, NotationError, format_card, format_cards, parse_card, parse_cards, quote
from machiavelli_kit.core.goal import Goal, GoalError, GoalKind
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.files import read_regular
from machiavelli_kit.i18n import (
    LANGUAGES,
    N_,
    SOURCE_LANGUAGE,
    LanguageError,
    _,
    check_language,
    language,
    ngettext,
    pgettext,
    speaking,
)

Answer = int | bool | str
DECISIONS = ("play", "restore")
TECHNIQUES = ("lay", "extend", "spare", "split", "swap", "dissolve", "chain", "identical", "impossible")
"""The grades: the rungs of the technique ladder, easiest first (what each means: :mod:`.grader`)."""
PUZZLE_KEYS = {
    "id": True, "title": True, "source": True, "rules": True, "table": True, "hand": True, "goal": True,
    "answer": True, "solution": False, "par": False, "grade": False, "effort": False, "themes": False,
    "hints": False, "story": False, "compare": False,
}  # fmt: skip
"""Every key a puzzle may have, and whether it is required."""
CHAPTER_KEYS = {"title": True, "intro": False}
PUZZLE_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
"""What a puzzle's id is written with; progress files and exports hold only such ids too."""
MAX_ID = 64
"""The longest puzzle id, in characters."""
QUESTIONS = {
    GoalKind.MAX: N_("Play as many cards from your hand as you can, or say there is no play (then you draw)."),
    GoalKind.CLOSE: N_("Can you play your whole hand? If so, show how."),
    GoalKind.DECIDE: N_("Play or draw? If you can play, show how; if not, say there is no play."),
}
"""The task of each kind of goal in words (``play:<card>`` has its own sentence)."""


class PuzzleError(ValueError):
    """A puzzle file that is not valid; the message names file, puzzle and field."""


@dataclass(frozen=True)
class Compare:
    """The answer the same position has under other rules."""

    rules: Rules
    answer: Answer


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, a goal and its answer, and what the grader says of it."""

    id: str
    title: str
    source: str
    rules: Rules
    position: Position
    goal: Goal
    answer: Answer
    solution: Table | None = None
    par: int | None = None
    grade: str | None = None
    effort: int | None = None
    themes: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    story: str = ""
    """How the position is played, told as a story (the rule documents' examples have one)."""
    compare: tuple[Compare, ...] = ()
    origin: str = field(default="", compare=False)
    """The file the puzzle was read from, for error messages."""
    titles: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The title by language, English (always there, the same as :attr:`title`) first."""
    hint_texts: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    """The hints by language, English (always there, the same as :attr:`hints`) first."""
    stories: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The story by language, English (always there, the same as :attr:`story`) first."""

    def __post_init__(self) -> None:
        # The English fields win: replace(puzzle, title=...) changes the English text.
        object.__setattr__(self, "titles", _with_english(self.titles, self.title))
        object.__setattr__(self, "hints", tuple(self.hints))
        hint_texts = {code: tuple(texts) for code, texts in self.hint_texts.items()}
        object.__setattr__(self, "hint_texts", _with_english(hint_texts, self.hints))
        object.__setattr__(self, "stories", _with_english(self.stories, self.story))

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (or the language in use), else in English."""
        return self.titles.get(language(lang), self.title)

    def hints_in(self, lang: str | None = None) -> tuple[str, ...]:
        """The hints in ``lang`` (or the language in use), else in English."""
        return self.hint_texts.get(language(lang), self.hints)

    def story_in(self, lang: str | None = None) -> str:
        """The story in ``lang`` (or the language in use), else in English."""
        return self.stories.get(language(lang), self.story)

    @property
    def feasible(self) -> bool:
        """Whether the goal can be met (for ``decide``: whether to play)."""
        return self.answer not in (0, False, "restore")

    def question(self, lang: str | None = None) -> str:
        """The task in words, in ``lang`` (or the language in use)."""
        with speaking(lang):
            if self.goal.card is not None:
                # TRANSLATORS: the task of a puzzle; {card} is a card written with its suit sign, e.g. 7♥.
                return _("Can you play {card}? If so, show how.").format(card=self.goal.card)
            return _(QUESTIONS[self.goal.kind])

    def answer_text(self, answer: Answer | None = None, lang: str | None = None) -> str:
        """The answer (or another ``answer`` to the same goal) in words, in ``lang`` (or the language in use)."""
        answer = self.answer if answer is None else answer
        with speaking(lang):
            if self.goal.kind is GoalKind.MAX:
                count = int(answer)
                if count == 0:
                    return _("no play: draw a card")
                # TRANSLATORS: the answer of a puzzle: how many cards of the hand can be played.
                return ngettext("{count} card", "{count} cards", count).format(count=count)
            if self.goal.kind is GoalKind.DECIDE:
                # TRANSLATORS: the answer of a "play or draw?" puzzle.
                return pgettext("answer", "play") if answer == "play" else pgettext("answer", "restore")
            return pgettext("answer", "yes") if answer else pgettext("answer", "no")

    def error(self, name: str, message: str) -> PuzzleError:
        """An error naming the puzzle's file, the puzzle and the field ``name`` (said in the language in use)."""
        return PuzzleError(
            _("{origin}, puzzle {puzzle}, field {field}: {message}").format(
                origin=self.origin or "<puzzle>", puzzle=quote(self.id), field=quote(name), message=message
            )
        )


@dataclass(frozen=True)
class Chapter:
    """A chapter file: its title, introduction and puzzles, in file order."""

    name: str
    title: str
    intro: str
    puzzles: tuple[Puzzle, ...]
    titles: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The title by language, English (always there, the same as :attr:`title`) first."""
    intros: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The introduction by language, English (always there, the same as :attr:`intro`) first."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "titles", _with_english(self.titles, self.title))
        object.__setattr__(self, "intros", _with_english(self.intros, self.intro))

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (or the language in use): the file's own, else the kit's catalog's (the bundled
        generated chapters' titles are marked in :mod:`.recipes`), else in English."""
        code = language(lang)
        return self.titles.get(code) or _catalog_text(self.title, code)

    def intro_in(self, lang: str | None = None) -> str:
        """The introduction in ``lang`` (or the language in use): the file's own, else the catalog's, else English."""
        code = language(lang)
        return self.intros.get(code) or _catalog_text(self.intro, code)


def _catalog_text(english: str, lang: str) -> str:
    """``english`` as the kit's catalog of ``lang`` says it, if it has it (an empty text stays empty)."""
    return _(english, lang) if english else english


def _with_english(texts: Mapping[str, Any], english: Any) -> dict[str, Any]:
    """``texts`` with ``english`` as its English text, languages in the kit's order."""
    texts = {**texts, SOURCE_LANGUAGE: english}
    return {code: texts[code] for code in LANGUAGES if code in texts}


def load(path: str | Path) -> Chapter:
    """Read one chapter file strictly (shape, cards, copies, start table, stored solution).

    The file is UTF-8 text (a byte order mark at its start is allowed).
    """
    path = Path(path)
    try:
        data = read_regular(path)
    except OSError as error:
        raise PuzzleError(_("{path}: cannot be read ({reason})").format(path=path, reason=error.strerror)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise PuzzleError(
            _("{path}: line {line} is not UTF-8 text (byte {byte}): save the file as UTF-8").format(
                path=path, line=line, byte=f"{data[error.start]:#04x}"
            )
        ) from None
    return loads(text, str(path), name=path.stem)


def loads(text: str, origin: str = "<text>", name: str = "") -> Chapter:
    """Read a chapter from TOML text; ``origin`` names it in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # TRANSLATORS: {error} is the TOML reader's own message, in English.
        raise PuzzleError(_("{origin}: not valid TOML: {error}").format(origin=origin, error=error)) from None
    except RecursionError:
        raise PuzzleError(
            _("{origin}: not valid TOML: lists or tables are nested too deeply").format(origin=origin)
        ) from None
    unknown = sorted(set(data) - {"chapter", "puzzle"})
    if unknown:
        raise PuzzleError(
            _("{origin}: unknown key {key}: a chapter file holds [chapter] and [[puzzle]]").format(
                origin=origin, key=quote(unknown[0])
            )
        )
    header = data.get("chapter")
    if not isinstance(header, dict):
        raise PuzzleError(_("{origin}: the [chapter] table with a title is missing").format(origin=origin))
    _check_keys(
        header,
        CHAPTER_KEYS,
        lambda message: PuzzleError(_("{origin}, [chapter]: {message}").format(origin=origin, message=message)),
    )

    def chapter_error(name: str, message: str) -> PuzzleError:
        return PuzzleError(
            _("{origin}, [chapter], field {field}: {message}").format(origin=origin, field=quote(name), message=message)
        )

    texts = {key: _by_language(header[key], key, chapter_error, _text) for key in header}
    items = data.get("puzzle", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise PuzzleError(_("{origin}: puzzles are written as [[puzzle]] tables").format(origin=origin))
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for number, item in enumerate(items, start=1):
        puzzle = _puzzle(item, origin, number)
        if puzzle.id in seen:
            raise puzzle.error("id", _("this id is used twice in the file"))
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    titles, intros = texts["title"], texts.get("intro", {SOURCE_LANGUAGE: ""})
    return Chapter(
        name or Path(origin).stem, titles[SOURCE_LANGUAGE], intros[SOURCE_LANGUAGE], tuple(puzzles), titles, intros
    )


def _check_keys(item: dict[str, Any], keys: dict[str, bool], error: Any) -> None:
    for key in item:
        if key not in keys:
            raise error(_("unknown key {key}: keys are {keys}").format(key=quote(key), keys=", ".join(keys)))
    for key, required in keys.items():
        if required and key not in item:
            raise error(_("the required key {key} is missing").format(key=quote(key)))


def _puzzle(item: dict[str, Any], origin: str, number: int) -> Puzzle:
    raw_id = item.get("id")
    label = raw_id if isinstance(raw_id, str) else f"#{number}"

    def error(name: str, message: str) -> PuzzleError:
        return PuzzleError(
            _("{origin}, puzzle {puzzle}, field {field}: {message}").format(
                origin=origin, puzzle=quote(label), field=quote(name), message=message
            )
        )

    def fail(message: str) -> PuzzleError:
        return PuzzleError(
            _("{origin}, puzzle {puzzle}: {message}").format(origin=origin, puzzle=quote(label), message=message)
        )

    _check_keys(item, PUZZLE_KEYS, fail)
    for key in ("id", "source", "rules", "goal"):
        if not isinstance(item[key], str):
            raise error(key, _("must be a string, not {kind}").format(kind=_kind(item[key])))
    titles = _by_language(item["title"], "title", error, _text)
    if not PUZZLE_ID.fullmatch(item["id"]):
        raise error("id", _("use lower-case letters, digits and dashes, e.g. split-3"))
    if len(item["id"]) > MAX_ID:
        message = _("an id has at most {most} characters, not {count}")
        raise error("id", message.format(most=MAX_ID, count=len(item["id"])))
    try:
        rules = Rules.parse(item["rules"])
    except RulesError as problem:
        raise error("rules", str(problem)) from None
    table = _table(item["table"], lambda message: error("table", message))
    hand = _cards(item["hand"], lambda message: error("hand", message))
    if not hand:
        raise error("hand", _("the hand is empty: a puzzle needs at least one card to play"))
    for issue in Position(table, ()).problems(rules):
        raise error("table", issue.message)
    position = Position(table, hand)
    for issue in position.problems(rules):
        raise error("hand", issue.message)
    verdict = check_table(table, rules)
    if not verdict.valid:
        problems = "; ".join(verdict.problem_lines())
        raise error("table", _("the start table is not valid: {problems}").format(problems=problems))
    goal = _goal(item["goal"], hand, lambda message: error("goal", message))
    answer = _answer(goal, item["answer"], lambda message: error("answer", message))
    optional = _optional(item, error)
    puzzle = Puzzle(
        item["id"], titles[SOURCE_LANGUAGE], item["source"], rules, position, goal, answer,
        origin=origin, compare=_compares(item.get("compare", []), goal, error), titles=titles, **optional,
    )  # fmt: skip
    if puzzle.solution is not None:
        _check_solution(puzzle, puzzle.solution)
    return puzzle


def _optional(item: dict[str, Any], error: Any) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if "solution" in item:
        values["solution"] = _table(item["solution"], lambda message: error("solution", message))
    for key in ("par", "effort"):
        if key in item:
            value = item[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise error(key, _("must be a whole number, not {value}").format(value=quote(value)))
            values[key] = value
    if "grade" in item:
        if item["grade"] not in TECHNIQUES:
            raise error(
                "grade",
                _("{value} is not a grade: grades are {grades}").format(
                    value=quote(item["grade"]), grades=", ".join(TECHNIQUES)
                ),
            )
        values["grade"] = item["grade"]
    if "themes" in item:
        values["themes"] = _texts("themes", item["themes"], error)
    if "hints" in item:
        hints = _by_language(item["hints"], "hints", error, _texts)
        english = hints[SOURCE_LANGUAGE]
        for code, texts in hints.items():
            if len(texts) != len(english):
                raise error(
                    f"hints.{code}",
                    ngettext(
                        "{count} hint here but {english} in English: give every language the same hints, in order",
                        "{count} hints here but {english} in English: give every language the same hints, in order",
                        len(texts),
                    ).format(count=len(texts), english=len(english)),
                )
        values["hints"], values["hint_texts"] = english, hints
    if "story" in item:
        stories = _by_language(item["story"], "story", error, _text)
        values["story"], values["stories"] = stories[SOURCE_LANGUAGE], stories
    return values


Check = Callable[[str, Any, Callable[[str, str], PuzzleError]], Any]


def _text(name: str, value: Any, error: Callable[[str, str], PuzzleError]) -> str:
    if not isinstance(value, str):
        raise error(name, _("must be a string, not {kind} {value}").format(kind=_kind(value), value=quote(value)))
    return value


def _texts(name: str, value: Any, error: Callable[[str, str], PuzzleError]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise error(name, _("must be a list of strings"))
    return tuple(value)


def _by_language(value: Any, name: str, error: Callable[[str, str], PuzzleError], check: Check) -> dict[str, Any]:
    """A text written once, in English, or as a table by language (``title.en``, ``title.it``), English required."""
    if not isinstance(value, dict):
        return {SOURCE_LANGUAGE: check(name, value, error)}
    for key in value:
        try:
            code = check_language(key)
        except LanguageError as problem:
            raise error(f"{name}.{key}", str(problem)) from None
        if code != key:
            raise error(f"{name}.{key}", _("write the language as its code, {code}").format(code=code))
    if SOURCE_LANGUAGE not in value:
        raise error(
            name,
            _("the English text is missing: write {key} = ... next to the other languages").format(
                key=f"{name}.{SOURCE_LANGUAGE}"
            ),
        )
    return {code: check(f"{name}.{code}", value[code], error) for code in LANGUAGES if code in value}


def _compares(items: Any, goal: Goal, error: Any) -> tuple[Compare, ...]:
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise error("compare", _("write each comparison as a [[puzzle.compare]] table with rules and answer"))
    compares = []
    for item in items:
        _check_keys(item, {"rules": True, "answer": True}, lambda message: error("compare", message))
        try:
            rules = Rules.parse(str(item["rules"]))
        except RulesError as problem:
            raise error("compare", str(problem)) from None
        compares.append(Compare(rules, _answer(goal, item["answer"], lambda message: error("compare", message))))
    return tuple(compares)


def _table(value: Any, error: Any) -> Table:
    if not isinstance(value, list) or not all(isinstance(meld, list) for meld in value):
        raise error(_('write the melds as a list of lists of cards, e.g. [["5S", "5H", "5D"], ["6H", "7H", "8H"]]'))
    for meld in value:
        _strings(meld, error)
    try:
        return Table.parse(value)
    except NotationError as problem:
        raise error(str(problem)) from None


def _cards(value: Any, error: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise error(_('write the cards as a list, e.g. ["8H", "9H"]'))
    _strings(value, error)
    try:
        return parse_cards(value)
    except NotationError as problem:
        raise error(str(problem)) from None


def _strings(values: list[Any], error: Any) -> None:
    for value in values:
        if not isinstance(value, str):
            raise error(
                _('cards are strings such as "10H", not {kind} {value}').format(kind=_kind(value), value=quote(value))
            )
        _one_notation(value, error)


def _one_notation(token: str, error: Any) -> None:
    """A file's cards are in the one notation in every language: ``7D``, never the Italian ``7Q`` a learner may type."""
    try:
        parse_card(token, SOURCE_LANGUAGE)
    except NotationError:
        try:
            parse_card(token)
        except NotationError:
            return  # not a card in any language: the parser says why, in the language in use
        raise error(
            # TRANSLATORS: {card} is a card written with an Italian suit letter (7Q); files use S, H, D, C only.
            _("{card}: a puzzle file writes suits as S, H, D, C (or ♠ ♥ ♦ ♣), the same in every language").format(
                card=quote(token)
            )
        ) from None


def _goal(text: str, hand: tuple[Card, ...], error: Any) -> Goal:
    if text.strip() not in ("max", "close", "decide"):
        _one_notation(re.split(r"[:-]", text)[-1], error)
    try:
        goal = Goal.parse(text)
    except GoalError as problem:
        raise error(str(problem)) from None
    if goal.card is not None and goal.card not in hand:
        raise error(_("{card} is not in the hand").format(card=format_card(goal.card)))
    return goal


def _answer(goal: Goal, value: Any, error: Any) -> Answer:
    if goal.kind is GoalKind.MAX:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise error(
                _("for goal max the answer is the number of cards playable (0: restore), not {value}").format(
                    value=quote(value)
                )
            )
        return value
    if goal.kind is GoalKind.DECIDE:
        if value not in DECISIONS:
            raise error(_('for goal decide the answer is "play" or "restore", not {value}').format(value=quote(value)))
        return str(value)
    if not isinstance(value, bool):
        raise error(_("for goal {goal} the answer is true or false, not {value}").format(goal=goal, value=quote(value)))
    return value


def _kind(value: Any) -> str:
    """What kind of TOML value ``value`` is, in words, as said in "must be a string, not a number"."""
    # TRANSLATORS: kinds of values in a TOML file, said after "not" in "must be a string, not a number".
    kinds = {
        bool: pgettext("not a", "a boolean"),
        int: pgettext("not a", "a number"),
        float: pgettext("not a", "a number"),
        list: pgettext("not a", "a list"),
        dict: pgettext("not a", "a table"),
    }
    return kinds.get(type(value), pgettext("not a", "a string"))


def _check_solution(puzzle: Puzzle, table: Table) -> None:
    """A stored solution must be a valid turn that reaches the stored answer."""
    played = table.cards() - puzzle.position.table.cards()
    rest = Counter(puzzle.position.hand) - played
    verdict = check_turn(puzzle.position, Position(table, tuple(rest.elements())), puzzle.rules)
    if not puzzle.feasible:
        raise puzzle.error("solution", _("the answer says no play is possible, so leave the solution out"))
    if not verdict.valid:
        raise puzzle.error("solution", "; ".join(verdict.problem_lines()))
    count = sum(played.values())
    if puzzle.goal.kind is GoalKind.MAX and count != puzzle.answer:
        message = ngettext(
            "it plays {count} card but the answer is {answer}",
            "it plays {count} cards but the answer is {answer}",
            count,
        )
        raise puzzle.error("solution", message.format(count=count, answer=puzzle.answer))
    if puzzle.goal.kind is GoalKind.CLOSE and rest:
        raise puzzle.error(
            "solution", _("it leaves {cards} in the hand").format(cards=format_cards(sorted(rest.elements())))
        )
    card = puzzle.goal.card
    if card is not None and not played[card]:
        raise puzzle.error("solution", _("it does not play {card}").format(card=format_card(card)))


def keep_translations(chapter: Chapter, earlier: Chapter) -> Chapter:
    """``chapter`` with the translations ``earlier`` gives of the same English texts.

    The generator words each puzzle's title and hints in every language of the
    catalogs (a better catalog makes better puzzle texts at the next run); the
    file's translations fill in what it does not word: a title, intro or story
    whose English is unchanged keeps its translations, and so do the hints of a
    language that has every one of the puzzle's English hints. A changed English
    text without the generator's words falls back to English.

    >>> old = loads('[chapter]\\ntitle.en = "Runs"\\ntitle.it = "Scale"\\n', "a.toml")
    >>> keep_translations(loads('[chapter]\\ntitle = "Runs"\\n', "a.toml"), old).title_in("it")
    'Scale'
    """
    texts: dict[str, dict[str, str]] = {}
    hints: dict[str, dict[str, str]] = {}

    def learn(phrases: dict[str, dict[str, str]], translations: Mapping[str, str]) -> None:
        for code, text in translations.items():
            phrases.setdefault(translations[SOURCE_LANGUAGE], {}).setdefault(code, text)

    learn(texts, earlier.titles)
    learn(texts, earlier.intros)
    for puzzle in earlier.puzzles:
        learn(texts, puzzle.titles)
        learn(texts, puzzle.stories)
        for number in range(len(puzzle.hints)):
            learn(hints, {code: sentences[number] for code, sentences in puzzle.hint_texts.items()})

    def translated(english: str) -> dict[str, str]:
        return texts.get(english, {}) if english else {}

    def hint_texts(puzzle: Puzzle) -> dict[str, tuple[str, ...]]:
        found = [hints.get(sentence, {}) for sentence in puzzle.hints]
        codes = [code for code in LANGUAGES if puzzle.hints and all(code in each for each in found)]
        return {code: tuple(each[code] for each in found) for code in codes}

    puzzles = tuple(
        replace(
            puzzle,
            titles={**translated(puzzle.title), **puzzle.titles},
            hint_texts={**hint_texts(puzzle), **puzzle.hint_texts},
            stories={**translated(puzzle.story), **puzzle.stories},
        )
        for puzzle in chapter.puzzles
    )
    return replace(chapter, puzzles=puzzles, titles=translated(chapter.title), intros=translated(chapter.intro))


def dump(chapter: Chapter) -> str:
    """Write a chapter as TOML that :func:`loads` reads back equal (one meld per table entry).

    A text given in English only is written ``key = ...``; one given in other
    languages too is written one ``key.<language> = ...`` line per language.

    Strings are written by tomli-w, so any text (quotes, backslashes, control
    characters) comes back unchanged.
    """
    lines = ["[chapter]", *_by_language_lines("title", chapter.titles, _string)]
    if chapter.intro or len(chapter.intros) > 1:
        lines += _by_language_lines("intro", chapter.intros, _string)
    for puzzle in chapter.puzzles:
        lines += ["", "[[puzzle]]", f"id = {_string(puzzle.id)}", *_by_language_lines("title", puzzle.titles, _string)]
        lines += [f"source = {_string(puzzle.source)}", f"rules = {_string(str(puzzle.rules))}"]
        lines.append(f"table = {_melds(meld.cards for meld in puzzle.position.table.melds)}")
        lines.append(f"hand = {_list(puzzle.position.hand)}")
        lines.append(f"goal = {_string(str(puzzle.goal))}")
        lines.append(f"answer = {_value(puzzle.answer)}")
        if puzzle.solution is not None:
            lines.append(f"solution = {_melds(meld.cards for meld in puzzle.solution.melds)}")
        for key in ("par", "grade", "effort"):
            if getattr(puzzle, key) is not None:
                lines.append(f"{key} = {_value(getattr(puzzle, key))}")
        if puzzle.themes:
            lines.append(f"themes = {_strings_list(puzzle.themes)}")
        if puzzle.hints or len(puzzle.hint_texts) > 1:
            lines += _by_language_lines("hints", puzzle.hint_texts, _strings_list)
        if puzzle.story or len(puzzle.stories) > 1:
            lines += _by_language_lines("story", puzzle.stories, _string)
        for compare in puzzle.compare:
            lines += ["", "[[puzzle.compare]]", f"rules = {_string(str(compare.rules))}"]
            lines.append(f"answer = {_value(compare.answer)}")
    return "\n".join(lines) + "\n"


def _by_language_lines(key: str, texts: Mapping[str, Any], write: Callable[[Any], str]) -> list[str]:
    """``key = "..."`` when there is only English, else one ``key.<language> = ...`` line per language."""
    if len(texts) == 1:
        return [f"{key} = {write(texts[SOURCE_LANGUAGE])}"]
    return [f"{key}.{code} = {write(text)}" for code, text in texts.items()]


def _strings_list(texts: Iterable[str]) -> str:
    return f"[{', '.join(_string(text) for text in texts)}]"


def _string(text: str) -> str:
    """``text`` as a TOML string, escaped by tomli-w (which writes a one-key document ``s = "..."``)."""
    return tomli_w.dumps({"s": text}).removeprefix("s = ").removesuffix("\n")


def _value(value: Answer) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else _string(value)


def _list(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(_string(format_card(card)) for card in cards) + "]"


def _melds(melds: Iterable[Iterable[Card]]) -> str:
    return "[" + ", ".join(_list(meld) for meld in melds) + "]"
