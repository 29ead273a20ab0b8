"""The page parts drawn in Python (kb/site/fragments.py): the HTML the templates wrote,
escaped as autoescape escaped it, links relative to the page, the frame drawn once per
kind of page and depth."""

from __future__ import annotations

from kb.site.context import RuleLink, RulePage, SiteInfo, SourceLink
from kb.site.render import make_environment
from kb.site.resources import site_sources

SITE = SiteInfo("kb", [], "kb test")


def render(source: str, page: RulePage, **values: object) -> str:
    env = make_environment(site_sources() / "templates")
    return env.from_string(source).render(page=page, site=SITE, **values)


def rule(number: str, title: str | None = None, has_text: bool = True,
         summary: str | None = None) -> RuleLink:
    return RuleLink(number, f"rules/{number}.html", title, has_text, summary)


def test_rule_links_escape_titles_and_mark_rules_without_text() -> None:
    page = RulePage(path="rules/702.26.html", title="702.26", kind="rule")
    html = render("{{ rule_link(a) }}|{{ rule_link(b, false) }}|{{ rule_link(c) }}", page,
                  a=rule("702.26", "<フェイズ&アウト>"), b=rule("702.26a", "x"),
                  c=rule("999.1", None, has_text=False, summary="「本文」"))
    assert html == (
        '<a class="rule-ref" href="../rules/702.26.html" data-rule="702.26">702.26</a>'
        ' <span class="rule-title">&lt;フェイズ&amp;アウト&gt;</span>|'
        '<a class="rule-ref" href="../rules/702.26a.html" data-rule="702.26a">702.26a</a>|'
        '<a class="rule-ref no-text" href="../rules/999.1.html" data-rule="999.1">999.1</a>'
        ' <span class="rule-title">「本文」</span>')


def test_source_links_outside_inside_and_named_only() -> None:
    page = RulePage(path="rules/702.26.html", title="702.26", kind="rule")
    sources = [SourceLink("総合ルール", url="https://example.org/a?b=1&c=2"),
               SourceLink("Wiki <p>", path="pages/フェイズアウト.html"), SourceLink("手元")]
    html = render("{% for source in sources %}{{ source_link(source) }}{% endfor %}", page,
                  sources=sources)
    assert html == (
        '<a class="source" href="https://example.org/a?b=1&amp;c=2" rel="noreferrer">総合ルール</a>'
        '<a class="source" href="../pages/%E3%83%95%E3%82%A7%E3%82%A4%E3%82%BA%E3%82%A2%E3%82%A6'
        '%E3%83%88.html">Wiki &lt;p&gt;</a><span class="source">手元</span>')


def test_breadcrumb_and_previous_next() -> None:
    page = RulePage(path="rules/702.26a.html", title="702.26a", kind="rule",
                    rule=rule("702.26a"), crumbs=[rule("7"), rule("702", "キーワード<能力>")],
                    next=rule("702.26b", None, summary="続き"))
    html = render('{{ breadcrumb() }}#{{ prev_next("top") }}#{{ prev_next("bottom") }}', page)
    crumbs, top, bottom = html.split("#")
    assert crumbs == (
        '<nav class="breadcrumb" aria-label="パンくずリスト">\n  <ol>\n'
        '    <li><a href="../index.html">目次</a></li>\n'
        '    <li><a class="rule-ref" href="../rules/7.html" data-rule="7">7</a></li>\n'
        '    <li><a class="rule-ref" href="../rules/702.html" data-rule="702">702</a> キーワード&lt;能力&gt;</li>\n'
        '    <li aria-current="page">702.26a</li>\n  </ol>\n</nav>')
    assert top == (
        '<nav class="prev-next top" aria-label="前後のルール（上）">\n<span></span>'
        '<a rel="next" href="../rules/702.26b.html" class="next"><span class="number">702.26b</span> '
        '<span class="link-title">続き</span> <span class="arrow" aria-hidden="true">→</span></a></nav>')
    assert bottom.startswith('<nav class="prev-next" aria-label="前後のルール">\n<span></span>')


def test_the_frame_differs_by_kind_and_depth_only() -> None:
    env = make_environment(site_sources() / "templates")
    template = env.from_string('{{ frame("_header.html") }}')
    rule_page = template.render(page=RulePage(path="rules/1.html", title="1", kind="rule"), site=SITE)
    other_rule = template.render(page=RulePage(path="rules/2.html", title="2", kind="rule"), site=SITE)
    home = template.render(page=RulePage(path="index.html", title="kb", kind="home"), site=SITE)
    assert rule_page == other_rule
    assert 'href="../index.html"' in rule_page and 'id="q-rule"' in rule_page
    assert 'href="index.html"' in home and "q-rule" not in home and "<form" not in home
