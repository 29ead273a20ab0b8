"""Would the site search rank as ``kb search`` if it indexed the CLI's terms?  Measured
before building it (issue 13 goal 4, issue 17 goal 3).

The browser cannot run Sudachi.  The plan: the site indexes the terms of ``kb search``'s
own index, and the browser cuts a query into words with a dictionary of the surfaces the
corpus holds (each surface → the term Sudachi gave it, longest match first), then ranks
with ``kb search``'s rules.  This measures the three things that decide whether that can
work, without writing it:

- **ranking**: ``kb search`` itself with its analysis of the query replaced by the
  dictionary's (:class:`Segmenter`: longest match over the corpus's surfaces; a katakana
  or Latin run no entry covers is one unknown word, or known words of two characters or
  more end to end).  Recall@1 / Recall@5 / MRR beside the CLI's on every query set: what
  the site would reach with ``kb search``'s ranking ported exactly.  ``--no-proximity``
  drops the bonus for neighbouring words (positions not exported); ``--quantise N`` rounds
  each term's per-field scores to 1/N (what postings of small integers would hold);
- **bytes**: the dictionary and the term postings (each term's documents with its
  weighted BM25F score, quantised ×4, as :func:`kb.site.search_index.encode_postings`
  strings), against today's bigram postings files, compressed;
- **requests**: the dev queries' files under a character-grouped layout of the dictionary,
  the term postings and today's name, alias and English tables, each filed under its first
  two characters (:func:`kb.site.search_groups.group_characters`): a query loads the groups
  of every two characters it holds (the dictionary entries that may start there) and of its
  terms.

``python -m bench.site_terms --build DIR [--no-proximity] [--quantise N] [-v]
[--words-given]`` (a build with the CR and the site); ``-v`` lists the queries the
dictionary's analysis ranks differently; ``--words-given`` also runs the site's search as
it is on the queries cut into ``kb search``'s required words (:func:`words_given`).
``python -m bench.site_terms --build DIR --first-hits``: the queries whose first hit the
port and ``kb search`` (as it is, and given the dictionary's cut) disagree on
(:func:`first_hits`).  ``python -m bench.site_terms --build DIR --browser [-v]``: the port itself
(``kb.searchByTerms``, :mod:`kb.site.search_terms`) in Chromium beside ``kb search`` and the
site's default search (:func:`browser_ranking`); it reads the site's term index, which only
a build with ``kb build --site-terms`` writes (:func:`require_terms`).
"""

from __future__ import annotations

import gzip
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from kb.normalize import fold
from kb.search.analyzer import Analysis
from kb.site.search_terms import QUANTUM as TERM_QUANTUM
from kb.site.search_terms import Entry, Segmenter, read_as_the_port, role_flag
from kb.site.search_terms import corpus_dictionary as site_dictionary

QUANTUM = TERM_QUANTUM


def corpus_dictionary(searcher: Any, analysis: Analysis | None = None) -> tuple[dict[str, Entry], dict[str, int]]:
    """:func:`kb.site.search_terms.corpus_dictionary` (``analysis``: the searcher's own)."""
    return site_dictionary(searcher)


def ranking(build_dir: Path, proximity: bool = True, quantise: float | None = None,
            verbose: bool = False) -> list[str]:
    """kb search as it is, and with the query analysed by :class:`Segmenter`, on every set."""
    import kb.search.searcher as searcher_module
    from bench.search_sets import SETS
    from kb.search.evaluate import read_queries, score

    cli = searcher_module.Searcher.open(build_dir)
    mine = searcher_module.Searcher.open(build_dir)
    sets = [(label, read_queries(path, ("seeds", "cr"))) for label, path in SETS if path.is_file()]
    before = {label: [[h.document.key for h in cli.search(q.query, 10).hits] for q in queries]
              for label, queries in sets}
    table = read_as_the_port(mine).table
    saved = searcher_module.PROXIMITY_WEIGHT
    if not proximity:
        searcher_module.PROXIMITY_WEIGHT = 0.0
    if quantise:
        exact = mine.postings.term
        rounded: dict[tuple[str, str], dict[int, float]] = {}

        def term(field: str, text: str) -> dict[int, float]:
            if (field, text) not in rounded:
                rounded[field, text] = {d: round(v * quantise) / quantise for d, v in exact(field, text).items()}
            return rounded[field, text]

        mine.postings.term = term  # type: ignore[method-assign]
    lines = [(f"dictionary: {len(table)} surfaces; proximity {'on' if proximity else 'off'}; "
             f"scores {'exact' if not quantise else f'to 1/{quantise:g}'}")]
    try:
        for label, queries in sets:
            after = [[h.document.key for h in mine.search(q.query, 10).hits] for q in queries]
            a, b = score("kb search", queries, before[label]), score("segmenter", queries, after)
            lines.append(f"{label}: kb search {_figures(a)}, with the dictionary's analysis {_figures(b)}"
                         f" (R@1 {b.recall_at(1) - a.recall_at(1):+.3f}, R@5 {b.recall_at(5) - a.recall_at(5):+.3f})")
            if verbose:
                lines.extend(f"    {x} → {y}\t{q.query}" for q, x, y in zip(queries, a.ranks, b.ranks, strict=True)
                             if x != y)
    finally:
        searcher_module.PROXIMITY_WEIGHT = saved
        cli.close()
        mine.close()
    return lines


