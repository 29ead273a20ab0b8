"""Prose to HTML: markdown-it-py with a plugin that links rule references and known terms.

Wiki pages and CR texts are plain text, not Markdown: a line starting ``1.`` or holding
``*`` must stay as written, and raw HTML in a page must show as text.  So the parser is
markdown-it's ``zero`` preset (paragraphs, text, line breaks; HTML off) and the only markup
it adds is ours: links for rule references, found by :func:`kb.rulenum.find_references`
(the one grammar), and for known terms (wiki page titles, glossary headwords).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from kb.rulenum import RuleNumber, find_references
from kb.site.urls import glossary_preview_shard, href, rule_path

_CJK_RE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


@dataclass(frozen=True)
class Numbering:
    """How the text being rendered numbers rules: as ``release`` did.  ``today`` gives a
    number's number today (:meth:`kb.graph.RuleGraph.resolve`), or None when it is the same
    or unknown."""

    release: str
    today: Callable[[RuleNumber], RuleNumber | None]


@dataclass
class LinkEnv:
    """What one rendering needs to know: where the page is and which terms to link."""

    page_path: str
    """The site path of the page being rendered, so links can be relative."""
    terms: TermLinker | None = None
    linked_terms: set[str] = field(default_factory=set)
    """Terms already linked on this page: each is linked once, where it first appears."""
    skip_term: str | None = None
    """The page's own title, which links nowhere."""
    numbering: Numbering | None = None
    """For a text written under an older release: a number that means another rule today
    links to that rule and says so (``CR:702.36`` of 2019 → 702.37)."""
    known: Container[RuleNumber] | None = None
    """Link only these numbers (for text outside the graph, such as the English glossary,
    whose numbers may name no rule: it cites 110.10 where the rule is 111.10; an older
    revision of a wiki page may cite a number the graph does not have); None: every number."""


class TermLinker:
    """Finds known terms (longest first) in text; each term maps to a site path."""

    def __init__(self, targets: Mapping[str, str]):
        self.targets = dict(targets)
        self._pattern = _trie_regex(sorted(t for t in targets if len(t) >= 2)) if targets else None

    def find(self, text: str) -> Iterable[tuple[int, int, str]]:
        if self._pattern is None:
            return []
        return ((m.start(), m.end(), m.group(0)) for m in self._pattern.finditer(text)
                if not _inside_katakana_word(text, m.start(), m.end()))


_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc\u30fb\uff66-\uff9f]")


def _inside_katakana_word(text: str, start: int, end: int) -> bool:
    """ブロック in ミラージュ・ブロック, フェイズ in フェイズ・イン: part of a longer word."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    return bool((_KATAKANA.match(text[start]) and before and _KATAKANA.match(before))
                or (_KATAKANA.match(text[end - 1]) and after and _KATAKANA.match(after)))


def _trie_regex(words: Sequence[str]) -> re.Pattern[str] | None:
    """One regex for many words, built from a trie so matching does not try each in turn."""
    if not words:
        return None
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = True

    def pattern(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        # Longest match first: the end of a word is tried after its longer continuations.
        return f"(?:{body})?" if "" in node else body

    return re.compile(pattern(trie))


def _link_tokens(state: StateCore) -> None:
    env = state.env
    link_env = env.get("link") if isinstance(env, dict) else None
    if not isinstance(link_env, LinkEnv):
        return
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list[Token] = []
        for token in block.children:
            if token.type == "text" and token.content:
                children.extend(_split_text(token.content, link_env))
            else:
                children.append(token)
        block.children = children


def _split_text(text: str, env: LinkEnv) -> list[Token]:
    """Text with rule references and first mentions of known terms turned into links."""
    spans: list[tuple[int, int, str, dict[str, str]]] = []
    for ref in find_references(text):
        for span in ref.spans:
            number = span.first
            if env.known is not None and number not in env.known:
                continue
            today = env.numbering.today(number) if env.numbering is not None else None
            if today is not None and env.numbering is not None:
                spans.append((span.start, span.end, href(rule_path(today), env.page_path), {
                    "class": "rule-ref renumbered", "data-rule": str(today),
                    "title": f"{env.numbering.release} の {number}: 現在は {today}",
                    "data-now": str(today)}))
                continue
            spans.append((span.start, span.end, href(rule_path(number), env.page_path),
                          {"class": "rule-ref", "data-rule": str(number)}))
    if env.terms is not None:
        taken = [(s, e) for s, e, _, _ in spans]
        for start, end, term in env.terms.find(text):
            if term in env.linked_terms or term == env.skip_term:
                continue
            if any(start < e and s < end for s, e in taken):
                continue
            env.linked_terms.add(term)
            target = env.terms.targets[term]
            attrs = {"class": "term"}
            if target.startswith("glossary/"):  # a preview on hover and focus (static/terms.js)
                attrs.update({"data-term": target, "data-term-shard": str(glossary_preview_shard(target))})
            spans.append((start, end, href(target, env.page_path), attrs))
    if not spans:
        return [_text(text)]
    spans.sort()
    tokens: list[Token] = []
    pos = 0
    for start, end, link, attrs in spans:
        if start < pos:
            continue
        if start > pos:
            tokens.append(_text(text[pos:start]))
        now = attrs.pop("data-now", None)
        opening = Token("link_open", "a", 1)
        opening.attrSet("href", link)
        for name, value in attrs.items():
            opening.attrSet(name, value)
        tokens += [opening, _text(text[start:end]), Token("link_close", "a", -1)]
        if now is not None:  # say so beside the link: 〔現在の 702.37〕
            note = Token("renumbered_open", "span", 1)
            note.attrSet("class", "renumbered-note")
            tokens += [note, _text(f"〔現在の {now}〕"), Token("renumbered_close", "span", -1)]
        pos = end
    if pos < len(text):
        tokens.append(_text(text[pos:]))
    return tokens


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _softbreak(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict,
               env: EnvType) -> str:
    """A line break inside Japanese text is no word break: join without a space."""
    before = _neighbour_char(tokens, idx, -1)
    after = _neighbour_char(tokens, idx, 1)
    if _CJK_RE.match(before) or _CJK_RE.match(after):
        return ""
    return "\n"


def _neighbour_char(tokens: Sequence[Token], idx: int, step: int) -> str:
    i = idx + step
    while 0 <= i < len(tokens):
        content = tokens[i].content
        if content:
            return content[-1] if step < 0 else content[0]
        i += step
    return ""


def make_markdown() -> MarkdownIt:
    md = MarkdownIt("zero", {"html": False, "linkify": False, "typographer": False})
    md.enable(["newline"])
    md.core.ruler.push("kb_links", _link_tokens)
    md.add_render_rule("softbreak", _softbreak)
    return md


class Prose:
    """Renders text to inline HTML (no ``<p>``), with a cache for texts seen again."""

    def __init__(self) -> None:
        self.md = make_markdown()
        self._cache: dict[tuple[str, str], str] = {}

    def inline(self, text: str, env: LinkEnv) -> str:
        if env.terms is not None or env.known is not None:  # depends on more than the text
            return str(self.md.renderInline(text, {"link": env}))
        release = env.numbering.release if env.numbering is not None else ""
        key = (text, env.page_path.count("/") * "../" + release)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = str(self.md.renderInline(text, {"link": env}))
        return found
