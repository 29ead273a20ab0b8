"""Wiki pages in both skins, modelled on the seed pages.

Each page takes a topic from the generated CR (a keyword rule, or a glossary term and the
rule it cites), the section and bullet-tree shapes of a seed page, and prose recombined
from the seeds' sentences with the topic, the card names (日本語/English pairs), the CR
mentions and the footnote marks swapped for new ones.  Most pages end with a citation
block quoting their rule and its subrules as one CR version gives them (older versions
too, and one version no CR file is given for, as the real seeds do with 20231117.0).
Skins: indented ``•`` bullets with an infobox, or flat ``- `` bullets with ``目次 |`` and
the duplicated breadcrumb tail.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from bench.synth.cr import Entry, Version
from bench.synth.material import Material
from bench.synth.text import Rewriter
from bench.synth.words import NameMaker
from kb.model import Bullet, BulletList, Paragraph
from kb.rulenum import Level, RuleNumber, find_references
from kb.sources.names import find_name_pairs

FLAT_SKIN = 0.25
KEYWORD_PAGE = 0.45
TERM_PAGE = 0.35
"""The rest are short pages without a citation block."""
MAX_QUOTED_SUBRULES = 20
_MARK_RE = re.compile(r"\^\[\d+\]")
_DATE_RE = re.compile(r"\d{4}年\d{1,2}月\d{1,2}日")
_READING_AFTER_TITLE = r"（[\u3041-\u3096ー]+）/"


@dataclass
class Topic:
    title: str
    english: str
    rule: RuleNumber | None
    keyword: bool


@dataclass
class Block:
    paragraph: str | None = None
    bullets: list[tuple[int, str]] = field(default_factory=list)
    """(depth, text) in document order."""


@dataclass
class Page:
    topic: Topic
    skin: str
    infobox: dict[str, str]
    lead: list[str]
    sections: list[tuple[str, list[Block]]]
    footnotes: list[str]
    citation: tuple[Version, list[tuple[int, Entry]]] | None = None


@dataclass
class WrittenPages:
    count: int = 0
    bytes: int = 0
    skins: dict[str, int] = field(default_factory=lambda: {"indented": 0, "flat": 0})
    quotes: list[dict[str, object]] = field(default_factory=list)
    """Per page with a citation: title, version and the quoted numbers."""
    titles: list[str] = field(default_factory=list)


def topics(material: Material, version: Version, rng: random.Random) -> tuple[list[Topic], list[Topic]]:
    """Keyword topics (rules titled 日本語／English) and glossary-term topics, shuffled."""
    keywords = []
    for entry in version.ordered():
        if entry.number.level == Level.RULE and "／" in entry.text and "。" not in entry.text:
            japanese, _, english = entry.text.partition("／")
            if _page_title_ok(japanese.strip()):
                keywords.append(Topic(japanese.strip(), english.strip(), entry.number, True))
    seen = {t.title for t in keywords}
    terms = []
    for gloss in version.glossary:
        title = gloss.headword.strip()
        if not _page_title_ok(title) or title in seen:
            continue
        seen.add(title)
        rule = None
        for ref in find_references(gloss.definition):
            number = ref.numbers[0]
            if number.level == Level.SUBRULE:
                number = number.parent or number
            if number.level == Level.RULE and number in version.entries:
                rule = number
                break
        english = re.sub(r"\(\d\)$", "", gloss.english).strip()
        terms.append(Topic(title, english, rule, False))
    rng.shuffle(keywords)
    rng.shuffle(terms)
    return keywords, terms


def _page_title_ok(title: str) -> bool:
    return bool(title) and not any(ch in title for ch in "/／\\:*?\"<>|") and len(title) <= 40


class PageMaker:
    def __init__(self, material: Material, versions: list[Version], rewriter: Rewriter,
                 all_titles: list[str]):
        self.material = material
        self.versions = versions
        self.rewriter = rewriter
        self.rng = rewriter.rng
        self.all_titles = all_titles

    def make(self, topic: Topic, target_bytes: int, cite: bool) -> Page:
        rng = self.rng
        template = rng.choice(self.material.pages)
        skin = "flat" if rng.random() < FLAT_SKIN else "indented"
        self._marks = 0
        swap = {template.title: topic.title}
        if template.english_name:
            swap[template.english_name] = topic.english
        lead = [self._prose(b.text, swap) for b in template.lead if isinstance(b, Paragraph)][:2]
        lead = lead or [f"{topic.title}/{topic.english}は、{rng.choice(self.material.wiki_sentences)}"]
        lead[0] = _lead_names(lead[0], topic)
        infobox: dict[str, str] = {}
        if topic.keyword and skin == "indented" and topic.rule is not None:
            infobox = {
                "種別": rng.choice(["常在型能力", "誘発型能力", "起動型能力", "キーワード処理"]),
                "登場セット": " ".join(rng.sample(self.material.set_names,
                                                 min(2, len(self.material.set_names)))) or "多数",
                "CR": f"CR:{topic.rule}",
            }
        sections: list[tuple[str, list[Block]]] = []
        size = sum(len(p.encode()) for p in lead)
        donors = [template] + [p for p in self.material.pages if p is not template]
        used: set[str] = set()
        for donor in donors:
            for section in donor.sections:
                if section.citation is not None or section.title in ("脚注", "参考"):
                    continue
                if size >= target_bytes:
                    break
                title = section.title.replace(donor.title, topic.title)
                if len(title) > 30 or title in used:
                    continue
                used.add(title)
                blocks = [self._block(b, swap) for b in section.blocks]
                sections.append((title, blocks))
                size += len(title.encode()) + sum(_block_bytes(b) for b in blocks)
            if size >= target_bytes:
                break
        if not cite and topic.rule is not None:
            lead.append(f"{topic.title}のルールについてはCR:{topic.rule}を参照。")
        footnotes = [self._footnote() for _ in range(self._marks)]
        see_also = [f"「{topic.title}」でテキスト検索"]
        see_also += rng.sample(self.all_titles, min(3, len(self.all_titles)))
        see_also.append("キーワード能力" if topic.keyword else "ルーリング")
        sections.append(("参考", [Block(bullets=[(0, t) for t in see_also if t != topic.title])]))
        page = Page(topic, skin, infobox, lead, sections, footnotes)
        if cite and topic.rule is not None:
            page.citation = self._citation(topic.rule)
        return page

    # -- prose --------------------------------------------------------------------------

    def _prose(self, text: str, swap: dict[str, str]) -> str:
        rng = self.rng
        text = self.rewriter.recombine(text, self.material.wiki_sentences, 0.5)
        for old, new in swap.items():
            text = text.replace(old, new)
        pairs = list(find_name_pairs(text))
        for match in reversed(pairs):
            if rng.random() < 0.6 and self.material.name_pairs:
                japanese, english = rng.choice(self.material.name_pairs)
                if match.japanese in swap.values():
                    continue
                text = text[: match.start] + f"{japanese}/{english}" + text[match.end:]
        text = self.rewriter.references(text, None)
        return _MARK_RE.sub(self._next_mark, text)

    def _next_mark(self, _: re.Match[str]) -> str:
        self._marks += 1
        return f"^[{self._marks}]"

    def _block(self, block: Paragraph | BulletList, swap: dict[str, str]) -> Block:
        if isinstance(block, Paragraph):
            text = self._prose(block.text, swap)
            if not text.endswith(("。", "）", ")")):
                text += "。"
            return Block(paragraph=text)
        out: list[tuple[int, str]] = []

        def walk(bullet: Bullet, depth: int) -> None:
            out.append((depth, self._prose(bullet.text, swap)))
            for child in bullet.children:
                walk(child, depth + 1)

        for item in block.items:
            walk(item, 0)
        return Block(bullets=out)

    def _footnote(self) -> str:
        rng = self.rng
        pool = self.material.footnotes
        if not pool:
            return "Making Magic（Mark Rosewater著）"
        english = rng.choice(pool).split("/")[0]
        rest = rng.choice(pool)
        rest = rest[rest.index("/") + 1:] if "/" in rest else rest
        day = f"{rng.randint(2003, 2025)}年{rng.randint(1, 12)}月{rng.randint(1, 28)}日"
        return f"{english}/{_DATE_RE.sub(day, rest)}"

    # -- citation -----------------------------------------------------------------------

    def _citation(self, rule: RuleNumber) -> tuple[Version, list[tuple[int, Entry]]] | None:
        having = [v for v in self.versions if rule in v.entries]
        if not having:
            return None
        version = self.rng.choice(having)
        section = RuleNumber(rule.section)
        chapter = rule.parent
        assert chapter is not None
        quoted = [(0, version.entries[section]), (1, version.entries[chapter]),
                  (2, version.entries[rule])]
        subrules = sorted((n for n in _children(version, rule)), key=lambda n: n.sort_key)
        quoted += [(3, version.entries[n]) for n in subrules[:MAX_QUOTED_SUBRULES]]
        return version, quoted


def _children(version: Version, rule: RuleNumber) -> list[RuleNumber]:
    assert rule.rule is not None
    out = []
    for letter in "abcdefghijkmnpqrstuvwxyz":
        number = RuleNumber(rule.section, rule.chapter, rule.rule, letter)
        if number in version.entries:
            out.append(number)
    return out


def _lead_names(lead: str, topic: Topic) -> str:
    """The lead opens with the page's names: 変異（へんい）/Morph -> 新語/Newword."""
    lead = re.sub(re.escape(topic.title) + _READING_AFTER_TITLE, f"{topic.title}/", lead, count=1)
    if not lead.startswith(f"{topic.title}/"):
        lead = f"{topic.title}/{topic.english}は、" + lead
    return lead


