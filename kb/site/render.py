"""The Jinja2 environment: templates from ``site/templates``, autoescape, strict undefined,
and the one place where filters are registered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from jinja2.runtime import Context

from kb.site.context import PageBase, SiteInfo
from kb.site.urls import href

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'self'")
"""No inline script or style, nothing from elsewhere: the site must pass this."""


@pass_context
def url_filter(context: Context, target: str) -> str:
    """A site path made relative to the page being rendered."""
    page: PageBase = context["page"]
    return href(target, page.path)


def versions_filter(versions: list[str]) -> str:
    return "、".join(versions)


def register_filters(env: Environment) -> None:
    env.filters["url"] = url_filter
    env.filters["versions"] = versions_filter


def make_environment(templates: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    register_filters(env)
    env.globals["csp"] = CSP
    return env


TEMPLATES = {
    "home": "index.html",
    "rule": "rule.html",
    "page": "page.html",
    "glossary": "glossary.html",
    "dangling": "dangling.html",
    "cards": "cards.html",
    "revisions": "revisions.html",
    "search": "search.html",
}
"""Which template renders which kind of page."""


def render_page(env: Environment, site: SiteInfo, page: PageBase, **extra: Any) -> str:
    return env.get_template(TEMPLATES[page.kind]).render(site=site, page=page, **extra)
