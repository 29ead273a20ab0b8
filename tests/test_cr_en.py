"""The English CR reader: on every one of the 110 real releases, and on small fixtures in
our own words for each encoding, line end, layout and misprint the real files have."""

from __future__ import annotations

import codecs
import re
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from kb.errors import KbError
from kb.rulenum import Level, RuleNumber
from kb.sources.cr_en import (
    EnglishRelease,
    parse_cr_en,
    read_cr_en,
    read_cr_en_many,
    release_files,
)
from kb.textio import decode_western

ROOT = Path(__file__).resolve().parent.parent
CR_EN = ROOT.parent / "shared" / "data" / "cr-en"
RELEASE_FILES = sorted(CR_EN.glob("[12][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].txt"))
needs_cr_en = pytest.mark.skipif(len(RELEASE_FILES) != 110,
                                 reason=f"the 110 English CR releases are not in {CR_EN}")

MISNAMED = {"2006-06-01": "2004-06-01"}
"""The archive's file of this name holds the release its own line names (its source URL
was MagicCompRules060104, June 1 2004, read as 2006-06-01)."""
TRUNCATED = {"2013-02-01"}
"""The archived copy ends inside the glossary."""


def _simple_counts(path: Path) -> Counter[str]:
    """Numbered body lines counted with a deliberately simple scan, to check the reader:
    decoded independently of kb.textio, lines starting with a number between the first
    "100.1" and the last "Glossary" line."""
    data = path.read_bytes()
    if data.startswith(codecs.BOM_UTF8):
        text = data[3:].decode("utf-8")
    elif data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        text = data.decode("utf-16")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252")
    lines = [ln.strip() for ln in re.split(r"\r\n|\r|\n", text)]
    start = next(i for i, ln in enumerate(lines) if re.match(r"100\.1\.? ", ln))
    end = max(i for i, ln in enumerate(lines) if ln == "Glossary")
    wrapped = max(len(ln) for ln in lines[start:end]) < 120
    counts: Counter[str] = Counter()
    for i in range(start, end):
        if wrapped and lines[i - 1]:  # a wrapped paragraph's later lines start no rule
            continue
        if re.match(r"\d{3}\.(\s?\d+)?[a-z]\.? ", lines[i]):
            counts["subrule"] += 1
        elif re.match(r"\d{3}\.\d+\.? ?", lines[i]):
            counts["rule"] += 1
    return counts


# -- the real releases ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def releases() -> dict[str, EnglishRelease]:
    return {path.stem: read_cr_en(path) for path in RELEASE_FILES}


@needs_cr_en
def test_every_release_reads_with_sane_counts(releases: dict[str, EnglishRelease]) -> None:
    assert len(releases) == 110
    previous_rules = 0
    for name, release in releases.items():
        levels = Counter(e.number.level for e in release.entries)
        assert 5 <= levels[Level.SECTION] <= 9, name
        assert 60 <= levels[Level.CHAPTER] <= 160, name
        assert 250 <= levels[Level.RULE] <= 1300, name
        assert 250 <= levels[Level.SUBRULE] <= 2100, name
        # the CR grows: never a third smaller than the release before
        rules = levels[Level.RULE] + levels[Level.SUBRULE]
        assert rules > previous_rules * 2 / 3, name
        previous_rules = rules
        if name in TRUNCATED:
            assert any("cut short" in i.message for i in release.irregularities)
        else:
            assert len(release.glossary) >= 250, name
        assert sum(len(e.examples) for e in release.entries) >= 60, name
        assert all(e.text for e in release.entries if e.number.level >= Level.RULE), name


@needs_cr_en
def test_every_numbered_line_is_read(releases: dict[str, EnglishRelease]) -> None:
    """Against an independent scan: the reader finds the same numbered lines (the few
    misprints it reads by their place are counted once in both)."""
    for path in RELEASE_FILES:
        expected = _simple_counts(path)
        levels = Counter(e.number.level for e in releases[path.stem].entries)
        assert levels[Level.SUBRULE] == expected["subrule"], path.name
        assert levels[Level.RULE] == expected["rule"], path.name


