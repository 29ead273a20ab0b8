"""kb search end to end: the must-show queries, citations, highlights, relaxing, robustness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kb.cli import main
from kb.search.query import MAX_QUERY_CHARS
from kb.search.searcher import Searcher


@pytest.fixture(scope="module")
def seeds(search_seed_build: Path) -> Searcher:
    return Searcher.open(search_seed_build)


@pytest.fixture(scope="module")
def full(search_full_build: Path) -> Searcher:
    return Searcher.open(search_full_build)


def ranked(searcher: Searcher, query: str, limit: int = 5) -> list[str]:
    return [h.document.rule or f"page:{h.document.page}" if h.document.kind != "glossary"
            else h.document.key for h in searcher.search(query, limit).hits]


def search_json(capsys: pytest.CaptureFixture[str], build: Path, *args: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["search", *args, "--json", "--build", str(build)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("build", ["search_seed_build", "search_full_build"])
def test_phased_out_tokens_first_hit_is_702_26d(build: str, request: pytest.FixtureRequest,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = request.getfixturevalue(build)
    code, data = search_json(capsys, path, "フェイズアウト トークン")
    assert code == 0
    first = data["hits"][0]
    assert first["rule"] == "702.26d"
    assert first["version"] in ("20231117.0", "20260116.0")
    assert first["source"]["path"] and first["source"]["line"] > 0
    assert "702.26d" in first["citation"] and first["version"] in first["citation"]
    assert "<mark>" in first["snippet"]
    for hit in data["hits"]:
        assert {"rule", "page", "section", "version", "snippet", "score", "citation"} <= set(hit)


@pytest.mark.parametrize("searcher", ["seeds", "full"])
def test_must_show_queries(searcher: str, request: pytest.FixtureRequest) -> None:
    s: Searcher = request.getfixturevalue(searcher)
    assert "613.7f" in ranked(s, "表向き タイムスタンプ")  # the rule writes オモテ向き
    assert ranked(s, "phasing")[0] in ("702.26", "702.26a", "page:フェイジング")
    assert ranked(s, "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ")[0] == "702.26k"
    assert ranked(s, "702.26d")[0] == "702.26d"
    assert ranked(s, "Glorious Anthem")[0] in ("page:フェイジング", "page:継続的効果")


@pytest.mark.parametrize("query", ["702.26d", "７０２．２６ｄ", "CR 702.26d", "rule 702.26d", "702.26d.",
                                   "CR:702.26d", "フェイズアウト 702.26d"])
def test_a_rule_number_anywhere_answers_it_first(seeds: Searcher, query: str) -> None:
    response = seeds.search(query)
    assert response.hits[0].document.rule == "702.26d"
    assert response.hits[0].why == "number"
    assert response.numbers == ["702.26d"]


def test_a_number_alone_lists_its_subrules(seeds: Searcher) -> None:
    assert ranked(seeds, "CR 613.7", 4) == ["613.7", "613.7a", "613.7b", "613.7c"]


def test_a_number_not_in_the_build_says_so(seeds: Searcher) -> None:
    response = seeds.search("999.9z")
    assert any("999.9z" in m for m in response.messages)


def test_highlights_mark_the_original_characters(seeds: Searcher) -> None:
    hit = seeds.search("ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ").hits[0]
    assert "【フェイズ・アウト】" in hit.marked()  # the text's spelling, dot included
    assert "【オーナー】" in hit.marked()
    for start, end in hit.highlights:
        assert hit.snippet[start:end] in ("フェイズ・アウト", "オーナー")
    hit = next(h for h in seeds.search("表向き タイムスタンプ", 10).hits if h.document.rule == "613.7f")
    assert "【オモテ向き】" in hit.marked()


def test_partial_words_find_compounds(seeds: Searcher) -> None:
    assert ranked(seeds, "頌歌")[0] in ("page:フェイジング", "page:継続的効果")


def test_all_words_first_then_relaxed_and_said(seeds: Searcher) -> None:
    response = seeds.search("フェイズアウト 量子力学")
    assert response.relaxed
    assert response.hits and all(h.why == "some" for h in response.hits)
    assert response.messages
    strict = seeds.search("フェイズアウト トークン", 3)
    assert strict.hits[0].why == "all"


def test_a_question_needs_only_its_content_words(full: Searcher) -> None:
    """どう, とき, 何回 and the like are the question's frame: optional, not required."""
    parsed = full.parse("ライブラリーが0枚のときにカードを引いたらどうなる？")
    optional = {c.alternatives[0][0].text for c in parsed.clauses if not c.required}
    required = {c.alternatives[0][0].text for c in parsed.clauses if c.required}
    assert {"時", "どう"} <= optional and {"ライブラリー", "カード", "引く"} <= required
    assert "0" in required and "枚" in required  # the number and a suffix counter stay
    assert not any(c.required for c in full.parse("何回").clauses)
    # 704.5f has タフネス, 0 and クリーチャー but no どう/なる: found all the same.
    response = full.search("タフネスが0になったクリーチャーはどうなるの？", 5)
    assert "704.5f" in [h.document.rule for h in response.hits]
    assert next(h for h in response.hits if h.document.rule == "704.5f").why == "all"


