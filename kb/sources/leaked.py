"""Wikitext that leaked into rendered text (a diff page, a page copied mid-edit): the
constructs that cannot be anything else are rendered as the wiki would show them, the
rest is kept as written.

Links show their label, ``'''bold'''`` its words, ``{{CR|N}}`` and ``{{#cr:N}}`` read
``CR:N`` (still a reference), ``{{#card:Name}}`` the card's name, ``__NOTOC__`` nothing.
Anything else, ``{{ config }}`` or ``<script>`` included, stays verbatim: in rendered
text it is data, never markup to interpret.
"""

from __future__ import annotations

import mwparserfromhell
from mwparserfromhell.nodes import Node, Tag, Template, Text, Wikilink

from kb.model import CardMention, WikiPage
from kb.sources.wikitext import MAGIC_WORD_RE, template_name

_STYLE_MARKUP = ("'''", "''")


def render_leaked_wikitext(text: str, page: WikiPage, line: int) -> str:
    return "".join(_node(node, page, line) for node in mwparserfromhell.parse(text).nodes)


def _node(node: Node, page: WikiPage, line: int) -> str:
    if isinstance(node, Text):
        return MAGIC_WORD_RE.sub("", str(node))
    if isinstance(node, Wikilink):
        if node.text is not None:
            return "".join(_node(n, page, line) for n in node.text.nodes)
        return str(node.title).strip().lstrip(":")
    if isinstance(node, Template):
        name, argument = template_name(node)
        key = name.lower()
        positional = [p for p in node.params if not p.showkey]
        if key in ("#cr", "cr") and (argument or positional):
            # The space keeps a following letter off the number.
            return "CR:" + (argument or str(positional[0].value)).strip() + " "
        if key == "#card" and argument:
            page.cards.append(CardMention(argument.strip(), line, "card box", english=argument.strip()))
            return argument.strip()
        return str(node)
    if isinstance(node, Tag) and node.wiki_markup in _STYLE_MARKUP and node.contents is not None:
        return "".join(_node(n, page, line) for n in node.contents.nodes)
    return str(node)
