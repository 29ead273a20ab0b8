"""An incremental build equals a clean build: after an edited, an added and a deleted page.

One corpus (the seeds, in a temporary folder) and one output folder.  Each step changes
the corpus, rebuilds incrementally (reusing the previous build), keeps a copy, rebuilds
with ``--clean`` into the same folder and compares the two file by file.  Files that
carry the build's id are compared without it; the two binary files that hold a write
time (Sudachi's compiled dictionary header, Whoosh's compound segment directory) are
compared by what they hold, and the caches by their keys (a check's measured time is
kept with its outcome).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, CR_FILE, english_files, needs_cr, needs_cr_en

from kb.build.pipeline import BuildReport, build
from kb.build.reuse import CACHE_DIR, FINGERPRINT_FILE, Reuse
from kb.build.state import BuildOptions
from kb.history.stage import FILE_KEYS_CACHE
from kb.search.analysed import AnalysedStore

pytestmark = needs_cr
EXPORT = Path(__file__).resolve().parent / "fixtures" / "formats" / "export.xml"

SUDACHI_HEADER_BYTES = 4096
"""Sudachi's dictionary header (version, compile time, description) precedes the data."""


def index_contents(folder: Path) -> tuple[Any, ...]:
    """What a Whoosh index answers from: segments, stored fields, postings, field lengths."""
    from whoosh.index import open_dir

    index = open_dir(str(folder))
    with index.reader() as reader:
        segments = [(s.segid, s.doc_count_all(), s.deleted_count()) for s in index._segments()]
        return (segments, list(reader.all_stored_fields()), list(reader.iter_postings()),
                {name: reader.field_length(name) for name in index.schema.names()})


def english_delta(build_dir: Path) -> bool:
    """Whether the build's English documents are a linked segment and a delta
    (kb.search.index.english_delta): its index then differs from a clean build's by design."""
    meta = json.loads((build_dir / "search/meta.json").read_text(encoding="utf-8"))
    return "kbsearchen01" in meta.get("segments", {}) or bool(meta.get("english", {}).get("deleted_lengths"))


def search_contents(build_dir: Path) -> tuple[Any, ...]:
    """What kb reads of a build's index, in its own numbering: the count of documents,
    each one's stored fields, the average field lengths, and for every term of each text
    field (and of ``rule`` and ``cites``) its BM25 scores in order, and the positions of
    the fields the closeness bonus reads."""
    from kb.search.document import FIELDS
    from kb.search.english import ENGLISH_FIELD
    from kb.search.searcher import PROXIMITY_FIELDS, Searcher

    searcher = Searcher.open(build_dir)
    try:
        whoosh, reader = searcher.searcher, searcher.searcher.reader()
        fields = [*FIELDS, ENGLISH_FIELD]
        terms: dict[str, list[Any]] = {}
        for field in fields:
            for raw in reader.lexicon(field):
                text = raw.decode("utf-8")
                positions = sorted(searcher.postings.positions(field, text).items()) \
                    if field in PROXIMITY_FIELDS else None
                terms.setdefault(field, []).append((text, list(searcher.postings.term(field, text).items()),
                                                    positions))
        return (whoosh.doc_count_all(),
                [json.dumps(stored, sort_keys=True) for _, stored in reader.iter_docs()],
                {field: whoosh.avg_field_length(field) for field in fields}, terms,
                [list(reader.lexicon(name)) for name in ("rule", "cites")],
                list(reader.expand_prefix("rule", "702.124")))
    finally:
        searcher.close()


def without_build_id(data: bytes) -> Any:
    value = json.loads(data)
    if isinstance(value, dict):
        value.pop("build", None)
    return value


def store_contents(path: Path) -> Any:
    """Every row of every table of a ``kb.sqlite``, less the build's id."""
    import sqlite3

    db = sqlite3.connect(path)
    tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "ORDER BY name")]
    found = {name: db.execute(f"SELECT * FROM {name} ORDER BY rowid").fetchall() for name in tables}
    found["meta"] = [row for row in found["meta"] if row[0] != "build"]
    db.close()
    return found


