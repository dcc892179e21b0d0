/* berserk-judge report: search and filters over window.BJ_INDEX, copy buttons, the class filter of
   the changes page. A layer on top of static pages: without JavaScript the pages stay complete.
   The filter state lives in the URL fragment (#q=…&code=…), so a link keeps it; a fragment that is
   not a filter state (#cards-by-set) is left to the browser.
   Search forgives typos and word forms: the index lists the words of card names with their lemma and
   the stem their forms share, and trigrams to find a misspelt word; texts match by substring.
   Results are rendered in slices of PAGE rows. Card texts go in with textContent only, never as HTML. */
(function () {
  "use strict";

  var BJ = window.BJ;          /* common.js: plural, icons, the index's rows, focus */
  var plural = BJ.plural;

  function fold(s) { return String(s).toLowerCase().replace(/ё/g, "е"); }
  function words(s) { return fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean); }

  /* ---- copy buttons: the plain final text of a rewording ---- */
  function copyText(text, done) {
    function fallback() {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else fallback();
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.copy[data-copy]"), function (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    var note = button.parentNode.querySelector(".copied");
    button.hidden = false;
    button.addEventListener("click", function () {
      copyText(source.textContent, function (ok) {
        if (note) note.textContent = ok ? "Скопировано" : "Не удалось: выделите текст и скопируйте вручную";
      });
    });
  });

  /* ---- a card page: the heavy parts of each entry drawn from the page's data (reports/html/lazy.py) ---- */
  function node(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }
  var iconText = BJ.iconText;
  var pageData = document.getElementById("bj-page");
  if (pageData) {
    var lazy = JSON.parse(pageData.textContent), S = (window.BJ_STRINGS || []).concat(lazy.s);
    /* a string cut at its «quotes» is a list of string numbers (lazy.quoted_parts): joined back once */
    var joinParts = function (n) {
      var v = S[n];
      if (typeof v !== "string") S[n] = v = v.map(joinParts).join("");
      return v;
    };
    for (var sn = 0; sn < S.length; sn++) joinParts(sn);
    var withGlyphs = function (parent, n) { return iconText(parent, S[n], lazy.i); };
    var feature = function (f) {
      var div = node("div", "feature" + (f[2] ? " is-ambiguous" : ""));
      var head = node("div", "fhead");
      head.appendChild(node("span", "kind kind-" + S[f[0]], S[f[1]]));
      if (f[2]) {
        var k = f[6].length;
        head.appendChild(node("span", "badge amb", "неоднозначно: " + k + " " + plural(k, "чтение", "чтения", "чтений")));
      }
      div.appendChild(head);
      if (f[3].length) {
        var dl = node("dl", "props");
        f[3].forEach(function (p) {
          var row = node("div");
          row.appendChild(node("dt", "", S[p[0]]));
          row.appendChild(withGlyphs(node("dd"), p[1]));
          dl.appendChild(row);
        });
        div.appendChild(dl);
      }
      if (S[f[4]]) div.appendChild(node("p", "unread", "Не прочитано: " + S[f[4]]));
      if (S[f[5]]) div.appendChild(node("p", "muted", S[f[5]]));
      if (f[6].length) {
        var readings = node("div", "readings" + (f[6].length > 1 ? " many" : ""));
        f[6].forEach(function (r) {
          var sec = node("section", "reading");
          if (f[6].length > 1) {
            sec.appendChild(node("h3", "rtitle", "Чтение " + r[0] + (r[0] === 1 ? " (по умолчанию)" : "")));
            if (S[r[2]]) sec.appendChild(node("p", "why", S[r[2]]));
          }
          sec.appendChild(withGlyphs(node("code", "canon"), r[1]));
          if (r[3].length) {
            var ol = node("ol", "explain");
            r[3].forEach(function (step) {
              /* a step's depth is its indent (two spaces a level): a margin, not spaces after the number */
              var text = S[step], depth = text.length - text.replace(/^ +/, "").length;
              ol.appendChild(iconText(node("li", depth ? "d" + Math.min(4, depth >> 1) : ""), text.slice(depth), lazy.i));
            });
            sec.appendChild(ol);
          }
          readings.appendChild(sec);
        });
        div.appendChild(readings);
      }
      if (f[7].length) {
        var granted = node("div", "granted");
        granted.appendChild(node("span", "muted", "выдаёт особенности:"));
        f[7].forEach(function (g) { granted.appendChild(feature(g)); });
        div.appendChild(granted);
      }
      return div;
    };
    var box = function (b) {
      if (b.length === 1) return withGlyphs(node("div", "atom"), b[0]);
      var frame = node("div", "frame k-" + S[b[0]] + " " + S[b[1]] + (b[2] ? " dashed" : ""));
      var label = node("span", "flabel", S[b[3]]);
      label.title = S[b[4]];
      frame.appendChild(label);
      var body = node("div", "fbody");
      b[6].forEach(function (item, i) {
        if (i) body.appendChild(node("span", "join", S[b[5]]));
        body.appendChild(box(item));
      });
      frame.appendChild(body);
      return frame;
    };
    var UNSAFE = "небезопасная правка: может изменить смысл";
    var diff = function (parent, list, take) {
      var kept = "";
      list.forEach(function (p) {
        var text = take(p[1], p[0] !== 2), unsafe = !p[2], blank = !text.trim(), tag;
        if (p[0] !== 1) kept += text;
        if (p[0] === 0) { iconText(parent, text, lazy.i); return; }
        if (p[0] === 1) {
          tag = node("del", unsafe ? "unsafe" : "");
          if (blank) tag.textContent = text.replace(/[ \t]/g, "␣").replace(/\n/g, "↵\n");
          else iconText(tag, text, lazy.i);
          if (unsafe) tag.title = UNSAFE;
        } else if (!blank) {
          tag = iconText(node("ins", unsafe ? "unsafe" : ""), text, lazy.i);
          if (unsafe) tag.title = UNSAFE;
        } else {
          tag = node("ins", "space" + (unsafe ? " unsafe" : ""), text);
          tag.title = (text.indexOf("\n") >= 0 ? "перевод строки" : "пробел") + (unsafe ? "; небезопасная правка" : "");
        }
        parent.appendChild(tag);
      });
      return kept;
    };
    var shownSpace = function (text) {
      return text.trim() ? text : text.replace(/[ \t]/g, "␣").replace(/\n/g, "↵\n");
    };
    var stats = function (rows) {
      var dl = node("dl", "stats");
      rows.forEach(function (r) {
        var div = node("div", "st-" + S[r[0]]);
        div.appendChild(node("dt", "", S[r[1]]));
        div.appendChild(node("dd", "", S[r[2]]));
        dl.appendChild(div);
      });
      return dl;
    };
    /* the text cut where findings start and end (model.text_segments), each finding underlined */
    /* the strings of pieces: lengths into the card's own text (data.o), else numbers into S */
    var pieces = function (own, text) {
      var at = 0;
      return function (n, kept) {
        if (!own || kept === false) return S[n];
        var part = text.slice(at, at + n);
        at += n;
        return part;
      };
    };
    var marked = function (holder, article, segments, findings, take) {
      holder.textContent = "";
      segments.forEach(function (seg) {
        var piece = take(seg[0]);
        if (!seg[1].length) { iconText(holder, piece, lazy.i); return; }
        var span = iconText(node("span", "hl sev-" + S[seg[3]]), piece, lazy.i);
        span.title = seg[1].map(function (n) { var f = findings[n - 1]; return S[f[0]] + ": " + S[f[4]]; }).join("\n");
        holder.appendChild(span);
        if (seg[2].length) {
          var sup = node("sup", "fref");
          seg[2].forEach(function (n) {
            var a = node("a", "", String(n));
            a.href = "#" + article.id + "~" + n;
            a.setAttribute("aria-label", "находка " + n);
            sup.appendChild(a);
          });
          holder.appendChild(sup);
        }
      });
    };
    /* a finding's rule help: why it matters, a bad and a good example, the rule's page
       (rule-help.js, one file for every page, from the same registry as `berserk-judge rule`) */
    var ruleHelp = function (code) {
      var help = (window.BJ_RULES || {})[code], box = node("details", "rule-help");
      box.appendChild(node("summary", "", "Почему это важно · " + (help ? help[0] : code)));
      if (help) {
        box.appendChild(node("p", "", help[1]));
        help[2].split("\n\n").forEach(function (p) { box.appendChild(node("p", "", p)); });
        var ex = node("div", "rule-examples"), bad = node("div"), good = node("div");
        bad.appendChild(node("h4", "", "Плохо"));
        bad.appendChild(node("pre", "bad", help[3]));
        good.appendChild(node("h4", "", "Хорошо"));
        good.appendChild(node("pre", "good", help[4]));
        ex.appendChild(bad);
        ex.appendChild(good);
        box.appendChild(ex);
      }
      var more = node("a", "rule-link", "Правило " + code + " целиком");
      more.href = "rules.html#" + encodeURIComponent(code);
      var all = node("a", "rule-rows", "все находки " + code + " в списке");
      all.href = "findings.html#code=" + encodeURIComponent(code);
      var p = node("p");
      p.appendChild(more);
      p.appendChild(document.createTextNode(" · "));
      p.appendChild(all);
      box.appendChild(p);
      return box;
    };
    var findingList = function (article, findings) {
      var frag = document.createDocumentFragment(), h = node("h3", "", "Находки");
      h.appendChild(node("span", "muted", " · "));
      var rows = node("a", "wl-rows", "строки в списке находок");    /* this card's rows of the worklist */
      rows.href = "findings.html#card=" + encodeURIComponent(article.querySelector(".chead .cid").textContent);
      h.appendChild(rows);
      frag.appendChild(h);
      var ol = node("ol", "findings");
      findings.forEach(function (f, i) {
        var li = node("li", "sev-" + S[f[2]]);
        li.id = article.id + "~" + (i + 1);
        li.appendChild(node("span", "fnum", String(i + 1)));
        li.appendChild(document.createTextNode(" "));
        var code = node("a", "code", S[f[0]]);     /* the rule's page (rules.html, the catalogue) */
        code.href = "rules.html#" + encodeURIComponent(S[f[0]]);
        code.title = S[f[1]];
        li.appendChild(code);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(node("span", "sevword", S[f[3]]));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(withGlyphs(node("span", "msg"), f[4]));
        if (S[f[5]]) {
          li.appendChild(document.createTextNode(" "));
          li.appendChild(node("span", "rules", "(правила " + S[f[5]] + ")"));
        }
        if (f[6] >= 0) {
          var sugg = node("div", "sugg");
          if (S[f[7]]) {
            sugg.appendChild(document.createTextNode("заменить "));
            sugg.appendChild(iconText(node("del", "ws"), shownSpace(S[f[7]]), lazy.i));
            sugg.appendChild(document.createTextNode(" на "));
          } else sugg.appendChild(document.createTextNode("предложение: "));
          sugg.appendChild(iconText(node("ins", "ws"), shownSpace(S[f[6]]), lazy.i));
          li.appendChild(sugg);
        }
        if (f[8]) {
          var place = node("div", "sugg");
          place.appendChild(document.createTextNode("куда вписать условие: "));
          place.appendChild(withGlyphs(node("ins"), f[8][0]));
          withGlyphs(place, f[8][1]);
          place.appendChild(document.createTextNode(" — или оплату: "));
          place.appendChild(withGlyphs(node("ins"), f[8][2]));
          withGlyphs(place, f[8][3]);
          place.appendChild(document.createTextNode(" (вместо «…» — момент срабатывания, 116.3)"));
          li.appendChild(place);
        }
        li.appendChild(ruleHelp(S[f[0]]));
        ol.appendChild(li);
      });
      frag.appendChild(ol);
      return frag;
    };
    var rewording = function (article, w, list, take) {
      var sec = node("section", "rewording");
      sec.appendChild(node("h3", "", "Предлагаемая редакция"));
      var grid = node("div", "rw-grid"), left = node("div"), right = node("div");
      var legendLine = node("p", "legend-line");
      legendLine.appendChild(node("del", "", "убрать"));
      legendLine.appendChild(document.createTextNode(" "));
      legendLine.appendChild(node("ins", "", "вставить"));
      if (w[1]) {
        legendLine.appendChild(document.createTextNode(" · "));
        legendLine.appendChild(node("ins", "unsafe", "небезопасная правка"));
        legendLine.appendChild(document.createTextNode(" — проверить смысл"));
      }
      left.appendChild(legendLine);
      var d = node("div", "ctext diff");
      var joined = diff(d, list || [], take);
      left.appendChild(d);
      var finalLine = node("p", "legend-line", "Итоговый текст (как в базе) ");
      var button = node("button", "copy", "Копировать");
      button.type = "button";
      var note = node("span", "copied");
      note.setAttribute("role", "status");
      finalLine.appendChild(button);
      finalLine.appendChild(document.createTextNode(" "));
      finalLine.appendChild(note);
      right.appendChild(finalLine);
      var pre = node("pre", "final", w[0] >= 0 ? S[w[0]] : joined);
      pre.id = article.id + "~final";
      right.appendChild(pre);
      button.addEventListener("click", function () {
        copyText(pre.textContent, function (ok) {
          note.textContent = ok ? "Скопировано" : "Не удалось: выделите текст и скопируйте вручную";
        });
      });
      grid.appendChild(left);
      grid.appendChild(right);
      sec.appendChild(grid);
      return sec;
    };
    var draw = function (article) {
      var data = lazy.c[article.id];
      article.removeAttribute("data-pending");
      if (!data) return;
      var text = article.querySelector(".ctext");
      if (data.st && text) article.insertBefore(stats(data.st), text);
      var raw = text ? text.textContent : "";
      if (data.t && text) marked(text, article, data.t, data.f, pieces(data.o, raw));
      /* the parts go after the text, before the errata and the other prints (the markup's own parts) */
      var before = article.querySelector("section.errata") || article.querySelector(".prints") ||
                   article.querySelector(".cardnav");
      var add = function (part) { article.insertBefore(part, before); };
      if (data.x) {
        var x = node("div", "explanation");
        data.x.forEach(function (f) { x.appendChild(feature(f)); });
        add(x);
      }
      if (data.f) add(findingList(article, data.f));
      if (data.w) add(rewording(article, data.w, data.r, pieces(data.o, raw)));
      if (data.d) {
        var details = node("details", "features");
        details.appendChild(node("summary", "", "Схема строения: " + data.dn + " " +
          plural(data.dn, "особенность", "особенности", "особенностей")));
        data.d.forEach(function (block) {
          var div = node("div", "diagram-block");
          var cap = node("p", "dcap");
          if (block[0]) cap.appendChild(document.createTextNode("Чтение " + block[0] + ": "));
          cap.appendChild(withGlyphs(node("code"), block[1]));
          div.appendChild(cap);
          var holder = node("div", "diagram");
          holder.appendChild(box(block[2]));
          div.appendChild(holder);
          details.appendChild(div);
        });
        add(details);
      }
    };
    var pending = Array.prototype.slice.call(document.querySelectorAll("article.card[id]")).filter(function (a) {
      return lazy.c[a.id];
    });
    pending.forEach(function (a) { a.setAttribute("data-pending", "1"); });
    var drawAll = function () {
      pending.forEach(function (a) { if (a.hasAttribute("data-pending")) draw(a); });
    };
    window.addEventListener("beforeprint", drawAll);
    var wanted = location.hash ? decodeURIComponent(location.hash.slice(1)) : "";
    var target = wanted && document.getElementById(wanted.replace(/~.*$/, ""));
    /* a link to a card: the cards above it are drawn first, so nothing drawn later moves it */
    if (target) {
      for (var k = 0; k < pending.length; k++) {
        if (pending[k].hasAttribute("data-pending")) draw(pending[k]);
        if (pending[k] === target) break;
      }
      target = document.getElementById(wanted) || target;
    }
    if ("IntersectionObserver" in window) {
      var seen = new IntersectionObserver(function (items) {
        items.forEach(function (item) {
          if (item.isIntersecting && item.target.hasAttribute("data-pending")) {
            draw(item.target);
            seen.unobserve(item.target);
          }
        });
      }, { rootMargin: "800px 0px" });
      pending.forEach(function (a) { seen.observe(a); });
    } else drawAll();
    /* previous / next card: made from the page's own articles when a card comes near (no markup per
       card); at the page's ends, the neighbouring page of the pager */
    var articles = Array.prototype.slice.call(document.querySelectorAll("article.card[id]"));
    var pagerLink = function (rel) { return document.querySelector("#pager a[rel=" + rel + "]"); };
    var cardNav = function (a) {
      if (a.querySelector(".cardnav")) return;
      var i = articles.indexOf(a), nav = node("nav", "cardnav");
      nav.setAttribute("aria-label", "Соседние карты: " + a.querySelector("h2").textContent);
      [[articles[i - 1], "prev", "← ", ""], [articles[i + 1], "next", "", " →"]].forEach(function (side) {
        var other = side[0], link;
        if (other) {
          link = node("a", "", side[2] + other.querySelector("h2").textContent + side[3]);
          link.href = "#" + other.id;
        } else {
          var page = pagerLink(side[1]);
          if (!page) return;
          link = node("a", "", side[1] === "prev" ? "← предыдущая страница" : "следующая страница →");
          link.href = page.getAttribute("href");
        }
        link.rel = side[1];
        nav.appendChild(link);
      });
      a.appendChild(nav);
    };
    if ("IntersectionObserver" in window) {
      var near = new IntersectionObserver(function (items) {
        items.forEach(function (item) {
          if (item.isIntersecting) { cardNav(item.target); near.unobserve(item.target); }
        });
      }, { rootMargin: "400px 0px" });
      articles.forEach(function (a) { near.observe(a); });
    } else articles.forEach(cardNav);
    /* everything the page would draw as it scrolls, at once: its entries and their previous / next links */
    window.BJ_DRAW_ALL = function () { drawAll(); articles.forEach(cardNav); };
    /* the chips of the page's cards, made when the list is first opened (names are in the entries) */
    var toc = document.getElementById("page-cards"), chips = toc && toc.querySelector("[data-chips]");
    if (chips) toc.addEventListener("toggle", function () {
      if (!toc.open || chips.firstChild) return;
      Array.prototype.forEach.call(document.querySelectorAll("article.card[id]"), function (a) {
        var badge = a.querySelector(".chead .badge[class*='sev-']");
        var chip = node("a", "chip" + (badge ? " " + badge.className.replace(/.*\b(sev-\w+).*/, "$1") : ""),
                        a.querySelector("h2").textContent);
        chip.href = "#" + a.id;
        chips.appendChild(chip);
      });
    });
    window.addEventListener("hashchange", function () {
      var id = decodeURIComponent(location.hash.slice(1)), card = document.getElementById(id.replace(/~.*$/, ""));
      if (card && card.hasAttribute("data-pending")) {
        for (var k = 0; k < pending.length; k++) {
          if (pending[k].hasAttribute("data-pending")) draw(pending[k]);
          if (pending[k] === card) break;
        }
        (document.getElementById(id) || card).scrollIntoView();
      }
      BJ.focus(document.getElementById(id) || card);
    });
    /* a link to a card (a search result, the worklist) lands on it: in view, and with the focus */
    if (target) {
      target.scrollIntoView();
      BJ.focus(target);
    }
  }

  /* ---- the changes page: show or hide classes of changes ---- */
  var classForm = document.getElementById("class-filter");
  if (classForm) {
    classForm.hidden = false;
    var applyClasses = function () {
      var on = {};
      Array.prototype.forEach.call(classForm.querySelectorAll("input[name=cls]"), function (box) {
        on[box.value] = box.checked;
      });
      Array.prototype.forEach.call(document.querySelectorAll(".change-group"), function (group) {
        var any = false;
        Array.prototype.forEach.call(group.querySelectorAll("article.change"), function (card) {
          var show = card.getAttribute("data-classes").split(" ").some(function (c) { return on[c]; });
          card.hidden = !show;
          any = any || show;
        });
        group.hidden = !any;
      });
    };
    classForm.addEventListener("change", applyClasses);
    applyClasses();
  }

  /* ---- search ---- */
  var data = window.BJ_INDEX;
  var panel = document.getElementById("search-panel");
  if (!data || !panel) return;
  var rows = BJ.rows(data), vocab = data.words, tri = data.tri, icons = data.icons;
  /* the cards of the base (the tile's count): removed cards of --compare are rows but not cards */
  var cardCount = rows.filter(function (row) { return row.p !== "changes.html"; }).length;
  var PAGE = 50;
  var FIELDS = ["q", "code", "sev", "set", "chg", "amb", "clean"];
  var form = document.getElementById("search");
  var list = document.getElementById("results");
  var status = document.getElementById("status");
  var more = document.getElementById("more");
  var matches = [], matchedCards = 0;     /* results: lists of the matching prints of one name */
  /* a name as prints.py groups prints: folded, spaces evened */
  function printKey(name) { return fold(name).split(/\s+/).filter(Boolean).join(" "); }
  var shown = 0;
  var active = false;

  var wordRows = vocab.map(function () { return []; });
  rows.forEach(function (row, r) {
    row.w.forEach(function (w) { wordRows[w].push(r); });
  });
  /* what a query word is looked for in, made on the first search that needs it */
  function hay(row) {
    if (row._h === undefined) row._h = fold(row.n + " " + row.i + " " + row.t);
    return row._h;
  }

  function trigramsOf(word) {
    var padded = " " + word + " ", out = {};
    for (var i = 0; i + 3 <= padded.length; i++) out[padded.substr(i, 3)] = true;
    return Object.keys(out);
  }
  /* optimal string alignment distance, or limit + 1 once it is certainly larger */
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = [], prev = [], cur = [], i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }
  /* score of each name word for one query word: 5 the word or its lemma, 4 a prefix or another form,
     3 and less a misspelling (edit distance 1, or 2 for long words) */
  function wordScores(q) {
    var scores = {};
    for (var w = 0; w < vocab.length; w++) {
      var word = vocab[w][0], lemma = vocab[w][1], stem = vocab[w][2], s = 0;
      if (word === q || lemma === q) s = 5;
      else if (q.length >= 2 && (word.indexOf(q) === 0 || (lemma && lemma.indexOf(q) === 0))) s = 4;
      else if (stem && q.indexOf(stem) === 0 && q.length - stem.length <= 4) s = 4;
      if (s) scores[w] = s;
    }
    if (q.length >= 4) {
      var limit = q.length >= 8 ? 2 : 1, grams = trigramsOf(q), shared = {};
      grams.forEach(function (g) { (tri[g] || []).forEach(function (w) { shared[w] = (shared[w] || 0) + 1; }); });
      var need = Math.max(1, Math.ceil(grams.length * 0.3));
      Object.keys(shared).forEach(function (w) {
        if (scores[w] || shared[w] < need) return;
        var d = Math.min(distance(q, vocab[w][0], limit), vocab[w][1] ? distance(q, vocab[w][1], limit) : limit + 1);
        if (d <= limit) scores[w] = 3 - d / 2;
      });
    }
    return scores;
  }
  function stemOf(q) { return q.length >= 5 ? q.replace(/[аеиоуыэюяйь]{1,2}$/, "") : q; }

  /* ---- a name as `card` finds it (cardbase/lookup.py: find_card): the same folding, rapidfuzz's
     WRatio with the same cut-offs, the one name that sounds the same, a Latin query read through the
     same layout and transliteration tables; all tables come from Python (index "match") ---- */
  var M = data.match, PUNCT = new RegExp(M.punct, "g");
  function foldName(q) { return String(q).toLowerCase().replace(/ё/g, "е").replace(PUNCT, " ").split(/\s+/).filter(Boolean).join(" "); }
  /* the length of the longest common subsequence: bit-parallel (Hyyrö 2004, as rapidfuzz) when one
     string has at most 31 letters, else the plain table */
  var PEQ = new Map();
  function peqOf(a) {
    var peq = PEQ.get(a);
    if (peq) return peq;
    if (PEQ.size > 5000) PEQ.clear();
    peq = {};
    for (var i = 0; i < a.length; i++) peq[a[i]] = (peq[a[i]] || 0) | (1 << i);
    PEQ.set(a, peq);
    return peq;
  }
  function lcs(a, b) {
    if (!a.length || !b.length) return 0;
    if (a.length > 31 && b.length <= 31) { var t0 = a; a = b; b = t0; }   /* the pattern: the query's side when it fits */
    if (a.length <= 31) {
      var peq = peqOf(a), mask = a.length === 31 ? 0x7fffffff : (1 << a.length) - 1, S = mask;
      for (var k = 0; k < b.length; k++) {
        var U = S & (peq[b[k]] || 0);
        S = ((S + U) | (S - U)) & mask;
      }
      var v = ~S & mask, count = 0;
      while (v) { v &= v - 1; count++; }
      return count;
    }
    var prev = new Array(b.length + 1).fill(0), cur = new Array(b.length + 1).fill(0), i, j;
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++)
        cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]);
      var t = prev; prev = cur; cur = t;
    }
    return prev[b.length];
  }
  function ratio(a, b) { var n = a.length + b.length; return n ? 100 * 2 * lcs(a, b) / n : 100; }
  /* the best ratio of `a` with a window of `b` as long, the windows at both ends shorter; a window
     whose letters in common with `a` cannot beat the best so far is not aligned (same result) */
  var PWANT = new Int32Array(65536), PHAVE = new Int32Array(65536);
  function partial(a, b) {
    if (a.length > b.length) { var t = a; a = b; b = t; }
    if (!a.length) return 0;
    var la = a.length, lb = b.length, best = 0, sh = 0, k, c;
    for (k = 0; k < la; k++) PWANT[a.charCodeAt(k)]++;
    for (var i = -(la - 1); i < lb; i++) {
      if (i + la - 1 < lb) { c = b.charCodeAt(i + la - 1); if (++PHAVE[c] <= PWANT[c]) sh++; }
      if (i >= 1) { c = b.charCodeAt(i - 1); if (--PHAVE[c] < PWANT[c]) sh--; }
      var start = i < 0 ? 0 : i, len = Math.min(lb, i + la) - start;
      if (200 * sh / (la + len) <= best && !window.BJ_NO_PREFILTER) continue;
      var r = ratio(a, b.slice(start, start + len));
      if (r > best) { best = r; if (best === 100) break; }
    }
    for (k = 0; k < lb; k++) PHAVE[b.charCodeAt(k)] = 0;
    for (k = 0; k < la; k++) PWANT[a.charCodeAt(k)] = 0;
    return best;
  }
  function tokens(s) { return s.split(" ").filter(Boolean); }
  function tokenSet(a, b, partialToo) {
    var ta = {}, tb = {}, inter = [], ab = [], ba = [];
    tokens(a).forEach(function (t) { ta[t] = 1; });
    tokens(b).forEach(function (t) { tb[t] = 1; });
    Object.keys(ta).sort().forEach(function (t) { (tb[t] ? inter : ab).push(t); });
    Object.keys(tb).sort().forEach(function (t) { if (!ta[t]) ba.push(t); });
    if (partialToo) return inter.length ? 100 : partial(ab.join(" "), ba.join(" "));
    if (inter.length && (!ab.length || !ba.length)) return 100;
    var sect = inter.join(" "), sa = ab.join(" "), sb = ba.join(" ");
    var sl = sect.length, abl = sl + (sl ? 1 : 0) + sa.length, bal = sl + (sl ? 1 : 0) + sb.length;
    var n = sa.length + sb.length, dist = n - 2 * lcs(sa, sb);
    var result = abl + bal ? 100 * (1 - dist / (abl + bal)) : 0;
    if (!sl) return result;
    var r1 = 100 * (1 - ((sl ? 1 : 0) + sa.length) / (sl + abl)), r2 = 100 * (1 - ((sl ? 1 : 0) + sb.length) / (sl + bal));
    return Math.max(result, r1, r2);
  }
  function sortedTokens(s) { return tokens(s).sort().join(" "); }
  function wratio(a, b) {
    if (!a.length || !b.length) return 0;
    var l1 = a.length, l2 = b.length, lr = Math.max(l1, l2) / Math.min(l1, l2);
    var end = ratio(a, b);
    if (lr < 1.5) return Math.max(end, Math.max(ratio(sortedTokens(a), sortedTokens(b)), tokenSet(a, b)) * 0.95);
    var scale = lr < 8 ? 0.9 : 0.6;
    end = Math.max(end, partial(a, b) * scale);
    return Math.max(end, Math.max(partial(sortedTokens(a), sortedTokens(b)), tokenSet(a, b, true)) * 0.95 * scale);
  }
  /* an upper bound of wratio from the letters the two share, to skip most names at once */
  /* letter counts by char code, reused by every name (no object per name and query) */
  var QWANT = new Int32Array(65536), NWANT = new Int32Array(65536), HAVE = new Int32Array(65536);
  function codesOf(s) { var c = new Uint16Array(s.length); for (var i = 0; i < s.length; i++) c[i] = s.charCodeAt(i); return c; }
  function count(want, codes, by) { for (var i = 0; i < codes.length; i++) want[codes[i]] += by; }
  /* the letters two strings share: the multiset intersection of `codes` with the bag `want` */
  function sharedWith(want, codes) {
    var sh = 0, i;
    for (i = 0; i < codes.length; i++) if (++HAVE[codes[i]] <= want[codes[i]]) sh++;
    for (i = 0; i < codes.length; i++) HAVE[codes[i]] = 0;
    return sh;
  }
  /* the most letters of a string of `la` letters (its bag `want`) that one window of partial() over
     `codes` holds, as that window's best ratio: the full windows and the shorter ones at both ends */
  function windowBound(want, la, codes) {
    var sh = 0, best = 0, lb = codes.length, i, c, r;
    for (i = 0; i < lb; i++) {
      c = codes[i];
      if (++HAVE[c] <= want[c]) sh++;
      if (i >= la) { c = codes[i - la]; if (--HAVE[c] < want[c]) sh--; }
      r = 2 * sh / (la + (i + 1 < la ? i + 1 : la));
      if (r > best) best = r;
    }
    for (i = Math.max(0, lb - la); i < lb - 1; i++) {
      c = codes[i];
      if (--HAVE[c] < want[c]) sh--;
      r = 2 * sh / (la + lb - i - 1);
      if (r > best) best = r;
    }
    for (i = 0; i < lb; i++) HAVE[codes[i]] = 0;
    return best;
  }
  /* wratio can exceed it only when a word is common (token ratios), so such names are never skipped;
     past the whole-name letters, partial()'s windows are bounded one by one, on the name as it is and
     with its words sorted — 10,000 names: about 500 scored for a nine-letter typo instead of 2,500 */
  var BAGS = new Map();
  function bound(q, name) {
    var nb = BAGS.get(name), ql = q.text.length;
    if (!nb) { nb = { c: codesOf(name), w: " " + name + " ", s: codesOf(sortedTokens(name)) }; BAGS.set(name, nb); }
    for (var k = 0; k < q.words.length; k++) if (nb.w.indexOf(" " + q.words[k] + " ") >= 0) return 100;
    var shared = sharedWith(QWANT, nb.c);
    var short = Math.min(ql, name.length), lr = Math.max(ql, name.length) / short, whole = 200 * shared / (ql + name.length);
    if (lr < 1.5) return whole;
    var scale = lr < 8 ? 90 : 60, most = Math.min(shared, short);
    if (Math.max(whole, scale * 2 * most / (short + most)) < M.cutoff) return whole;
    var part;
    if (ql <= name.length) part = Math.max(windowBound(QWANT, ql, nb.c), windowBound(QWANT, ql, nb.s));
    else {
      count(NWANT, nb.c, 1);
      part = Math.max(windowBound(NWANT, name.length, q.codes), windowBound(NWANT, name.length, q.sorted));
      count(NWANT, nb.c, -1);
    }
    return Math.max(whole, scale * part);
  }
  var SOUND_RE = new RegExp("[" + Object.keys(M.sound).join("") + "]", "g");
  function soundKey(s) { return s.replace(SOUND_RE, function (c) { return M.sound[c]; }).replace(/(.)\1+/gu, "$1"); }
  function hasLatin(s) { return /[A-Za-z]/.test(s); }
  function layout(s, from, to) { return s.split("").map(function (c) { var i = from.indexOf(c); return i >= 0 ? to[i] : c; }).join(""); }
  function transliterate(text, alternative) {
    var out = [], lower = text.toLowerCase(), at = 0;
    var alpha = function (c) { return /\p{L}/u.test(c); };
    while (at < lower.length) {
      if (lower.startsWith("eh", at) && (!out.length || !alpha(out[out.length - 1]))) { out.push("э"); at += 2; continue; }
      var hit = null;
      for (var k = 0; k < M.digraphs.length; k++) {
        var d = M.digraphs[k];
        if (lower.startsWith(d[0], at) && !(d[0][d[0].length - 1] === "s" && lower.startsWith("h", at + 2))) { hit = d; break; }
      }
      if (hit) { out.push(hit[1]); at += hit[0].length; continue; }
      var ch = lower[at], last = out.length ? out[out.length - 1] : "";
      if (alternative && M.alternative[ch]) out.push(M.alternative[ch]);
      else if (ch === "y" && last && M.vowels.indexOf(last[last.length - 1]) >= 0) out.push("й");
      else if (alternative && ch === "e" && (!out.length || !alpha(last))) out.push("э");
      else out.push(M.single[ch] || ch);
      at += 1;
    }
    return out.join("");
  }
  function variants(q) {
    if (!hasLatin(q)) return [];
    var seen = {}, out = [];
    [[layout(q, M.qwerty, M.jcuken), "раскладка клавиатуры"], [transliterate(q, false), "транслитерация"],
     [transliterate(q, true), "транслитерация"]].forEach(function (v) {
      if (v[0] !== q && !seen[v[0]]) { seen[v[0]] = 1; out.push(v); }
    });
    return out;
  }
  var NAMES = null, NAME_ROWS = null, SOUNDS = null;
  function names() {
    if (NAMES) return NAMES;
    NAMES = []; NAME_ROWS = {};
    rows.forEach(function (row, r) {
      [row.n].concat(row.o ? [row.o] : []).forEach(function (n) {
        var f = foldName(n);
        if (!NAME_ROWS[f]) { NAME_ROWS[f] = []; NAMES.push(f); }
        NAME_ROWS[f].push(r);
      });
    });
    return NAMES;
  }
  function byName(key) {
    var list = names(), scored = [], q = { text: key, codes: codesOf(key), words: tokens(key), sorted: codesOf(sortedTokens(key)) };
    count(QWANT, q.codes, 1);
    for (var i = 0; i < list.length; i++) {
      if (!window.BJ_NO_PREFILTER && bound(q, list[i]) < M.cutoff) continue;   /* the switch: for the tests */
      var sc = wratio(key, list[i]);
      if (sc >= M.cutoff) scored.push([sc, i]);
    }
    count(QWANT, q.codes, -1);
    scored.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    scored = scored.slice(0, 10);
    if (!scored.length) return { names: [], top: 0 };
    var top = scored[0][0], second = scored.length > 1 ? scored[1][0] : 0;
    if (top >= M.clear && top - second >= M.lead) return { clear: list[scored[0][1]], top: top, names: [list[scored[0][1]]] };
    if (!SOUNDS) SOUNDS = list.map(soundKey);     /* once: every name's key */
    var want = soundKey(key), alike = list.filter(function (n, i) { return SOUNDS[i] === want; });
    if (alike.length === 1) return { clear: alike[0], top: top, names: [alike[0]] };
    return { names: scored.map(function (x) { return list[x[1]]; }), top: top };
  }
  /* the rows `card QUERY` would show first, in its order: the card, else its close names */
  function cardLookup(query) {
    query = query.trim();
    if (!query) return [];
    var lower = query.toLowerCase(), r;
    for (r = 0; r < rows.length; r++) if (rows[r].i.toLowerCase() === lower && rows[r].p !== "changes.html") return [r];
    var list = names(), key = foldName(query);
    if (NAME_ROWS[key]) return NAME_ROWS[key];
    if (!hasLatin(query)) {
      var latin = layout(query, M.jcuken, M.qwerty).toLowerCase();
      for (r = 0; r < rows.length; r++) if (rows[r].i.toLowerCase() === latin) return [r];
    }
    var spellings = variants(query);
    for (var k = 0; k < spellings.length; k++) if (NAME_ROWS[foldName(spellings[k][0])]) return NAME_ROWS[foldName(spellings[k][0])];
    var found = !spellings.length || list.some(hasLatin) ? byName(key) : { names: [], top: 0 };
    if (!found.clear) {
      var tries = spellings.map(function (sp) { return byName(foldName(sp[0])); });
      var clear = tries.filter(function (t) { return t.clear; }).sort(function (a, b) { return b.top - a.top; });
      if (clear.length) found = clear[0];
      else tries.forEach(function (t) { if (t.top > found.top) found = t; });
    }
    var out = [];
    found.names.forEach(function (n) { out = out.concat(NAME_ROWS[n]); });
    return out;
  }
  window.BJ_CARD_LOOKUP = function (q) { return cardLookup(q).map(function (r) { return rows[r].i; }); };

  function control(name) { return document.getElementById(name); }
  function isState(hash) { return /(^|&)(q|code|sev|set|chg|amb|clean)=/.test(hash.replace(/^#/, "")); }
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
  function stateOf() {
    var params = new URLSearchParams();
    FIELDS.forEach(function (name) {
      var el = control(name);
      if (!el) return;
      if (el.type === "checkbox") { if (el.checked) params.set(name, "1"); }
      else if (el.value) params.set(name, el.value);
    });
    return params.toString();
  }
  function writeState() {
    var hash = stateOf();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }
  function value(name) { var el = control(name); return el ? (el.type === "checkbox" ? el.checked : el.value) : ""; }

  var drawnState = null;   /* the state the results were last drawn for */
  function filter() {
    drawnState = stateOf();
    var query = words(value("q"));
    var code = value("code"), sev = value("sev"), set = value("set"), chg = value("chg");
    var amb = value("amb"), clean = value("clean");
    active = Boolean(query.length || code || sev || set || chg || amb || clean);
    var perWord = query.map(function (q) {
      var byRow = {}, scores = wordScores(q);
      Object.keys(scores).forEach(function (w) {
        wordRows[w].forEach(function (r) { if (!(byRow[r] >= scores[w])) byRow[r] = scores[w]; });
      });
      return { q: q, stem: stemOf(q), names: byRow };
    });
    var found = [], named = {};
    if (query.length) cardLookup(value("q")).forEach(function (r, k) { if (named[r] === undefined) named[r] = k; });
    if (active) {
      for (var r = 0; r < rows.length; r++) {
        var row = rows[r];
        if (code && row.c.indexOf(code) < 0) continue;
        if (sev && row.v.indexOf(sev) < 0) continue;
        if (set && row.s !== set) continue;
        if (amb && !row.m) continue;
        if (clean && row.f) continue;
        if (chg === "any" ? !row.x.length : chg && row.x.indexOf(chg) < 0) continue;
        var score = 0, ok = true;
        for (var k = 0; k < perWord.length && ok; k++) {
          var p = perWord[k], s = p.names[r] || 0;
          if (s < 2 && hay(row).indexOf(p.q) >= 0) s = 2;
          else if (!s && p.stem !== p.q && hay(row).indexOf(p.stem) >= 0) s = 1;
          score += s;
          ok = s > 0;
        }
        if (ok || named[r] !== undefined) found.push([named[r] !== undefined ? 1e6 - named[r] : score, r]);
      }
      if (perWord.length) found.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    }
    /* prints of one name are one result, as a card page lists its other prints (reports/html/prints.py):
       the best-placed print leads, the others follow it as links */
    var byName = {};
    matches = [];
    found.forEach(function (f) {
      var row = rows[f[1]], key = row.p === "changes.html" ? "" : printKey(row.n);
      if (key && byName[key] !== undefined) matches[byName[key]].push(row);
      else {
        if (key) byName[key] = matches.length;
        matches.push([row]);
      }
    });
    matchedCards = found.length;
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
  function withIcons(parent, text) { return iconText(parent, text, icons); }
  var CLASS_RU = {meaning: "смысл", wording: "формулировка", typography: "только типографика",
                  stats: "характеристики", name: "название", added: "новая карта", removed: "удалена"};
  function renderMore() {
    var stop = Math.min(matches.length, shown + PAGE);
    var frag = document.createDocumentFragment();
    for (; shown < stop; shown++) {
      var group = matches[shown], r = group[0];
      var li = el("li");
      li.setAttribute("data-id", r.i);
      var a = el("a", "rname", r.n);
      a.href = BJ.cardHref(r);
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "cid", r.i));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "cset", (data.sets[r.s] || r.s) + (data.sets[r.s] && data.sets[r.s] !== r.s ? " (" + r.s + ")" : "")));
      if (r.o) li.appendChild(el("span", "cset", " прежнее название: " + r.o));
      if (r.k) li.appendChild(el("span", "rstats", r.k));
      var badges = el("span", "codes");
      r.c.forEach(function (c) {      /* coloured by the code's most severe finding */
        var badge = el("span", "badge sev-" + (data.severity[c] || "info"), c);
        badge.title = { error: "ошибка", warning: "предупреждение", info: "сведение" }[data.severity[c] || "info"];
        badges.appendChild(badge);
        badges.appendChild(document.createTextNode(" "));
      });
      if (!r.f && r.p !== "changes.html") badges.appendChild(el("span", "badge ok", "замечаний нет"));
      if (r.m) badges.appendChild(el("span", "badge amb", "неоднозначно"));
      r.x.forEach(function (c) { badges.appendChild(el("span", "badge chg-" + c, CLASS_RU[c] || c)); });
      li.appendChild(badges);
      li.appendChild(withIcons(el("span", "snip"), r.t.replace(/\s+/g, " ")));
      if (group.length > 1) {
        var prints = el("span", "prints", "Другие печати: ");
        group.slice(1).forEach(function (o, k) {
          var link = el("a", "", o.i + " · " + (data.sets[o.s] || o.s));
          link.href = BJ.cardHref(o);
          if (k) prints.appendChild(document.createTextNode(", "));
          prints.appendChild(link);
        });
        li.appendChild(prints);
      }
      frag.appendChild(li);
    }
    list.appendChild(frag);
    var total = matches.length, all = cardCount;
    status.textContent = !active
      ? "В отчёте " + all + " " + plural(all, "карта", "карты", "карт") +
        ": введите название или слова текста (опечатки и другие формы слов прощаются) или выберите фильтр."
      : "Найдено: " + matchedCards + " из " + all +
        (total < matchedCards ? " (" + total + " " + plural(total, "название", "названия", "названий") + ")" : "") +
        (total > shown ? ", показано " + shown : "");
    more.hidden = shown >= total;
    status.setAttribute("data-query", value("q"));
    panel.setAttribute("data-ready", "1");
  }

  var timer = null;
  function changed() {
    clearTimeout(timer);
    /* the field's «change» when it loses the focus (Tab to the first result) asks for the results
       already drawn: drawing them again would take the focus from the result it went to */
    timer = setTimeout(function () {
      if (stateOf() === drawnState) return;
      writeState();
      filter();
    }, 60);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  more.addEventListener("click", renderMore);
  control("clear-filters").addEventListener("click", function () {
    FIELDS.forEach(function (name) {
      var c = control(name);
      if (!c) return;
      if (c.type === "checkbox") c.checked = false;
      else c.value = "";
    });
    clearTimeout(timer);
    writeState();
    filter();
    control("q").focus();
  });
  window.addEventListener("hashchange", function () {
    if (!isState(location.hash)) return;
    readState();
    filter();
    panel.scrollIntoView({ block: "start" });
  });
  panel.hidden = false;
  if (isState(location.hash)) readState();
  filter();
  /* a shared link (#code=BJ101) opens at its results, not at the top of the summary */
  if (isState(location.hash)) panel.scrollIntoView({ block: "start" });
})();
