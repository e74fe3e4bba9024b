// Sorts a table of query results by a column when its header is pressed, and filters its rows
// by a text. The table is whole without this script; it only reorders and hides rows.
(function () {
  "use strict";
  function key(cell) {
    var sort = cell.getAttribute("data-sort");
    return sort !== null ? sort : cell.textContent.trim();
  }
  function compare(a, b) {
    var x = parseFloat(a), y = parseFloat(b);
    if (!isNaN(x) && !isNaN(y) && String(x) === a.replace(/\.0+$/, "") && String(y) === b.replace(/\.0+$/, "")) return x - y;
    return a.localeCompare(b, document.documentElement.lang || undefined, { numeric: true, sensitivity: "base" });
  }
  document.querySelectorAll("table[data-table-sort]").forEach(function (table) {
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
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var order = compare(key(a.cells[column]), key(b.cells[column]));
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
  document.querySelectorAll("input[data-table-filter]").forEach(function (input) {
    var figure = document.getElementById(input.getAttribute("data-table-filter"));
    var body = figure && figure.querySelector("tbody");
    if (!body) return;
    input.closest(".table-tools").classList.add("ready");
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      Array.prototype.forEach.call(body.rows, function (row) {
        var text = row.textContent.toLowerCase();
        row.hidden = !words.every(function (word) { return text.indexOf(word) >= 0; });
      });
    });
  });
})();