def _figures(system: Any) -> str:
    return "/".join(f"{v:.3f}" for v in (system.recall_at(1), system.recall_at(5), system.mrr))


def term_postings(searcher: Any) -> dict[str, dict[int, int]]:
    """Each term of the index → document → its weighted score in quarter points
    (:func:`kb.site.search_terms.term_postings`, numbered as the site's term files are)."""
    from kb.site.search_terms import TermDocuments
    from kb.site.search_terms import term_postings as site_postings

    count = searcher.searcher.doc_count_all()
    return site_postings(searcher, TermDocuments([], [], {n: n for n in range(count)}))


def _index_tables(site: Path) -> dict[str, dict[str, Any]]:
    """Today's name, alias and English tables of ``search/index/*.js`` and
    ``search/words/*.js``, merged."""
    merged: dict[str, dict[str, Any]] = {"n": {}, "a": {}, "e": {}}
    for path in [*sorted((site / "search" / "index").glob("*.js")), *sorted((site / "search" / "words").glob("*.js"))]:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text[text.index(",") + 1:text.rindex(")")])
        for kind, table in merged.items():
            table.update(data.get(kind, {}))
    return merged


def _gz(data: object) -> int:
    return len(gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()))


def layout(build_dir: Path) -> list[str]:
    """Bytes of the dictionary and term postings, and the dev queries' files and bytes
    under a character-grouped layout of them."""
    from bench.common import DEV_QUERIES
    from kb.search.evaluate import read_queries
    from kb.search.query import parse_query
    from kb.search.searcher import Searcher
    from kb.site.search_index import encode_postings

    searcher = Searcher.open(build_dir)
    try:
        table, counts = corpus_dictionary(searcher, searcher.analysis)
        postings = term_postings(searcher)
        segmenter = Segmenter(table, counts)
        searcher.analysis.words = segmenter.words  # type: ignore[method-assign]
        queries = [q.query for q in read_queries(DEV_QUERIES, ("seeds", "cr"))]
        parsed = [parse_query(q, searcher.analysis, searcher.english, searcher.tables) for q in queries]
    finally:
        searcher.close()
    encoded = {}
    for term, documents in postings.items():
        flat: list[int] = []
        for docnum in sorted(documents):
            flat += [docnum, documents[docnum]]
        encoded[term] = encode_postings(flat)
    dictionary = {surface: [e[0] if e[0] != surface else "", role_flag(e)] for surface, e in table.items()}
    site = build_dir / "site"
    bigram_files = sorted((site / "search" / "index").glob("*.js"))
    bigram_gz = sum(len(gzip.compress(p.read_bytes())) for p in bigram_files)
    names = _index_tables(site)
    lines = [
        f"dictionary: {len(dictionary)} surfaces, {_gz(dictionary) / 1000:.1f} kB compressed as one file",
        (f"term postings: {len(encoded)} terms, {sum(len(t) for t in postings.values())} postings, "
        f"{_gz(encoded) / 1000:.1f} kB compressed as one file"),
        f"name, alias and English tables (today's): {_gz(names) / 1000:.1f} kB compressed as one file",
        (f"today's bigram files (postings, names, aliases, English): {len(bigram_files)} files, "
        f"{bigram_gz / 1000:.1f} kB compressed"),
    ]
    for kana_apart in (False, True):
        lines.append(_grouped(dictionary, encoded, names, queries, parsed, kana_apart))
    return lines


