// kb site: script loading and rule previews.  No inline code (the CSP forbids it), no
// fetch (blocked on file://): data files are scripts that call kb.<name>(...).
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});
  const here = document.currentScript;
  // static/kb.js -> the site root, wherever the site was opened from.
  kb.root = new URL("..", here.src);
  const loading = new Map();

  kb.loadScript = function (path) {
    let promise = loading.get(path);
    if (!promise) {
      promise = new Promise(function (resolve, reject) {
        const script = document.createElement("script");
        script.src = new URL(path, kb.root).href;
        script.async = true;
        script.onload = function () { resolve(); };
        script.onerror = function () { loading.delete(path); reject(new Error("cannot load " + path)); };
        document.head.appendChild(script);
      });
      loading.set(path, promise);
    }
    return promise;
  };

  // -- previews -------------------------------------------------------------------------
  const shards = new Map();
  let shardNames = null;
  kb.previews = function (name, entries, names) {
    shards.set(name, entries);
    if (names) shardNames = new Set(names);
  };

  // The same as kb.site.urls.preview_shard: ten rules of a chapter per file.
  kb.previewShard = function (number) {
    const match = /^(\d{3})\.(\d{1,3})[a-z]?$/.exec(number);
    return match ? match[1] + "-" + Math.floor(Number(match[2]) / 10) : "top";
  };

  // The previews of the number's file: {number: [title, text, version]}.
  async function entriesOf(shard) {
    if (!shards.has(shard)) await kb.loadScript("previews/" + shard + ".js");
    return shards.get(shard) || {};
  }

  // For a link on a page (the number is in the site): its file alone.
  kb.getPreview = async function (number) {
    const entries = await entriesOf(kb.previewShard(number));
    return Object.prototype.hasOwnProperty.call(entries, number) ? entries[number] : null;
  };

  // For a number typed in a query: the top file names every file, so a number that no
  // file holds asks for none (999.1 is no failed request).
  kb.previewEntries = async function (number) {
    if (!shardNames) await entriesOf("top");
    const shard = kb.previewShard(number);
    return shardNames && shardNames.has(shard) ? entriesOf(shard) : {};
  };

  kb.findPreview = async function (number) {
    const entries = await kb.previewEntries(number);
    return Object.prototype.hasOwnProperty.call(entries, number) ? entries[number] : null;
  };

  let box = null;
  let current = null;
  let timer = 0;

  function fill(link, number, entry) {
    box.replaceChildren();
    const head = document.createElement("div");
    head.className = "preview-head";
    const num = document.createElement("span");
    num.className = "number";
    num.textContent = number;
    head.append(num, document.createTextNode(entry ? entry[0] : ""));
    const body = document.createElement("div");
    body.className = "preview-text";
    body.textContent = entry === null ? "このルールはありません。" :
      (entry[1] || (entry[0] ? "" : "本文なし（読み込んだ資料にない）"));
    box.append(head, body);
    if (entry && entry[2]) {
      const version = document.createElement("div");
      version.className = "preview-version";
      // A version as its release date, the version string as a tooltip (20260116.0 -> 2026-01-16).
      const day = /^(\d{4})(\d{2})(\d{2})\.\d+$/.exec(entry[2]);
      version.textContent = "総合ルール " + (day ? day[1] + "-" + day[2] + "-" + day[3] : entry[2]);
      version.title = day ? "日本語版 " + entry[2] : "";
      box.append(version);
    }
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
    const number = link.dataset.rule;
    current = link;
    let entry;
    try {
      entry = await kb.getPreview(number);
    } catch (error) {
      entry = ["", "プレビューを読み込めません。", ""];
    }
    if (current !== link) return;
    fill(link, number, entry);
    link.setAttribute("aria-describedby", "preview");
    place(link);
  }

  function hide() {
    clearTimeout(timer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (box) box.hidden = true;
  }

  function ruleLink(target) {
    return target instanceof Element ? target.closest("a[data-rule]") : null;
  }

  function start() {
    box = document.getElementById("preview");
    if (!box) return;
    document.addEventListener("mouseover", function (event) {
      const link = ruleLink(event.target);
      if (!link || link === current) return;
      clearTimeout(timer);
      timer = setTimeout(function () { show(link); }, 120);
    });
    // The preview stays while the pointer is on the link or on the preview itself, so a
    // reader can move onto it (WCAG 1.4.13); it goes when the pointer leaves both.
    const inside = function (node, container) { return node instanceof Node && container !== null && container.contains(node); };
    document.addEventListener("mouseout", function (event) {
      const from = event.target;
      const to = event.relatedTarget;
      const link = ruleLink(from);
      if (!link && !inside(from, box)) return;
      if (inside(to, box) || inside(to, current) || inside(to, link)) return;
      clearTimeout(timer);
      hide();
    });
    document.addEventListener("focusin", function (event) {
      const link = ruleLink(event.target);
      if (link) { clearTimeout(timer); show(link); } else hide();
    });
    document.addEventListener("focusout", function (event) {
      if (ruleLink(event.target)) hide();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") hide();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
