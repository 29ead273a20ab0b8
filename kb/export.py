"""The graph as JSON: ``_build/kb.json``, schema ``kb-graph/1``, and loading it back.

The schema is documented in README.md and checked by ``kb/schema/kb-graph-1.schema.json``.
Loading gives back an equal :class:`~kb.graph.RuleGraph`, so lookups (``kb rule``,
``kb stats``) need no reparsing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb import __version__
from kb.build.reuse import digest
from kb.errors import KbError
from kb.graph import (
    CardEntry,
    CardPageLink,
    Conflict,
    GlossaryTerm,
    HistorySpan,
    Link,
    NameEntry,
    PageLink,
    RuleCheck,
    RuleGraph,
    RuleNode,
    RuleText,
    SourceFile,
    Unplaced,
)
from kb.model import (
    Block,
    Bullet,
    BulletList,
    CardMention,
    CitationBlock,
    DroppedLine,
    Example,
    Footnote,
    GlossaryEntry,
    Irregularity,
    NamePair,
    OldRevision,
    PageNote,
    Paragraph,
    RevisionInfo,
    RuleEntry,
    Section,
    SourceRef,
    WikiPage,
)
from kb.releases import is_japanese_version, release_of
from kb.rulenum import RuleNumber
from kb.sources.cr_en import GlossaryTerm as EnglishTerm

GRAPH_FILE = "kb.json"
"""Where a build keeps the graph: ``<out>/kb.json``."""
SCHEMA = "kb-graph/1"
Json = dict[str, Any]


# -- writing ----------------------------------------------------------------------------


def graph_to_json(graph: RuleGraph, records: bool = True) -> Json:
    """The whole export; without ``records`` the rules and pages are left empty (for
    :func:`write_json`, which encodes them one by one)."""
    return {
        "schema": SCHEMA,
        "generator": f"kb {__version__}",
        "versions": graph.versions,
        "sources": [_source_file(s) for s in graph.sources],
        "rules": [node_to_json(graph, node) for node in graph] if records else [],
        "pages": [page_to_json(page) for page in graph.pages.values()] if records else [],
        "glossary": [_glossary(key, term) for key, term in graph.glossary.items()],
        "names": [_name(entry) for entry in graph.names.values()],
        "cards": [_card(card) for card in graph.cards.values()],
        "dangling": [str(node.number) for node in graph.dangling()],
        "conflicts": [_conflict(c) for c in graph.conflicts],
        "irregularities": [
            {"source": _ref(i.source), "message": i.message} for i in graph.irregularities
        ],
        "releases": releases_json(graph),
        "english_glossary": [_english_term(t) for t in graph.english_glossary],
        "unplaced": [{"number": str(u.number), "version": u.version, "source": _ref(u.source),
                      "gone_after": u.gone_after} for u in graph.unplaced],
        "gone": [{"number": str(number), "first": first, "last": last}
                 for number, runs in sorted(graph.gone.items()) for first, last in runs],
    }


def releases_json(graph: RuleGraph) -> list[Json]:
    """Every release the graph has text of, oldest first: its date, and per language
    the version label, the file read (a CR document), and whether a whole CR was read
    (``complete``) or only quotes of it."""
    found: dict[tuple[str, str], Json] = {}
    for source in graph.sources:
        if source.kind in ("cr", "cr-en") and source.version:
            language = "en" if source.kind == "cr-en" else "ja"
            found[(release_of(source.version) or source.version, language)] = {
                "release": release_of(source.version) or source.version, "language": language,
                "version": source.version, "path": source.path, "complete": True}
    for version in graph.versions:
        release = release_of(version) or version
        language = "ja" if is_japanese_version(version) else "en"
        found.setdefault((release, language), {"release": release, "language": language,
                                               "version": version, "path": None,
                                               "complete": False})
    return [found[key] for key in sorted(found)]


def _english_term(term: EnglishTerm) -> Json:
    return {"term": term.term, "definition": term.definition, "release": term.release,
            "source": _ref(term.source), "examples": [e.text for e in term.examples]}


_RULES_SLOT = "\x00rules\x00"
_PAGES_SLOT = "\x00pages\x00"
"""Stand in for the rules and pages while the rest is encoded (no text holds a NUL:
readers refuse it)."""


@dataclass
class GraphRecords:
    """Each rule's and each page's record as ``kb.json`` holds it (JSON text), so later
    stages can tell what changed without encoding it again."""

    rules: dict[RuleNumber, str] = field(default_factory=dict)
    pages: dict[str, str] = field(default_factory=dict)
    release_free: dict[RuleNumber, str] = field(default_factory=dict)
    """Each rule's record hashed without what only names the newest English release
    (:func:`release_free`): what a rule page shows of its rule (:mod:`kb.site.unchanged`)."""


def write_json(graph: RuleGraph, path: Path, build_id: str | None = None,
               each_rule: Callable[[RuleNode, Json, str], None] | None = None) -> GraphRecords:
    """``build_id`` names the build this file belongs to (``"build"``, after ``generator``).
    ``each_rule`` is given each rule's record (:func:`node_to_json`) and the text of its
    head (:func:`record_parts`) as made, before what only names the newest release is
    taken out of it for :attr:`GraphRecords.release_free`: the store's rows are made from
    them (:class:`kb.store_write.StoreWriter`), not from each record decoded again."""
    records = GraphRecords(pages={title: _dumps(page_to_json(page)) for title, page in graph.pages.items()})
    newest = graph.english_releases[-1] if graph.english_releases else None
    for node in graph:
        rule = node_to_json(graph, node)
        head, tail = record_parts(rule)
        records.rules[node.number] = joined_record(head, tail)
        if each_rule is not None:
            each_rule(node, rule, head)
        # Hashed here, from the record as made, rather than decoded again for the site.
        records.release_free[node.number] = _release_free_digest(head, tail, newest)
    data = graph_to_json(graph, records=False)
    data["rules"], data["pages"] = _RULES_SLOT, _PAGES_SLOT
    if build_id is not None:
        data = {"schema": data.pop("schema"), "generator": data.pop("generator"), "build": build_id, **data}
    # The records go in where the slots stand ("rules" comes before "pages", as
    # graph_to_json makes them), written a record at a time: the whole text in one string
    # and then its bytes held about three times the file's size (41 MB at 3,000 wiki pages).
    head_text, _, rest = _dumps(data).partition(json.dumps(_RULES_SLOT))
    middle, _, end = rest.partition(json.dumps(_PAGES_SLOT))
    with path.open("w", encoding="utf-8") as out:
        for before, found in ((head_text, records.rules.values()), (middle, records.pages.values())):
            out.write(before)
            out.write("[")
            for i, record in enumerate(found):
                out.write(f",{record}" if i else record)
            out.write("]")
        out.write(f"{end}\n")
    return records


RECORD_TAIL = ("english", "identity", "history")
"""The last keys of a rule's record (:func:`node_to_json`): what a new English release
changes in every rule's record (its newest text's release and source, its last run's end)
is in them, and the store replaces the history (:func:`kb.lookup.with_lookups`)."""


def record_parts(rule: Json) -> tuple[str, Json]:
    """A rule's record as the text of its head (every key but :data:`RECORD_TAIL`, as
    ``kb.json`` encodes it) and its tail (those keys): the head is encoded once for the
    export, the store's document and the release-free hash; only the tail differs."""
    head = {name: value for name, value in rule.items() if name not in RECORD_TAIL}
    return _dumps(head), {name: rule[name] for name in RECORD_TAIL}