def _grouped(dictionary: dict[str, Any], encoded: dict[str, str], names: dict[str, dict[str, Any]],
             queries: list[str], parsed: list[Any], kana_apart: bool) -> str:
    """The dev queries' files and compressed bytes with every entry filed under its key's
    first two characters, as the name tables are today (:mod:`kb.site.search_groups`).  A
    query loads the groups of each two characters it holds and of its words' terms.  With
    ``kana_apart`` the dictionary's surfaces that start with hiragana (particles, endings,
    する: 875 on the seeds + CR build) are one file every query loads, a window starting with hiragana
    needs no group, and only the required words' postings are loaded (an optional word's
    score left out: ``OPTIONAL_WEIGHT`` 0 changes no Recall@1 or @5 of kb search)."""
    from kb.site.search_groups import group_characters, is_hiragana

    kana = {k: v for k, v in dictionary.items() if kana_apart and k and is_hiragana(k[0])}
    filed: dict[str, dict[str, dict[str, Any]]] = {}
    tables: list[tuple[str, dict[str, Any]]] = [("d", dictionary), ("p", encoded), *names.items()]
    for kind, entries in tables:
        for key, value in entries.items():
            if kind != "d" or key not in kana:
                filed.setdefault(key[:2], {}).setdefault(kind, {})[key] = value
    sizes = {key: len(json.dumps(held, ensure_ascii=False)) for key, held in filed.items()}
    groups = group_characters(sizes, sizes)
    files: dict[int, dict[str, dict[str, Any]]] = {}
    for key, held in filed.items():
        into = files.setdefault(groups.of(key), {})
        for kind, entries in held.items():
            into.setdefault(kind, {}).update(entries)
    size_of = {n: _gz(content) for n, content in files.items()}
    requests, kilobytes = [], []
    for query, parse in zip(queries, parsed, strict=True):
        folded = fold(query)
        wanted = {groups.of(folded[i:i + 2]) for i in range(len(folded))
                  if not folded[i].isspace() and not (kana_apart and is_hiragana(folded[i]))}
        words = [w for c in parse.clauses if c.required or not kana_apart for a in c.alternatives for w in a]
        wanted |= {groups.of(w.text[:2]) for w in words}
        wanted &= set(files)
        requests.append(len(wanted) + (1 if kana else 0))
        kilobytes.append((sum(size_of[n] for n in wanted) + (_gz(kana) if kana else 0)) / 1000)
    how = "hiragana entries apart, required words' postings only" if kana_apart else "all by two characters"
    return (f"grouped ({how}): {len(files) + (1 if kana else 0)} files, "
            f"{(sum(size_of.values()) + (_gz(kana) if kana else 0)) / 1000:.1f} kB compressed; dev queries "
            f"(dictionary, postings and names only): files median {statistics.median(requests):.1f}, "
            f"max {max(requests)}; kB median {statistics.median(kilobytes):.1f}, max {max(kilobytes):.1f}")


def words_given(build_dir: Path) -> list[str]:
    """The site's search as it is (bigrams), given ``kb search``'s analysis of each query:
    the query replaced by its required words as Sudachi cut them, space-separated (a query
    with a rule number or an English name as typed).  Shows whether the analysis alone
    would close the gap, with the site's bigram ranking kept (in Chromium)."""
    from bench.browser import chromium, run_queries
    from bench.search_sets import SETS
    from kb.search.evaluate import read_queries, score
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)

    def rewritten(query: str) -> str:
        parsed = searcher.parse(query)
        if parsed.numbers or parsed.english:
            return query
        return " ".join(c.typed for c in parsed.required or parsed.clauses)

    lines = []
    try:
        with chromium() as browser:
            for label, path in SETS:
                if not path.is_file():
                    continue
                queries = read_queries(path, ("seeds", "cr"))
                page = browser.new_page()
                page.goto((build_dir / "site" / "search.html").as_uri())
                as_typed = [r["ids"] for r in run_queries(page, [q.query for q in queries])]
                given = [r["ids"] for r in run_queries(page, [rewritten(q.query) for q in queries])]
                page.close()
                cli = [[h.document.key for h in searcher.search(q.query, 10).hits] for q in queries]
                lines.append(f"{label}: kb search {_figures(score('cli', queries, cli))}, site "
                             f"{_figures(score('site', queries, as_typed))}, site given kb search's words "
                             f"{_figures(score('given', queries, given))}")
    finally:
        searcher.close()
    return lines


def require_terms(build_dir: Path) -> None:
    """Stop with a clear message when ``build_dir``'s site has no term index: ``kb build``
    writes it only with ``--site-terms``."""
    if not (build_dir / "site" / "search" / "terms" / "meta.js").is_file():
        raise SystemExit(f"{build_dir}: the site has no term index (site/search/terms/); "
                         f"build it with kb build --site-terms")


