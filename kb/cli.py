"""``kb``: thin commands over the library.  Each validates its arguments and calls one function.

Exit codes: 0 done; 1 not found, failed or refused input (the message says which); 2 usage.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from kb.errors import KbError

if TYPE_CHECKING:
    from kb.build.pipeline import BuildReport
    from kb.build.state import BuildOptions

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

Handler = Callable[[argparse.Namespace], int]
COMMANDS: list[tuple[str, str, Callable[[argparse.ArgumentParser], None], Handler]] = []
"""(name, help, add_arguments, handler) for every command, in the order ``kb --help`` lists."""


def command(name: str, help: str) -> Callable[[Callable[[argparse.ArgumentParser], None]],
                                             Callable[[argparse.ArgumentParser], None]]:
    """Register ``add_arguments`` for a command; the handler is ``run_<name>``."""

    def register(add_arguments: Callable[[argparse.ArgumentParser], None]) -> Callable[[argparse.ArgumentParser], None]:
        handler = globals()[f"run_{name}"]
        COMMANDS.append((name, help, add_arguments, handler))
        return add_arguments

    return register


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kb",
        description="A Japanese MTG rules knowledge base with cited lookup.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, help_text, add_arguments, handler in COMMANDS:
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        add_arguments(command_parser)
        command_parser.set_defaults(handler=handler)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.handler(args)
        return result
    except KbError as err:
        print(f"kb {args.command}: error: {err}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print(f"kb {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


def run() -> NoReturn:
    """The ``kb`` program: :func:`main`, then exit without tearing down the heap object
    by object (a build's graph took a tenth of a second to free).  Every file is
    closed by then; only the standard streams need flushing."""
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        pass
    os._exit(code)


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _add_build_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--build", type=Path, default=Path("_build"), metavar="DIR",
                        help="the build to read (default: _build)")


# -- build ------------------------------------------------------------------------------


def build_options(args: argparse.Namespace) -> BuildOptions:
    """The build's inputs and settings as ``kb build``'s arguments give them, checked to exist
    (also what bench.profile_build profiles, so a profiled build is the same build)."""
    from kb.build.state import BuildOptions

    options = BuildOptions(corpus=args.corpus or default_corpus(), cr=list(args.cr),
                           cr_en=list(args.cr_en), out=args.out, strict=args.strict,
                           clean=args.clean, jobs=args.jobs, cards=args.cards,
                           site_terms=args.site_terms)
    for path in options.cr:
        if not path.is_file():
            raise KbError("CR file not found", path)
    for path in options.cr_en:
        if not path.exists():
            raise KbError("English CR file or folder not found", path)
    if options.cards is not None and not options.cards.is_file():
        raise KbError("card-name table not found", options.cards)
    return options


def run_build(args: argparse.Namespace) -> int:
    from kb.build.pipeline import build
    from kb.build.progress import BuildProgress

    options = build_options(args)

    live = not args.quiet and not args.json and sys.stderr.isatty()
    with BuildProgress(sys.stderr, enabled=live) as progress:
        report = build(options, progress)
    if args.json:
        _print_json(build_report_json(report))
        return EXIT_OK
    if not args.quiet:
        if args.verbose:
            for warning in report.warnings:
                print(f"warning: {warning}", file=sys.stderr)
        elif report.warnings:
            print(f"warning: {summarise_warnings(report.warnings)} "
                  "(kb stats lists them; kb build --verbose prints them)", file=sys.stderr)
        stages = ", ".join(f"{name} {seconds:.2f}s" for name, seconds in report.timings)
        versions = releases_summary(report.versions) or "no CR text"
        if report.english_releases:
            versions += (f"; the history of {len(report.english_releases)} English releases "
                         f"{report.english_releases[0]} … {report.english_releases[-1]}")
        print(
            f"built {report.pages} wiki pages and {report.rules_with_text} rules with text "
            f"({versions}) into {report.out}/ in {report.seconds:.2f}s ({stages}); "
            f"wrote {', '.join(report.written)}"
            + (f"; {report.reused} files unchanged from the previous build" if report.reused else "")
        )
    return EXIT_OK


def releases_summary(versions: list[str]) -> str:
    """``2026-01-16 ja+en, 2023-11-17 ja``: each release with text, by date, newest
    first, with its languages."""
    from kb.releases import language_of, release_of

    languages: dict[str, set[str]] = {}
    for version in versions:
        languages.setdefault(release_of(version) or version, set()).add(language_of(version))
    return ", ".join(f"{r} {'+'.join(sorted(ls, reverse=True))}" for r, ls in languages.items())


DEFAULT_CORPUS = Path("corpus")


def default_corpus() -> Path:
    """``./corpus`` when there is one; else an error that says how to name a corpus."""
    if DEFAULT_CORPUS.is_dir():
        return DEFAULT_CORPUS
    raise KbError(
        f"no corpus in {Path.cwd()}: without --corpus, kb build reads the wiki files in "
        "./corpus/wiki/.  Name the folder of wiki files with --corpus DIR (DIR/wiki/ or DIR/, "
        "holding *.txt, *.xml, *.wiki, *.mediawiki or *.html), for example the corpus of a "
        "kb checkout: "
        "kb build --corpus /path/to/kb/corpus")


def build_report_json(report: BuildReport) -> dict[str, Any]:
    """What ``kb build --json`` prints: what was built, where, and each stage's seconds."""
    return {
        "out": str(report.out),
        "seconds": round(report.seconds, 4),
        "stages": [{"name": name, "seconds": round(seconds, 4)} for name, seconds in report.timings],
        "pages": report.pages,
        "rules_with_text": report.rules_with_text,
        "versions": report.versions,
        "written": report.written,
        "reused": report.reused,
        "jobs": report.jobs,
        "english_releases": report.english_releases,
        "warnings": report.warnings,
    }


def summarise_warnings(warnings: list[str]) -> str:
    """``14 × dangling reference, 1 × conflict``: counts by the warning's first words."""
    counts: dict[str, int] = {}
    for warning in warnings:
        kind = warning.split(" to ")[0].split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{count} × {kind}" for kind, count in counts.items())


@command("build", "Read the corpus (and the CR if given) and build the graph, index and site.")
def _build_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--corpus", type=Path, default=None, metavar="DIR",
                        help="wiki files in DIR/wiki/ or DIR/: rendered text (*.txt), MediaWiki "
                             "exports (*.xml), wikitext (*.wiki, *.mediawiki), saved pages "
                             "(*.html) (default: ./corpus)")
    parser.add_argument("--cr", type=Path, action="append", default=[], metavar="FILE",
                        help="the official Japanese CR text file; repeat for older versions")
    parser.add_argument("--cr-en", type=Path, action="append", default=[], metavar="PATH",
                        help="English CR releases: a release file (YYYY-MM-DD.txt) or a folder "
                             "of them; repeat for more.  Each rule gets its English text beside "
                             "the Japanese and its history across the releases; numbers quoted "
                             "from an older release are read as that release numbered them")
    parser.add_argument("--cards", type=Path, default=None, metavar="FILE",
                        help="the English/Japanese card-name table (CSV: English, Japanese, "
                             "reading, pronunciation): card mentions are recognised and "
                             "search finds a card by either name or its reading")
    parser.add_argument("--out", type=Path, default=Path("_build"), metavar="DIR",
                        help="where the build goes (default: _build)")
    parser.add_argument("--strict", action="store_true",
                        help="fail on warnings: dangling references, conflicting texts, failed checks")
    parser.add_argument("--clean", action="store_true",
                        help="reuse nothing from the previous build (by default unchanged "
                             "results and files are taken from it)")
    parser.add_argument("--jobs", "-j", type=_positive, default=None, metavar="N",
                        help="processes at once: 2 makes the user dictionary and search index "
                             "in a child process beside the checks and the site, 1 runs every "
                             "stage in turn (default: 2 on two cores or more, unless the input "
                             "is over 24 MB, where two processes would need over 2 GB); more "
                             "than 2 is as 2")
    parser.add_argument("--site-terms", action="store_true",
                        help="also write the site's term index (site/search/terms/): kb search's "
                             "own terms and scores for the browser port of its ranking "
                             "(kb.searchByTerms, not yet the search page's default; measured "
                             "by python -m bench.site_terms --browser); off by default, as it "
                             "costs a few seconds a build")
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    parser.add_argument("--verbose", "-v", action="store_true", help="print every warning")
    parser.add_argument("--json", action="store_true",
                        help="print the build report (stage times, counts, warnings) as JSON")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


