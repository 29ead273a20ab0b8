"""The site search's word files (kb/site/search_words.py): a katakana or Latin word's
bigrams are filed together, complete, in the file ``search.js`` looks in, and a name keyed
by such a word is filed there and nowhere else."""

from __future__ import annotations

import json
from typing import Any

from kb.search.tables import QueryTables
from kb.site.search_groups import Groups
from kb.site.search_index import SearchDoc, grams, normalise, search_files
from kb.site.search_words import WORD_DOCS, leading_word, stem, word_file, words_of

WORDS = ["タイムスタンプ", "インスタント", "ウィザード", "フェイズアウト", "フェイズイン", "トークン",
         "カウンター", "trample", "anthem", "10"]
TABLES = QueryTables(variants={}, aliases={"クリンナップ": [("クリーンアップ", 0.8)]},
                     english={"glorious anthem": ["栄光の頌歌"]})


def corpus() -> list[SearchDoc]:
    docs = []
    for n in range(40):
        words = "、".join(WORDS[k % len(WORDS)] for k in range(n, n + 4))
        docs.append(SearchDoc(f"rule:100.{n}", "rule", f"100.{n}", f"rules/100.{n}.html", "CR",
                              f"{words}の規則{n}。ライブラリーからカードを引く。",
                              names=((WORDS[n % len(WORDS)], 3), ("規則", 1))))
    docs.append(SearchDoc("page:ジン", "page", "ジン", "wiki/ジン.html", "MTG Wiki", "クラスカード"))
    return docs


def _data(content: str) -> Any:
    return json.loads(content[content.index(",") + 1:content.rindex(")")])


def test_each_word_files_its_grams_complete_in_the_file_the_browser_reads() -> None:
    docs = corpus()
    files = {path: _data(content) for path, content in search_files(docs, TABLES).items()
             if isinstance(content, str) and path.startswith(("search/index/", "search/words/"))}
    written = search_files(docs, TABLES)["search/meta.js"]
    assert isinstance(written, str)
    meta = json.loads(written[written.index("(") + 1:written.rindex(")")])
    groups = Groups(meta["groups"], meta["restGroups"], meta["splitGroups"], meta["kanaGroups"])
    count = meta["wordFiles"]
    everywhere = {gram: postings for path, data in files.items() if path.startswith("search/index/")
                  for gram, postings in data["p"].items()}
    held: dict[str, int] = {}
    for doc in docs:
        for word in set(words_of(normalise(f"{doc.title}\n{doc.text}\n{doc.extra}", {}))):
            held[word] = held.get(word, 0) + 1
    assert {w for w, n in held.items() if n >= WORD_DOCS} >= set(WORDS)
    for word, number in held.items():
        filed = files[f"search/words/{word_file(word, count)}.js"]["p"]
        for gram in grams(word):
            if number >= WORD_DOCS:  # one file holds a frequent word's grams, as the groups do
                assert filed[gram] == everywhere[gram], (word, gram)
    for path, data in files.items():
        if path.startswith("search/words/"):
            for gram, postings in data["p"].items():  # a word file's postings are complete
                assert postings == everywhere[gram], (path, gram)
    assert "クラ" not in everywhere or all("クラ" not in data["p"] for path, data in files.items()
                                           if path.startswith("search/words/"))  # one document: none
    # A name, alias or English name: in its leading word's file, else its first two
    # characters' group; nowhere else.
    for kind in ("n", "a", "e"):
        for path, data in files.items():
            for key in data.get(kind, {}):
                lead = leading_word(key)
                expected = (f"search/words/{word_file(lead, count)}.js" if lead
                            else f"search/index/{groups.of_key(key)}.js")
                assert path == expected, (kind, key, path)
    assert any("glorious anthem" in data["e"] for data in files.values())
    assert any("クリンナップ" in data["a"] for data in files.values())


def test_a_stem_is_the_browsers_skeleton() -> None:
    # katakana_skeleton drops a leading イ or ウ; search.js keeps it, so the stem does.
    assert stem("インスタント") == "インス"
    assert stem("ウィザード") == "ウイザ"
    assert stem("クリーンアップ") == stem("クリンナップ") == "クリン"
    assert stem("trample") == "tra"