def browser_ranking(build_dir: Path, verbose: bool = False) -> list[str]:
    """``kb search``, the site's search (``kb.search``) and the port of ``kb search``'s
    ranking over the term index (``kb.searchByTerms``), all in Chromium but the first, on
    every set: R@1/R@5/MRR and each port's difference from ``kb search``.  ``build_dir``:
    a build made with ``kb build --site-terms``."""
    from bench.browser import chromium
    from bench.search_sets import SETS
    from kb.search.evaluate import read_queries, score
    from kb.search.searcher import Searcher

    require_terms(build_dir)
    script = """async ([queries, call]) => {
      const out = [];
      for (const q of queries) out.push((await kb[call](q, 10)).hits.map(h => h.id));
      return out;
    }"""
    searcher = Searcher.open(build_dir)
    lines = []
    try:
        with chromium() as browser:
            for label, path in SETS:
                if not path.is_file():
                    continue
                queries = read_queries(path, ("seeds", "cr"))
                cli = score("cli", queries, [[h.document.key for h in searcher.search(q.query, 10).hits]
                                             for q in queries])
                found = {}
                for call in ("search", "searchByTerms"):
                    page = browser.new_page()
                    page.goto((build_dir / "site" / "search.html").as_uri())
                    found[call] = score(call, queries, page.evaluate(script, [[q.query for q in queries], call]))
                    page.close()
                site, terms = found["search"], found["searchByTerms"]
                lines.append(f"{label}: kb search {_figures(cli)}; site {_figures(site)} "
                             f"(R@1 {site.recall_at(1) - cli.recall_at(1):+.3f}, R@5 {site.recall_at(5) - cli.recall_at(5):+.3f}); "
                             f"by terms {_figures(terms)} (R@1 {terms.recall_at(1) - cli.recall_at(1):+.3f}, "
                             f"R@5 {terms.recall_at(5) - cli.recall_at(5):+.3f})")
                if verbose:
                    lines.extend(f"    cli {a} terms {b}\t{q.query}" for q, a, b in
                                 zip(queries, cli.ranks, terms.ranks, strict=True) if a != b)
    finally:
        searcher.close()
    return lines


def first_hits(build_dir: Path) -> list[str]:
    """How many of every set's queries ``kb.searchByTerms`` puts the same site document
    first for as ``kb search`` itself and as ``kb search`` given the dictionary's cut
    (:class:`Segmenter`, the port's own), closeness bonus included; the queries where
    either differs.  ``python -m bench.site_terms --build DIR --first-hits``."""
    from bench.browser import chromium
    from bench.search_sets import SETS
    from kb.search.evaluate import read_queries
    from kb.search.searcher import Searcher
    from kb.site.search_terms import site_key

    require_terms(build_dir)
    queries = [q.query for _, path in SETS if path.is_file() for q in read_queries(path, ("seeds", "cr"))]

    def firsts(cut: bool) -> list[str | None]:
        searcher = Searcher.open(build_dir)
        try:
            if cut:
                read_as_the_port(searcher)
            return [next((site_key(h.document.key) for h in searcher.search(q, 1).hits), None) for q in queries]
        finally:
            searcher.close()

    cli, over_cut = firsts(False), firsts(True)
    with chromium() as browser:
        page = browser.new_page()
        page.goto((build_dir / "site" / "search.html").as_uri())
        found = page.evaluate("""async queries => {
          const out = [];
          for (const q of queries) out.push(((await kb.searchByTerms(q, 1)).hits[0] || {}).id || null);
          return out;
        }""", queries)
    same = sum(a == b for a, b in zip(found, cli, strict=True))
    same_cut = sum(a == b for a, b in zip(found, over_cut, strict=True))
    head = (f"{len(queries)} queries: the port's first hit is kb search's on {same}, "
            f"kb search's over the dictionary's cut on {same_cut}")
    lines = [head]
    lines += [f"    port {a} kb search {b} over the cut {c}\t{q}"
              for q, a, b, c in zip(queries, found, cli, over_cut, strict=True) if not a == b == c]
    return lines


if __name__ == "__main__":
    args = sys.argv[1:]
    build = Path(args[args.index("--build") + 1])
    if "--first-hits" in args:
        print("\n".join(first_hits(build)))
        sys.exit(0)
    if "--browser" in args:
        print("\n".join(browser_ranking(build, "-v" in args)))
        sys.exit(0)
    quantum = float(args[args.index("--quantise") + 1]) if "--quantise" in args else None
    print("\n".join(ranking(build, "--no-proximity" not in args, quantum, "-v" in args)))
    print("\n".join(layout(build)))
    if "--words-given" in args:
        print("\n".join(words_given(build)))