def differences(incremental: Path, clean: Path) -> list[str]:
    def files(root: Path) -> set[str]:
        return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}

    # An English delta: the segments, their record and meta.json's account of them differ
    # by design; what kb reads of the index (search_contents) is compared instead.
    # (The English segments' analysed terms: the linked segment's are the previous build's.)
    delta = english_delta(incremental)
    delta_files = {p for p in files(incremental) | files(clean) if p == "search/english.json"
                   or p.startswith(("search/index/", "search/analysed/kbsearchen"))} if delta else set()
    found = [f"only in the incremental build: {p}" for p in sorted(files(incremental) - files(clean) - delta_files)]
    found += [f"only in the clean build: {p}" for p in sorted(files(clean) - files(incremental) - delta_files)]
    for name in sorted(files(incremental) & files(clean) - delta_files):
        if name.startswith("search/index/") or name == f"{CACHE_DIR}/{FILE_KEYS_CACHE}.json":
            continue  # the release files' status: a file copied in just before is hashed again
        a, b = (incremental / name).read_bytes(), (clean / name).read_bytes()
        if name == "search/user.dic":
            a, b = a[SUDACHI_HEADER_BYTES:], b[SUDACHI_HEADER_BYTES:]
        elif name in ("kb.json", "search/meta.json"):
            a, b = without_build_id(a), without_build_id(b)
            if delta and name == "search/meta.json":
                for value in (a, b):
                    del value["segments"], value["english"]
        elif name == "kb.sqlite":
            a, b = store_contents(incremental / name), store_contents(clean / name)
        if name.startswith(f"{CACHE_DIR}/"):  # the same entries; a check's time may differ
            differs = sorted(json.loads(a)) != sorted(json.loads(b))
        else:
            differs = a != b
        if differs:
            found.append(f"differs: {name}")
    if delta:
        if search_contents(incremental) != search_contents(clean):
            found.append("differs: what kb reads of search/index (documents, scores, positions or terms)")
    elif index_contents(incremental / "search/index") != index_contents(clean / "search/index"):
        found.append("differs: search/index (segments, stored fields, postings or lengths)")
    return found


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("incremental")
    corpus = root / "corpus"
    shutil.copytree(CORPUS, corpus)
    out = root / "_build"
    build(BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=2))
    return corpus, out


def rebuild_both_ways(corpus: Path, out: Path, tmp_path: Path,
                      site_terms: bool = False) -> tuple[BuildReport, list[str]]:
    """The rebuild as ``kb build`` runs it (the search stages in a child process beside
    the others), the clean build with every stage in turn: the comparison covers both."""
    options = BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=2, site_terms=site_terms)
    report = build(options)
    kept = tmp_path / "incremental"
    shutil.copytree(out, kept, symlinks=True)
    options.clean, options.jobs = True, 1
    clean = build(options)
    assert clean.reused == 0
    return report, differences(kept, out)


def test_an_edited_page(workspace: tuple[Path, Path], tmp_path: Path) -> None:
    corpus, out = workspace
    page = corpus / "wiki" / "フェイジング.txt"
    text = page.read_text(encoding="utf-8")
    quoted = "702.26k フェイズ・アウトしているパーマネントは"
    assert text.count(quoted) == 1
    # A quoted rule's wording (702.26k, 20231117.0), and a commentary line that cites a
    # rule inserted above the quote, so every quoted line moves down one.
    text = text.replace(quoted, "702.26k フェイズ・アウトしている状態のパーマネントは")
    head, _, tail = text.partition("\nルール\n")
    page.write_text(f"{head}\n追加の解説。rule 702.26b参照。\n\nルール\n{tail}", encoding="utf-8")

    report, found = rebuild_both_ways(corpus, out, tmp_path)
    assert found == []
    # Reuse happened: most site files were linked, not written.
    assert report.reused > 1000