def test_a_question_s_relational_nouns_and_adverbs_are_its_frame(full: Searcher) -> None:
    """一部, 一番, 上, 途中 (relational nouns), 勝手に, また (adverbs) and みたい (an
    auxiliary's stem) phrase a question: optional, where the rule words it otherwise
    (609.3 「可能な部分だけ」, 602.5b's 「各ターンに1回」 without また)."""
    parsed = full.parse("ライブラリーの一番上を勝手に見てもいいですか？")
    optional = {c.alternatives[0][0].text for c in parsed.clauses if not c.required}
    required = {c.alternatives[0][0].text for c in parsed.clauses if c.required}
    assert {"一番", "上", "勝手に"} <= optional and required == {"ライブラリー"}
    parsed = full.parse("「次の終了ステップの開始時に」みたいな能力はいつ作られるの？")
    assert "みたい" in {c.typed for c in parsed.clauses if not c.required}
    assert ranked(full, "効果の一部が実行できないときはどうする？", 1) == ["609.3"]
    assert ranked(full, "「各ターンに1回」の能力はコントロールが変わったらまた起動できる？", 1) == ["602.5b"]


def test_a_question_gives_a_glossary_entry_or_a_bare_heading_no_name_tier(full: Searcher) -> None:
    """A question names its concept to ask how it works: the glossary's 投了 and the heading
    104 (no text of its own) rank by score, below 104.3a, which answers it.  Asked what the
    term is, or typed bare, they keep their tiers."""
    hits = full.search("投了っていつでもしていいの？", 5).hits
    assert hits[0].document.rule == "104.3a"
    assert all(h.tier == 0 for h in hits if h.document.kind == "glossary" or h.document.rule == "104")
    for query in ("投了とは何？", "投了"):
        first = full.search(query, 5).hits[0]
        assert first.document.kind == "glossary" and first.tier > 0


def test_a_how_many_word_is_also_met_by_its_counter(full: Searcher) -> None:
    """何枚 asks for a number the answer writes with its counter (903.5a 「100枚」): the
    counter is an alternative of the optional clause; a word only starting with 何 is not."""
    clauses = {c.typed: c for c in full.parse("統率者戦のデッキは何枚？").clauses}
    how_many = clauses["何枚"]
    assert not how_many.required
    assert [[w.text for w in a] for a in how_many.alternatives] == [["何枚"], ["枚"]]
    assert how_many.weight(1) == 1.0
    assert [[[w.text for w in a] for a in c.alternatives] for c in full.parse("何故").clauses] == [[["何故"]]]


