"""Parts of pages drawn in Python, not by a template: the links a page repeats (a rule page
lists its children, references and siblings; 30,000 rule links a build) and the rule
page's breadcrumb and previous/next bars.  A Jinja2 macro call or include makes a new
context each time, which cost more than the HTML itself.  Each function writes what its
template part wrote, byte for byte (the site's tests and a ``diff -r`` of two builds'
sites check it); the templates call them (registered in :mod:`kb.site.render`)."""

from __future__ import annotations

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from kb.site.context import PageBase, RuleLink, RulePage, SourceLink
from kb.site.urls import href


@pass_context
def url_filter(context: Context, target: str) -> str:
    """A site path made relative to the page being rendered; from the 404 page, which a
    server sends for any missing path at any depth, relative to the site's root."""
    page: PageBase = context["page"]
    if page.kind == "notfound":
        return "/" + href(target, "")
    return href(target, page.path)


@pass_context
def rule_link(context: Context, rule: RuleLink, with_title: bool = True) -> Markup:
    """A link to a rule, with its title (or the start of its text) after it:
    ``<a class="rule-ref" href="../rules/702.26.html" data-rule="702.26">702.26</a>
    <span class="rule-title">フェイズアウト</span>``; ``no-text`` marks a rule without text."""
    number = escape(rule.number)
    html = (f'<a class="rule-ref{"" if rule.has_text else " no-text"}" '
            f'href="{escape(url_filter(context, rule.path))}" data-rule="{number}">{number}</a>')
    if with_title:
        title = rule.title or rule.summary
        if title:
            html += f' <span class="rule-title">{escape(title)}</span>'
    return Markup(html)


@pass_context
def source_link(context: Context, source: SourceLink) -> Markup:
    """Where a text comes from: the official publication, the site's page quoting it, or
    its name alone."""
    if source.url:
        return Markup(f'<a class="source" href="{escape(source.url)}" rel="noreferrer">'
                      f'{escape(source.label)}</a>')
    if source.path:
        return Markup(f'<a class="source" href="{escape(url_filter(context, source.path))}">'
                      f'{escape(source.label)}</a>')
    return Markup(f'<span class="source">{escape(source.label)}</span>')


@pass_context
def breadcrumb(context: Context) -> Markup:
    """The rule page's ancestors, from the table of contents down to the rule itself."""
    page: RulePage = context["page"]
    lines = ['<nav class="breadcrumb" aria-label="パンくずリスト">', "  <ol>",
             f'    <li><a href="{escape(url_filter(context, "index.html"))}">目次</a></li>']
    for crumb in page.crumbs:
        number = escape(crumb.number)
        title = f" {escape(crumb.title)}" if crumb.title else ""
        lines.append(f'    <li><a class="rule-ref" href="{escape(url_filter(context, crumb.path))}" '
                     f'data-rule="{number}">{number}</a>{title}</li>')
    lines += [f'    <li aria-current="page">{escape(page.rule.number)}</li>', "  </ol>", "</nav>"]
    return Markup("\n".join(lines))


@pass_context
def prev_next(context: Context, where: str) -> Markup:
    """The links to the previous and next rule, at the ``top`` or ``bottom`` of the page."""
    page: RulePage = context["page"]
    top = where == "top"
    html = (f'<nav class="prev-next{" top" if top else ""}" '
            f'aria-label="前後のルール{"（上）" if top else ""}">\n')
    before, after = page.previous, page.next
    if before:
        html += (f'<a rel="prev" href="{escape(url_filter(context, before.path))}" class="prev">'
                 '<span class="arrow" aria-hidden="true">←</span> '
                 f'<span class="number">{escape(before.number)}</span> '
                 f'<span class="link-title">{escape(before.title or before.summary or "")}</span></a>')
    else:
        html += "<span></span>"
    if after:
        html += (f'<a rel="next" href="{escape(url_filter(context, after.path))}" class="next">'
                 f'<span class="number">{escape(after.number)}</span> '
                 f'<span class="link-title">{escape(after.title or after.summary or "")}</span> '
                 '<span class="arrow" aria-hidden="true">→</span></a>')
    return Markup(html + "</nav>")
