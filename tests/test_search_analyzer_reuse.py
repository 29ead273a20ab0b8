"""The analyzer works out each dictionary word's shape once and reuses it (and texts'
analyses are remembered): the words must be exactly those a fresh, morpheme-by-morpheme
reading of Sudachi's output gives, whatever was analysed before."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, CR_FILE, needs_cr

from kb.normalize import fold, fold_with_offsets
from kb.search.analyzer import (
    DROPPED_POS,
    POWER_TOUGHNESS_RE,
    Analysis,
    Part,
    Word,
    chunks,
    forget_dictionaries,
    sudachi_tokenizer,
)
from kb.search.layout import DICTIONARY_FILE, SEARCH_DIR


def fresh_words(text: str, user_dictionary: str | None, readings: bool) -> list[Word]:
    """Every word of ``text`` read straight from Sudachi, one morpheme at a time, with
    nothing kept between morphemes or texts (the analyzer's contract, spelled out)."""
    from sudachipy import SplitMode

    tokenizer = sudachi_tokenizer(user_dictionary)
    folded, starts, ends = fold_with_offsets(text)

    def sudachi(begin: int, stop: int) -> list[Word]:
        found = []
        for base, chunk in chunks(folded[begin:stop]):
            base += begin
            for m in tokenizer.tokenize(chunk):
                first, last = base + m.begin(), base + m.end()
                if first == last:
                    continue
                split = m.split(SplitMode.A) if last - first > 1 else []
                parts = tuple(Part(fold(s.normalized_form()), starts[base + s.begin()],
                                   ends[base + s.end() - 1])
                              for s in split
                              if s.part_of_speech()[0] not in DROPPED_POS and s.end() > s.begin())
                start, end = starts[first], ends[last - 1]
                found.append(Word(fold(m.normalized_form()) or folded[first:last],
                                  text[start:end], start, end, tuple(m.part_of_speech()),
                                  m.reading_form() if readings else "", m.is_oov(),
                                  parts if len(split) > 1 and len(parts) > 1 else ()))
        return found

    words: list[Word] = []
    position = 0
    for match in POWER_TOUGHNESS_RE.finditer(folded):
        words += sudachi(position, match.start())
        start, stop = starts[match.start()], ends[match.end() - 1]
        words.append(Word(match.group(0), text[start:stop], start, stop,
                          ("名詞", "数詞", "*", "*", "*", "*"), match.group(0), False))
        position = match.end()
    return words + sudachi(position, len(folded))


def corpus_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((CORPUS / "wiki").glob("*.txt"))]
    return [line for text in texts for line in text.splitlines() if line.strip()]


def check(texts: list[str], user_dictionary: str | None, readings: bool) -> None:
    forget_dictionaries()
    analysis = Analysis(user_dictionary, readings)
    # Twice: the second pass takes every shape (and the short texts) from what the
    # first kept; both must be what a fresh reading gives.
    for _ in range(2):
        for text in texts:
            assert analysis.words(text) == fresh_words(text, user_dictionary, readings), text
    forget_dictionaries()


def test_wiki_words_are_those_of_a_fresh_reading() -> None:
    check(corpus_texts(), None, False)


def test_readings_are_those_of_a_fresh_reading() -> None:
    check([*corpus_texts()[:200], "オモテ向き", "栄光の頌歌", "+1/+1カウンター"], None, True)


def test_user_dictionary_words_are_those_of_a_fresh_reading(search_seed_build: Path) -> None:
    dictionary = str(search_seed_build / SEARCH_DIR / DICTIONARY_FILE)
    check(corpus_texts(), dictionary, False)


@needs_cr
@pytest.mark.parametrize("whole", [False, True], ids=["lines", "whole-file"])
def test_cr_words_are_those_of_a_fresh_reading(whole: bool) -> None:
    text = CR_FILE.read_text(encoding="utf-8")
    check([text] if whole else [line for line in text.splitlines() if line.strip()], None, False)


def test_direct_postings_are_whooshs(search_seed_build: Path) -> None:
    """The index stage's terms taken straight from the words (field_postings) are those
    Whoosh's token pipeline gives, field by field: terms, counts, weights, positions and
    character spans, in order."""
    from kb.search.analyzer import field_postings
    from kb.search.document import FIELDS
    from kb.search.english import ENGLISH_FIELD
    from kb.search.index import make_schema

    schema = make_schema(str(search_seed_build / SEARCH_DIR / DICTIONARY_FILE))
    assert field_postings(schema[ENGLISH_FIELD]) is None
    texts = [*corpus_texts(), "状況起因処理で栄光の頌歌をフェイズ・アウトする", "+1/+1カウンター2つ", "", "。"]
    for name in FIELDS:
        direct = field_postings(schema[name])
        assert direct is not None
        for text in texts:
            assert direct(text) == list(schema[name].index(text)), (name, text)
