"""``python -m bench.site_search_edit BUILD``: CPU time of the site search's files
(``kb.site.search_index.search_files``) after one wiki page changes, with the previous
parts kept, on the graph of an existing build; how many documents were indexed again;
and whether the files equal those made from scratch."""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

import kb.site.search_index as si
from kb.lookup import open_build
from kb.search.tables import QueryTables
from kb.site.sitemap import make_sitemap


def main(out: Path) -> str:
    graph = open_build(out)
    docs = si.collect_docs(graph, make_sitemap(graph))
    tables = QueryTables.from_json(json.loads((out / "search/query_tables.json").read_text())).folded()
    parts: dict[str, si.IndexPart] = {}
    indexed = [0]

    def previous(name: str, group: list[tuple[int, si.SearchDoc]], variants: dict[str, str]) -> si.IndexPart:
        key = si.part_key(name, group, variants)
        if key not in parts:
            indexed[0] += len(group)
            parts[key] = si.index_part(name, group, variants)
        return parts[key]

    si.search_files(docs, tables, previous)
    pages = [i for i, d in enumerate(docs) if d.kind == "page"]
    seconds = []
    edited = docs
    for k in range(3):  # three pages edited in turn, a quarter, half and three quarters in
        i = pages[len(pages) * (k + 1) // 4]
        edited = list(docs)
        edited[i] = dataclasses.replace(docs[i], text=docs[i].text + f"追記{k}。")
        indexed[0] = 0
        started = time.process_time()
        si.search_files(edited, tables, previous)
        seconds.append(time.process_time() - started)
    same = si.search_files(edited, tables, previous) == si.search_files(edited, tables)
    return (f"documents {len(docs)}, wiki page documents {len(pages)}, indexed again {indexed[0]}; "
            f"search_files CPU {min(seconds):.2f} s (best of 3: {', '.join(f'{s:.2f}' for s in seconds)}); "
            f"the same files as made from scratch: {same}")


if __name__ == "__main__":
    print(main(Path(sys.argv[1])))
