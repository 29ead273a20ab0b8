"""kb.site.search_terms.Segmenter: the query cutting a browser port of kb search would run."""

from __future__ import annotations

from kb.site.search_terms import Entry, Segmenter

NOUN = ("名詞", "普通名詞", "一般", "*", "*", "*")
PARTICLE = ("助詞", "格助詞", "*", "*", "*", "*")
VERB = ("動詞", "非自立可能", "*", "*", "上一段-ア行", "終止形-一般")


def _segmenter() -> Segmenter:
    entries: dict[str, tuple[Entry, int]] = {
        "クリーチャー": (("クリーチャー", NOUN, ()), 500),
        "が": (("が", PARTICLE, ()), 3000),
        "いる": (("居る", VERB, ()), 200),
        "がい": (("がい", NOUN, ()), 1),
        "る": (("り", NOUN, ()), 1),
        "と": (("と", PARTICLE, ()), 2000),
        "クリーン": (("クリーン", NOUN, ()), 100),
        "アップ": (("アップ", NOUN, ()), 100),
        "ライ": (("ライ", NOUN, ()), 1),
        "ブ": (("ブ", NOUN, ()), 1),
    }
    return Segmenter({s: e for s, (e, _) in entries.items()}, {s: n for s, (_, n) in entries.items()})


def test_a_common_word_is_cut_before_a_rare_one() -> None:
    words = _segmenter().words("クリーチャーがいると")
    assert [(w.surface, w.text) for w in words] == [
        ("クリーチャー", "クリーチャー"), ("が", "が"), ("いる", "居る"), ("と", "と")]


def test_a_katakana_run_is_known_words_or_one_unknown_word() -> None:
    segmenter = _segmenter()
    assert [w.surface for w in segmenter.words("クリーンアップ")] == ["クリーン", "アップ"]
    unknown = segmenter.words("ライブラリ")
    assert [(w.surface, w.oov) for w in unknown] == [("ライブラリ", True)]
    assert [(w.surface, w.oov) for w in segmenter.words("cmc")] == [("cmc", True)]


def test_power_and_toughness_is_one_word_and_the_query_is_folded() -> None:
    words = _segmenter().words("２／２のクリーチャー")
    assert words[0].text == "2/2"
    assert words[-1].text == "クリーチャー"