@needs_cr_en
def test_numbers_are_unique_and_in_order(releases: dict[str, EnglishRelease]) -> None:
    for name, release in releases.items():
        numbers = [e.number for e in release.entries]
        assert len(set(numbers)) == len(numbers), name
        assert numbers == sorted(numbers), name


@needs_cr_en
def test_release_dates_are_the_file_names_and_agree_with_the_files(
        releases: dict[str, EnglishRelease]) -> None:
    for name, release in releases.items():
        assert release.effective is not None, name
        if name in MISNAMED:
            assert release.version == MISNAMED[name]
            assert release.effective == date.fromisoformat(MISNAMED[name])
            assert any("read as the release of 2004-06-01" in i.message
                       for i in release.irregularities)
            continue
        assert release.version == name
        assert abs((release.effective - release.release).days) <= 14, name


@needs_cr_en
def test_known_texts(releases: dict[str, EnglishRelease]) -> None:
    def text(name: str, number: str) -> str:
        found = {e.number: e for e in releases[name].entries}[RuleNumber.parse(number)]
        return found.text

    assert text("2026-01-16", "702.26") == "Phasing"
    assert text("2009-05-01", "502.15") == "Phasing"
    assert text("2009-07-11", "702.23") == "Phasing"
    assert text("2023-11-17", "719") == "Controlling Another Player"
    assert text("2026-01-16", "722") == "Controlling Another Player"
    assert "deathtouch" in text("2026-01-16", "702.2b")
    assert text("2013-04-29", "702.24") == "Phasing"  # UTF-16 big-endian
    assert "’" in text("2016-08-26", "702.2b")  # UTF-16 little-endian
    assert "’" in text("2015-01-23", "702.2b")  # Windows-1252
    assert "can?t" in text("2008-05-01", "101.4")  # the release that lost its quotes
    # a hard-wrapped 2003 paragraph reads as one line
    assert "\n" not in text("2003-10-01", "103.4")
    assert text("2003-10-01", "103.4").endswith('(APNAP) rule."')


@needs_cr_en
def test_misprinted_numbers_are_read_by_their_place(releases: dict[str, EnglishRelease]) -> None:
    repaired = {
        "2005-08-01": ["606.8b", "609.2c"],
        "2006-05-01": ["510.2", "510.6"],
        "2008-10-01": ["306.3b", "306.3c"],
        "2009-07-11": ["702.37a"],
        "2009-09-04": ["702.30e"],
        "2010-06-18": ["505.5"],
    }
    for name, numbers in repaired.items():
        found = {str(e.number) for e in releases[name].entries}
        for number in numbers:
            assert number in found, (name, number)
    assert "505.54" not in {str(e.number) for e in releases["2010-06-18"].entries}
    notes = " ".join(i.message for i in releases["2006-05-01"].irregularities)
    assert "501.2: under chapter 510, read as 510.2" in notes


@needs_cr_en
def test_english_glossary(releases: dict[str, EnglishRelease]) -> None:
    terms = {g.term: g for g in releases["2026-01-16"].glossary}
    assert "Phasing" in terms and "702.26" in terms["Phasing"].definition
    assert terms["Ability"].definition.startswith("1. ")
    glued = {g.term: g for g in releases["2021-06-09"].glossary}
    assert glued["Ability"].definition.startswith("1. ")  # "Ability1. Text …" in the file


@needs_cr_en
def test_folder_reading_takes_the_release_files_only() -> None:
    files = release_files(CR_EN)
    assert len(files) == 110
    assert all(f.suffix == ".txt" and f.stem[:2] == "20" for f in files)


# -- fixtures in our own words ----------------------------------------------------------------

