"""Japanese analysis: SudachiPy words with offsets into the original text, as Whoosh tokens.

Text is folded first (:func:`kb.normalize.fold_with_offsets`: width, case, middle dots,
stray spaces), cut into chunks Sudachi accepts, and split into mode-C words.  Each word
carries its normalized form (the index term), its span in the *original* text (so a
highlight lands on ﾌｪｲｽﾞ･ｱｳﾄ as typed), its part of speech, and, for a compound, its
mode-A units, so that a partial query (頌歌, 状況) still matches 栄光の頌歌 or 状況起因処理.

For Whoosh the same words flow through ``SudachiTokenizer() | FunctionWordFilter() |
CompoundFilter()``: the tokenizer yields every word, the first filter drops particles,
symbols and whitespace, and the last adds the mode-A units and numbers positions.
Writing the index, :func:`field_postings` gives the same terms straight from the words
(without a Whoosh token each).  Sudachi's per-morpheme answers for a dictionary word are
read once per dictionary (:func:`_morpheme_shape`): a build meets some ten thousand
distinct words in half a million morphemes.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, NamedTuple

from whoosh.analysis import Composable, Filter, Token, Tokenizer

from kb.build.reuse import Memo
from kb.errors import KbError
from kb.normalize import fold, fold_with_offsets

MAX_CHUNK_BYTES = 48_000
"""Sudachi refuses more than 49,149 bytes in one call; stay safely below."""
_CHUNK_CHARS = MAX_CHUNK_BYTES // 4
"""A UTF-8 character takes at most four bytes, so this many characters always fit."""

DROPPED_POS = frozenset({"補助記号", "空白", "助詞", "助動詞"})
"""Parts of speech never indexed: punctuation, whitespace, particles, auxiliaries."""
WEAK_POS = frozenset({"代名詞", "連体詞", "接続詞", "感動詞"})
"""Indexed, but a query does not require them (それ, その, また)."""

Role = Literal["content", "weak", "dropped"]

POWER_TOUGHNESS_RE = re.compile(
    r"(?<![0-9a-z./+-])[+-]?(?:[0-9]{1,2}|x|\*)/[+-]?(?:[0-9]{1,2}|x|\*)(?![0-9a-z./])")
"""2/2, +1/+1, -1/-1, */*, +x/+0 in folded text (not a date like 2024/1/5)."""


class Part(NamedTuple):
    """A mode-A unit of a compound word."""

    text: str
    start: int
    end: int


class Word(NamedTuple):
    """One mode-C word of the analysed text (a tuple: millions are made per build)."""

    text: str
    """The folded normalized form: what the index stores and the query looks up."""
    surface: str
    """As written in the original text."""
    start: int
    end: int
    """Span in the original text."""
    pos: tuple[str, ...]
    """The six part-of-speech fields (名詞, 普通名詞, 一般, *, *, *)."""
    reading: str
    """Empty unless the analysis was asked for readings (only the vocabulary needs them)."""
    oov: bool
    parts: tuple[Part, ...] = ()
    """The mode-A units (only kept ones), when the word splits into more than one."""

    @property
    def role(self) -> Role:
        if self.pos[0] in DROPPED_POS:
            return "dropped"
        if self.pos[0] in WEAK_POS or self.pos[1] == "非自立可能":
            return "weak"
        return "content"

    @property
    def units(self) -> tuple[str, ...]:
        """The mode-A unit texts, or the word itself when it does not split."""
        return tuple(p.text for p in self.parts) if self.parts else (self.text,)


# Sudachi dictionaries are large and immutable: one per user dictionary per process.
_SUDACHI: dict[str, Any] = {}


def dictionary_identity(user_dictionary: str | None) -> str:
    """The file itself (device, inode, size, modification time), whatever path names it:
    a rebuilt dictionary at the same path is new, and one build's dictionary reached
    through a pinned build's ``/proc/self/fd/N/…`` (a different N each time) is the same."""
    if user_dictionary is None:
        return ""
    try:
        stat = Path(user_dictionary).stat()
    except OSError:
        return user_dictionary
    return f"{stat.st_dev}:{stat.st_ino}\0{stat.st_size}\0{stat.st_mtime_ns}"


def sudachi_tokenizer(user_dictionary: str | None = None) -> Any:
    """A mode-C Sudachi tokenizer on sudachidict_core, with the user dictionary if given."""
    identity = dictionary_identity(user_dictionary)
    found = _SUDACHI.get(identity)
    if found is None:
        from sudachipy import Dictionary, SplitMode

        config = None
        if user_dictionary is not None:
            # Not resolve(): a pinned build's /proc/self/fd/N path must stay one.
            config = json.dumps({"userDict": [str(Path(user_dictionary).absolute())]})
        dictionary = Dictionary(dict="core", config=config)
        found = _SUDACHI[identity] = dictionary.tokenizer(mode=SplitMode.C)
    return found


def forget_dictionaries() -> None:
    """Drop the cached Sudachi dictionaries (a build is done with the system-only one)."""
    _SUDACHI.clear()
    _POS.clear()
    _KNOWN.clear()
    _memo_words.cache_clear()


_POS: dict[str, dict[int, tuple[str, ...]]] = {}


def _pos_table(identity: str) -> dict[int, tuple[str, ...]]:
    """Part-of-speech tuples by id, per dictionary: Sudachi builds a new tuple per call."""
    return _POS.setdefault(identity, {})


_STORE: Memo | None = None
"""Where :func:`remembered_words` keeps analyses across builds, while it is in effect."""


@contextlib.contextmanager
def remembered_words(store: Memo) -> Iterator[None]:
    """Within this block, short texts analysed by the system dictionary alone (the
    vocabulary's terms and names) are taken from and kept in ``store``, so a rebuild
    analyses only what it has not seen.  The store belongs to one program and system
    dictionary (:mod:`kb.build.reuse` keys it by their fingerprint)."""
    global _STORE
    previous, _STORE = _STORE, store
    try:
        yield
    finally:
        _STORE = previous


_MEMO_CHARS = 120
"""Texts up to this long are analysed once per process (words are immutable)."""


@functools.lru_cache(maxsize=16384)
def _memo_words(user_dictionary: str | None, identity: str, readings: bool,
                text: str) -> tuple[Word, ...]:
    return tuple(Analysis(user_dictionary, readings)._words(text))


class Analysis:
    """Turns text into :class:`Word` records; the Sudachi tokenizer is made on first use."""

    def __init__(self, user_dictionary: str | None = None, readings: bool = False):
        self.user_dictionary = user_dictionary
        self.readings = readings
        self._identity: str | None = None

    @property
    def identity(self) -> str:
        """The dictionary's identity, read once (an analysis outlives no rebuild)."""
        if self._identity is None:
            self._identity = dictionary_identity(self.user_dictionary)
        return self._identity

    def words(self, text: str) -> list[Word]:
        """Every word of ``text`` (dropped ones too), spans in ``text``."""
        if _STORE is not None and self.user_dictionary is None and len(text) <= _MEMO_CHARS:
            return self._stored_words(_STORE, text)
        if len(text) <= _MEMO_CHARS:
            # Headings and parent titles repeat across thousands of documents.
            return list(_memo_words(self.user_dictionary, self.identity, self.readings, text))
        return self._words(text)

    def _stored_words(self, store: Memo, text: str) -> list[Word]:
        key = ("R" if self.readings else "N") + text
        found = store.get(key)
        if isinstance(found, list):
            return [Word(w[0], w[1], w[2], w[3], tuple(w[4]), w[5], w[6],
                         tuple(Part(*p) for p in w[7])) for w in found]
        words = list(_memo_words(None, self.identity, self.readings, text))
        store.put(key, [[w.text, w.surface, w.start, w.end, list(w.pos), w.reading, w.oov,
                         [list(p) for p in w.parts]] for w in words])
        return words

    def _words(self, text: str) -> list[Word]:
        folded, starts, ends = fold_with_offsets(text)
        words: list[Word] = []
        position = 0
        # Power/toughness (2/2, +1/+1, -x/-0) is one word: Sudachi would keep only the digits.
        for match in POWER_TOUGHNESS_RE.finditer(folded):
            words.extend(self._sudachi_words(text, folded, starts, ends, position, match.start()))
            start, stop = starts[match.start()], ends[match.end() - 1]
            words.append(Word(match.group(0), text[start:stop], start, stop,
                              ("名詞", "数詞", "*", "*", "*", "*"), match.group(0), False))
            position = match.end()
        words.extend(self._sudachi_words(text, folded, starts, ends, position, len(folded)))
        return words

    def _sudachi_words(self, text: str, folded: str, starts: list[int], ends: list[int],
                       begin: int, stop: int) -> Iterator[Word]:
        tokenizer = sudachi_tokenizer(self.user_dictionary)
        known = _known_table(self.identity, self.readings)
        pos_of = _pos_table(self.identity)
        readings = self.readings
        for base, chunk in chunks(folded[begin:stop]):
            base += begin
            for morpheme in tokenizer.tokenize(chunk):
                first, last = morpheme.begin(), morpheme.end()
                if first == last:
                    continue
                # A dictionary word spelled alike comes out alike wherever it stands:
                # its shape (form, part of speech, units) is worked out once.
                key = None if morpheme.is_oov() else (
                    morpheme.dictionary_id(), morpheme.word_id(), chunk[first:last])
                found = known.get(key) if key is not None else None
                if found is None:
                    found = _morpheme_shape(morpheme, chunk, first, last, pos_of, readings)
                    if key is not None:
                        known[key] = found
                first += base
                start, end = starts[first], ends[base + last - 1]
                word_text, pos, reading, oov, units = found
                yield Word(word_text, text[start:end], start, end, pos, reading, oov,
                           tuple(Part(unit, starts[first + at], ends[first + to])
                                 for unit, at, to in units) if units else ())

    def kept(self, text: str) -> list[Word]:
        """The words an index holds: without particles, symbols and whitespace."""
        return [w for w in self.words(text) if w.role != "dropped"]


@functools.lru_cache(maxsize=65536)
def _fold_word(normalized: str) -> str:
    """Sudachi's normalized form, folded like the text (case, width); words repeat."""
    return fold(normalized)


_Shape = tuple[str, tuple[str, ...], str, bool, tuple[tuple[str, int, int], ...]]
"""A morpheme as :class:`Word` needs it, spans relative to its start: the folded
normalized form, the part of speech, the reading, OOV or not, and the kept mode-A units
as (form, first character, last character)."""

_KNOWN: dict[tuple[str, bool], dict[tuple[int, int, str], _Shape]] = {}


def _known_table(identity: str, readings: bool) -> dict[tuple[int, int, str], _Shape]:
    """Shapes of dictionary words by (dictionary, word id, surface), per dictionary."""
    return _KNOWN.setdefault((identity, readings), {})


def _morpheme_shape(morpheme: Any, chunk: str, first: int, last: int,
                    pos_of: dict[int, tuple[str, ...]], readings: bool) -> _Shape:
    units: tuple[tuple[str, int, int], ...] = ()
    # A one-character word cannot split: spare the call (most particles).
    split = morpheme.split(_split_a()) if last - first > 1 else ()
    if len(split) > 1:
        units = tuple(
            (_fold_word(m.normalized_form()), m.begin() - first, m.end() - 1 - first)
            for m in split
            if m.part_of_speech()[0] not in DROPPED_POS and m.end() > m.begin()
        )
        if len(units) < 2:
            units = ()
    pos_id = morpheme.part_of_speech_id()
    pos = pos_of.get(pos_id)
    if pos is None:
        pos = pos_of[pos_id] = tuple(morpheme.part_of_speech())
    return (_fold_word(morpheme.normalized_form()) or chunk[first:last], pos,
            morpheme.reading_form() if readings else "", morpheme.is_oov(), units)


@functools.cache
def _split_a() -> Any:
    from sudachipy import SplitMode

    return SplitMode.A


def name_key(words: list[Word]) -> str:
    """Words as one comparable string: a query equal to a name has the same key."""
    return " ".join(w.text for w in words)


def chunks(folded: str) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` of at most :data:`MAX_CHUNK_BYTES`, cut after 。 or a space."""
    start = 0
    while start < len(folded):
        end = start + _CHUNK_CHARS
        if end < len(folded):
            cut = max(folded.rfind("。", start + _CHUNK_CHARS // 2, end),
                      folded.rfind(" ", start + _CHUNK_CHARS // 2, end))
            if cut > start:
                end = cut + 1
        yield start, folded[start:end]
        start = end


# -- Whoosh -----------------------------------------------------------------------------


class SudachiTokenizer(Tokenizer):  # type: ignore[misc]
    """Whoosh tokenizer: every Sudachi word, with its POS, parts and original offsets.

    Whoosh pickles the schema, analyzer included, into the index.  The Sudachi objects
    cannot be pickled, so ``__getstate__`` leaves them out and they are rebuilt on first
    use; ``__setstate__`` gives defaults for anything an older pickle lacks.  The user
    dictionary is remembered by path and by digest: a build is written in a temporary
    directory and moved, and may be moved again, so on first use a dictionary registered
    with the same digest (:func:`register_user_dictionary`, done by ``open_index``) wins
    over the remembered path.
    """

    def __init__(self, user_dictionary: str | None = None, digest: str | None = None):
        self.user_dictionary = user_dictionary
        self.digest = digest
        self._analysis: Analysis | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_analysis"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.user_dictionary = None
        self.digest = None
        self.__dict__.update(state)
        self._analysis = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SudachiTokenizer) and (other.digest, other.user_dictionary) == (
            self.digest, self.user_dictionary)

    def __hash__(self) -> int:
        return hash((SudachiTokenizer, self.digest, self.user_dictionary))

    @property
    def analysis(self) -> Analysis:
        if self._analysis is None:
            self._analysis = Analysis(self._dictionary_path())
        return self._analysis

    def _dictionary_path(self) -> str | None:
        if self.digest is not None and self.digest in _REGISTERED:
            return _REGISTERED[self.digest]
        if self.user_dictionary is None or Path(self.user_dictionary).is_file():
            return self.user_dictionary
        raise KbError("the index's user dictionary is not where it was built; open the index "
                      "with kb.search.index.open_index", self.user_dictionary)

    def __call__(self, value: str, positions: bool = False, chars: bool = False,
                 keeporiginal: bool = False, removestops: bool = True, start_pos: int = 0,
                 start_char: int = 0, tokenize: bool = True, mode: str = "",
                 **kwargs: Any) -> Iterator[Token]:
        for word in self.analysis.words(value):
            token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
            token.text = word.text
            token.word = word
            token.boost = 1.0
            if keeporiginal:
                token.original = word.surface
            if chars:
                token.startchar = start_char + word.start
                token.endchar = start_char + word.end
            yield token


class FunctionWordFilter(Filter):  # type: ignore[misc]
    """Drops particles, auxiliaries, punctuation and whitespace."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FunctionWordFilter)

    def __hash__(self) -> int:
        return hash(FunctionWordFilter)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            if token.word.role != "dropped":
                yield token


class CompoundFilter(Filter):  # type: ignore[misc]
    """Adds the parts of each compound and numbers positions.

    A compound of units u1…uk at position p also yields each unit (u1 at p, u2 at p+1,
    …) and each run of two or more units that is shorter than the whole, joined (u1u2
    at p): so 頌歌 finds 栄光の頌歌 and フェイズアウト finds フェイズ・アウト状態 by a
    plain term lookup.  The next word follows the last unit.
    """

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CompoundFilter)

    def __hash__(self) -> int:
        return hash(CompoundFilter)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        position = 0
        for token in tokens:
            word: Word = token.word
            token.pos = position
            yield token
            emitted = {word.text}
            for first, last, text in unit_runs(word):
                if text in emitted:
                    continue
                emitted.add(text)
                extra = token.copy()
                extra.text = text
                extra.pos = position + first
                if token.chars:
                    base = token.startchar - word.start
                    extra.startchar = base + word.parts[first].start
                    extra.endchar = base + word.parts[last].end
                yield extra
            position += max(1, len(word.parts))


def unit_runs(word: Word) -> Iterator[tuple[int, int, str]]:
    """``(first, last, joined text)`` for every run of a compound's units but the whole."""
    count = len(word.parts)
    for length in range(1, count):
        for first in range(count - length + 1):
            last = first + length - 1
            yield first, last, "".join(p.text for p in word.parts[first:last + 1])


def field_postings(field: Any) -> Callable[[str], list[tuple[bytes, int, float, bytes]]] | None:
    """For a text field analysed by :func:`japanese_analyzer`, a function giving what
    ``field.index(text)`` gives (term, frequency, weight, encoded positions and character
    spans, in Whoosh's order) straight from the words, without a Whoosh token per word
    and per compound unit: the index stage's analysis spent as long on those as on
    Sudachi.  None for any other field."""
    from whoosh.formats import Characters, Positions

    items: list[Any] = list(getattr(field.analyzer, "items", ()))
    if [type(item) for item in items] != [SudachiTokenizer, FunctionWordFilter, CompoundFilter] \
            or type(field.format) not in (Positions, Characters):
        return None
    tokenizer: SudachiTokenizer = items[0]
    chars = type(field.format) is Characters
    encode, boost = field.format.encode, field.format.field_boost

    def index(text: str) -> list[tuple[bytes, int, float, bytes]]:
        # As CompoundFilter numbers them: a word at p, its unit runs from p on.
        seen: dict[str, list[Any]] = {}
        position = 0
        for word in tokenizer.analysis.words(text):
            if word.pos[0] in DROPPED_POS:
                continue
            seen.setdefault(word.text, []).append(
                (position, word.start, word.end) if chars else position)
            if word.parts:
                emitted = {word.text}
                for first, last, unit in unit_runs(word):
                    if unit not in emitted:
                        emitted.add(unit)
                        seen.setdefault(unit, []).append(
                            (position + first, word.parts[first].start, word.parts[last].end)
                            if chars else position + first)
            position += max(1, len(word.parts))
        return [(term.encode("utf-8"), len(found), float(len(found)) * boost, encode(found))
                for term, found in seen.items()]

    return index


def japanese_analyzer(user_dictionary: str | None = None, digest: str | None = None) -> Composable:
    """The analyzer every text field of the index uses."""
    return SudachiTokenizer(user_dictionary, digest) | FunctionWordFilter() | CompoundFilter()


_REGISTERED: dict[str, str] = {}


def dictionary_digest(path: str | Path) -> str:
    """A short digest of a compiled user dictionary's bytes."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]


def register_user_dictionary(path: str | Path) -> str:
    """Tell unpickled analyzers where the dictionary with this content is now."""
    digest = dictionary_digest(path)
    _REGISTERED[digest] = str(path)
    return digest
