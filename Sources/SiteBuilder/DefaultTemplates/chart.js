// Shows a chart's exact values where the pointer is, or where the arrow keys move to once the
// chart has the keyboard's focus. The values are the chart's own data table (in the <details>
// under it), so nothing is lost without this script; the SVG says where each row's point is
// along its axis (data-at on its g.chart-points, in viewBox units, or data-start, data-step
// and data-count where they are evenly spaced; a narrow frame maps the wide frame's with
// data-from and data-map; a scatter's and a bubble chart's also say where each is up the
// plot, data-y or data-map-y, and the pointer finds the nearest point in both axes). A rule
// marks the point (a calendar's cells, data-cells, are marked by the box alone, under the
// day's cell); a box beside it, which
// screen readers hear as a status, gives the row and each series's value.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function positions(svg) {
    var points = svg.querySelector("g.chart-points");
    if (!points) return null;
    var from = points.getAttribute("data-from");
    if (points.hasAttribute("data-start")) {
      var start = Number(points.getAttribute("data-start")), step = Number(points.getAttribute("data-step"));
      var all = [];
      for (var index = 0; index < Number(points.getAttribute("data-count")); index++) all.push(start + step * index);
      return all;
    }
    if (!from) return points.getAttribute("data-at").split(" ").map(Number);
    var title = document.getElementById(from + "-title");
    var source = title && title.closest("svg");
    var map = points.getAttribute("data-map").split(" ").map(Number);
    var at = source ? positions(source) : null;
    return at && at.map(function (x) { return map[0] * x + map[1]; });
  }

  // Where each row is up the plot, for points (scatter, bubbles): data-y, or the wide
  // frame's mapped by data-map-y; null for the other kinds.
  function heights(svg) {
    var points = svg.querySelector("g.chart-points");
    if (!points) return null;
    if (points.hasAttribute("data-y")) return points.getAttribute("data-y").split(" ").map(Number);
    var map = points.getAttribute("data-map-y"), from = points.getAttribute("data-from");
    var title = map && from && document.getElementById(from + "-title");
    var source = title && title.closest("svg");
    var at = source ? heights(source) : null;
    map = map && map.split(" ").map(Number);
    return at && at.map(function (y) { return map[0] * y + map[1]; });
  }

  function setUp(figure) {
    var table = figure.querySelector(".chart-data table");
    var frame = figure.querySelector(".chart-frame");
    if (!table || !frame || !table.tBodies[0]) return;
    var text = function (cell) { return cell.textContent.trim(); };
    var heads = Array.prototype.map.call(table.tHead.rows[0].cells, text);
    var rows = Array.prototype.map.call(table.tBodies[0].rows, function (row) { return Array.prototype.map.call(row.cells, text); });
    var tip = document.createElement("div");
    tip.className = "chart-tip";
    tip.setAttribute("role", "status");
    tip.hidden = true;
    frame.appendChild(tip);

    Array.prototype.forEach.call(frame.querySelectorAll("svg.chart"), function (svg) {
      var at = positions(svg);
      if (!at) return;
      // A panel of small multiples shows its rows of the one table, from data-first.
      var from = svg.querySelector("g.chart-points").getAttribute("data-first"), first = Number(from) || 0;
      if (from === null ? at.length !== rows.length : first + at.length > rows.length) return;
      var up = heights(svg);
      var across = svg.querySelector("g.chart-points").getAttribute("data-axis") === "y";
      var cells = svg.querySelector("g.chart-points").hasAttribute("data-cells");
      var box = svg.viewBox.baseVal;
      var rule = document.createElementNS(SVG, "line");
      rule.setAttribute("class", "chart-rule");
      rule.setAttribute("vector-effect", "non-scaling-stroke");
      rule.style.display = "none";
      svg.appendChild(rule);
      var current = -1;
      svg.setAttribute("tabindex", "0");

      function show(index) {
        if (index < 0 || index >= at.length || isNaN(at[index])) return;
        current = index;
        var p = at[index];
        rule.setAttribute(across ? "y1" : "x1", p);
        rule.setAttribute(across ? "y2" : "x2", p);
        rule.setAttribute(across ? "x1" : "y1", across ? box.x : box.y);
        rule.setAttribute(across ? "x2" : "y2", across ? box.x + box.width : box.y + box.height);
        rule.style.display = cells ? "none" : "";
        tip.textContent = "";
        var name = document.createElement("strong");
        var row = rows[first + index];
        name.textContent = row[0];
        tip.appendChild(name);
        for (var column = 1; column < row.length; column++) {
          tip.appendChild(document.createElement("br"));
          tip.appendChild(document.createTextNode((heads.length > 2 ? heads[column] + ": " : "") + row[column]));
        }
        tip.hidden = false;
        // Beside the point, inside the frame.
        var frameBox = frame.getBoundingClientRect(), svgBox = svg.getBoundingClientRect();
        var scale = across ? svgBox.height / box.height : svgBox.width / box.width;
        var offset = (across ? svgBox.top - frameBox.top : svgBox.left - frameBox.left) + (p - (across ? box.y : box.x)) * scale;
        if (across) {
          tip.style.left = "";
          tip.style.top = Math.max(0, Math.min(frameBox.height - tip.offsetHeight, offset - tip.offsetHeight / 2)) + "px";
        } else {
          // A cell's box stands under its row, a cell lower.
          tip.style.top = cells ? (svgBox.top - frameBox.top + (up[index] - box.y + 12) * scale) + "px" : "";
          tip.style.left = Math.max(0, Math.min(frameBox.width - tip.offsetWidth, offset - tip.offsetWidth / 2)) + "px";
        }
      }

      function hide() {
        rule.style.display = "none";
        tip.hidden = true;
      }

      function nearest(event) {
        var matrix = svg.getScreenCTM();
        if (!matrix) return -1;
        var point = svg.createSVGPoint();
        point.x = event.clientX;
        point.y = event.clientY;
        var local = point.matrixTransform(matrix.inverse());
        var target = across ? local.y : local.x, best = -1, distance = Infinity;
        for (var index = 0; index < at.length; index++) {
          // Points: the nearest in both axes; else along the x axis.
          var d = up && !isNaN(up[index]) ? Math.hypot(at[index] - target, up[index] - local.y) : Math.abs(at[index] - target);
          if (d < distance) { distance = d; best = index; }
        }
        return best;
      }

      svg.addEventListener("pointermove", function (event) { show(nearest(event)); });
      svg.addEventListener("pointerleave", function () { if (document.activeElement !== svg) hide(); });
      svg.addEventListener("focus", function () { show(current < 0 ? 0 : current); });
      svg.addEventListener("blur", hide);
      svg.addEventListener("keydown", function (event) {
        var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        // Right to left, the right arrow goes back.
        if (step && !across && getComputedStyle(svg).direction === "rtl" && (event.key === "ArrowRight" || event.key === "ArrowLeft")) step = -step;
        if (step) show(Math.max(0, Math.min(at.length - 1, current + step)));
        else if (event.key === "Home") show(0);
        else if (event.key === "End") show(at.length - 1);
        else if (event.key === "Escape") hide();
        else return;
        event.preventDefault();
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("figure.chart-block"), setUp);
  // The charts an input's choice brought in (input.js).
  document.addEventListener("ttsite:swapped", function (event) {
    Array.prototype.forEach.call(event.target.querySelectorAll("figure.chart-block"), setUp);
  });
})();
