"""CR-like rule files: a newest version grown from the real CR's structure, and older versions
derived from it the way the real CR changes between releases.

Growth: a version ``f`` times the real CR has √f times the chapters of each section (new
chapters numbered after the last real one, each modelled on a real chapter of the same
section) and √f times the rules per chapter (new rules after the real ones; in 701/702 each
is a new keyword with an invented name).  At f = 1 the numbering is exactly the real one.
Texts are recombined from the template rule's own family (rule + subrules) or chapter, with
terms swapped and references re-pointed (see :mod:`bench.synth.text`).

Older versions, going back: recent additions are missing (the last rule of some chapters,
the last subrule of some rules), some statements are reworded, and a few subrules exist
only in the older text (deleted later).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from bench.synth.material import Family, Material
from bench.synth.text import Rewriter, Targets
from bench.synth.words import KATAKANA_RUN, NameMaker, hiragana
from kb.model import RuleEntry, rule_kind
from kb.rulenum import SUBRULE_LETTERS, Level, RuleNumber, find_references
from kb.sources.cr import CONTENTS_LINE, CREDITS_LINE, GLOSSARY_LINE, TITLE_LINE

# Release dates going back from the real 20260116.0, about one a quarter.
RELEASES = [date(2026, 1, 16), date(2025, 11, 14), date(2025, 9, 26), date(2025, 8, 1),
            date(2025, 6, 13), date(2025, 4, 11), date(2025, 2, 7), date(2024, 11, 8),
            date(2024, 9, 27), date(2024, 8, 2), date(2024, 6, 7), date(2024, 4, 12),
            date(2024, 2, 9), date(2023, 11, 17)]

MISSING_LAST_RULE = 0.15
"""Chance a chapter's last rule is a recent addition, absent from the older version."""
MISSING_LAST_SUBRULE = 0.04
REWORDED = 0.05
OLDER_ONLY_SUBRULE = 0.005
GLOSSARY_DROPPED = 0.02
IRREGULAR = 0.002
"""Chance a rule line is written without its period, and again without the space after it."""


@dataclass
class Entry:
    number: RuleNumber
    text: str
    examples: list[tuple[str, str]] = field(default_factory=list)
    pool: int | None = None
    """The template chapter whose sentences reword this entry in older versions."""


@dataclass
class Gloss:
    headword: str
    reading: str
    english: str
    definition: str


@dataclass
class Version:
    released: date
    intro: str
    entries: dict[RuleNumber, Entry]
    glossary: list[Gloss]

    @property
    def label(self) -> str:
        return f"{self.released:%Y%m%d}.0"

    def ordered(self) -> list[Entry]:
        return sorted(self.entries.values(), key=lambda e: e.number.sort_key)


@dataclass
class _Planned:
    number: RuleNumber
    template: RuleEntry
    family: Family
    chapter: int
    identity: bool
    keyword: tuple[str, str, str, str] | None = None
    """(template Japanese, template English, new Japanese, new English)."""


def versions_for(n: float) -> tuple[int, float]:
    """How many CR files and how large each is, for an ``n`` times corpus: √n files of √n size."""
    count = max(1, min(len(RELEASES) - 1, round(math.sqrt(n))))
    return count, n / count


def newest(material: Material, factor: float, rng: random.Random, names: NameMaker,
           targets: Targets, rewriter: Rewriter) -> Version:
    growth = math.sqrt(factor)
    titles: dict[RuleNumber, str] = {}
    planned: list[_Planned] = []
    intro = ""
    for entry in material.sections:
        if entry.kind == "title":
            titles[entry.number] = entry.text
        else:
            intro = entry.text.replace("\n", "")
    for _, chapters in sorted(material.section_of.items()):
        real = sorted(chapters)
        wanted = min(max(len(real), round(len(real) * growth)), len(real) + 99 - real[-1] % 100)
        templates = [c for c in real if material.families.get(c)] or real
        for index in range(wanted):
            if index < len(real):
                chapter, template = real[index], real[index]
                titles[RuleNumber.parse(str(chapter))] = material.chapters[chapter].text
            else:
                chapter = real[-1] + index - len(real) + 1
                template = templates[index % len(templates)]
                titles[RuleNumber.parse(str(chapter))] = _new_title(
                    material.chapters[template].text, names)
            planned += _plan_chapter(material, chapter, template, growth, names, titles)
    for number in sorted([*titles, *(p.number for p in planned)], key=lambda n: n.sort_key):
        targets.add(number, titles.get(number))
    targets.finish()

    entries: dict[RuleNumber, Entry] = {}
    for number, title in titles.items():
        if number.level <= Level.CHAPTER:
            entries[number] = Entry(number, title)
    intro = rewriter.references(intro, None)
    for plan in planned:
        if plan.number in titles:
            entries[plan.number] = Entry(plan.number, titles[plan.number], pool=plan.chapter)
            continue
        entries[plan.number] = _statement(material, plan, rewriter)
    glossary = _glossary(material, planned, rewriter)
    return Version(RELEASES[0], intro, entries, glossary)


