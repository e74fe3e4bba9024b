// Sorts a table of query results by a column when its header is pressed (up, then down), and
// filters its rows by the words typed in its box. The table is whole without this script; it
// only reorders and hides rows, and adds nothing that takes room (style.css keeps the room of
// the arrows and of the filter box).
//
// Order: a cell's data-sort when it has one (a number, an ISO date; "" for an empty cell),
// otherwise its text. Numbers (a key, or a text written as a plain number) by value, dates as
// written (ISO dates sort as text does), text by the page language's collation; empty cells
// last, up or down. Matching ignores case and
// diacritics, as the search box does.
(function () {
  "use strict";
  var collator = new Intl.Collator(document.documentElement.lang || undefined, { numeric: true });
  var plain = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
  // Letters with a stroke and ligatures, which NFKD leaves alone (as search.js folds them).
  var LETTERS = { "ı": "i", "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d" };
  var LETTER_PATTERN = new RegExp("[" + Object.keys(LETTERS).join("") + "]", "g");
  var MARKS = /[\p{Mn}\p{Cf}]/gu;

  function fold(text) {
    return text.normalize("NFKD").replace(MARKS, "").toLocaleLowerCase()
      .replace(LETTER_PATTERN, function (letter) { return LETTERS[letter]; });
  }

  // What a cell is ordered by, or null for an empty cell.
  function sortValue(cell) {
    var sort = cell ? cell.getAttribute("data-sort") : "";
    var text = sort === null ? cell.textContent.trim() : sort;
    if (text === "") return null;
    // A number written plainly is its own key: the page writes data-sort only where the text
    // is not the key already.
    return { number: plain.test(text) ? Number(text) : NaN, text: text };
  }

  function compare(a, b) {
    var x = !isNaN(a.number), y = !isNaN(b.number);
    if (x && y) return a.number - b.number;
    if (x !== y) return x ? -1 : 1;
    return collator.compare(a.text, b.text);
  }

  function sort(body, column, ascending) {
    var rows = Array.prototype.map.call(body.rows, function (row, index) {
      return { row: row, value: sortValue(row.cells[column]), index: index };
    });
    rows.sort(function (a, b) {
      if (a.value === null || b.value === null) return (a.value === null) - (b.value === null) || a.index - b.index;
      return (ascending ? compare(a.value, b.value) : compare(b.value, a.value)) || a.index - b.index;
    });
    var ordered = document.createDocumentFragment();
    rows.forEach(function (entry) { ordered.appendChild(entry.row); });
    body.appendChild(ordered);
  }

  // The tables under `root`: the page's, then those an input's choice brings in (input.js).
  function setUp(root) {
    root.querySelectorAll("table[data-table-sort]").forEach(function (table) {
      var body = table.tBodies[0];
      var headers = table.tHead ? table.tHead.rows[0].cells : [];
      Array.prototype.forEach.call(headers, function (th, column) {
        var button = document.createElement("button");
        button.type = "button";
        while (th.firstChild) button.appendChild(th.firstChild);
        th.appendChild(button);
        button.addEventListener("click", function () {
          var ascending = th.getAttribute("aria-sort") !== "ascending";
          Array.prototype.forEach.call(headers, function (other) { other.removeAttribute("aria-sort"); });
          th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          sort(body, column, ascending);
        });
      });
    });

    root.querySelectorAll("input[data-table-filter]").forEach(function (input) {
      var figure = document.getElementById(input.getAttribute("data-table-filter"));
      var body = figure && figure.querySelector("tbody");
      if (!body) return;
      var texts = new WeakMap();
      input.closest(".table-tools").classList.add("ready");
      input.addEventListener("input", function () {
        var words = fold(input.value).split(/\s+/).filter(Boolean);
        Array.prototype.forEach.call(body.rows, function (row) {
          if (!texts.has(row)) texts.set(row, fold(row.textContent));
          var text = texts.get(row);
          row.hidden = !words.every(function (word) { return text.indexOf(word) >= 0; });
        });
      });
    });
  }

  setUp(document);
  document.addEventListener("ttsite:swapped", function (event) { setUp(event.target); });
})();
