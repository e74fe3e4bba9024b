// Inputs. Every option of an input is a link to the page of its answer, built ahead, so the
// page works without this script. With it, a choice swaps in place the blocks whose answer
// changes (`.varies`), taken from the answer's page; the address becomes that page's, back
// and forward go between answers, and `?continent=Asia` on a page opens that answer (an
// option it does not have is left alone). An input of `kind=select` is drawn as a drop-down.
// Nothing else on the page moves, and the focus stays where the reader left it.
(function () {
  "use strict";
  var NAVS = "nav.input-block[data-input]";
  var ADDRESSES = ["href", "src", "action", "poster"];
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

  // A drop-down in place of the list of links, for an input of many options.
  function draw(nav) {
    if (nav.getAttribute("data-kind") !== "select") return;
    var select = document.createElement("select");
    select.setAttribute("aria-labelledby", "input-" + nav.getAttribute("data-input"));
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

  // The parts of the page that hold its inputs, and each part's HTML as the shown answer's
  // page has it (what the other scripts did to a part since does not count as a change).
  function parts(page) {
    var nav = page.querySelector(NAVS);
    return nav ? Array.prototype.slice.call(nav.parentNode.children) : [];
  }

  // The answer's parts that differ from the shown answer's in place of those, and its inputs,
  // heading, title and canonical address.
  function swap(page, before) {
    var now = parts(document), next = parts(page);
    if (now.length === next.length && before.length === next.length) {
      next.forEach(function (part, index) {
        if (part.matches(NAVS) || part.outerHTML === before[index]) return;
        var fresh = document.importNode(part, true);
        now[index].replaceWith(fresh);
        fresh.dispatchEvent(new CustomEvent("ttsite:swapped", { bubbles: true }));
      });
    } else {
      // A page whose parts are not the same in number (a template's own): its blocks alone.
      document.querySelectorAll(".varies[id]").forEach(function (part) {
        var fresh = page.getElementById(part.id);
        if (!fresh) return;
        part.innerHTML = fresh.innerHTML;
        part.dispatchEvent(new CustomEvent("ttsite:swapped", { bubbles: true }));
      });
    }
    shownParts = next.map(function (part) { return part.outerHTML; });
    document.querySelectorAll(NAVS).forEach(function (nav) {
      var fresh = page.querySelector(NAVS + '[data-input="' + nav.getAttribute("data-input") + '"]');
      if (fresh) update(nav, fresh);
    });
    var heading = document.querySelector("h1"), freshHeading = page.querySelector("h1");
    if (heading && freshHeading && heading.textContent !== freshHeading.textContent) heading.textContent = freshHeading.textContent;
    var canonical = document.querySelector('link[rel="canonical"]'), freshCanonical = page.querySelector('link[rel="canonical"]');
    if (canonical && freshCanonical) canonical.setAttribute("href", freshCanonical.getAttribute("href"));
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
  // from a file), the answer's page is opened instead.
  function choose(url, how, then) {
    var mine = latest = {};
    var busy = document.querySelectorAll(".varies");
    busy.forEach(function (part) { part.setAttribute("aria-busy", "true"); });
    var shownPage = shownParts ? Promise.resolve(null) : load(shown);
    Promise.all([load(url), shownPage]).then(function (pages) {
      if (mine !== latest) return;
      if (!absolutised) absolute(document.body, location.href);
      absolutised = true;
      if (pages[1]) shownParts = parts(pages[1]).map(function (part) { return part.outerHTML; });
      if (how !== "none") history[how === "push" ? "pushState" : "replaceState"]({ input: true }, "", url);
      shown = url.split("#")[0];
      swap(pages[0], shownParts);
      busy.forEach(function (part) { part.removeAttribute("aria-busy"); });
      if (then) then();
    }).catch(function () {
      if (mine === latest) location.assign(url);
    });
  }

  // `?continent=Asia&year=1952`: each input named, one after the other, by an option's value
  // or words (any case); an input or option the page does not have is left alone.
  function fromQuery() {
    var params = new URLSearchParams(location.search), wanted = [];
    document.querySelectorAll(NAVS).forEach(function (nav) {
      var value = params.get(nav.getAttribute("data-input"));
      if (value !== null) wanted.push({ nav: nav, value: value.toLowerCase() });
    });
    (function next() {
      while (wanted.length) {
        var want = wanted.shift();
        var link = Array.prototype.find.call(want.nav.querySelectorAll("a"), function (link) {
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
    if (!link.hasAttribute("aria-current")) choose(link.href, "push");
  });
  window.addEventListener("popstate", function () {
    if (location.href.split("#")[0] !== shown) choose(location.href, "none");
  });

  status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("aria-live", "polite");
  if (!document.querySelector(NAVS)) return;
  document.body.appendChild(status);
  document.querySelectorAll(NAVS).forEach(draw);
  fromQuery();
})();
