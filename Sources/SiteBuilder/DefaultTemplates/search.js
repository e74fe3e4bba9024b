/*
 * ttsite search: finds a person or a timeline by name on the list pages, as one types.
 *
 * HTML (written by ttsite on the people and timeline lists; the form is hidden, so a page
 * read without this script shows no box that cannot work):
 *
 *   <form class="search" role="search" hidden
 *         data-search-index="../assets/people-search.en.0123456789abcdef.js"
 *         data-search-root="../"
 *         data-found="<COUNT> found"
 *         data-shown="<SHOWN> of <COUNT> shown"
 *         data-all="Show all <COUNT>"
 *         data-none="Nothing found">
 *   <label for="search-input">Find a person</label>
 *   <input id="search-input" type="search" autocomplete="off" spellcheck="false">
 *   <p class="search-status" role="status"></p>
 *   <ol class="search-results"></ol>
 *   </form>
 *
 * The index is a classic script (a page opened from disk cannot fetch() a file), loaded
 * when the box is first used (focus or input), never before. Its whole content is one call:
 *
 *   ttsiteSearchIndex([["Anna Schmidt","people/anna-schmidt/index.html","12-05-1990","34 years old"], …]);
 *
 * Each entry is [name, link relative to the site root, zero or more details]; a result's
 * link is data-search-root followed by the entry's link. The name may instead be a list of
 * the name and other spellings it is found by (a Cyrillic or Greek name and its Latin
 * transliteration, which the page's address is made of):
 *
 *   [["Тарас Шевченко","taras shevchenko"],"people/taras-shevchenko/index.html", …]
 *
 * The entries come in the order results are shown in. Results are
 *
 *   <li><a href="../people/anna-schmidt/index.html">Anna Schmidt</a> <span class="search-detail">12-05-1990 · 34 years old</span></li>
 *
 * (no span without details), at most 50; when there are more, a button after them (its text
 * data-all) shows them all, until the query changes. The status says data-none, data-found
 * or data-shown with <COUNT> and <SHOWN> replaced by numbers written for the page's language.
 *
 * Matching ignores case and diacritics in every script: names and query are folded
 * (NFKD, nonspacing marks and format characters removed, lower case, a few letters that
 * do not decompose written plainly: ø → o, ı → i, ß → ss, final ς → σ …) and cut into
 * words at spaces, hyphens, apostrophes, punctuation and symbols. Every word of the query
 * must begin a word of the name or of one of its other spellings (or, in Chinese or Japanese
 * writing, which puts no spaces between words, occur in one). Names that begin with the
 * query come first, then the others, each in index order. Enter opens the first result; Escape empties the box.
 * What is typed before the index arrives is searched when it does; if the index cannot be
 * loaded, the status stays empty and the next focus tries again.
 */