def test_an_added_page(workspace: tuple[Path, Path], tmp_path: Path) -> None:
    corpus, out = workspace
    (corpus / "wiki" / "被覆.txt").write_text(
        "被覆\n提供：MTG Wiki\n被覆/Shroud\n"
        "被覆（ひふく）/Shroudはキーワード能力。\n"
        "解説\n• 被覆を持つパーマネントは呪文や能力の対象にならない。rule 702.18a参照。\n"
        "• 呪禁/Hexproofと比べること。rule 702.11、rule 115.4参照。\n",
        encoding="utf-8")
    report, found = rebuild_both_ways(corpus, out, tmp_path)
    assert found == []
    assert report.pages == 5 and report.reused > 1000


def test_a_deleted_page(workspace: tuple[Path, Path], tmp_path: Path) -> None:
    corpus, out = workspace
    (corpus / "wiki" / "変異.txt").unlink()
    report, found = rebuild_both_ways(corpus, out, tmp_path)
    assert found == []
    assert not (out / "site" / "pages" / "変異.html").exists()
    assert report.reused > 1000


def test_an_added_revision_and_an_export(workspace: tuple[Path, Path], tmp_path: Path) -> None:
    corpus, out = workspace
    seed = corpus / "wiki" / "タイムスタンプ.txt"
    (corpus / "wiki" / "タイムスタンプ@2011-05-06.txt").write_text(
        "タイムスタンプ\n提供：MTG Wiki\n\n古い版の短い説明。rule 613.7 参照。\n", encoding="utf-8")
    shutil.copy(EXPORT, corpus / "wiki" / "export.xml")
    report, found = rebuild_both_ways(corpus, out, tmp_path)
    assert found == []
    assert (out / "site" / "revisions" / "タイムスタンプ.html").is_file()
    assert (out / "site" / "revisions" / "版の多い項目.html").is_file()
    assert seed.is_file() and report.reused > 1000


