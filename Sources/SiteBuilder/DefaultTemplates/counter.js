/*
 * ttsite counters: animates numbers whose final value is already in the page.
 *
 * HTML (written by ttsite from Counting.Counter; every attribute is required):
 *
 *   <span class="counter" data-counter="" data-from="0" data-to="34" data-duration="1.5"
 *         data-easing="easeOut" data-decimals="0" data-format="{value} %">34 %</span>
 *
 * The element holds only the final text, so the page is right with no script. While the
 * digits move, the script puts that final text into a visually hidden child (still read
 * by screen readers) and shows the moving digits in an aria-hidden child:
 *
 *   <span class="counter" data-counter=""…><span class="counter-final">34 %</span>
 *     <span class="counter-digits" aria-hidden="true">12 %</span></span>
 *
 * When the counter stops, ends or is reset, the element holds the final text alone again.
 * Styles are set through the CSSOM (allowed by a strict Content-Security-Policy).
 *
 * A counter starts when half of it is in view on a page that is shown (at once without
 * IntersectionObserver): one out of view, or on a tab in the background, holds its final
 * text until it is seen. It never moves under prefers-reduced-motion, and printing stops
 * every counter at its final text (the print style sheet shows that text too). element.counter = { start, pause, resume,
 * stop, reset, state }. Numbers are written with Intl.NumberFormat for the primary subtag
 * of the closest lang attribute, rounded half away from zero like the Swift side.
 * The curves and valueAt are Counting.Easing and Counter.value(at:) of the Swift module;
 * a Swift test loads this file in node and compares them.
 */