def test_a_question_s_everyday_verb_weighs_less_in_the_coverage(full: Searcher) -> None:
    """In a question, a verb no heading or headword holds (戻す) is how the asker put it:
    903.9b says 「手札…に置かれる」 and comes up on the nouns; a verb the headings use
    (唱える) keeps its full weight."""
    clauses = {c.typed: c for c in full.parse("統率者が手札に戻されるときはどうなる？").clauses}
    assert full._plain_verb(clauses["戻さ"])
    assert not any(full._plain_verb(c) for c in full.parse("呪文を唱えることはできる？").clauses)
    assert not full._plain_verb(clauses["手札"])
    assert "903.9b" in ranked(full, "統率者が手札に戻されるときはどうなる？", 5)


def test_a_question_s_glossary_entry_weighs_half(full: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question asks how a term works, which a rule says: the glossary's 支払う (a
    headword of the question) ranks below 119.4; asked what the term is, the entry keeps
    its weight and comes first."""
    import kb.search.searcher as searcher_module

    assert ranked(full, "ライフが足りないときにライフを支払える？", 1) == ["119.4"]
    assert full.search("支払うとは？", 1).hits[0].document.kind == "glossary"
    query = "特別な処理はスタックを使う？"
    half = {h.document.key: h.score for h in full.search(query, 30).hits}
    monkeypatch.setattr(searcher_module, "QUESTION_GLOSSARY_WEIGHT", 1.0)
    whole = {h.document.key: h.score for h in full.search(query, 30).hits}
    entry = next(k for k in half if k.startswith("glossary:特別な処理"))
    assert half[entry] == pytest.approx(0.5 * whole[entry])
    assert half["rule:116.1"] == pytest.approx(whole["rule:116.1"])


def test_a_question_s_subrule_goes_before_its_rule(full: Searcher) -> None:
    """In a question, a subrule below its own rule goes before it when it has more of the
    question's words (113.7a has 除去, 113.7 not), or as many and holds a how-many word's
    counter (903.5a 「100枚」 for 何枚) or is brief (901.3a, a line, under 901.3's
    paragraph); not in a keyword query, which asks for the rule."""
    assert ranked(full, "能力の発生源が除去されたら、スタックの能力は消える？", 1) == ["113.7a"]
    assert ranked(full, "次元ダイスってどんなサイコロ？", 1) == ["901.3a"]
    assert ranked(full, "次元ダイスはどのサイコロ？", 1) == ["901.3a"]
    order = ranked(full, "統率者戦のデッキは何枚？", 10)
    assert "903.5a" in order[:3] and ("903.5" not in order or order.index("903.5a") < order.index("903.5"))
    assert ranked(full, "次元ダイス サイコロ", 1) == ["901.3"]


def test_subrules_before_their_rule_moves_only_past_its_own_rule() -> None:
    """The order itself: a subrule passes its rule (not a stranger, not a higher tier) when
    it covers more, or as much and a tie-breaker holds for it alone."""
    from kb.model import SourceRef
    from kb.search.document import SearchDocument
    from kb.search.results import Hit
    from kb.search.searcher import is_brief_subrule, subrules_before_their_rule

    def hit(rule: str, docnum: int, tier: float = 0) -> Hit:
        document = SearchDocument(key=f"rule:{rule}", kind="rule", heading=rule, text="x",
                                  source=SourceRef("rules.txt", 1), rule=rule, fields={"body": "x"})
        return Hit(document, 1.0, "all", docnum=docnum, tier=tier)

    def order(hits: list[Hit], shares: dict[int, float], wins: frozenset[int] = frozenset()) -> list[str]:
        moved = subrules_before_their_rule(hits, shares, [lambda h: h.docnum in wins])
        return [h.document.rule or "" for h in moved]

    hits = [hit("100.1", 0), hit("113.7", 1), hit("113.7b", 2), hit("113.7a", 3)]
    assert order(hits, {0: 1.0, 1: 0.5, 2: 0.5, 3: 0.8}) == ["100.1", "113.7a", "113.7", "113.7b"]
    assert order(hits, {0: 1.0, 1: 0.5, 2: 0.5, 3: 0.5}) == ["100.1", "113.7", "113.7b", "113.7a"]
    assert order(hits, {0: 1.0, 1: 0.5, 2: 0.5, 3: 0.5}, frozenset({3})) == ["100.1", "113.7a", "113.7", "113.7b"]
    assert order(hits, {0: 1.0, 1: 0.5, 2: 0.5, 3: 0.5}, frozenset({1, 3})) == ["100.1", "113.7", "113.7b", "113.7a"]
    assert order([hit("113.7", 1, tier=3), hit("113.7a", 3)], {1: 0.5, 3: 1.0}) == ["113.7", "113.7a"]
    assert order([hit("113.6", 1), hit("113.7a", 3)], {1: 0.5, 3: 1.0}) == ["113.6", "113.7a"]
    assert is_brief_subrule("a" * 4, "b" * 9) and not is_brief_subrule("a" * 5, "b" * 9)
    assert not is_brief_subrule("", "b" * 9) and not is_brief_subrule("a", "")


def test_a_rare_compound_is_also_searched_as_its_units(full: Searcher) -> None:
    """構築戦 (a word few documents hold) finds 100.2a, which writes 構築 デッキ and 構築環境;
    a common compound (置換効果) keeps to itself: its units would only dilute it."""
    clause = full.parse("構築戦").clauses[0]
    assert [w.text for w in clause.alternatives[clause.units_alternative]] == ["構築"]
    assert "100.2a" in ranked(full, "構築戦のデッキは最低何枚必要？", 10)
    common = full.parse("置換効果").clauses[0]
    assert common.units_alternative == 1
    literal = type(common)(common.typed, common.alternatives[:1])
    assert full._clause_scores(common) == full._clause_scores(literal)


def test_coverage_weighs_rare_words_more(full: Searcher) -> None:
    """A document missing a common word beats one missing the rare one."""
    hits = full.search("トランプル 割り振る 量子力学", 5).hits
    assert hits and hits[0].document.rule is not None and hits[0].document.rule.startswith("702.19")


def test_a_concept_shows_its_defining_rule_first(full: Searcher) -> None:
    """The defining subrule before the heading without text, and the heading never first."""
    assert ranked(full, "優先権", 3)[0] == "117.1"
    assert ranked(full, "呪禁", 3)[0] == "702.11b"  # kb/checks/keywords.tsv's defining subrule
    assert ranked(full, "統治者", 3)[0] == "724.1"  # the glossary points to 723; 724's title says 統治者
    assert ranked(full, "オーナー", 3)[0] == "108.3"  # the first rule the glossary cites
    first = full.search("状況起因処理", 5).hits
    assert first[0].document.rule == "704.1"
    assert [h.document.rule for h in first].index("704") > [h.document.kind for h in first].index("glossary")


@pytest.mark.parametrize("query", ["呪禁とは", "呪禁とは何ですか？", "呪禁って何", "呪禁の意味は"])
def test_what_is_asks_for_the_definition(full: Searcher, query: str) -> None:
    parsed = full.parse(query)
    assert parsed.definition and [c.typed for c in parsed.clauses] == ["呪禁"]
    assert full.search(query, 3).hits[0].document.key == "glossary:呪禁／Hexproof"


def test_aliases_are_searched_below_the_literal(full: Searcher) -> None:
    """search/aliases.tsv at query time: initialisms, katakana spellings, old terms, slang."""
    assert ranked(full, "SBA", 1) == ["704.1"]  # the defining rule of 状況起因処理
    assert ranked(full, "CMC", 1) == ["202.3"]
    assert "514.1" in ranked(full, "クリーンアップ・ステップ 手札 捨てる", 3)  # the CR: クリンナップ
    assert "306.8" in ranked(full, "プレーンズウォーカー 忠誠カウンター ダメージ", 3)
    clause = full.parse("ETB 誘発").clauses[0]
    assert clause.weight(0) == 1.0 and 0 < clause.weight(1) < 1.0
    assert [w.text for w in clause.alternatives[1]] == ["戦場", "出る"]
    # The literal name before the one reached through an alias (部族 is 同族's old name).
    assert full.search("部族とは", 2).hits[0].document.key == "glossary:部族／Tribal"
    assert [c.typed for c in full.parse("デッキ切れ").clauses] == ["デッキ切れ"]  # one alias, not two words


def test_an_alias_of_several_words_is_a_phrase(full: Searcher) -> None:
    """デッキ切れ is 「ライブラリー 引く」 (kb/search/slang.tsv): 121.4, where a player draws
    「ライブラリーからカードを引こう」, has the two words together; the other 121.x rules
    hold them too, apart.  The closeness bonus reads an alternative's words as neighbours."""
    assert "121.4" in ranked(full, "デッキ切れ", 5)


