"""The Jinja2 environment: templates from ``site/templates``, autoescape, strict undefined,
and the one place where filters and the link functions the templates call are registered."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import (
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    pass_context,
)
from jinja2.bccache import Bucket
from jinja2.runtime import Context
from markupsafe import Markup

from kb.releases import is_japanese_version, release_of
from kb.site.context import PageBase, SiteInfo
from kb.site.fragments import breadcrumb, prev_next, rule_link, source_link, url_filter
from kb.site.urls import release_path

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'self'")
"""No inline script or style, nothing from elsewhere: the site must pass this."""


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


def register_filters(env: Environment) -> None:
    env.filters["url"] = url_filter
    env.filters["versions"] = versions_filter
    env.filters["release"] = release_filter
    env.filters["release_text"] = release_text_filter
    env.filters["release_page"] = release_path


class CompiledTemplates(FileSystemBytecodeCache):
    """The templates compiled to Python code, kept in ``folder`` between builds: compiling
    the site's twenty cost a rebuild some 0.13 s of CPU, loading them 0.01.  Jinja keys
    each by its name and file and checks its source's hash; the folder is the program's
    (:func:`kb.build.reuse.program_folder`), so the environment's options, which the code
    sets, are those it was compiled with.  A folder that cannot be written is skipped."""

    def __init__(self, folder: Path):
        super().__init__(str(folder))

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            Path(self.directory).mkdir(parents=True, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError:
            pass


def make_environment(templates: Path, compiled: Path | None = None) -> Environment:
    """The site's environment; with ``compiled``, the templates' compiled code is kept
    there between builds (:class:`CompiledTemplates`)."""
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        bytecode_cache=CompiledTemplates(compiled) if compiled is not None else None,
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
    env.globals["breadcrumb"] = breadcrumb
    env.globals["prev_next"] = prev_next
    frames: dict[tuple[object, ...], Markup] = {}

    @pass_context
    def frame(context: Context, name: str) -> Markup:
        """The page frame's part ``name`` (header, footer), rendered once per kind of page
        and depth instead of once per page: all it shows of a page is its kind and, through
        relative links, its depth."""
        page: PageBase = context["page"]
        site: SiteInfo = context["site"]
        depth = "root" if page.kind == "notfound" else page.path.count("/")
        key = (name, page.kind, depth, site.name, site.generator)
        found = frames.get(key)
        if found is None:
            found = frames[key] = Markup(env.get_template(name).render(context.get_all()))
        return found

    env.globals["frame"] = frame
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
