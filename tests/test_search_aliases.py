"""The alias table (kb.search.aliases): each source on its own, the file, and the build's table."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED

from kb.errors import KbError
from kb.graph import RuleGraph
from kb.normalize import katakana_skeleton
from kb.search.aliases import (
    ALIASES_FILE,
    DEFAULT_CARD_NAMES,
    DEFAULT_SYNONYMS,
    SLANG_FILE,
    SOURCES,
    Alias,
    CardName,
    aliases_text,
    card_name_aliases,
    english_aliases,
    head_verb_aliases,
    initialism_aliases,
    katakana_aliases,
    katakana_words,
    obsolete_terms,
    read_aliases,
    read_card_names,
    read_slang,
    read_synonyms,
    sudachi_aliases,
    summary,
    text_mentions,
    write_aliases,
)
from kb.search.analyzer import Analysis
from kb.search.terms import noun_compounds, terms_of_art


def pairs(rows: list[Alias]) -> set[tuple[str, str]]:
    return {(r.alias, r.term) for r in rows}


@pytest.mark.parametrize(("one", "other"), [
    ("クリーンアップ", "クリンナップ"),
    ("クリーンアップ・ステップ", "クリンナップ・ステップ"),
    ("プレーンズウォーカー", "プレインズウォーカー"),
    ("ライブラリ", "ライブラリー"),
    ("ヴァンパイア", "バンパイア"),
    ("ｸﾘﾝﾅｯﾌﾟ", "クリンナップ"),
    ("ボウル", "ボール"),
])
def test_katakana_spellings_share_a_skeleton(one: str, other: str) -> None:
    assert katakana_skeleton(one) == katakana_skeleton(other)


@pytest.mark.parametrize(("one", "other"), [
    ("トークン", "トーテム"), ("フェイズ", "フェイジング"), ("アップキープ", "アップ"),
    ("カード", "カウンター"), ("レイ", "ロイ"),
])
def test_other_words_keep_other_skeletons(one: str, other: str) -> None:
    assert katakana_skeleton(one) != katakana_skeleton(other)


def test_katakana_aliases_come_from_the_texts() -> None:
    rows = list(katakana_aliases(katakana_words(["クリンナップ・ステップの間に", "アップキープ"])))
    assert {r.term for r in rows} == {"クリンナップ", "ステップ", "クリンナップステップ", "アップキープ"}
    assert (katakana_skeleton("クリーンアップ"), "クリンナップ") in pairs(rows)
    assert all(r.source == "katakana" and r.weight < 1 for r in rows)


SYNONYMS = """\
000001,1,0,1,0,0,0,(),順番,,
000001,1,0,1,0,0,2,(),じゅんばん,,
000001,1,1,2,0,0,0,(),順序,,
000001,1,0,3,4,0,0,(),順繰り,,
000001,1,0,4,0,0,3,(),純番,,
000001,1,2,5,0,0,0,(),手順,,

000002,1,0,1,0,0,0,(),追放,,
000002,1,0,2,0,0,0,(),放逐,,