def test_an_inflected_word_has_the_aliases_of_its_dictionary_form(full: Searcher) -> None:
    """使わ (of 使わなかった) is looked up as 使う: 500.5 writes 未使用."""
    clause = next(c for c in full.parse("使わなかったマナは次のフェイズまで残る？").clauses if c.typed == "使わ")
    assert ["使用"] in [[w.text for w in a] for a in clause.alternatives]
    assert 0 < clause.weight(len(clause.alternatives) - 1) < 1.0


def test_a_question_puts_the_defining_subrule_before_its_siblings(full: Searcher) -> None:
    """702.15b says what lifelink does; 702.15e, which has every word of the question, only
    refines it.  Keywords name the refinement they ask for: they keep the order."""
    question = full.parse("絆魂を持つクリーチャーがダメージを与えたら何が起きる？")
    assert question.question and not full.parse("絆魂 ダメージ").question
    found = ranked(full, "絆魂を持つクリーチャーがダメージを与えたら何が起きる？", 5)
    assert found[0] == "702.15b" and "702.15e" in found
    assert ranked(full, "変異 コスト X", 1) == ["702.37f"]


def test_a_word_naming_a_variants_rule_does_not_put_it_first(full: Searcher) -> None:
    """防御プレイヤー's glossary entry cites 506.2, 802 and 805.10: 805.10's subrules (the
    shared team turns option) are not what 「防御プレイヤーはブロックしなくてもいい？」 asks."""
    found = ranked(full, "防御プレイヤーはブロックしなくてもいい？", 5)
    assert "509.1a" in found
    assert all(not rule.startswith("805.10") for rule in found[:found.index("509.1a")])


