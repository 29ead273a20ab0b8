// kb site search: character bigrams over folded text, loaded shard by shard as a query
// needs them (see kb/site/search_index.py for the files).  Works from file:// and HTTP.
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});
  const K1 = 1.2;
  const B = 0.75;
  const CANDIDATES = 40;

  let meta = null;
  let separatorRe = null;
  let groupOfChar = null;
  let firstRest = 0;
  // "index/G" (a character group) or "words/N" (a word file) → {p: postings, n: names,
  // a: aliases, e: English names}
  const groups = new Map();
  const wordFiles = [];  // the loaded word files' data
  const loading = new Map();
  const docRows = new Map();  // document number → its row (search/docs/S/K.js)

  // The first search's steps as User Timing marks (kb-search-STEP), for measuring where the
  // time to first results goes (bench/site_network.py --waterfall).
  function step(name) {
    if (!performance.getEntriesByName("kb-search-" + name).length) performance.mark("kb-search-" + name);
  }
  step("script");

  // search.html loads search/meta.js with the page (after this script): a search started
  // before it ran waits for it rather than loading it again.
  const metaWaiters = [];
  let metaTagFailed = false;
  const metaTag = document.getElementById("search-meta");
  if (metaTag) {
    metaTag.addEventListener("error", function () {
      metaTagFailed = true;
      for (const waiter of metaWaiters.splice(0)) waiter[1](new Error("cannot load search/meta.js"));
    });
  }
  kb.searchMeta = function (data) {
    meta = data;
    if (typeof meta.lengths === "string") meta.lengths = kb.readVarints(meta.lengths);
    for (const waiter of metaWaiters.splice(0)) waiter[0]();
  };
  kb.searchIndex = function (n, data) { groups.set("index/" + n, data); };
  kb.searchWords = function (n, data) { groups.set("words/" + n, data); wordFiles.push(data); };
  kb.searchDocs = function (first, rows) { rows.forEach(function (row, i) { docRows.set(first + i, row); }); };

  // kb.site.search_groups: a gram's anchor is its first character, or its second when the
  // first is hiragana; two hiragana have none.  Grouped characters are in meta.groups;
  // a character too heavy for one group is split over several (meta.splitGroups: its first
  // and how many) by the gram's hash; the rest go by hash into meta.restGroups groups.
  function isHiragana(ch) { return ch >= "\u3041" && ch <= "\u309f"; }
  kb.searchGroupOf = function (gram) {
    const chars = Array.from(gram);
    let anchor = null;
    if (chars.length && !isHiragana(chars[0])) anchor = chars[0];
    else if (chars.length > 1 && !isHiragana(chars[1])) anchor = chars[1];
    if (anchor !== null && groupOfChar.has(anchor)) return groupOfChar.get(anchor);
    const split = anchor !== null && Object.prototype.hasOwnProperty.call(meta.splitGroups, anchor) ? meta.splitGroups[anchor] : null;
    if (split) return split[0] + kb.shardOf(gram, split[1]);
    return firstRest + kb.shardOf(anchor !== null ? anchor : gram, meta.restGroups);
  };
  // For the tests: the groups of grams, as kb.site.search_groups.Groups.of files them.
  kb.searchGroups = async function (grams) { await loadMeta(); return grams.map(kb.searchGroupOf); };
  function groupPath(gram) { return "index/" + kb.searchGroupOf(gram); }

  // kb.site.search_words: a word (two or more katakana, or Latin letters and digits) files
  // its grams' complete postings in the word file of its stem (its first meta.wordStem
  // characters, of its spelling skeleton for katakana).
  const WORD_RE = /[\u30a1-\u30fa\u30fc]{2,}|[a-z0-9]{2,}/gu;
  const LEADING_WORD_RE = /^(?:[\u30a1-\u30fa\u30fc]{2,}|[a-z0-9]{2,})/u;
  function wordPath(word) {
    const text = /^[\u30a1-\u30fa\u30fc]/u.test(word) ? kb.katakanaSkeleton(word) : word;
    return "words/" + kb.shardOf(Array.from(text).slice(0, meta.wordStem).join(""), meta.wordFiles);
  }
  function wordGrams(word) {
    const chars = Array.from(word);
    const out = [];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    return out;
  }
  // For the tests: the file of each word, as kb.site.search_words.word_file numbers it.
  kb.searchWordFiles = async function (words) {
    await loadMeta();
    return words.map(function (w) { return Number(wordPath(w).slice(6)); });
  };
  // A name, alias or English name is filed in the word file of the word its key starts
  // with, else under the group of its first two characters.
  function groupOfKey(key) {
    const lead = LEADING_WORD_RE.exec(key);
    return lead ? wordPath(lead[0]) : groupPath(Array.from(key).slice(0, 2).join(""));
  }
  // The files a normalised text's grams are looked for in first: the word files of its
  // words, the groups of its other grams.
  function filesOf(text) {
    const found = [];
    for (const run of runs(text)) {
      const inWords = new Set();
      for (const word of run.match(WORD_RE) || []) {
        found.push(wordPath(word));
        for (const gram of wordGrams(word)) inWords.add(gram);
      }
      for (const gram of gramsOf(run)) if (!inWords.has(gram)) found.push(groupPath(gram));
    }
    return found;
  }
  // Then the group of each gram no loaded word file holds (a word the text does not have).
  async function loadMissing(grams) {
    await loadGroups(grams.filter(function (g) { return !wordFileOf(g); }).map(groupPath));
  }
  // The loaded word file holding a gram's postings, if one does.
  function wordFileOf(gram) {
    return wordFiles.find(function (w) { return Object.prototype.hasOwnProperty.call(w.p, gram); });
  }

  // Load the files of the keys not loaded yet (path(key)), all at once, each once.
  async function loadOnce(keys, loaded, pending, path) {
    const waits = [];
    for (const n of new Set(keys)) {
      if (loaded.has(n)) continue;
      if (!pending.has(n)) pending.set(n, kb.loadScript(path(n)));
      waits.push(pending.get(n));
    }
    await Promise.all(waits);
  }
  // Load the files not loaded yet (search/index/G.js, search/words/N.js), all at once.
  async function loadGroups(paths) {
    await loadOnce(paths, groups, loading, function (n) { return "search/" + n + ".js"; });
  }
  // What is filed under a key (own keys only: a query "constructor" is not Object's).
  function filed(kind, key) {
    const table = (groups.get(groupOfKey(key)) || {})[kind] || {};
    return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
  }

  // kb.search.questions.definition_asked: 「呪禁とは」, 「呪禁って何」, 「呪禁の意味は」.
  const DEFINITION_RE = /(?:とは|って|っては|ってなに|の意味|の定義)(?:なに|何|なん|どういう(?:意味|こと)|どんなもの)?(?:ですか|でしょうか|なの|か|は)?[?？。\s]*$/u;
  kb.definitionAsked = function (folded) {
    const match = DEFINITION_RE.exec(folded);
    if (!match || !folded.slice(0, match.index).trim()) return [folded, false];
    return [folded.slice(0, match.index), true];
  };

  // The documents the query names exactly, with kb search's tiers (filed in search/index/G.js).
  // A name reached through an alias (the whole query is one) ranks meta.aliasTierDrop
  // below the literal one, as in kb search.
  const JAPANESE_SPACE_RE = /[^\u0000-\u007f]\s+[^\u0000-\u007f]/u;
  async function namedDocuments(words, definition, aliases) {
    const key = kb.normaliseForSearch(words).replace(/\s+/gu, "");
    if (!key) return new Map();
    const found = new Map();
    // kb search compares names word by word: a space typed between two Japanese words
    // (宝物 トークン) is no name written as one word (宝物・トークン).
    const keys = JAPANESE_SPACE_RE.test(words.trim()) ? [] : [[key, 0]];
    for (const expansion of aliases) {
      if (expansion.whole) for (const term of expansion.japanese) keys.push([term.replace(/\s+/gu, ""), meta.aliasTierDrop || 0]);
    }
    await loadGroups(keys.map(function (pair) { return groupOfKey(pair[0]); }));
    for (const pair of keys) {
      for (const named of filed("n", pair[0]) || []) {
        // A 「〜とは」 query: the glossary's definition before the rest (kb search's tier 5).
        const tier = (definition && meta.kinds[named[0]] === "2" ? 5 : named[1]) - pair[1];
        if (tier > (found.get(named[0]) || 0)) found.set(named[0], tier);
      }
    }
    return found;
  }

  // kb search's aliases (search/aliases.tsv, by key in the name shards): each run of up to
  // four typed words, and each katakana word by itself and by its spelling skeleton,
  // that is an alias stands for its terms at the alias's weight (ETB → 戦場に出る,
  // クリーンアップ → クリンナップ).  Longest runs first; a word is expanded once.
  const KATAKANA_RE = /[\u30a1-\u30fa\u30fc]{3,}/gu;
  function aliasCandidates(words) {
    const typed = words.split(/\s+/u).map(kb.fold).filter(Boolean);
    const whole = typed.join("");
    const candidates = [];
    for (let length = Math.min(4, typed.length); length >= 1; length--) {
      for (let i = 0; i + length <= typed.length; i++) candidates.push([typed.slice(i, i + length).join(""), i, length]);
    }
    for (let i = 0; i < typed.length; i++) {
      for (const run of typed[i].match(KATAKANA_RE) || []) {
        if (run !== typed[i]) candidates.push([run, i, 0]);
        candidates.push([kb.katakanaSkeleton(run), i, 0, run]);
      }
    }
    return candidates;
  }
  async function aliasExpansions(words) {
    const typed = words.split(/\s+/u).map(kb.fold).filter(Boolean);
    const whole = typed.join("");
    const candidates = aliasCandidates(words);
    await loadGroups(candidates.filter(function (c) { return c[0]; }).map(function (c) { return groupOfKey(c[0]); }));
    const used = new Set();
    const found = [];
    for (const candidate of candidates) {
      const key = candidate[0];
      const span = [];
      for (let i = candidate[1]; i < candidate[1] + Math.max(1, candidate[2]); i++) span.push(i);
      if (!key || span.some(function (i) { return used.has(i); })) continue;
      const literal = candidate[3] || key;
      const normalised = kb.applyVariants(literal, meta.variants);
      // A skeleton names every spelling, the typed one too: only the others are aliases.
      const rows = (filed("a", key) || [])
        .filter(function (r) { return r[0] !== normalised; });
      if (!rows.length) continue;
      if (candidate[2]) for (const i of span) used.add(i);
      found.push({
        english: normalised, japanese: rows.map(function (r) { return r[0]; }),
        weights: rows.map(function (r) { return r[1]; }), whole: literal === whole,
      });
    }
    return found;
  }
  // For the tests: the aliases a query's words stand for.
  kb.searchAliases = async function (words) { await loadMeta(); return aliasExpansions(words); };

  async function loadMeta() {
    if (!meta && metaTag && !metaTagFailed) {
      await new Promise(function (resolve, reject) { metaWaiters.push([resolve, reject]); });
    }
    if (!meta) await kb.loadScript("search/meta.js");
    if (!separatorRe) {
      const chars = Array.from(meta.separators).map(function (c) {
        return /[\]\\^\-[]/.test(c) ? "\\" + c : c;
      }).join("");
      separatorRe = new RegExp("[" + chars + "]+", "u");
      groupOfChar = new Map();
      meta.groups.forEach(function (chars, n) { for (const ch of chars) groupOfChar.set(ch, n); });
      firstRest = meta.groups.length;
      for (const ch of Object.keys(meta.splitGroups)) firstRest += meta.splitGroups[ch][1];
    }
  }

  kb.normaliseForSearch = function (text) {
    return kb.applyVariants(kb.fold(text), meta.variants);
  };

  function runs(normalised) {
    return normalised.split(separatorRe).filter(function (r) { return r.length > 0; });
  }

  // kb.site.search_index.grams
  const LONE_ALNUM_RE = /(?<![a-z0-9])[a-z0-9](?![a-z0-9])/g;
  function gramsOf(run) {
    const chars = Array.from(run);
    if (chars.length === 1) return [run];
    const out = [];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    return out.concat(run.match(LONE_ALNUM_RE) || []);
  }
  // The grams of already normalised text, as kb.site.search_index.grams makes them.
  kb.searchGrams = async function (normalised) {
    await loadMeta();
    return [].concat.apply([], runs(normalised).map(gramsOf));
  };

  // kb.site.search_index.shard_of: FNV-1a over code points.
  kb.shardOf = function (gram, count) {
    let hash = 0x811c9dc5;
    for (const ch of gram) hash = Math.imul(hash ^ ch.codePointAt(0), 0x01000193) >>> 0;
    return hash % count;
  };

  // Where a Latin word starts: an English name the query holds starts there, and is filed
  // by the text from there (groupOfKey).
  function latinStarts(folded) {
    const found = [];
    for (let i = 0; i < folded.length; i++) {
      if (/[a-z0-9]/.test(folded[i]) && (i === 0 || !/[a-z0-9]/.test(folded[i - 1]))) found.push(folded.slice(i));
    }
    return found;
  }

  async function englishExpansions(folded) {
    if (!/[a-z]/.test(folded)) return [];
    const keys = latinStarts(folded).map(groupOfKey);
    await loadGroups(keys);
    const names = new Map();
    for (const n of new Set(keys)) for (const [english, japanese] of Object.entries((groups.get(n) || {}).e || {})) names.set(english, japanese);
    const found = [];
    for (const english of Array.from(names.keys()).sort()) {
      let from = folded.indexOf(english);
      while (from >= 0) {
        const before = from > 0 ? folded[from - 1] : " ";
        const after = folded[from + english.length] || " ";
        if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) {
          found.push({ english: english, japanese: names.get(english) });
          break;
        }
        from = folded.indexOf(english, from + 1);
      }
    }
    // Keep the longest names: "glorious anthem" rather than "anthem" inside it.
    return found.filter(function (a) {
      return !found.some(function (b) { return b !== a && b.english.length > a.english.length && b.english.includes(a.english); });
    });
  }

  // kb.site.search_index.doc_files: the documents in order, in files of each size of
  // meta.docLevels (each divides the next).  For the documents wanted, the files of the
  // sizes that cost least, a request weighed as meta.docRequestBytes and a document by its
  // length: one large file where several sit near each other, a small one for one alone.
  function docFiles(numbers) {
    const levels = meta.docLevels;
    function cover(level, block, inside) {
      const size = levels[level];
      let grams = 0;
      for (let n = block * size; n < Math.min((block + 1) * size, meta.docs); n++) grams += meta.lengths[n];
      const own = { cost: meta.docRequestBytes + meta.docGramBytes * grams, paths: ["docs/" + size + "/" + block] };
      if (level === 0) return own;
      const parts = byBlock(inside, levels[level - 1]);
      let cost = 0;
      const paths = [];
      for (const [child, within] of parts) {
        const found = cover(level - 1, child, within);
        cost += found.cost;
        paths.push(...found.paths);
      }
      return own.cost <= cost ? own : { cost: cost, paths: paths };
    }
    const top = levels.length - 1;
    const paths = [];
    for (const [block, inside] of byBlock(numbers, levels[top])) paths.push(...cover(top, block, inside).paths);
    return paths;
  }
  function byBlock(numbers, size) {
    const found = new Map();
    for (const n of numbers) {
      const block = Math.floor(n / size);
      if (!found.has(block)) found.set(block, []);
      found.get(block).push(n);
    }
    return found;
  }
  // Load the rows of the documents numbered, those not loaded yet.
  async function loadDocs(numbers) {
    const wanted = Array.from(new Set(numbers)).filter(function (n) { return !docRows.has(n); });
    if (wanted.length) await loadGroups(docFiles(wanted));
  }
  // For the tests: the files the rows of these documents are loaded from.
  kb.searchDocFiles = async function (numbers) { await loadMeta(); return docFiles(numbers); };

  // kb.site.search_index.read_varints: numbers in 64 digits, five bits a digit, lowest
  // first; a digit of the upper half (32-63) says another follows.
  const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  const DIGIT_VALUE = new Map(Array.from(DIGITS).map(function (c, i) { return [c, i]; }));
  kb.readVarints = function (text) {
    const numbers = [];
    let value = 0;
    let shift = 0;
    for (let i = 0; i < text.length; i++) {
      const digit = DIGIT_VALUE.get(text[i]);
      value += (digit & 31) * Math.pow(2, shift);
      if (digit >= 32) shift += 5;
      else { numbers.push(value); value = 0; shift = 0; }
    }
    return numbers;
  };
  // kb.site.search_index.encode_postings: each document's gap from the one before, doubled,
  // plus one when a count other than 1 follows.  Read back as [gap, count, …].
  function decodePostings(text) {
    const numbers = kb.readVarints(text);
    const flat = [];
    for (let i = 0; i < numbers.length; i++) {
      flat.push(Math.floor(numbers[i] / 2));
      flat.push(numbers[i] % 2 ? numbers[++i] : 1);
    }
    return flat;
  }
  // The postings of a gram (search/index/G.js, loaded), read once.
  function postingsOf(gram) {
    const own = wordFileOf(gram);
    const table = own ? own.p : (groups.get(groupPath(gram)) || {}).p || {};
    if (!Object.prototype.hasOwnProperty.call(table, gram)) return undefined;
    if (typeof table[gram] === "string") table[gram] = decodePostings(table[gram]);
    return table[gram];
  }

  // kb.site.search_index.doc_row: a rule's title and citation are stored without the
  // number they start with, its path empty when it is the rule's own page.
  function docRow(id) {
    const row = docRows.get(id);
    if (!row[0].startsWith("rule:")) return row;
    const number = row[0].slice(5);
    return [row[0], number + row[1], row[2] || "rules/" + number + ".html", number + row[3], row[4]];
  }

  // Terms for re-ranking: each is a list of alternatives (a run, or an English name and
  // its Japanese names); a document gains for each term it contains whole.
  function queryTerms(parts, expansions) {
    const terms = [].concat.apply([], parts.map(runs)).filter(function (r) { return Array.from(r).length >= 2; })
      .map(function (r) { return [r]; });
    for (const expansion of expansions) {
      const alternatives = [expansion.english].concat(expansion.japanese.map(kb.normaliseForSearch));
      const covered = terms.filter(function (t) { return expansion.english.includes(t[0]); });
      for (const t of covered) terms.splice(terms.indexOf(t), 1);
      terms.push(alternatives);
    }
    return terms;
  }

  // kb.search.searcher._near_numbers: the nearest ancestor in the build, then numbers of
  // the same file of previews that differ by a character or two (difflib's ratio ≥ 0.7).
  function similarity(a, b) {
    const rows = Array.from({ length: a.length + 1 }, function () { return new Array(b.length + 1).fill(0); });
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) {
      rows[i][j] = a[i - 1] === b[j - 1] ? rows[i - 1][j - 1] + 1 : Math.max(rows[i - 1][j], rows[i][j - 1]);
    }
    return 2 * rows[a.length][b.length] / (a.length + b.length);
  }

  // RuleNumber.ancestors: 702.26d → 702.26, 702, 7.
  function ancestorsOf(number) {
    const found = [];
    let n = number;
    for (;;) {
      if (/\.\d+[a-z]$/.test(n)) n = n.slice(0, -1);
      else if (n.includes(".")) n = n.split(".")[0];
      else if (n.length === 3) n = n[0];
      else break;
      found.push(n);
    }
    return found;
  }

  async function nearNumbers(number, most) {
    const entries = await kb.previewEntries(number);
    const near = Object.keys(entries).map(function (n) { return [n, similarity(number, n)]; })
      .filter(function (p) { return p[1] >= 0.7; })
      .sort(function (a, b) { return b[1] - a[1] || (a[0] < b[0] ? -1 : 1); })
      .map(function (p) { return p[0]; });
    for (const ancestor of ancestorsOf(number)) {
      if (await kb.findPreview(ancestor) !== null) {
        return [ancestor].concat(near.filter(function (n) { return n !== ancestor; })).slice(0, most);
      }
    }
    return near.slice(0, most);
  }

  // The rules the query names, and for a number not in the build a message with near ones.
  async function numberHits(spans, messages) {
    const hits = [];
    for (const span of spans) {
      const number = span.number;
      let entry = null;
      try { entry = await kb.findPreview(number); } catch (error) { entry = null; }
      if (entry === null) {
        let near = [];
        try { near = await nearNumbers(number, 5); } catch (error) { near = []; }
        messages.push(number + " はこのサイトにありません" + (near.length ? "。近い番号: " + near.join(", ") : "。"));
        continue;
      }
      hits.push({
        id: "rule:" + number, kind: "number", title: number + (entry[0] ? " " + entry[0] : ""),
        path: "rules/" + number + ".html", cite: number + (entry[2] ? " · " + entry[2] : ""),
        text: entry[1], terms: [],
      });
    }
    return hits;
  }

  // BM25 over the query's bigrams, from the loaded postings; also which documents hold
  // each bigram (docsOf), for the coverage of the query's terms without loading documents.
  function scoreGrams(grams, weights) {
    const scores = new Map();
    const docsOf = new Map();
    for (const gram of grams) {
      const found = postingsOf(gram);
      if (!found) continue;
      const lists = [found];
      const holders = new Set();
      docsOf.set(gram, holders);
      const df = lists.reduce(function (sum, postings) { return sum + postings.length / 2; }, 0);
      const idf = Math.log(1 + (meta.docs - df + 0.5) / (df + 0.5));
      const weight = weights.get(gram) * idf;
      for (const postings of lists) {
        let doc = 0;
        for (let i = 0; i < postings.length; i += 2) {
          doc += postings[i];
          holders.add(doc);
          const tf = postings[i + 1];
          const norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * meta.lengths[doc] / meta.averageLength));
          scores.set(doc, (scores.get(doc) || 0) + weight * norm);
        }
      }
    }
    return { scores: scores, docsOf: docsOf };
  }

  // kb.search.ranking.prior's section weight, from meta.variantRanges (no document needed).
  function sectionWeight(doc) {
    for (const range of meta.variantRanges || []) if (doc >= range[0] && doc <= range[1]) return range[2];
    return 1;
  }

  // kb.search.searcher._concept_keys: of a query of several words, its rarest (a
  // question's words are its pieces between kana: 「絆魂を持つクリーチャーが…」 → 絆魂,
  // クリーチャー, ダメージ …).  The documents defining it (a name shard's tier 4) weigh
  // meta.definingBoost more.
  const HIRAGANA_RE = /[\u3041-\u309f]+/u;
  function wordsOf(parts) {
    const found = [];
    for (const part of parts) for (const run of runs(part)) for (const piece of run.split(HIRAGANA_RE)) {
      if (Array.from(piece).length >= 2 && !found.includes(piece)) found.push(piece);
    }
    return found;
  }
  async function definingDocuments(parts, docsOf) {
    const found = new Set();
    const words = wordsOf(parts);
    if (words.length < 2 || !meta.definingBoost) return found;
    let rarest = null;
    let fewest = Infinity;
    for (const word of words) {
      let common = null;
      for (const g of gramsOf(word)) {
        const d = docsOf.get(g) || new Set();
        common = common === null ? new Set(d) : new Set(Array.from(common).filter(function (x) { return d.has(x); }));
      }
      const count = common === null ? Infinity : common.size;
      if (count > 0 && count < fewest) { fewest = count; rarest = word; }
    }
    if (rarest === null) return found;
    await loadGroups([groupOfKey(rarest)]);
    for (const named of filed("n", rarest) || []) {
      if (named[1] === DEFINING) found.add(named[0]);
    }
    return found;
  }
  const DEFINING = 4;

  // The candidates in kb search's order: name tier, then how many of the query's terms a
  // document holds (each term one of its alternatives, every bigram of it in the
  // document's postings), then the score.
  function rerank(ranked, terms, named, docsOf, defining) {
    const holds = function (doc, text) {
      return runs(text).every(function (run) {
        return gramsOf(run).every(function (g) { const d = docsOf.get(g); return d !== undefined && d.has(doc); });
      });
    };
    return ranked.map(function (r) {
      const matched = terms.filter(function (alternatives) {
        return alternatives.some(function (a) { return holds(r[0], a); });
      }).length;
      const coverage = terms.length ? matched / terms.length : 1;
      const base = r[1] * sectionWeight(r[0]) * (defining.has(r[0]) ? 1 + meta.definingBoost : 1);
      return { doc: r[0], base: base, score: base * (0.5 + coverage), matched: matched, tier: named.get(r[0]) || 0 };
    }).sort(function (a, b) { return b.tier - a.tier || b.matched - a.matched || b.score - a.score; });
  }

  // kb.search.searcher.Searcher._within_named: a query naming a rule (変異 コスト X) asks
  // about that rule first.  Among the hits, the subrules of a rule of the CR's rule level
  // (meta.titledRules: 702.37, not the chapter 702) whose title a query word is (the
  // subrule's title shows it as its heading: 「702.37f 変異／Morph」) come first, exact
  // names keeping their tier; the rest keep their order.
  const SUBRULE_TITLE_RE = /^\d+\.\d+[a-z]\s+(.+)$/u;
  let titledRules = null;
  function withinNamed(hits, parts) {
    if (!titledRules) {
      // kb.site.search_index.titled_rules: chapter → runs of numbers ("702": "2-189").
      titledRules = new Set();
      for (const chapter of Object.keys(meta.titledRules)) {
        for (const piece of meta.titledRules[chapter].split(",")) {
          const ends = piece.split("-").map(Number);
          for (let n = ends[0]; n <= ends[ends.length - 1]; n++) titledRules.add(chapter + "." + n);
        }
      }
    }
    const named = new Set(wordsOf(parts));
    for (const part of parts) for (const run of runs(part)) named.add(run);
    const depth = function (hit) {
      const title = SUBRULE_TITLE_RE.exec(hit.title);
      const rule = SUBRULE_RE.exec(hit.id);
      return title && rule && titledRules.has(rule[1]) &&
        runs(kb.normaliseForSearch(title[1])).some(function (r) { return named.has(r); }) ? 1 : 0;
    };
    return hits.map(function (h, i) { return [h, i, depth(h)]; })
      .sort(function (a, b) { return b[0].tier - a[0].tier || b[2] - a[2] || a[1] - b[1]; })
      .map(function (entry) { return entry[0]; });
  }

  // kb.search.searcher.in_rule_order: subrules of one rule keep the places they ranked
  // at, in the CR's order (702.2b, what deathtouch damage does, before 702.2c-e).
  const SUBRULE_RE = /^rule:(\d+\.\d+)([a-z])$/;
  function inRuleOrder(hits) {
    const families = new Map();
    hits.forEach(function (hit, place) {
      const match = SUBRULE_RE.exec(hit.id);
      if (!match) return;
      if (!families.has(match[1])) families.set(match[1], []);
      families.get(match[1]).push(place);
    });
    const ordered = hits.slice();
    for (const places of families.values()) {
      if (places.length < 2) continue;
      const members = places.map(function (p) { return hits[p]; })
        .sort(function (a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; });
      places.forEach(function (p, k) { ordered[p] = members[k]; });
    }
    return ordered;
  }

  // -- kb search's own terms (kb/site/search_terms.py): the query cut as kb search's
  // analysis would, with the corpus's surfaces (not yet what kb.search ranks by) ---------

  let termsMeta = null;
  let termsGroupOf = null;
  const termFiles = new Map();  // group number (or "kana") → {d: rows, p: postings, n: names}
  const termLoading = new Map();
  // The hiragana surfaces come with the meta (every query's cut reads them).
  kb.searchTermsMeta = function (data) { termsMeta = data; termFiles.set("kana", { d: data.kana }); };
  kb.searchTerms = function (n, data) { termFiles.set(n, data); };
  const positionFiles = new Map();  // group number → {term: [one string per bonus field]}
  const positionLoading = new Map();
  kb.searchTermPositions = function (n, data) { positionFiles.set(n, data); };

  // kb.site.search_groups.Groups.of over the term index's own groups.
  function groupFinder(chars, split, rest) {
    const table = new Map();
    chars.forEach(function (group, n) { for (const ch of group) table.set(ch, n); });
    let first = chars.length;
    for (const ch of Object.keys(split)) first += split[ch][1];
    return function (key) {
      const gram = Array.from(key).slice(0, 2);
      let anchor = null;
      if (gram.length && !isHiragana(gram[0])) anchor = gram[0];
      else if (gram.length > 1 && !isHiragana(gram[1])) anchor = gram[1];
      const text = gram.join("");
      if (anchor !== null && table.has(anchor)) return table.get(anchor);
      if (anchor !== null && Object.prototype.hasOwnProperty.call(split, anchor)) {
        return split[anchor][0] + kb.shardOf(text, split[anchor][1]);
      }
      return first + kb.shardOf(anchor !== null ? anchor : text, rest);
    };
  }

  async function loadTerms(numbers) {
    if (!termsMeta) await kb.loadScript("search/terms/meta.js");
    if (!termsGroupOf) termsGroupOf = groupFinder(termsMeta.groups, termsMeta.splitGroups, termsMeta.restGroups);
    await loadOnce(numbers, termFiles, termLoading, function (n) { return "search/terms/" + n + ".js"; });
  }

  // The closeness bonus's positions (search/terms/pos/G.js), filed in the term postings' groups.
  async function loadPositions(numbers) {
    await loadOnce(numbers, positionFiles, positionLoading, function (n) { return "search/terms/pos/" + n + ".js"; });
  }

  function ownEntry(table, key) {
    return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
  }
  // The dictionary's row of a surface: [term ("" = the surface), cost, role, units, home].
  function termRow(surface) {
    if (isHiragana(surface[0])) return ownEntry((termFiles.get("kana") || {}).d, surface);
    const split = ownEntry(termsMeta.splitGroups, surface);
    if (split !== undefined) {
      // A character split over several groups is filed alone in each of them (any loaded).
      for (let n = split[0]; n < split[0] + split[1]; n++) {
        const row = ownEntry((termFiles.get(n) || {}).d, surface);
        if (row !== undefined) return row;
      }
      return undefined;
    }
    return ownEntry((termFiles.get(termsGroupOf(surface)) || {}).d, surface);
  }

  // kb.site.search_terms.script, from the ranges meta carries.
  function scriptOf(ch) {
    if (/^[a-z0-9]$/i.test(ch)) return "latin";
    const code = ch.codePointAt(0);
    for (const range of termsMeta.scripts) if (code >= range[1] && code <= range[2]) return range[0];
    return "symbol";
  }

  const POWER_TOUGHNESS_RE = /(?<![0-9a-z./+-])[+-]?(?:[0-9]{1,2}|x|\*)\/[+-]?(?:[0-9]{1,2}|x|\*)(?![0-9a-z./])/gu;
  // kb.site.search_terms.cheapest_cut: the spans [start, end) (in code points) of the
  // cheapest cut of a folded query into the dictionary's surfaces.
  function cheapestCut(chars) {
    const costs = termsMeta.costs;
    const text = chars.join("");
    const fixed = new Map();
    const unit = [];  // UTF-16 offset → code point index
    let offset = 0;
    chars.forEach(function (ch, i) { unit[offset] = i; offset += ch.length; });
    unit[offset] = chars.length;
    for (const match of text.matchAll(POWER_TOUGHNESS_RE)) {
      fixed.set(unit[match.index], unit[match.index + match[0].length]);
    }
    const size = chars.length;
    const best = [[0, 0]];
    for (let i = 1; i <= size; i++) best.push([Infinity, 0]);
    for (let i = 0; i < size; i++) {
      const spent = best[i][0];
      if (spent === Infinity) continue;
      const steps = [];
      if (fixed.has(i)) steps.push([fixed.get(i), costs.word]);
      for (let length = 1; length <= Math.min(termsMeta.longest, size - i); length++) {
        const row = termRow(chars.slice(i, i + length).join(""));
        if (row !== undefined) steps.push([i + length, row[1]]);
      }
      const kind = scriptOf(chars[i]);
      if ((kind === "katakana" || kind === "latin") && (i === 0 || scriptOf(chars[i - 1]) !== kind)) {
        let end = i;
        while (end < size && scriptOf(chars[end]) === kind) end++;
        steps.push([end, costs.run]);
      }
      steps.push([i + 1, costs.unknown]);
      for (const step of steps) if (spent + step[1] < best[step[0]][0]) best[step[0]] = [spent + step[1], i];
    }
    const cuts = [];
    for (let end = size; end > 0; end = best[end][1]) cuts.push([best[end][1], end]);
    return cuts.reverse();
  }

  // The groups a folded query's cut needs: the hiragana surfaces' (with the meta), and for
  // each character not hiragana the group of the surfaces that may start there (by their
  // first two characters; a one-character surface by itself, which differs only for a
  // split character, and that one is filed in each of its groups).
  function cutGroups(chars) {
    const needed = ["kana"];
    chars.forEach(function (ch, i) {
      if (isHiragana(ch) || !ch.trim()) return;
      needed.push(termsGroupOf(chars.slice(i, i + 2).join("")));
      if (ownEntry(termsMeta.splitGroups, ch) === undefined) needed.push(termsGroupOf(ch));
    });
    return needed;
  }

  // For the tests and the bench: a query cut as kb search's analysis would, each word
  // [surface, its row or null], and the term files it took.
  kb.searchTermsCut = async function (query) {
    await loadTerms([]);
    const chars = Array.from(kb.fold(query));
    await loadTerms(cutGroups(chars));
    return cheapestCut(chars).map(function (span) {
      const surface = chars.slice(span[0], span[1]).join("");
      const row = termRow(surface);
      return [surface, row === undefined ? null : row];
    });
  };

  // -- kb search's ranking over its own terms (kb.search.searcher.Searcher._word_hits),
  // not yet the default: kb.searchByTerms.  No English stems of typed words (nor their
  // closeness bonus), no card readings. ----------------------------------

  let termsSite = null;
  let termsHeadings = null;
  let termsParents = null;
  function termsTables() {
    if (termsSite) return;
    let at = 0;
    termsSite = kb.readVarints(termsMeta.site).map(function (gap) { at += gap; return at; });
    at = 0;
    termsHeadings = new Set(kb.readVarints(termsMeta.headings).map(function (gap) { at += gap; return at; }));
    termsParents = kb.readVarints(termsMeta.parents);
  }

  // A word as kb search's analysis gives it: {text (the term), surface, role, units, home}.
  function wordOf(surface, row) {
    if (row === null || row === undefined) {
      const symbol = !surface.trim() || scriptOf(Array.from(surface)[0]) === "symbol";
      return { text: surface, surface: surface, role: symbol ? 0 : 2, units: [], home: surface };
    }
    return { text: row[0] || surface, surface: surface, role: row[2], units: row[3], home: row[4] || surface };
  }
  async function keptWords(text) {
    const chars = Array.from(kb.fold(text));
    await loadTerms(cutGroups(chars));
    return cheapestCut(chars).map(function (span) {
      const surface = chars.slice(span[0], span[1]).join("");
      return wordOf(surface, termRow(surface));
    }).filter(function (w) { return w.role !== 0; });
  }
  function content(words) {
    const found = words.filter(function (w) { return w.role === 2 || w.role === 3; });
    return found.length ? found : words;
  }
  function nameKey(words) { return words.map(function (w) { return w.text; }).join(" "); }

  const ENGLISH_RUN_RE = /(?<![a-z0-9])[a-z][a-z0-9'’\-]*(?: [a-z][a-z0-9'’\-]*)*/gu;
  // The site's alias and English-name tables as the term files hold them (by their key's
  // first two characters, mostly a group the query's cut has loaded).
  async function termTable(kind, key) {
    await loadTerms([termsGroupOf(key)]);
    return ownEntry((termFiles.get(termsGroupOf(key)) || {})[kind], key);
  }
  async function englishNames(typed) {
    let found = await termTable("e", typed);
    if (!found && typed.endsWith("s") && typed.length > 3) found = await termTable("e", typed.slice(0, -1));
    return found || [];
  }

  // kb.search.query.parse_query's clauses, the numbers already taken out.
  async function termClauses(text) {
    const clauses = [];
    const addPieces = async function (piece) {
      for (const part of piece.split(/\s+/u)) {
        if (!part) continue;
        for (const word of await keptWords(part)) {
          const required = word.role === 2;
          const clause = { typed: word.surface, alternatives: [[word]], weights: [1], required: required,
            unitsAlternative: -1, typedWords: [word] };
          const kept = word.units.filter(function (u) { return Array.from(u).length >= 2; });
          if (required && word.units.length >= 2 && kept.length) {
            clause.alternatives.push(kept.map(function (u) {
              return { text: u, surface: u, role: 2, units: [], home: u };
            }));
            clause.weights.push(termsMeta.weights.compoundUnits);
            clause.unitsAlternative = 1;
          }
          clauses.push(clause);
        }
      }
    };
    let position = 0;
    for (const match of text.matchAll(ENGLISH_RUN_RE)) {
      const words = match[0].split(" ");
      const offsets = [];
      let at = match.index;
      for (const w of words) { offsets.push(at); at += w.length + 1; }
      let i = 0;
      while (i < words.length) {
        let taken = 0;
        for (let length = Math.min(6, words.length - i); length > 0; length--) {
          const typed = words.slice(i, i + length).join(" ");
          const names = await englishNames(typed);
          if (names.length) {
            await addPieces(text.slice(position, offsets[i]));
            const alternatives = [];
            for (const name of names.concat([typed])) {
              const kept = content(await keptWords(name));
              if (kept.length) alternatives.push(kept);
            }
            if (alternatives.length) {
              clauses.push({ typed: typed, alternatives: alternatives, weights: [], required: true,
                unitsAlternative: -1, typedWords: await keptWords(typed) });
            }
            position = offsets[i] + typed.length;
            taken = length;
            break;
          }
        }
        i += taken || 1;
      }
    }
    await addPieces(text.slice(position));
    return withTermAliases(clauses);
  }
  // kb.search.tables.QueryTables.aliases_of: the rows of a folded text, or of a katakana
  // word's spelling skeleton, without the text itself.
  async function aliasRows(text) {
    const key = text.replace(/\s+/gu, "");
    let rows = await termTable("a", key);
    if (!rows && /^[\u30a1-\u30fa\u30fc]{3,}$/u.test(key)) rows = await termTable("a", kb.katakanaSkeleton(key));
    const normalised = kb.applyVariants(text, meta.variants);
    return (rows || []).filter(function (r) { return r[0] !== text && r[0] !== normalised; });
  }
  function weightOf(clause, index) { return index < clause.weights.length ? clause.weights[index] : 1; }

  // kb.search.query.with_aliases, with the site's alias table (search/terms/G.js "a").
  async function withTermAliases(clauses) {
    const out = [];
    let i = 0;
    while (i < clauses.length) {
      let taken = 0;
      for (let length = Math.min(termsMeta.weights.maxAliasWords, clauses.length - i); length > 0; length--) {
        const group = clauses.slice(i, i + length);
        if (!group.some(function (c) { return c.required; })) continue;
        let joined = group[0].typed;
        for (const c of group.slice(1)) {
          const ascii = /^[\x00-\x7f]$/.test(joined.slice(-1)) && /^[\x00-\x7f]/.test(c.typed);
          joined += (ascii ? " " : "") + c.typed;
        }
        joined = kb.fold(joined);
        let rows = await aliasRows(joined);
        // kb.search.query._aliases: else those of the dictionary forms (使わ → 使う).
        const lemma = kb.fold([].concat.apply([], group.map(function (c) { return c.typedWords; }))
          .map(function (w) { return w.text; }).join(""));
        if (!rows.length && lemma && lemma !== joined) rows = await aliasRows(lemma);
        if (!rows.length) continue;
        let alternatives, weights;
        if (group.length === 1) {
          alternatives = group[0].alternatives.slice();
          weights = group[0].alternatives.map(function (_, k) { return weightOf(group[0], k); });
        } else {
          alternatives = [[].concat.apply([], group.map(function (c) { return c.alternatives[0]; }))];
          weights = [1];
        }
        for (const r of rows) {
          const words = content(await keptWords(r[0]));
          const texts = JSON.stringify(words.map(function (w) { return w.text; }));
          if (words.length && !alternatives.some(function (a) { return JSON.stringify(a.map(function (w) { return w.text; })) === texts; })) {
            alternatives.push(words);
            weights.push(r[1]);
          }
        }
        out.push({ typed: joined, alternatives: alternatives, weights: weights,
          required: group.some(function (c) { return c.required; }), unitsAlternative: -1,
          typedWords: [].concat.apply([], group.map(function (c) { return c.typedWords; })) });
        taken = length;
        break;
      }
      if (taken) i += taken;
      else { out.push(clauses[i]); i += 1; }
    }
    return out;
  }

  // Term document → score (points) of a term filed under home.
  const decodedPostings = new Map();
  function postingsAt(term, home) {
    const cacheKey = home + "\u0000" + term;
    if (decodedPostings.has(cacheKey)) return decodedPostings.get(cacheKey);
    const text = ownEntry((termFiles.get(termsGroupOf(home)) || {}).p, term);
    const found = new Map();
    if (text) {
      const numbers = kb.readVarints(text);
      let doc = 0;
      for (let i = 0; i < numbers.length;) {
        doc += numbers[i] >> 1;
        if (numbers[i] & 1) { found.set(doc, numbers[i + 1] / termsMeta.quantum); i += 2; }
        else { found.set(doc, 1 / termsMeta.quantum); i += 1; }
      }
    }
    decodedPostings.set(cacheKey, found);
    return found;
  }
  // kb.site.search_terms.position_rows, read once: for each bonus field, term document →
  // [score in the field (points), positions].
  const decodedPositions = new Map();
  function positionsAt(term, home) {
    const cacheKey = home + "\u0000" + term;
    if (decodedPositions.has(cacheKey)) return decodedPositions.get(cacheKey);
    const row = ownEntry(positionFiles.get(termsGroupOf(home)), term) || [];
    const fields = termsMeta.weights.proximity.fields.map(function (_, k) {
      const found = new Map();
      const numbers = kb.readVarints(row[k] || "");
      let doc = 0;
      for (let i = 0; i < numbers.length;) {
        doc += numbers[i];
        const count = numbers[i + 2];
        const at = [];
        let position = 0;
        for (let j = 0; j < count; j++) { position += numbers[i + 3 + j]; at.push(position); }
        found.set(doc, [numbers[i + 1] / termsMeta.quantum, at]);
        i += 3 + count;
      }
      return found;
    });
    decodedPositions.set(cacheKey, fields);
    return fields;
  }
  // kb.search.searcher.Searcher._proximity's neighbours: the clauses of one word each in
  // turn (the last word of one, the first of the next), and the words inside an
  // alternative of several (_phrase_pairs, at its weight; not a compound's units).
  function proximityPairs(clauses) {
    const single = clauses.filter(function (c) { return c.alternatives.length === 1; })
      .map(function (c) { return c.alternatives[0]; });
    const pairs = [];
    for (let k = 1; k < single.length; k++) pairs.push([single[k - 1][single[k - 1].length - 1], single[k][0], 1]);
    for (const c of clauses) {
      c.alternatives.forEach(function (a, index) {
        if (index === c.unitsAlternative) return;
        for (let k = 1; k < a.length; k++) pairs.push([a[k - 1], a[k], weightOf(c, index)]);
      });
    }
    return pairs;
  }
  // Candidate → the bonus for neighbours at most the slop apart, in order, in a field:
  // the weight of the bonus and of the field, times the two words' scores there.
  function proximityBonus(pairs, candidates) {
    const p = termsMeta.weights.proximity;
    const bonus = new Map();
    for (const [first, second, share] of pairs) {
      const before = positionsAt(first.text, first.home);
      const after = positionsAt(second.text, second.home);
      p.fields.forEach(function (field, k) {
        if (!before[k].size || !after[k].size) return;
        const weight = p.weight * field[1] * share;
        for (const d of candidates) {
          const a = before[k].get(d);
          const b = after[k].get(d);
          if (a === undefined || b === undefined) continue;
          const near = a[1].some(function (x) { return b[1].some(function (y) { return y - x > 0 && y - x <= p.slop; }); });
          if (near) bonus.set(d, (bonus.get(d) || 0) + weight * (a[0] + b[0]));
        }
      });
    }
    return bonus;
  }
  function lookups(word) {
    const joined = word.units.length ? word.units.join("") : word.text;
    const out = [[word.text, word.home]];
    if (joined !== word.text) out.push([joined, joined]);
    return out;
  }
  function wordScores(word) {
    const scores = new Map();
    for (const pair of lookups(word)) {
      for (const [doc, score] of postingsAt(pair[0], pair[1])) scores.set(doc, (scores.get(doc) || 0) + score);
    }
    return scores;
  }
  function clauseScores(clause, boost) {
    const total = new Map();
    clause.alternatives.forEach(function (words, index) {
      const weight = boost * weightOf(clause, index);
      if (index === clause.unitsAlternative && total.size >= termsMeta.weights.unitsBelow) return;
      let scores = null;
      for (const word of words) {
        const found = wordScores(word);
        if (scores === null) scores = new Map(found);
        else {
          const next = new Map();
          for (const [d, v] of scores) if (found.has(d)) next.set(d, v + found.get(d));
          scores = next;
        }
      }
      for (const [d, v] of scores || []) total.set(d, (total.get(d) || 0) + v * weight);
    });
    return total;
  }
  function uniqueClauses(clauses) {
    const seen = new Set();
    return clauses.filter(function (c) {
      const key = JSON.stringify(c.alternatives.map(function (a) { return a.map(function (w) { return w.text; }); }));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  function rarityOf(found) {
    const n = termsMeta.documents;
    return Math.log(1 + (n - found + 0.5) / (found + 0.5));
  }
  // Term document → OR of the flags of the name keys (first word's home) asked.
  function namedFlags(keys) {
    const out = new Map();
    for (const entry of keys) {
      const pairs = ownEntry((termFiles.get(termsGroupOf(entry[1])) || {}).n, entry[0]) || [];
      for (let i = 0; i < pairs.length; i += 2) {
        const at = out.get(pairs[i]) || new Map();
        at.set(entry[0], pairs[i + 1]);
        out.set(pairs[i], at);
      }
    }
    return out;
  }
  function keyOf(words) { return [nameKey(words), words.length ? words[0].home : ""]; }

  // For the tests: a query's clauses as kb.search.query.parse_query reads them
  // ([typed, [[term, …] per alternative], weights, required]), the numbers taken out.
  kb.searchTermsParse = async function (query) {
    await loadMeta();
    await loadTerms([]);
    let words = query;
    for (const span of kb.findNumberSpans(query)) words = words.slice(0, span.start) + " ".repeat(span.end - span.start) + words.slice(span.end);
    const asked = kb.definitionAsked(words.split(/\s+/u).map(kb.fold).filter(Boolean).join(" "));
    return (await termClauses(asked[0])).map(function (c) {
      return [c.typed, c.alternatives.map(function (a) { return a.map(function (w) { return w.text; }); }),
        c.alternatives.map(function (_, k) { return weightOf(c, k); }), c.required];
    });
  };

  // For the tests: the closeness bonus of every term document for a query's clauses, as
  // kb.search.searcher.Searcher._proximity gives it over every document ([doc, bonus] pairs).
  kb.searchTermsBonus = async function (query) {
    await loadMeta();
    await loadTerms([]);
    termsTables();
    let words = query;
    for (const span of kb.findNumberSpans(query)) words = words.slice(0, span.start) + " ".repeat(span.end - span.start) + words.slice(span.end);
    const asked = kb.definitionAsked(words.split(/\s+/u).map(kb.fold).filter(Boolean).join(" "));
    const clausesAll = await termClauses(asked[0]);
    const required = uniqueClauses(clausesAll.filter(function (c) { return c.required; }));
    const clauses = required.length ? required : uniqueClauses(clausesAll.filter(function (c) { return !c.required; }));
    const pairs = proximityPairs(clauses);
    await loadPositions([].concat.apply([], pairs.map(function (p) { return [termsGroupOf(p[0].home), termsGroupOf(p[1].home)]; })));
    return Array.from(proximityBonus(pairs, termsSite.map(function (_, d) { return d; })));
  };

  kb.searchByTerms = async function (query, limit) {
    limit = limit || 10;
    const started = performance.now();
    await Promise.all([loadMeta(), loadTerms([])]);  // neither needs the other: one round trip
    termsTables();
    const w = termsMeta.weights;
    const messages = [];
    const spans = kb.findNumberSpans(query);
    const numbered = await numberHits(spans, messages);
    let words = query;
    for (const span of spans) words = words.slice(0, span.start) + " ".repeat(span.end - span.start) + words.slice(span.end);
    const pieces = words.split(/\s+/u).map(kb.fold).filter(Boolean).join(" ");
    const asked = kb.definitionAsked(pieces);
    const clausesAll = await termClauses(asked[0]);
    // kb.search.query.ParsedQuery.question: a question mark, or a question's frame.
    const question = asked[0].includes("?") || clausesAll.some(function (c) {
      return !c.required && c.typedWords.some(function (w) { return w.role === 3; });
    });
    const required = clausesAll.filter(function (c) { return c.required; });
    const optionalAll = clausesAll.filter(function (c) { return !c.required; });
    const clauses = uniqueClauses(required).length ? uniqueClauses(required) : uniqueClauses(optionalAll);
    const extra = required.length ? uniqueClauses(optionalAll).filter(function (c) { return !clauses.includes(c); }) : [];
    // Every word's postings: mostly in the files the cut loaded already.
    const wanted = [];
    for (const c of clausesAll) for (const a of c.alternatives) for (const word of a) for (const pair of lookups(word)) wanted.push(termsGroupOf(pair[1]));
    // The bonus's positions, only for a query of neighbouring words and only theirs.
    const pairs = proximityPairs(clauses);
    const located = [];
    for (const pair of pairs) for (const word of pair.slice(0, 2)) located.push(termsGroupOf(word.home));
    await Promise.all([loadTerms(wanted), loadPositions(located)]);
    const matched = clauses.map(function (c) { return clauseScores(c, 1); });
    const optional = extra.map(function (c) { return clauseScores(c, w.optional); });
    const rarity = matched.map(function (m) { return rarityOf(m.size); });
    const whole = rarity.reduce(function (a, b) { return a + b; }, 0) || 1;
    const totals = new Map();
    const covered = new Map();
    matched.forEach(function (scores, k) {
      for (const [d, v] of scores) {
        totals.set(d, (totals.get(d) || 0) + v);
        covered.set(d, (covered.get(d) || 0) + rarity[k] / whole);
      }
    });
    for (const scores of optional) for (const [d, v] of scores) if (totals.has(d)) totals.set(d, totals.get(d) + v);
    const order = function (d) { return -totals.get(d) * Math.pow(Math.min(1, covered.get(d)), w.coveragePower); };
    const ranked = Array.from(totals.keys()).sort(function (a, b) { return order(a) - order(b) || a - b; })
      .slice(0, w.candidates);
    const bonus = proximityBonus(pairs, ranked);
    // Names: the query's as literal and aliased keys (kb.search.searcher._name_keys), as typed.
    let combos = [[[], true]];
    for (const c of clauses) {
      const next = [];
      for (const combo of combos) c.alternatives.forEach(function (a, k) { next.push([combo[0].concat(a), combo[1] && weightOf(c, k) >= 1]); });
      combos = next.slice(0, 16);
    }
    const literal = new Map();
    const aliased = new Map();
    for (const combo of combos) (combo[1] ? literal : aliased).set(nameKey(combo[0]), keyOf(combo[0]));
    for (const key of literal.keys()) aliased.delete(key);
    const typedWords = [].concat.apply([], clausesAll.map(function (c) { return c.typedWords; }));
    const typed = keyOf(typedWords);
    let concept = new Map();
    if (clauses.length >= 2) {
      let best = 0;
      rarity.forEach(function (r, k) { if (r > rarity[best]) best = k; });
      const c = clauses[best];
      c.alternatives.forEach(function (a, k) { if (weightOf(c, k) >= 1) concept.set(nameKey(a), keyOf(a)); });
    }
    const named = new Map();
    for (const c of clauses) for (const a of c.alternatives) named.set(nameKey(a), keyOf(a));
    const allKeys = new Map([...literal, ...aliased, ...concept, ...named, [typed[0], typed]]);
    await loadTerms(Array.from(allKeys.values()).map(function (k) { return termsGroupOf(k[1] || k[0]); }));
    const flags = namedFlags(Array.from(allKeys.values()));
    const kindOf = function (d) { return ["rule", "page", "glossary"][Number(meta.kinds[termsSite[d]])]; };
    const has = function (d, keys, bit) {
      const at = flags.get(d);
      if (!at) return false;
      for (const key of keys) if ((at.get(key) || 0) & bit) return true;
      return false;
    };
    const tierOf = function (d) {
      const kind = kindOf(d);
      if (typed[0] && has(d, [typed[0]], 4) && !asked[1]) return w.tiers.pageTitle;
      for (const [keys, lower] of [[literal.keys(), 0], [aliased.keys(), w.aliasTierDrop]]) {
        const list = Array.from(keys);
        if (has(d, list, 2)) return w.tiers.defining - lower;
        if (has(d, list, 1)) {
          if (asked[1] && kind === "glossary") return w.tiers.definition - lower;
          if (kind === "rule" && termsHeadings.has(d)) return w.tiers.heading - lower;
          return w.tiers.exact[kind] - lower;
        }
      }
      return 0;
    };
    let hits = ranked.map(function (d) {
      const share = Math.min(1, covered.get(d));
      const kind = kindOf(d);
      let weight = w.kindPrior[kind] * (kind === "rule" ? sectionWeight(termsSite[d]) : 1) * Math.pow(share, w.coveragePower);
      if (kind === "rule" && termsHeadings.has(d)) weight *= w.headingPrior;
      if (has(d, Array.from(concept.keys()), 2)) weight *= 1 + w.definingBoost;
      return { doc: d, score: (totals.get(d) + (bonus.get(d) || 0)) * weight, all: share >= 1 - 1e-9, tier: tierOf(d) };
    });
    hits.sort(function (a, b) { return b.tier - a.tier || b.score - a.score || a.doc - b.doc; });
    if (clauses.length > 1) {
      // kb.search.searcher._naming_clauses: a word naming a rule does not count where a
      // rarer word is itself the name of a hit with every word (装備品 サブタイプ).
      const clauseKeys = clauses.map(function (c) { return c.alternatives.map(nameKey); });
      const isHitName = function (key) {
        return hits.some(function (h) { return h.all && ((flags.get(h.doc) || new Map()).get(key) || 0) & 1; });
      };
      const naming = new Set();
      clauses.forEach(function (c, k) {
        const outranked = clauseKeys.some(function (keys, j) { return rarity[j] > rarity[k] && keys.some(isHitName); });
        if (!outranked) for (const key of clauseKeys[k]) naming.add(key);
      });
      const namedDocs = new Set();
      for (const [d, at] of flags) for (const key of naming) if ((at.get(key) || 0) & 1) namedDocs.add(d);
      const depth = function (h) {
        const parent = termsParents[h.doc] ? h.doc - termsParents[h.doc] : null;
        // A variant's rule (8, 9) named by a word it shares with the core rules does not
        // single out its subrules (kb search's VARIANT_SECTIONS in _within_named).
        return parent !== null && kindOf(h.doc) === "rule" && namedDocs.has(parent) &&
          sectionWeight(termsSite[parent]) === 1 ? 3 : 0;
      };
      const places = [];
      hits.forEach(function (h, i) { if (h.all) places.push(i); });
      const within = places.map(function (i, k) { return [hits[i], k, depth(hits[i])]; })
        .sort(function (a, b) { return b[0].tier - a[0].tier || b[2] - a[2] || a[1] - b[1]; })
        .map(function (e) { return e[0]; });
      // kb.search.searcher.in_rule_order: a rule's subrules in the CR's order.
      const families = new Map();
      within.forEach(function (h, k) {
        if (kindOf(h.doc) !== "rule" || !termsParents[h.doc]) return;
        const parent = h.doc - termsParents[h.doc];
        if (!families.has(parent)) families.set(parent, []);
        families.get(parent).push(k);
      });
      const ordered = within.slice();
      for (const at of families.values()) {
        const members = at.map(function (k) { return within[k]; }).sort(function (a, b) { return a.doc - b.doc; });
        at.forEach(function (k, m) { ordered[k] = members[m]; });
      }
      places.forEach(function (i, k) { hits[i] = ordered[k]; });
    }
    if (question) {
      // kb.search.searcher._defining_before_siblings: in a question, a subrule defining
      // what a word names moves up to the first of its siblings ranked above it (not past
      // one that defines a word too).
      const keys = Array.from(named.keys());
      const parentOf = function (d) {
        return kindOf(d) === "rule" && termsParents[d] ? d - termsParents[d] : null;
      };
      for (const hit of hits.slice()) {
        const parent = parentOf(hit.doc);
        if (parent === null || !has(hit.doc, keys, 2)) continue;
        const at = hits.indexOf(hit);
        const first = hits.slice(0, at).findIndex(function (h) {
          return parentOf(h.doc) === parent && h.tier <= hit.tier && !has(h.doc, keys, 2);
        });
        if (first >= 0) hits.splice(first, 0, hits.splice(at, 1)[0]);
      }
    }
    // Shown as the site's documents, each once.
    const seen = new Set(numbered.map(function (h) { return h.id; }));
    const shown = [];
    const sites = new Set();
    for (const h of hits) {
      const site = termsSite[h.doc];
      if (sites.has(site)) continue;
      sites.add(site);
      shown.push(h);
      if (shown.length >= limit) break;
    }
    await loadDocs(shown.map(function (h) { return termsSite[h.doc]; }));
    const flat = [];
    for (const c of clausesAll) for (const a of c.alternatives) for (const word of a) flat.push(kb.normaliseForSearch(word.surface));
    const out = shown.map(function (h) {
      const row = docRow(termsSite[h.doc]);
      return { id: row[0], kind: "text", title: row[1], path: row[2], cite: row[3], text: row[4],
        score: h.score, terms: flat, tier: h.tier };
    }).filter(function (h) { return !seen.has(h.id); });
    return finish(numbered.concat(out).slice(0, limit), null, started, messages);
  };

  // Search.  Resolves to {hits, jump, timings}; each hit has id, title, path (from the
  // site root), cite, text and snippet ([text, marked] pieces).
  kb.search = async function (query, limit) {
    limit = limit || 10;
    const started = performance.now();
    step("start");
    await loadMeta();
    step("meta");
    const messages = [];
    const spans = kb.findNumberSpans(query);
    const numbered = await numberHits(spans, messages);
    // The words around the numbers (ルール, 項 and the numbers themselves are not searched).
    let words = query;
    for (const span of spans) words = words.slice(0, span.start) + " ".repeat(span.end - span.start) + words.slice(span.end);
    if (spans.length && !words.trim()) {
      return finish(numbered, numbered.length ? numbered[0].path : null, started, messages);
    }
    const asked = kb.definitionAsked(kb.foldWidth(words).trim());
    words = asked[0];
    // One round for the groups of the query's own grams and of every key it may name
    // (the whole query, alias candidates, English names, its words): most are the same files.
    const parts = words.split(/\s+/u).map(kb.normaliseForSearch).filter(Boolean);
    const first = [];
    for (const part of parts) first.push(...filesOf(part));
    const wholeKey = kb.normaliseForSearch(words).replace(/\s+/gu, "");
    if (wholeKey) first.push(groupOfKey(wholeKey));
    for (const c of aliasCandidates(words)) if (c[0]) first.push(groupOfKey(c[0]));
    const folded = kb.normaliseForSearch(words);
    if (/[a-z]/.test(folded)) for (const key of latinStarts(folded)) first.push(groupOfKey(key));
    for (const word of wordsOf(parts)) first.push(groupOfKey(word));
    await loadGroups(first);
    step("groups");
    await loadMissing([].concat(...parts.map(function (p) { return [].concat(...runs(p).map(gramsOf)); })));
    const aliases = await aliasExpansions(words);
    const named = await namedDocuments(words, asked[1], aliases);
    // The user's spaces separate terms (parts); fold (which joins Japanese across spaces)
    // runs on each term, as it ran on the indexed text.
    const english = await englishExpansions(folded);
    const expansions = english.concat(aliases.filter(function (a) {
      return !english.some(function (e) { return e.english === a.english; });
    }));
    const weights = new Map();
    const add = function (text, weight) {
      for (const run of runs(text)) {
        for (const gram of gramsOf(run)) weights.set(gram, (weights.get(gram) || 0) + weight);
      }
    };
    for (const part of parts) add(part, 1);
    for (const e of english) for (const j of e.japanese) add(kb.normaliseForSearch(j), 1);
    for (const a of aliases) a.japanese.forEach(function (j, i) { add(j, a.weights[i]); });
    const grams = Array.from(weights.keys());
    // The expansions' grams may be in files not loaded yet.
    const expanded = [];
    for (const e of english) for (const j of e.japanese) expanded.push(...filesOf(kb.normaliseForSearch(j)));
    for (const a of aliases) for (const j of a.japanese) expanded.push(...filesOf(j));
    await loadGroups(expanded);
    await loadMissing(grams);
    const scored = scoreGrams(grams, weights);
    // As kb search does: the best matches first, then the kind's weight (meta.kindWeights,
    // kb search's own) reorders them; weighing first would drop a page from the candidates.
    const ranked = Array.from(scored.scores.entries())
      .sort(function (a, b) { return b[1] - a[1]; }).slice(0, CANDIDATES).map(function (e) {
        return [e[0], e[1] * meta.kindWeights[Number(meta.kinds[e[0]])]];
      });
    // A document the query names is shown whatever its score.
    for (const doc of named.keys()) {
      if (!ranked.some(function (r) { return r[0] === doc; })) ranked.push([doc, 0]);
    }
    // A word none of whose bigrams is in any document matched nothing: say so.
    for (const part of parts) {
      for (const run of runs(part)) {
        const own = gramsOf(run);
        if (Array.from(run).length >= 2 && !expansions.some(function (e) { return e.english.includes(run); }) &&
            !own.some(function (g) { return scored.docsOf.has(g); })) {
          messages.push("「" + run + "」はどの文書にもないため無視しました");
        }
      }
    }
    const terms = queryTerms(parts, expansions);
    const defining = await definingDocuments(parts, scored.docsOf);
    const best = rerank(ranked, terms, named, scored.docsOf, defining).slice(0, limit);
    step("ranked");
    // Only the documents shown are loaded (search/docs/S/K.js), for their titles and snippets.
    await loadDocs(best.map(function (r) { return r.doc; }));
    step("docs");
    const flat = [].concat.apply([], terms);
    // Loaded, the documents shown are ordered again by the terms they hold as written
    // (the bigrams of a term may all be in a document without the term itself).
    const hits = best.map(function (r) {
      const row = docRow(r.doc);
      const folded = kb.normaliseForSearch(row[1] + "\n" + row[4]);
      const matched = terms.filter(function (alternatives) {
        return alternatives.some(function (a) { return folded.includes(a); });
      }).length;
      const coverage = terms.length ? matched / terms.length : 1;
      return { id: row[0], kind: "text", title: row[1], path: row[2], cite: row[3], text: row[4],
        score: r.base * (0.5 + coverage), matched: matched, terms: flat, tier: r.tier };
    }).sort(function (a, b) { return b.tier - a.tier || b.matched - a.matched || b.score - a.score; });
    if (terms.length > 1) {
      // As kb search: among the hits with every term, in the places they ranked at, those
      // under a rule a word names first, and one rule's subrules in the CR's order.
      const places = [];
      hits.forEach(function (h, i) { if (h.matched === terms.length) places.push(i); });
      inRuleOrder(withinNamed(places.map(function (i) { return hits[i]; }), parts))
        .forEach(function (h, k) { hits[places[k]] = h; });
    }
    const seen = new Set(numbered.map(function (h) { return h.id; }));
    const merged = numbered.concat(hits.filter(function (h) { return !seen.has(h.id); }));
    return finish(merged.slice(0, limit), null, started, messages);
  };

  function finish(hits, jump, started, messages) {
    for (const hit of hits) hit.snippet = snippet(hit.text, hit.terms);
    return { hits: hits, jump: jump, messages: messages || [], milliseconds: performance.now() - started };
  }

  // A window of the text around the most matches, as [text, marked] pieces.
  function snippet(text, terms) {
    const WIDTH = 140;
    if (!text) return [];
    const map = kb.foldWithMap(text, meta.variants);
    let marks = [];
    for (const term of terms) {
      let from = map.folded.indexOf(term);
      while (from >= 0 && term.length) {
        marks.push([map.spans[from][0], map.spans[from + term.length - 1][1]]);
        from = map.folded.indexOf(term, from + term.length);
      }
    }
    marks.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    marks = marks.reduce(function (out, m) {
      const last = out[out.length - 1];
      if (last && m[0] <= last[1]) last[1] = Math.max(last[1], m[1]);
      else out.push([m[0], m[1]]);
      return out;
    }, []);
    let start = 0;
    let best = -1;
    for (const m of marks) {
      const from = Math.max(0, m[0] - 30);
      const count = marks.filter(function (x) { return x[0] >= from && x[1] <= from + WIDTH; }).length;
      if (count > best) { best = count; start = from; }
    }
    const end = Math.min(text.length, start + WIDTH);
    const pieces = [];
    if (start > 0) pieces.push(["…", false]);
    let pos = start;
    for (const m of marks) {
      if (m[1] <= start || m[0] >= end) continue;
      const a = Math.max(m[0], pos);
      const b = Math.min(m[1], end);
      if (a > pos) pieces.push([text.slice(pos, a), false]);
      if (b > a) pieces.push([text.slice(a, b), true]);
      pos = Math.max(pos, b);
    }
    if (pos < end) pieces.push([text.slice(pos, end), false]);
    if (end < text.length) pieces.push(["…", false]);
    return pieces;
  }

  // -- the search page --------------------------------------------------------------------

  // Text with each rule reference made a link (with its preview), as on every page.
  function appendWithRuleLinks(parent, text) {
    let pos = 0;
    for (const span of kb.findReferenceSpans(text)) {
      if (span.start > pos) parent.append(document.createTextNode(text.slice(pos, span.start)));
      const link = document.createElement("a");
      link.className = "rule-ref";
      link.href = new URL("rules/" + span.number + ".html", kb.root).href;
      link.dataset.rule = span.number;
      link.textContent = text.slice(span.start, span.end);
      parent.append(link);
      pos = span.end;
    }
    if (pos < text.length) parent.append(document.createTextNode(text.slice(pos)));
  }

  function render(result, list, status) {
    list.replaceChildren();
    for (const hit of result.hits) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.className = "result-title";
      link.href = new URL(hit.path, kb.root).href;
      link.textContent = hit.title;
      if (hit.id.startsWith("rule:")) link.dataset.rule = hit.id.slice(5);
      const cite = document.createElement("div");
      cite.className = "cite";
      cite.textContent = hit.cite;
      const snippetBox = document.createElement("p");
      snippetBox.className = "snippet";
      for (const piece of hit.snippet) {
        if (piece[1]) {
          const mark = document.createElement("mark");
          mark.textContent = piece[0];
          snippetBox.append(mark);
        } else {
          appendWithRuleLinks(snippetBox, piece[0]);
        }
      }
      item.append(link, cite, snippetBox);
      if (kb.decorateHit) kb.decorateHit(item, hit);  // searchbox.js: outdated-claim notes
      list.append(item);
    }
    status.textContent = (result.messages.length ? result.messages.join("。") + "。 " : "") +
      (result.hits.length ? result.hits.length + " 件（" + Math.round(result.milliseconds) + " ms）"
        : "見つかりませんでした。");
  }

  function start() {
    const form = document.getElementById("search-form");
    const input = document.getElementById("q");
    const list = document.getElementById("results");
    const status = document.getElementById("search-status");
    if (!form || !input || !list || !status) return;
    let generation = 0;
    async function run(query, jumpToRule) {
      const mine = ++generation;
      if (!query.trim()) { list.replaceChildren(); status.textContent = ""; return; }
      status.textContent = "検索中…";
      try {
        const result = await kb.search(query);
        if (mine !== generation) return;
        if (jumpToRule && result.jump) {
          const target = new URL(result.jump, kb.root).href;
          if (jumpToRule === "replace") location.replace(target); else location.href = target;
          return;
        }
        render(result, list, status);
        document.body.dataset.searched = query;
        // For measuring time to first results (bench/site.py): a standard User Timing mark.
        if (!performance.getEntriesByName("kb-first-results").length) performance.mark("kb-first-results");
      } catch (error) {
        status.textContent = "検索索引を読み込めません: " + error.message;
      }
    }
    let timer = 0;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { run(input.value, false); }, 150);
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      clearTimeout(timer);
      try { history.replaceState(null, "", "?q=" + encodeURIComponent(input.value)); } catch (error) { /* file:// may refuse */ }
      run(input.value, true);
    });
    const initial = new URLSearchParams(location.search).get("q") || "";
    if (initial) { input.value = initial; run(initial, "replace"); }
    input.focus();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
