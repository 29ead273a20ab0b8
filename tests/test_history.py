"""Rule identity across releases: the alignment on small made-up releases, the named
renumberings of the issue on the real 110 releases, and the renumbering map's precision
and recall on the hand-checked sample (tests/data/renumbering_sample.tsv)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.history import History, Release, build_history, history_of
from kb.history.evaluate import read_sample, score
from kb.history.text import fold, word_diff
from kb.model import RuleKind
from kb.rulenum import Level, RuleNumber
from kb.sources.cr_en import release_files

ROOT = Path(__file__).resolve().parent.parent
CR_EN = ROOT.parent / "shared" / "data" / "cr-en"
SAMPLE = ROOT / "tests" / "data" / "renumbering_sample.tsv"
FRESH = ROOT / "tests" / "data" / "renumbering_fresh.tsv"
UNSEEN = ROOT / "tests" / "data" / "renumbering_unseen.tsv"
RANDOM = ROOT / "tests" / "data" / "renumbering_random.tsv"
needs_cr_en = pytest.mark.skipif(not (CR_EN / "2026-01-16.txt").is_file(),
                                 reason=f"the English CR releases are not in {CR_EN}")

FLOORS = {SAMPLE: (0.99, 0.99), FRESH: (0.99, 0.99), UNSEEN: (0.98, 0.98), RANDOM: (0.98, 0.98)}
"""Precision and recall the map keeps on each sample (a regression guard)."""
GOAL = 0.99


def R(text: str) -> RuleNumber:
    return RuleNumber.parse(text)


def identity(history: History, number: RuleNumber, release: str | None = None) -> int:
    """The identity numbered ``number`` in ``release``; the test fails if there is none."""
    found = history.identity(number, release)
    assert found is not None, f"no {number} in {release or 'the latest release'}"
    return found


# -- small made-up releases -----------------------------------------------------------------


def release(day: int, entries: list[tuple[str, str]]) -> Release:
    """A release from (number, text); a rule whose text has no period is a heading."""
    numbers = tuple(R(n) for n, _ in entries)
    kinds: tuple[RuleKind, ...] = tuple(
        "title" if R(n).level <= Level.CHAPTER or not t.endswith(".") else "text"
        for n, t in entries)
    when = date(2020, 1, 1) + timedelta(days=day)
    return Release(when.isoformat(), when, f"{when}.txt", "en", numbers,
                   tuple(t for _, t in entries), kinds, tuple(() for _ in entries),
                   tuple(range(1, len(entries) + 1)))


KEYWORDS = [
    ("7", "Additional Rules"),
    ("702", "Keyword Abilities"),
    ("702.1", "Flying"),
    ("702.1a", "Flying is an evasion ability that lets a creature fly over ground blockers."),
    ("702.1b", "Multiple instances of flying on the same creature are redundant."),
    ("702.2", "Phasing"),
    ("702.2a", "Phasing is a static ability that changes the rules of the untap step for permanents."),
    ("702.2b", "Phased-out permanents are treated as though they do not exist anywhere."),
    ("702.2c", "Multiple instances of phasing on the same permanent are redundant."),
]


def test_an_insertion_renumbers_what_follows() -> None:
    after = KEYWORDS[:2] + [
        ("702.1", "Deathtouch"),
        ("702.1a", "Deathtouch is a static ability that destroys creatures dealt damage."),
    ] + [(f"702.{int(n[4]) + 1}{n[5:]}", t) for n, t in KEYWORDS[2:]]
    history = history_of([release(0, KEYWORDS), release(1, after)])
    assert history.resolve(R("702.2b"), "2020-01-01") == (R("702.3b"),)
    assert history.resolve(R("702.1"), "2020-01-01") == (R("702.2"),)
    changes = history.changes("2020-01-02")
    assert {str(s.number) for s in changes.added} == {"702.1", "702.1a"}
    assert {(str(s.previous_number), str(s.number)) for s in changes.renumbered} >= {
        ("702.2", "702.3"), ("702.2c", "702.3c")}
    assert not changes.removed and not changes.changed


def test_a_deletion_and_a_rewrite_in_place() -> None:
    after = [e for e in KEYWORDS if e[0] != "702.2b"]
    after = [(n, "Phasing is a static ability that changes the untap step for permanents and their Auras.")
             if n == "702.2a" else (n, t) for n, t in after]
    after = [("702.2b", t) if n == "702.2c" else (n, t) for n, t in after]
    history = history_of([release(0, KEYWORDS), release(1, after)])
    assert history.resolve(R("702.2b"), "2020-01-01") == ()
    assert history.resolve(R("702.2c"), "2020-01-01") == (R("702.2b"),)
    step = {s.number: s for s in history.changes("2020-01-02").changed}[R("702.2a")]
    assert step.change == "changed"
    assert [str(r.number) for r in history.changes("2020-01-02").removed] == ["702.2b"]


def test_a_split_and_a_merge() -> None:
    before = [("1", "Game"), ("100", "General"),
              ("100.1", ("Each player shuffles a deck of sixty cards before the game begins. "
                         "A player with no cards left in the library loses when drawing.")),
              ("100.2", "Players decide who goes first by rolling a die."),
              ("100.3", "The winner of the die roll chooses whether to play first.")]
    after = [("1", "Game"), ("100", "General"),
             ("100.1", "Each player shuffles a deck of sixty cards before the game begins."),
             ("100.2", "A player with no cards left in the library loses when drawing."),
             ("100.3", ("Players decide who goes first by rolling a die, and the winner of "
                        "the die roll chooses whether to play first."))]
    history = history_of([release(0, before), release(1, after)])
    assert set(history.resolve(R("100.1"), "2020-01-01")) == {R("100.1"), R("100.2")}
    assert history.resolve(R("100.2"), "2020-01-01") == (R("100.3"),)
    assert history.resolve(R("100.3"), "2020-01-01") == (R("100.3"),)
    new = {s.number: s for s in history.changes("2020-01-02").added}
    assert new[R("100.2")].split_from == (R("100.1"),)


def test_a_renamed_heading_follows_its_rules() -> None:
    after = [(n, "Winged Flight") if n == "702.1" else (n, t) for n, t in KEYWORDS]
    history = history_of([release(0, KEYWORDS), release(1, after)])
    assert history.resolve(R("702.1"), "2020-01-01") == (R("702.1"),)
    assert history.steps(identity(history, R("702.1")))[-1].change == "changed"


def test_a_new_rule_on_an_old_rules_pattern_is_no_split() -> None:
    """A new keyword written on the pattern of an old one, which keeps its words, is a new
    rule (disguise and morph, Omen and Adventurer cards)."""
    after = [
        *KEYWORDS,
        ("702.3", "Gliding"),
        ("702.3a", "Gliding is an evasion ability that lets a creature glide over ground blockers."),
        ("702.3b", "Multiple instances of gliding on the same creature are redundant."),
    ]
    history = history_of([release(0, KEYWORDS), release(1, after)])
    assert history.resolve(R("702.1a"), "2020-01-01") == (R("702.1a"),)
    assert history.resolve(R("702.1b"), "2020-01-01") == (R("702.1b"),)
    assert {str(s.number) for s in history.changes("2020-01-02").added} == {"702.3", "702.3a", "702.3b"}


def test_gaps_are_aligned_in_order_around_a_moved_sibling() -> None:
    """A sibling moved to the end of its family (502.15c became 702.23k) leaves the gaps
    between the others as they were: a rule rewritten there is still paired, in order, and
    one rule dropped beside it is left without successor."""
    before = [
        ("7", "Additional Rules"), ("702", "Keyword Abilities"), ("702.2", "Phasing"),
        ("702.2a", "Phasing is a static ability that changes the rules of the untap step."),
        ("702.2b", "If a player skips the untap step, the phasing event doesn't occur."),
        ("702.2c", "Phased-out permanents keep their counters and stay tapped or untapped."),
        ("702.2d", "Damage marked on it is removed at that time."),
        ("702.2e", "Auras attached to a phasing permanent phase out indirectly along with it."),
    ]
    after = [
        ("7", "Additional Rules"), ("702", "Keyword Abilities"), ("702.2", "Phasing"),
        ("702.2a", "Phasing is a static ability that changes the rules of the untap step."),
        ("702.2b", "Counters stay on a permanent while it is phased out."),
        ("702.2c", "Auras attached to a phasing permanent phase out indirectly along with it."),
        ("702.2d", "If a player skips the untap step, the phasing event doesn't occur."),
    ]
    history = history_of([release(0, before), release(1, after)])
    assert history.resolve(R("702.2b"), "2020-01-01") == (R("702.2d"),)
    assert history.resolve(R("702.2c"), "2020-01-01") == (R("702.2b"),)
    assert history.resolve(R("702.2d"), "2020-01-01") == ()


def test_a_pointer_takes_in_the_passage_of_the_rule_it_pointed_to() -> None:
    """A section emptied (2004-10-01's 215 Legends): the rule that pointed readers to it
    took in its rule's passage among much else, so the passage is less than half of what
    it gained; the pointer is what says where the deleted rule went."""
    before = [("2", "Card Types"), ("205", "Type Line"), ("205.4", "Supertypes"),
              ("205.4a", "Any land with the supertype basic is a basic land."),
              ("205.4c", ("Any permanent with the supertype legendary is subject to the rules "
                          "for legendary permanents. See rule 215, Legends.")),
              ("215", "Legends"),
              ("215.1", ("Legendary permanents are subject to the legend rule, a state-based "
                         "action that the glossary once listed under another heading."))]
    after = [*before[:4],
             ("205.4c", ("Any permanent with the supertype legendary is subject to the legend "
                         "rule, a state-based action: its controller picks one of two legendary "
                         "permanents with one name and puts the other into its owner's graveyard.")),
             ("215", "Legends: this section is now empty")]
    history = history_of([release(0, before), release(1, after)])
    assert history.resolve(R("215.1"), "2020-01-01") == (R("205.4c"),)
    assert history.resolve(R("205.4a"), "2020-01-01") == (R("205.4a"),)


def test_a_rule_cut_to_a_stub_goes_on_in_the_new_rule_restating_the_rest() -> None:
    """502.63a, the triggered deathtouch, became the stub 702.2a "Deathtouch is a static
    ability." and the state-based destruction of the new 702.2c, in other words; the new
    702.2b on dividing combat damage shares fewer of the words the stub lost."""
    before = [("7", "Additional Rules"), ("702", "Keyword Abilities"), ("702.2", "Deathtouch"),
              ("702.2a", ("Deathtouch is a triggered ability: whenever this permanent deals damage "
                          "to a creature, destroy that creature.")),
              ("702.2b", "If a permanent has multiple instances of deathtouch, each triggers separately.")]
    after = [*before[:3],
             ("702.2a", "Deathtouch is a static ability."),
             ("702.2b", ("A player assigning combat damage from a creature with deathtouch may divide "
                         "it among any number of creatures blocking it.")),
             ("702.2c", ("A creature dealt damage by a source with deathtouch since state-based "
                         "actions were last checked is destroyed as a state-based action.")),
             ("702.2d", "Multiple instances of deathtouch on the same object are redundant.")]
    history = history_of([release(0, before), release(1, after)])
    assert set(history.resolve(R("702.2a"), "2020-01-01")) == {R("702.2a"), R("702.2c")}
    assert history.resolve(R("702.2b"), "2020-01-01") == (R("702.2d"),)


def test_a_deleted_rule_goes_on_where_its_family_alone_restates_it() -> None:
    """2009's rewrite of phasing: 502.15h's remembered counters and past histories are
    restated in 702.23d, the one rule of the new family to say "counters" and "history";
    502.15m's haste shares only "remain" with it, and words every rule of the family says
    ("phase", "permanent") tell nothing."""
    before = [*KEYWORDS[:5], ("702.2", "Phasing"),
              ("702.2a", "Phasing is a static ability that changes the rules of the untap step for permanents."),
              ("702.2b", ("Permanents phasing in or out don't trigger abilities that trigger on "
                          "entering or leaving the battlefield.")),
              ("702.2c", "Phased-out permanents remember their counters and their past histories."),
              ("702.2d", ("A permanent that phases in can attack as though it had haste and remains "
                          "able to until it changes controllers.")),
              ("702.2e", "Multiple instances of phasing on the same permanent are redundant.")]
    after = [*before[:7],
             ("702.2b", ("Permanents phasing in or out don't trigger abilities that trigger on "
                         "entering or leaving the battlefield. Counters remain on a phased-out "
                         "permanent, and effects that check a permanent's history ignore phasing.")),
             before[-1]]
    history = history_of([release(0, before), release(1, after)])
    assert history.resolve(R("702.2c"), "2020-01-01") == (R("702.2b"),)
    assert history.resolve(R("702.2d"), "2020-01-01") == ()
    assert history.resolve(R("702.2b"), "2020-01-01") == (R("702.2b"),)


def test_ordered_pairs_keep_their_order() -> None:
    from kb.history.match import increasing_chain, ordered_pairs

    assert increasing_chain([(0, 0), (1, 4), (2, 1), (3, 2), (4, 5)]) == [(0, 0), (2, 1), (3, 2), (4, 5)]
    assert increasing_chain([]) == []
    # (0, 1) is the best pair alone, but two pairs in order weigh more; (1, 0) would cross.
    weights = [[0.3, 0.5], [0.45, 0.35]]
    assert ordered_pairs(weights, 0.15) == [(0, 0), (1, 1)]
    assert ordered_pairs(weights, 0.4) == [(0, 1)]
    assert ordered_pairs([], 0.1) == []


def test_rules_citing_different_rules_are_not_paired_in_a_gap() -> None:
    """Alike words, but one cites the timestamps rule and the other the leaving-player rule."""
    from kb.history.features import Features
    from kb.history.pairing import Pairing

    old = release(0, [("1", "Game"), ("100", "General"),
                      ("100.1", "Timestamps are kept by permanents that phase in."),
                      ("100.2", "Permanents that phase in keep their timestamps (see rule 100.1)."),
                      ("101", "Other"), ("101.1", "A player who leaves the game is gone.")])
    new = release(1, [("1", "Game"), ("100", "General"),
                      ("100.1", "Timestamps are kept by permanents that phase in."),
                      ("100.2", "Phased-out permanents that phase in leave the game (see rule 101.1)."),
                      ("100.3", "Phased-out permanents that phase in leave the game (see rule 100.1)."),
                      ("101", "Other"), ("101.1", "A player who leaves the game is gone.")])
    p = Pairing(Features.of(old), Features.of(new))
    for k in range(len(old)):
        if k != 3:
            p.pair(k, k if k < 4 else k + 1)
    assert p.cites_apart(3, 3)
    assert not p.cites_apart(3, 4)


def test_a_word_sets_weight_is_the_same_in_any_order() -> None:
    """The measures are sums over word sets, which iterate in the order of the string hash
    (another in each process): summed as floats, the same words gave a share of
    0.9999999999999998 or 1.0000000000000002 under some seeds and 1.0 under others, and
    the short split 212.3d -> 302.4 came and went between runs."""
    from kb.history.features import Features
    from kb.history.pairing import Pairing

    p = Pairing(Features.of(release(0, KEYWORDS)), Features.of(release(1, KEYWORDS)))
    for ws in p.old.words:
        ordered = sorted(ws)
        assert p.mass(ws) == p.mass(ordered) == p.mass(ordered[::-1]) == p.mass(ordered[1:] + ordered[:1])
        assert p.contained(ws, frozenset(ordered[::-1])) == 1.0


def test_a_cached_release_reads_back_with_its_texts_and_numbers_shared(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Releases read back from the build's cache equal those written, share one string per
    distinct text and one number per distinct string across releases, and parse each
    distinct number once."""
    from kb.history.release import Interner, NumberCache

    older = release(0, KEYWORDS)
    newer = release(1, [*KEYWORDS[:3], ("702.1a", KEYWORDS[3][1] + " Like a bird."), *KEYWORDS[4:]])
    newer = dataclasses.replace(newer, examples=tuple(("Example.",) if i == 3 else ()
                                                      for i in range(len(newer))))
    parsed: list[str] = []
    parse = RuleNumber.parse

    def counting(text: str) -> RuleNumber:
        parsed.append(text)
        return parse(text)

    monkeypatch.setattr(RuleNumber, "parse", staticmethod(counting))
    intern, numbers = Interner(), NumberCache()
    back = [Release.from_json(json.loads(json.dumps(r.to_json())), intern, numbers) for r in (older, newer)]
    for read, written in zip(back, (older, newer), strict=True):
        assert [getattr(read, f.name) for f in dataclasses.fields(Release)] == \
            [getattr(written, f.name) for f in dataclasses.fields(Release)]
    assert sorted(parsed) == sorted(n for n, _ in KEYWORDS)  # each once, across both
    assert all(a is b for a, b in zip(back[0].numbers, back[1].numbers, strict=True))
    assert back[0].texts[4] is back[1].texts[4] and back[0].texts[3] != back[1].texts[3]


def test_a_release_kept_against_the_one_before_reads_back_the_same() -> None:
    """The build's cache keeps a release's texts and examples that the release read
    before it also has as their positions there (``Release.to_json(base)``): read back
    with that base it is the same release, with the base's very strings; without it,
    refused rather than read wrong."""
    from kb.history.release import Interner, NumberCache

    older = release(0, KEYWORDS)
    older = dataclasses.replace(older, examples=tuple(("Old example.",) if i == 2 else ()
                                                      for i in range(len(older))))
    # One text changed, one moved (702.1a's text now last), one new; examples kept and new.
    moved = [*KEYWORDS[:3], ("702.1a", "A new text."), *KEYWORDS[4:], ("702.9", KEYWORDS[3][1])]
    newer = release(1, moved)
    newer = dataclasses.replace(newer, examples=tuple(("Old example.",) if i == 2 else ("New.",) if i == 4
                                                      else () for i in range(len(newer))))
    kept = json.loads(json.dumps(newer.to_json(older)))
    assert kept["texts"][3] == "A new text." and kept["texts"][-1] == 3 and kept["texts"][0] == 0
    assert kept["examples"][2] == 2 and kept["examples"][4] == ["New."] and kept["examples"][0] == []
    intern, numbers = Interner(), NumberCache()
    base = Release.from_json(json.loads(json.dumps(older.to_json())), intern, numbers)
    back = Release.from_json(kept, intern, numbers, base)
    assert [getattr(back, f.name) for f in dataclasses.fields(Release)] == \
        [getattr(newer, f.name) for f in dataclasses.fields(Release)]
    assert back.texts[-1] is base.texts[3] and back.examples[2] is base.examples[2]
    with pytest.raises(ValueError, match="kept against another"):
        Release.from_json(kept)


def test_a_release_added_after_the_newest_folds_only_its_own_texts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The build keeps the newest release's texts folded and split (``cr-en-texts``): the
    build that adds a release after it folds only the new release's texts that the one
    before it did not have, aligns as a build without the cache does, and keeps the new
    newest release's entry as a build of all three from nothing keeps it."""
    from kb.build.reuse import Memo
    from kb.history import features
    from kb.history.stage import aligned_history

    one = KEYWORDS
    two = [*KEYWORDS[:4], ("702.1b", "Flying twice on one creature is redundant."), *KEYWORDS[5:]]
    three = [*two[:7], ("702.2c", "Phasing twice on one permanent is redundant.")]
    releases = [release(0, one), release(1, two), release(2, three)]
    keys = ["one", "two", "three"]
    pairs, texts = Memo(None, "pairs"), Memo(None, "texts")
    aligned_history(releases[:2], keys[:2], pairs, texts)
    assert list(texts.used) == ["two"]

    folded: list[str] = []

    def counted(text: str) -> str:
        folded.append(text)
        return fold(text)

    monkeypatch.setattr(features, "fold", counted)
    again_pairs, again_texts = Memo(None, "pairs"), Memo(None, "texts")
    again_pairs.previous, again_texts.previous = dict(pairs.used), dict(texts.used)
    history = aligned_history(releases, keys, again_pairs, again_texts)
    assert folded == ["Phasing twice on one permanent is redundant."]
    monkeypatch.setattr(features, "fold", fold)
    whole = aligned_history(releases, keys, None)
    assert [a.forward for a in history.alignments] == [a.forward for a in whole.alignments]
    assert [a.links for a in history.alignments] == [a.links for a in whole.alignments]
    assert history.ids == whole.ids
    fresh = Memo(None, "texts")
    aligned_history(releases, keys, Memo(None, "pairs"), fresh)
    assert again_texts.used == fresh.used and list(fresh.used) == ["three"]


def test_maps_compose_both_ways() -> None:
    one = KEYWORDS
    two = KEYWORDS[:2] + [("702.1", "Banding"), ("702.1a", "Banding is a static ability.")] + \
        [(f"702.{int(n[4]) + 1}{n[5:]}", t) for n, t in KEYWORDS[2:]]
    three = two[:2] + [(f"702.{int(n[4]) + 1}{n[5:]}", t) for n, t in two[2:]]
    history = history_of([release(0, one), release(1, two), release(2, three)])
    assert history.resolve(R("702.2a"), "2020-01-01", "2020-01-03") == (R("702.4a"),)
    assert history.resolve(R("702.4a"), "2020-01-03", "2020-01-01") == (R("702.2a"),)
    assert history.mapping("2020-01-03", "2020-01-01")[R("702.2")] == ()
    born = identity(history, R("702.4"))
    assert [str(s.number) for s in history.steps(born)] == ["702.2", "702.3", "702.4"]
    assert history.name(born) == "2020-01-01/702.2"


def test_typography_is_no_change() -> None:
    assert fold("A player can’t do it — ever.") == fold("A player can't do it -- ever.")
    assert fold("_Magic: The Gathering_(TM) cards") == fold("Magic: The Gathering™ cards")
    assert fold("can?t") == fold("can’t")
    assert fold("can’t") != fold("can")


@given(st.text(alphabet="ab .\n", max_size=40), st.text(alphabet="ab .\n", max_size=40))
def test_word_diff_rebuilds_both_texts(old: str, new: str) -> None:
    runs = word_diff(old, new)
    assert "".join(t for op, t in runs if op != "+") == old
    assert "".join(t for op, t in runs if op != "-") == new


# -- the real releases ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def history(english_full_build: Path, tmp_path_factory: pytest.TempPathFactory) -> History:
    """The 110 releases aligned as ``kb build`` aligned them, read back through the build's
    stages from that build's caches (aligning them again would cost half a minute); the
    same as :func:`build_history`'s, which the first test compares on the newest releases."""
    from kb.build.reuse import Reuse
    from kb.build.state import BuildOptions, BuildState
    from kb.history.stage import align_history, read_english

    work = tmp_path_factory.mktemp("history")
    state = BuildState(BuildOptions(corpus=work, cr_en=[CR_EN], out=work / "_build"), work,
                       reuse=Reuse(english_full_build, work))
    read_english(state)
    align_history(state)
    assert state.history is not None
    return state.history


@needs_cr_en
def test_the_build_aligns_as_build_history_does(history: History) -> None:
    newest = release_files(CR_EN)[-12:]
    fresh = build_history(newest)
    tail = history.releases[-12:]
    assert [r.version for r in fresh.releases] == [r.version for r in tail]
    for number in ("702.26", "722", "702.37", "613.8", "100.1"):
        assert numbers_of(fresh, number) == {k: v for k, v in numbers_of(history, number).items()
                                             if k >= tail[0].version}


def numbers_of(history: History, number: str, release: str | None = None) -> dict[str, str]:
    identity = history.identity(R(number), release)
    assert identity is not None
    return {step.release: str(step.number) for step in history.steps(identity)}


_ALIGN_ONE_PAIR = """
import json, sys
from kb.history import build_history
from kb.rulenum import RuleNumber
history = build_history(sys.argv[1:3])
alignment = history.alignments[0]
split = history.resolve(RuleNumber.parse("212.3d"), "2009-05-01", "2009-07-11")
print(json.dumps([alignment.forward, alignment.links, sorted(map(str, split))]))
"""


@needs_cr_en
def test_the_alignment_does_not_depend_on_the_hash_seed() -> None:
    """The 2009 rewrite aligned in processes with different string hashes: the same
    alignment each time, with 212.3d's short split into 302.4.  Under seeds 17 and 18 the
    float sums of word weights over sets once dropped that split (a CI run's flake)."""
    found = []
    for seed in ("11", "17", "18"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", _ALIGN_ONE_PAIR, str(CR_EN / "2009-05-01.txt"),
                              str(CR_EN / "2009-07-11.txt")], env=env, capture_output=True,
                             text=True, check=True, cwd=ROOT)
        found.append(json.loads(run.stdout))
    assert found[0][2] == ["302.4", "302.4a", "302.4b", "302.4c"]
    assert found[1] == found[0] and found[2] == found[0]


