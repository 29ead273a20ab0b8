"""The dictionary stage's memos keep the knowledge base's texts a page (a rule, a glossary
term) at a time: a rebuild after one page's edit looks up a group per page, analyses the
edited page's group alone, and finds what a build without memos finds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.build.reuse import Memo
from kb.graph import RuleGraph, build_graph
from kb.normalize import fold, fold_joined
from kb.search.aliases import grouped_mentions
from kb.search.analyzer import Analysis
from kb.search.tables import folded_corpus
from kb.search.terms import candidates, kb_text_groups, kb_texts
from kb.sources.wikitext import parse_wikitext

_TEXT = ("状況起因処理は{name}の間に行われる。《セラの天使》が戦場に出る。\n\n"
         "* フェイズ・アウト状態のパーマネントは存在しないものとして扱う。\n"
         "* {name}の終了時に状況起因処理を確認する。\n\n"
         "== 解説 ==\nクリンナップ・ステップの間の状況起因処理について。\n")


def _graph(edited: str = "") -> RuleGraph:
    pages = [parse_wikitext(_TEXT.format(name=name) + (edited if name == "戦闘" else ""),
                            f"{name}.wiki", f"{name}のルール")
             for name in ("戦闘", "ターン", "フェイズ")]
    return build_graph(pages, [])


def test_groups_hold_every_text_in_order() -> None:
    graph = _graph()
    groups = list(kb_text_groups(graph))
    assert len(groups) == len(graph.pages)
    assert [text for group in groups for text in group] == list(kb_texts(graph))


def test_an_edit_analyses_its_page_alone() -> None:
    analysis = Analysis()
    first = Memo(None, "compounds")
    candidates(_graph(), analysis, first)
    assert len(first.used) == 3  # one entry a page, not one a paragraph
    edited = _graph(edited="戦闘ダメージ・ステップの終了時に状況起因処理を行う。\n")
    second = Memo(None, "compounds")
    second.previous = dict(first.used)  # as the next build finds it
    vocabulary: set[str] = set()
    found = candidates(edited, analysis, second, vocabulary)
    assert second.hits == 2 and len(second.used) == 3
    fresh: set[str] = set()
    assert found == candidates(edited, analysis, None, fresh) and vocabulary == fresh


def test_mentions_are_kept_a_page_at_a_time() -> None:
    groups = list(kb_text_groups(_graph()))
    memo = Memo(None, "aliases")
    katakana, cards = grouped_mentions(groups, memo)
    assert len(memo.used) == 3 and cards == {"セラの天使"} and "クリンナップ" in katakana
    again = Memo(None, "aliases")
    again.previous = dict(memo.used)
    assert grouped_mentions(groups, again) == (katakana, cards) and again.hits == 3


# Characters where folding is delicate: spaces of every kind, middle dots, half-width kana
# and their sound marks, characters NFKC turns into spaces or several characters, a final
# sigma, combining marks, ASCII beside Japanese.
_DELICATE = st.sampled_from(list(" \t\n\u3000\u00a0・･ｶﾞﾟ\uff9e\u00a8\u2126ΣσaZ1.\u0308\u3099あア漢ＡＢ（）"))


# Drawing from all of Unicode is slow on a loaded machine (as for the fuzzers).
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.text(alphabet=st.one_of(_DELICATE, st.characters()), max_size=12), max_size=6))
def test_folding_text_by_text_equals_folding_them_joined(texts: list[str]) -> None:
    assert fold_joined(fold(text) for text in texts) == fold("\n".join(texts))


def test_a_rebuild_folds_the_changed_groups_alone() -> None:
    groups = list(kb_text_groups(_graph()))
    memo = Memo(None, "folded-texts")
    whole = folded_corpus(groups, memo)
    assert whole == fold("\n".join(kb_texts(_graph()))) and len(memo.used) == 3
    edited = list(kb_text_groups(_graph(edited="ターン・ベースド・アクション\n")))
    again = Memo(None, "folded-texts")
    again.previous = dict(memo.used)
    assert folded_corpus(edited, again) == fold("\n".join(text for group in edited for text in group))
    assert again.hits == 2