def _plan_chapter(material: Material, chapter: int, template: int, growth: float,
                  names: NameMaker, titles: dict[RuleNumber, str]) -> list[_Planned]:
    families = material.families.get(template, [])
    if not families:
        return []
    count = min(999, max(1, round(len(families) * growth)))
    real = chapter == template
    planned: list[_Planned] = []
    next_rule = max(f.rule.number.rule or 0 for f in families) + 1 if real else 1
    section = chapter // 100
    for index in range(count):
        family = families[index % len(families)]
        identity = real and index < len(families)
        if identity:
            number = family.rule.number
        else:
            number = RuleNumber(section, chapter, next_rule)
            next_rule += 1
        keyword = None
        if family.rule.kind == "title":
            if identity:
                titles[number] = family.rule.text
            elif "／" in family.rule.text:
                japanese, english = names.keyword()
                old_japanese, _, old_english = family.rule.text.partition("／")
                keyword = (old_japanese.strip(), old_english.strip(), japanese, english)
                titles[number] = f"{japanese}／{english}"
            else:
                titles[number] = _new_title(family.rule.text, names)
        planned.append(_Planned(number, family.rule, family, template, identity, keyword))
        for position, sub in enumerate(family.subrules[: len(SUBRULE_LETTERS)]):
            letter = sub.number.letter if identity else SUBRULE_LETTERS[position]
            sub_number = RuleNumber(section, chapter, number.rule, letter)
            planned.append(_Planned(sub_number, sub, family, template, identity, keyword))
    return planned


def _new_title(title: str, names: NameMaker) -> str:
    """A heading for a new chapter or rule: a katakana word swapped, else one put in front."""
    run = KATAKANA_RUN.search(title)
    word = names.katakana()
    if run:
        return title[: run.start()] + word + title[run.end():]
    return f"{word}・{title}"


def _statement(material: Material, plan: _Planned, rewriter: Rewriter) -> Entry:
    family_pool = plan.family.pool()
    pool = family_pool if len(family_pool) >= 4 else material.chapter_pool.get(plan.chapter, [])
    text = rewriter.recombine(plan.template.text.replace("\n", ""), pool,
                              0.7 if plan.identity else 0.45)
    text = _rename(text, plan.keyword)
    text = rewriter.swap_term(text, 0.25)
    text = rewriter.references(text, plan.number)
    examples = []
    chapter_examples = material.examples.get(plan.chapter, [])
    for _ in plan.template.examples:
        if chapter_examples:
            colon, example = rewriter.rng.choice(chapter_examples)
            example = rewriter.references(_rename(example, plan.keyword), plan.number)
            examples.append((colon, example))
    return Entry(plan.number, text, examples, plan.chapter)


def _rename(text: str, keyword: tuple[str, str, str, str] | None) -> str:
    if keyword is None:
        return text
    old_japanese, old_english, japanese, english = keyword
    return text.replace(old_japanese, japanese).replace(old_english, english)


def _glossary(material: Material, planned: list[_Planned], rewriter: Rewriter) -> list[Gloss]:
    out = []
    for gloss in material.cr.glossary:
        definition = rewriter.recombine(gloss.definition.replace("\n", ""),
                                        material.glossary_pool, 0.7)
        definition = rewriter.references(definition, None)
        out.append(Gloss(gloss.headword, gloss.reading, gloss.english, definition))
    keyword_definitions = [g.definition for g in material.cr.glossary
                           if "キーワード" in g.definition and g.headword]
    for plan in planned:
        if plan.keyword is None or plan.number.level != Level.RULE:
            continue
        old_japanese, _, japanese, english = plan.keyword
        first = rewriter.rng.choice(keyword_definitions).split("。")[0].replace(
            old_japanese, japanese)
        definition = f"{first}。rule {plan.number}〔{japanese}〕参照。"
        out.append(Gloss(japanese, hiragana(japanese), english,
                         rewriter.references(definition, None)))
    return sorted(out, key=lambda g: (g.reading, g.english))


# -- older versions ---------------------------------------------------------------------