(function () {
  "use strict";

  const MAX_RESULTS = 50;

  // Letters with a stroke, ligatures and the like, which NFKD leaves alone.
  const LETTERS = {
    "ı": "i", "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ƀ": "b", "ɨ": "i",
    "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ς": "σ",
  };
  const LETTER_PATTERN = new RegExp("[" + Object.keys(LETTERS).join("") + "]", "gu");
  const MARKS = /[\p{Mn}\p{Cf}]/gu;
  const SEPARATORS = /[\p{White_Space}\p{P}\p{S}\u02BC]+/u;
  // Scripts written without spaces between words: a query word may occur inside a word.
  const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

  function fold(text) {
    return String(text).normalize("NFKD").replace(MARKS, "").toLocaleLowerCase()
      .replace(LETTER_PATTERN, (letter) => LETTERS[letter]);
  }

  function wordsOf(text) {
    return fold(text).split(SEPARATORS).filter((word) => word !== "");
  }

  // The index's entries, folded once; entries that are not [name or [name, spelling…],
  // link, …details] are left out.
  function prepare(entries) {
    if (!Array.isArray(entries)) return [];
    const prepared = [];
    entries.forEach((entry) => {
      if (!Array.isArray(entry) || typeof entry[1] !== "string") return;
      const names = (Array.isArray(entry[0]) ? entry[0] : [entry[0]]).filter((name) => typeof name === "string");
      if (names.length === 0 || names[0] !== (Array.isArray(entry[0]) ? entry[0][0] : entry[0])) return;
      if (/^\s*(javascript|data|vbscript):/i.test(entry[1])) return;
      const spellings = names.map(wordsOf);
      prepared.push({
        name: names[0], href: entry[1],
        details: entry.slice(2).filter((detail) => typeof detail === "string" && detail !== ""),
        words: [].concat(...spellings), keys: spellings.map((words) => words.join(" ")),
      });
    });
    return prepared;
  }

  function matches(entry, query) {
    return query.every((part) => {
      const inside = UNSPACED.test(part);
      return entry.words.some((word) => (inside ? word.includes(part) : word.startsWith(part)));
    });
  }

  // { count, results }: every match counted, at most `limit` returned (Infinity: all), those
  // that begin with the query first. An empty query (or one of punctuation alone) finds nothing.
  function find(prepared, text, limit) {
    const query = wordsOf(text);
    const max = limit === undefined ? MAX_RESULTS : limit;
    if (query.length === 0) return { count: 0, results: [] };
    const key = query.join(" ");
    const first = [], rest = [];
    let count = 0;
    prepared.forEach((entry) => {
      if (!matches(entry, query)) return;
      count += 1;
      const group = entry.keys.some((spelling) => spelling.startsWith(key)) ? first : rest;
      if (group.length < max) group.push(entry);
    });
    return { count, results: first.concat(rest).slice(0, max) };
  }

  const formatters = {};
  function formatNumber(value, lang) {
    const language = (lang || "en").split(/[-_]/)[0].toLowerCase() || "en";
    if (!formatters[language]) {
      try { formatters[language] = new Intl.NumberFormat(language); }
      catch (e) { formatters[language] = new Intl.NumberFormat("en"); }
    }
    return formatters[language].format(value);
  }

  // One load per index file, shared by the forms that use it.
  const loads = {};

  function receive(entries) {
    const script = document.currentScript;
    const url = script && script.getAttribute("data-search-index");
    let load = url ? loads[url] : null;
    if (!load) {
      const loading = Object.keys(loads).map((key) => loads[key]).filter((l) => l.state === "loading");
      load = loading.length === 1 ? loading[0] : null;
    }
    if (!load || load.state === "loaded") return;
    load.entries = prepare(entries);
    load.state = "loaded";
    load.searches.forEach((search) => search.indexArrived());
  }

  function loadIndex(load, retry) {
    if (load.state === "loading" || load.state === "loaded") return;
    if (load.state === "failed" && !retry) return;
    load.state = "loading";
    window.ttsiteSearchIndex = receive;
    const script = document.createElement("script");
    script.setAttribute("data-search-index", load.url);
    script.async = true;
    script.onload = () => {
      // A file that loads but does not call ttsiteSearchIndex is as good as missing.
      if (load.state === "loading") failed();
    };
    script.onerror = failed;
    function failed() {
      load.state = "failed";
      if (script.parentNode) script.parentNode.removeChild(script);
      load.searches.forEach((search) => search.indexFailed());
    }
    script.src = load.url;
    (document.head || document.documentElement).appendChild(script);
  }

  function attach(form) {
    const url = form.getAttribute("data-search-index");
    const input = form.querySelector("input");
    if (!url || !input || form.ttsiteSearch) return;
    let status = form.querySelector(".search-status");
    let list = form.querySelector(".search-results");
    if (!status) { status = document.createElement("p"); status.className = "search-status"; form.appendChild(status); }
    if (!list) { list = document.createElement("ol"); list.className = "search-results"; form.appendChild(list); }
    const more = document.createElement("button");
    more.type = "button";
    more.className = "search-all";
    more.hidden = true;
    list.insertAdjacentElement("afterend", more);
    const root = form.getAttribute("data-search-root") || "";
    const langHolder = form.closest("[lang]");
    const lang = (langHolder && langHolder.getAttribute("lang")) || document.documentElement.lang;
    const load = loads[url] || (loads[url] = { url, state: "idle", entries: [], searches: [] });
    let openWhenReady = false;

    function say(template, count, shown) {
      return (form.getAttribute(template) || "")
        .split("<COUNT>").join(formatNumber(count, lang))
        .split("<SHOWN>").join(formatNumber(shown, lang));
    }

    function clear() {
      list.textContent = "";
      status.textContent = "";
      more.hidden = true;
    }

    function render(found) {
      const items = document.createDocumentFragment();
      found.results.forEach((entry) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.setAttribute("href", root + entry.href);
        link.textContent = entry.name;
        item.appendChild(link);
        if (entry.details.length > 0) {
          const detail = document.createElement("span");
          detail.className = "search-detail";
          detail.textContent = entry.details.join(" · ");
          item.appendChild(document.createTextNode(" "));
          item.appendChild(detail);
        }
        items.appendChild(item);
      });
      list.textContent = "";
      list.appendChild(items);
      if (found.count === 0) status.textContent = form.getAttribute("data-none") || "";
      else if (found.count === found.results.length) status.textContent = say("data-found", found.count, found.count);
      else status.textContent = say("data-shown", found.count, found.results.length);
      more.hidden = found.count === found.results.length || !form.hasAttribute("data-all");
      more.textContent = more.hidden ? "" : say("data-all", found.count, found.count);
    }

    function run(limit) {
      if (load.state !== "loaded") return;
      if (wordsOf(input.value).length === 0) { clear(); openWhenReady = false; return; }
      render(find(load.entries, input.value, limit));
      if (openWhenReady) { openWhenReady = false; openFirst(); }
    }

    more.addEventListener("click", () => run(Infinity));

    function openFirst() {
      const first = list.querySelector("a[href]");
      if (first) window.location.href = first.href;
    }

    const search = {
      indexArrived: () => run(),
      indexFailed() { openWhenReady = false; status.textContent = ""; },
    };
    load.searches.push(search);
    form.ttsiteSearch = search;

    input.addEventListener("focus", () => loadIndex(load, true));
    input.addEventListener("input", () => {
      openWhenReady = false;
      loadIndex(load, false);
      if (wordsOf(input.value).length === 0) clear();
      else run();   // until the index arrives, the box keeps the query and indexArrived runs it
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.isComposing) return;
      if (input.value !== "" || list.firstChild) event.preventDefault();
      input.value = "";
      openWhenReady = false;
      clear();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (load.state === "loaded") { run(); openFirst(); return; }
      if (wordsOf(input.value).length > 0 && load.state !== "failed") openWhenReady = true;
      loadIndex(load, true);
    });
    form.hidden = false;
  }

  function init(root) {
    Array.from((root || document).querySelectorAll("form[data-search-index]")).forEach((form) => {
      try { attach(form); } catch (e) { /* a broken form stays hidden; the list is still there */ }
    });
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { fold, wordsOf, prepare, find, formatNumber };
  } else if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => init());
    else init();
    // The long tables an input's choice brought in (input.js).
    document.addEventListener("ttsite:swapped", (event) => init(event.target));
  }
})();
