/* The findings worklist (findings.html): filters with live counts (severity, code, set, file,
   triage, one card), sort, one row per finding or per card, a CSV made in the page, and triage
   kept in this browser (localStorage) and downloaded as `# noqa` lines, per-file-ignores
   settings or the marks themselves. The filters live in the URL fragment
   (#code=BJ101,BJ501&sev=error&set=10&file=…&tri=open&card=…), so a link or a reload keeps them.
   Everything is computed here from two data files: the search index (cards; decoded by
   common.js, as report.js reads it) and findings-data.js (reports/html/worklist.py). */
(function () {
  "use strict";
  var BJ = window.BJ, index = window.BJ_INDEX, data = window.BJ_FINDINGS;
  var root = document.getElementById("worklist");
  if (!BJ || !index || !data || !root) return;
  root.hidden = false;

  var SEV_RU = { error: "ошибка", warning: "предупреждение", info: "сведение" };
  var TRIAGE_RU = { "false": "ложная тревога", wontfix: "не исправлять" };
  var STORE = "berserk-judge:triage:" + location.pathname.replace(/[^/]*$/, "");
  var PAGE = 200;
  var cards = BJ.rows(index), el = BJ.node, plural = BJ.plural;
  var sets = index.sets || {};

  /* every card's file, from the runs [first row, file] */
  var fileOf = [];
  data.files.forEach(function (run, i) {
    var end = i + 1 < data.files.length ? data.files[i + 1][0] : cards.length;
    for (var r = run[0]; r < end; r++) fileOf[r] = data.paths[run[1]];
  });

  /* the findings as objects, once; a finding's key is what a human finds it by again after an
     edit: card id, code, the words it points at (its message where it points at none), and the
     number of the same key on that card in text order */
  var findings = data.rows.map(function (r, n) {
    var card = cards[r[0]];
    return { n: n, row: r[0], card: card, code: data.codes[r[1]], sev: data.severities[r[2]], rank: r[2],
             msg: data.messages[r[3]], line: r[4], col: r[5], path: data.paths[r[6]], words: data.words[r[7]] };
  });
  var byKey = {}, repeats = {};
  findings.forEach(function (f) {
    var said = f.words || f.msg, base = JSON.stringify([f.card.i, f.code, said]);
    var k = repeats[base] = (repeats[base] || 0) + 1;
    f.key = JSON.stringify([f.card.i, f.code, said, k]);
    byKey[f.key] = f;
  });
  var cardRows = cards.map(function (c, r) { return r; }).filter(function (r) { return cards[r].p !== "changes.html"; });

  /* ---- triage: key → {s: "false" | "wontfix", r: reason, n: card name, m: message}; kept per
     report folder. Marks of the first worklist were keyed by «id|code|line|column»: each is moved
     to its finding where that is certain (the same place, or the card's only finding of the code)
     and kept as it was otherwise, to be shown among the marks that match no finding. ---- */
  var triage = {};
  function loadTriage() {
    var stored = {};
    try { stored = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { stored = {}; }
    if (stored.v === 2) return stored.marks || {};
    var marks = {}, taken = {};
    Object.keys(stored).forEach(function (old) {
      var mark = stored[old], parts = old.split("|");
      if (!mark || !mark.s || parts.length < 4) return;
      var col = +parts.pop(), line = +parts.pop(), code = parts.pop(), id = parts.join("|");
      var same = findings.filter(function (f) { return f.card.i === id && f.code === code && !taken[f.key]; });
      var there = same.filter(function (f) { return f.line === line && f.col === col; });
      var f = there.length === 1 ? there[0] : same.length === 1 ? same[0] : null;
      if (f) {
        taken[f.key] = 1;
        marks[f.key] = { s: mark.s, r: mark.r || "", n: f.card.n, m: f.msg };
      } else marks[old] = { s: mark.s, r: mark.r || "", old: 1 };
    });
    saveTriage(marks);
    return marks;
  }
  function saveTriage(marks) {
    try { localStorage.setItem(STORE, JSON.stringify({ v: 2, marks: marks || triage })); } catch (e) { /* private mode: kept for this visit */ }
  }
  triage = loadTriage();
  function gone() { return Object.keys(triage).filter(function (k) { return !byKey[k]; }); }
  /* what a mark says of its finding, for the list of marks without one */
  function describe(key) {
    var t = triage[key];
    if (t.old) {
      var p = key.split("|"), col = p.pop(), line = p.pop(), code = p.pop();
      return { id: p.join("|"), code: code, words: "строка " + line + ", столбец " + col, name: "" };
    }
    var k = JSON.parse(key);
    return { id: k[0], code: k[1], words: k[2], name: t.n || "", nth: k[3] };
  }

  var form = document.getElementById("wl-form");
  var sevBox = document.getElementById("wl-sevs"), codeBox = document.getElementById("wl-codes");
  var codesChosen = document.getElementById("wl-codes-chosen");
  var head = document.getElementById("wl-head"), body = document.getElementById("wl-body");
  var status = document.getElementById("wl-status"), more = document.getElementById("wl-more");
  var sortBy = document.getElementById("wl-sort"), has = document.getElementById("wl-has");
  var triaged = document.getElementById("wl-triaged");
  var setSelect = document.getElementById("wl-set"), fileSelect = document.getElementById("wl-file");
  var cardChip = document.getElementById("wl-card"), cardName = document.getElementById("wl-card-name");
  var csvLink = document.getElementById("wl-csv");
  var shown = PAGE, current = [], onlyCard = "";

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
  function worstOf(code) { return (index.severity || {})[code] || "info"; }
  var sevInputs = data.severities.map(function (s) { return facet(sevBox, "sev", s, SEV_RU[s]); });
  var codeOrder = data.codes.map(function (c, i) { return i; }).sort(function (a, b) {
    return data.codes[a] < data.codes[b] ? -1 : 1; });
  var codeInputs = codeOrder.map(function (i) {
    var input = facet(codeBox, "code", data.codes[i], data.codes[i] + " · " + data.titles[i]);
    input.parentNode.classList.add("sev-" + worstOf(data.codes[i]));
    return input;
  });
  /* a few codes are shown at once; many (21 on the corpus) wait behind their summary, so the filters
     leave the worklist's first rows on the first screen */
  if (data.codes.length <= 8) document.getElementById("wl-codes-box").open = true;
  /* a select's options with live counts: value → [option, label] */
  function options(select, values) {
    var out = {};
    values.forEach(function (v) {
      var opt = el("option", "", v[1]);
      opt.value = v[0];
      select.appendChild(opt);
      out[v[0]] = [opt, v[1]];
    });
    return out;
  }
  var setIds = [];
  cardRows.forEach(function (r) { if (setIds.indexOf(cards[r].s) < 0) setIds.push(cards[r].s); });
  var setOptions = options(setSelect, setIds.map(function (s) {
    return [s, sets[s] && sets[s] !== s ? sets[s] + " (" + s + ")" : s]; }));
  var fileOptions = options(fileSelect, data.paths.filter(Boolean).map(function (p) { return [p, p]; }));

  /* ---- the filters as one state: made from the URL fragment or from the controls, shown by the
     controls, written to the URL; the rows are computed from a state alone ---- */
  var TRIAGED = { open: 1, any: 1, "false": 1, wontfix: 1 }, SORTS = { card: 1, code: 1, severity: 1 };
  var cardByIdRow = {};
  cardRows.forEach(function (r) { cardByIdRow[cards[r].i] = r; });
  function known(value, table) { return value && Object.prototype.hasOwnProperty.call(table, value) ? value : ""; }
  function listed(values, allowed) {
    var out = {};
    values.forEach(function (v) { if (allowed.indexOf(v) >= 0) out[v] = 1; });
    return Object.keys(out).length ? out : null;
  }
  /* a fragment such as #code=BJ101,BJ501&sev=error&set=10&file=…&tri=open&card=…&view=cards&sort=code&all=1;
     a value the report does not have is left out */
  function stateOf(hash) {
    var params = new URLSearchParams(String(hash).replace(/^#/, ""));
    var list = function (name) { return (params.get(name) || "").split(",").filter(Boolean); };
    return { codes: listed(list("code"), data.codes), sevs: listed(list("sev"), data.severities),
             set: known(params.get("set"), setOptions), file: known(params.get("file"), fileOptions),
             tri: known(params.get("tri"), TRIAGED), card: known(params.get("card"), cardByIdRow),
             view: params.get("view") === "cards" ? "cards" : "findings",
             sort: known(params.get("sort"), SORTS) || "card", all: params.get("all") === "1" };
  }
  function checked(inputs) {
    return listed(inputs.filter(function (i) { return i.checked; }).map(function (i) { return i.value; }),
                  inputs.map(function (i) { return i.value; }));
  }
  function controlsState() {
    return { codes: checked(codeInputs), sevs: checked(sevInputs), set: setSelect.value, file: fileSelect.value,
             tri: triaged.value, card: onlyCard, view: form.querySelector("input[name=view]:checked").value,
             sort: sortBy.value, all: !has.checked };
  }
  function showState(st) {
    codeInputs.forEach(function (i) { i.checked = Boolean(st.codes && st.codes[i.value]); });
    sevInputs.forEach(function (i) { i.checked = Boolean(st.sevs && st.sevs[i.value]); });
    setSelect.value = st.set; fileSelect.value = st.file; triaged.value = st.tri; sortBy.value = st.sort;
    form.querySelector("input[name=view][value=" + st.view + "]").checked = true;
    has.checked = !st.all;
    onlyCard = st.card;
  }
  function hashOf(st) {
    var params = new URLSearchParams();
    if (st.codes) params.set("code", Object.keys(st.codes).sort().join(","));
    if (st.sevs) params.set("sev", data.severities.filter(function (s) { return st.sevs[s]; }).join(","));
    if (st.set) params.set("set", st.set);
    if (st.file) params.set("file", st.file);
    if (st.tri) params.set("tri", st.tri);
    if (st.card) params.set("card", st.card);
    if (st.view === "cards") params.set("view", "cards");
    if (st.sort !== "card") params.set("sort", st.sort);
    if (st.all) params.set("all", "1");
    return params.toString();
  }
  function readState() { showState(stateOf(location.hash)); }
  function writeState() {
    var hash = hashOf(controlsState());
    if (hash !== location.hash.replace(/^#/, ""))
      history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  function triageOk(f, want) {
    var t = triage[f.key];
    if (!want) return true;
    if (want === "open") return !t;
    if (want === "any") return Boolean(t);
    return Boolean(t) && t.s === want;
  }
  function cardOk(r, st, skip) {
    if (st.card && cards[r].i !== st.card) return false;
    if (skip !== "set" && st.set && cards[r].s !== st.set) return false;
    return skip === "file" || !st.file || fileOf[r] === st.file;
  }
  /* a finding passes every filter of the state but `skip` (SonarQube's live counts: what each choice would add) */
  function passes(f, st, skip) {
    if (skip !== "sev" && st.sevs && !st.sevs[f.sev]) return false;
    if (skip !== "code" && st.codes && !st.codes[f.code]) return false;
    return cardOk(f.row, st, skip) && triageOk(f, st.tri);
  }

  function worstRank(list) { return list.reduce(function (m, f) { return Math.min(m, f.rank); }, 9); }
  /* the rows a state shows: its findings in its order, or (view=cards) its cards with their findings */
  function rowsOf(st) {
    var list = findings.filter(function (f) { return passes(f, st, null); }).sort(function (a, b) {
      if (st.sort === "code") return a.code < b.code ? -1 : a.code > b.code ? 1 : a.n - b.n;
      if (st.sort === "severity") return a.rank - b.rank || a.n - b.n;
      return a.n - b.n;   /* the base's order: by card, then text order */
    });
    if (st.view !== "cards") return { findings: list, rows: list };
    var seen = {}, rowsOut = [];
    list.forEach(function (f) {
      if (seen[f.row] === undefined) { seen[f.row] = rowsOut.length; rowsOut.push({ row: f.row, found: [] }); }
      rowsOut[seen[f.row]].found.push(f);
    });
    if (st.all && !(st.sevs || st.codes || st.tri)) {
      cardRows.forEach(function (r) { if (seen[r] === undefined && cardOk(r, st)) rowsOut.push({ row: r, found: [] }); });
    }
    if (st.sort === "severity") rowsOut.sort(function (a, b) { return worstRank(a.found) - worstRank(b.found) || a.row - b.row; });
    else if (st.sort === "code") rowsOut.sort(function (a, b) {
      var x = a.found.length ? a.found[0].code : "~", y = b.found.length ? b.found[0].code : "~";
      return x < y ? -1 : x > y ? 1 : a.row - b.row; });
    else rowsOut.sort(function (a, b) { return a.row - b.row; });
    return { findings: list, rows: rowsOut };
  }
  /* what a link to the worklist opens, without drawing it (the crawl test asks this of every link) */
  window.BJ_WORKLIST_OPENS = function (hash) {
    var st = stateOf(hash), got = rowsOf(st);
    return { hash: hashOf(st), rows: got.rows.length, cards: got.rows.map(function (x) { return (x.card || cards[x.row]).i; }) };
  };

  function update() {
    var st = controlsState();
    var sevCount = {}, codeCount = {}, setCount = {}, fileCount = {};
    findings.forEach(function (f) {
      if (passes(f, st, "sev")) sevCount[f.sev] = (sevCount[f.sev] || 0) + 1;
      if (passes(f, st, "code")) codeCount[f.code] = (codeCount[f.code] || 0) + 1;
      if (passes(f, st, "set")) setCount[f.card.s] = (setCount[f.card.s] || 0) + 1;
      if (passes(f, st, "file")) fileCount[f.path] = (fileCount[f.path] || 0) + 1;
    });
    sevInputs.forEach(function (i) { i.parentNode.lastChild.textContent = "(" + (sevCount[i.value] || 0) + ")"; });
    codeInputs.forEach(function (i) { i.parentNode.lastChild.textContent = "(" + (codeCount[i.value] || 0) + ")"; });
    Object.keys(setOptions).forEach(function (s) { setOptions[s][0].textContent = setOptions[s][1] + " — " + (setCount[s] || 0); });
    Object.keys(fileOptions).forEach(function (p) { fileOptions[p][0].textContent = fileOptions[p][1] + " — " + (fileCount[p] || 0); });
    codesChosen.textContent = st.codes ? Object.keys(st.codes).sort().join(", ") : "все (" + data.codes.length + ")";
    cardChip.hidden = !st.card;
    if (st.card) cardName.textContent = cards[cardByIdRow[st.card]].n + " (" + st.card + ")";
    var got = rowsOf(st);
    current = got.rows;
    status.textContent = st.view === "cards"
      ? "Карт: " + got.rows.length + ", находок: " + got.findings.length + " из " + findings.length
      : "Находок: " + got.findings.length + " из " + findings.length;
    draw();
    triageStatus();
  }

  function cardLink(card) {
    var a = el("a", "", card.n);
    a.href = BJ.cardHref(card);
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

  /* ---- a finding's triage: a select that commits only a confirmed choice. A choice in its list
     (mouse, or Enter in the opened list) is confirmed; the arrow keys on the closed select only
     move the choice (as a listbox does) until Enter; Escape or leaving the select takes it back. ---- */
  var MOVE_KEYS = { ArrowDown: 1, ArrowUp: 1, ArrowLeft: 1, ArrowRight: 1, Home: 1, End: 1, PageUp: 1, PageDown: 1 };
  function mark(f, value, reason) {
    if (value) triage[f.key] = { s: value, r: reason, n: f.card.n, m: f.msg };
    else delete triage[f.key];
    saveTriage();
    triageStatus();
  }
  function triageCell(f) {
    var td = el("td", "wl-tri"), t = triage[f.key] || {};
    var select = el("select");
    var who = f.code + ", " + f.card.n + " (" + f.card.i + ")";
    select.setAttribute("aria-label", "Разбор: " + who);
    select.setAttribute("aria-describedby", "wl-tri-help");
    [["", "—"], ["false", TRIAGE_RU["false"]], ["wontfix", TRIAGE_RU.wontfix]].forEach(function (o) {
      var opt = el("option", "", o[1]); opt.value = o[0]; select.appendChild(opt);
    });
    select.value = t.s || "";
    var reason = el("input");
    reason.type = "text";
    reason.placeholder = "причина";
    reason.value = t.r || "";
    reason.setAttribute("aria-label", "Причина: " + who);
    reason.hidden = !t.s;
    var hint = el("span", "wl-pending", "Enter — записать, Esc — отменить");
    hint.hidden = true;
    var moved = false;
    function committed() { return triage[f.key] ? triage[f.key].s : ""; }
    function settle() { hint.hidden = true; select.classList.remove("pending"); moved = false; }
    function commit() {
      mark(f, select.value, reason.value);
      reason.hidden = !select.value;
      settle();
    }
    function takeBack() { select.value = committed(); settle(); }
    select.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        e.preventDefault();
        if (select.value !== committed()) commit();
        else settle();
      } else if (e.key === "Escape") {
        if (select.value !== committed()) { e.preventDefault(); takeBack(); }
      } else if (!e.altKey && (MOVE_KEYS[e.key] || e.key.length === 1 && e.key !== " ")) moved = true;
    });
    select.addEventListener("change", function () {
      if (!moved) { commit(); return; }
      moved = false;
      var pending = select.value !== committed();
      hint.hidden = !pending;
      select.classList.toggle("pending", pending);
    });
    select.addEventListener("blur", function () { if (select.value !== committed()) takeBack(); });
    reason.addEventListener("input", function () {
      if (triage[f.key]) { triage[f.key].r = reason.value; saveTriage(); triageStatus(); }
    });
    var box = el("div");
    box.appendChild(select);
    box.appendChild(hint);
    box.appendChild(reason);
    td.appendChild(box);
    return td;
  }
  /* the rows from `from` to `shown`: all of them after a change of the filters, the next slice
     after «Показать ещё» (appended: the rows shown stay as they are) */
  function draw(from) {
    from = from || 0;
    var frag = document.createDocumentFragment();
    var cardView = form.querySelector("input[name=view]:checked").value === "cards";
    if (!from) {
      body.textContent = "";
      headRow(cardView ? ["Карта", "Выпуск", "Находки", "Важность"]
                       : ["Карта", "Код", "Важность", "Сообщение", "Место", "Разбор"]);
    }
    current.slice(from, shown).forEach(function (item) {
      var tr = el("tr");
      if (cardView) {
        var card = cards[item.row], td = el("td");
        td.appendChild(cardLink(card));
        td.appendChild(document.createTextNode(" "));
        td.appendChild(el("span", "cid", card.i));
        tr.appendChild(td);
        tr.appendChild(el("td", "", sets[card.s] || card.s));
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
        tr.appendChild(BJ.iconText(el("td", "msg"), f.msg, index.icons));
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
    var list = controlsState().view === "cards" ? [].concat.apply([], current.map(function (c) { return c.found; })) : current;
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
  /* the marks themselves, those without a finding too: to keep, to pass to a colleague, to load back */
  function marksText() {
    var marks = Object.keys(triage).map(function (key) {
      var t = triage[key], d = describe(key), out = { card: d.id, code: d.code, status: t.s, reason: t.r || "" };
      if (t.old) out.place = d.words; else { out.words = d.words; out.nth = d.nth; out.name = d.name; out.message = t.m || ""; }
      out.found = Boolean(byKey[key]);
      return out;
    });
    return JSON.stringify({ format: "berserk-judge-triage", version: 2, marks: marks }, null, 1) + "\n";
  }
  function loadMarks(text) {
    var got = JSON.parse(text), n = 0;
    if (!got || got.format !== "berserk-judge-triage" || !Array.isArray(got.marks)) throw new Error("format");
    got.marks.forEach(function (m) {
      if (!m || !TRIAGE_RU[m.status] || typeof m.card !== "string" || typeof m.code !== "string") return;
      if (typeof m.words !== "string") return;     /* a place of the first worklist: not a key */
      var key = JSON.stringify([m.card, m.code, m.words, m.nth || 1]), f = byKey[key];
      triage[key] = { s: m.status, r: String(m.reason || ""), n: f ? f.card.n : String(m.name || ""),
                      m: f ? f.msg : String(m.message || "") };
      n++;
    });
    return n;
  }
  window.BJ_TRIAGE_NOQA = noqaText;
  window.BJ_TRIAGE_IGNORES = ignoresText;
  window.BJ_TRIAGE_MARKS = marksText;

  var goneBox = document.getElementById("wl-gone"), goneList = document.getElementById("wl-gone-list");
  var goneTitle = document.getElementById("wl-gone-h");
  function showGone() {
    var keys = gone();
    goneBox.hidden = !keys.length;
    goneList.textContent = "";
    goneTitle.textContent = "Отметки без находки: " + keys.length;
    keys.forEach(function (key) {
      var t = triage[key], d = describe(key), li = el("li");
      li.appendChild(el("span", "cid", d.id));
      if (d.name) li.appendChild(document.createTextNode(" «" + d.name + "»"));
      li.appendChild(document.createTextNode(" · "));
      li.appendChild(el("span", "code", d.code));
      li.appendChild(document.createTextNode(" «"));
      li.appendChild(BJ.iconText(el("span", "words"), d.words, index.icons));
      li.appendChild(document.createTextNode("» — " + TRIAGE_RU[t.s] + (t.r ? ": " + t.r : "") + " "));
      var drop = el("button", "small", "Удалить");
      drop.type = "button";
      drop.setAttribute("aria-label", "Удалить отметку: " + d.id + ", " + d.code);
      drop.addEventListener("click", function () {
        delete triage[key]; saveTriage(); triageStatus();
        var first = goneList.querySelector("button");
        if (first) first.focus(); else document.getElementById("wl-marks").focus();
      });
      li.appendChild(drop);
      goneList.appendChild(li);
    });
  }
  function triageStatus() {
    var list = triagedFindings(), n = list.length, lost = gone().length;
    var fa = list.filter(function (f) { return triage[f.key].s === "false"; }).length;
    document.getElementById("wl-triage-status").textContent = (n
      ? "Разобрано " + n + " " + plural(n, "находка", "находки", "находок") + ": ложная тревога — " + fa + ", не исправлять — " + (n - fa) + "."
      : "Ничего не разобрано: выберите «ложная тревога» или «не исправлять» в строке находки.") +
      (lost ? " Без находки: " + lost + " " + plural(lost, "отметка", "отметки", "отметок") + " (список ниже)." : "");
    showGone();
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
  download(document.getElementById("wl-marks"), marksText, "application/json");
  var loadInput = document.getElementById("wl-load"), loadNote = document.getElementById("wl-load-note");
  loadInput.addEventListener("change", function () {
    var file = loadInput.files && loadInput.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      try {
        var n = loadMarks(String(reader.result));
        saveTriage();
        loadNote.textContent = "Загружено отметок: " + n + ".";
        update();
      } catch (e) {
        loadNote.textContent = "Не удалось прочитать «" + file.name + "»: это не файл разбора отчёта.";
      }
      loadInput.value = "";
    };
    reader.readAsText(file);
  });

  form.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest(".wl-tri")) return;
    shown = PAGE; writeState(); update();
  });
  more.addEventListener("click", function () { var from = shown; shown += PAGE; draw(from); });
  document.getElementById("wl-reset").addEventListener("click", function () {
    showState(stateOf(""));
    shown = PAGE; writeState(); update();
  });
  document.getElementById("wl-all-cards").addEventListener("click", function () {
    onlyCard = ""; shown = PAGE; writeState(); update();
  });
  document.getElementById("wl-forget").addEventListener("click", function () {
    triage = {}; saveTriage(); update();
  });
  document.getElementById("wl-forget-gone").addEventListener("click", function () {
    gone().forEach(function (k) { delete triage[k]; });
    saveTriage(); triageStatus();
    document.getElementById("wl-marks").focus();
  });
  /* a link to other filters (findings.html#code=…) while here; «#main» of the skip link is no state */
  window.addEventListener("hashchange", function () {
    if (location.hash && location.hash.indexOf("=") < 0) return;
    readState(); shown = PAGE; update();
  });
  readState();
  update();
})();