def joined_record(head: str, tail: Json) -> str:
    """The record's text from its head's text and its tail: ``_dumps`` of the whole (the
    tail's keys come last, in :func:`node_to_json`'s order)."""
    return f"{head[:-1]},{_dumps(tail)[1:]}"


def release_free_digest(record: Json, newest: str | None) -> str:
    """The hash of a rule's record (``node_to_json``, changed in place) less what only
    names the newest English release ``newest`` (:func:`release_free`)."""
    head, tail = record_parts(record)
    return _release_free_digest(head, tail, newest)


def _release_free_digest(head: str, tail: Json, newest: str | None) -> str:
    # What only names the newest release is all in the tail: the head is hashed as encoded.
    return digest(head, _dumps(release_free(tail, newest) if newest is not None else tail))


def release_free(record: Json, newest: str) -> Json:
    """A rule's record (or its tail: :func:`record_parts`) without what only says which
    release is the newest: the newest English text's release and source (its wording's
    first release is in the history) and the end of its last run of releases.  A rule
    page shows neither, so a new release leaves the pages of the rules it did not change
    as they were."""
    for text in record.get("english", []):
        if text["release"] == newest:
            for name in ("version", "release", "source", "sources"):
                text.pop(name, None)
            for example in text["examples"]:
                example.pop("source", None)
    history = record.get("history")
    if history:
        history[-1].pop("last", None)
    return record


