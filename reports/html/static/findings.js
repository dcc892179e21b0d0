/* The findings worklist (findings.html): filters with live counts, sort, one row per finding or
   per card, a CSV made in the page, and triage kept in this browser (localStorage) and downloaded
   as `# noqa` lines or per-file-ignores settings. Everything is computed here from two data
   files: the search index (cards) and findings-data.js (reports.html.worklist). */
(function () {
  "use strict";
  var index = window.BJ_INDEX, data = window.BJ_FINDINGS;
  var root = document.getElementById("worklist");
  if (!index || !data || !root) return;
  root.hidden = false;

  var SEV_RU = { error: "ошибка", warning: "предупреждение", info: "сведение" };
  var TRIAGE_RU = { "false": "ложная тревога", wontfix: "не исправлять" };
  var STORE = "berserk-judge:triage:" + location.pathname.replace(/[^/]*$/, "");
  var PAGE = 200;
  var cards = index.cards;

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function plural(n, one, few, many) {
    var m10 = n % 10, m100 = n % 100;
    if (m10 === 1 && m100 !== 11) return one;
    if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
    return many;
  }

  /* the findings as objects, once */
  var findings = data.rows.map(function (r, n) {
    var card = cards[r[0]];
    return { n: n, row: r[0], card: card, code: data.codes[r[1]], sev: data.severities[r[2]], rank: r[2],
             msg: data.messages[r[3]], line: r[4], col: r[5], path: data.paths[r[6]],
             key: card.i + "|" + data.codes[r[1]] + "|" + r[4] + "|" + r[5] };
  });
  var byCard = {};
  findings.forEach(function (f) { (byCard[f.row] = byCard[f.row] || []).push(f); });
  var cardRows = cards.map(function (c, r) { return r; }).filter(function (r) { return cards[r].p !== "changes.html"; });

  /* triage: key → {s: "false" | "wontfix", r: reason}; kept per report folder */
  var triage = {};
  try { triage = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { triage = {}; }
  function saveTriage() {
    try { localStorage.setItem(STORE, JSON.stringify(triage)); } catch (e) { /* private mode: kept for this visit */ }
  }

  var form = document.getElementById("wl-form");
  var sevBox = document.getElementById("wl-sevs"), codeBox = document.getElementById("wl-codes");
  var head = document.getElementById("wl-head"), body = document.getElementById("wl-body");
  var status = document.getElementById("wl-status"), more = document.getElementById("wl-more");
  var sortBy = document.getElementById("wl-sort"), has = document.getElementById("wl-has");
  var triaged = document.getElementById("wl-triaged");
  var csvLink = document.getElementById("wl-csv");
  var shown = PAGE, current = [];

  function facet(box, name, value, label) {
    var lab = el("label", "check facet");
    var input = el("input");
    input.type = "checkbox"; input.name = name; input.value = value;
    lab.appendChild(input);
    lab.appendChild(document.createTextNode(" " + label + " "));
    lab.appendChild(el("span", "count", ""));
    box.appendChild(lab);
    return input;
  }
  var sevInputs = data.severities.map(function (s) { return facet(sevBox, "sev", s, SEV_RU[s]); });
  var codeOrder = data.codes.map(function (c, i) { return i; }).sort(function (a, b) {
    return data.codes[a] < data.codes[b] ? -1 : 1; });
  var codeInputs = codeOrder.map(function (i) {
    var input = facet(codeBox, "code", data.codes[i], data.codes[i] + " · " + data.titles[i]);
    input.parentNode.classList.add("sev-" + worstOf(data.codes[i]));
    return input;
  });
  function worstOf(code) { return (index.severity || {})[code] || "info"; }

  function checked(inputs) {
    var out = {};
    inputs.forEach(function (i) { if (i.checked) out[i.value] = 1; });
    return Object.keys(out).length ? out : null;
  }
  function view() { return form.querySelector("input[name=view]:checked").value; }
  function triageOk(f) {
    var t = triage[f.key], want = triaged.value;
    if (!want) return true;
    if (want === "open") return !t;
    if (want === "any") return Boolean(t);
    return Boolean(t) && t.s === want;
  }
  /* a finding passes every facet but `skip` (SonarQube's live counts: what each choice would add) */
  function passes(f, sevs, codes, skip) {
    if (skip !== "sev" && sevs && !sevs[f.sev]) return false;
    if (skip !== "code" && codes && !codes[f.code]) return false;
    return triageOk(f);
  }

  function compareFindings(a, b) {
    var by = sortBy.value;
    if (by === "code") return a.code < b.code ? -1 : a.code > b.code ? 1 : a.n - b.n;
    if (by === "severity") return a.rank - b.rank || a.n - b.n;
    return a.n - b.n;   /* the base's order: by card, then text order */
  }
  function worstRank(list) { return list.reduce(function (m, f) { return Math.min(m, f.rank); }, 9); }

  function update() {
    var sevs = checked(sevInputs), codes = checked(codeInputs);
    var sevCount = {}, codeCount = {};
    findings.forEach(function (f) {
      if (passes(f, sevs, codes, "sev")) sevCount[f.sev] = (sevCount[f.sev] || 0) + 1;
      if (passes(f, sevs, codes, "code")) codeCount[f.code] = (codeCount[f.code] || 0) + 1;
    });
    sevInputs.forEach(function (i) { i.parentNode.lastChild.textContent = "(" + (sevCount[i.value] || 0) + ")"; });
    codeInputs.forEach(function (i) { i.parentNode.lastChild.textContent = "(" + (codeCount[i.value] || 0) + ")"; });
    var list = findings.filter(function (f) { return passes(f, sevs, codes, null); }).sort(compareFindings);
    if (view() === "cards") {
      var seen = {}, rowsOut = [];
      list.forEach(function (f) {
        if (seen[f.row] === undefined) { seen[f.row] = rowsOut.length; rowsOut.push({ row: f.row, found: [] }); }
        rowsOut[seen[f.row]].found.push(f);
      });
      var filtered = Boolean(sevs || codes || triaged.value);
      if (!has.checked && !filtered) {
        cardRows.forEach(function (r) { if (seen[r] === undefined) rowsOut.push({ row: r, found: [] }); });
        rowsOut.sort(function (a, b) { return a.row - b.row; });
      }
      if (sortBy.value === "severity") rowsOut.sort(function (a, b) { return worstRank(a.found) - worstRank(b.found) || a.row - b.row; });
      else if (sortBy.value === "code") rowsOut.sort(function (a, b) {
        var x = a.found.length ? a.found[0].code : "~", y = b.found.length ? b.found[0].code : "~";
        return x < y ? -1 : x > y ? 1 : a.row - b.row; });
      else rowsOut.sort(function (a, b) { return a.row - b.row; });
      current = rowsOut;
      status.textContent = "Карт: " + rowsOut.length + ", находок: " + list.length + " из " + findings.length;
    } else {
      current = list;
      status.textContent = "Находок: " + list.length + " из " + findings.length;
    }
    draw();
    triageStatus();
  }

  function cardLink(card) {
    var a = el("a", "", card.n);
    a.href = card.p + "#" + card.a;
    return a;
  }
  function codeLink(code) {
    var a = el("a", "badge sev-" + worstOf(code), code);
    a.href = "rules.html#" + encodeURIComponent(code);
    return a;
  }
  function headRow(names) {
    head.textContent = "";
    var tr = el("tr");
    names.forEach(function (n) { var th = el("th", "", n); th.scope = "col"; tr.appendChild(th); });
    head.appendChild(tr);
  }
  function triageCell(f) {
    var td = el("td", "wl-tri"), t = triage[f.key] || {};
    var select = el("select");
    select.setAttribute("aria-label", "Разбор: " + f.code + ", " + f.card.n + " (" + f.card.i + ")");
    [["", "—"], ["false", TRIAGE_RU["false"]], ["wontfix", TRIAGE_RU.wontfix]].forEach(function (o) {
      var opt = el("option", "", o[1]); opt.value = o[0]; select.appendChild(opt);
    });
    select.value = t.s || "";
    var reason = el("input");
    reason.type = "text";
    reason.placeholder = "причина";
    reason.value = t.r || "";
    reason.setAttribute("aria-label", "Причина: " + f.code + ", " + f.card.n + " (" + f.card.i + ")");
    reason.hidden = !t.s;
    select.addEventListener("change", function () {
      if (select.value) triage[f.key] = { s: select.value, r: reason.value };
      else delete triage[f.key];
      reason.hidden = !select.value;
      saveTriage();
      triageStatus();
    });
    reason.addEventListener("input", function () {
      if (triage[f.key]) { triage[f.key].r = reason.value; saveTriage(); triageStatus(); }
    });
    var box = el("div");
    box.appendChild(select);
    box.appendChild(reason);
    td.appendChild(box);
    return td;
  }
  function draw() {
    body.textContent = "";
    var frag = document.createDocumentFragment();
    var cardView = view() === "cards";
    headRow(cardView ? ["Карта", "Выпуск", "Находки", "Важность"]
                     : ["Карта", "Код", "Важность", "Сообщение", "Место", "Разбор"]);
    current.slice(0, shown).forEach(function (item) {
      var tr = el("tr");
      if (cardView) {
        var card = cards[item.row], td = el("td");
        td.appendChild(cardLink(card));
        td.appendChild(document.createTextNode(" "));
        td.appendChild(el("span", "cid", card.i));
        tr.appendChild(td);
        tr.appendChild(el("td", "", (index.sets || {})[card.s] || card.s));
        var codesTd = el("td", "codes");
        if (!item.found.length) codesTd.appendChild(el("span", "badge ok", "замечаний нет"));
        item.found.forEach(function (f) { codesTd.appendChild(codeLink(f.code)); codesTd.appendChild(document.createTextNode(" ")); });
        tr.appendChild(codesTd);
        tr.appendChild(el("td", "", item.found.length ? SEV_RU[data.severities[worstRank(item.found)]] : "—"));
      } else {
        var f = item, c = el("td");
        tr.className = "sev-" + f.sev;
        c.appendChild(cardLink(f.card));
        c.appendChild(document.createTextNode(" "));
        c.appendChild(el("span", "cid", f.card.i));
        tr.appendChild(c);
        var k = el("td"); k.appendChild(codeLink(f.code)); tr.appendChild(k);
        tr.appendChild(el("td", "sevword", SEV_RU[f.sev]));
        tr.appendChild(el("td", "msg", f.msg));
        tr.appendChild(el("td", "cid place", f.path + (f.line > 0 ? ":" + f.line + ":" + f.col : "")));
        tr.appendChild(triageCell(f));
      }
      frag.appendChild(tr);
    });
    body.appendChild(frag);
    more.hidden = shown >= current.length;
    root.setAttribute("data-ready", "1");
  }

  /* CSV: one row per finding shown by the filters (RFC 4180, a BOM for spreadsheets; a cell that
     a spreadsheet would run as a formula starts with an apostrophe) */
  function cell(value) {
    var s = String(value === undefined || value === null ? "" : value);
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n;]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function csvText() {
    var list = view() === "cards" ? [].concat.apply([], current.map(function (c) { return c.found; })) : current;
    var lines = [["карта", "название", "выпуск", "файл", "строка", "столбец", "код", "важность", "сообщение", "разбор", "причина"]];
    list.forEach(function (f) {
      var t = triage[f.key] || {};
      lines.push([f.card.i, f.card.n, f.card.s, f.path, f.line, f.col, f.code, SEV_RU[f.sev], f.msg,
                  t.s ? TRIAGE_RU[t.s] : "", t.r || ""]);
    });
    return "\ufeff" + lines.map(function (l) { return l.map(cell).join(","); }).join("\r\n") + "\r\n";
  }
  window.BJ_WORKLIST_CSV = csvText;

  /* triage as what silences it: a `# noqa: CODE` per card (where the loader reads it: at the end
     of a one-line text, after `text: |-`, or on the line under the text block), or per-file-ignores */
  function triagedFindings() {
    return findings.filter(function (f) { return triage[f.key]; });
  }
  function noqaText() {
    var lines = ["# Разбор находок отчёта berserk-judge: допишите «# noqa: КОД» к тексту карты",
                 "# (в конце однострочного текста, после «text: |-» или строкой под блоком текста)", ""];
    var perCard = {};
    triagedFindings().forEach(function (f) { (perCard[f.row] = perCard[f.row] || []).push(f); });
    Object.keys(perCard).map(Number).sort(function (a, b) { return a - b; }).forEach(function (r) {
      var list = perCard[r], card = cards[r], codes = [];
      list.forEach(function (f) { if (codes.indexOf(f.code) < 0) codes.push(f.code); });
      lines.push("# " + list[0].path + (list[0].line > 0 ? ":" + list[0].line : "") + " — " + card.i + " «" + card.n + "»");
      list.forEach(function (f) {
        var t = triage[f.key];
        lines.push("#   " + f.code + ": " + TRIAGE_RU[t.s] + (t.r ? " — " + t.r.replace(/\s+/g, " ") : ""));
      });
      lines.push("# noqa: " + codes.join(", "));
      lines.push("");
    });
    return lines.join("\n");
  }
  function ignoresText() {
    var perFile = {}, order = [];
    triagedFindings().forEach(function (f) {
      if (!perFile[f.path]) { perFile[f.path] = []; order.push(f.path); }
      if (perFile[f.path].indexOf(f.code) < 0) perFile[f.path].push(f.code);
    });
    var lines = ["# berserk-judge.toml (в pyproject.toml — под [tool.berserk-judge.per-file-ignores]);",
                 "# отключает код во всём файле, не только у разобранных карт", "[per-file-ignores]"];
    order.sort().forEach(function (p) {
      lines.push(JSON.stringify(p) + " = [" + perFile[p].sort().map(function (c) { return JSON.stringify(c); }).join(", ") + "]");
    });
    return lines.join("\n") + "\n";
  }
  window.BJ_TRIAGE_NOQA = noqaText;
  window.BJ_TRIAGE_IGNORES = ignoresText;

  function triageStatus() {
    var list = triagedFindings(), n = list.length;
    var fa = list.filter(function (f) { return triage[f.key].s === "false"; }).length;
    document.getElementById("wl-triage-status").textContent = n
      ? "Разобрано " + n + " " + plural(n, "находка", "находки", "находок") + ": ложная тревога — " + fa + ", не исправлять — " + (n - fa) + "."
      : "Ничего не разобрано: выберите «ложная тревога» или «не исправлять» в строке находки.";
  }

  /* a download made when asked: a Blob of the current text under the link */
  function download(link, make, type) {
    link.addEventListener("click", function () {
      if (link.href.indexOf("blob:") === 0) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([make()], { type: type }));
    });
  }
  download(csvLink, csvText, "text/csv;charset=utf-8");
  download(document.getElementById("wl-noqa"), noqaText, "text/plain;charset=utf-8");
  download(document.getElementById("wl-ignores"), ignoresText, "text/plain;charset=utf-8");

  form.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest(".wl-tri")) return;
    shown = PAGE; update();
  });
  more.addEventListener("click", function () { shown += PAGE; draw(); });
  document.getElementById("wl-reset").addEventListener("click", function () {
    sevInputs.concat(codeInputs).forEach(function (i) { i.checked = false; });
    triaged.value = ""; sortBy.value = "card"; has.checked = true;
    form.querySelector("input[name=view][value=findings]").checked = true;
    shown = PAGE; update();
  });
  document.getElementById("wl-forget").addEventListener("click", function () {
    triage = {}; saveTriage(); update();
  });
  /* a link such as findings.html#code=BJ101,BJ501&sev=error opens with those filters */
  var params = new URLSearchParams(location.hash.replace(/^#/, ""));
  (params.get("code") || "").split(",").forEach(function (c) {
    codeInputs.forEach(function (i) { if (i.value === c) i.checked = true; }); });
  (params.get("sev") || "").split(",").forEach(function (s) {
    sevInputs.forEach(function (i) { if (i.value === s) i.checked = true; }); });
  update();
})();