@needs_cr_en
def test_the_renumberings_the_issue_names(history: History) -> None:
    phasing = numbers_of(history, "702.26")
    assert phasing["2009-05-01"] == "502.15"
    assert phasing["2009-07-11"] == "702.23"
    assert phasing["2003-03-15"] == "502.15" and phasing["2026-01-16"] == "702.26"
    controlling = numbers_of(history, "722")
    assert controlling["2023-11-17"] == "719"
    assert controlling["2026-01-16"] == "722"
    morph = numbers_of(history, "702.37")
    assert morph["2009-07-11"] == "702.34"
    assert {morph[r.version] for r in history.releases
            if "2017-01-01" <= r.version < "2021-04-01"} == {"702.36"}
    assert morph["2026-01-16"] == "702.37"


@needs_cr_en
def test_japanese_versions_attach_to_their_english_release(history: History) -> None:
    assert history.release_index("20231117.0") == history.release_index("2023-11-17")
    assert history.release_index("20260116.0") == len(history.releases) - 1
    assert history.identity(R("719.3"), "20231117.0") == history.identity(R("722.3"), "20260116.0")
    assert history.resolve(R("719.3"), "20231117.0") == (R("722.3"),)
    assert history.resolve(R("722"), "2026-01-16", "2023-11-17") == (R("719"),)
    with pytest.raises(KeyError):
        history.release_index("20230101.0")


