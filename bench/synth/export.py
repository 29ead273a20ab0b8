"""A synthetic MediaWiki export (``Special:Export``) of N pages, for the ``wiki`` bench.

``generate_export(n, out_dir)`` writes ``out_dir/wiki/export.xml`` (deterministic for a
seed) and returns what it wrote.  The pages are those of :mod:`bench.synth.wiki` (topics
from the CR's keywords and glossary terms, then invented names for short pages, prose
recombined from the seed pages), written as the wiki's wikitext:

- ``'''bold'''`` titles, ``[[links]]`` and ``[[title|labels]]`` to other pages,
  ``==headings==``, ``*``/``**`` bullets, ``<ref>`` footnotes, ``__NOTOC__``, tables;
- templates: ``{{情報ボックス/キーワード能力|…}}``, ``{{CR|N}}`` references, ``{{#CR:N}}``
  quotes (filled from the CR in the build) or a quoted ``引用：総合ルール`` block, card
  boxes ``{{#card:Name}}`` and ``{{カードテキスト|…}}``, ``《カード名》`` mentions (names
  from the card-name table when it is there), ``{{Otheruses|…}}``, now and then a template
  kb does not know (a page note);
- ``[[Category:…]]``, redirects (``#転送 [[X]]``) and pages of other namespaces
  (templates, categories), which kb skips;
- one to four revisions a page, dated in order: an older revision is the page with
  fewer sections and an earlier sentence.

Sizes: a quarter of the pages are long rule pages (:func:`bench.synth.wiki._target_size`,
1.5–20 KB), the rest short pages of 0.8–2.5 KB, drawn page by page, so an export of 3×
the pages is about 3× the bytes.  Nothing here is meant to be committed: write to a temporary folder.
"""

from __future__ import annotations

import csv
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from bench.common import CR_FILE, SHARED
from bench.synth import DEFAULT_SEED, SEEDS
from bench.synth import cr as cr_gen
from bench.synth import wiki as wiki_gen
from bench.synth.material import load
from bench.synth.text import Rewriter, Targets
from bench.synth.words import NameMaker
from kb.rulenum import Level

CARDS_FILE = SHARED / "data" / "card-names-ja" / "db_mtg.csv"
EXPORT_NAME = "export.xml"
REDIRECTS = 0.03
OTHER_NAMESPACES = 0.015
REVISIONS = ((1, 0.5), (2, 0.3), (3, 0.15), (4, 0.05))
"""(revisions of a page, share of pages)."""
CR_QUOTE = 0.5
"""Share of quoting pages that quote with ``{{#CR:N}}`` (the rest write the block out)."""
CARD_BOX = 0.3
LONG_PAGE = 0.25
"""Share of long pages (rule topics, 1.5–20 KB); the rest are short (0.8–2.5 KB)."""
UNKNOWN_TEMPLATE = 0.02
_MARK_RE = re.compile(r"\^\[(\d+)\]")
_CR_REF_RE = re.compile(r"CR:(\d{3}(?:\.\d+[a-z]?)?)")
FIRST_DAY = datetime(2008, 4, 1)


@dataclass
class WrittenExport:
    path: Path
    pages: int = 0
    articles: int = 0
    redirects: int = 0
    skipped: int = 0
    """Pages of other namespaces (kb skips them)."""
    revisions: int = 0
    bytes: int = 0
    newest_text: list[str] = field(default_factory=list)
    """Each article's newest revision text, for the Sudachi baseline."""
    titles: list[str] = field(default_factory=list)


def card_names(path: Path = CARDS_FILE, limit: int = 3000) -> list[tuple[str, str]]:
    """(Japanese, English) card names from the table, or none when it is not there."""
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as stream:
        rows = [(row[1], row[0]) for row in csv.reader(stream) if len(row) == 4]
    return rows[:limit]


