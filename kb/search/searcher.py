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
   in a question, a subrule defining what a word names before its siblings, and a
   subrule before its own rule where it covers more of the question's words (or as many,
   and a how-many word's counter or a brief text breaks the tie); a glossary entry at half
   weight;
3. when that leaves room, documents with some of the words (more words first), and the
   response says so (``relaxed``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.build.snapshot import Snapshot, open_snapshot
from kb.errors import KbError
from kb.normalize import fold
from kb.rulenum import Level, RuleNumber
from kb.search.analyzer import Analysis, Word, name_key
from kb.search.document import FIELDS, SearchDocument
from kb.search.english import ENGLISH_FIELD, ENGLISH_WEIGHT, english_terms
from kb.search.highlight import english_highlights, index_highlights
from kb.search.hypernyms import kind_of
from kb.search.index import OpenIndex, open_index
from kb.search.query import Clause, ParsedQuery, parse_query
from kb.search.questions import how_many_counter, is_verb
from kb.search.ranking import ALIAS_TIER_DROP, DEFINING_BOOST, KIND_PRIOR, VARIANT_SECTIONS, prior
from kb.search.results import Hit, make_snippet
from kb.search.scoring import PostingScores

FIELD_WEIGHTS = {"title": 2.0, "terms": 2.0, "context": 1.0, "body": 1.0, "older": 0.3}
BM25_B = {"title": 0.5, "terms": 0.5, "context": 1.0, "body": 1.0, "older": 1.0}
"""Length normalisation per field.  Full for the texts: a short rule that has the query's
words is about them (704.5a 「ライフが0以下のプレイヤーはゲームに敗北する」), a long one that
has them as well mentions them among other things.  Milder for the names: a heading or a
glossary headword indexes as its compound and every run of its units, so a longer name is
no less that name (the glossary's 状況起因処理 stays among the hits for 状況起因処理).
Measured on the tuning part of sets 1-3 (``bench/search_split.py``): b 0.5 → these and
the heading 3 → 2 took R@1 0.761 → 0.793, MRR 0.833 → 0.852 (validation 0.775 → 0.825,
0.843 → 0.868; the shared dev set unchanged)."""
EXACT_NAME_TIER = {"rule": 3, "glossary": 2, "page": 1}
"""A query that is exactly a name of a document (a rule's title or a glossary headword
pointing to it, a glossary headword, a page's English name) puts that document before
the rest: the rule first, then the glossary entry, then the wiki page (呪禁 → 702.11,
マリガン → 103.5 then 用語集 マリガン)."""
DEFINING_TIER = 4
"""The rule defining the concept a query names (:mod:`kb.search.definitions`): above
every other exact name match."""
HEADING_TIER = 1
"""A heading without text of its own (117 優先権, 4 領域) named by the query: below the
rule with the text and the glossary entry, level with a wiki page."""
DEFINITION_TIER = 5
"""A glossary entry named by a 「〜とは」 query: the definition asked for."""
PAGE_TITLE_TIER = 6
"""Above them all, a page whose title is the query as typed (状況起因処理 → the page
状況起因処理, then rule 704 of that title): who types a page's exact title wants that
page.  Not for a 「〜とは」 query, which asks for the definition."""
NAMED_MIN_LEVEL = Level.RULE
"""A query word naming a rule puts the hits under it first (:meth:`Searcher._within_named`)
only for a rule (702.2 接死), not a chapter or section: a chapter's title (119 ライフ,
208 パワー/タフネス, 120 ダメージ) is a common word that says little of where the answer is."""
HEADING_PRIOR = 0.5
"""A heading without text of its own (310 バトル) weighs this much of a rule with text: its
title matches the query's word, but the answer is in the rules under it (310.4 for 守備値
バトル).  Named exactly by the query, it keeps its tier (:data:`HEADING_TIER`).  Tuning part of
sets 1-3: MRR 0.854 → 0.856, nothing else changed."""
PROXIMITY_WEIGHT = 0.5
PROXIMITY_SLOP = 4
"""Query words at most this many positions apart in a document earn the bonus (a
compound of k units takes k positions)."""
PROXIMITY_FIELDS = ("body", "title")
"""The fields whose word positions the bonus reads (the site's term index files them)."""
CANDIDATES = 60
UNITS_FALLBACK_BELOW = 10
"""A query compound that fewer documents hold is also searched as its units (構築戦 → 構築:
the CR writes 構築 デッキ, 構築環境); a common one is not (置換効果 stays whole).  On the
held-out set 2 R@5 0.917 → 0.938, no other set changed at 1 (tests/data/search_queries*.tsv)."""
"""Documents fetched (per search: with every word, with any) before ranking."""
COVERAGE_POWER = 3.0
"""How much a document missing some of the query's words loses: its score is multiplied
by its (rarity-weighted) share of them to this power."""
OPTIONAL_WEIGHT = 0.3
"""An optional word (a question's どう or とき, a function-like word) counts this much
of a required one where a document has it."""
KIND_WEIGHT = 0.3
"""In a question, a word's kind (the glossary's 「Xの1つ。」: 墓地 → 領域) counts this much
of the word in a document that lacks the word (:meth:`Searcher.with_kinds`)."""

PLAIN_VERB_WEIGHT = 0.5
"""In a question, a required verb that no heading or headword uses (戻す, 払う, 決まる,
負う; not 唱える, 引く, 離れる, 捧げる, which name the game's actions) counts this much of
its rarity in the coverage.  The question's nouns say what it is about; its everyday verb
is how the asker put it, which the rule often says otherwise (「統率者が手札に戻される
ときは」 — 903.9b 「手札…に置かれる場合」), and a rare verb weighed in full put rules
that share only the verb above those that share the nouns.  Every verb (not only those
no heading uses) at 0.5 took set 1's natural Recall@1 0.550 → 0.500 and set 3's 0.643 →
0.571: the game's verbs are what a question asks about.  Sets 1-5 and dev at 0.5:
set 5 統率者が手札に戻されるときはどうなる？ from outside the ten to 4th, 呪文のコストを払う
途中でマナ能力を使える？ 9th → 3rd, 追加コストを払うと… 5th → 3rd, set 4 別の領域に移動した
カードは… 4th → 3rd; nothing down (0.4 and 0.6 moved the same queries)."""

QUESTION_GLOSSARY_WEIGHT = 0.5
"""In a question that does not ask what a term is, a glossary entry weighs this much more
than its kind's prior: the entry restates what a term is, and the question asks how the
term works, which a rule says (「戦場を離れたパーマネントに乗っていたカウンターはどうなる？」:
122.2, not the glossary's 戦場を離れる).  A 「〜とは」 question keeps the entry's weight
and tier (:data:`DEFINITION_TIER`)."""

SUBRULE_BRIEF_SHARE = 0.5
"""A subrule whose text is under this share of its rule's is *brief*
(:func:`is_brief_subrule`): in a question, where it covers the question's words as well
as its rule does, it goes first (:func:`subrules_before_their_rule`)."""

PARTIAL_MESSAGE = ("すべての語を含む結果の後に、一部の語だけを含む結果も表示しています "
                   "(after the documents with every word come documents with some of them)")
IGNORED_MESSAGE = "「{}」はどの文書にもないため無視しました (no document has this word)"
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
        self.searcher = opened.index.searcher(weighting=BM25F(
            B=BM25_B["body"], **{f"{name}_B": b for name, b in BM25_B.items()}))
        self.postings = PostingScores(self.searcher, BM25_B)
        self.analysis = Analysis(opened.user_dictionary)
        self.tables = opened.tables
        self.english: dict[str, list[str]] = opened.tables.english
        self._names: dict[RuleNumber, list[str]] = {}
        self._kinds: dict[str, list[Word]] = {}
        self._rule_texts: dict[RuleNumber, str] = {}

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

    @property
    def has_english(self) -> bool:
        """The build read English releases (``kb build --cr-en``)."""
        return bool(self.opened.meta.get("has_english"))

    def close(self) -> None:
        self.searcher.close()
        if self.snapshot is not None:
            self.snapshot.close()

    def parse(self, query: str) -> ParsedQuery:
        return parse_query(query, self.analysis, self.english, self.tables)

    def search(self, query: str, limit: int = 10) -> SearchResponse:
        parsed = self.parse(query)
        if parsed.question:
            parsed.clauses = [self.with_kinds(clause) for clause in parsed.clauses]
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
            word_hits, relaxed = self._word_hits(parsed, seen, limit, response.messages)
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
            spans = index_highlights(reader, hit.docnum, d.snippet_field, words, d.text,
                                     self.postings.holds(d.snippet_field, hit.docnum)) if words else []
            hit.snippet, hit.highlights = make_snippet(d.text, spans)
            if d.english:
                spans = english_highlights(reader, hit.docnum, words, d.english) if words else []
                hit.english_snippet, hit.english_highlights = make_snippet(d.english, spans)
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

    def _word_hits(self, parsed: ParsedQuery, seen: set[str], limit: int,
                   messages: list[str]) -> tuple[list[Hit], bool]:
        """Documents ranked by how much of the query they cover, then by score.

        Every document with a required word is a candidate.  Each is scored by BM25F
        (:class:`kb.search.scoring.PostingScores`; optional words add at
        :data:`OPTIONAL_WEIGHT`) times its coverage: the share of the query's words it has,
        each word weighing by its rarity, to the power :data:`COVERAGE_POWER`.  The best
        :data:`CANDIDATES` are then weighed by their kind's prior, neighbouring query words
        standing close earn a bonus, and exact name matches go first
        (:func:`_name_tier`).  Returns the hits and whether any of them lacks a word."""
        clauses = _unique(parsed.required) or _unique(parsed.optional)
        extra = [c for c in _unique(parsed.optional) if c not in clauses] if parsed.required else []
        matched = [self._clause_scores(c) for c in clauses]
        messages.extend(IGNORED_MESSAGE.format(c.typed) for c, m in zip(clauses, matched, strict=True)
                        if not m)
        optional = [self._clause_scores(c, OPTIONAL_WEIGHT) for c in extra]
        # A word's rarity is its own: the documents its kind stands in for do not count.
        rarity = [_rarity(len(self._clause_scores(_without_kinds(c))) if c.fallbacks else len(m),
                          self.postings.documents) for c, m in zip(clauses, matched, strict=True)]
        if parsed.question:
            rarity = [r * PLAIN_VERB_WEIGHT if self._plain_verb(c) else r
                      for c, r in zip(clauses, rarity, strict=True)]
        whole = sum(rarity) or 1.0
        totals: dict[int, float] = {}
        covered: dict[int, float] = {}
        for scores, weight in zip(matched, rarity, strict=True):
            for docnum, score in scores.items():
                totals[docnum] = totals.get(docnum, 0.0) + score
                covered[docnum] = covered.get(docnum, 0.0) + weight / whole
        for scores in optional:
            for docnum, score in scores.items():
                if docnum in totals:
                    totals[docnum] += score
        ranked = sorted(totals, key=lambda d: -totals[d] * min(1.0, covered[d]) ** COVERAGE_POWER)
        ranked = ranked[:CANDIDATES]
        bonus = self._proximity(clauses, ranked)
        keys = _name_keys(clauses)
        typed = name_key([w for clause in parsed.clauses for w in clause.typed_words])
        concepts = _concept_keys(clauses, rarity)
        hits = []
        for docnum in ranked:
            stored = self.searcher.stored_fields(docnum)["data"]
            if stored["key"] in seen:
                continue
            document = SearchDocument.from_json(stored)
            share = min(1.0, covered[docnum])
            weight = prior(document.kind, document.rule) * share ** COVERAGE_POWER
            if document.kind == "rule" and not document.fields.get("body"):
                weight *= HEADING_PRIOR
            if document.kind == "glossary" and parsed.question and not parsed.definition:
                weight *= QUESTION_GLOSSARY_WEIGHT
            if concepts.intersection(document.define_keys):
                weight *= 1.0 + DEFINING_BOOST
            hits.append(Hit(document, (totals[docnum] + bonus.get(docnum, 0.0)) * weight,
                            "all" if share >= 1.0 - 1e-9 else "some",
                            tier=_name_tier(document, keys, typed, parsed.definition, parsed.question),
                            docnum=docnum))
        hits.sort(key=lambda h: (-h.tier, -h.score, h.document.rank))
        if len(clauses) > 1:
            # Among the hits with every word, in the places they ranked at: the rule a word
            # names first, and one rule's subrules in the CR's order.
            places = [i for i, h in enumerate(hits) if h.why == "all"]
            complete = [hits[i] for i in places]
            naming = _naming_clauses(clauses, rarity, complete)
            for place, hit in zip(places, in_rule_order(self._within_named(complete, naming)), strict=True):
                hits[place] = hit
        if parsed.question:
            hits = _defining_before_siblings(hits, {name_key(a) for c in clauses for a in c.alternatives})
            counted = self._counted(parsed.optional)
            hits = subrules_before_their_rule(hits, {h.docnum: min(1.0, covered[h.docnum]) for h in hits}, [
                lambda h: h.docnum in counted,
                lambda h: is_brief_subrule(h.document.fields.get("body", ""), self.rule_text(h.document)),
            ])
        hits = hits[:limit]
        seen.update(h.document.key for h in hits)
        return hits, any(h.why == "some" for h in hits)

    def _counted(self, optional: list[Clause]) -> set[int]:
        """The documents holding the counter of a question's how-many word (枚 of 何枚:
        the answer writes 「100枚」), :func:`kb.search.questions.how_many_counter`."""
        found: set[int] = set()
        for clause in optional:
            word = clause.typed_words[0] if len(clause.typed_words) == 1 else None
            counter = how_many_counter(word.text, word.units) if word is not None else None
            for alternative in clause.alternatives if counter is not None else []:
                if [w.text for w in alternative] == [counter]:
                    found.update(self._word_scores(alternative[0]))
        return found

    def rule_text(self, document: SearchDocument) -> str:
        """The text of the rule a subrule is under ("" for none, or one without text): what
        :func:`is_brief_subrule` measures a subrule against (the site's port gets the
        brief subrules listed, :mod:`kb.site.search_terms`)."""
        number = RuleNumber.try_parse(document.rule or "") if document.kind == "rule" else None
        if number is None or number.letter is None or number.parent is None:
            return ""
        found = self._rule_texts.get(number.parent)
        if found is None:
            docnum = self.searcher.document_number(key=f"rule:{number.parent}")
            found = "" if docnum is None else str(
                self.searcher.stored_fields(docnum)["data"].get("fields", {}).get("body", ""))
            self._rule_texts[number.parent] = found
        return found

    def _plain_verb(self, clause: Clause) -> bool:
        """A required clause of one typed word, a verb that no document's heading or
        headword (the ``title`` field) holds (:data:`PLAIN_VERB_WEIGHT`).  The site's port
        reads it from the word's dictionary row (role 4: :func:`kb.site.search_terms.role_flag`)."""
        words = clause.typed_words
        return (clause.required and len(words) == 1 and words[0].role == "content"
                and is_verb(words[0].pos) and not self.postings.term("title", words[0].text))

    def _clause_scores(self, clause: Clause, boost: float = 1.0) -> dict[int, float]:
        """Docnum → the clause's score in the documents that satisfy it: one alternative's
        words all present; the alternatives present add up, each at its weight."""
        total: dict[int, float] = {}
        for index, words in enumerate(clause.alternatives):
            weight = boost * clause.weight(index)
            if index == clause.units_alternative and len(total) >= UNITS_FALLBACK_BELOW:
                continue  # the literal compound is common enough: its units would only dilute
            scores: dict[int, float] | None = None
            for word in words:
                found = self._word_scores(word)
                scores = dict(found) if scores is None else {
                    d: v + found[d] for d, v in scores.items() if d in found}
            if index in clause.fallbacks:
                # A word's kind stands in for the word only where no other alternative matched.
                scores = {d: v for d, v in (scores or {}).items() if d not in total}
            for docnum, score in (scores or {}).items():
                total[docnum] = total.get(docnum, 0.0) + score * weight
        return total

    def with_kinds(self, clause: Clause) -> Clause:
        """A question's required word with the kinds the glossary says it is one of
        (:mod:`kb.search.hypernyms`) as fallback alternatives at :data:`KIND_WEIGHT`: the
        rule answering 「トークンが墓地に置かれたらどうなる？」 says 「戦場以外の領域に存在する
        トークン」 (111.7).  Only where a document lacks the word itself, so the word's own
        rules keep their order; only in a question, which names the thing it asks about
        where a rule may state the general case (keyword queries name what they want).
        The word keeps its rarity in the coverage and its place among the neighbours
        earning the closeness bonus.  Sets 1-4 and dev: set 1 that question from outside
        the ten to 2nd; one question 2nd → 3rd, nothing else in the top five moved."""
        if not clause.required or len(clause.alternatives[0]) != 1:
            return clause
        kinds = [kind for kind in self.kinds_of(clause.alternatives[0][0].text)
                 if [kind.text] not in [[w.text for w in a] for a in clause.alternatives]]
        if not kinds:
            return clause
        count = len(clause.alternatives)
        return dataclasses.replace(
            clause, alternatives=[*clause.alternatives, *([kind] for kind in kinds)],
            weights=[clause.weight(i) for i in range(count)] + [KIND_WEIGHT] * len(kinds),
            fallbacks=clause.fallbacks | frozenset(range(count, count + len(kinds))))

    def kinds_of(self, text: str) -> list[Word]:
        """The kinds (one word each) of the glossary entries headed by the word ``text``
        (a term), cached."""
        found = self._kinds.get(text)
        if found is None:
            found = []
            for docnum in self.postings.term("title", text):
                data = self.searcher.stored_fields(docnum)["data"]
                if data["kind"] != "glossary" or text not in data.get("name_keys", []):
                    continue
                kind = kind_of(data.get("fields", {}).get("body", ""))
                words = [w for w in self.analysis.kept(fold(kind)) if w.role == "content"] if kind else []
                if len(words) == 1 and words[0].text != text and words[0].text not in [w.text for w in found]:
                    found.append(words[0])
            self._kinds[text] = found
        return found

    def kind_table(self) -> dict[str, list[Word]]:
        """Every word that has kinds (:meth:`kinds_of`) → its kinds: the glossary's
        headwords of one word whose definition opens 「Xの1つ。」.  For the site's port of
        :meth:`with_kinds` (:mod:`kb.site.search_terms`), which cannot analyse a
        definition itself."""
        table: dict[str, list[Word]] = {}
        for _, stored in self.searcher.reader().iter_docs():
            data = stored["data"]
            if data["kind"] != "glossary" or kind_of(data.get("fields", {}).get("body", "")) is None:
                continue
            for key in data.get("name_keys", []):
                if " " not in key and key not in table and (kinds := self.kinds_of(key)):
                    table[key] = kinds
        return dict(sorted(table.items()))

    def _word_scores(self, word: Word) -> dict[int, float]:
        """The word in any field, each field at its weight.  A compound is also looked up
        as its joined units, which the index holds for every run of units inside a
        longer compound (フェイズアウト inside フェイズ・アウト状態)."""
        scores: dict[int, float] = {}
        for text in dict.fromkeys([word.text, "".join(word.units)]):
            for name in FIELDS:
                weight = FIELD_WEIGHTS[name]
                for docnum, score in self.postings.term(name, text).items():
                    scores[docnum] = scores.get(docnum, 0.0) + score * weight
        # An English word (as typed: Sudachi reads "damage" as ダメージ) is looked up in the
        # English text too, every stem of it present (state-based is two stems).
        english: dict[int, float] | None = None
        for stem in english_terms(word.surface):
            found = self.postings.term(ENGLISH_FIELD, stem)
            english = dict(found) if english is None else {
                d: v + found[d] for d, v in english.items() if d in found}
        for docnum, score in (english or {}).items():
            scores[docnum] = scores.get(docnum, 0.0) + score * ENGLISH_WEIGHT
        return scores

    def _proximity(self, clauses: list[Clause], docnums: list[int]) -> dict[int, float]:
        """Docnum → the bonus for neighbouring query words standing at most
        :data:`PROXIMITY_SLOP` positions apart, in order, in a document's text or heading:
        :data:`PROXIMITY_WEIGHT` of the two words' scores in that field.  Neighbours are
        the clauses of one word each, and the words of an alternative of several
        (:func:`_phrase_pairs`, at its weight)."""
        bonus: dict[int, float] = {}
        single = [c.alternatives[0] for c in clauses if len(c.alternatives) - len(c.fallbacks) == 1]
        pairs = [(left[-1].text, right[0].text, 1.0) for left, right in itertools.pairwise(single)]
        pairs += _phrase_pairs(clauses)
        for first, second, share in pairs:
            for name in PROXIMITY_FIELDS:
                before = self.postings.positions(name, first)
                after = self.postings.positions(name, second)
                if not before or not after:
                    continue
                weight = PROXIMITY_WEIGHT * FIELD_WEIGHTS[name] * share
                for docnum in docnums:
                    if docnum in before and docnum in after and _near(before[docnum], after[docnum]):
                        score = self.postings.term(name, first)[docnum] + self.postings.term(name, second)[docnum]
                        bonus[docnum] = bonus.get(docnum, 0.0) + weight * score
        # In English, each clause's typed words (an English name's too), in either order:
        # "deathtouch damage" is "damage dealt by a source with deathtouch".
        typed = [english_terms(" ".join(w.surface for w in c.alternatives[-1])) for c in clauses]
        weight = PROXIMITY_WEIGHT * ENGLISH_WEIGHT
        for before_stems, after_stems in itertools.pairwise(t for t in typed if t):
            for first, second in ((before_stems[-1], after_stems[0]), (after_stems[0], before_stems[-1])):
                before = self.postings.positions(ENGLISH_FIELD, first)
                after = self.postings.positions(ENGLISH_FIELD, second)
                for docnum in docnums:
                    if docnum in before and docnum in after and _near(before[docnum], after[docnum]):
                        score = (self.postings.term(ENGLISH_FIELD, first)[docnum]
                                 + self.postings.term(ENGLISH_FIELD, second)[docnum])
                        bonus[docnum] = bonus.get(docnum, 0.0) + weight * score
        return bonus

    def _within_named(self, hits: list[Hit], clauses: list[Clause]) -> list[Hit]:
        """A query naming a rule (a keyword: "deathtouch damage") asks about that rule
        first: the hits under a rule one of the words names come before the others, those
        under the most specific such rule first; a chapter's name does not count
        (:data:`NAMED_MIN_LEVEL`: damage names the chapter 120), nor a rule of the
        variants' sections (:data:`kb.search.ranking.VARIANT_SECTIONS`): a glossary word
        names the core rule and each format's restatement of it alike (防御プレイヤー
        names 506.2, 802 and 805.10), and a query that does not name the format means the
        core rule (one naming it finds the format's rules by their words, which hold its
        name); otherwise in their order, and exact names keep their tier."""
        named = {name_key(alternative) for clause in clauses for alternative in clause.alternatives}

        def depth(hit: Hit) -> int:
            number = RuleNumber.try_parse(hit.document.rule or "") if hit.document.kind == "rule" else None
            if number is None:
                return 0
            return max((ancestor.level + 1 for ancestor in number.ancestors()
                        if ancestor.level >= NAMED_MIN_LEVEL
                        and str(ancestor)[0] not in VARIANT_SECTIONS
                        and named.intersection(self._rule_names(ancestor))), default=0)

        return sorted(hits, key=lambda h: (-h.tier, -depth(h)))

    def _rule_names(self, number: RuleNumber) -> list[str]:
        """The name keys of a rule's document (its title, glossary headwords), cached."""
        found = self._names.get(number)
        if found is None:
            docnum = self.searcher.document_number(key=f"rule:{number}")
            found = [] if docnum is None else list(
                self.searcher.stored_fields(docnum)["data"].get("name_keys", []))
            self._names[number] = found
        return found

    def _hit(self, docnum: int, score: float, why: str) -> Hit:
        data = self.searcher.stored_fields(docnum)["data"]
        return Hit(SearchDocument.from_json(data), score, why, docnum=docnum)



def _name_tier(document: SearchDocument, keys: tuple[set[str], set[str]], typed: str,
               definition: bool, question: bool = False) -> float:
    """Where an exact name match puts the document (0: no name matched).  A page whose
    title is the query as typed (``typed``: an English name or a reading itself, not what
    it stands for) comes first of all, unless the query asks what a term is.  Then the
    rule that defines the named concept, then the other documents with that name (a
    heading without text among them, below its defining rule); a question asking what
    the concept is (呪禁とは) puts the glossary's definition before them all.  A name
    reached through an alias ranks half a tier below the literal one.

    A question that does not ask what a term is gives a glossary entry or a heading
    without text no tier (they rank by score): the question names its concept to ask
    how it works, which a rule with text says (set 5 投了っていつでもしていいの？ →
    104.3a, not the glossary's 投了; 3rd → 1st)."""
    if document.title_key and document.title_key == typed and not definition:
        return PAGE_TITLE_TIER
    if question and not definition and (
            document.kind == "glossary" or (document.kind == "rule" and not document.fields.get("body"))):
        return 0.0
    literal, aliased = keys
    for found, lower in ((literal, 0.0), (aliased, ALIAS_TIER_DROP)):
        if found.intersection(document.define_keys):
            return DEFINING_TIER - lower
        if found.intersection(document.name_keys):
            if definition and document.kind == "glossary":
                return DEFINITION_TIER - lower
            if document.kind == "rule" and not document.fields.get("body"):
                return HEADING_TIER - lower
            return EXACT_NAME_TIER[document.kind] - lower
    return 0.0


def _rarity(found: int, documents: int) -> float:
    """How much a query word weighs in the coverage: its BM25 idf (rarer words more)."""
    import math

    return math.log(1 + (documents - found + 0.5) / (found + 0.5))


def in_rule_order(hits: list[Hit]) -> list[Hit]:
    """Subrules of one rule, all of which match every word, in the CR's own order: the
    CR states a rule's general case first and refines it after (702.2b says what
    deathtouch damage does, 702.2c-e how it meets other rules), so the first of them is
    the answer to a query that names no refinement.  The siblings keep the places they
    ranked at; only their order among those places changes."""
    families: dict[str, list[int]] = {}
    for place, hit in enumerate(hits):
        number = RuleNumber.try_parse(hit.document.rule or "") if hit.document.kind == "rule" else None
        if number is not None and number.letter is not None:
            families.setdefault(str(number.parent), []).append(place)
    ordered = list(hits)
    for places in families.values():
        if len(places) > 1:
            members = sorted((hits[p] for p in places),
                             key=lambda h: RuleNumber.parse(h.document.rule or "").sort_key)
            for place, hit in zip(places, members, strict=True):
                ordered[place] = hit
    return ordered


def _defining_before_siblings(hits: list[Hit], named: set[str]) -> list[Hit]:
    """A subrule defining what a query word names (702.15b 絆魂, 702.19b トランプル's
    damage) moves up to the place of the first of its siblings ranked above it (one that
    defines a query word too stays before it): a question about a concept is answered by
    what the concept does first, where its siblings refine it."""
    ordered = list(hits)
    for hit in hits:
        if not named.intersection(hit.document.define_keys):
            continue
        number = RuleNumber.try_parse(hit.document.rule or "") if hit.document.kind == "rule" else None
        if number is None or number.letter is None:
            continue
        at = ordered.index(hit)
        first = next((i for i, h in enumerate(ordered[:at]) if h.document.kind == "rule"
                      and (RuleNumber.try_parse(h.document.rule or "") or number).parent == number.parent
                      and h.tier <= hit.tier and not named.intersection(h.document.define_keys)), None)
        if first is not None:
            ordered.insert(first, ordered.pop(at))
    return ordered


def is_brief_subrule(text: str, rule_text: str) -> bool:
    """A subrule's text under :data:`SUBRULE_BRIEF_SHARE` of its rule's (which has text)."""
    return bool(text) and len(text) < SUBRULE_BRIEF_SHARE * len(rule_text)


def subrules_before_their_rule(hits: list[Hit], shares: dict[int, float],
                               tie_breakers: list[Callable[[Hit], bool]]) -> list[Hit]:
    """In a question, a subrule ranked below its own rule (113.7a below 113.7) moves to
    just before it when it covers more of the question's words (``shares``: each hit's
    rarity-weighted share of them), or as much and one of ``tie_breakers`` holds for it
    but not for the rule.  The rule states the general case, often at length; the subrule
    that has the question's words where the rule lacks some says what was asked (「能力の
    発生源が除去されたら…」: 113.7a 「…破壊したり除去したりしても」).  Not past a higher
    name tier."""
    ordered = list(hits)
    rules = {h.document.rule for h in hits if h.document.kind == "rule"}
    for hit in hits:
        parent = _subrule_parent(hit.document.rule or "") if hit.document.kind == "rule" else None
        if parent is None or parent not in rules:
            continue
        at = next(i for i, h in enumerate(ordered) if h is hit)
        above = next((i for i in range(at)
                      if ordered[i].document.kind == "rule" and ordered[i].document.rule == parent), None)
        if above is None or ordered[above].tier > hit.tier:
            continue
        rule = ordered[above]
        share, rule_share = shares.get(hit.docnum, 0.0), shares.get(rule.docnum, 0.0)
        if share > rule_share + 1e-9 or (abs(share - rule_share) <= 1e-9 and any(
                wins(hit) and not wins(rule) for wins in tie_breakers)):
            ordered.insert(above, ordered.pop(at))
    return ordered


@functools.lru_cache(maxsize=8192)
def _subrule_parent(rule: str) -> str | None:
    """The rule a subrule (702.2b) is under (702.2), None for any other number: parsed once
    a number, as every question reads its hits' numbers."""
    number = RuleNumber.try_parse(rule)
    if number is None or number.letter is None or number.parent is None:
        return None
    return str(number.parent)


def _without_kinds(clause: Clause) -> Clause:
    """The clause without its fallback alternatives (:meth:`Searcher.with_kinds`)."""
    kept = [i for i in range(len(clause.alternatives)) if i not in clause.fallbacks]
    return dataclasses.replace(clause, alternatives=[clause.alternatives[i] for i in kept],
                               weights=[clause.weight(i) for i in kept], fallbacks=frozenset())


def _unique(clauses: list[Clause]) -> list[Clause]:
    seen: set[tuple[tuple[str, ...], ...]] = set()
    kept = []
    for clause in clauses:
        key = tuple(tuple(w.text for w in alternative) for alternative in clause.alternatives)
        if key not in seen:
            seen.add(key)
            kept.append(clause)
    return kept


def _name_keys(clauses: list[Clause], most: int = 16) -> tuple[set[str], set[str]]:
    """The query as name keys, one per combination of clause alternatives: those of the
    literal words, and those that take an alias for some word (a name reached through an
    alias ranks just below the same match on the literal: 部族 before 同族)."""
    keys: list[tuple[list[Word], bool]] = [([], True)]
    for clause in clauses:
        keys = [(k + alternative, literal and clause.weight(index) >= 1.0)
                for k, literal in keys for index, alternative in enumerate(clause.alternatives)][:most]
    literal = {name_key(k) for k, is_literal in keys if is_literal}
    return literal, {name_key(k) for k, _ in keys} - literal


def _concept_keys(clauses: list[Clause], rarity: list[float]) -> set[str]:
    """The name keys of what a query of several words is about: its rarest word, as
    typed (呪禁 of 「呪禁を持つクリーチャーを対象にできる？」; not イベント of
    「置換効果 複数 イベント 修整」).  One word alone is the whole query: the name tiers
    rank it."""
    if len(clauses) < 2:
        return set()
    clause = clauses[max(range(len(clauses)), key=lambda i: rarity[i])]
    return {name_key(alternative) for index, alternative in enumerate(clause.alternatives)
            if clause.weight(index) >= 1.0}


def _naming_clauses(clauses: list[Clause], rarity: list[float], hits: list[Hit]) -> list[Clause]:
    """The clauses that may name a rule for :meth:`Searcher._within_named`: not one that a
    rarer clause outranks by being itself the name of a hit with every word.  A query
    pairing a rare named thing with a commoner word naming a category (装備品 サブタイプ:
    装備品 is a glossary headword among the hits, サブタイプ the title of 205.3) asks about
    the rare thing; the commoner word says what about it, not under which rule to look.
    Where the rarer word names no such hit (変異 コスト X: X titles 107.3, whose rules
    lack 変異), every naming word counts as before.  Set 2: 装備品 サブタイプ 3rd → 1st
    (301.5); nothing else of sets 1-4 or dev moved."""
    names = {key for hit in hits for key in hit.document.name_keys}
    keys = [{name_key(alternative) for alternative in clause.alternatives} for clause in clauses]
    return [clause for i, clause in enumerate(clauses)
            if not any(rarity[j] > rarity[i] and keys[j] & names for j in range(len(clauses)))]


def _phrase_pairs(clauses: list[Clause]) -> list[tuple[str, str, float]]:
    """Neighbouring words within one alternative of several words, at that alternative's
    weight: an alias that stands for a phrase (デッキ切れ → ライブラリー 引く, バウンス → 手札
    戻す) or a run of typed words read as one clause means its words together, as typed
    neighbours do.  A compound's units (:attr:`Clause.units_alternative`) are no phrase:
    they are the compound itself, written apart.  Set 1: デッキ切れ 6th → 3rd (121.4
    「ライブラリーからカードを引こう」), no query of sets 1-4 or dev down."""
    return [(first.text, second.text, clause.weight(index))
            for clause in clauses for index, alternative in enumerate(clause.alternatives)
            if index != clause.units_alternative
            for first, second in itertools.pairwise(alternative)]


def _near(before: list[int], after: list[int]) -> bool:
    """Some position of ``after`` follows one of ``before`` by at most the slop."""
    return any(0 < b - a <= PROXIMITY_SLOP for a in before for b in after)


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
