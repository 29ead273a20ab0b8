"""Running a query against a build: the API the CLI and the site share.

    from kb.search.searcher import Searcher
    response = Searcher.open(Path("_build")).search("フェイズアウト トークン", limit=5)
    response.hits[0].document.rule        # '702.26d'
    response.hits[0].citation             # '総合ルール 702.26d（20260116.0版、rules.txt 2244行）'

Ranking, in order:
1. a rule number in the query: that rule (then, with no words, its sub-rules and what
   cites it);
2. documents with every word (AND): an exact name match first (:data:`EXACT_NAME_TIER`),
   then BM25F over fields weighted by :data:`FIELD_WEIGHTS` (a rule's heading and other
   names weigh more than the text, older wordings less), plus a bonus when query words
   stand close (:data:`PROXIMITY_WEIGHT`), times a prior (:func:`kb.search.ranking.prior`:
   the rule, then the glossary, then wiki commentary; variant formats a little lower);
3. when that leaves room, documents with some of the words (more words first), and the
   response says so (``relaxed``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.build.snapshot import Snapshot, open_snapshot
from kb.errors import KbError
from kb.rulenum import RuleNumber
from kb.search.analyzer import Analysis, Word, name_key
from kb.search.documents import FIELDS, SearchDocument
from kb.search.highlight import index_highlights
from kb.search.index import OpenIndex, open_index
from kb.search.query import Clause, ParsedQuery, parse_query
from kb.search.ranking import KIND_PRIOR, prior
from kb.search.results import Hit, make_snippet
from kb.search.whoosh_internals import union

FIELD_WEIGHTS = {"title": 3.0, "terms": 2.0, "context": 1.0, "body": 1.0, "older": 0.3}
BM25_B = 0.5
"""Length normalisation, milder than the usual 0.75: a long rule is one rule, no less
about its words than a short one."""
EXACT_NAME_TIER = {"rule": 3, "glossary": 2, "page": 1}
"""A query that is exactly a name of a document (a rule's title or a glossary headword
pointing to it, a glossary headword, a page's English name) puts that document before
the rest: the rule first, then the glossary entry, then the wiki page (呪禁 → 702.11,
マリガン → 103.5 then 用語集 マリガン)."""
PAGE_TITLE_TIER = 4
"""Above them all, a page whose title is the query (状況起因処理 → the page 状況起因処理,
then rule 704 of that title): who types a page's exact title wants that page."""
PROXIMITY_WEIGHT = 0.5
PROXIMITY_SLOP = 4
"""Query words at most this many positions apart in a document earn the bonus (a
compound of k units takes k positions)."""
CANDIDATES = 60
"""Documents fetched before the kind prior reorders them."""

PARTIAL_MESSAGE = ("すべての語を含む結果の後に、一部の語だけを含む結果も表示しています "
                   "(after the documents with every word come documents with some of them)")
RELAXED_MESSAGE = ("すべての語を含む結果がないため、いずれかの語を含む結果を表示しています "
                   "(no document has every word; showing documents with any of them)")


@dataclass
class SearchResponse:
    query: str
    hits: list[Hit]
    numbers: list[str] = field(default_factory=list)
    relaxed: bool = False
    messages: list[str] = field(default_factory=list)
    english: list[tuple[str, list[str]]] = field(default_factory=list)
    build: str | None = None
    """The id of the build that answered (``kb.json``'s ``build``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "build": self.build,
            "numbers": self.numbers,
            "english": [{"english": en, "japanese": ja} for en, ja in self.english],
            "relaxed": self.relaxed,
            "messages": self.messages,
            "hits": [hit.to_json() for hit in self.hits],
        }


class Searcher:
    """An open build: reuse one for many queries (the Sudachi dictionary loads once)."""

    def __init__(self, opened: OpenIndex, snapshot: Snapshot | None = None):
        from whoosh.scoring import BM25F

        self.opened = opened
        self.snapshot = snapshot
        self.searcher = opened.index.searcher(weighting=BM25F(B=BM25_B))
        self.analysis = Analysis(opened.user_dictionary)
        self.english: dict[str, list[str]] = opened.tables.get("english", {})
        self.readings: dict[str, list[str]] = opened.tables.get("readings", {})

    @classmethod
    def open(cls, build_dir: Path) -> Searcher:
        """Open the build now at ``build_dir`` and keep to it until :meth:`close`: a
        ``kb build`` meanwhile neither changes nor deletes what this searcher reads (the
        index, the tables, the user dictionary Sudachi loads on the first query)."""
        snapshot = open_snapshot(build_dir)
        try:
            return cls(open_index(snapshot.path), snapshot)
        except KbError as err:
            snapshot.close()
            where = err.path.replace(str(snapshot.path), str(build_dir), 1) if err.path else None
            raise KbError(err.message, where, err.line) from err
        except BaseException:
            snapshot.close()
            raise

    @property
    def build_id(self) -> str | None:
        """The id of the build this searcher reads."""
        found = self.opened.meta.get("build")
        return found if isinstance(found, str) else None

    @property
    def has_cr(self) -> bool:
        return bool(self.opened.meta.get("has_cr"))

    def close(self) -> None:
        self.searcher.close()
        if self.snapshot is not None:
            self.snapshot.close()

    def parse(self, query: str) -> ParsedQuery:
        return parse_query(query, self.analysis, self.english, self.readings)

    def search(self, query: str, limit: int = 10) -> SearchResponse:
        parsed = self.parse(query)
        response = SearchResponse(parsed.text, [], [str(n) for n in parsed.numbers],
                                  english=parsed.english, build=self.build_id)
        if parsed.truncated:
            response.messages.append("長すぎる検索語を切り詰めました (query cut to its first characters)")
        limit = max(1, limit)
        seen: set[str] = set()
        hits: list[Hit] = []
        for number in parsed.numbers:
            hits.extend(self._number_hits(number, parsed, seen, response))
        if parsed.clauses:
            word_hits, relaxed = self._word_hits(parsed, seen, limit)
            if relaxed:
                response.relaxed = True
                complete = any(h.why == "all" for h in word_hits)
                response.messages.append(PARTIAL_MESSAGE if complete else RELAXED_MESSAGE)
            hits.extend(word_hits)
        elif not parsed.numbers:
            response.messages.append("検索語がありません (nothing to search for)")
        response.hits = hits[:limit]
        words = parsed.words()
        reader = self.searcher.reader()
        for hit in response.hits:
            d = hit.document
            spans = index_highlights(reader, hit.docnum, d.snippet_field, words, d.text) if words else []
            hit.snippet, hit.highlights = make_snippet(d.text, spans)
        if not response.hits and not response.messages:
            response.messages.append("見つかりませんでした (no results)")
        return response

    # -- rule numbers -----------------------------------------------------------------

    def _number_hits(self, number: RuleNumber, parsed: ParsedQuery, seen: set[str],
                     response: SearchResponse) -> list[Hit]:
        from whoosh.query import Term

        searcher = self.searcher
        hits: list[Hit] = []
        exact = searcher.document_number(key=f"rule:{number}")
        if exact is None:
            near = _near_numbers(searcher, number)
            hint = f" 近い番号: {', '.join(near)}" if near else ""
            response.messages.append(f"{number} はこのビルドにありません (rule not in this build).{hint}")
        else:
            hits.append(self._hit(exact, 1000.0, "number"))
        # With words to search, the words decide what follows the rule itself.
        if not parsed.clauses:
            children = [self._hit(n, 500.0, "child") for n in
                        (searcher.document_number(key=f"rule:{rule}")
                         for rule in _children(searcher, number)) if n is not None]
            children.sort(key=lambda h: h.document.rank)
            hits.extend(children)
            citing = [self._hit(n, 100.0, "cites") for n in
                      searcher.search(Term("cites", str(number)), limit=None).docs()]
            citing.sort(key=lambda h: (-KIND_PRIOR[h.document.kind], h.document.rank))
            hits.extend(citing)
        unique = []
        for hit in hits:
            if hit.document.key not in seen:
                seen.add(hit.document.key)
                unique.append(hit)
        return unique

    # -- words ------------------------------------------------------------------------

    def _word_hits(self, parsed: ParsedQuery, seen: set[str], limit: int) -> tuple[list[Hit], bool]:
        """Documents with every word, best first; then, if that leaves room, documents
        with some of the words (more words first).  Returns the hits and whether any
        came from the second, relaxed search."""
        from whoosh.query import And, AndMaybe, Or

        # Function-like words (する, ない, その) are in nearly every document: scoring
        # them costs more than it tells.  They count only when there is nothing else.
        clauses = _unique(parsed.required) or _unique(parsed.optional)
        required = [_clause_query(c) for c in clauses]
        bonus = _proximity_queries(clauses)
        main = required[0] if len(required) == 1 else And(required)
        keys = _name_keys(clauses)
        typed = name_key([w for clause in clauses for w in clause.typed_words])
        hits = self._ranked(AndMaybe(main, Or(bonus)) if bonus else main, keys, typed, seen, "all")
        relaxed = False
        if len(hits) < limit and len(required) > 1:
            # More of the words first, then the score: a document missing one word of
            # four beats a heading that has just one of them.
            searcher = self.searcher
            matched = [set(searcher.docs_for_query(q)) for q in required]
            some = self._ranked(union(required), keys, typed, seen, "some",
                                lambda docnum: sum(docnum in m for m in matched))
            relaxed = bool(some)
            hits.extend(some)
        return hits[:limit], relaxed

    def _ranked(self, query: Any, keys: set[str], typed: str, seen: set[str], why: str,
                coverage: Callable[[int], int] | None = None) -> list[Hit]:
        hits = []
        for docnum, document, score in self._run(query):
            if document.key in seen:
                continue
            seen.add(document.key)
            tier = name_tier(document, keys, typed)
            if coverage is not None:
                tier = coverage(docnum) * 10 + tier
            hits.append(Hit(document, score * prior(document.kind, document.rule), why, tier=tier, docnum=docnum))
        hits.sort(key=lambda h: (-h.tier, -h.score, h.document.rank))
        return hits

    def _hit(self, docnum: int, score: float, why: str) -> Hit:
        data = self.searcher.stored_fields(docnum)["data"]
        return Hit(SearchDocument.from_json(data), score, why, docnum=docnum)

    def _run(self, query: Any) -> list[tuple[int, SearchDocument, float]]:
        results = self.searcher.search(query, limit=CANDIDATES)
        return [(hit.docnum, SearchDocument.from_json(hit["data"]), float(hit.score))
                for hit in results]


def name_tier(document: SearchDocument, keys: set[str], typed: str) -> int:
    """How exactly the query names ``document`` (0: it does not): ``keys`` are the query
    as names (English names and readings replaced by what they stand for), ``typed``
    the words as typed, which alone can be a page's exact title."""
    if document.title_key and document.title_key == typed:
        return PAGE_TITLE_TIER
    return EXACT_NAME_TIER[document.kind] if keys.intersection(document.name_keys) else 0


def _unique(clauses: list[Clause]) -> list[Clause]:
    seen: set[tuple[tuple[str, ...], ...]] = set()
    kept = []
    for clause in clauses:
        key = tuple(tuple(w.text for w in alternative) for alternative in clause.alternatives)
        if key not in seen:
            seen.add(key)
            kept.append(clause)
    return kept


def _name_keys(clauses: list[Clause], most: int = 16) -> set[str]:
    """The query as name keys: one per combination of clause alternatives."""
    keys: list[list[Word]] = [[]]
    for clause in clauses:
        keys = [k + alternative for k in keys for alternative in clause.alternatives][:most]
    return {name_key(k) for k in keys}


def _clause_query(clause: Clause) -> Any:
    from whoosh.query import And

    alternatives = []
    for words in clause.alternatives:
        parts = [_word_query(w) for w in words]
        alternatives.append(parts[0] if len(parts) == 1 else And(parts))
    return alternatives[0] if len(alternatives) == 1 else union(alternatives)


def _word_query(word: Word) -> Any:
    """The word in any field.  A compound is also looked up as its joined units, which
    the index holds for every run of units inside a longer compound (フェイズアウト inside
    フェイズ・アウト状態)."""
    from whoosh.query import Term

    texts = dict.fromkeys([word.text, "".join(word.units)])
    return union([Term(name, text, boost=FIELD_WEIGHTS[name]) for name in FIELDS for text in texts])


def _proximity_queries(clauses: list[Clause]) -> list[Any]:
    """Neighbouring query words near each other in a rule's text or a heading."""
    from whoosh.query import Phrase

    single = [c.alternatives[0] for c in clauses if len(c.alternatives) == 1]
    queries = []
    for left, right in itertools.pairwise(single):
        words = [left[-1].text, right[0].text]
        for name in ("body", "title"):
            queries.append(Phrase(name, words, slop=PROXIMITY_SLOP,
                                  boost=PROXIMITY_WEIGHT * FIELD_WEIGHTS[name]))
    return queries


def _near_numbers(searcher: Any, number: RuleNumber, most: int = 5) -> list[str]:
    """Rule numbers in the index that look like ``number``: its nearest ancestor, and
    numbers that differ by a character or two."""
    import difflib

    known = [raw.decode("utf-8") for raw in searcher.lexicon("rule")]
    near = difflib.get_close_matches(str(number), known, n=most, cutoff=0.7)
    present = set(known)
    for ancestor in number.ancestors():
        if str(ancestor) in present:
            near = [str(ancestor), *(n for n in near if n != str(ancestor))]
            break
    return near[:most]


def _children(searcher: Any, number: RuleNumber) -> list[str]:
    """Rule numbers in the index whose parent is ``number`` (from the ``rule`` field)."""
    found = []
    for raw in searcher.reader().expand_prefix("rule", str(number)):
        parsed = RuleNumber.try_parse(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
        if parsed is not None and parsed.parent == number:
            found.append(str(parsed))
    return found