(function () {
  "use strict";

  // The seed's curves, written as products exactly as in Easing.swift.
  const easings = {
    none: (t) => t,
    linear: (t) => t,
    easeIn: (t) => t * t * t,
    easeOut: (t) => { const u = 1 - t; return 1 - u * u * u; },
    easeInOut: (t) => (t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1),
  };

  function ease(name, t) {
    const clamped = Number.isNaN(t) ? 0 : Math.min(Math.max(t, 0), 1);
    return (easings[name] || easings.none)(clamped);
  }

  // The value `seconds` after the start; exactly `to` at the end (Counter.value(at:)).
  function valueAt(c, seconds) {
    if (!(c.duration > 0) || seconds >= c.duration) return c.to;
    return c.from + (c.to - c.from) * ease(c.easing, Math.max(seconds, 0) / c.duration);
  }

  const formatters = {};
  function formatNumber(value, decimals, lang) {
    const language = (lang || "en").split(/[-_]/)[0].toLowerCase() || "en";
    const key = language + "/" + decimals;
    if (!formatters[key]) {
      const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
      try { formatters[key] = new Intl.NumberFormat(language, options); }
      catch (e) { formatters[key] = new Intl.NumberFormat("en", options); }
    }
    // A value that rounds to zero is written "0", never "-0".
    if (Math.abs(value) < 0.5 / Math.pow(10, decimals)) value = 0;
    return formatters[key].format(value);
  }

  function textFor(c, value, lang) {
    return c.format.split("{value}").join(formatNumber(value, c.decimals, lang));
  }

  // The counter an element describes, or null when an attribute is missing or wrong.
  function readCounter(el) {
    const number = (name) => {
      const text = el.getAttribute("data-" + name);
      return text === null || text.trim() === "" ? NaN : Number(text);
    };
    const c = {
      from: number("from"), to: number("to"), duration: number("duration"),
      easing: el.getAttribute("data-easing") || "none", decimals: number("decimals"),
      format: el.getAttribute("data-format") || "{value}",
    };
    const ok = isFinite(c.from) && isFinite(c.to) && c.duration >= 0 &&
      Number.isInteger(c.decimals) && c.decimals >= 0 && c.decimals <= 20;
    return ok ? c : null;
  }

  function attach(el, reducedMotion) {
    const c = readCounter(el);
    if (!c || el.counter) return;
    const finalText = el.textContent;
    const langHolder = el.closest("[lang]");
    const lang = (langHolder && langHolder.getAttribute("lang")) || document.documentElement.lang;
    // The state machine of CounterClock.swift.
    let state = "idle", elapsedBefore = 0, runningSince = 0, frame = 0, digits = null;
    const now = () => performance.now() / 1000;
    const elapsed = (at) => Math.min(elapsedBefore + (state === "running" ? Math.max(at - runningSince, 0) : 0), c.duration);

    function show(value) {
      if (!digits) {
        const hidden = document.createElement("span");
        hidden.className = "counter-final";
        hidden.textContent = finalText;
        Object.assign(hidden.style, {
          position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: "0",
          border: "0", overflow: "hidden", clip: "rect(0 0 0 0)", clipPath: "inset(50%)", whiteSpace: "nowrap",
        });
        digits = document.createElement("span");
        digits.className = "counter-digits";
        digits.setAttribute("aria-hidden", "true");
        el.textContent = "";
        el.appendChild(hidden);
        el.appendChild(digits);
      }
      digits.textContent = textFor(c, value, lang);
    }
    function showFinal() {
      cancelAnimationFrame(frame);
      digits = null;
      el.textContent = finalText;
    }
    function tick() {
      const at = now();
      if (state !== "running") return;
      if (elapsed(at) >= c.duration) { stop(); return; }
      show(valueAt(c, elapsed(at)));
      frame = requestAnimationFrame(tick);
    }
    function start() {
      if (reducedMotion) { stop(); return; }
      cancelAnimationFrame(frame);
      state = "running"; elapsedBefore = 0; runningSince = now();
      tick();
    }
    function pause() {
      if (state !== "running") return;
      const at = now();
      if (elapsed(at) >= c.duration) { stop(); return; }
      elapsedBefore = elapsed(at); state = "paused";
      cancelAnimationFrame(frame);
      show(valueAt(c, elapsedBefore));
    }
    function resume() {
      if (state !== "paused") return;
      state = "running"; runningSince = now();
      tick();
    }
    function stop() { state = "finished"; elapsedBefore = c.duration; showFinal(); }
    function reset() { state = "idle"; elapsedBefore = 0; showFinal(); }

    el.counter = { start, pause, resume, stop, reset, get state() { return state; } };
  }

  function init() {
    const reducedMotion = typeof matchMedia === "function" &&
      matchMedia("(prefers-reduced-motion: reduce)").matches;
    const elements = Array.from(document.querySelectorAll("[data-counter]"));
    elements.forEach((el) => attach(el, reducedMotion));
    if (reducedMotion) return;
    const counters = elements.filter((el) => el.counter);
    if (typeof IntersectionObserver !== "function") {
      counters.forEach((el) => el.counter.start());
      return;
    }
    // Seen but not started yet: the page was not shown (a tab in the background).
    const waiting = new Set();
    const startShown = () => {
      if (document.visibilityState === "hidden") return;
      waiting.forEach((el) => { if (el.counter.state === "idle") el.counter.start(); });
      waiting.clear();
    };
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        waiting.add(entry.target);
      });
      startShown();
    }, { threshold: 0.5 });
    counters.forEach((el) => observer.observe(el));
    document.addEventListener("visibilitychange", startShown);
    // A printed page shows every number as it is, never a moving one.
    const finish = () => {
      counters.forEach((el) => { if (el.counter.state !== "finished") el.counter.stop(); });
      waiting.clear();
      observer.disconnect();
    };
    window.addEventListener("beforeprint", finish);
    if (typeof matchMedia === "function") {
      const print = matchMedia("print");
      if (print.addEventListener) print.addEventListener("change", (event) => { if (event.matches) finish(); });
    }
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { easings, ease, valueAt, formatNumber, textFor };
  } else if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
    else init();
  }
})();
