"""The Sudachi analyzer: offsets into the original text, chunking, compounds, pickling."""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.normalize import fold, fold_with_offsets
from kb.search.analyzer import (
    MAX_CHUNK_BYTES,
    Analysis,
    SudachiTokenizer,
    chunks,
    japanese_analyzer,
)
from kb.search.layout import DICTIONARY_FILE, SEARCH_DIR

VECTORS = ROOT / "tests" / "fixtures" / "normalize_vectors.tsv"

JAPANESE_TEXT = st.text(
    alphabet=st.sampled_from(list("フェイズ・アウトｵｰﾅｰﾌﾞ表向きオモテ　 ７０２．ａＢc/+-1、。「」\n\tー")),
    max_size=40,
)


def tokens(analyzer: object, text: str) -> list[tuple[str, int, int, int]]:
    return [(t.text, t.pos, t.startchar, t.endchar)
            for t in analyzer(text, positions=True, chars=True)]  # type: ignore[operator]


def test_fold_with_offsets_agrees_with_fold_on_the_shared_vectors() -> None:
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, expected = line.split("\t")
            folded, starts, ends = fold_with_offsets(source)
            assert folded == expected == fold(source)
            assert len(starts) == len(ends) == len(folded)


@given(JAPANESE_TEXT)
def test_fold_with_offsets_is_fold_and_points_into_the_text(text: str) -> None:
    folded, starts, ends = fold_with_offsets(text)
    assert folded == fold(text)
    assert all(0 <= s < e <= len(text) for s, e in zip(starts, ends, strict=True))
    assert starts == sorted(starts)


def test_offsets_point_at_the_original_characters() -> None:
    text = "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ"
    found = tokens(japanese_analyzer(), text)
    assert [(text[s:e], t) for t, _, s, e in found] == [
        ("ﾌｪｲｽﾞ", "フェーズ"), ("ｱｳﾄ", "アウト"), ("ｵｰﾅｰ", "オーナー")]


def test_symbols_particles_and_whitespace_are_not_indexed() -> None:
    found = [t for t, _, _, _ in tokens(japanese_analyzer(), "トークンは、「フェイズ・アウト」中も　戦場に！")]
    assert found == ["トークン", "フェーズ", "アウト", "中", "戦場"]


def test_power_and_toughness_stay_one_word() -> None:
    words = [w.text for w in Analysis().kept("裏向きで2/2の、＋1/＋1カウンターと-1/-1カウンター")]
    assert words == ["裏向き", "2/2", "+1/+1", "カウンター", "-1/-1", "カウンター"]


def test_compound_units_follow_the_compound(search_seed_build: Path) -> None:
    dictionary = str(search_seed_build / SEARCH_DIR / DICTIONARY_FILE)
    found = tokens(japanese_analyzer(dictionary), "次の状況起因処理で消滅する")
    texts = [(t, p) for t, p, _, _ in found]
    assert ("状況起因処理", 1) in texts
    assert [x for x in texts if x[0] in ("状況", "起因", "処理")] == [("状況", 1), ("起因", 2), ("処理", 3)]
    assert ("消滅", 4) in texts


def test_long_text_is_cut_into_chunks_sudachi_accepts() -> None:
    sentence = "フェイズ・アウトしているパーマネントは存在しないかのように扱う。"
    text = sentence * 2000  # about 190,000 bytes of UTF-8
    assert len(text.encode("utf-8")) > 3 * 49_149
    pieces = list(chunks(fold(text)))
    assert len(pieces) > 3
    assert all(len(piece.encode("utf-8")) <= MAX_CHUNK_BYTES for _, piece in pieces)
    assert "".join(piece for _, piece in pieces) == fold(text)
    words = Analysis().kept(text)
    assert sum(1 for w in words if w.text == "パーマネント") == 2000
    assert all(text[w.start:w.end] == w.surface for w in words)


def test_the_analyzer_survives_pickling(search_seed_build: Path) -> None:
    dictionary = str(search_seed_build / SEARCH_DIR / DICTIONARY_FILE)
    analyzer = japanese_analyzer(dictionary)
    before = tokens(analyzer, "栄光の頌歌がフェイズ・アウトした")
    assert analyzer.items[0]._analysis is not None  # Sudachi is loaded now
    copy = pickle.loads(pickle.dumps(analyzer))
    assert copy.items[0]._analysis is None  # ... and was not pickled
    assert copy == analyzer
    assert tokens(copy, "栄光の頌歌がフェイズ・アウトした") == before


SCHEMA_PROBE = """
import sys
from pathlib import Path
from whoosh.index import open_dir
if len(sys.argv) > 2:
    from kb.search.index import open_index
    open_index(Path(sys.argv[2]))  # registers the moved dictionary
schema = open_dir(sys.argv[1]).schema
print(" ".join(t.text for t in schema["body"].analyzer("オモテ向きの栄光の頌歌")))
"""


def probe_schema(index: Path, build: Path | None = None) -> str:
    args = [sys.executable, "-c", SCHEMA_PROBE, str(index), *([str(build)] if build else [])]
    result = subprocess.run(args, capture_output=True, text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_index_schema_unpickles_a_working_analyzer(tmp_path: Path) -> None:
    """In a fresh process, with the build where it was made and after moving it."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    out = tmp_path / "_build"
    build(BuildOptions(corpus=ROOT / "corpus", out=out))
    expected = "表向き 栄光の頌歌 栄光 頌歌"
    assert probe_schema(out / SEARCH_DIR / "index") == expected
    moved = tmp_path / "moved"
    shutil.move(out, moved)
    assert probe_schema(moved / SEARCH_DIR / "index", moved) == expected


def test_an_old_pickle_gets_defaults() -> None:
    tokenizer = SudachiTokenizer.__new__(SudachiTokenizer)
    tokenizer.__setstate__({})
    assert tokenizer.user_dictionary is None
    assert [t.text for t in tokenizer("頌歌")] == ["頌歌"]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_text_analyses_with_valid_offsets(text: str) -> None:
    for word in Analysis().words(text):
        assert 0 <= word.start < word.end <= len(text)
        assert text[word.start:word.end] == word.surface
        for part in word.parts:
            assert word.start <= part.start < part.end <= word.end
