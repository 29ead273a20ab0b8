"""What the generator recombines, read from the real seeds and CR at generation time.

Nothing here is stored in the repository: the CR text and the seed pages are read from
``../shared`` (and ``corpus/``) each time, cut into sentences, bullets, examples, names and
morae, and only ever written out recombined, into a temporary or git-ignored directory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from bench.synth.words import KATAKANA_RUN
from kb.model import CRDocument, RuleEntry, WikiPage
from kb.rulenum import Level, RuleNumber
from kb.sources.cr import read_cr
from kb.sources.names import find_name_pairs
from kb.sources.wiki import read_wiki_page

_SENTENCE_RE = re.compile(r"[^。]+。|[^。]+$")
_EXAMPLE_MARK = re.compile(r"例[：:]")
NOT_PROSE = ("脚注", "参考")
"""Sections whose lines are lists of links or sources, not sentences to recombine."""


def sentences(text: str) -> list[str]:
    """``…する。…である。`` -> two sentences, each keeping its 。."""
    return [s for s in (m.group(0).strip() for m in _SENTENCE_RE.finditer(text)) if s]


def usable(sentence: str) -> bool:
    """Sentences safe to move: no inline example mark (the CR reader would split it off)."""
    return bool(sentence) and not _EXAMPLE_MARK.search(sentence) and "\n" not in sentence


@dataclass
class Family:
    """A rule with its subrules: the unit a keyword's text is recombined within."""

    rule: RuleEntry
    subrules: list[RuleEntry] = field(default_factory=list)

    def pool(self) -> list[str]:
        found = [s for e in [self.rule, *self.subrules] if e.kind == "text"
                 for s in sentences(e.text) if usable(s)]
        return found


@dataclass
class Material:
    cr: CRDocument
    pages: list[WikiPage]
    seed_bytes: int
    cr_bytes: int
    sections: list[RuleEntry] = field(default_factory=list)
    """Section titles (and section 0's text), in order."""
    chapters: dict[int, RuleEntry] = field(default_factory=dict)
    families: dict[int, list[Family]] = field(default_factory=dict)
    """Chapter -> its rules with their subrules, in order."""
    chapter_pool: dict[int, list[str]] = field(default_factory=dict)
    examples: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    """Chapter -> (colon, text) of its example lines."""
    example_colon: dict[tuple[RuleNumber, int], str] = field(default_factory=dict)
    glossary_pool: list[str] = field(default_factory=list)
    katakana: list[str] = field(default_factory=list)
    keyword_titles: list[tuple[str, str]] = field(default_factory=list)
    name_pairs: list[tuple[str, str]] = field(default_factory=list)
    wiki_sentences: list[str] = field(default_factory=list)
    footnotes: list[str] = field(default_factory=list)
    set_names: list[str] = field(default_factory=list)

    @property
    def section_of(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for chapter in self.chapters:
            out.setdefault(chapter // 100, []).append(chapter)
        return out


def load(cr_file: Path, seed_dir: Path) -> Material:
    cr = read_cr(cr_file)
    seed_files = sorted(p for p in seed_dir.glob("*.txt") if p.name != "README.md")
    pages = [read_wiki_page(p) for p in seed_files]
    material = Material(cr, pages, sum(p.stat().st_size for p in seed_files),
                        cr_file.stat().st_size)
    _read_cr(material, cr_file)
    _read_pages(material)
    return material


def _read_cr(material: Material, cr_file: Path) -> None:
    raw_lines = cr_file.read_text(encoding="utf-8").split("\n")
    seen: set[RuleNumber] = set()
    for entry in material.cr.entries:
        if entry.number in seen and entry.number.level != Level.SECTION:
            continue  # the real file gives 505.4 twice; one is enough for a template
        seen.add(entry.number)
        for example in entry.examples:
            line = raw_lines[example.source.line - 1].lstrip()
            colon = ":" if line.startswith("例:") else "："
            text = example.text.replace("\n", "")
            if entry.number.chapter is not None and text and usable(text):
                material.examples.setdefault(entry.number.chapter, []).append((colon, text))
        level = entry.number.level
        if level == Level.SECTION:
            material.sections.append(entry)
        elif level == Level.CHAPTER:
            assert entry.number.chapter is not None
            material.chapters[entry.number.chapter] = entry
        elif level == Level.RULE:
            assert entry.number.chapter is not None
            material.families.setdefault(entry.number.chapter, []).append(Family(entry))
        else:
            assert entry.number.chapter is not None
            families = material.families.get(entry.number.chapter)
            if families and families[-1].rule.number == entry.number.parent:
                families[-1].subrules.append(entry)
    for chapter, families in material.families.items():
        material.chapter_pool[chapter] = [s for f in families for s in f.pool()]
        for family in families:
            title = family.rule.text
            if family.rule.kind == "title" and "／" in title:
                japanese, _, english = title.partition("／")
                material.keyword_titles.append((japanese.strip(), english.strip()))
    for gloss in material.cr.glossary:
        material.glossary_pool += [s for s in sentences(gloss.definition) if usable(s)]
    words: list[str] = []
    for text in [g.headword for g in material.cr.glossary] + [j for j, _ in material.keyword_titles]:
        words += KATAKANA_RUN.findall(text)
    material.katakana = sorted(set(words))


def _read_pages(material: Material) -> None:
    pairs: list[tuple[str, str]] = []
    for page in material.pages:
        for block in page.prose():
            section, text = block.section, block.text
            if block.kind == "infobox" or (section is not None and section.title in NOT_PROSE):
                continue
            material.wiki_sentences += [s for s in sentences(text) if usable(s)]
            for match in find_name_pairs(text):
                if len(match.japanese) >= 2 and match.english[:1].isupper():
                    pairs.append((match.japanese, match.english))
        material.footnotes += [f.text for f in page.footnotes]
        value = page.infobox.get("登場セット")
        if value and value != "多数":
            material.set_names += value.split()
    for gloss in material.cr.glossary:
        english = re.sub(r"\(\d\)$", "", gloss.english).strip()
        if gloss.headword and english[:1].isupper() and "/" not in gloss.headword:
            pairs.append((gloss.headword, english))
    material.name_pairs = sorted(set(pairs))
    for sentence in material.wiki_sentences:
        material.set_names += [w for w in KATAKANA_RUN.findall(sentence) if len(w) >= 4]
    material.set_names = sorted(set(material.set_names))