def test_a_rarer_named_word_outranks_a_word_naming_a_category(full: Searcher) -> None:
    """サブタイプ titles 205.3, whose subrules hold 装備品 too; but 装備品, rarer, is itself
    the name of a hit (its glossary entry): the query asks about equipment (301.5), not
    about subtypes.  Where the rarer word names no such hit, each naming word still
    counts: 変異 コスト X (X titles 107.3) keeps 702.37f first."""
    assert ranked(full, "装備品 サブタイプ", 1) == ["301.5"]
    assert ranked(full, "変異 コスト X", 1) == ["702.37f"]


def test_a_question_word_stands_for_its_kind_where_a_rule_lacks_it(full: Searcher) -> None:
    """The glossary says 墓地 is 「領域の1つ」: 704.5d and 111.7 answer the question with
    「戦場以外の領域」.  The kind counts only where a document lacks the word, and only in a
    question: the keywords 「トークン 墓地」 keep to documents with 墓地."""
    graveyard = full.parse("墓地")
    assert [w.text for w in full.with_kinds(graveyard.clauses[0]).alternatives[-1]] == ["領域"]
    found = ranked(full, "トークンが墓地に置かれたらどうなる？", 5)
    assert {"704.5d", "111.7", "111.8"} & set(found)
    assert not {"704.5d", "111.7"} & set(ranked(full, "トークン 墓地", 5))


