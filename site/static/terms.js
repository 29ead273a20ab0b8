// kb site: glossary term previews and the glossary index's filter box.  Term links carry
// data-term (the term's page) and data-term-shard (its preview file, glossary/previews/N.js,
// which calls kb.glossaryPreviews); static/kb.js shows them in the page's #preview box.
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});
  const shards = new Map();
  kb.glossaryPreviews = function (n, entries) { shards.set(String(n), entries); };

  async function entryOf(link) {
    const shard = link.dataset.termShard;
    if (!shards.has(shard)) await kb.loadScript("glossary/previews/" + shard + ".js");
    const entries = shards.get(shard) || {};
    return Object.prototype.hasOwnProperty.call(entries, link.dataset.term) ? entries[link.dataset.term] : null;
  }

  function fill(box, link, entry) {
    box.replaceChildren();
    const head = document.createElement("div");
    head.className = "preview-head";
    const word = document.createElement("span");
    word.className = "number";
    word.textContent = entry ? entry[0] : "";
    head.append(word, document.createTextNode(entry ? "（" + entry[1] + "）" + (entry[2] ? " " + entry[2] : "") : ""));
    const body = document.createElement("div");
    body.className = "preview-text";
    body.textContent = entry ? entry[3] : "用語集にありません。";
    const foot = document.createElement("div");
    foot.className = "preview-version";
    foot.textContent = "用語集";
    box.append(head, body, foot);
  }

  // Shown in the page's one preview box by static/kb.js, as rule previews are.
  (kb.previewKinds = kb.previewKinds || []).push({
    selector: "a[data-term]", load: entryOf, fill: fill,
    failed: ["", "", "", "プレビューを読み込めません。"],
  });

  // -- the glossary index's filter ----------------------------------------------------------
  function fold(text) {
    return text.normalize("NFKC").toLowerCase().replace(/[\s・･／/]/gu, "")
      .replace(/[\u30a1-\u30f6]/gu, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); });
  }

  function startFilter() {
    const input = document.getElementById("glossary-filter");
    const count = document.getElementById("glossary-filter-count");
    if (!input) return;
    // The headword, reading and English name: what each entry's <dt> says.
    const entries = Array.from(document.querySelectorAll("dl.glossary > .entry"));
    const keys = entries.map(function (e) { const dt = e.querySelector("dt"); return fold(dt ? dt.textContent : ""); });
    const initials = document.querySelector("nav.initials");
    function apply() {
      const wanted = fold(input.value);
      let shown = 0;
      entries.forEach(function (entry, i) {
        const match = !wanted || keys[i].includes(wanted);
        entry.hidden = !match;
        if (match) shown++;
      });
      if (initials) initials.hidden = Boolean(wanted);
      count.textContent = wanted ? shown + " 件" : "";
    }
    input.addEventListener("input", apply);
    const initial = new URLSearchParams(location.search).get("filter");
    if (initial) { input.value = initial; apply(); }
  }

  function start() { startFilter(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
