"""Shared pieces of the robustness suite: example budgets, a hang guard, and hypothesis
strategies that build wiki-, CR- and glossary-shaped text from the seeds' own pieces and
then damage it (lines cut, duplicated, shuffled, truncated; control characters injected).

Budgets scale with the hypothesis profile (``HYPOTHESIS_PROFILE``, see conftest.py): the
``ci`` profile, the default, runs the counts written here; ``dev`` a tenth; ``deep`` twenty
times as many.
"""

from __future__ import annotations

import contextlib
import functools
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from kb.rulenum import SUBRULE_LETTERS

ROOT = Path(__file__).resolve().parent.parent
SEED_FILES = sorted((ROOT / "corpus" / "wiki").glob("*.txt"))
CR_FILE = ROOT.parent / "shared" / "data" / "cr-ja-20260116" / "rules.txt"
GLOSSARY_FILE = CR_FILE.with_name("glossary.txt")

HANG_SECONDS = 10.0
"""No single example may take this long; a reader that does is stuck, not slow."""

EXAMPLE_DEADLINE_MS = 2000
"""Hypothesis' own per-example deadline: generous for a noisy two-core machine, yet far
below what a quadratic reader takes on the larger examples."""

_T = TypeVar("_T")


def budget(examples: int) -> int:
    """``examples`` for the ``ci`` profile, scaled for the active one."""
    base: int = settings.get_profile("ci").max_examples
    active = settings.default
    assert active is not None  # conftest loads a profile
    scaled: int = examples * active.max_examples // base
    return max(10, scaled)


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=budget(examples),
        deadline=EXAMPLE_DEADLINE_MS,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


