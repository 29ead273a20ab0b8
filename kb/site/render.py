"""The Jinja2 environment: templates from ``site/templates``, autoescape, strict undefined,
and the one place where filters and the link functions the templates call are registered."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from kb.releases import is_japanese_version, release_of
from kb.site.context import PageBase, RuleLink, SiteInfo, SourceLink
from kb.site.urls import href, release_path

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'self'")
"""No inline script or style, nothing from elsewhere: the site must pass this."""


@pass_context
def url_filter(context: Context, target: str) -> str:
    """A site path made relative to the page being rendered; from the 404 page, which a
    server sends for any missing path at any depth, relative to the site's root."""
    page: PageBase = context["page"]
    if page.kind == "notfound":
        return "/" + href(target, "")
    return href(target, page.path)


@functools.cache  # a few versions, shown on every page
def release_filter(version: str) -> Markup:
    """A version as its release date, with the Japanese version string (or 英語版) as a
    tooltip: ``<time datetime="2026-01-16" title="日本語版 20260116.0">2026-01-16</time>``."""
    day = release_of(version)
    if day is None:
        return Markup("{}").format(version)
    detail = f"日本語版 {version}" if is_japanese_version(version) else "英語版"
    return Markup('<time datetime="{}" title="{}">{}</time>').format(day, detail, day)


def release_text_filter(version: str) -> str:
    """A version as its release date, plain text (for attributes)."""
    return release_of(version) or version


def versions_filter(versions: list[str]) -> Markup:
    return Markup("、").join(release_filter(v) for v in versions)


# Links drawn tens of thousands of times a build (a rule page lists its children,
# references and siblings): Python functions, not template macros or includes, whose
# calls cost Jinja a new context each.


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


def register_filters(env: Environment) -> None:
    env.filters["url"] = url_filter
    env.filters["versions"] = versions_filter
    env.filters["release"] = release_filter
    env.filters["release_text"] = release_text_filter
    env.filters["release_page"] = release_path


def make_environment(templates: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        # The templates do not change during a build: no stat of the file each time a page
        # includes one (the rule page includes a template per text shown).
        auto_reload=False,
    )
    register_filters(env)
    env.globals["csp"] = CSP
    env.globals["rule_link"] = rule_link
    env.globals["source_link"] = source_link
    return env


TEMPLATES = {
    "home": "index.html",
    "rule": "rule.html",
    "page": "page.html",
    "glossary": "glossary.html",
    "glossary-term": "glossary_term.html",
    "dangling": "dangling.html",
    "cards": "cards.html",
    "revisions": "revisions.html",
    "search": "search.html",
    "release": "release.html",
    "releases": "releases.html",
    "coverage": "coverage.html",
    "notfound": "404.html",
}
"""Which template renders which kind of page."""


def render_page(env: Environment, site: SiteInfo, page: PageBase, **extra: Any) -> str:
    return env.get_template(TEMPLATES[page.kind]).render(site=site, page=page, **extra)
