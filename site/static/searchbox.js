// kb site: the search box.  Suggestions as you type (rule numbers from the rule previews,
// rule headings, glossary terms and page titles from search/suggest/N.js), arrow keys
// through the suggestions and the search page's results, Enter on an exact rule number
// straight to the rule (one page load), and the outdated-claim notes on search results
// (search/notes.js; search.js calls kb.decorateHit).  Ranking is search.js's, not here.
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});
  const SUGGEST_SHARDS = 32; // kb.site.suggest.SHARDS
  const MOST = 8;
  const shards = new Map();
  kb.searchSuggest = function (n, rows) { shards.set(n, rows); };

  // kb.site.suggest.suggest_key: NFKC, lower case, katakana as hiragana, no spaces or ・／.
  function fold(text) {
    return text.normalize("NFKC").toLowerCase().replace(/[\s・･／/]/gu, "")
      .replace(/[\u30a1-\u30f6]/gu, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); });
  }

  function shardOf(key) {
    let hash = 0x811c9dc5;
    for (const ch of Array.from(key).slice(0, 1)) hash = Math.imul(hash ^ ch.codePointAt(0), 0x01000193) >>> 0;
    return hash % SUGGEST_SHARDS;
  }

  // A whole query that is one rule number, as people type it: 702.26d, ７０２．２６ｄ,
  // CR 702.26d, rule 702.26d, ルール 702.26d, 702.26d項, 613-7f, 613,7f.
  const NUMBER_RE = /^(?:cr|rule|r|総合ルール|ルール)?[\s:：]*(\d{1,3}(?:\.\d{1,3}[a-km-np-z]?)?)\.?(?:項)?$/u;
  kb.exactRuleNumber = function (value) {
    let text = value.normalize("NFKC").trim().toLowerCase();
    text = text.replace(/^((?:cr|rule|r|総合ルール|ルール)?[\s:：]*\d{3})[,\-ー－](\d)/u, "$1.$2");
    const match = NUMBER_RE.exec(text);
    return match ? match[1] : null;
  };

  function rulePath(number) { return new URL("rules/" + number + ".html", kb.root).href; }

  // -- suggestions ----------------------------------------------------------------------
  async function numberSuggestions(prefix) {
    const entries = await kb.previewEntries(prefix.replace(/\.$/, ""));
    const top = prefix.length <= 3 ? await kb.previewEntries("1") : {};
    const all = Object.assign({}, top, entries);
    return Object.keys(all).filter(function (n) { return n.startsWith(prefix); })
      .sort(function (a, b) { return a.length - b.length || (a < b ? -1 : 1); }).slice(0, MOST)
      .map(function (n) {
        const entry = all[n];
        return { label: n + (entry[0] ? " " + entry[0] : ""), detail: entry[1] ? entry[1].slice(0, 40) : "", kind: "r",
                 href: rulePath(n) };
      });
  }

  async function wordSuggestions(key) {
    const shard = shardOf(key);
    if (!shards.has(shard)) await kb.loadScript("search/suggest/" + shard + ".js");
    const seen = new Set();
    const found = [];
    for (const row of shards.get(shard) || []) {
      if (!row[0].startsWith(key) || seen.has(row[2])) continue;
      seen.add(row[2]);
      found.push({ label: row[1], href: new URL(row[2], kb.root).href, kind: row[3], detail: row[4] });
      if (found.length >= MOST) break;
    }
    return found;
  }

  kb.suggest = async function (value) {
    const key = fold(value);
    if (!key) return [];
    if (/^\d/.test(key)) {
      const number = key.replace(/^(\d{3})[,\-ー－]/u, "$1.");
      return /^\d{1,3}(\.\d{0,3}[a-z]?)?$/.test(number) ? numberSuggestions(number) : [];
    }
    return wordSuggestions(key);
  };

  const KIND_LABELS = { r: "ルール", g: "用語集", p: "Wiki" };

  function attach(form) {
    const input = form.querySelector("input[name=q]");
    const list = form.querySelector("[role=listbox]");
    if (!input || !list) return;
    let options = [];
    let active = -1;
    let generation = 0;

    function close() {
      list.hidden = true;
      list.replaceChildren();
      options = [];
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function mark(index) {
      active = index;
      options.forEach(function (option, i) { option.setAttribute("aria-selected", i === index ? "true" : "false"); });
      if (index >= 0) input.setAttribute("aria-activedescendant", options[index].id);
      else input.removeAttribute("aria-activedescendant");
    }

    function show(found) {
      list.replaceChildren();
      options = found.map(function (item, i) {
        const option = document.createElement("li");
        option.id = list.id + "-" + i;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.dataset.href = item.href;
        const kind = document.createElement("span");
        kind.className = "suggest-kind";
        kind.textContent = KIND_LABELS[item.kind] || "";
        const label = document.createElement("span");
        label.className = "suggest-label";
        label.textContent = item.label;
        option.append(kind, label);
        if (item.detail) {
          const detail = document.createElement("span");
          detail.className = "suggest-detail";
          detail.textContent = item.detail;
          option.append(detail);
        }
        option.addEventListener("mousedown", function (event) { event.preventDefault(); location.href = item.href; });
        list.append(option);
        return option;
      });
      active = -1;
      list.hidden = options.length === 0;
      input.setAttribute("aria-expanded", options.length ? "true" : "false");
    }

    input.addEventListener("input", async function () {
      const mine = ++generation;
      let found = [];
      try { found = await kb.suggest(input.value); } catch (error) { found = []; }
      if (mine === generation) show(found);
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
    input.addEventListener("keydown", function (event) {
      if (event.isComposing) return;
      if (event.key === "ArrowDown" && options.length) {
        event.preventDefault();
        mark(Math.min(active + 1, options.length - 1));
      } else if (event.key === "ArrowDown") {
        const first = document.querySelector("#results a.result-title");
        if (first) { event.preventDefault(); first.focus(); }
      } else if (event.key === "ArrowUp" && options.length) {
        event.preventDefault();
        mark(active - 1);
      } else if (event.key === "Escape" && options.length) {
        event.preventDefault();
        close();
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        location.href = options[active].dataset.href;
      }
    });
  }

  // -- Enter on an exact rule number: straight to the rule -------------------------------
  // Capturing, so it runs before the search page's own submit handler.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form[role=search]")) return;
    const input = form.querySelector("input[name=q]");
    const number = input ? kb.exactRuleNumber(input.value) : null;
    if (number === null || !kb.findPreview) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const query = input.value;
    kb.findPreview(number).then(function (entry) {
      location.href = entry !== null ? rulePath(number)
        : new URL("search.html?q=" + encodeURIComponent(query), kb.root).href;
    }, function () {
      location.href = new URL("search.html?q=" + encodeURIComponent(query), kb.root).href;
    });
  }, true);

  // -- arrow keys through the search page's results -------------------------------------
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.matches("#results a.result-title")) return;
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = Array.from(document.querySelectorAll("#results a.result-title"));
    const at = links.indexOf(target);
    event.preventDefault();
    if (event.key === "ArrowDown" && at + 1 < links.length) links[at + 1].focus();
    else if (event.key === "ArrowUp" && at > 0) links[at - 1].focus();
    else if (event.key === "ArrowUp") { const box = document.getElementById("q"); if (box) box.focus(); }
  });

  // -- outdated-claim notes on search results --------------------------------------------
  let notes = null;
  let loadingNotes = null;
  kb.searchNotes = function (data) { notes = data; };

  function addNotes(item, hit) {
    const found = (notes && Object.prototype.hasOwnProperty.call(notes, hit.id)) ? notes[hit.id] : [];
    const shown = (hit.snippet || []).map(function (piece) { return piece[0]; }).join("");
    for (const row of found) {
      const passage = row[0];
      if (!shown.includes(passage.slice(0, 12)) && !passage.includes(shown.replace(/^…|…$/g, "").slice(0, 24))) continue;
      const note = document.createElement("p");
      note.className = "outdated-note";
      note.setAttribute("role", "note");
      const rule = document.createElement("a");
      rule.className = "rule-ref";
      rule.href = new URL(row[3], kb.root).href;
      rule.dataset.rule = row[2];
      rule.textContent = row[2];
      const text = row[1];
      const at = text.indexOf(row[2]);
      note.append(document.createTextNode("⚠ " + text.slice(0, at)), rule, document.createTextNode(text.slice(at + row[2].length)));
      const why = document.createElement("span");
      why.className = "outdated-why";
      const check = document.createElement("a");
      check.href = new URL(row[3] + "#checks", kb.root).href;
      check.textContent = row[4];
      why.append(document.createTextNode("（"), check, document.createTextNode("）"));
      note.append(" ", why);
      item.append(note);
    }
  }

  kb.decorateHit = function (item, hit) {
    if (!hit.id || !hit.id.startsWith("page:")) return;
    if (notes) { addNotes(item, hit); return; }
    if (!loadingNotes) loadingNotes = kb.loadScript("search/notes.js");
    loadingNotes.then(function () { if (notes) addNotes(item, hit); }, function () { /* no notes: nothing to mark */ });
  };

  function start() {
    document.querySelectorAll("form[role=search]").forEach(attach);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
