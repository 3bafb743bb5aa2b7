// The search box (search: true in sitegen.yml). The first time it is used it loads the index,
// every page's title, description, headings and text (scripts, so that it loads from file://
// too), and then lists the pages that hold every word typed: a word in the
// title counts most, then one in a heading (the result then leads to that heading), then the text;
// a word that starts a word counts more than one inside a word, and a word found often more than
// one found once. Letter case and accents do not matter (`resume` finds `Résumé`, and `كتاب`
// finds `كِتَابٌ`). Without JavaScript the box stays hidden.
(function () {
  var form = document.querySelector("form.search");
  var nav = document.querySelector("nav.nav[data-root]");
  if (!form || !nav) return;
  var input = form.querySelector("input");
  var results = form.querySelector(".search-results");
  var status = form.querySelector(".search-status");
  if (!input || !results || !status) return;
  var root = nav.getAttribute("data-root") || "";
  var pages = null;
  var requested = false;
  var timer = null;
  var shown = 20;
  var openFirst = false;
  form.hidden = false;
  // Accents, and the vowel marks of Arabic and Hebrew, which readers often do not type.
  var marks = /[\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]/g;

  // Case and accents folded, one character at a time, with where each folded character came
  // from: a snippet is cut and marked in the text as written.
  function foldWithMap(text) {
    var folded = "";
    var from = [];
    for (var i = 0; i < text.length; ) {
      var code = text.codePointAt(i);
      var character = String.fromCodePoint(code);
      var plain = fold(character);
      for (var j = 0; j < plain.length; j++) from.push(i);
      folded += plain;
      i += character.length;
    }
    from.push(text.length);
    return { text: folded, from: from };
  }

  // Compatibility forms taken apart (`ﬁ` is `fi`), lower case (`ς` is `σ` wherever it stands,
  // `ß` is `ss`), marks dropped: the same for a whole text as for each of its characters.
  function fold(text) {
    return text
      .normalize("NFKD")
      .toLowerCase()
      .normalize("NFKD")
      .replace(marks, "")
      .replace(/ς/g, "σ")
      .replace(/ß/g, "ss");
  }

  // The index comes in parts (_sitegen/search.js names them), each a script; a part that fails to
  // load is left out rather than holding the search up. Pages that score the same keep the
  // sidebar's order.
  function load() {
    if (requested) return;
    requested = true;
    window.sitegenSearch = [];
    addScript(root + "_sitegen/search.js", function () {
      var parts = window.sitegenSearchParts || [];
      var left = parts.length;
      if (!left) loaded();
      parts.forEach(function (part) {
        addScript(root + part, function () {
          left -= 1;
          if (!left) loaded();
        });
      });
    });
  }

  function addScript(source, done) {
    var script = document.createElement("script");
    script.src = source;
    script.onload = done;
    script.onerror = done;
    document.head.appendChild(script);
  }

  function siteOrder() {
    var order = {};
    var next = 0;
    (function visit(entries) {
      (entries || []).forEach(function (entry) {
        if (entry[1] && !(entry[1] in order)) order[entry[1]] = next++;
        visit(entry[2]);
      });
    })(window.sitegenNav);
    return order;
  }

  function loaded() {
    var order = siteOrder();
    pages = window.sitegenSearch
      .map(function (entry) {
        return {
          path: entry[0],
          title: entry[1],
          text: (entry[2] ? entry[2] + " " : "") + entry[3],
          headings: entry[4],
          foldedTitle: fold(entry[1]),
          foldedText: fold(entry[2] + " " + entry[3]),
          foldedHeadings: entry[4].map(function (heading) {
            return fold(heading[1]);
          }),
          order: entry[0] in order ? order[entry[0]] : Infinity,
        };
      })
      .sort(function (a, b) {
        if (a.order !== b.order) return a.order < b.order ? -1 : 1;
        return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
      });
    search();
  }

  // The last query, for the way back; a WebView may have no session storage (file://).
  function remember(query) {
    try {
      sessionStorage.setItem("sitegen-search", query);
    } catch (error) {}
  }

  function recall() {
    try {
      return sessionStorage.getItem("sitegen-search");
    } catch (error) {
      return null;
    }
  }

  function words(query) {
    return fold(query)
      .split(/\s+/)
      .filter(function (word) {
        return word.length > 0;
      });
  }

  var wordCharacter = /[\p{L}\p{N}]/u;

  // How `word` is in `text`: 0 not at all, 1 inside a word, 2 at a word's start, 3 as a whole
  // word; and how often, up to 10.
  function find(text, word) {
    var best = 0;
    var count = 0;
    for (var at = text.indexOf(word); at >= 0 && count < 10; at = text.indexOf(word, at + word.length)) {
      count += 1;
      var starts = at === 0 || !wordCharacter.test(text[at - 1]);
      var ends = at + word.length >= text.length || !wordCharacter.test(text[at + word.length]);
      best = Math.max(best, starts ? (ends ? 3 : 2) : 1);
    }
    return { how: best, count: count };
  }

  // The score of a page for the words, or -1 when it lacks one; and the first heading that holds
  // every word, if any.
  function rank(page, wanted) {
    var score = 0;
    for (var i = 0; i < wanted.length; i++) {
      var word = wanted[i];
      var title = find(page.foldedTitle, word);
      var heading = 0;
      page.foldedHeadings.forEach(function (text) {
        heading = Math.max(heading, find(text, word).how);
      });
      var text = find(page.foldedText, word);
      if (!title.how && !heading && !text.how) return { score: -1 };
      score += title.how * 6 + (page.foldedTitle.indexOf(word) === 0 ? 3 : 0) + heading * 3;
      score += text.how * (1 + Math.log2(1 + text.count));
    }
    var heading = -1;
    for (var h = 0; h < page.foldedHeadings.length && heading < 0; h++) {
      var all = wanted.every(function (word) {
        return page.foldedHeadings[h].indexOf(word) >= 0;
      });
      if (all) heading = h;
    }
    return { score: score, heading: heading };
  }

  // About 160 characters of the text around the first word found, with every word marked.
  function snippet(text, wanted) {
    var folded = foldWithMap(text);
    var first = -1;
    wanted.forEach(function (word) {
      var at = folded.text.indexOf(word);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    });
    var fragment = document.createDocumentFragment();
    if (first < 0) {
      fragment.appendChild(document.createTextNode(text.slice(0, 160) + (text.length > 160 ? " …" : "")));
      return fragment;
    }
    // Cut at spaces, not inside words, where there are spaces near.
    var at = folded.from[first];
    var start = Math.max(0, at - 60);
    var space = start > 0 ? text.indexOf(" ", start) : -1;
    if (space >= 0 && space < at) start = space + 1;
    var end = Math.min(text.length, start + 160);
    space = end < text.length ? text.lastIndexOf(" ", end) : -1;
    if (space > at) end = space;
    var marks = [];
    wanted.forEach(function (word) {
      for (var at = folded.text.indexOf(word); at >= 0; at = folded.text.indexOf(word, at + word.length)) {
        var from = folded.from[at];
        var to = folded.from[at + word.length];
        if (to <= start) continue;
        if (from >= end) break;
        marks.push([Math.max(from, start), Math.min(to, end)]);
      }
    });
    marks.sort(function (a, b) {
      return a[0] - b[0];
    });
    var position = start;
    if (start > 0) fragment.appendChild(document.createTextNode("… "));
    marks.forEach(function (mark) {
      if (mark[0] < position) return;
      fragment.appendChild(document.createTextNode(text.slice(position, mark[0])));
      var element = document.createElement("mark");
      element.textContent = text.slice(mark[0], mark[1]);
      fragment.appendChild(element);
      position = mark[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(position, end) + (end < text.length ? " …" : "")));
    return fragment;
  }

  function say(template, value) {
    return template.replace(/\{(query|count)\}/g, function () {
      return value;
    });
  }

  function search() {
    var query = input.value;
    var wanted = words(query);
    results.textContent = "";
    if (!wanted.length) {
      openFirst = false;
      results.hidden = true;
      status.textContent = "";
      return;
    }
    if (!pages) {
      load();
      return;
    }
    remember(query);
    var found = [];
    pages.forEach(function (page) {
      var ranked = rank(page, wanted);
      if (ranked.score >= 0) found.push({ page: page, score: ranked.score, heading: ranked.heading });
    });
    found.sort(function (a, b) {
      return b.score - a.score;
    });
    results.hidden = false;
    if (!found.length) {
      openFirst = false;
      status.textContent = say(form.getAttribute("data-no-results") || "No results for {query}", query.trim());
      return;
    }
    status.textContent = say(form.getAttribute("data-results") || "Results: {count}", String(found.length));
    found.slice(0, shown).forEach(function (result) {
      var page = result.page;
      var item = document.createElement("li");
      var link = document.createElement("a");
      var heading = result.heading >= 0 ? page.headings[result.heading] : null;
      link.href = root + page.path + (heading ? "#" + encodeURIComponent(heading[0]) : "");
      var title = document.createElement("span");
      title.className = "search-title";
      title.textContent = heading ? page.title + " › " + heading[1] : page.title;
      link.appendChild(title);
      var text = document.createElement("span");
      text.className = "search-snippet";
      text.appendChild(snippet(page.text, wanted));
      link.appendChild(text);
      item.appendChild(link);
      results.appendChild(item);
    });
    if (openFirst) {
      openFirst = false;
      results.querySelector("a").click();
    }
  }

  input.addEventListener("focus", load);
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 120);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    // Before the index has loaded, the first result opens once it has.
    openFirst = !pages;
    search();
    var first = results.querySelector("a");
    if (first) first.click();
  });
  // Arrow keys move between the box and the results; Escape empties the box.
  form.addEventListener("keydown", function (event) {
    var links = Array.prototype.slice.call(results.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      if (at === 0) input.focus();
      else links[at - 1].focus();
    } else if (event.key === "Escape") {
      input.value = "";
      search();
      input.focus();
    } else if (at >= 0 && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on a result goes on typing in the box.
      input.focus();
    }
  });
  // Back from a result, the box shows what was searched for again.
  var navigation = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  function restore() {
    var query = recall();
    if (query && !input.value) {
      input.value = query;
      search();
    }
  }
  if (navigation && navigation.type === "back_forward") restore();
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) restore();
  });
})();