class Hang(Exception):
    """An example ran past :data:`HANG_SECONDS`."""


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` inside the code under test if it runs longer than ``seconds``."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no result after {seconds} s: the code under test hangs")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def guarded(function: Callable[..., _T]) -> Callable[..., _T]:
    """Run each call of a test body under :func:`hang_guard`."""

    def run(*args: Any, **kwargs: Any) -> _T:
        with hang_guard():
            return function(*args, **kwargs)

    run.__name__ = function.__name__
    run.__doc__ = function.__doc__
    run.__wrapped__ = function  # type: ignore[attr-defined]
    return run


# -- pieces ----------------------------------------------------------------------------


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


SEED_LINES = [line for path in SEED_FILES for line in _lines(path)]
CR_LINES = _lines(CR_FILE)
GLOSSARY_LINES = _lines(GLOSSARY_FILE)

JAPANESE = "フェイジング変異継続的効果タイムスタンプ呪文能力一二三あいうをんー・「」（）、。：／"
SENTENCES = [
    "そのパーマネントはフェイズ・アウトする。",
    "裏向きの呪文やパーマネント（rule 708〔裏向きの呪文やパーマネント〕参照）。",
    "2/2の+1/+1カウンターが20点、1,2マナ程度、2005年10月に。",
    "これは rule 704.5m、rule 704.5n を参照する。",
    "rule 800.4a, 800.4c 参照。",
    "rule 611.3a-b と 702.26k-n と 119.9-10 と 601.2f～rule 601.2h。",
    "CR:702.26 と CR702.26 と #CR:613.7 と {{CR|704.5n}} と {{#cr:610}}。",
    "719〔事件カード〕参照、700.13. 参照、701.58〔偽装する〕、708〔裏向き〕参照。",
    "栄光の頌歌/Glorious Anthemや神の怒り/Wrath of Godを唱える。",
    "相棒（あいぼう）／Companion",
    "詳細は[[変異|変異]]と[[Category:キーワード能力]]を参照^[1]。",
    "７０２．２６ａ と ６１３．７ｍ。",
]
HEADINGS = ["定義", "解説", "ルール", "旧ルール", "その他", "参考", "脚注", "開発秘話",
            "現在のルールとの相違点", "ルーリング", "== 定義 ==", "ルール [編集]", "関連項目"]
NOISE_LINES = [
    "提供：MTG Wiki",
    "移動: 案内, 検索",
    "案内に移動",
    "目次 |",
    "目次 1 定義 2 解説 2.1 ルール 3 参考",
    "2023年11月17日 (金) 12:00時点における Example による版",
    "(差分) ← 古い版 | 最新版 (差分) | 新しい版 → (差分)",
    "出典: 「https://mtgwiki.com/wiki/変異」 MTG Wiki",
]
CARD_BOX = [
    "Breezekeeper / 微風の守り手 (3)(青)",
    "クリーチャー — イリュージョン(Illusion)",
    "フェイジング",
    "4/4",
    "アーティスト：Example",
]
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">リンク</a>',
    "{{ config }} {% for x in y %}{{ x }}{% endfor %}",
    "<div class=\"mw-parser-output\"><p>変異</p></div>&nbsp;&amp;<br/>",
    "[リンク](javascript:alert(1)) **太字** `code`",
    "]]>--><!--",
]
CONTROL = ["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\r",
           "\u2028", "\u2029", "\ufeff", "\u200b", "\u3000", "\t", "\ufffd", "\U0001f600"]
MARKERS = ["• ", "•", "- ", "* ", "・ ", "● ", "◦ ", "-", "1. ↑ "]
INDENTS = ["", " ", "  ", "    ", "      ", "\t", "\u3000", "\u3000\u3000"]


# Strategies are built once (functools.cache): building them inside a composite on every
# draw made hypothesis re-validate them each time, which cost more than the parsing.


@functools.cache
def rule_number_texts() -> st.SearchStrategy[str]:
    """Rule numbers as people write them, valid or not."""
    letter = st.sampled_from(SUBRULE_LETTERS + "loA")
    number = st.one_of(
        st.integers(0, 9).map(str),
        st.integers(100, 999).map(str),
        st.tuples(st.integers(100, 999), st.integers(1, 250)).map(lambda t: f"{t[0]}.{t[1]}"),
        st.tuples(st.integers(100, 999), st.integers(1, 250), letter).map(
            lambda t: f"{t[0]}.{t[1]}{t[2]}"
        ),
        st.integers(0, 99999).map(str),
    )
    prefix = st.sampled_from(["", "", "rule ", "CR:", "CR", "cr ", "Rules ", "#CR:", "{{CR|"])
    suffix = st.sampled_from(["", "", ".", " 参照", "〔見出し〕参照", "-b", "～rule 601.2h",
                              ", 800.4c", "、rule 704.5n", "}}", "-10"])
    width = st.sampled_from([False, False, True])
    return st.tuples(prefix, number, suffix, width).map(
        lambda t: _full_width(t[0] + t[1] + t[2]) if t[3] else t[0] + t[1] + t[2]
    )


def _full_width(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@functools.cache
def sentences() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(SENTENCES),
        st.text(alphabet=JAPANESE + "abcXYZ0123456789./-〔〕 ", max_size=60),
        st.lists(st.one_of(st.sampled_from(SENTENCES), rule_number_texts()), max_size=4).map(
            " ".join
        ),
    )


NUMBER_TEXTS = ["702.26a", "702.26", "702", "7", "611.3a-b", "702.26k-n", "119.9-10",
                "rule 506.4 参照", "CR:702.26", "７０２．２６ａ", "613.7m", "720 .", "702.176.兆候",
                "709.5b共有", "702.189. 702.189.", "500.10a", "606.5", "20231117.0", "2/2",
                "999.999z", "100.1l", "0.", "1."]


def _line_pool() -> list[str]:
    """Lines made from the pieces above, and the seeds' and the CR's own lines: drawing
    one is a single choice, which keeps example generation cheap."""
    pool = HEADINGS + NOISE_LINES + CARD_BOX + HOSTILE + SEED_LINES + CR_LINES
    pool += [f"{indent}{marker}{sentence}" for indent in INDENTS for marker in MARKERS
             for sentence in SENTENCES]
    pool += [f"{indent}{marker}{number} {sentence}" for indent in INDENTS[:4]
             for marker in MARKERS[:3] for number in NUMBER_TEXTS for sentence in SENTENCES[:3]]
    pool += [f"引用：総合ルール {v}" for v in ("20231117.0", "20260116.0", "2023111.0")]
    pool += [f"例：{sentence}" for sentence in SENTENCES]
    pool += [f"{n}. ↑ {sentence}" for n in (1, 2, 20) for sentence in SENTENCES[:3]]
    pool += [f"{key}\t{value}" for key in ("種別", "登場セット", "CR") for value in SENTENCES[:3]]
    return pool


LINE_POOL = _line_pool()


@functools.cache
def wiki_lines() -> st.SearchStrategy[str]:
    """One line of a rendered wiki page, from the seeds or built from their pieces."""
    pool = st.sampled_from(LINE_POOL)
    built = st.one_of(
        st.tuples(st.sampled_from(INDENTS), st.sampled_from(MARKERS), rule_number_texts(),
                  sentences()).map(lambda t: f"{t[0]}{t[1]}{t[2]} {t[3]}"),
        st.integers(1, 12).map(lambda n: f"本文^[{n}]。"),
        sentences(),
        st.text(max_size=40),
    )
    return st.one_of(pool, pool, pool, pool, built)


_ACTIONS = st.sampled_from(["cut", "duplicate", "shuffle", "truncate", "inject", "indent",
                            "join", "split", "drop"])
_CONTROLS = st.sampled_from(CONTROL)
_INDENTS = st.sampled_from(INDENTS)


@st.composite
def damaged(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """``lines`` with a few kinds of damage a bad export or a bad copy does."""
    lines = list(lines)
    for _ in range(draw(st.integers(0, 6))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(_ACTIONS)
        line = lines[i]
        if action == "cut":  # keep a piece from the middle
            a = draw(st.integers(0, len(line)))
            b = draw(st.integers(a, len(line)))
            lines[i] = line[a:b]
        elif action == "duplicate":
            lines[i:i] = [line] * draw(st.integers(1, 3))
        elif action == "shuffle":
            j = draw(st.integers(i, min(len(lines), i + 8)))
            lines[i:j] = draw(st.permutations(lines[i:j]))
        elif action == "truncate":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif action == "inject":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(_CONTROLS) + line[at:]
        elif action == "indent":
            lines[i] = draw(_INDENTS) + line
        elif action == "join" and i + 1 < len(lines):
            lines[i : i + 2] = [lines[i] + lines[i + 1]]
        elif action == "split":
            at = draw(st.integers(0, len(line)))
            lines[i : i + 1] = [line[:at], line[at:]]
        elif action == "drop":
            del lines[i]
    return lines


_TITLES = st.sampled_from(["フェイジング", "変異", "タイムスタンプ", "継続的効果", "頁"])
_ENGLISH = st.sampled_from(["Phasing", "Morph", "X", ""])
_INFOBOX = st.lists(st.sampled_from(["種別\t常在型能力", "登場セット\tミラージュ", "CR\tCR:702.26",
                                     "種別\t別"]), max_size=4)
_NEWLINES = st.sampled_from(["\n", "\n", "\r\n", "\r"])


@functools.cache
def _page_bodies() -> st.SearchStrategy[list[str]]:
    blank = st.sampled_from(["", "", " ", "\u3000"])
    return st.lists(st.one_of(wiki_lines(), blank), max_size=30)


@st.composite
def wiki_pages(draw: st.DrawFn) -> str:
    """A page: title, credit, bilingual name, infobox, then body lines; damaged."""
    title = draw(_TITLES)
    head = [title]
    if draw(st.booleans()):
        head.append("提供：MTG Wiki")
    if draw(st.booleans()):
        head.append(f"{title}/{draw(_ENGLISH)}")
        head += draw(_INFOBOX)
    body = draw(_page_bodies())
    return draw(_NEWLINES).join(draw(damaged(head + body)))


_SEED_FILES = st.sampled_from(SEED_FILES)


@st.composite
def seed_pages_damaged(draw: st.DrawFn) -> str:
    """A whole seed page, damaged."""
    lines = draw(_SEED_FILES).read_text(encoding="utf-8").split("\n")
    return "\n".join(draw(damaged(lines)))


_CR_HEADERS = st.sampled_from([
    ["マジック：ザ・ギャザリング　総合ルール", "このルールは2026年1月16日から有効です。"],
    ["20260116.0"],
    ["2026-01-16 に翻訳"],
    ["このルールは2026年2月30日から有効です。"],
    [],
])
_CR_CONTENTS = st.sampled_from([[], ["もくじ", "1. ゲームの考え方", "100. 原則",
                                     "マジック：ザ・ギャザリング　総合ルール"]])


@functools.cache
def _cr_parts() -> tuple[st.SearchStrategy[list[str]], st.SearchStrategy[list[str]]]:
    numbered = st.tuples(rule_number_texts(), sentences()).map(lambda t: f"{t[0]} {t[1]}")
    body_line = st.one_of(numbered, sentences(), sentences().map(lambda s: "例：" + s),
                          st.sampled_from(["例：", "例:", "　続き。", ""]))
    if CR_LINES:
        cr_line = st.sampled_from(CR_LINES)
        body_line = st.one_of(cr_line, cr_line, body_line)
    glossary_line = st.one_of(
        st.sampled_from(["相棒（あいぼう）／Companion", "（へや）／Room", "　定義の文。rule 702.139 参照。",
                         "廃語の定義", "用語（よう）／", "クレジット"]),
        sentences().map(lambda s: "\u3000" + s),
    )
    return st.lists(body_line, max_size=30), st.lists(glossary_line, max_size=10)


@st.composite
def cr_texts(draw: st.DrawFn) -> str:
    """CR-shaped text: header with a version, contents, body lines, a glossary; damaged."""
    bodies, glossaries = _cr_parts()
    lines = draw(_CR_HEADERS) + draw(_CR_CONTENTS) + draw(bodies)
    if draw(st.booleans()):
        lines += ["用語集", *draw(glossaries)]
    return "\n".join(draw(damaged(lines)))


@functools.cache
def _glossary_lines() -> st.SearchStrategy[list[str]]:
    line = st.one_of(
        st.sampled_from(["----", "__NOTOC__", "=相棒（あいぼう）／Companion=",
                         "=（へや）／Room=", "=Bury（ベリー）／Bury =", "=壊れた見出し=",
                         "==", "注記の行"]),
        sentences(),
    )
    if GLOSSARY_LINES:
        line = st.one_of(line, st.sampled_from(GLOSSARY_LINES))
    return st.lists(line, max_size=30)


@st.composite
def glossary_texts(draw: st.DrawFn) -> str:
    return "\n".join(draw(damaged(draw(_glossary_lines()))))


@functools.cache
def query_texts() -> st.SearchStrategy[str]:
    """What people type into a search box, and worse: rule numbers, Japanese words, query
    syntax (quotes, AND/OR/NOT, wildcards, fields, brackets), width variants, control
    characters, any Unicode.  For find_numbers_loose now, and for `kb search` when it lands."""
    syntax = st.sampled_from(['"', "AND", "OR", "NOT", "*", "?", "~2", "^3", "title:", "(", ")",
                              "[", "]", "{", "}", "-", "+", "\\", "/", ":", "　", "'", "…"])
    words = st.sampled_from(["フェイジング", "変異", "タイムスタンプ", "継続的効果", "裏向き",
                             "ﾌｪｲｼﾞﾝｸﾞ", "phasing", "Morph", "栄光の頌歌", "の", "は", "と"])
    piece = st.one_of(words, syntax, rule_number_texts(), st.sampled_from(CONTROL),
                      st.text(max_size=8))
    return st.one_of(
        st.lists(piece, max_size=8).map(" ".join),
        st.lists(piece, max_size=8).map("".join),
        st.text(max_size=60),
        st.text(max_size=2000),
    )


# -- wikitext and MediaWiki XML exports ------------------------------------------------

RULES_FOR_WIKITEXT = ["702.26", "702.26a", "613.7", "611.2b", "104.3", "418", "704.5n", "100.1"]
WIKITEXT_WORDS = ["フェイジング", "変異", "継続的効果", "呪文", "能力", "タイムスタンプ", "戦場",
                  "パーマネント", "Phasing", "Morph", "ターン", "説明の文"]


@functools.cache
def wikitext_inline() -> st.SearchStrategy[str]:
    """A piece of a wikitext line, well formed."""
    word = st.sampled_from(WIKITEXT_WORDS)
    rule = st.sampled_from(RULES_FOR_WIKITEXT)
    return st.one_of(
        word,
        word.map(lambda w: f"[[{w}]]"),
        st.tuples(word, word).map(lambda t: f"[[{t[0]}|{t[1]}]]"),
        word.map(lambda w: f"'''{w}'''"),
        word.map(lambda w: f"''{w}''"),
        rule.map(lambda r: f"{{{{CR|{r}}}}}"),
        rule.map(lambda r: f"{{{{#cr:{r}}}}}"),
        word.map(lambda w: f"<ref>{w}の注。</ref>"),
        word.map(lambda w: f"{{{{未知|{w}}}}}"),
        st.just("<!-- 注釈 -->"),
        st.just("&amp;"),
        st.just("__NOTOC__"),
        word.map(lambda w: f"[[Category:{w}]]"),
    )


@functools.cache
def wikitext_lines() -> st.SearchStrategy[str]:
    text = st.lists(wikitext_inline(), min_size=1, max_size=5).map("".join)
    rule = st.sampled_from(RULES_FOR_WIKITEXT)
    word = st.sampled_from(WIKITEXT_WORDS)
    return st.one_of(
        text,
        st.tuples(st.integers(2, 4), word).map(lambda t: "=" * t[0] + t[1] + "=" * t[0]),
        st.tuples(st.sampled_from(["*", "**", "#", ":", "*:"]), text).map(lambda t: f"{t[0]} {t[1]}"),
        rule.map(lambda r: f"{{{{#CR:{r}}}}}"),
        word.map(lambda w: f"{{{{#card:{w}}}}}"),
        st.just("{{情報ボックス/キーワード能力\n|種別=常在型能力\n|英語名=Example\n}}"),
        st.just("{{Otheruses|別の項目}}"),
        st.just("{|\n! 項目 !! 値\n|-\n| 甲 || 乙\n|}"),
        st.just(""),
    )


@functools.cache
def wikitext_pages() -> st.SearchStrategy[str]:
    """Well-formed wikitext pages built from the MTG Wiki's constructs."""
    return st.lists(wikitext_lines(), max_size=25).map("\n".join)


@functools.cache
def damaged_wikitext() -> st.SearchStrategy[str]:
    """Wikitext with its markup cut, doubled or left open, and any text mixed in."""
    broken = st.sampled_from(["{{", "}}", "[[", "]]", "{|", "|}", "<ref>", "</ref>", "'''",
                              "==", "{{#CR:", "{{#card:", "<!--", "{{{1}}}", "\n", "|", "#転送 [["])
    return st.lists(st.one_of(wikitext_lines(), broken, st.text(max_size=20)), max_size=30).map("".join)


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@functools.cache
def export_pages() -> st.SearchStrategy[list[tuple[str, int, list[tuple[int, str, str]]]]]:
    """(title, namespace, [(revision id, timestamp, wikitext)]) for an export."""
    title = st.tuples(st.sampled_from(WIKITEXT_WORDS), st.integers(0, 99)).map(lambda t: f"{t[0]}{t[1]}")
    revision = st.tuples(st.integers(1, 10**6), st.integers(2001, 2030), wikitext_pages()).map(
        lambda t: (t[0], f"{t[1]}-01-01T00:00:00Z", t[2]))
    revisions = st.lists(revision, min_size=1, max_size=3, unique_by=lambda r: r[0])  # ids unique, as a wiki's are
    page = st.tuples(title, st.sampled_from([0, 0, 0, 10, 14]), revisions)
    return st.lists(page, max_size=6, unique_by=lambda p: p[0])


def export_xml(pages: list[tuple[str, int, list[tuple[int, str, str]]]]) -> str:
    out = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="ja">',
           "  <siteinfo><sitename>Fuzz</sitename></siteinfo>"]
    for title, namespace, revisions in pages:
        out.append(f"  <page>\n    <title>{_xml_escape(title)}</title>\n    <ns>{namespace}</ns>")
        for rev_id, timestamp, text in revisions:
            out.append(f"    <revision>\n      <id>{rev_id}</id>\n      <timestamp>{timestamp}</timestamp>\n"
                       f"      <model>wikitext</model>\n"
                       f'      <text xml:space="preserve">{_xml_escape(text)}</text>\n    </revision>')
        out.append("  </page>")
    out.append("</mediawiki>")
    return "\n".join(out) + "\n"


@functools.cache
def html_documents() -> st.SearchStrategy[str]:
    """Saved-page-shaped HTML, whole or cut, with hostile and broken pieces."""
    piece = st.sampled_from([
        '<h1 id="firstHeading">項目</h1>', '<div class="mw-parser-output">', "</div>",
        "<h2><span class=\"mw-headline\">解説</span></h2>", "<p>本文で rule 702.26a 参照。</p>",
        "<ul><li>箇条<ul><li>入れ子</li></ul></li></ul>", "<table><tr><th>種別</th><td>常在型能力</td></tr></table>",
        "<p>引用：総合ルール 20231117.0</p>", "<ul><li>702.26a 本文である。</li></ul>",
        '<sup class="reference">[1]</sup>', '<ol class="references"><li>注</li></ol>',
        "<script>alert(1)</script>", "<title>項目 - MTG Wiki</title>", "<", ">", "&", "<p", "<!--",
    ])
    return st.lists(st.one_of(piece, st.text(max_size=15)), max_size=25).map("".join)
