// kb site search, kb search's own terms: the port of kb search's query analysis and
// ranking over the term index (kb/site/search_terms.py, builds made with --site-terms).
// Loaded by static/search.js on the first call of one of its functions, so that the search
// page's own scripts (and its first results) do not wait for these bytes.
"use strict";
(function () {
  const kb = window.kb;
  // What this shares with static/search.js's kb.search.
  const core = kb.searchCore;
  const loadMeta = core.loadMeta;
  const loadOnce = core.loadOnce;
  const loadDocs = core.loadDocs;
  const docRow = core.docRow;
  const finish = core.finish;
  const numberHits = core.numberHits;
  const sectionWeight = core.sectionWeight;
  const isHiragana = core.isHiragana;

  // -- kb search's own terms (kb/site/search_terms.py): the query cut as kb search's
  // analysis would, with the corpus's surfaces (not yet what kb.search ranks by) ---------

  let termsMeta = null;
  let termsGroupOf = null;
  const termFiles = new Map();  // group number → {p: postings, n: names, a, e: aliases, k: kinds}
  const termLoading = new Map();
  // The dictionary's surfaces: those led by hiragana or a symbol come with the meta (every
  // query's cut reads them); the rest in the files of the texts' runs
  // (search/terms/runs/N.js: each run with the surfaces a cut may take in it), else in
  // the files of their first character's hash (search/terms/cut/N.js).  Every row loaded is kept
  // here: the dictionary is one table, whichever file a row came in.
  const rows = new Map();
  const surfaceFiles = new Map();
  const surfaceLoading = new Map();
  const runFiles = new Map();
  const runLoading = new Map();
  function keepRows(found) { for (const surface of Object.keys(found)) rows.set(surface, found[surface]); }
  kb.searchTermsMeta = function (data) { termsMeta = data; keepRows(data.kana); };
  kb.searchTerms = function (n, data) { termFiles.set(n, data); };
  kb.searchTermSurfaces = function (n, found) { surfaceFiles.set(n, true); keepRows(found); };
  kb.searchTermRuns = function (n, data) { runFiles.set(n, data.r); keepRows(data.d); };
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

  async function loadTermsMeta() {
    if (!termsMeta) await kb.loadScript("search/terms/meta.js");
    if (!termsGroupOf) termsGroupOf = groupFinder(termsMeta.groups, termsMeta.splitGroups, termsMeta.restGroups);
  }
  async function loadTerms(numbers) {
    await loadTermsMeta();
    await loadOnce(numbers, termFiles, termLoading, function (n) { return "search/terms/" + n + ".js"; });
  }
  // The surfaces a folded text's cut may take: its runs' files, then, for the characters
  // of a run the texts do not hold, their files.
  async function loadSurfaces(chars) {
    await loadTermsMeta();
    const spans = runsOf(chars);
    const shards = spans.map(function (span) { return kb.shardOf(chars.slice(span[0], span[1]).join(""), termsMeta.runFiles); });
    await loadOnce(shards, runFiles, runLoading, function (n) { return "search/terms/runs/" + n + ".js"; });
    const needed = [];
    spans.forEach(function (span, k) {
      if (ownEntry(runFiles.get(shards[k]), chars.slice(span[0], span[1]).join("")) !== undefined) return;
      for (let i = span[0]; i < span[1]; i++) needed.push(kb.shardOf(chars[i], termsMeta.cutFiles));
    });
    await loadOnce(needed, surfaceFiles, surfaceLoading, function (n) { return "search/terms/cut/" + n + ".js"; });
  }

  // The closeness bonus's positions (search/terms/pos/G.js), filed in the term postings' groups.
  async function loadPositions(numbers) {
    await loadOnce(numbers, positionFiles, positionLoading, function (n) { return "search/terms/pos/" + n + ".js"; });
  }

  function ownEntry(table, key) {
    return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
  }
  // The dictionary's row of a surface: [term ("" = the surface), cost, role, units, home].
  function termRow(surface) { return rows.get(surface); }

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

  // kb.site.search_terms.runs_of: the [start, end) of each run of kanji, katakana or
  // Latin characters.
  function runsOf(chars) {
    const spans = [];
    let i = 0;
    while (i < chars.length) {
      if (inRun(chars[i])) {
        let end = i;
        while (end < chars.length && inRun(chars[end])) end++;
        spans.push([i, end]);
        i = end;
      } else i++;
    }
    return spans;
  }
  // kb.site.search_terms.in_run: the scripts of a run (RUN_SCRIPTS) come with the meta.
  function inRun(ch) { return termsMeta.runScripts.includes(scriptOf(ch)); }

  // For the tests and the bench: a query cut as kb search's analysis would, each word
  // [surface, its row or null], and the term files it took.
  kb.searchTermsCut = async function (query) {
    await loadTermsMeta();
    const chars = Array.from(kb.fold(query));
    await loadSurfaces(chars);
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
  let termsBrief = null;
  function termsTables() {
    if (termsSite) return;
    let brief = 0;
    termsBrief = new Set(kb.readVarints(termsMeta.brief).map(function (gap) { brief += gap; return brief; }));
    let at = 0;
    termsSite = kb.readVarints(termsMeta.site).map(function (gap) { at += gap; return at; });
    at = 0;
    termsHeadings = new Set(kb.readVarints(termsMeta.headings).map(function (gap) { at += gap; return at; }));
    termsParents = kb.readVarints(termsMeta.parents);
  }

  // A word as kb search's analysis gives it: {text (the term), surface, role, units, home};
  // role (kb.site.search_terms.role_flag): 0 dropped, 1 weak, 2 content, 3 optional
  // content, 4 content, a verb no heading holds.
  function wordOf(surface, row) {
    if (row === null || row === undefined) {
      const symbol = !surface.trim() || scriptOf(Array.from(surface)[0]) === "symbol";
      return { text: surface, surface: surface, role: symbol ? 0 : 2, units: [], home: surface };
    }
    return { text: row[0] || surface, surface: surface, role: row[2], units: row[3], home: row[4] || surface };
  }
  async function keptWords(text) {
    const chars = Array.from(kb.fold(text));
    await loadSurfaces(chars);
    return cheapestCut(chars).map(function (span) {
      const surface = chars.slice(span[0], span[1]).join("");
      return wordOf(surface, termRow(surface));
    }).filter(function (w) { return w.role !== 0; });
  }
  function content(words) {
    const found = words.filter(function (w) { return w.role >= 2; });
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

  // kb.search.questions.how_many_counter: the counter of a how-many word (何枚 → 枚), or "".
  function howManyCounter(word) {
    const howMany = termsMeta.weights.howMany;
    const counter = word.units.length === 2 && word.units[0] === howMany.prefix ? word.units[1] : "";
    return counter && word.text.startsWith(howMany.prefix) && Array.from(word.text).length <= howMany.length
      ? counter : "";
  }

  // kb.search.query.parse_query's clauses, the numbers already taken out.
  async function termClauses(text) {
    const clauses = [];
    const addPieces = async function (piece) {
      for (const part of piece.split(/\s+/u)) {
        if (!part) continue;
        for (const word of await keptWords(part)) {
          const required = word.role === 2 || word.role === 4;
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
          // 何枚 is also met by its counter (「100枚」).
          const counter = howManyCounter(word);
          if (!required && counter) {
            clause.alternatives.push([{ text: counter, surface: counter, role: word.role, units: [], home: counter }]);
            clause.weights.push(1);
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
    const normalised = kb.applyVariants(text, core.meta().variants);
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

  // kb.search.searcher.Searcher.with_kinds: in a question, a required word of one
  // alternative may be matched by the kinds its glossary entry says it is one of (墓地 →
  // 領域; search/terms/G.js "k", filed beside the word's postings) at weights.kind, only
  // where a document lacks the word itself (a fallback: clauseScores).
  async function withKinds(clauses) {
    const single = function (c) { return c.required && c.alternatives[0].length === 1; };
    await loadTerms(clauses.filter(single).map(function (c) { return termsGroupOf(c.alternatives[0][0].home); }));
    return clauses.map(function (clause) {
      if (!single(clause)) return clause;
      const word = clause.alternatives[0][0];
      const texts = clause.alternatives.map(function (a) { return JSON.stringify(a.map(function (w) { return w.text; })); });
      const kinds = (ownEntry((termFiles.get(termsGroupOf(word.home)) || {}).k, word.text) || [])
        .filter(function (k) { return !texts.includes(JSON.stringify([k[0]])); });
      if (!kinds.length) return clause;
      const count = clause.alternatives.length;
      const fallbacks = new Set(clause.fallbacks || []);
      kinds.forEach(function (_, k) { fallbacks.add(count + k); });
      return Object.assign({}, clause, {
        alternatives: clause.alternatives.concat(kinds.map(function (k) {
          return [{ text: k[0], surface: k[0], role: 2, units: k[1], home: k[2] }];
        })),
        weights: clause.alternatives.map(function (_, i) { return weightOf(clause, i); })
          .concat(kinds.map(function () { return termsMeta.weights.kind; })),
        fallbacks: fallbacks });
    });
  }
  // kb.search.searcher._without_kinds.
  function withoutKinds(clause) {
    const kept = clause.alternatives.map(function (_, i) { return i; }).filter(function (i) { return !clause.fallbacks.has(i); });
    return Object.assign({}, clause, { alternatives: kept.map(function (i) { return clause.alternatives[i]; }),
      weights: kept.map(function (i) { return weightOf(clause, i); }), fallbacks: new Set() });
  }
  function fallbackCount(clause) { return clause.fallbacks ? clause.fallbacks.size : 0; }
  // kb.search.searcher.Searcher.search's clauses: parse_query's (the numbers already taken
  // out), and in a question (a question mark, or a question's frame:
  // kb.search.query.ParsedQuery.question) each word's kinds.
  async function queryClauses(text) {
    const clauses = await termClauses(text);
    const question = text.includes("?") || clauses.some(function (c) {
      return !c.required && c.typedWords.some(function (w) { return w.role === 3; });
    });
    return { clauses: question ? await withKinds(clauses) : clauses, question: question };
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
    const single = clauses.filter(function (c) { return c.alternatives.length - fallbackCount(c) === 1; })
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
      // A word's kind stands in for the word only where no other alternative matched.
      const fallback = clause.fallbacks && clause.fallbacks.has(index);
      for (const [d, v] of scores || []) if (!(fallback && total.has(d))) total.set(d, (total.get(d) || 0) + v * weight);
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
    return (await queryClauses(asked[0])).clauses.map(function (c) {
      return [c.typed, c.alternatives.map(function (a) { return a.map(function (w) { return w.text; }); }),
        c.alternatives.map(function (_, k) { return weightOf(c, k); }), c.required,
        Array.from(c.fallbacks || []).sort(function (a, b) { return a - b; })];
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
    const clausesAll = (await queryClauses(asked[0])).clauses;
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
    // The term groups of each run's first two characters (the aliases of the windows its
    // first word starts, mostly its postings too) are known from the query alone: asked
    // for beside the run files, not a round trip after the cut.
    const early = [];
    for (const part of asked[0].split(/\s+/u)) {
      const chars = Array.from(part);
      for (const span of runsOf(chars)) early.push(termsGroupOf(chars.slice(span[0], span[0] + 2).join("")));
    }
    const earlyLoaded = loadTerms(early);
    const read = await queryClauses(asked[0]);
    const clausesAll = read.clauses;
    const question = read.question;
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
    await Promise.all([loadTerms(wanted), loadPositions(located), earlyLoaded]);
    const matched = clauses.map(function (c) { return clauseScores(c, 1); });
    const optional = extra.map(function (c) { return clauseScores(c, w.optional); });
    // A word's rarity is its own: the documents its kind stands in for do not count.
    const rarity = matched.map(function (m, k) {
      return rarityOf(fallbackCount(clauses[k]) ? clauseScores(withoutKinds(clauses[k]), 1).size : m.size);
    });
    // kb.search.searcher.Searcher._plain_verb: in a question, a verb no heading holds (role 4).
    if (question) {
      clauses.forEach(function (c, k) {
        if (c.required && c.typedWords.length === 1 && c.typedWords[0].role === 4) rarity[k] *= w.plainVerb;
      });
    }
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
    const kindOf = function (d) { return ["rule", "page", "glossary"][Number(core.meta().kinds[termsSite[d]])]; };
    const has = function (d, keys, bit) {
      const at = flags.get(d);
      if (!at) return false;
      for (const key of keys) if ((at.get(key) || 0) & bit) return true;
      return false;
    };
    const tierOf = function (d) {
      const kind = kindOf(d);
      if (typed[0] && has(d, [typed[0]], 4) && !asked[1]) return w.tiers.pageTitle;
      // kb.search.searcher._name_tier: a question not asking what a term is gives a
      // glossary entry or a heading without text no tier.
      if (question && !asked[1] && (kind === "glossary" || (kind === "rule" && termsHeadings.has(d)))) return 0;
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
      // kb.search.searcher.QUESTION_GLOSSARY_WEIGHT: a question asks how a term works.
      if (kind === "glossary" && question && !asked[1]) weight *= w.questionGlossary;
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
      // kb.search.searcher.subrules_before_their_rule: a subrule below its own rule goes
      // before it when it covers more of the question's words, or as much and holds the
      // counter of a how-many word (Searcher._counted) or is brief (is_brief_subrule)
      // where the rule does not.
      const counted = new Set();
      for (const c of optionalAll) {
        const counter = c.typedWords.length === 1 ? howManyCounter(c.typedWords[0]) : "";
        for (const a of counter ? c.alternatives : []) {
          if (a.length === 1 && a[0].text === counter) for (const d of wordScores(a[0]).keys()) counted.add(d);
        }
      }
      const tieBreakers = [function (h) { return counted.has(h.doc); }, function (h) { return termsBrief.has(h.doc); }];
      for (const hit of hits.slice()) {
        const parent = parentOf(hit.doc);
        if (parent === null) continue;
        const at = hits.indexOf(hit);
        const above = hits.slice(0, at).findIndex(function (h) { return h.doc === parent; });
        if (above < 0 || hits[above].tier > hit.tier) continue;
        const rule = hits[above];
        const share = Math.min(1, covered.get(hit.doc));
        const ruleShare = Math.min(1, covered.get(rule.doc));
        if (share > ruleShare + 1e-9 || (Math.abs(share - ruleShare) <= 1e-9 && tieBreakers.some(function (wins) {
          return wins(hit) && !wins(rule);
        }))) hits.splice(above, 0, hits.splice(at, 1)[0]);
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
})();
