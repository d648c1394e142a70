// Search as you type, inlined in every page by src/compiler/pages.rs. No framework, no assets.
//
// Every `form[data-search]` works without JavaScript (it submits to /search/). This script
// turns its query box into an ARIA 1.2 combobox with a listbox popup of guides from the API
// named in `data-search` (GET /v1/resources: q, category, limit, cursor):
// - typing searches after a short pause; the category select, if any, filters;
// - ArrowDown/ArrowUp move through the results, Enter opens the active one (or submits the
//   form when none is active), Escape closes the list (and drops a search still on its way,
//   which focus coming back runs again), then clears the box;
// - the last option, "More results", fetches the page at `nextCursor` and appends it;
// - a result shows its `snippet` when the API sends one (plain text in which matched words
//   are wrapped in <mark>...</mark>), else its description. Snippets are turned into text
//   nodes and <mark> elements, never parsed as HTML, so nothing else in them can become markup;
// - the help the results page (/search/) gives is given here too: the API's `suggestions` are
//   "Did you mean ...?" options above the results, each searching again for its correction,
//   and when nothing matches the list says what to try and offers the guide library
//   (`data-library` on the form).
(function () {
  "use strict";
  var LIMIT = 8;
  var PAUSE_MS = 150;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function appendMarked(parent, snippet) {
    var parts = snippet.split(/(<\/?mark>)/);
    var marked = false;
    for (var i = 0; i < parts.length; i++) {
      if (parts[i] === "<mark>") marked = true;
      else if (parts[i] === "</mark>") marked = false;
      else if (parts[i]) parent.append(marked ? element("mark", "", parts[i]) : document.createTextNode(parts[i]));
    }
  }

  function enhance(form) {
    var endpoint = form.getAttribute("data-search");
    var library = form.getAttribute("data-library");
    var input = form.querySelector("input[name=q]");
    var category = form.querySelector("select[name=category]");
    if (!endpoint || !input) return;
    var listId = input.id + "-results";
    var list = element("ul");
    list.id = listId;
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Matching guides");
    list.hidden = true;
    var status = element("p", form.classList.contains("compact") ? "status vh" : "status");
    status.setAttribute("role", "status");
    form.append(list, status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);

    var state = { options: [], nResults: 0, active: -1, query: null, cursor: null, request: 0, timer: 0, controller: null, pending: false, dropped: false };

    function open() {
      if (!list.children.length) return;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }

    // Closing also drops the search still pending or on its way, so its answer cannot reopen
    // a list the reader has just closed (Escape, or focus gone elsewhere); focus coming back
    // runs it again.
    function close() {
      clearTimeout(state.timer);
      if (state.controller) state.controller.abort();
      state.request++;
      state.dropped = state.dropped || state.pending;
      state.pending = false;
      setActive(-1);
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
    }

    function reset() {
      state.options = [];
      state.cursor = null;
      list.replaceChildren();
      status.textContent = "";
      close();
    }

    function setActive(idx) {
      state.active = idx;
      for (var i = 0; i < state.options.length; i++) {
        state.options[i].setAttribute("aria-selected", i === idx ? "true" : "false");
      }
      if (idx >= 0) {
        input.setAttribute("aria-activedescendant", state.options[idx].id);
        state.options[idx].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function addOption(option, extraClass) {
      option.setAttribute("role", "option");
      option.id = listId + "-" + list.children.length;
      option.setAttribute("aria-selected", "false");
      if (extraClass) option.className = extraClass;
      list.append(option);
      state.options.push(option);
    }

    function addResult(resource) {
      var option = element("li");
      option.setAttribute("data-href", resource.url);
      var text = element("span", "d");
      if (typeof resource.snippet === "string" && resource.snippet) appendMarked(text, resource.snippet);
      else text.textContent = resource.description || "";
      option.append(element("span", "t", resource.title), " ", element("span", "c", resource.category), text);
      addOption(option);
    }

    function show(page, appending) {
      var more = list.querySelector("[data-more]");
      if (more) {
        more.remove();
        state.options.pop();
      }
      if (!appending) {
        list.replaceChildren();
        state.options = [];
      }
      var firstNew = state.options.length;
      var suggestions = appending || !Array.isArray(page.suggestions) ? [] : page.suggestions;
      var none = !appending && page.results.length === 0;
      var q = typeof page.query === "string" ? page.query : "";
      // As on the results page: what to try when nothing matched, then "Did you mean".
      var help = "";
      if (none) {
        help = (q ? "No guides match \u201c" + q + "\u201d." : "No guides match.") +
          " Try fewer or different words" + (category && category.value ? ", another category" : "") +
          (library ? ", or browse the guide library." : ".");
        var notice = element("li", "", help);
        notice.setAttribute("role", "option");
        notice.setAttribute("aria-disabled", "true");
        notice.setAttribute("aria-selected", "false");
        notice.id = listId + "-none";
        list.append(notice);
      }
      // As on the results page: what a misspelt word was read as, above the results.
      var corrected = !appending && typeof page.correctedQuery === "string" ? page.correctedQuery : "";
      if (corrected && !none) {
        help = "Showing results for \u201c" + corrected + "\u201d.";
        var readAs = element("li", "", help);
        readAs.setAttribute("role", "option");
        readAs.setAttribute("aria-disabled", "true");
        readAs.setAttribute("aria-selected", "false");
        readAs.id = listId + "-corrected";
        list.append(readAs);
        // As on the results page: the query in double quotes, which the search takes as typed.
        var instead = element("li", "", "Search instead for ");
        instead.append(element("strong", "", q));
        instead.setAttribute("data-query", "\"" + q.replace(/["\u201c\u201d]/g, "").trim() + "\"");
        addOption(instead, "suggestion");
      }
      suggestions.forEach(function (suggestion) {
        if (typeof suggestion !== "string" || !suggestion) return;
        var option = element("li", "", "Did you mean ");
        option.append(element("strong", "", suggestion), "?");
        option.setAttribute("data-query", suggestion);
        addOption(option, "suggestion");
      });
      if (suggestions.length) {
        help += (help ? " " : "") + "Did you mean " + suggestions.join(" or ") + "?";
      }
      page.results.forEach(addResult);
      if (appending) state.nResults += page.results.length;
      else state.nResults = page.results.length;
      state.cursor = page.nextCursor || null;
      if (none && library) {
        var browse = element("li", "", "Browse the guide library");
        browse.setAttribute("data-href", library);
        addOption(browse, "more");
      }
      if (state.cursor) {
        var option = element("li", "", "More results");
        option.setAttribute("data-more", "");
        addOption(option, "more");
      }
      var n = state.nResults;
      var shown = n === 0 ? "" : n + (n === 1 ? " guide" : " guides") + " shown" + (state.cursor ? "; more available." : ".");
      status.textContent = shown && help ? shown + " " + help : shown || help;
      open();
      setActive(appending && firstNew < state.options.length ? firstNew : -1);
    }

    function fail(message) {
      reset();
      status.textContent = message;
    }

    function run(cursor) {
      var q = input.value.trim();
      var chosen = category ? category.value : "";
      if (!q && !chosen) {
        state.pending = false;
        reset();
        return;
      }
      if (!cursor) {
        var params = new URLSearchParams();
        if (q) params.set("q", q);
        if (chosen) params.set("category", chosen);
        params.set("limit", String(LIMIT));
        state.query = params.toString();
      }
      var url = endpoint + "?" + state.query + (cursor ? "&cursor=" + encodeURIComponent(cursor) : "");
      if (state.controller) state.controller.abort();
      var controller = new AbortController();
      state.controller = controller;
      var request = ++state.request;
      state.pending = true;
      fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.json().then(function (body) { return { ok: response.ok, body: body }; });
        })
        .then(function (answer) {
          if (request !== state.request) return;
          state.pending = false;
          if (!answer.ok) {
            fail(answer.body && answer.body.error ? answer.body.error.message : "The search failed.");
            return;
          }
          show(answer.body, Boolean(cursor));
        })
        .catch(function (error) {
          if (request !== state.request || error.name === "AbortError") return;
          state.pending = false;
          fail("Search is unavailable; press Enter to search on the results page.");
        });
    }

    function choose(option) {
      if (option.hasAttribute("data-more")) {
        run(state.cursor);
        return;
      }
      if (option.hasAttribute("data-query")) {
        input.value = option.getAttribute("data-query");
        run(null);
        return;
      }
      var href = option.getAttribute("data-href");
      if (href && /^https?:\/\//.test(href)) window.location.assign(href);
    }

    input.addEventListener("input", function () {
      clearTimeout(state.timer);
      state.pending = true;
      state.dropped = false;
      state.timer = setTimeout(function () { run(null); }, PAUSE_MS);
    });
    if (category) category.addEventListener("change", function () { run(null); });
    input.addEventListener("keydown", function (event) {
      var n = state.options.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!n) return;
        event.preventDefault();
        open();
        var down = event.key === "ArrowDown";
        var next = state.active < 0 ? (down ? 0 : n - 1) : (state.active + (down ? 1 : n - 1)) % n;
        setActive(next);
      } else if (event.key === "Enter") {
        if (!list.hidden && state.active >= 0) {
          event.preventDefault();
          choose(state.options[state.active]);
        }
      } else if (event.key === "Escape") {
        if (!list.hidden) {
          event.preventDefault();
          close();
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          reset();
        }
      }
    });
    input.addEventListener("focus", function () {
      if (!state.dropped) return open();
      state.dropped = false;
      run(null);
    });
    // Keep focus in the box while the pointer picks an option.
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var option = event.target.closest("[role=option]");
      if (option && option.getAttribute("aria-disabled") !== "true") choose(option);
    });
    form.addEventListener("focusout", function (event) {
      if (!form.contains(event.relatedTarget)) close();
    });
  }

  var forms = document.querySelectorAll("form[data-search]");
  for (var i = 0; i < forms.length; i++) enhance(forms[i]);
})();