def _block_bytes(block: Block) -> int:
    if block.paragraph is not None:
        return len(block.paragraph.encode())
    return sum(len(t.encode()) + 4 for _, t in block.bullets)


# -- rendering --------------------------------------------------------------------------


def render(page: Page) -> str:
    return _render_flat(page) if page.skin == "flat" else _render_indented(page)


def _render_indented(page: Page) -> str:
    topic = page.topic
    lines = [topic.title, "", "提供：MTG Wiki", ""]
    if page.infobox:
        lines.append(f"{topic.title}/{topic.english}")
        lines += [f"{key}\t{value}" for key, value in page.infobox.items()]
        lines.append("")
    for paragraph in page.lead:
        lines += [paragraph, ""]
    for title, blocks in page.sections:
        lines += [title, ""]
        for block in blocks:
            if block.paragraph is not None:
                lines += [block.paragraph, ""]
            elif block.bullets:
                lines += ["  " * depth + "• " + text for depth, text in block.bullets]
                lines.append("")
    if page.footnotes:
        lines += ["脚注", ""]
        lines += [f"{i}. ↑ {text}" for i, text in enumerate(page.footnotes, start=1)]
        lines.append("")
    if page.citation is not None:
        version, quoted = page.citation
        lines += [f"引用：総合ルール {version.label}", ""]
        for depth, entry in quoted:
            lines.append("  " * depth + f"• {entry.number} {entry.text}")
            if entry.number.level == Level.SUBRULE:
                lines += ["  " * (depth + 1) + f"• 例：{text}" for _, text in entry.examples[:1]]
    return "\n".join(lines).rstrip("\n") + "\n"