def test_a_kind_adds_nothing_where_the_word_is(full: Searcher) -> None:
    """A fallback alternative scores only the documents no other alternative matched: a
    document with 墓地 scores as it did without the kind 領域."""
    from kb.search.hypernyms import kind_of

    literal = full.parse("墓地").clauses[0]
    kinded = full.with_kinds(literal)
    before, after = full._clause_scores(literal), full._clause_scores(kinded)
    assert len(after) > len(before) and all(after[d] == score for d, score in before.items())
    # Nor does it take the word out of the closeness bonus of its neighbours.
    words = [c for c in full.parse("墓地 誘発").clauses if c.required]
    hits = list(before)
    assert full._proximity([full.with_kinds(c) for c in words], hits) == full._proximity(words, hits)
    assert kind_of("1. 領域の1つ。プレイヤーの墓地とは、…") == "領域"
    assert kind_of("\u3000パーマネントの通常の位相の1つ。rule 110.5") == "位相"
    assert kind_of("(廃語)既に存在しないカード・タイプの1つ。") == "既に存在しないカード・タイプ"
    assert kind_of("ターンの一部。") is None


def test_a_dot_joined_compound_is_found_by_each_term(full: Searcher) -> None:
    """616.1 writes 置換・軽減効果: 置換効果 finds it as it finds 軽減効果."""
    assert ranked(full, "置換効果 複数 イベント 修整", 1) == ["616.1"]
    assert ranked(full, "軽減効果 複数 イベント 修整", 1) == ["616.1"]


def test_the_cli_text_output(search_seed_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ", "--limit", "2", "--build", str(search_seed_build)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. 702.26k")
    assert "[2023-11-17]" in out and "【フェイズ・アウト】" in out and "フェイジング.txt" in out
    assert "2023-11-17（日本語版 20231117.0）" in out  # the citation keeps the version string


def test_the_cli_exit_codes(search_seed_build: Path, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "量子力学", "--build", str(search_seed_build)]) == 1
    assert main(["search", "フェイズ", "--limit", "0", "--build", str(search_seed_build)]) == 2
    assert main(["search", "フェイズ", "--build", str(tmp_path)]) == 1
    assert "kb build" in capsys.readouterr().err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80))
@example('AND OR NOT (フェイズ [ ] { } ^2 ~ * ? : \\ "unbalanced')
@example("*")
@example("")
@example("   ")
@example("「」『』\"\"''")
@example("\x00\x01\x1b[31m\u200b\ufeff\u202e")
@example("フェイズ" * 2600)  # about 10 KB
@example("702.26d" * 300)
@example("2/2/2/2 +1/+1/ -/- 1/")
@example("\ud800")
def test_no_query_crashes(seeds: Searcher, query: str) -> None:
    response = seeds.search(query, 5)
    assert len(response.query) <= MAX_QUERY_CHARS
    json.dumps(response.to_json(), ensure_ascii=False)


def test_snippets_never_cut_a_highlight() -> None:
    from kb.search.results import make_snippet

    text = "あ" * 200 + "フェイズ・アウト" + "い" * 200
    start = text.index("フェイズ")
    # A lone highlight, one far before it, and one the window edge would cut.
    for spans in ([(start, start + 8)], [(0, 3), (start, start + 8)], [(115, 125)]):
        snippet, inside = make_snippet(text, spans)
        assert inside
        for a, b in inside:
            assert snippet[a:b] in {text[s:e] for s, e in spans}


def test_an_empty_corpus_builds_and_searches(tmp_path: Path) -> None:
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    (tmp_path / "corpus" / "wiki").mkdir(parents=True)
    out = tmp_path / "_build"
    build(BuildOptions(corpus=tmp_path / "corpus", out=out))  # no terms: no user dictionary
    response = Searcher.open(out).search("フェイズアウト")
    assert response.hits == [] and response.messages


def test_posting_scores_are_whooshs_bm25f(full: Searcher) -> None:
    """kb.search.scoring adds up the same BM25F numbers Whoosh's matchers give."""
    from whoosh.query import Term

    for field, text in (("body", "クリーチャー"), ("title", "呪禁"), ("terms", "状況起因処理")):
        ours = full.postings.term(field, text)
        theirs = {hit.docnum: hit.score for hit in full.searcher.search(Term(field, text), limit=None)}
        assert ours.keys() == theirs.keys() and ours
        assert all(abs(ours[d] - theirs[d]) < 1e-6 * max(1.0, theirs[d]) for d in theirs)