SAMPLE = """Magic: The Gathering Comprehensive Rules

These rules are effective as of March 3, 2021.

Introduction

A made-up release for the tests.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. These test rules describe a “small” game for two players.

100.1a A two-player game is a game with two players.

Example: Ann and Bo play a game. That’s a two-player game — the usual kind.

100.2. Each player needs a deck.
A second paragraph of the same rule.

101. Colors

101.1. There are five colors.

Glossary

Deck
The cards a player starts with. See rule 100.2.

Color
One of five. See rule 101.1.
Example: Green is a color.

Credits

Written for the tests.
"""


def _encode(text: str, encoding: str, newline: str = "\r\n") -> bytes:
    text = text.replace("\n", newline)
    if encoding == "ascii":
        text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("—", "--")
        return text.encode("ascii")
    if encoding == "utf-8-sig":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if encoding in ("utf-16-le", "utf-16-be"):
        bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
        return bom + text.encode(encoding)
    return text.encode(encoding)


def _check_sample(release: EnglishRelease) -> None:
    assert [str(e.number) for e in release.entries] == [
        "1", "100", "100.1", "100.1a", "100.2", "101", "101.1"]
    entries = {str(e.number): e for e in release.entries}
    assert entries["100"].kind == "title" and entries["100"].text == "General"
    assert entries["100.1"].text.startswith("These test rules describe a")
    assert [x.text[:8] for x in entries["100.1a"].examples] == ["Ann and "]
    assert entries["100.2"].text == "Each player needs a deck.\nA second paragraph of the same rule."
    assert [g.term for g in release.glossary] == ["Deck", "Color"]
    assert release.glossary[1].examples[0].text == "Green is a color."
    assert release.effective == date(2021, 3, 3)


@pytest.mark.parametrize("encoding", ["ascii", "utf-8", "utf-8-sig", "cp1252", "utf-16-le",
                                      "utf-16-be"])
@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_sample_in_every_encoding_and_line_end(tmp_path: Path, encoding: str, newline: str) -> None:
    path = tmp_path / "2021-03-03.txt"
    path.write_bytes(_encode(SAMPLE, encoding, newline))
    release = read_cr_en(path)
    _check_sample(release)
    assert release.version == "2021-03-03"
    if encoding != "ascii":
        assert "“small”" in release.entries[2].text


def test_mixed_line_ends(tmp_path: Path) -> None:
    data = _encode(SAMPLE, "cp1252").replace(b"\r\n\r\n100.2.", b"\r\r100.2.")
    path = tmp_path / "2021-03-03.txt"
    path.write_bytes(data)
    _check_sample(read_cr_en(path))


def test_hard_wrapped_layout() -> None:
    """The 2003-2004 layout: paragraphs wrapped at about 100 characters, later lines that
    start with a number continuing a sentence, indented lines starting a paragraph."""
    long_words = " ".join(f"word{n}" for n in range(30))
    body = "\n".join([
        "Magic: The Gathering Comprehensive Rules", "",
        "These rules are current as of October 1, 2003.", "",
        "1. The Game", "", "100. General", "",
        "100.1. A rule whose text runs over the line and is wrapped, as these files are, see",
        "rule", "102.7. and that is still the same sentence.", "",
        "100.2. Another rule.", "Example: An example that is wrapped",
        "over two lines.", "",
        "101. Next", "",
        "101.1. Short.", "",
    ] + [f"101.{n}. {long_words[:90]}" for n in range(2, 60)] + [
        "", "Glossary", "", "Term", "A definition that is", "wrapped.",
        "     An indented second paragraph.", "", "Credits", ""])
    release = parse_cr_en(body, "2003-10-01.txt")
    entries = {str(e.number): e for e in release.entries}
    assert "102.7" not in entries
    assert entries["100.1"].text.endswith("see rule 102.7. and that is still the same sentence.")
    assert entries["100.2"].examples[0].text == "An example that is wrapped over two lines."
    assert release.glossary[0].definition == "A definition that is wrapped.\nAn indented second paragraph."