# -- rule -------------------------------------------------------------------------------


def run_rule(args: argparse.Namespace) -> int:
    from kb.rulenum import RuleNumber, RuleNumberError, near_numbers
    from kb.store import open_store

    try:
        number = RuleNumber.parse(args.number)
    except RuleNumberError as err:
        print(f"kb rule: {err}", file=sys.stderr)
        return EXIT_USAGE
    store = open_store(args.build)
    if store is not None:  # one row of kb.sqlite, no graph
        data = store.rule(str(number))
        near = near_numbers(args.number, *store.numbers()) if data is None else []
    else:  # a build without kb.sqlite (an older kb's): the graph from kb.json
        from kb.lookup import open_build, rule_json

        graph = open_build(args.build)
        data = rule_json(graph, number)
        near = graph.near(args.number) if data is None else []
    if data is None:
        hint = f" 近い番号: {', '.join(near)}" if near else ""
        if args.json:
            _print_json({"number": str(number), "found": False, "near": near})
        print(f"kb rule: {number} はこのビルドにありません (not in the graph).{hint}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        _print_json(data)
    else:
        print(format_rule(data))
    return EXIT_OK


def format_rule(data: dict[str, Any]) -> str:
    from kb.releases import release_order, shown

    lines = [f"{data['number']}  {data['title'] or ''}".rstrip()]
    trail = " › ".join(f"{p['number']} {p['title'] or ''}".rstrip()
                       for p in reversed(data["titles_of_parents"]))
    if trail:
        lines.append(f"  {trail}")
    if data["dangling"]:
        lines.append("  (本文なし: 参照されているが、読み込んだ資料に本文がない)")
    for text in sorted(data["texts"] + data["english"], key=lambda t: release_order(t["version"]),
                       reverse=True):
        source = text["source"]
        label = f"{text['release']} 日本語 {text['version']}" if text["language"] == "ja" \
            else f"{text['release']} English"
        if text.get("number"):
            label += f", {text['number']} in that release"
        lines.append(f"\n[{label}] {source['path']}:{source['line']}")
        lines.extend(f"  {line}" for line in text["text"].split("\n"))
        for example in text["examples"]:
            lines.append(f"  {'例：' if text['language'] == 'ja' else 'Example: '}{example['text']}")
    if data["children"]:
        lines.append(f"\n子: {', '.join(data['children'])}")
    if data["previous"] or data["next"]:
        lines.append(f"前: {data['previous'] or '—'}  次: {data['next'] or '—'}")
    if data["references"]:
        refs = sorted({(r["target"], shown(r["version"] or "")) for r in data["references"]})
        lines.append("参照先: " + ", ".join(f"{t} ({v})" if v else t for t, v in refs))
    if data["referenced_by"]:
        lines.append("被参照: " + ", ".join(sorted({r["origin"] for r in data["referenced_by"]})))
    if data["pages"]:
        pages = []
        for p in data["pages"]:
            kind = {"quote": "引用", "mention": "言及", "infobox": "項目"}[p["kind"]]
            version = f" {shown(p['version'])}" if p["version"] else ""
            pages.append(f"{p['page']} ({kind}{version}, line {p['line']})")
        lines.append("ページ: " + "; ".join(pages))
    if data["glossary"]:
        lines.append("用語集: " + ", ".join(data["glossary"]))
    if data.get("checks"):
        lines.append("検査: " + ", ".join(f"{c['id']} ({c['status']})" for c in data["checks"]))
    return "\n".join(lines)


@command("rule", "Show one rule: its texts per CR version, parent, children, references, pages.")
def _rule_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("number", help="a rule number: 702.26, 702.26a, ７０２．２６ａ, CR:702.26")
    parser.add_argument("--json", action="store_true", help="print JSON")
    _add_build_dir(parser)


# -- history ----------------------------------------------------------------------------


def run_history(args: argparse.Namespace) -> int:
    from kb.lookup import open_build
    from kb.rulenum import RuleNumber, RuleNumberError
    from kb.timeline import format_timeline, timeline_json

    try:
        number = RuleNumber.parse(args.number)
    except RuleNumberError as err:
        print(f"kb history: {err}", file=sys.stderr)
        return EXIT_USAGE
    graph = open_build(args.build)
    node = graph.get(number)
    if node is None:
        near = graph.near(args.number)
        hint = f" 近い番号: {', '.join(near)}" if near else ""
        print(f"kb history: {number} はこのビルドにありません (not in the graph).{hint}", file=sys.stderr)
        return EXIT_FAILED
    data = timeline_json(graph, node)
    if args.json:
        _print_json(data)
    else:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        print(format_timeline(data, color=color))
    return EXIT_OK


@command("history", "Show a rule's history across releases: numbers, changes and word-level diffs.")
def _history_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("number", help="the rule's number today: 702.26, 722.1")
    parser.add_argument("--json", action="store_true", help="print JSON")
    _add_build_dir(parser)


# -- stats ------------------------------------------------------------------------------


def run_stats(args: argparse.Namespace) -> int:
    from kb.lookup import open_build, stats_json

    data = stats_json(open_build(args.build))
    if args.json:
        _print_json(data)
        return EXIT_OK
    print(f"wiki pages:          {data['pages']}")
    print(f"rules (nodes):       {data['rules']}")
    print(f"rules with text:     {data['rules_with_text']}")
    for version, count in data["rules_per_version"].items():
        print(f"  {version}:        {count}")
    print(f"glossary terms:      {data['glossary_terms']}")
    print(f"name pairs:          {data['name_pairs']}")
    print(f"irregular lines:     {data['irregular_lines']}")
    print(f"conflicts:           {data['conflicts']}")
    for conflict in data["conflict_list"]:
        print(f"  {conflict['number']} ({conflict['version']}): {'; '.join(conflict['sources'])}")
    print(f"dangling references: {data['dangling_references']}")
    for item in data["dangling"]:
        print(f"  {item['number']} ← {', '.join(item['cited_by'])}")
    english = data["english_releases"]
    print(f"English releases:    {len(english)}"
          + (f" ({english[0]} … {english[-1]})" if english else " (kb build --cr-en reads them)"))
    for item in data["japanese_without_english"]:
        how = (f"its numbers are read as the English {item['numbered_as']} numbered them"
               if item["numbered_as"] else "its numbers are taken as today's")
        print(f"  Japanese {item['version']} has no English counterpart ({item['release']} not read): "
              f"its history is Japanese only; {how}")
    if data["unplaced"]:
        print(f"texts of rules gone since: {data['unplaced']} (kb build --verbose lists them)")
    return EXIT_OK


@command("stats", "Count pages, rules per version, glossary terms; list dangling references and conflicts.")
def _stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")
    _add_build_dir(parser)


# -- check ------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    from kb.checks.registry import all_checks, select
    from kb.checks.report import report_json, run_checks
    from kb.checks.text import format_mutants, format_report, mutants_json
    from kb.lookup import open_build
    from kb.rulenum import RuleNumber, RuleNumberError

    try:
        numbers = [RuleNumber.parse(n) for n in args.numbers]
    except RuleNumberError as err:
        print(f"kb check: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.mutants:
        from kb.checks.mutants import audit, mutants_for

        checks = select(all_checks(), numbers)
        found = audit(checks, mutants_for(numbers))
        if args.json:
            _print_json(mutants_json(checks, found))
        else:
            print(format_mutants(checks, found))
        return EXIT_FAILED if any(not run.broken for run in found.runs) else EXIT_OK
    report = run_checks(open_build(args.build), numbers)
    if numbers and not report.results:
        print(f"kb check: no check cites {', '.join(args.numbers)}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        _print_json(report_json(report))
    else:
        print(format_report(report))
    return EXIT_FAILED if report.failed else EXIT_OK


@command("check", "Run the executable checks attached to rules; report results, staleness and coverage.")
def _check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("numbers", nargs="*", metavar="NUMBER",
                        help="only checks citing these rules or their subrules (702.26 selects 702.26a-p)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--mutants", action="store_true",
                        help="run the checks against each engine mutant (of the rules given): the first "
                             "check each breaks, and a mutant breaking each check; exits 1 if a mutant "
                             "breaks no check")
    _add_build_dir(parser)


# -- search -----------------------------------------------------------------------------


def run_search(args: argparse.Namespace) -> int:
    import os

    from kb.search.format import format_response
    from kb.search.searcher import Searcher

    if args.limit < 1:
        print("kb search: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    from kb.outdated import hit_notes, notes_json, notes_text

    searcher = Searcher.open(args.build)
    response = searcher.search(args.query, args.limit)
    notes = hit_notes(searcher, response)
    if args.json:
        _print_json(notes_json(response.to_json(), notes))
    else:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        print(notes_text(format_response(response, color=color), response, notes, color))
    return EXIT_OK if response.hits else EXIT_FAILED


@command("search", "Search rules, glossary and wiki pages in Japanese (or by rule number, or English name).")
def _search_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", help="words (フェイズアウト トークン), a rule number (702.26d) or an English name")
    parser.add_argument("--limit", "-n", type=int, default=10, metavar="N", help="hits to show (default 10)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    _add_build_dir(parser)


# -- eval -------------------------------------------------------------------------------


DEFAULT_QUERIES = Path("../shared/eval/dev_queries.tsv")
"""The dev queries, beside a checkout of kb (not in it: they are shared data)."""


def run_eval(args: argparse.Namespace) -> int:
    from kb.search.evaluate import evaluate, format_report

    report = evaluate(args.build, args.queries)
    if args.json:
        _print_json(report.to_json())
    else:
        print(format_report(report))
    return EXIT_OK


@command("eval", "Measure search quality (Recall@1, Recall@5, MRR) against two baselines.")
def _eval_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--queries", type=Path, default=DEFAULT_QUERIES, metavar="FILE",
                        help=f"query<TAB>corpus<TAB>expected rows (default {DEFAULT_QUERIES})")
    parser.add_argument("--json", action="store_true", help="print JSON")
    _add_build_dir(parser)


# -- serve ------------------------------------------------------------------------------


def run_serve(args: argparse.Namespace) -> int:
    from kb.build.layout import SITE_DIR
    from kb.site.serve import make_server

    server = make_server(args.build / SITE_DIR, args.port, quiet=not args.verbose)
    host, port = server.server_address[:2]
    print(f"serving {args.build / SITE_DIR}/ at http://{host!s}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
    return EXIT_OK


@command("serve", "Serve the built site (_build/site) on localhost.")
def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    _add_build_dir(parser)
    parser.add_argument("--port", type=int, default=8000, metavar="N",
                        help="the port (default: 8000; 0 picks a free one)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log every request")
