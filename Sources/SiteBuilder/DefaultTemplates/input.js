// Inputs. Every option of an input is a link to the page of its answer, built ahead, so the
// page works without this script. With it, a choice swaps in place what the answer changes,
// taken from the answer's page: the parts of the page that differ between the two answers as
// they were built (blocks, and text that shows a result); the address becomes the answer's,
// back and forward go between answers, and `?continent=Asia` on a page opens that answer (an
// option it does not have is left alone). An input of `kind=select` is drawn as a drop-down.
// Nothing else on the page moves, and the focus stays where the reader left it.
(function () {
  "use strict";
  var NAVS = "nav.input-block[data-input]";
  var ADDRESSES = ["href", "src", "action", "poster", "data-search-index", "data-search-root"];
  var latest = null;
  var absolutised = false;
  // The HTML of the shown answer's parts, as its page was built; null until it is needed.
  var shownParts = null;
  var status;
  // The page shown, without its fragment: a jump to a heading is no new answer.
  var shown = location.href.split("#")[0];

  // The relative addresses under `root` made absolute against `base`: the address bar takes
  // the answer's, whose depth may differ from the page's the links were written for.
  function absolute(root, base) {
    ADDRESSES.forEach(function (name) {
      root.querySelectorAll("[" + name + "]").forEach(function (element) {
        var value = element.getAttribute(name);
        if (!value || /^(#|\/|[a-z][a-z0-9+.-]*:)/i.test(value)) return;
        element.setAttribute(name, new URL(value, base).href);
      });
    });
    root.querySelectorAll("[srcset]").forEach(function (element) {
      element.setAttribute("srcset", element.getAttribute("srcset").split(",").map(function (candidate) {
        var parts = candidate.trim().split(/\s+/);
        if (parts[0] && !/^(\/|[a-z][a-z0-9+.-]*:)/i.test(parts[0])) parts[0] = new URL(parts[0], base).href;
        return parts.join(" ");
      }).join(", "));
    });
  }

  // The element that holds the inputs and every block that changes: its children are the
  // parts compared. Null where that is the whole body (a template's own page).
  function holder(page) {
    var nav = page.querySelector(NAVS), element = nav && nav.parentElement;
    var varying = Array.prototype.slice.call(page.querySelectorAll(".varies"));
    var holds = function (part) { return element.contains(part); };
    while (element && element !== page.body && !varying.every(holds)) element = element.parentElement;
    return element && element !== page.body && element !== page.documentElement ? element : null;
  }

  function parts(page) {
    var element = holder(page);
    return element ? Array.prototype.slice.call(element.children) : [];
  }

  function html(parts) {
    return parts.map(function (part) { return part.matches(NAVS) ? "" : part.outerHTML; });
  }

  // A drop-down in place of the list of links, for an input of many options.
  function draw(nav) {
    if (nav.getAttribute("data-kind") !== "select") return;
    var select = document.createElement("select");
    select.setAttribute("aria-labelledby", "input_" + nav.getAttribute("data-input"));
    nav.querySelectorAll("a").forEach(function (link) {
      select.add(new Option(link.textContent, link.href, false, link.hasAttribute("aria-current")));
    });
    select.addEventListener("change", function () { choose(select.value, "push"); });
    nav.appendChild(select);
    nav.classList.add("drawn");
  }

  // The input's links (and drop-down) as the answer's page has them.
  function update(nav, fresh) {
    var links = nav.querySelectorAll("a"), freshLinks = fresh.querySelectorAll("a");
    var select = nav.querySelector("select");
    links.forEach(function (link, index) {
      var other = freshLinks[index];
      if (!other) return;
      link.setAttribute("href", other.getAttribute("href"));
      if (other.hasAttribute("aria-current")) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
      if (select && select.options[index]) {
        select.options[index].value = link.href;
        if (other.hasAttribute("aria-current")) select.selectedIndex = index;
      }
    });
  }

  function bring(part, before, parent) {
    var fresh = document.importNode(part, true);
    parent.insertBefore(fresh, before);
    fresh.dispatchEvent(new CustomEvent("ttsite:swapped", { bubbles: true }));
  }

  // The pairs of positions of `a` and `b` that hold the same text, as many as can be in order
  // (a longest common subsequence): the parts an answer keeps.
  function common(a, b) {
    var table = [], pairs = [], i, j;
    for (i = a.length; i >= 0; i--) {
      table[i] = [];
      for (j = b.length; j >= 0; j--) {
        table[i][j] = i === a.length || j === b.length ? 0
          : a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    for (i = 0, j = 0; i < a.length && j < b.length;) {
      if (a[i] === b[j]) pairs.push([i++, j++]);
      else if (table[i + 1][j] >= table[i][j + 1]) i++;
      else j++;
    }
    return pairs;
  }

  // The answer's parts in place of the shown answer's, but those the two share (as they were
  // built), which stay as they are; the inputs stay too. Then its inputs, heading, title,
  // canonical address and translations.
  function swap(page, url, before) {
    var element = holder(document), now = parts(document), next = parts(page);
    if (!element || before.length !== now.length) {
      document.querySelectorAll(".varies[id]").forEach(function (part) {
        var fresh = page.getElementById(part.id);
        if (!fresh) return;
        bring(fresh, part, part.parentNode);
        part.remove();
      });
    } else {
      var kept = common(before, html(next)), stays = {}, from = {};
      kept.forEach(function (pair) { stays[pair[0]] = true; from[pair[1]] = pair[0]; });
      now.forEach(function (part, index) { if (!stays[index]) part.remove(); });
      var cursor = element.firstElementChild;
      next.forEach(function (part, index) {
        if (index in from) cursor = now[from[index]].nextElementSibling;
        else bring(part, cursor, element);
      });
    }
    shownParts = html(next);
    document.querySelectorAll(NAVS).forEach(function (nav) {
      var fresh = page.querySelector(NAVS + '[data-input="' + nav.getAttribute("data-input") + '"]');
      if (fresh) update(nav, fresh);
    });
    var heading = document.querySelector("h1"), freshHeading = page.querySelector("h1");
    if (heading && freshHeading && heading.textContent !== freshHeading.textContent) heading.textContent = freshHeading.textContent;
    var canonical = document.querySelector('link[rel="canonical"]'), freshCanonical = page.querySelector('link[rel="canonical"]');
    if (canonical && freshCanonical) canonical.setAttribute("href", freshCanonical.getAttribute("href"));
    // The language switch and the translations lead to this answer in other languages.
    document.querySelectorAll('link[rel="alternate"][hreflang]').forEach(function (link) { link.remove(); });
    page.querySelectorAll('link[rel="alternate"][hreflang]').forEach(function (link) {
      var fresh = document.importNode(link, true);
      fresh.setAttribute("href", new URL(link.getAttribute("href"), url).href);
      document.head.appendChild(fresh);
    });
    document.querySelectorAll("a[hreflang]").forEach(function (link) {
      var fresh = page.querySelector('a[hreflang="' + link.getAttribute("hreflang") + '"]');
      if (fresh) link.setAttribute("href", fresh.getAttribute("href"));
    });
    document.title = page.title;
    status.textContent = freshHeading ? freshHeading.textContent : page.title;
  }

  // A page at `url`, parsed, its addresses made absolute.
  function load(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.text();
    }).then(function (text) {
      var page = new DOMParser().parseFromString(text, "text/html");
      absolute(page.body, url);
      return page;
    });
  }

  // Shows the answer at `url`: fetched, then swapped in; the address pushed, replaced or
  // left as it is (`how`). The first time, the shown answer's page is fetched too (from the
  // browser's cache), to know its parts as built. Where a page cannot be fetched (one opened
  // from a file), the answer's page is opened instead, in the place the address would have
  // taken in the history.
  function choose(url, how, then) {
    var mine = latest = {};
    var busy = document.querySelectorAll(".varies");
    busy.forEach(function (part) { part.setAttribute("aria-busy", "true"); });
    var shownPage = shownParts ? Promise.resolve(null) : load(shown);
    Promise.all([load(url), shownPage]).then(function (pages) {
      if (mine !== latest) return;
      latest = null;
      if (!absolutised) absolute(document.body, location.href);
      absolutised = true;
      if (pages[1]) shownParts = html(parts(pages[1]));
      if (how !== "none") history[how === "push" ? "pushState" : "replaceState"]({ input: true }, "", url);
      shown = url.split("#")[0];
      swap(pages[0], url, shownParts);
      busy.forEach(function (part) { part.removeAttribute("aria-busy"); });
      if (then) then();
    }).catch(function () {
      if (mine !== latest) return;
      if (how === "push") location.assign(url);
      else location.replace(url);
    });
  }

  // `?continent=Asia&year=1952`: each input named, one after the other, by an option's value
  // or words (any case); an input or option the page does not have is left alone.
  function fromQuery() {
    var params = new URLSearchParams(location.search), wanted = [];
    document.querySelectorAll(NAVS).forEach(function (nav) {
      var value = params.get(nav.getAttribute("data-input"));
      if (value !== null) wanted.push({ name: nav.getAttribute("data-input"), value: value.toLowerCase() });
    });
    (function next() {
      while (wanted.length) {
        var want = wanted.shift();
        var nav = document.querySelector(NAVS + '[data-input="' + want.name + '"]');
        var link = Array.prototype.find.call(nav.querySelectorAll("a"), function (link) {
          return (link.getAttribute("data-value") || "").toLowerCase() === want.value
            || link.textContent.trim().toLowerCase() === want.value;
        });
        if (link && !link.hasAttribute("aria-current")) return choose(link.href, "replace", next);
      }
    })();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(NAVS + " a");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // The answer shown is chosen again only to stop one on its way (or from a later page of
    // its long table).
    if (link.href.split("#")[0] !== shown || latest) choose(link.href, "push");
  });
  window.addEventListener("popstate", function () {
    if (location.href.split("#")[0] !== shown) choose(location.href, "none");
  });

  if (!document.querySelector(NAVS)) return;
  status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);
  document.querySelectorAll(NAVS).forEach(draw);
  fromQuery();
})();