def _render_flat(page: Page) -> str:
    topic = page.topic
    lines = [topic.title, "提供：MTG Wiki", *page.lead, "目次 |"]
    for title, blocks in page.sections:
        lines.append(title)
        for block in blocks:
            if block.paragraph is not None:
                lines.append(block.paragraph)
            else:
                lines += [f"- {text}" for _, text in block.bullets]
    if page.footnotes:
        lines.append("脚注")
        lines += [f"{i}. ↑ {text}" for i, text in enumerate(page.footnotes, start=1)]
    if page.citation is not None:
        version, quoted = page.citation
        lines.append(f"引用：総合ルール {version.label}")
        lines += [f"- {entry.number} {entry.text}" for _, entry in quoted]
        # The flat export repeats the quoted rule's ancestors after the last entry.
        lines += [f"- {entry.number} {entry.text}" for depth, entry in reversed(quoted[1:3])]
    return "\n".join(lines) + "\n"


def write_pages(folder: Path, material: Material, versions: list[Version], rewriter: Rewriter,
                names: NameMaker, budget: int) -> WrittenPages:
    """Pages until their bytes reach ``budget``; ``versions`` newest first.

    Topics come from the CR (keywords, glossary terms); past those, invented names get
    short pages without a citation, as the wiki's many card and slang pages are."""
    rng = rewriter.rng
    folder.mkdir(parents=True, exist_ok=True)
    keywords, terms = topics(material, versions[0], rng)
    all_titles = [t.title for t in keywords[:200] + terms[:200]]
    maker = PageMaker(material, versions, rewriter, all_titles)
    written = WrittenPages()
    while written.bytes < budget:
        roll = rng.random()
        if not keywords and not terms:
            japanese, english = names.keyword()
            topic, cite, target = Topic(japanese, english, None, False), False, rng.randint(800, 2500)
        elif (roll < KEYWORD_PAGE and keywords) or not terms:
            topic, cite, target = keywords.pop(), True, _target_size(rng)
        else:
            topic = terms.pop()
            cite = roll < KEYWORD_PAGE + TERM_PAGE and topic.rule is not None
            target = _target_size(rng) if cite else rng.randint(800, 2500)
        page = maker.make(topic, target, cite)
        text = render(page)
        data = text.encode("utf-8")
        (folder / f"{topic.title}.txt").write_bytes(data)
        written.count += 1
        written.bytes += len(data)
        written.skins[page.skin] += 1
        written.titles.append(topic.title)
        if page.citation is not None:
            version, quoted = page.citation
            written.quotes.append({"page": topic.title, "version": version.label,
                                   "numbers": [str(e.number) for _, e in quoted]})
    return written


def _target_size(rng: random.Random) -> int:
    """Page sizes like the wiki's: many short pages, some long ones like the seeds."""
    roll = rng.random()
    if roll < 0.4:
        return rng.randint(1500, 4000)
    if roll < 0.8:
        return rng.randint(4000, 10000)
    return rng.randint(10000, 20000)

