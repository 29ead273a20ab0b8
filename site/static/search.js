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
  // Two hiragana a question's text joins (なっ, った) are filed together (meta.kanaGroups,
  // numbered after the rest groups; kb.site.search_groups.kana_groups).
  let groupOfKana = null;
  kb.searchGroupOf = function (gram) {
    if (groupOfKana.has(gram)) return groupOfKana.get(gram);
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
  // Over HTTP/1.1 a browser opens 6 connections to a host: a first round of more files
  // takes a second round trip, most connections idle.  Once all but the files of that
  // second trip are in, the documents the query's own grams rank best so far are asked
  // for on the idle connections (loadOnce shares a file on its way with the ranking's
  // own request); the ranking itself still waits for every file, and is the same.
  const CONNECTIONS = 6;
  async function loadGroupsAndGuess(paths, parts) {
    const fresh = Array.from(new Set(paths)).filter(function (p) { return !groups.has(p); });
    if (fresh.length <= CONNECTIONS) return loadGroups(fresh);
    const late = fresh.length - CONNECTIONS;
    let arrived = 0;
    await Promise.all(fresh.map(function (p) {
      if (!loading.has(p)) loading.set(p, kb.loadScript("search/" + p + ".js"));
      return loading.get(p).then(function () {
        if (++arrived !== CONNECTIONS) return;
        // A guess only: what fails here fails again, and is reported, in the ranking.
        try { guessDocuments(parts, CONNECTIONS - late); } catch (error) { /* see above */ }
      });
    }));
  }
  function guessDocuments(parts, most) {
    const weights = new Map();
    for (const part of parts) for (const run of runs(part)) for (const gram of gramsOf(run)) weights.set(gram, (weights.get(gram) || 0) + 1);
    const scored = scoreGrams(Array.from(weights.keys()), weights);
    const ranked = Array.from(scored.scores.entries())
      .sort(function (a, b) { return b[1] - a[1]; }).slice(0, CANDIDATES).map(function (e) {
        return [e[0], e[1] * meta.kindWeights[Number(meta.kinds[e[0]])]];
      });
    const best = rerank(ranked, queryTerms(parts, []), new Map(), scored.docsOf, new Set()).slice(0, 10);
    const wanted = best.map(function (r) { return r.doc; }).filter(function (n) { return !docRows.has(n); });
    // The files of the best first, when there are more than idle connections.
    const rank = function (path) {
      const size = Number(path.split("/")[1]);
      const block = Number(path.split("/")[2]);
      return wanted.findIndex(function (n) { return Math.floor(n / size) === block; });
    };
    const files = docFiles(wanted).sort(function (a, b) { return rank(a) - rank(b); }).slice(0, most);
    loadGroups(files).catch(function () { /* the ranking's own request says so */ });
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
      groupOfKana = new Map();
      (meta.kanaGroups || []).forEach(function (grams, n) {
        for (let i = 0; i < grams.length; i += 2) groupOfKana.set(grams.slice(i, i + 2), firstRest + meta.restGroups + n);
      });
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

  // -- kb search's own terms: static/search-terms.js, loaded when first asked for ----------

  kb.searchCore = {
    loadMeta: loadMeta, loadOnce: loadOnce, loadDocs: loadDocs, docRow: docRow, finish: finish,
    numberHits: numberHits, sectionWeight: sectionWeight, isHiragana: isHiragana,
    meta: function () { return meta; },
  };
  for (const name of ["searchByTerms", "searchTermsParse", "searchTermsBonus", "searchTermsCut"]) {
    kb[name] = async function () {
      await kb.loadScript("static/search-terms.js");
      // search-terms.js has put its own function in this one's place.
      return kb[name].apply(kb, arguments);
    };
  }

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
    await loadGroupsAndGuess(first, parts);
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
