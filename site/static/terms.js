// kb site: glossary term previews (hover and focus, like rule previews) and the glossary
// index's filter box.  Term links carry data-term (the term's page) and data-term-shard
// (its preview file, glossary/previews/N.js, which calls kb.glossaryPreviews).  The
// preview box is the page's #preview, shared with rule previews (static/kb.js).
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

  let box = null;
  let current = null;
  let timer = 0;

  function fill(entry) {
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

  function place(link) {
    const rect = link.getBoundingClientRect();
    box.hidden = false;
    const width = box.offsetWidth;
    let left = rect.left + window.scrollX;
    left = Math.max(window.scrollX + 8, Math.min(left, window.scrollX + document.documentElement.clientWidth - width - 8));
    let top = rect.bottom + window.scrollY + 6;
    if (rect.bottom + box.offsetHeight + 12 > window.innerHeight && rect.top > box.offsetHeight + 12) {
      top = rect.top + window.scrollY - box.offsetHeight - 6;
    }
    box.style.left = left + "px";
    box.style.top = top + "px";
  }

  async function show(link) {
    current = link;
    let entry = null;
    try { entry = await entryOf(link); } catch (error) { entry = ["", "", "", "プレビューを読み込めません。"]; }
    if (current !== link) return;
    fill(entry);
    link.setAttribute("aria-describedby", "preview");
    place(link);
  }

  function hide() {
    clearTimeout(timer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (box) box.hidden = true;
  }

  function termLink(target) {
    return target instanceof Element ? target.closest("a[data-term]") : null;
  }

  function startPreviews() {
    box = document.getElementById("preview");
    if (!box || !kb.loadScript) return;
    const inside = function (node, container) { return node instanceof Node && container !== null && container.contains(node); };
    document.addEventListener("mouseover", function (event) {
      const link = termLink(event.target);
      if (!link || link === current) return;
      clearTimeout(timer);
      timer = setTimeout(function () { show(link); }, 120);
    });
    // Stays while the pointer is on the link or the preview (WCAG 1.4.13), as rule previews do.
    document.addEventListener("mouseout", function (event) {
      const link = termLink(event.target);
      if (!link && !(current && inside(event.target, box))) return;
      const to = event.relatedTarget;
      if (inside(to, box) || inside(to, current) || inside(to, link)) return;
      if (current) hide();
    });
    document.addEventListener("focusin", function (event) {
      const link = termLink(event.target);
      if (link) { clearTimeout(timer); show(link); } else if (current) hide();
    });
    document.addEventListener("focusout", function (event) {
      if (termLink(event.target) && current) hide();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && current) hide();
    });
  }

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

  function start() { startPreviews(); startFilter(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
