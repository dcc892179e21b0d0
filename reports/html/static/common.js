/* What every page of the report shares, loaded before its own script: the Russian plural, card
   icons drawn as the card pages draw them, the search index's rows decoded once (report.js and
   findings.js read the same rows: one decoder, so a link to a card is made one way), and the
   keyboard: «/» goes to the search, a linked card or finding takes the focus. */
(function () {
  "use strict";
  var BJ = window.BJ = window.BJ || {};

  /* Russian noun form after a number (the same rule as russian/plural.py) */
  BJ.plural = function (n, one, few, many) {
    var d = n % 10, h = n % 100;
    if (d === 1 && h !== 11) return one;
    if (d >= 2 && d <= 4 && !(h >= 12 && h <= 14)) return few;
    return many;
  };
  window.BJ_PLURAL = BJ.plural;

  BJ.node = function (tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  };

  /* text with {tap} and the like as the symbols the server draws (reports/html/icons.py): textContent
     only; `glyphs` is name → [symbol, Russian name]; a placeholder outside it stays text */
  var ICON_RE = /\{(\w+)\}/g;
  BJ.iconText = function (parent, text, glyphs) {
    var at = 0, m;
    ICON_RE.lastIndex = 0;
    while ((m = ICON_RE.exec(text)) !== null) {
      var g = glyphs && glyphs[m[1]];
      if (!g) continue;
      parent.appendChild(document.createTextNode(text.slice(at, m.index)));
      var icon = BJ.node("i", "ico i-" + m[1], m[0]);
      icon.setAttribute("role", "img");
      icon.title = g[1];
      parent.appendChild(icon);
      at = m.index + m[0].length;
    }
    parent.appendChild(document.createTextNode(text.slice(at)));
    return parent;
  };

  /* the search index's rows (reports/html/search_index.py) as the pages read them: the page's
     name for its number, the anchor for the id it defaults to, and what a row leaves out when
     empty; decoded once, whichever script asks first */
  BJ.rows = function (index) {
    if (!index.decoded) {
      index.cards.forEach(function (row) {
        row.p = index.pages[row.p];
        if (row.a === undefined) row.a = row.i;
        row.c = row.c || []; row.v = row.v || []; row.x = row.x || [];
        row.m = row.m || 0; row.f = row.f || 0; row.k = row.k || "";
      });
      index.decoded = true;
    }
    return index.cards;
  };
  /* a decoded row's link: its entry on its page (a removed card of --compare: its change) */
  BJ.cardHref = function (row) { return row.p + "#" + row.a; };

  /* a linked element takes the focus (a screen reader and the keyboard go on from it), without
     a second scroll; an element that is not focusable becomes focusable by script only */
  BJ.focus = function (el) {
    if (!el) return;
    if (!el.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) el.setAttribute("tabindex", "-1");
    try { el.focus({ preventScroll: true }); } catch (e) { el.focus(); }
  };

  /* the element a link points at takes the focus: «Поиск» (#search-panel) the search field, a card,
     a rule, a change or a section itself (a card page's report.js focuses again once it has drawn
     the cards above, and a finding's «~n» that it draws) */
  function focusLinked() {
    var id = location.hash ? decodeURIComponent(location.hash.slice(1)) : "", el = id && document.getElementById(id);
    if (!el) return;
    var q = document.getElementById("q");
    if (id === "search-panel" && q) {
      if (!el.hidden) q.focus({ preventScroll: true });
    } else BJ.focus(el);
  }
  BJ.focusLinked = focusLinked;
  window.addEventListener("hashchange", focusLinked);
  /* at once (a target made focusable keeps the focus Chromium gives a fragment's target), and again
     after the first frame past load, unless the reader has moved on: Chromium clears the focus when
     it scrolls to a fragment whose element was not focusable */
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", focusLinked);
  else focusLinked();
  window.addEventListener("load", function () {
    requestAnimationFrame(function () {
      setTimeout(function () {
        if (!document.activeElement || document.activeElement === document.body) focusLinked();
      }, 0);
    });
  });

  /* «/» (as on most sites) goes to the search: the field on the summary, else the summary's field */
  document.addEventListener("keydown", function (e) {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    e.preventDefault();
    var q = document.getElementById("q"), panel = document.getElementById("search-panel");
    if (q && panel && !panel.hidden) {
      panel.scrollIntoView({ block: "start" });
      q.focus();
      q.select();
    } else location.href = "index.html#search-panel";
  });
})();