def _dumps(data: Json) -> str:
    # No indent: with one, json falls back to its pure-Python encoder (4-5x slower).
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _ref(ref: SourceRef) -> Json:
    out: Json = {"path": ref.path, "line": ref.line}
    if ref.page is not None:
        out["page"] = ref.page
    return out


def _source_file(source: SourceFile) -> Json:
    return {"path": source.path, "kind": source.kind, "version": source.version, "title": source.title}


def _text(text: RuleText) -> Json:
    found: Json = {
        "version": text.version,
        "release": text.release,
        "language": text.language,
        "text": text.text,
        "kind": text.kind,
        "source": _ref(text.source),
        "sources": [_ref(s) for s in text.sources],
        "examples": [{"text": e.text, "source": _ref(e.source)} for e in text.examples],
    }
    if text.number is not None:
        found["number"] = str(text.number)
    return found


def _span(span: HistorySpan) -> Json:
    return {"first": span.first, "last": span.last, "number": str(span.number),
            "change": span.change, "text": span.text, "kind": span.kind,
            "examples": list(span.examples)}


def _link(link: Link) -> Json:
    return {
        "origin": link.origin,
        "target": str(link.target),
        "raw": link.raw,
        "form": link.form,
        "source": _ref(link.source),
        "version": link.version,
        "title": link.title,
        "start": link.start,
        "end": link.end,
        "written": str(link.written) if link.written is not None else None,
    }


def _page_link(link: PageLink) -> Json:
    return {
        "page": link.page,
        "kind": link.kind,
        "line": link.line,
        "section": link.section,
        "anchor": link.anchor,
        "version": link.version,
        "raw": link.raw,
        "written": link.written,
        "numbering": link.numbering,
    }


def node_to_json(graph: RuleGraph, node: RuleNode) -> Json:
    number = node.number
    parent = number.parent
    previous, following = graph.previous(number), graph.next(number)
    return {
        "number": str(number),
        "level": number.level.name.lower(),
        "title": node.title,
        "parent": str(parent) if parent is not None else None,
        "children": [str(c.number) for c in graph.children(number)],
        "previous": str(previous.number) if previous else None,
        "next": str(following.number) if following else None,
        "texts": [_text(t) for t in node.texts],
        "titles": [_text(t) for t in node.titles],
        "examples": [
            {"text": e.text, "version": t.version, "source": _ref(e.source)}
            for t in node.texts for e in t.examples
        ],
        "references": [_link(link) for link in node.references],
        "referenced_by": [_link(link) for link in node.referenced_by],
        "pages": [_page_link(p) for p in node.pages],
        "glossary": list(node.glossary),
        "dangling": node.is_dangling,
        "checks": [_check(c) for c in node.checks],
        "english": [_text(t) for t in node.english],
        "identity": node.identity,
        "history": [_span(s) for s in node.history],
    }


def _check(check: RuleCheck) -> Json:
    return {
        "id": check.id, "status": check.status, "message": check.message, "doc": check.doc,
        "source": check.source, "location": check.location, "written_against": check.written_against,
        "rules": list(check.rules), "claims": list(check.claims), "wiki": list(check.wiki),
        "wiki_outdated": list(check.wiki_outdated),
        "changed_in": list(check.changed_in), "statement": dict(check.statement), "cards": list(check.cards),
        "examples": list(check.examples),
    }


def _bullet(bullet: Bullet) -> Json:
    return {"text": bullet.text, "line": bullet.line, "children": [_bullet(c) for c in bullet.children]}


def _block(block: Block) -> Json:
    if isinstance(block, Paragraph):
        return {"type": "paragraph", "text": block.text, "line": block.line}
    return {"type": "bullets", "items": [_bullet(b) for b in block.items]}


def _entry(entry: RuleEntry) -> Json:
    return {
        "number": str(entry.number),
        "text": entry.text,
        "kind": entry.kind,
        "line": entry.source.line,
        "examples": [{"text": e.text, "line": e.source.line} for e in entry.examples],
    }


def _section(section: Section) -> Json:
    citation = section.citation
    return {
        "title": section.title,
        "level": section.level,
        "line": section.line,
        "anchor": section.anchor,
        "blocks": [_block(b) for b in section.blocks],
        "citation": None if citation is None else {
            "version": citation.version,
            "line": citation.line,
            "entries": [_entry(e) for e in citation.entries],
        },
    }


