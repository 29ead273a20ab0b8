"""What the rendered-text reader (:mod:`kb.sources.wiki`) needs to know about the lines of
a real export, as tables and small predicates: page furniture with the reason it is
dropped, revision headers, card boxes, Markdown-like tables, diff rows, and file names
that carry a revision's date.
"""

from __future__ import annotations

import re
from pathlib import Path

from kb.model import RevisionInfo

# Page furniture, each with the reason it is dropped.
NOISE = (
    (re.compile(r"^提供\s*[：:]\s*MTG Wiki$"), "site credit"),
    (re.compile(r"^出典: .*MTG Wiki"), "site credit"),
    (re.compile(r"^移動: ?案内, ?検索$"), "navigation links"),
    (re.compile(r"^(?:案内|検索)に移動$"), "navigation links"),
    (re.compile(r"^目次(?:\s*\[(?:非表示|表示)\])?(?: |\||$)"), "table of contents"),
    (re.compile(r"^\(差分\)|^← 古い版|^\(最新版との差分\)|^← 古い編集$|^新しい編集 →$"), "revision navigation"),
    (re.compile(r"^QR Code\.gif$|^MOBILE$|^PC版$|^モバイル版$"), "footer"),
    (re.compile(r"^このページの最終更新日時は|^最終更新\s|^このページは\s*[\d,]+\s*回アクセス"), "footer"),
    (re.compile(r"^(?:プライバシー・ポリシー|MTG ?Wikiについて|免責事項)(?:\s*[|｜]\s*.*)?$"), "footer"),
    (re.compile(r"^__[A-Z]+__$"), "wikitext switch"),
)
NAVIGATION_RE = NOISE[2][0]
FOOTER_RE = NOISE[6][0]

REVISION_RE = re.compile(
    r"^.{0,20}?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日\s*(?:[(（][^)）]{1,3}[)）])?\s*"
    r"(?P<H>\d{1,2})[:：](?P<M>\d{2})\s*時点における.{0,80}版")
CATEGORIES_RE = re.compile(r"^(?:カテゴリ|カテゴリー|Categories|Category)\s*[：:]\s*(?P<names>.+)$")
RETRIEVED_FROM_RE = re.compile(r"^(?:「|\")(?P<url>https?://[^\s」\"]+)(?:」|\")\s*(?:から取得|より取得)")
DIFF_TITLE_RE = re.compile(r"^「(?P<title>.+)」の版間の差分$")
DIFF_LINE_NUMBERS_RE = re.compile(r"^\d+\s*行目\s*[:：]\s+\d+\s*行目\s*[:：]$")
_DIFF_MARKERS = {"−": "old", "-": "old", "+": "new", "": "both"}

TABLE_RULE_RE = re.compile(r"^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$")
LEAKED_WIKITEXT_RE = re.compile(r"\[\[(?!\[)|'''|\{\{\s*#?(?:cr|card)\s*[:|]|__[A-Z]+__|^={2,6}[^=]",
                                re.IGNORECASE)

# Card boxes: a P/T ("4/4", "*/1+*", "X/X"), a type line, a line of keywords.
_PT = r"[+\-]?[0-9XY*]{1,3}(?:[+\-][0-9XY*]{1,2})?"
PT_RE = re.compile(rf"^{_PT}/{_PT}$")
GLUED_PT_RE = re.compile(rf"^(?P<pt>{_PT}/{_PT})(?P<rest>(?:[A-Z]|目次).*)$")
SUPERTYPES = ("伝説の", "基本", "氷雪", "ワールド", "持続", "伝説")
CARD_TYPES = frozenset({
    "アーティファクト", "クリーチャー", "エンチャント", "インスタント", "ソーサリー", "土地",
    "プレインズウォーカー", "バトル", "部族", "キンドレッド", "次元", "現象", "策略", "計略",
    "ヴァンガード", "ダンジョン", "英雄", "トークン",
})
KEYWORDS = frozenset({
    "飛行", "先制攻撃", "二段攻撃", "接死", "速攻", "呪禁", "破壊不能", "絆魂", "威迫", "到達",
    "警戒", "トランプル", "防衛", "瞬速", "護法", "被覆", "畏怖", "恐怖", "側面攻撃", "果敢",
    "フェイジング", "変異", "大変異", "偽装", "装備", "占術", "バンド", "ランページ", "消散",
    "累加アップキープ", "エコー", "サイクリング", "フラッシュバック", "狂気", "キッカー", "刹那",
    "待機", "続唱", "感染", "萎縮", "不死", "頑強", "蘇生", "奇跡", "授与", "予見", "疾駆",
    "昂揚", "探査", "召集", "突撃", "搭乗", "製造", "即席", "宝物", "誘発", "伝説",
})
_KEYWORD_SPLIT_RE = re.compile(r"[、,，\s]+")
_KEYWORD_COST_RE = re.compile(r"(?:[(（{][^)）}]{1,4}[)）}])+$|\s*\d+$|[―—ー-]?\s*[(（{].*$")
_LANDWALK_RE = re.compile(r"^.{1,6}渡り$")
CARD_NAME_LINE_RE = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9 ,'’\-]*\s*[/／]\s*[^/／A-Za-z]+|[^/／A-Za-z]+[/／]\s*[A-Za-z][A-Za-z0-9 ,'’\-]*)"
    r"(?:\s*(?:[(（{][^)）}]{1,4}[)）}])+)?$")

