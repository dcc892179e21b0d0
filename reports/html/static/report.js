/* berserk-judge report: client-side search and filters over window.BJ_INDEX.
   A layer on top of static pages: without JavaScript the pages stay complete.
   The filter state lives in the URL fragment (#q=…&code=…), so a link keeps it.
   Results are rendered in slices of PAGE rows, so 10,000 cards stay responsive.
   Card texts are inserted with textContent only: never parsed as HTML. */
(function () {
  "use strict";
  var index = window.BJ_INDEX;
  var panel = document.getElementById("search-panel");
  if (!index || !panel) return;
  var PAGE = 100;
  var FIELDS = ["q", "code", "sev", "set", "amb", "changed"];
  var form = document.getElementById("search");
  var list = document.getElementById("results");
  var status = document.getElementById("status");
  var more = document.getElementById("more");
  var matches = [];
  var shown = 0;
  var active = false;

  function fold(s) { return String(s).toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " "); }
  for (var i = 0; i < index.length; i++) {
    var row = index[i];
    row._h = fold(row.n + " " + row.i + " " + row.t);
  }

  function control(name) { return document.getElementById(name); }
  function readState() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    FIELDS.forEach(function (name) {
      var el = control(name);
      if (!el) return;
      var value = params.get(name) || "";
      if (el.type === "checkbox") el.checked = value === "1";
      else if (el.tagName === "SELECT") {
        el.value = value;
        if (el.value !== value) el.value = "";
      } else el.value = value;
    });
  }
  function writeState() {
    var params = new URLSearchParams();
    FIELDS.forEach(function (name) {
      var el = control(name);
      if (!el) return;
      if (el.type === "checkbox") { if (el.checked) params.set(name, "1"); }
      else if (el.value) params.set(name, el.value);
    });
    var hash = params.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  function filter() {
    var words = fold(control("q").value).trim().split(" ").filter(Boolean);
    var code = control("code").value, sev = control("sev").value, set = control("set").value;
    var amb = control("amb").checked, changed = control("changed") && control("changed").checked;
    active = Boolean(words.length || code || sev || set || amb || changed);
    matches = !active ? [] : index.filter(function (r) {
      if (code && r.c.indexOf(code) < 0) return false;
      if (sev && r.v.indexOf(sev) < 0) return false;
      if (set && r.s !== set) return false;
      if (amb && !r.m) return false;
      if (changed && r.x !== "reading") return false;
      for (var k = 0; k < words.length; k++) if (r._h.indexOf(words[k]) < 0) return false;
      return true;
    });
    list.textContent = "";
    shown = 0;
    renderMore();
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function renderMore() {
    var stop = Math.min(matches.length, shown + PAGE);
    var frag = document.createDocumentFragment();
    for (; shown < stop; shown++) {
      var r = matches[shown];
      var li = el("li");
      li.setAttribute("data-id", r.i);
      var a = el("a", "rname", r.n);
      a.href = r.p + "#" + r.a;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "cid", r.i));
      var codes = el("span", "codes");
      r.c.forEach(function (c) { codes.appendChild(el("span", "badge", c)); codes.appendChild(document.createTextNode(" ")); });
      if (r.m) codes.appendChild(el("span", "badge amb", "неоднозначно"));
      if (r.x === "reading") codes.appendChild(el("span", "badge chg", "чтение изменилось"));
      li.appendChild(codes);
      li.appendChild(el("span", "snip", r.t.replace(/\s+/g, " ")));
      frag.appendChild(li);
    }
    list.appendChild(frag);
    var total = matches.length;
    status.textContent = !active
      ? "В отчёте " + index.length + " карт: введите название или слова текста, или выберите фильтр."
      : "Найдено: " + total + " из " + index.length + (total > shown ? ", показано " + shown : "");
    more.hidden = shown >= total;
    panel.setAttribute("data-ready", "1");
  }

  var timer = null;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(function () { writeState(); filter(); }, 60);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  more.addEventListener("click", renderMore);
  document.getElementById("reset").addEventListener("click", function () {
    form.reset();
    writeState();
    filter();
  });
  window.addEventListener("hashchange", function () {
    readState();
    filter();
    panel.scrollIntoView({ block: "start" });
  });
  panel.hidden = false;
  readState();
  filter();
})();