def page_to_json(page: WikiPage) -> Json:
    return {
        "title": page.title,
        "path": page.path,
        "skin": page.skin,
        "english_name": page.english_name,
        "infobox": dict(page.infobox),
        "infobox_line": page.infobox_line,
        "lead": [_block(b) for b in page.lead],
        "sections": [_section(s) for s in page.sections],
        "names": [
            {"japanese": n.japanese, "english": n.english, "line": n.line, "section": n.section}
            for n in page.names
        ],
        "footnotes": [{"number": f.number, "text": f.text, "line": f.line} for f in page.footnotes],
        "footnote_marks": [list(mark) for mark in page.footnote_marks],
        "dropped": [{"line": d.line, "text": d.text, "reason": d.reason} for d in page.dropped],
        "revision": _revision(page.revision),
        "history": [{"revision": _revision(r.revision), "path": r.path, "line": r.line,
                     "format": r.format} for r in page.history],
        "categories": list(page.categories),
        "redirect": page.redirect,
        "hatnotes": list(page.hatnotes),
        "cards": [{"name": c.name, "line": c.line, "form": c.form, "english": c.english,
                   "japanese": c.japanese, "reading": c.reading} for c in page.cards],
        "notes": [{"line": n.line, "message": n.message} for n in page.notes],
        "url": page.url,
        "partial": page.partial,
    }


def _revision(revision: RevisionInfo) -> Json:
    return {"id": revision.id, "timestamp": revision.timestamp, "origin": revision.origin}


def _glossary(key: str, term: GlossaryTerm) -> Json:
    entry = term.entry
    return {
        "key": key,
        "headword": entry.headword,
        "reading": entry.reading,
        "english": entry.english,
        "definition": entry.definition,
        "version": entry.version,
        "source": _ref(entry.source),
        "references": [_link(link) for link in term.references],
        "see_also": list(term.see_also),
    }


def _name(entry: NameEntry) -> Json:
    return {"japanese": entry.japanese, "english": entry.english,
            "sources": [_ref(s) for s in entry.sources]}


def _card(card: CardEntry) -> Json:
    return {"english": card.english, "japanese": card.japanese, "reading": card.reading,
            "pages": [{"page": p.page, "line": p.line, "form": p.form, "section": p.section,
                       "anchor": p.anchor} for p in card.pages],
            "rules": [str(n) for n in card.rules]}


def _conflict(conflict: Conflict) -> Json:
    return {
        "number": str(conflict.number),
        "version": conflict.version,
        "kind": conflict.kind,
        "texts": [{"text": t.text, "sources": [_ref(s) for s in t.sources]} for t in conflict.texts],
    }


# -- reading ----------------------------------------------------------------------------