def test_misprinted_numbers() -> None:
    lines = ["These rules are effective as of May 1, 2010.", "", "5. Turn", "",
             "505. Main Phase", "", "505.3. First.", "", "505.4. Second.", "",
             "505.54. Third, misprinted.", "", "505.5a Its subrule.", "",
             "510. Status", "", "510.1. Status one.", "", "501.2. Status two, misprinted.", "",
             "606. General", "", "606.8. A rule.", "", "606.8a One.", "",
             "606. 8b Two, with a space.", "", "606.8b Three, given twice.", "",
             "606.9. Another.", "", "606.b Letter without its rule.", "",
             "605.9c Under the wrong rule.", ""]
    release = parse_cr_en("\n".join(lines), "2010-05-01.txt")
    numbers = [str(e.number) for e in release.entries]
    assert numbers == ["5", "505", "505.3", "505.4", "505.5", "505.5a", "510", "510.1", "510.2",
                       "606", "606.8", "606.8a", "606.8b", "606.8c", "606.9", "606.9b", "606.9c"]
    notes = [i.message for i in release.irregularities]
    assert any("505.54" in n for n in notes) and any("space inside the number" in n for n in notes)


def test_date_agreement(tmp_path: Path) -> None:
    text = SAMPLE.replace("March 3, 2021", "March 10, 2021")
    near = parse_cr_en(text, str(tmp_path / "2021-03-03.txt"))
    assert near.version == "2021-03-03" and near.effective == date(2021, 3, 10)
    far = parse_cr_en(SAMPLE, str(tmp_path / "2019-03-03.txt"))
    assert far.version == "2021-03-03"
    assert any("file name says 2019-03-03" in i.message for i in far.irregularities)
    unnamed = parse_cr_en(SAMPLE, str(tmp_path / "rules.txt"))
    assert unnamed.version == "2021-03-03"


# -- refusals -----------------------------------------------------------------------------------


def test_undecodable_release_names_file_and_byte_offset(tmp_path: Path) -> None:
    data = _encode(SAMPLE, "cp1252")
    position = data.index(b"Each player")
    broken = data[:position] + b"\x81" + data[position:]  # undefined in Windows-1252
    path = tmp_path / "2021-03-03.txt"
    path.write_bytes(broken)
    with pytest.raises(KbError) as err:
        read_cr_en(path)
    assert err.value.path == str(path)
    assert f"byte offset {position}" in err.value.message
    assert err.value.line == data[:position].count(b"\n") + 1


def test_damaged_utf8_is_not_read_as_windows_1252(tmp_path: Path) -> None:
    data = _encode(SAMPLE, "utf-8")
    position = len(data) - 10
    broken = data[:position] + b"\xff" + data[position:]
    with pytest.raises(KbError, match=f"byte offset {position}: invalid UTF-8"):
        decode_western(broken, "x.txt")


def test_a_file_with_no_rules_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "2021-03-03.txt"
    path.write_text("These rules are effective as of March 3, 2021.\n\nNothing numbered here.\n")
    with pytest.raises(KbError, match="no numbered rules") as err:
        read_cr_en(path)
    assert err.value.path == str(path)


def test_japanese_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "2021-03-03.txt"
    path.write_text("100.1. これは日本語の総合ルールの一節です。\n" * 20, encoding="utf-8")
    with pytest.raises(KbError, match="not English"):
        read_cr_en(path)


def test_a_file_with_no_date_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text(SAMPLE.replace("These rules are effective as of March 3, 2021.", ""))
    with pytest.raises(KbError, match="cannot tell the release"):
        read_cr_en(path)


def test_two_files_of_one_release_are_refused(tmp_path: Path) -> None:
    first = tmp_path / "2021-03-03.txt"
    second = tmp_path / "copy.txt"
    first.write_bytes(_encode(SAMPLE, "utf-8"))
    second.write_bytes(_encode(SAMPLE, "cp1252"))
    with pytest.raises(KbError, match="holds the release of 2021-03-03") as err:
        read_cr_en_many([first, second])
    assert err.value.path == str(second)