def older(newer: Version, released: date, material: Material, rewriter: Rewriter) -> Version:
    """The version before ``newer``: recent additions absent, some rules worded differently."""
    rng = rewriter.rng
    entries = dict(newer.entries)
    rules_of: dict[RuleNumber, list[RuleNumber]] = {}
    subrules_of: dict[RuleNumber, list[RuleNumber]] = {}
    for number in sorted(entries, key=lambda n: n.sort_key):
        parent = number.parent
        if number.level == Level.RULE and parent is not None:
            rules_of.setdefault(parent, []).append(number)
        elif number.level == Level.SUBRULE and parent is not None:
            subrules_of.setdefault(parent, []).append(number)
    for rules in rules_of.values():
        if len(rules) > 2 and rng.random() < MISSING_LAST_RULE:
            last = rules[-1]
            for sub in subrules_of.pop(last, []):
                del entries[sub]
            del entries[last]
    for rule, subs in subrules_of.items():
        if len(subs) > 1 and rng.random() < MISSING_LAST_SUBRULE:
            del entries[subs.pop()]
        final = subs[-1] if subs else None
        if (final is not None and final.letter is not None and len(subs) < 20
                and SUBRULE_LETTERS.index(final.letter) < 20 and rng.random() < OLDER_ONLY_SUBRULE):
            letter = SUBRULE_LETTERS[SUBRULE_LETTERS.index(final.letter) + 1]
            number = RuleNumber(rule.section, rule.chapter, rule.rule, letter)
            template = entries[final]
            pool = material.chapter_pool.get(template.pool or 0, [])
            text = rewriter.references(rewriter.recombine(template.text, pool, 0.0), rule)
            entries[number] = Entry(number, text, [], template.pool)
    for number, entry in list(entries.items()):
        if number.level >= Level.RULE and entry.pool is not None and rng.random() < REWORDED:
            if rule_kind(number, entry.text) == "title":
                continue
            pool = material.chapter_pool.get(entry.pool, [])
            text = rewriter.references(rewriter.recombine(entry.text, pool, 0.6), number)
            text = rewriter.swap_term(text, 0.5)
            entries[number] = Entry(number, text, entry.examples, entry.pool)
    glossary = [g for g in newer.glossary if rng.random() >= GLOSSARY_DROPPED]
    return Version(released, newer.intro, entries, glossary)


# -- writing ----------------------------------------------------------------------------


@dataclass
class WrittenCR:
    path: str
    version: str
    bytes: int
    entries: dict[str, int]
    """Count per level: section, chapter, rule, subrule."""
    rules_with_text: int
    glossary: int
    irregular: dict[str, int]


def write(version: Version, path: Path, rng: random.Random, scale: float, seed: int) -> WrittenCR:
    ordered = version.ordered()
    lines = [
        f"　これは kb のベンチマーク用に合成した総合ルールです（bench.synth、seed {seed}、規模 {scale:g}×）。",
        "　実際の総合ルールの文と構成を組み替えたもので、実在のルールではありません。",
        CONTENTS_LINE,
    ]
    lines += [f"{e.number}. {e.text}" for e in ordered if e.number.level <= Level.CHAPTER]
    lines.append(TITLE_LINE)
    irregular = {"no period after the number": 0, "no space after the number": 0}
    counts = {level.name.lower(): 0 for level in Level}
    with_text = 0
    for entry in ordered:
        number, text = entry.number, entry.text
        counts[number.level.name.lower()] += 1
        if rule_kind(number, text) == "text":
            with_text += 1
        if number.level <= Level.CHAPTER:
            lines.append(f"{number}. {text}")
            if str(number) == "0":
                lines.append("\u3000" + version.intro)
                with_text += 1
            continue
        odd = rng.random()
        plain = not text[:1].isascii()
        if number.level == Level.RULE and odd < IRREGULAR:
            lines.append(f"{number} {text}")
            irregular["no period after the number"] += 1
        elif plain and odd < 2 * IRREGULAR:
            lines.append(f"{number}.{text}" if number.level == Level.RULE else f"{number}{text}")
            irregular["no space after the number"] += 1
        elif number.level == Level.RULE:
            lines.append(f"{number}. {text}")
        else:
            lines.append(f"{number} {text}")
        lines += [f"例{colon}{example}" for colon, example in entry.examples]
    lines.append(GLOSSARY_LINE)
    for gloss in version.glossary:
        lines.append(f"{gloss.headword}（{gloss.reading}）／{gloss.english}")
        lines.append("\u3000" + gloss.definition)
    day = version.released
    lines += [CREDITS_LINE, "合成：kb bench.synth",
              f"このルールは{day.year}年{day.month}月{day.day}日から有効です。"]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path.write_bytes(data)
    return WrittenCR(str(path), version.label, len(data), counts, with_text,
                     len(version.glossary), irregular)


def cited_rules(text: str) -> list[RuleNumber]:
    return [n for ref in find_references(text) for n in ref.numbers]