def generate_export(n: int, out_dir: Path, seed: int = DEFAULT_SEED, cr_file: Path = CR_FILE,
                    seed_dir: Path = SEEDS) -> WrittenExport:
    """Write an export of ``n`` pages into ``out_dir/wiki/export.xml``."""
    material = load(cr_file, seed_dir)
    rng = random.Random(f"{seed}:export:{n}")
    targets = Targets()
    names = NameMaker(rng, material.katakana, {j for j, _ in material.keyword_titles})
    rewriter = Rewriter(rng, targets, material.katakana)
    count, factor = cr_gen.versions_for(1)
    versions = [cr_gen.newest(material, factor, rng, names, targets, rewriter)]
    rewriter.plant_dangling = False
    for released in cr_gen.RELEASES[1: count + 1]:
        versions.append(cr_gen.older(versions[-1], released, material, rewriter))
    keywords, terms = wiki_gen.topics(material, versions[0], rng)
    all_titles = [t.title for t in keywords[:300] + terms[:300]]
    maker = wiki_gen.PageMaker(material, versions, rewriter, all_titles)
    writer = _Writer(rng, all_titles, card_names(), versions[0])
    folder = Path(out_dir) / "wiki"
    folder.mkdir(parents=True, exist_ok=True)
    written = WrittenExport(folder / EXPORT_NAME)
    with written.path.open("w", encoding="utf-8") as out:
        out.write(_HEAD)
        for index in range(n):
            roll = rng.random()
            if roll < OTHER_NAMESPACES:
                out.write(writer.other_namespace(index))
                written.skipped += 1
            elif roll < OTHER_NAMESPACES + REDIRECTS and written.titles:
                out.write(writer.redirect(index, rng.choice(written.titles)))
                written.redirects += 1
            else:
                topic, cite, target = _next_topic(rng, keywords, terms, names)
                page = _trim(maker.make(topic, target, cite), target)
                texts = writer.revisions(page)
                out.write(writer.article(index, topic.title, texts))
                written.articles += 1
                written.revisions += len(texts)
                written.newest_text.append(texts[-1])
                written.titles.append(topic.title)
            written.pages += 1
        out.write("</mediawiki>\n")
    written.bytes = written.path.stat().st_size
    return written


def _next_topic(rng: random.Random, keywords: list[wiki_gen.Topic], terms: list[wiki_gen.Topic],
                names: NameMaker) -> tuple[wiki_gen.Topic, bool, int]:
    """A page drawn independently of the others, so bytes grow in proportion to pages: a
    long rule page (:data:`LONG_PAGE` of them: a CR keyword or glossary term while they
    last, then an invented one) or a short page about an invented name."""
    if rng.random() < LONG_PAGE:
        if keywords or terms:
            topic = keywords.pop() if keywords and (rng.random() < 0.5 or not terms) else terms.pop()
            return topic, topic.rule is not None, wiki_gen._target_size(rng)
        japanese, english = names.keyword()
        return wiki_gen.Topic(japanese, english, None, False), False, wiki_gen._target_size(rng)
    japanese, english = names.keyword()
    return wiki_gen.Topic(japanese, english, None, False), False, rng.randint(800, 2500)


def _trim(page: wiki_gen.Page, target: int) -> wiki_gen.Page:
    """Sections only while the page is under ``target`` bytes (the page maker adds whole
    sections of the seeds, which overshoot a short page), the 参考 list last."""
    if page.citation is not None:
        return page
    page.lead = page.lead[:1]
    size = sum(len(p.encode()) for p in page.lead)
    kept: list[tuple[str, list[wiki_gen.Block]]] = []
    for title, blocks in page.sections:
        if title == "参考" or size >= target:
            continue
        taken: list[wiki_gen.Block] = []
        for block in blocks:
            if taken and size >= target:
                break
            taken.append(block)
            size += wiki_gen._block_bytes(block)
        kept.append((title, taken))
    page.sections = kept + [s for s in page.sections if s[0] == "参考"]
    return page


