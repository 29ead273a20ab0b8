// kb site frame: theme (dark/light, remembered), copy buttons, keys, the CR outline, print
// footer.  Loaded in <head> without defer so the remembered theme applies before the
// first paint; everything else waits for the document.  No inline code (the CSP), no
// fetch (file://): the outline is a script file calling kb.outline(...).
"use strict";
(function () {
  const kb = (window.kb = window.kb || {});
  const doc = document.documentElement;
  const rootUrl = new URL("..", document.currentScript.src);
  const THEME = "kb-theme";

  function stored() { try { return window.localStorage.getItem(THEME); } catch (e) { return null; } }
  function store(value) { try { window.localStorage.setItem(THEME, value); } catch (e) { /* private mode */ } }
  const remembered = stored();
  if (remembered === "dark" || remembered === "light") doc.dataset.theme = remembered;
  const prefersDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function theme() { return doc.dataset.theme || (prefersDark && prefersDark.matches ? "dark" : "light"); }

  function ready(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  // -- theme toggle ---------------------------------------------------------------------
  function setupTheme() {
    const button = document.querySelector(".theme-toggle");
    if (!button) return;
    const show = function () { button.setAttribute("aria-pressed", String(theme() === "dark")); };
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      const next = theme() === "dark" ? "light" : "dark";
      doc.dataset.theme = next;
      store(next);
      show();
    });
    if (prefersDark && prefersDark.addEventListener) prefersDark.addEventListener("change", show);
  }

  // -- copy buttons ---------------------------------------------------------------------
  function permalink() {
    const canonical = document.querySelector('link[rel="canonical"]');
    return canonical ? canonical.href : window.location.href.split("#")[0];
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "copy-buffer";
      document.body.appendChild(area);
      area.select();
      const done = document.execCommand("copy");
      area.remove();
      if (done) resolve(); else reject(new Error("copy refused"));
    });
  }

  function setupCopy() {
    document.querySelectorAll("button.copy").forEach(function (button) {
      const bar = button.closest(".cite-actions");
      const status = bar ? bar.querySelector(".copy-status") : null;
      const citation = bar ? bar.querySelector("[data-citation]") : null;
      button.hidden = false;
      button.addEventListener("click", function () {
        const url = permalink();
        const text = button.dataset.copy === "citation" && citation
          ? citation.dataset.citation + " " + url : url;
        copyText(text).then(function () {
          if (status) status.textContent = "コピーしました: " + text;
        }, function () {
          if (status) status.textContent = "コピーできませんでした: " + text;
        });
      });
    });
  }

  // -- keys -----------------------------------------------------------------------------
  function typing(target) {
    return target instanceof Element &&
      (target.closest("input, textarea, select, [contenteditable]") !== null);
  }

  function follow(rel) {
    const link = document.querySelector('a[rel="' + rel + '"]');
    if (link) window.location.href = link.href;
  }

  function setupKeys() {
    document.addEventListener("keydown", function (event) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Escape") { closeDrawer(); return; }
      if (typing(event.target)) return;
      if (event.key === "/") {
        const box = document.querySelector('main input[type="search"]') || document.querySelector('input[type="search"]');
        if (box) { event.preventDefault(); box.focus(); box.select(); }
      } else if (event.key === "j" || event.key === "]") {
        follow("next");
      } else if (event.key === "k" || event.key === "[") {
        follow("prev");
      }
    });
  }

  // -- the outline of the whole CR ------------------------------------------------------
  // outline.js: sections and chapters; outline/CHAPTER.js: that chapter's rules.
  const outlineParts = new Map();
  const outlineWaiting = new Map();
  kb.outline = function (name, entries) {
    outlineParts.set(name, entries);
    (outlineWaiting.get(name) || []).forEach(function (resolve) { resolve(entries); });
    outlineWaiting.delete(name);
  };

  function loadOutline(name) {
    name = name || "all";
    if (outlineParts.has(name)) return Promise.resolve(outlineParts.get(name));
    return new Promise(function (resolve, reject) {
      const waiting = outlineWaiting.get(name);
      if (waiting) { waiting.push(resolve); return; }
      outlineWaiting.set(name, [resolve]);
      const script = document.createElement("script");
      script.src = new URL(name === "all" ? "outline.js" : "outline/" + name + ".js", rootUrl).href;
      script.async = true;
      script.onerror = function () { outlineWaiting.delete(name); reject(new Error("cannot load the outline")); };
      document.head.appendChild(script);
    });
  }

  // The numbers above the page's rule: 7, 702, 702.26 for 702.26d.
  function openPath() {
    const article = document.querySelector("article[data-rule]");
    const number = article ? article.dataset.rule : "";
    const open = new Set();
    if (!number) return { number: number, open: open };
    open.add(number.charAt(0));
    if (number.length >= 3) open.add(number.slice(0, 3));
    const rule = /^\d{3}\.\d+/.exec(number);
    if (rule) open.add(rule[0]);
    // The outline stops at rules: a subrule's page marks its rule.
    return { number: rule ? rule[0] : number, open: open };
  }

  function entryLink(number, label, here) {
    const link = document.createElement("a");
    link.href = new URL("rules/" + number + ".html", rootUrl).href;
    link.className = "rule-ref";
    link.dataset.rule = number;
    const num = document.createElement("span");
    num.className = "number";
    num.textContent = number;
    link.append(num);
    if (label) {
      const title = document.createElement("span");
      title.className = "link-title";
      title.textContent = label;
      link.append(" ", title);
    }
    if (number === here) link.setAttribute("aria-current", "page");
    return link;
  }

  // onCurrent(link): called when the current rule's link is shown (it may come later,
  // with its chapter's file).
  function renderOutline(container, entries, onCurrent) {
    const where = openPath();
    function list(items) {
      const ul = document.createElement("ul");
      items.forEach(function (item) {
        const li = document.createElement("li");
        const number = item[0], label = item[1], children = item[2];
        const link = entryLink(number, label, where.number);
        if (typeof children === "number" ? children > 0 : children.length) {
          // A button beside the link opens the level (a link inside <summary> would be
          // two controls in one).
          const row = document.createElement("div");
          row.className = "outline-row";
          const button = document.createElement("button");
          button.type = "button";
          button.className = "twisty";
          button.setAttribute("aria-label", number + " の下位を開く");
          const sub = document.createElement("div");
          const setOpen = function (open) {
            button.setAttribute("aria-expanded", String(open));
            sub.hidden = !open;
            // Built when first opened: the whole CR is a few thousand links; a chapter's
            // rules come from their own file.
            if (!open || sub.firstChild) return;
            if (typeof children !== "number") { sub.append(list(children)); return; }
            sub.textContent = "…";
            loadOutline(number).then(function (rules) {
              sub.replaceChildren(list(rules));
              const here = sub.querySelector('[aria-current="page"]');
              if (here && onCurrent) onCurrent(here);
            }, function () { sub.textContent = "読み込めません。"; });
          };
          button.addEventListener("click", function () { setOpen(sub.hidden); });
          setOpen(where.open.has(number));
          row.append(button, link);
          li.append(row, sub);
        } else {
          li.className = "leaf";
          li.append(link);
        }
        ul.append(li);
      });
      return ul;
    }
    container.replaceChildren(list(entries));
    const current = container.querySelector('[aria-current="page"]');
    if (current && onCurrent) onCurrent(current);
  }

  let drawer = null;
  let toggle = null;
  function closeDrawer() {
    if (!drawer || drawer.hidden) return;
    drawer.hidden = true;
    doc.classList.remove("drawer-open");
    if (toggle) { toggle.setAttribute("aria-expanded", "false"); toggle.focus(); }
  }

  function openDrawer() {
    const nav = drawer.querySelector(".outline");
    drawer.hidden = false;
    doc.classList.add("drawer-open");
    toggle.setAttribute("aria-expanded", "true");
    const close = drawer.querySelector(".drawer-close");
    if (close) close.focus();
    loadOutline().then(function (entries) {
      if (!nav.firstChild) {
        renderOutline(nav, entries, function (current) { current.scrollIntoView({ block: "center" }); });
      }
    }, function () { nav.textContent = "目次を読み込めません。"; });
  }

  function setupOutline() {
    drawer = document.getElementById("outline-drawer");
    toggle = document.querySelector(".outline-toggle");
    if (drawer && toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", function () { if (drawer.hidden) openDrawer(); else closeDrawer(); });
      const close = drawer.querySelector(".drawer-close");
      if (close) close.addEventListener("click", closeDrawer);
    }
    // On a wide screen the rule page's sidebar shows the outline too.
    const side = document.getElementById("outline");
    const wide = window.matchMedia ? window.matchMedia("(min-width: 64em)") : null;
    if (side && wide && wide.matches) {
      loadOutline().then(function (entries) {
        side.hidden = false;
        const heading = document.createElement("h2");
        heading.textContent = "ルールの目次";
        heading.id = "outline-title";
        const nav = document.createElement("nav");
        nav.setAttribute("aria-labelledby", "outline-title");
        side.replaceChildren(heading, nav);
        renderOutline(nav, entries);
      }, function () { /* the drawer says so when opened */ });
    }
  }

  // -- print: the page's address and the date ------------------------------------------
  function setupPrint() {
    const line = document.querySelector("[data-print-url]");
    if (!line) return;
    const fill = function () {
      const today = new Date();
      const day = today.getFullYear() + "-" + String(today.getMonth() + 1).padStart(2, "0") + "-" + String(today.getDate()).padStart(2, "0");
      line.textContent = "URL: " + permalink() + " ・ 印刷日: " + day;
    };
    fill();
    window.addEventListener("beforeprint", fill);
  }

  function setupNotFound() {
    if (!document.body.classList.contains("kind-notfound")) return;
    const box = document.querySelector('input[type="search"]');
    if (box) box.focus();
  }

  ready(function () {
    setupTheme();
    setupCopy();
    setupKeys();
    setupOutline();
    setupPrint();
    setupNotFound();
  });
})();