000003,1,0,1,0,0,0,(),遠足,,
000003,1,0,2,0,0,0,(),ピクニック,,
"""


def test_sudachi_groups_respect_their_flags(tmp_path: Path) -> None:
    path = tmp_path / "synonyms.txt"
    path.write_text(SYNONYMS, encoding="utf-8")
    words = read_synonyms(path)
    assert len(words) == 10 and words[2].expand == 1 and words[3].form == 4 and words[4].variant == 3
    vocabulary = {"順序", "順番", "順繰り", "純番", "手順", "放逐", "追放"}
    rows = list(sudachi_aliases(words, vocabulary, art={"追放"}))
    found = pairs(rows)
    assert ("じゅんばん", "順番") in found          # another spelling of the same lexeme
    assert ("順番", "順序") in found                # flag 1: a target ...
    assert not any(a == "順序" for a, _ in found)    # ... never a trigger
    assert ("順繰り", "順番") in found and ("順番", "順繰り") not in found  # misuse: trigger only
    assert ("純番", "順番") in found and ("順番", "純番") not in found      # misspelling: trigger only
    assert not any("手順" in p for p in found)     # flag 2: never used
    assert ("放逐", "追放") in found and ("追放", "放逐") not in found      # MTG terms never trigger
    assert not any("遠足" in p for p in found)     # no word of the group in the knowledge base
    kinds = {(r.alias, r.term): r.source for r in rows}
    assert kinds[("じゅんばん", "順番")] == "sudachi-variant"
    assert kinds[("順番", "順序")] == "sudachi-synonym"
    assert SOURCES["sudachi-variant"][0] > SOURCES["sudachi-synonym"][0]


def test_each_text_is_read_once() -> None:
    """What each text gives (katakana words, 《card names》) is kept by its hash."""
    from kb.build.reuse import Memo

    memo = Memo(None, "aliases")
    katakana, cards = text_mentions(["《セラの天使》とクリンナップ"], memo)
    assert katakana == {"クリンナップ"} and cards == {"セラの天使"}
    memo.previous = dict(memo.used)  # as the next build finds it
    assert text_mentions(["《セラの天使》とクリンナップ"], memo) == (katakana, cards) and memo.hits == 1


def test_bad_synonym_line_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "synonyms.txt"
    path.write_text('000001,1,0,1,0,0,0,(),順番,,\n\n"000002",1,0,1,0,0,0,(),"順,序",,\nbroken\n',
                    encoding="utf-8")
    with pytest.raises(KbError) as caught:
        read_synonyms(path)
    assert caught.value.line == 4
    path.write_text('"000002",1,0,1,0,0,0,(),"順,序",,\n', encoding="utf-8")
    assert read_synonyms(path)[0].headword == "順,序"  # a quoted field is read as CSV


def test_obsolete_glossary_terms_point_to_current_ones(full_graph: RuleGraph) -> None:
    obsolete = obsolete_terms(full_graph)
    assert "マナ総量" in obsolete["点数で見たマナコスト"]    # "マナ総量の古い言い方"
    assert "戦場" in obsolete["場"]                          # 「戦場」となっている, 戦場 参照
    assert obsolete["部族"] == ["同族"]                       # rule 308〔同族〕参照
    assert obsolete["族霊鎧"] == ["陰影鎧"]
    assert "追放" in obsolete["ゲームから取り除く"] and "領域" not in obsolete["ゲームから取り除く"]
    assert "マナバーン" not in obsolete                      # the rule is gone: no current term
    assert "戦場" not in obsolete                             # current terms are not obsolete


def test_a_plain_verb_stands_for_the_term_of_art_it_heads(full_graph: RuleGraph) -> None:
    """支払う (a glossary headword) is 支 and 払う read alike: 払う → 支払う.  A verb that only
    ends in another's characters is read otherwise (出来る デキル, 来る クル; 気付く キヅク,
    付く ツク), and a word the knowledge base does not use is no trigger."""
    found = list(head_verb_aliases({"支払う", "出来る", "気付く", "見受ける"}, {"払う", "来る", "付く"}))
    assert found == [Alias("払う", "支払う", SOURCES["head-verb"][0], "head-verb")]
    art = terms_of_art(full_graph)
    assert ("払う", "支払う") in {(row.alias, row.term) for row in head_verb_aliases(art, {"払う"})}


def test_english_names_and_verbs(full_graph: RuleGraph) -> None:
    rows = english_aliases(full_graph, {"phasing": ["フェイジング"]}, Analysis())
    found = {(r.alias, r.term): r.source for r in rows}
    assert found[("phasing", "フェイジング")] == "english"
    assert found[("shuffle", "切り直す")] == "english-verb"    # 701.24 切り直す／Shuffle
    assert found[("discard", "捨てる")] == "english-verb"
    assert found[("counter", "打ち消す")] == "english-verb"    # 打ち消す／Counter(v): mark dropped
    assert found[("counter", "カウンター")] == "english"       # カウンター／Counter(n)


def test_initialisms() -> None:
    english = [Alias("enters the battlefield", "戦場に出る", 0.9, "english"),
               Alias("state-based actions", "状況起因処理", 0.9, "english"),
               Alias("at end of turn", "ターン終了時に", 0.9, "english"),
               Alias("converted mana cost", "点数で見たマナコスト", 0.9, "english"),
               Alias("first strike", "先制攻撃", 0.9, "english"),
               Alias("draw one die", "A", 0.9, "english"), Alias("double or death", "B", 0.9, "english"),
               Alias("deal one damage", "C", 0.9, "english"),
               Alias("all cards touched", "D", 0.9, "english"), Alias("act of treason", "E", 0.9, "english")]
    found = pairs(initialism_aliases(english))
    assert {("etb", "戦場に出る"), ("sba", "状況起因処理"), ("eot", "ターン終了時に"),
            ("aeot", "ターン終了時に"), ("cmc", "点数で見たマナコスト")} <= found
    assert not any(a == "fs" for a, _ in found)               # two letters: too short
    assert not any(a == "dod" for a, _ in found)              # names three things: ambiguous
    assert ("act", "D") not in found                          # "act" is a word of a name
    assert ("aot", "E") in found


def test_card_names(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text('Serra Angel,セラの天使,せらのてんし,せらのてんし\n'
                    '"Karn, the Great Creator",大いなる創造者、カーン,おおいなるそうぞうしゃかーん,x\n'
                    'Shahrazad,シャハラザード,しゃはらざーど,しゃはらざーど\n', encoding="utf-8")
    cards = read_card_names(path)
    assert cards[1] == CardName("Karn, the Great Creator", "大いなる創造者、カーン", "おおいなるそうぞうしゃかーん")
    found = pairs(list(card_name_aliases(cards, {"セラの天使", "shahrazad"})))
    assert found == {("serra angel", "セラの天使"), ("せらのてんし", "セラの天使"),
                     ("シャハラザード", "shahrazad")}


def test_slang_file_is_short_and_well_formed(tmp_path: Path) -> None:
    rows = read_slang(SLANG_FILE)
    assert 0 < len(rows) <= 30 and all(r.source == "slang" for r in rows)
    assert ("デッキ切れ", "ライブラリー 引く") in pairs(rows)   # words stay apart
    bad = tmp_path / "slang.tsv"
    bad.write_text("# note\nデッキ切れ\tライブラリー\n", encoding="utf-8")
    with pytest.raises(KbError) as caught:
        read_slang(bad)
    assert caught.value.line == 2


def test_the_file_reads_back_and_refuses_damage(tmp_path: Path) -> None:
    rows = [Alias("cmc", "マナ総量", 0.64, "initialism"), Alias("場", "戦場", 0.8, "glossary-obsolete")]
    path = tmp_path / ALIASES_FILE
    write_aliases(path, rows)
    assert read_aliases(path) == rows
    assert aliases_text(rows).splitlines()[0] == "alias\tterm\tweight\tsource"
    path.write_text(aliases_text(rows) + "x\ty\n", encoding="utf-8")
    with pytest.raises(KbError) as caught:
        read_aliases(path)
    assert caught.value.line == 4
    path.write_text(aliases_text(rows).replace("initialism", "guess"), encoding="utf-8")
    with pytest.raises(KbError, match="source"):
        read_aliases(path)
    assert summary(rows) == {"glossary-obsolete": 1, "initialism": 1}


def test_vocabulary_comes_from_the_same_pass_as_the_compounds() -> None:
    vocabulary: set[str] = set()
    counts = noun_compounds(["ライフが0点以下のプレイヤーはゲームに負ける。"], Analysis(), None, vocabulary)
    assert {"負ける", "ライフ", "ゲーム"} <= vocabulary and "は" not in vocabulary
    assert counts


def test_terms_of_art(full_graph: RuleGraph) -> None:
    art = terms_of_art(full_graph)
    assert {"追放", "フェイジング", "状況起因処理"} <= art and "順番" not in art


needs_data = pytest.mark.skipif(not (DEFAULT_SYNONYMS.is_file() and DEFAULT_CARD_NAMES.is_file()),
                                reason=f"no Sudachi synonyms or card names under {SHARED}")


@needs_data
def test_the_build_writes_the_table(search_full_build: Path) -> None:
    rows = read_aliases(search_full_build / "search" / ALIASES_FILE)
    assert set(summary(rows)) == set(SOURCES)          # every source contributed
    found = pairs(rows)
    assert {("点数で見たマナコスト", "マナ総量"), ("場", "戦場"), ("etb", "戦場に出る"),
            ("sba", "状況起因処理"), ("cmc", "マナ総量"), ("shuffle", "切り直す"),
            ("converted mana cost", "マナ総量"), ("除去", "取り除く"),
            (katakana_skeleton("クリーンアップ"), "クリンナップ"),
            (katakana_skeleton("プレーンズウォーカー"), "プレインズウォーカー")} <= found
    assert len(found) == len(rows)                    # one row per (alias, term)
    assert all(0 < r.weight < 1 for r in rows)