@needs_cr_en
def test_history_steps_say_what_changed(history: History) -> None:
    steps = {s.release: s for s in history.steps(identity(history, R("702.26")))}
    assert steps["2003-03-15"].change == "added"
    assert steps["2009-07-11"].change == "renumbered"
    assert steps["2009-07-11"].previous_number == R("502.15")
    assert steps["2009-05-01"].change == "unchanged"
    # 2008-05-01 printed every quote as "?": that is no change to the rules
    first = {s.release: s for s in history.steps(identity(history, R("101.1"), "2008-02-01"))}
    assert first["2008-05-01"].change == "unchanged"


@needs_cr_en
def test_one_release_page_worth_of_changes(history: History) -> None:
    changes = history.changes("2026-01-16")
    assert changes.previous == "2025-11-14"
    renumbered = {(str(s.previous_number), str(s.number)) for s in changes.renumbered}
    assert ("702.124m", "702.124k") in renumbered
    assert "701.68" in {str(s.number) for s in changes.added}
    merged = {str(r.number): [str(n) for n in r.merged_into] for r in changes.removed}
    assert merged.get("702.124k") == ["702.124i"]


@needs_cr_en
def test_the_sample_is_what_the_issue_asks_for() -> None:
    sample = read_sample(SAMPLE)
    pairs = sum(len(rule.expected) for rule in sample)
    assert pairs >= 150
    spans = {(rule.release_from, rule.release_to) for rule in sample}
    assert ("2009-05-01", "2009-07-11") in spans
    assert ("2023-11-17", "2026-01-16") in spans
    kinds = {"-" in rule.expected for rule in sample} | {rule.number_from == "-" for rule in sample}
    assert kinds == {True, False}  # deletions and additions are sampled too
    assert any(len(rule.expected) > 1 for rule in sample)  # splits and merges
    fresh = read_sample(FRESH)
    assert sum(len(rule.expected) for rule in fresh) >= 50
    assert not {(r.release_from, r.number_from, r.release_to) for r in fresh if r.number_from != "-"} \
        & {(r.release_from, r.number_from, r.release_to) for r in sample}  # no rule sampled twice
    assert ("2009-05-01", "2009-07-11") in {(rule.release_from, rule.release_to) for rule in fresh}
    unseen = read_sample(UNSEEN)
    assert sum(len(rule.expected) for rule in unseen) >= 40
    earlier = {(r.release_from, r.release_to) for r in sample + fresh}
    assert not {(r.release_from, r.release_to) for r in unseen} & earlier  # other release pairs
    drawn = read_sample(RANDOM)
    assert sum(len(rule.expected) for rule in drawn) >= 60
    assert not {(r.release_from, r.number_from) for r in drawn if r.number_from != "-"} \
        & {(r.release_from, r.number_from) for r in sample + fresh + unseen}  # rules not sampled before


@needs_cr_en
@pytest.mark.parametrize("path", [SAMPLE, FRESH, UNSEEN, RANDOM],
                         ids=["first sample", "fresh pairs", "unseen", "random"])
def test_renumbering_map_on_the_hand_checked_samples(history: History, path: Path) -> None:
    result = score(history, read_sample(path))
    assert not [e for e in result.errors if "is not in" in e]
    precision, recall = FLOORS[path]
    assert result.precision >= precision, result.errors
    assert result.recall >= recall, result.errors


@needs_cr_en
def test_renumbering_map_reaches_the_goal(history: History) -> None:
    result = score(history, read_sample(SAMPLE) + read_sample(FRESH))
    assert result.precision >= GOAL and result.recall >= GOAL