_HEAD = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="ja">
  <siteinfo>
    <sitename>Synthetic Wiki</sitename>
    <base>https://wiki.example.invalid/wiki/%E3%83%A1%E3%82%A4%E3%83%B3%E3%83%9A%E3%83%BC%E3%82%B8</base>
    <generator>kb bench.synth.export</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="10" case="first-letter">テンプレート</namespace>
      <namespace key="14" case="first-letter">カテゴリ</namespace>
    </namespaces>
  </siteinfo>
"""


class _Writer:
    def __init__(self, rng: random.Random, titles: list[str], cards: list[tuple[str, str]],
                 newest: cr_gen.Version):
        self.rng = rng
        self.titles = titles
        self.cards = cards
        self.newest = newest
        self.revision_id = 1000
        self.day = FIRST_DAY

    # -- pages --------------------------------------------------------------------------

    def article(self, index: int, title: str, texts: list[str]) -> str:
        when = FIRST_DAY + timedelta(days=self.rng.randint(0, 3000))
        parts = []
        for text in texts:
            self.revision_id += self.rng.randint(1, 40)
            when += timedelta(days=self.rng.randint(20, 600), seconds=self.rng.randint(0, 86399))
            parts.append(_revision(self.revision_id, when, text))
        return _page(title, 0, index + 1, "".join(parts))

    def redirect(self, index: int, target: str) -> str:
        self.revision_id += 1
        return _page(f"{target}の別名{index}", 0, index + 1,
                     _revision(self.revision_id, FIRST_DAY + timedelta(days=index % 4000),
                               f"#転送 [[{target}]]"), redirect=target)

    def other_namespace(self, index: int) -> str:
        self.revision_id += 1
        namespace, prefix = self.rng.choice([(10, "テンプレート"), (14, "カテゴリ")])
        return _page(f"{prefix}:項目{index}", namespace, index + 1,
                     _revision(self.revision_id, FIRST_DAY, "{{{1}}}の説明。<noinclude>[[Category:テンプレート]]</noinclude>"))

    # -- wikitext -----------------------------------------------------------------------

    def revisions(self, page: wiki_gen.Page) -> list[str]:
        """Oldest first: each older revision has fewer sections and an earlier lead."""
        roll, count = self.rng.random(), 1
        for revisions, share in REVISIONS:
            if roll < share:
                count = revisions
                break
            roll -= share
        texts = [self.wikitext(page, len(page.sections), newest=True)]
        for back in range(1, count):
            kept = max(1, len(page.sections) - back)
            texts.append(self.wikitext(page, kept, newest=False))
        return list(reversed(texts))

    def wikitext(self, page: wiki_gen.Page, sections: int, newest: bool) -> str:
        rng = self.rng
        topic = page.topic
        lines: list[str] = []
        if rng.random() < 0.05:
            lines.append(f"{{{{Otheruses|{topic.title} (曖昧さ回避)}}}}")
        if page.infobox:
            lines.append("{{情報ボックス/キーワード能力")
            lines += [f"|{key}={value.removeprefix('CR:')}" for key, value in page.infobox.items()]
            lines += [f"|英語名={topic.english}", "}}"]
        footnotes = list(page.footnotes)
        for i, paragraph in enumerate(page.lead if newest else page.lead[:1]):
            text = self._inline(paragraph, footnotes)
            if i == 0:
                text = text.replace(topic.title, f"'''{topic.title}'''", 1)
            lines += [text, ""]
        if rng.random() < 0.2:
            lines += ["__NOTOC__", ""]
        for number, (title, blocks) in enumerate(page.sections[:sections]):
            lines += [f"=={title}==" if title != "参考" else "==参考==", ""]
            if number == 0 and self.cards and rng.random() < CARD_BOX:
                lines += self._card_box()
            for block in blocks:
                if block.paragraph is not None:
                    lines += [self._inline(block.paragraph, footnotes), ""]
                elif block.bullets:
                    lines += ["*" * (depth + 1) + " " + self._inline(text, footnotes)
                              for depth, text in block.bullets]
                    lines.append("")
            if number == 1 and rng.random() < 0.1:
                lines += self._table(topic.title)
        if rng.random() < UNKNOWN_TEMPLATE:
            lines += ["{{要出典|この節の記述}}", ""]
        if page.citation is not None:
            lines += self._citation(page, newest)
        if page.footnotes:
            lines += ["==脚注==", "<references />", ""]
        category = "キーワード能力" if topic.keyword else "ルール用語"
        lines += [f"[[Category:{category}]]", f"[[カテゴリ:{rng.choice(['基本ルール', '用語', 'カード'])}]]"]
        return "\n".join(lines).rstrip("\n") + "\n"

    def _inline(self, text: str, footnotes: list[str]) -> str:
        rng = self.rng
        # Some CR:N references as the wiki's template.
        text = _CR_REF_RE.sub(lambda m: f"{{{{CR|{m.group(1)}}}}}" if rng.random() < 0.5 else m.group(0), text)
        # Footnote marks as <ref> notes.
        text = _MARK_RE.sub(lambda m: _ref(footnotes, int(m.group(1))), text)
        # Links to other pages, where their titles occur.
        for title in rng.sample(self.titles, min(3, len(self.titles))):
            if title in text and "[[" not in text:
                link = f"[[{title}]]" if rng.random() < 0.7 else f"[[{title}|{title}の項]]"
                text = text.replace(title, link, 1)
        if self.cards and rng.random() < 0.1:
            japanese, _ = rng.choice(self.cards)
            text += f"《{japanese}》はその例である。"
        return text

    def _card_box(self) -> list[str]:
        japanese, english = self.rng.choice(self.cards)
        if self.rng.random() < 0.7:
            return [f"{{{{#card:{english}}}}}", ""]
        return ["{{カードテキスト", f"|Name={english}", f"|日本語名={japanese}",
                "|Type=クリーチャー — 人間", "|Text=飛行", "|Power=2", "|Toughness=2", "}}", ""]

    def _table(self, title: str) -> list[str]:
        return ["{| class=\"wikitable\"", "! 版 !! 変更", "|-",
                f"| 初出 || {title}が登場した", "|-", "| 改訂 || 文章が整理された", "|}", ""]

    def _citation(self, page: wiki_gen.Page, newest: bool) -> list[str]:
        assert page.citation is not None
        version, quoted = page.citation
        rule = page.topic.rule
        if newest and rule is not None and rule in self.newest.entries and self.rng.random() < CR_QUOTE:
            return ["==ルール==", f"{{{{#CR:{rule}}}}}", ""]
        lines = [f"==引用：総合ルール {version.label}=="]
        for depth, entry in quoted:
            lines.append("*" * (depth + 1) + f" {entry.number} {entry.text}")
            if entry.number.level == Level.SUBRULE:
                lines += ["*" * (depth + 2) + f" 例：{text}" for _, text in entry.examples[:1]]
        return [*lines, ""]


def _ref(footnotes: list[str], number: int) -> str:
    if 1 <= number <= len(footnotes):
        return f"<ref>{footnotes[number - 1]}</ref>"
    return ""


def _revision(revision_id: int, when: datetime, text: str) -> str:
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    data = text.encode("utf-8")
    return ("    <revision>\n"
            f"      <id>{revision_id}</id>\n"
            f"      <timestamp>{stamp}</timestamp>\n"
            "      <contributor><username>合成</username><id>1</id></contributor>\n"
            "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
            f"      <text bytes=\"{len(data)}\" xml:space=\"preserve\">{escape(text)}</text>\n"
            "    </revision>\n")


def _page(title: str, namespace: int, page_id: int, revisions: str, redirect: str | None = None) -> str:
    head = (f"  <page>\n    <title>{escape(title)}</title>\n    <ns>{namespace}</ns>\n"
            f"    <id>{page_id}</id>\n")
    if redirect is not None:
        head += f"    <redirect title={quoteattr(redirect)} />\n"
    return head + revisions + "  </page>\n"
