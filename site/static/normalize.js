// Ports of kb.normalize (fold, apply_variants) and of the query side of kb.rulenum
// (find_numbers_loose), so the browser search normalises exactly as the Python index.
// tests/fixtures/normalize_vectors.tsv and rule_query_vectors.tsv are run against both.
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});

  const DOTS_RE = /[・･]/g;
  const JAPANESE_SPACE_RE = /(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])/gu;

  // kb.normalize.fold: NFKC, lower case, no middle dots, no spaces next to Japanese.
  kb.fold = function (text) {
    text = text.normalize("NFKC").toLowerCase().replace(DOTS_RE, "");
    return text.replace(JAPANESE_SPACE_RE, "").replace(/\s+/g, " ").trim();
  };

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  const variantPatterns = new WeakMap();
  function variantPattern(variants) {
    let pattern = variantPatterns.get(variants);
    if (pattern === undefined) {
      const keys = Object.keys(variants).sort(function (a, b) { return b.length - a.length; });
      pattern = keys.length ? new RegExp(keys.map(escapeRegExp).join("|"), "g") : null;
      variantPatterns.set(variants, pattern);
    }
    return pattern;
  }

  // kb.normalize.apply_variants: longest variant first, each replaced by its canonical form.
  kb.applyVariants = function (folded, variants) {
    const pattern = variantPattern(variants);
    return pattern ? folded.replace(pattern, function (m) { return variants[m]; }) : folded;
  };

  // kb.normalize.katakana_skeleton: a katakana spelling without the parts that vary
  // (long vowels, small kana, ッ, イ/ウ lengthening, ヴ, the liaison ンナ for ンア).
  const SMALL = { "ァ": "ア", "ィ": "イ", "ゥ": "ウ", "ェ": "エ", "ォ": "オ", "ャ": "ヤ", "ュ": "ユ",
    "ョ": "ヨ", "ヮ": "ワ", "ヵ": "カ", "ヶ": "ケ" };
  const VU = { "ヴァ": "バ", "ヴィ": "ビ", "ヴェ": "ベ", "ヴォ": "ボ", "ヴ": "ブ" };
  const E_ROW = "エケセテネヘメレゲゼデベペ";
  const O_ROW = "オコソトノホモヨロゴゾドボポ";
  const LINKED_N = { "ナ": "ア", "ニ": "イ", "ヌ": "ウ", "ネ": "エ", "ノ": "オ" };
  kb.katakanaSkeleton = function (word) {
    let text = kb.fold(word).replace(/ヴ[ァィェォ]?/g, function (m) { return VU[m]; });
    text = text.replace(/ヅ/g, "ズ").replace(/ヂ/g, "ジ").replace(/[ッー]/g, "")
      .replace(/[ァィゥェォャュョヮヵヶ]/g, function (m) { return SMALL[m]; });
    const out = [];
    for (let char of text) {
      const previous = out.length ? out[out.length - 1] : "";
      if ((char === "イ" && previous && E_ROW.includes(previous)) ||
          (char === "ウ" && previous && O_ROW.includes(previous))) continue;
      if (previous === "ン" && LINKED_N[char]) char = LINKED_N[char];
      out.push(char);
    }
    return out.join("");
  };

  // fold + variants, keeping for each output character the span of the input it came
  // from, so a match in folded text can be highlighted in the original.
  kb.foldWithMap = function (text, variants) {
    const chars = [];   // [character, start, end] after per-cluster folding
    const clusters = text.match(/[\s\S][\u0300-\u036f\u3099\u309a\uff9e\uff9f]*/gu) || [];
    let offset = 0;
    for (const cluster of clusters) {
      const piece = cluster.normalize("NFKC").toLowerCase().replace(DOTS_RE, "");
      for (const ch of piece) chars.push([ch, offset, offset + cluster.length]);
      offset += cluster.length;
    }
    const out = [];
    const isSpace = function (c) { return /\s/u.test(c); };
    const isJapanese = function (c) { return c !== undefined && /[^\x00-\x7f]/u.test(c); };
    for (let i = 0; i < chars.length;) {
      if (!isSpace(chars[i][0])) { out.push(chars[i]); i += 1; continue; }
      let j = i;
      while (j < chars.length && isSpace(chars[j][0])) j += 1;
      const before = i > 0 ? chars[i - 1][0] : undefined;
      const after = j < chars.length ? chars[j][0] : undefined;
      if (!isJapanese(before) && !isJapanese(after) && before !== undefined && after !== undefined) {
        out.push([" ", chars[i][1], chars[j - 1][2]]);
      }
      i = j;
    }
    let folded = out.map(function (c) { return c[0]; }).join("");
    let spans = out.map(function (c) { return [c[1], c[2]]; });
    const pattern = variantPattern(variants || {});
    if (pattern) {
      const mapped = [];
      let result = "";
      let last = 0;
      folded.replace(pattern, function (match, index) {
        for (let k = last; k < index; k++) mapped.push(spans[k]);
        result += folded.slice(last, index);
        const replacement = variants[match];
        const span = [spans[index][0], spans[index + match.length - 1][1]];
        for (let k = 0; k < replacement.length; k++) mapped.push(span);
        result += replacement;
        last = index + match.length;
        return match;
      });
      for (let k = last; k < folded.length; k++) mapped.push(spans[k]);
      folded = result + folded.slice(last);
      spans = mapped;
    }
    return { folded: folded, spans: spans };
  };

  // -- rule numbers in queries (kb.rulenum.find_numbers_loose) ----------------------------

  const LETTERS = "abcdefghijkmnpqrstuvwxyz";

  // kb.rulenum.fold_width: full-width ASCII to ASCII, one character for one.
  kb.foldWidth = function (text) {
    return text.replace(/[\uff01-\uff5e\u3000]/g, function (c) {
      return c === "\u3000" ? " " : String.fromCharCode(c.charCodeAt(0) - 0xfee0);
    });
  };

  const PARSE_RE = /^(?:(?:[cC][rR]|[rR][uU][lL][eE])\s*[:：|]?\s*)?(\d{1,3})(?:\.(\d{1,3})([a-zA-Z])?)?\.?$/;

  // RuleNumber.parse: {text, level} or null.  Levels: 0 section, 1 chapter, 2 rule, 3 subrule.
  kb.parseRuleNumber = function (text) {
    const match = PARSE_RE.exec(kb.foldWidth(text).trim());
    if (!match) return null;
    const head = match[1];
    const rule = match[2];
    const letter = match[3] ? match[3].toLowerCase() : null;
    if (head.length === 1 && rule === undefined) return { text: head, level: 0 };
    if (head.length !== 3 || Number(head) < 100) return null;
    if (letter !== null && !LETTERS.includes(letter)) return null;
    if (rule === undefined) return { text: head, level: 1 };
    const number = head + "." + Number(rule) + (letter || "");
    return { text: number, level: letter ? 3 : 2 };
  };

  const CANDIDATE_RE = new RegExp(
    "(?:(?<prefix>(?<![A-Za-z])(?:[rR][uU][lL][eE][sS]?|[cC][rR])[ \\t]*[:：|]?[ \\t]*|#[cC][rR][:：][ \\t]*)" +
    "|(?<![0-9A-Za-z.,+\\-/_^]))" +
    "(?<num>\\d{1,3}(?:\\.\\d{1,3}[a-z]?)?)" +
    "(?![0-9]|\\.[0-9]|[A-Za-z])", "g");
  const TITLE_RE = /^[ \t]*〔([^〔〕\n]{1,80})〕/;
  const SEE_RE = /^\.?[ \t]*(?:を)?参照/;
  const LIST_RE = /^[ \t]*[,、][ \t]*(\d{3}\.\d{1,3}[a-z]?)(?![0-9]|\.[0-9]|[A-Za-z])/;
  const RANGE_RE = /^[ \t]*[-–－～〜~][ \t]*(?:[rR][uU][lL][eE][ \t]*)?(?:(\d{3}\.\d{1,3}[a-z]?)|([a-z])|(\d{1,3}))(?![0-9]|\.[0-9]|[A-Za-z])/;

  function rangeEnd(text, end, first) {
    const match = RANGE_RE.exec(text.slice(end));
    if (!match) return end;
    let last = null;
    if (match[1]) last = kb.parseRuleNumber(match[1]);
    else if (match[2] && first.level === 3) last = kb.parseRuleNumber(first.text.slice(0, -1) + match[2]);
    else if (match[3] && first.level === 2) last = kb.parseRuleNumber(first.text.split(".")[0] + "." + match[3]);
    if (!last || !siblingsInOrder(first, last)) return end;
    return end + match[0].length;
  }

  function parentOf(number) {
    if (number.level === 3) return number.text.slice(0, -1);
    if (number.level === 2) return number.text.split(".")[0];
    if (number.level === 1) return number.text[0];
    return "";
  }

  function sortKey(number) {
    const t = number.text;
    return [
      Number(t[0]),
      number.level >= 1 ? Number(t.slice(0, 3)) : -1,
      number.level >= 2 ? parseInt(t.split(".")[1], 10) : -1,
      number.level === 3 ? LETTERS.indexOf(t.slice(-1)) : -1,
    ];
  }

  function siblingsInOrder(first, last) {
    if (first.level !== last.level || parentOf(first) !== parentOf(last)) return false;
    const a = sortKey(first);
    const b = sortKey(last);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) {
      if (b[i] < a[i]) return false;
      const span = b[i] - a[i];
      return first.level === 3 || first.level === 0 || span < 60;
    }
    return true;
  }

  // kb.rulenum.find_references, reduced to spans: one {start, end, number} per number as
  // written (a range is one span, named by its first number), in order.
  kb.findReferenceSpans = function (text) {
    text = kb.foldWidth(text);
    const found = [];
    CANDIDATE_RE.lastIndex = 0;
    let match;
    while ((match = CANDIDATE_RE.exec(text)) !== null) {
      const number = kb.parseRuleNumber(match.groups.num);
      if (!number) continue;
      const prefixed = match.groups.prefix !== undefined;
      const start = match.index + (prefixed ? match.groups.prefix.length : 0);
      let end = rangeEnd(text, start + match.groups.num.length, number);
      const spans = [{ start: start, end: end, number: number.text }];
      let item;
      while ((item = LIST_RE.exec(text.slice(end))) !== null) {
        const listed = kb.parseRuleNumber(item[1]);
        if (!listed) break;
        const itemStart = end + item[0].length - item[1].length;
        end = rangeEnd(text, end + item[0].length, listed);
        spans.push({ start: itemStart, end: end, number: listed.text });
      }
      const title = TITLE_RE.exec(text.slice(end));
      if (title) end += title[0].length;
      const see = SEE_RE.exec(text.slice(end));
      if (!prefixed && !title && !see && number.level < 2) continue;
      if (number.level === 0 && !(prefixed || title)) continue;
      if (see) end += see[0].length;
      CANDIDATE_RE.lastIndex = Math.max(CANDIDATE_RE.lastIndex, end);
      for (const span of spans) found.push(span);
    }
    return found;
  };

  function referenceNumbers(text) {
    return kb.findReferenceSpans(text).map(function (span) { return span.number; });
  }

  // kb.rulenum.find_query_numbers: a number as people type it into a search box (ルール 809,
  // 総合ルール 704.5, 704.5項, r613.7f, 613,7f, 613-7f), as {start, end, number} spans.
  const QUERY_SEPARATORS = ".,\\-ー−‐";
  const QUERY_FORM_RE = new RegExp(
    "(?:(?<prefix>(?:総合)?ルール(?:番号)?|(?<![A-Za-z])(?:[rR][uU][lL][eE][sS]?|[cC][rR]))[ \\t]*[:：|]?[ \\t]*" +
    "|(?<r>(?<![A-Za-z])[rR])[ \\t]?" +
    "|(?<![0-9A-Za-z.,+\\-/_^ー−‐]))" +
    "(?<chapter>[1-9]\\d{2})" +
    "(?:(?<sep>[" + QUERY_SEPARATORS + "])(?<rule>\\d{1,3})(?<letter>[a-zA-Z])?)?" +
    "(?![0-9A-Za-z]|[" + QUERY_SEPARATORS + "][0-9])" +
    "(?<suffix>[ \\t]*項)?", "g");
  const COUNTER_RE = /^[ \t]*[枚体点つ個回人色種年月日本歳%％]/;

  kb.findQueryNumbers = function (text) {
    const folded = kb.foldWidth(text);
    const whole = folded.trim();
    const found = [];
    QUERY_FORM_RE.lastIndex = 0;
    let match;
    while ((match = QUERY_FORM_RE.exec(folded)) !== null) {
      const g = match.groups;
      const end = match.index + match[0].length;
      const prefixed = g.prefix !== undefined || g.r !== undefined;
      const alone = match[0].trim() === whole;
      if (COUNTER_RE.test(folded.slice(end)) && !g.suffix) continue;
      if (g.sep === undefined && !(prefixed || alone)) continue;
      if (g.sep !== undefined && g.sep !== "." && !g.letter && (g.rule.length === 3 || !(prefixed || alone))) continue;
      const number = kb.parseRuleNumber(g.chapter + (g.sep !== undefined ? "." + g.rule + (g.letter || "") : ""));
      if (number) found.push({ start: match.index, end: end, number: number.text });
    }
    return found;
  };

  // kb.rulenum.find_numbers_loose, as spans: references and query forms (where two overlap,
  // the one that starts first, then the longer), or the whole query a number.
  kb.findNumberSpans = function (query) {
    const candidates = kb.findReferenceSpans(query).concat(kb.findQueryNumbers(query));
    candidates.sort(function (a, b) { return a.start - b.start || b.end - a.end; });
    const found = [];
    for (const candidate of candidates) {
      if (!found.length || candidate.start >= found[found.length - 1].end) found.push(candidate);
    }
    if (!found.length) {
      const whole = kb.parseRuleNumber(query);
      if (whole && whole.level >= 1) {
        const start = query.indexOf(query.trim());
        found.push({ start: start, end: start + query.trim().length, number: whole.text });
      }
    }
    return found;
  };

  kb.findNumbersLoose = function (query) {
    return kb.findNumberSpans(query).map(function (span) { return span.number; });
  };
})();
