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

  // -- the preview box --------------------------------------------------------------------
  // One #preview box per page, shown on hover and focus for every kind of link that has a
  // preview: rules here, glossary terms in static/terms.js.  A kind is {selector, load(link)
  // -> entry (a promise), failed (the entry when loading fails), fill(box, link, entry)},
  // pushed onto kb.previewKinds by whichever script loads first.
  const kinds = (kb.previewKinds = kb.previewKinds || []);

  let box = null;
  let current = null;
  let timer = 0;

  function fillRule(into, link, entry) {
    const number = link.dataset.rule;
    into.replaceChildren();
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
    into.append(head, body);
    if (entry && entry[2]) {
      const version = document.createElement("div");
      version.className = "preview-version";
      // A version as its release date, the version string as a tooltip (20260116.0 -> 2026-01-16).
      const day = /^(\d{4})(\d{2})(\d{2})\.\d+$/.exec(entry[2]);
      version.textContent = "総合ルール " + (day ? day[1] + "-" + day[2] + "-" + day[3] : entry[2]);
      version.title = day ? "日本語版 " + entry[2] : "";
      into.append(version);
    }
  }

  kinds.push({
    selector: "a[data-rule]",
    load: function (link) { return kb.getPreview(link.dataset.rule); },
    failed: ["", "プレビューを読み込めません。", ""],
    fill: fillRule,
  });

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

  // The link with a preview that the target is in, and its kind.
  function previewLink(target) {
    if (!(target instanceof Element)) return null;
    for (const kind of kinds) {
      const link = target.closest(kind.selector);
      if (link) return { link: link, kind: kind };
    }
    return null;
  }

  async function show(found) {
    const link = found.link;
    current = link;
    let entry;
    try {
      entry = await found.kind.load(link);
    } catch (error) {
      entry = found.kind.failed;
    }
    if (current !== link) return;
    found.kind.fill(box, link, entry);
    link.setAttribute("aria-describedby", "preview");
    place(link);
  }

  function hide() {
    clearTimeout(timer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (box) box.hidden = true;
  }

  function start() {
    box = document.getElementById("preview");
    if (!box) return;
    document.addEventListener("mouseover", function (event) {
      const found = previewLink(event.target);
      if (!found || found.link === current) return;
      clearTimeout(timer);
      timer = setTimeout(function () { show(found); }, 120);
    });
    // The preview stays while the pointer is on the link or on the preview itself, so a
    // reader can move onto it (WCAG 1.4.13); it goes when the pointer leaves both.
    const inside = function (node, container) { return node instanceof Node && container !== null && container.contains(node); };
    document.addEventListener("mouseout", function (event) {
      const from = event.target;
      const to = event.relatedTarget;
      const found = previewLink(from);
      if (!found && !inside(from, box)) return;
      if (inside(to, box) || inside(to, current) || (found && inside(to, found.link))) return;
      clearTimeout(timer);
      hide();
    });
    document.addEventListener("focusin", function (event) {
      const found = previewLink(event.target);
      if (found) { clearTimeout(timer); show(found); } else hide();
    });
    document.addEventListener("focusout", function (event) {
      if (previewLink(event.target)) hide();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") hide();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