INFOBOX_KEYS = ("種別", "登場セット", "CR", "英語名", "読み", "初出", "登場", "略称", "効果",
                "能力語", "タイプ", "キーワード", "イラスト", "アーティスト", "稀少度", "マナ・コスト")


def noise_reason(text: str) -> str | None:
    for pattern, reason in NOISE:
        if pattern.match(text):
            return reason
    return None


def is_toc_bar(text: str) -> bool:
    """``目次 |`` and ``目次[非表示] |``: the reader-mode skin's contents bar."""
    return bool(re.match(r"^目次(?:\s*\[(?:非表示|表示)\])?\s*\|", text))


def table_cells(text: str) -> list[str] | None:
    """The cells of a Markdown-like table row (``種別 | 常在型能力 |``), or None."""
    if "|" not in text or "\t" in text or "{{" in text or "[[" in text:
        return None
    cells = [c.strip() for c in text.strip().strip("|").split("|")]
    if text.count("|") < 2 and not text.rstrip().endswith("|"):
        return None
    return cells


def is_table_row(text: str) -> bool:
    return bool(TABLE_RULE_RE.match(text)) or (table_cells(text) is not None)


def is_title_like(text: str, limit: int) -> bool:
    return (0 < len(text) <= limit and not text.endswith("。") and "\t" not in text
            and not is_table_row(text) and any(ch.isalnum() for ch in text))


def is_type_line(text: str) -> bool:
    """``クリーチャー — フェアリー``, ``伝説のエンチャント``, ``インスタント``."""
    head = re.split(r"\s*[—―–]\s*", text, maxsplit=1)[0].strip()
    words = [w for w in re.split(r"[\s・]+", head) if w]
    if not words or len(head) > 30:
        return False
    for word in words:
        for supertype in SUPERTYPES:
            if word.startswith(supertype) and word != supertype:
                word = word[len(supertype):]
                break
        if word not in CARD_TYPES and word not in SUPERTYPES:
            return False
    return True


def is_keyword_line(text: str) -> bool:
    """``飛行``, ``飛行、速攻``, ``変異(3)(緑)``, ``森渡り``."""
    words = [w for w in _KEYWORD_SPLIT_RE.split(text) if w]
    if not words or len(words) > 6:
        return False
    for word in words:
        bare = _KEYWORD_COST_RE.sub("", word) or word
        if bare not in KEYWORDS and not _LANDWALK_RE.match(bare):
            return False
    return True


def can_be_heading(text: str) -> bool:
    """Card box lines, table rows and leftovers of markup are never headings."""
    if PT_RE.match(text) or is_type_line(text) or is_keyword_line(text):
        return False
    if CARD_NAME_LINE_RE.match(text) and re.search(r"[A-Za-z]", text) and re.search(r"[^\x00-\x7f]", text):
        return False
    if "|" in text or "{{" in text or "}}" in text or "[[" in text or "]]" in text:
        return False
    return any(ch.isalpha() for ch in text)


def revision_timestamp(match: re.Match[str]) -> str:
    y, m, d, hour, minute = (int(match.group(k)) for k in ("y", "m", "d", "H", "M"))
    return f"{y:04d}-{m:02d}-{d:02d}T{hour:02d}:{minute:02d}"


_NAME_DATE_RE = re.compile(
    r"(?:^|[@_\s(（.])(?P<y>(?:19|20)\d{2})-?(?P<m>[01]\d)-?(?P<d>[0-3]\d)"
    r"(?:[T_\s-]?(?P<H>[0-2]\d)[:\-]?(?P<M>[0-5]\d))?[)）]?$")
_NAME_OLDID_RE = re.compile(r"(?:oldid|rev|版)[=_\-]?(?P<id>\d{1,12})", re.IGNORECASE)


def revision_from_name(path: str) -> RevisionInfo:
    """A date or revision id in the file name (``変異@2012-01-01.txt``, ``変異_oldid=123.txt``)."""
    stem = Path(path).stem
    date = _NAME_DATE_RE.search(stem)
    oldid = _NAME_OLDID_RE.search(stem)
    if not date and not oldid:
        return RevisionInfo()
    timestamp = None
    if date:
        timestamp = f"{date.group('y')}-{date.group('m')}-{date.group('d')}"
        if date.group("H"):
            timestamp += f"T{date.group('H')}:{date.group('M')}"
    return RevisionInfo(int(oldid.group("id")) if oldid else None, timestamp, "file name")


def diff_row_text(line: str) -> tuple[str | None, str]:
    """The newer column of a diff table row (cells split by tabs), or None and why not.

    A row is ``marker, old text, marker, new text``; a line kept by both revisions has
    blank markers, a removed one an empty new side, an added one an empty old side.
    """
    if DIFF_LINE_NUMBERS_RE.match(line.strip()):
        return None, "diff: line numbers"
    cells = line.split("\t")
    if len(cells) >= 4:
        new_marker, new = cells[-2].strip(), cells[-1]
        if new_marker in ("+", "") and new.strip():
            return new, ""
        return None, "diff: a line of the older revision"
    if len(cells) >= 2:
        marker, text = cells[0].strip(), "\t".join(cells[1:])
        if _DIFF_MARKERS.get(marker) in ("new", "both") and text.strip():
            return text, ""
        return None, "diff: a line of the older revision"
    return line, ""


_EDIT_MARK_RE = re.compile(r"^\[編集\]\s*|\s*\[編集\]$")


def noise_free_heading(text: str) -> str:
    """A heading without the ``[編集]`` link the desktop skin puts before or after it."""
    return _EDIT_MARK_RE.sub("", text).strip()