def test_a_rebuild_indexes_again_only_the_search_parts_that_changed(
        workspace: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's search index parts (core, quoted, pages) are made again only when their
    documents changed: none when nothing did, the pages part alone after a wiki edit."""
    import kb.site.previous
    import kb.site.search_index

    made: list[str] = []
    original = kb.site.search_index.index_part

    def index_part(name: str, *args: Any) -> Any:
        made.append(name)
        return original(name, *args)

    filed: list[int] = []
    search_files = kb.site.search_index.search_files

    def filing(*args: Any) -> Any:
        filed.append(1)
        return search_files(*args)

    for module in (kb.site.search_index, kb.site.previous):
        monkeypatch.setattr(module, "index_part", index_part)
    monkeypatch.setattr(kb.site.previous, "search_files", filing)
    corpus, out = workspace
    build(BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=1))
    made.clear()
    filed.clear()
    build(BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=1))
    assert made == [] and filed == []  # the previous build's files, linked
    page = corpus / "wiki" / "フェイジング.txt"
    text = page.read_text(encoding="utf-8")
    assert text.count("\n解説\n") == 1
    kept: list[tuple[str, int, int]] = []
    keep = AnalysedStore.keep

    def recording(store: AnalysedStore, segment: str, terms: Any) -> None:
        kept.append((segment, terms.analysed, terms.reused))
        keep(store, segment, terms)

    monkeypatch.setattr(AnalysedStore, "keep", recording)
    page.write_text(text.replace("\n解説\n", "\n解説\n追記の一文。\n"), encoding="utf-8")
    build(BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=1))
    assert made == ["pages"] and filed == [1]
    # The search index writes again the edited page's segment alone, and analyses only the
    # passage that changed: the rest of its bucket's terms are the previous build's.
    assert [segment for segment, _, _ in kept] == [kept[0][0]] and kept[0][0].startswith("kbsearchpages")
    analysed, reused = kept[0][1:]
    assert 1 <= analysed <= 3 < reused, kept


def test_switching_the_site_terms_on_and_off(workspace: tuple[Path, Path], tmp_path: Path) -> None:
    """``kb build --site-terms`` after a build without, again with (its term files then
    the previous build's), then without: each equals a clean build with that option."""
    corpus, out = workspace
    terms = out / "site" / "search" / "terms" / "meta.js"
    assert not terms.exists()  # a default build writes none
    _, found = rebuild_both_ways(corpus, out, tmp_path / "on", site_terms=True)
    assert found == [] and terms.is_file()
    # Again with: ``out`` is now a clean build with the option, which is what this
    # rebuild must equal (a second clean build would be the same one again).
    clean = tmp_path / "clean"
    shutil.copytree(out, clean, symlinks=True)
    report = build(BuildOptions(corpus=corpus, cr=[CR_FILE], out=out, jobs=2, site_terms=True))
    assert differences(out, clean) == [] and report.reused > 1000
    _, found = rebuild_both_ways(corpus, out, tmp_path / "off", site_terms=False)
    assert found == [] and not terms.exists()


def test_a_build_by_other_code_is_not_reused(tmp_path: Path) -> None:
    previous = tmp_path / "previous"
    (previous / CACHE_DIR).mkdir(parents=True)
    (previous / CACHE_DIR / FINGERPRINT_FILE).write_text('{"code": "another program"}')
    (previous / CACHE_DIR / "compounds.json").write_text('{"k": ["x"]}')
    reuse = Reuse(previous, tmp_path / "work")
    assert not reuse.active and reuse.memo("compounds") == {}
    (previous / "file.txt").write_text("x")
    assert not reuse.link("file.txt")


@needs_cr_en
def test_an_added_english_release(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    """A new release renders again only what it changed: most rule pages are kept."""
    root = tmp_path_factory.mktemp("incremental-english")
    releases = root / "cr-en"
    releases.mkdir()
    *older, newest = english_files("2025-06-06")
    for path in older:
        shutil.copy(path, releases / path.name)
    out = root / "_build"
    options = BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=[releases], out=out, jobs=2)
    build(options)
    shutil.copy(newest, releases / newest.name)
    report = build(options)
    kept = tmp_path / "incremental"
    shutil.copytree(out, kept, symlinks=True)
    options.clean, options.jobs = True, 1
    clean = build(options)
    assert clean.reused == 0 and clean.english_releases[-1] == newest.stem
    assert differences(kept, out) == []
    assert report.reused > 2500, report.reused  # the rule pages of rules it left alone
    assert rankings(kept) == rankings(out)


QUERIES = Path(__file__).resolve().parent / "data" / "search_queries.tsv"
ENGLISH_QUERIES = ("deathtouch damage", "phasing", "controlling another player", "morph face down")


def rankings(build_dir: Path) -> dict[str, list[tuple[str, float]]]:
    """What kb search answers for the dev set's queries and a few English ones: each hit's
    key and score, in order."""
    from kb.search.searcher import Searcher

    queries = [line.split("\t", 1)[0] for line in QUERIES.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]
    searcher = Searcher.open(build_dir)
    try:
        return {query: [(hit.document.key, round(hit.score, 9)) for hit in searcher.search(query).hits]
                for query in [*queries, *ENGLISH_QUERIES]}
    finally:
        searcher.close()


@needs_cr_en
def test_new_releases_in_turn_write_only_the_english_documents_they_changed(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding the newest release writes only the English documents it changed (texts, and
    the rules only English releases have), in a segment of their own beside the previous
    build's English segment, linked with the documents they replace deleted
    (kb.search.index.english_delta): a few dozen of some four thousand, and the index
    reads as a clean build's, every document, score and term.  The Japanese CR is
    the same, so its segment (the costliest) is linked, not written again.  2026-01-16
    also adds 610.5 and removes 702.124p, before or among the rules the corpus quotes
    (611, 613.7, 702.26, 702.37), and changes none of their texts: their segment is
    linked too (a rule document holds no position among the rules).

    Here 2026-01-16's rebuild starts from 2025-11-14's delta: the English segment stays
    linked, what was deleted stays deleted, and the delta is written again with the new
    changes.  Past the share the segment is written whole again (merged), as a clean
    build writes it.  (One scenario for both: each build with the CR costs a test
    seconds.)"""
    import kb.search.index
    from kb.search.analysed import AnalysedTerms
    from kb.search.layout import ANALYSED_DIR, SEARCH_DIR

    def analysed() -> set[str]:
        return {key for path in (out / SEARCH_DIR / ANALYSED_DIR).glob("*.bin")
                for key in AnalysedTerms.read(path, "").previous}

    def deleted() -> int:
        meta = json.loads((out / "search/meta.json").read_text(encoding="utf-8"))
        return len([place for place in meta["english"]["of"] if place < 0])

    root = tmp_path_factory.mktemp("incremental-newest")
    releases = root / "cr-en"
    releases.mkdir()
    *older, second, newest = english_files("2025-09-19")
    for path in older:
        shutil.copy(path, releases / path.name)
    out = root / "_build"
    options = BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=[releases], out=out, jobs=1)
    build(options)
    shutil.copy(second, releases / second.name)
    build(options)
    first = deleted()
    assert first > 0, first
    before = analysed()
    written: list[str] = []
    keep = AnalysedStore.keep

    def recording(store: AnalysedStore, segment: str, terms: Any) -> None:
        written.append(segment)
        keep(store, segment, terms)

    monkeypatch.setattr(AnalysedStore, "keep", recording)
    shutil.copy(newest, releases / newest.name)
    build(options)
    # Today's English texts changed there alone, and only they are written: the English
    # segment is linked with the texts they replace (and 702.124p) deleted.
    assert written == ["kbsearchen01"], written
    assert 0 < deleted() - first < 40, (first, deleted())
    after = analysed()
    kept, new = before & after, after - before
    assert len(kept) > 10 * len(new) > 0, (len(kept), len(new))
    incremental = root / "incremental"
    shutil.copytree(out, incremental, symlinks=True)
    monkeypatch.setattr(kb.search.index, "DELTA_SHARE", 0.0)
    build(options)  # nothing new, but the delta is past the share: merged
    assert deleted() == 0 and not english_delta(out)
    merged = root / "merged"
    shutil.copytree(out, merged, symlinks=True)
    options.clean = True
    build(options)
    assert differences(incremental, out) == []
    assert differences(merged, out) == []  # the segment files themselves, as a clean build's
    assert rankings(incremental) == rankings(out)
    assert answers(incremental) == answers(out)


def answers(build_dir: Path) -> dict[str, Any]:
    """Each hit of some English, Japanese and rule-number queries, whole (the rules the
    newest release adds and removes among them)."""
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)
    try:
        found = {}
        for query in ("blight", "deathtouch damage", "610.5", "702.124", "702.124p", "枯朽", "単発的効果"):
            response = searcher.search(query, limit=30)
            found[query] = [response.messages, [(h.document.to_json(), repr(h.score), h.why, h.tier, h.docnum,
                                                 h.snippet, h.highlights, h.english_snippet, h.english_highlights)
                                                for h in response.hits]]
        return found
    finally:
        searcher.close()


@needs_cr_en
def test_a_new_release_reads_and_compares_only_its_own_texts(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a release parses its one file once, compares the texts of its one pair
    (the history's runs of the older pairs come from the build's cache, with their
    alignments) and writes its one release file into the cache, linking the others."""
    import kb.history.graph
    import kb.history.stage
    from kb.history.stage import READER_CACHE
    from kb.sources.cr_en import read_cr_en

    parsed: list[str] = []
    compared: set[tuple[str, str]] = set()
    same = kb.history.graph._same

    def parsing(path: Path) -> Any:
        parsed.append(Path(path).name)
        return read_cr_en(path)

    def comparing(fold: Any, before: Any, i: int, release: Any, j: int) -> bool:
        compared.add((before.version, release.version))
        return same(fold, before, i, release, j)

    monkeypatch.setattr(kb.history.stage, "read_cr_en", parsing)
    monkeypatch.setattr(kb.history.graph, "_same", comparing)
    root = tmp_path_factory.mktemp("incremental-read")
    releases = root / "cr-en"
    releases.mkdir()
    *older, newest = english_files("2025-06-06")
    for path in older:
        shutil.copy(path, releases / path.name)
    out = root / "_build"
    options = BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=[releases], out=out, jobs=1)
    folder = out / CACHE_DIR / READER_CACHE

    def files() -> dict[str, int]:
        return {path.name: path.stat().st_ino for path in folder.iterdir()} if folder.is_dir() else {}

    build(options)
    cached = files()
    shutil.copy(newest, releases / newest.name)
    parsed.clear()
    compared.clear()
    build(options)
    assert (parsed, compared) == ([newest.name], {(older[-1].stem, newest.stem)})
    now = files()
    assert (len(cached), len(now)) == (len(older), len(older) + 1)
    assert {name: now.get(name) for name in cached} == cached  # the same files, linked


@needs_cr_en
def test_a_rebuild_diffs_no_texts_it_diffed_before(tmp_path_factory: pytest.TempPathFactory,
                                                   tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's word diffs come from the build's cache (``site-word-diffs``): adding a
    release diffs only texts no build before it diffed, also two releases on (the diffs of
    pages kept in between are kept for the next build), and the site is a clean build's."""
    import kb.history.text

    made: list[tuple[str, str]] = []
    word_diff = kb.history.text.word_diff

    def recording(old: str, new: str) -> list[tuple[kb.history.text.DiffOp, str]]:
        made.append((old, new))
        return word_diff(old, new)

    monkeypatch.setattr(kb.history.text, "word_diff", recording)
    root = tmp_path_factory.mktemp("incremental-diffs")
    releases = root / "cr-en"
    releases.mkdir()
    *older, added, newest = english_files("2025-07-25")
    for path in older:
        shutil.copy(path, releases / path.name)
    out = root / "_build"
    options = BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=[releases], out=out, jobs=1)
    diffed: list[set[tuple[str, str]]] = []
    for release in (None, added, newest):
        if release is not None:
            shutil.copy(release, releases / release.name)
        made.clear()
        build(options)
        assert len(made) == len(set(made))  # each pair once, though rule and release pages show it
        diffed.append(set(made))
    first, second, third = diffed
    assert second and third  # what the new releases changed
    assert not second & first
    assert not third & (first | second)
    incremental = tmp_path / "incremental"
    shutil.copytree(out, incremental, symlinks=True)
    options.clean = True
    build(options)
    assert differences(incremental, out) == []


def test_a_new_rule_title_renders_again_only_the_term_pages_showing_the_rule(
        tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A term page is keyed by what it shows: a rule's new title renders again the term
    pages that link the rule (its definition cites it, or the rule lists the term), no
    other, and the rebuild is a clean build's."""
    from kb.site.context import GlossaryTermPage
    from kb.site.glossary_pages import TermPages

    rendered: dict[str, GlossaryTermPage] = {}
    page = TermPages.page

    def recording(self: TermPages, key: str) -> GlossaryTermPage:
        found = rendered[key] = page(self, key)
        return found

    monkeypatch.setattr(TermPages, "page", recording)
    root = tmp_path_factory.mktemp("incremental-title")
    rules = root / "rules.txt"
    shutil.copy(CR_FILE, rules)
    out = root / "_build"
    options = BuildOptions(corpus=CORPUS, cr=[rules], out=out, jobs=1)
    build(options)
    text = rules.read_text(encoding="utf-8")
    heading = "\n702.2. 接死／Deathtouch\n"
    assert text.count(heading) == 1
    rules.write_text(text.replace(heading, "\n702.2. 接死（改）／Deathtouch\n"), encoding="utf-8")
    rendered.clear()
    build(options)
    again = set(rendered)
    incremental = tmp_path / "incremental"
    shutil.copytree(out, incremental, symlinks=True)
    options.clean = True
    rendered.clear()
    build(options)
    assert differences(incremental, out) == []
    showing = {key for key, term in rendered.items()
               if any(rule.number == "702.2" for rule in term.rules + term.cited_by)}
    assert showing and again == showing, (sorted(again), sorted(showing))
    assert len(rendered) > 10 * len(again)