def load_graph(path: Path) -> RuleGraph:
    """Load ``kb.json`` written by :func:`write_json`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        raise KbError("no build here: run `kb build` first (or pass --build DIR)", path) from err
    except (OSError, ValueError) as err:
        raise KbError(f"cannot read the build: {err}", path) from err
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else type(data).__name__
        raise KbError(f"unknown schema {found!r}; this kb reads {SCHEMA!r}: rebuild", path)
    try:
        return graph_from_json(data)
    except (KeyError, TypeError, AttributeError, ValueError) as err:  # edited or damaged
        raise KbError(f"damaged build ({type(err).__name__}: {err}): rebuild", path) from err


def graph_from_json(data: Json) -> RuleGraph:
    graph = RuleGraph()
    graph.sources = [SourceFile(s["path"], s["kind"], s["version"], s["title"]) for s in data["sources"]]
    for item in data["rules"]:
        number = RuleNumber.parse(item["number"])
        graph.nodes[number] = RuleNode(
            number,
            texts=[_read_text(t) for t in item["texts"]],
            titles=[_read_text(t) for t in item["titles"]],
            references=[_read_link(x) for x in item["references"]],
            referenced_by=[_read_link(x) for x in item["referenced_by"]],
            pages=[PageLink(**p) for p in item["pages"]],
            glossary=list(item["glossary"]),
            checks=[RuleCheck(**c) for c in item.get("checks", [])],
            english=[_read_text(t) for t in item.get("english", [])],
            identity=item.get("identity"),
            history=[_read_span(s) for s in item.get("history", [])],
        )
    for item in data["pages"]:
        page = page_from_json(item)
        graph.pages[page.title] = page
    for item in data["glossary"]:
        entry = GlossaryEntry(item["headword"], item["reading"], item["english"], item["definition"],
                              item["version"], _read_ref(item["source"]))
        graph.glossary[item["key"]] = GlossaryTerm(
            entry, [_read_link(x) for x in item["references"]], list(item["see_also"])
        )
    for item in data["names"]:
        key = (item["japanese"], item["english"])
        graph.names[key] = NameEntry(item["japanese"], item["english"],
                                     [_read_ref(s) for s in item["sources"]])
    graph.irregularities = [
        Irregularity(_read_ref(i["source"]), i["message"]) for i in data["irregularities"]
    ]
    graph.english_releases = [r["release"] for r in data.get("releases", [])
                              if r["language"] == "en" and r["complete"]]
    graph.english_glossary = [
        EnglishTerm(t["term"], t["definition"], t["release"], _read_ref(t["source"]),
                    [Example(x, _read_ref(t["source"])) for x in t["examples"]])
        for t in data.get("english_glossary", [])]
    for item in data.get("gone", []):
        graph.gone.setdefault(RuleNumber.parse(item["number"]), []).append((item["first"], item["last"]))
    graph.unplaced = [Unplaced(RuleNumber.parse(u["number"]), u["version"], _read_ref(u["source"]),
                               u["gone_after"]) for u in data.get("unplaced", [])]
    for item in data["cards"]:
        card = CardEntry(item["english"], item["japanese"], item["reading"],
                         [CardPageLink(**p) for p in item["pages"]],
                         [RuleNumber.parse(n) for n in item["rules"]])
        graph.cards[card.key] = card
    graph.finish()
    return graph


def _read_ref(item: Json) -> SourceRef:
    return SourceRef(item["path"], item["line"], item.get("page"))


def _read_text(item: Json) -> RuleText:
    number = item.get("number")
    return RuleText(
        item["version"], item["text"], item["kind"], [_read_ref(s) for s in item["sources"]],
        [Example(e["text"], _read_ref(e["source"])) for e in item["examples"]],
        item.get("language", "ja"), RuleNumber.parse(number) if number else None,
    )


def _read_span(item: Json) -> HistorySpan:
    return HistorySpan(item["first"], item["last"], RuleNumber.parse(item["number"]),
                       item["change"], item["text"], item["kind"], tuple(item["examples"]))


def _read_link(item: Json) -> Link:
    written = item.get("written")
    return Link(
        item["origin"], RuleNumber.parse(item["target"]), item["raw"], item["form"],
        _read_ref(item["source"]), item["version"], item["title"], item["start"], item["end"],
        RuleNumber.parse(written) if written else None,
    )


def _read_bullet(item: Json) -> Bullet:
    return Bullet(item["text"], item["line"], [_read_bullet(c) for c in item["children"]])


def _read_block(item: Json) -> Block:
    if item["type"] == "paragraph":
        return Paragraph(item["text"], item["line"])
    return BulletList([_read_bullet(b) for b in item["items"]])


def _read_revision(item: Json) -> RevisionInfo:
    return RevisionInfo(item["id"], item["timestamp"], item["origin"])


def page_from_json(item: Json) -> WikiPage:
    path, title = item["path"], item["title"]
    page = WikiPage(
        title=title, path=path, skin=item["skin"], english_name=item["english_name"],
        infobox=dict(item["infobox"]), infobox_line=item["infobox_line"],
        lead=[_read_block(b) for b in item["lead"]],
        names=[NamePair(n["japanese"], n["english"], n["line"], n["section"]) for n in item["names"]],
        footnotes=[Footnote(f["number"], f["text"], f["line"]) for f in item["footnotes"]],
        footnote_marks=[(m[0], m[1]) for m in item["footnote_marks"]],
        dropped=[DroppedLine(d["line"], d["text"], d["reason"]) for d in item["dropped"]],
        revision=_read_revision(item["revision"]),
        history=[OldRevision(_read_revision(r["revision"]), r["path"], r["line"], r["format"])
                 for r in item["history"]],
        categories=list(item["categories"]), redirect=item["redirect"],
        hatnotes=list(item["hatnotes"]),
        cards=[CardMention(c["name"], c["line"], c["form"], c["english"], c["japanese"], c["reading"])
               for c in item["cards"]],
        notes=[PageNote(n["line"], n["message"]) for n in item["notes"]],
        url=item["url"], partial=item["partial"],
    )
    for s in item["sections"]:
        section = Section(s["title"], s["level"], s["line"], [_read_block(b) for b in s["blocks"]],
                          anchor=s["anchor"])
        cit = s["citation"]
        if cit is not None:
            section.citation = CitationBlock(cit["version"], cit["line"], [
                RuleEntry(
                    RuleNumber.parse(e["number"]), cit["version"], e["text"], e["kind"],
                    SourceRef(path, e["line"], title),
                    [Example(x["text"], SourceRef(path, x["line"], title)) for x in e["examples"]],
                )
                for e in cit["entries"]
            ])
        page.sections.append(section)
    return page
